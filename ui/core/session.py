"""The page's session: what is on the table and what the page shows, one
typed state with a comment on every field and one owner for each.

Every room may read any field; only the owner writes it (the module or
room named in the field's ``owner``; tests/test_rooms.py checks every
assignment and every call that changes a field in place). A game is put on
the table only by ui.core.board.Board.put_on_table, which sets the board's
fields and tells every other owner (the ``on_table`` signal) to reset its own.
"""

from collections import Counter
from dataclasses import dataclass, field

from ui.core.selection import Selection
from ui.core.text import HUMAN

# the owners: a module, or a room's package (any of its modules)
BOARD, GAMES, LEARN, TABLE, SEATS, HANDOFF, FRIENDS, PAGE = (
    "ui.core.board", "ui.games", "ui.learn", "ui.table", "ui.seats", "ui.handoff", "ui.linked",
    "ui.controller")


def owned(owner, default=None, factory=None):
    """A field written only by ``owner`` (a module, or a room's package)."""
    if factory is not None:
        return field(default_factory=factory, metadata={"owner": owner})
    return field(default=default, metadata={"owner": owner})


@dataclass
class Session:
    # the game on the table
    seat: int = owned(BOARD, HUMAN)       # the seat whose view the page shows
    state: object = owned(BOARD)          # its game.GameState, or None
    lesson: bool = owned(BOARD, False)    # a lesson's game: never saved, never reviewed (ui/lesson)
    game_id: int = owned(BOARD, 0)        # bumps on each game put on the table or left: stale work stops
    slot: str = owned(GAMES)              # its save slot (ui.core.saves), None until saved
    via: object = owned(FRIENDS)          # a game across phones: its game.friends.record.Friends, which moves it
    hints_used: list = owned(LEARN, factory=list)  # its hints, a count per seat, saved with it
    log: list = owned(TABLE, factory=list)  # the deal's lines so far (the Log panel completes them)
    # the turn
    sel: Selection = owned(TABLE, factory=Selection)  # selected cards and staged melds
    snapshot: tuple = owned(TABLE)        # (state JSON, or a game across phones' unsent moves, log length, fresh,
    #                                       moves landed) after this turn's draw: Undo
    changed: bool = owned(TABLE, False)   # something to undo since the snapshot
    fresh: Counter = owned(TABLE, factory=Counter)  # cards drawn or taken this turn, marked on the chips
    fresh_game: int = owned(TABLE)        # the game_id they belong to
    steps: list = owned(TABLE, factory=list)  # the recap's steps from the shown seat's last turn on (ui/table/recap.py)
    steps_key: tuple = owned(TABLE)       # (game id, deal) the steps belong to
    busy: bool = owned(SEATS, False)      # the bots are moving
    # several people on one phone
    handoff: int = owned(HANDOFF)         # the person the phone is to go to: the hand-off screen shows
    since: bool = owned(HANDOFF, False)   # the turns since the shown seat's last one show in place of the hand
    shown_view: dict = owned(HANDOFF)     # a past view the table shows (their moves replayed), else None
    # the page
    screen: str = owned(PAGE, "setup")    # setup, table, games, rules, replay or stats
    shown: str = owned(PAGE)              # the screen last drawn ("sheet" for the table between deals)
    message: str = owned(PAGE, "")        # a refusal or a problem, until the next tap
    shown_meld: int = owned(TABLE)        # id of the meld whose cards are shown
    theirs_open: bool = owned(TABLE, False)  # the other sides' melds unfolded
    hint: bool = owned(TABLE, True)       # the hand's gesture hint, until a long press is used
    refocus: str = owned(TABLE)           # the control to focus after the next render
