"""The game on the table, and the one path every move takes onto it.

``land`` is the move pipeline: every move that lands (a person's, a bot's,
the next deal, and one read from elsewhere) goes through it. It applies
the action through the engine (a refused one raises game.IllegalMove and
changes nothing) and publishes one ``Landed`` record: the action, the seat
that made it, and the shown seat's page views before and after (the after
view holds the action's events, game/events.py, and a bot's reason for it,
game/words/reasons.py). The deal's log, the recap, the motion, the autosave
(and after it the statistics) and the turn driver subscribe to the
``landed`` signal; nothing else hands a move on. ``put_on_table`` is the
one way a game comes to the table; every room resets its own fields on the
``on_table`` signal it publishes.
"""

from typing import NamedTuple

import game
from game.words.reasons import said, with_said
from ui.core.table_view import page_view
from ui.seats import seating


class Landed(NamedTuple):
    """One move that landed, as the seat the page shows saw it."""
    action: dict
    seat: int        # who moved (a next deal: the shown seat, who tapped it)
    before: dict     # the shown seat's page view before it
    after: dict      # ... and after it, with its events

    @property
    def new_deal(self):
        """The move began another deal (a fresh table: nothing of the last one carries over)."""
        return self.before["deal"] != self.after["deal"]


class OnTable(NamedTuple):
    """How a game came to the table, for each room to reset its own fields."""
    log: list        # the deal's lines so far
    slot: str        # its save slot: None for a new game or a lesson's (a saved one's recap is rebuilt)
    hints: object    # a save's hints per seat (ui.seats.seating.seating.hint_counts reads it)
    pending: dict    # the turn's choices a save kept (ui.core.saves.pending_checked), {} if none
    steps: list = None  # the recap's steps since the shown seat's last turn, where the room that
    #                     brings the game has them (a game across phones); else rebuilt from the log


class Board:
    def __init__(self, session, signals):
        self.session, self.signals = session, signals

    def land(self, action, seat):
        """Apply ``action`` for ``seat`` and publish what it did; the Landed record."""
        s = self.session
        before = page_view(s.state, s.seat, log=False)
        words = said(s.state, s.state.to_move(), action)
        if s.via is not None:  # a game across phones: its record keeps the move for the next link
            s.via.play(action)
        else:
            game.apply(s.state, action)
        record = Landed(action, seat, before, with_said(page_view(s.state, s.seat, log=False), words))
        self.signals.emit("landed", record)
        return record

    def put_on_table(self, state, log, *, slot=None, lesson=False, hints=None, pending=None, steps=None):
        """A game on the table (a new one, a saved one, a lesson's), shown from the
        seat a save kept, else the first person's; then every room resets."""
        s = self.session
        pending = pending or {}
        s.seat = pending.get("seat", seating.first(state))
        s.state, s.lesson = state, lesson
        s.game_id += 1
        self.signals.emit("on_table", OnTable(list(log), slot, hints, pending, steps))

    def rewind(self, state):
        """The same game at an earlier position (Undo): nothing else resets."""
        self.session.state = state

    def leave_table(self):
        """Whatever runs for the game at the table stops (it may be picked up again)."""
        self.session.game_id += 1
        self.signals.emit("left")

    def clear_table(self):
        """No game on the table (it stays saved, if it was)."""
        self.session.state = None
        self.leave_table()

    def show_seat(self, seat):
        """The page shows ``seat``'s view from now on (the phone changed hands)."""
        self.session.seat = seat
        self.signals.emit("seat_shown", seat)
