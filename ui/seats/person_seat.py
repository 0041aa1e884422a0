"""A seat played by a person at this phone, when another seat is shown.

Its turn comes after someone else's move: that move lands (seen where it
landed at any pace but instant), then the hand-off screen shows for this
person (the ``hand_off`` signal, ui/handoff) and the turn driver stops. The
shown seat's own turn never asks here: the driver stops at it.
"""

import asyncio


class PersonSeat:
    def __init__(self, app):
        self.session, self.signals, self.motion = app.session, app.signals, app.motion

    async def take_turn(self, seat, game_id):
        await self.motion.finished()
        if self.motion.pace()[0]:
            await asyncio.sleep(0.3)  # the last card is seen where it landed
        s = self.session
        if s.game_id == game_id and s.state.to_move() == seat:
            self.signals.emit("hand_off", seat)
        return False
