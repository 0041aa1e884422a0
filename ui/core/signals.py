"""The signals the page's rooms talk through, declared once.

A room (the table, the hand-off, the lesson, ...) never calls another
room's methods nor writes a field another room owns (ui/core/session.py).
It says what happened by emitting one of the signals below; the rooms that
care subscribe when they are built, in the order ui/controller.py builds
them, and are called in that order. A query (``gather``) collects what each
subscriber returns, for a screen that other rooms add parts to.
tests/test_rooms.py checks that every signal emitted, subscribed to or
gathered is one of these.
"""

SIGNALS = {
    # the game on the table (ui/core/board.py)
    "landed": "a move landed: one ui.core.board.Landed record, whoever made it",
    "on_table": "a game was put on the table: one ui.core.board.OnTable record",
    "left": "the game left the table: whatever runs for it stops",
    "seat_shown": "the page now shows another seat's view (the phone changed hands)",
    # the seats (ui/seats/)
    "hand_off": "another person at this phone is to move (their seat): the hand-off shows",
    "your_turn": "the bots stopped at the shown seat's turn",
    "still": "the bots stopped moving: the table is still",
    # requests from one room to the room that owns the thing
    "play": "a move of the shown seat asked for by another room (the hint's Do it)",
    "save": "the game changed outside a move (force: save even if only its hints did)",
    "saved": "the game on the table was saved",
    "alert": "a problem for the games screen's alert box (one sentence)",
    "locked": "the table left the page for the hand-off screen",
    "dismiss": "Escape with no panel open: the topmost thing open on the table closes",
    # after the table is drawn, and the parts other rooms add to it
    "drawn": "the table was drawn (the shown view): rooms with marks or panels on it draw them",
    "sheet_parts": "query: a ui.table.sheet_view.SheetParts each room adds to the score sheet",
    "bar_instead": "query: the action bar a room shows in place of the turn's (a game waiting for a link), or None",
    "games_parts": "query: a section a room adds to the games screen (its games), or None",
    "friends_host": "the new-game screen's game has friends at it: (rules, names, seats) for ui/linked",
}


class Signals:
    """Subscribers by signal; an undeclared name is an error at once."""

    def __init__(self):
        self.subscribers = {name: [] for name in SIGNALS}

    def on(self, name, fn):
        self._check(name)
        self.subscribers[name].append(fn)

    def emit(self, name, *args):
        self._check(name)
        for fn in list(self.subscribers[name]):
            fn(*args)

    def gather(self, name, *args):
        """What each subscriber of the query ``name`` returns, in order."""
        self._check(name)
        return [fn(*args) for fn in list(self.subscribers[name])]

    @staticmethod
    def _check(name):
        if name not in SIGNALS:
            raise ValueError(f"{name!r} is not a declared signal")
