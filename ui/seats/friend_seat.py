"""A seat played on another phone (a game across phones, ui/linked): the
turn driver stops there, and the table's bar offers the link to send."""


class FriendSeat:
    def __init__(self, app):
        self.app = app

    async def take_turn(self, seat, game_id):
        return False
