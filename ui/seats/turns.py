"""Whose turn it is, asked of the seat: the turn driver of the table.

After every move that lands (the ``landed`` signal) and whenever a game
comes to the table, if a seat other than the shown one is to move, one
asyncio task asks that seat's kind to take its turn (``KINDS``, by
ui.seats.seating.seating.kind): a bot thinks and moves at the settings' pace
(ui/seats/bot_seat.py); another person at this phone gets the hand-off
(ui/seats/person_seat.py). Each kind says whether the driver goes on to
the next seat. The task stops at the shown seat's turn (``your_turn``), at
the end of a deal, when the game leaves the table (``session.game_id``
changes) and where a kind stops it. A new kind of seat is a module with
``take_turn`` and a line in ``KINDS``.
"""

import asyncio

from ui.core.commands import Feature
from ui.seats import seating
from ui.seats.bot_seat import BotSeat
from ui.seats.friend_seat import FriendSeat
from ui.seats.person_seat import PersonSeat

KINDS = {"person": PersonSeat, "bot": BotSeat, "friend": FriendSeat}


class Turns(Feature):
    def __init__(self, app):
        super().__init__(app)
        self.kinds = {name: kind(app) for name, kind in KINDS.items()}
        self.signals.on("on_table", self.on_table)
        self.signals.on("landed", lambda _record: self.start())
        self.signals.on("left", self.stop)

    def on_table(self, _opened):
        self.session.busy = False
        self.start()

    def stop(self):
        self.session.busy = False

    def start(self):
        """Ask the seat to move, if it is not the one the page shows."""
        s = self.session
        mover = s.state.to_move()
        if mover is not None and mover != s.seat and not s.busy:
            s.busy = True
            asyncio.ensure_future(self.run())

    async def run(self):
        """Each seat in turn until the shown seat's turn, or a seat that stops the run."""
        s = self.session
        game_id = s.game_id
        try:
            while s.state is not None and s.state.to_move() not in (None, s.seat):
                mover = s.state.to_move()
                if not await self.kinds[seating.kind(s.state, mover, s.via)].take_turn(mover, game_id):
                    break
                if s.game_id != game_id:  # the player left this game
                    return
        except Exception as e:  # a bot bug must not freeze the table
            self.app.say(f"A bot failed: {type(e).__name__}: {e}")
            self.page.console_error(s.message)
        finally:
            if s.game_id == game_id:
                s.busy = False
                self.signals.emit("still")
                game_id = s.game_id  # the lesson's next position may be on the table now
        if s.game_id == game_id and s.state is not None:
            if s.state.to_move() == s.seat:
                self.app.motion.cue("turn")
                self.signals.emit("your_turn")
            self.app.render()
