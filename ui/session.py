"""The page's session: what is on the table and what the page shows, declared once.

The controller and each feature (ui/games.py, ui/tutorial.py, ...) read and
write these fields; a feature's own state stays in the feature. A game is
put on the table only by ui.controller.Controller.put_on_table, which sets
every field a new game resets.
"""

from collections import Counter
from dataclasses import dataclass, field

from ui.selection import Selection
from ui.text import HUMAN


@dataclass
class Session:
    seat: int = HUMAN            # the seat whose view the page shows
    # the game on the table
    state: object = None         # its game.GameState, or None
    log: list = field(default_factory=list)   # the deal's lines so far (the Log panel completes them)
    slot: str = None             # its save slot (ui.saves), None until saved
    keep: bool = True            # saved as one of the player's games (a lesson's is not)
    game_id: int = 0             # bumps on each game put on the table or left: stale bot loops stop
    hints_used: list = field(default_factory=list)  # this game's hints, a count per seat, saved with it (ui/learn.py)
    # the turn
    sel: Selection = field(default_factory=Selection)  # selected cards and staged melds
    snapshot: tuple = None       # (state JSON, log length, fresh) after this turn's draw: Undo
    changed: bool = False        # something to undo since the snapshot
    fresh: Counter = field(default_factory=Counter)    # cards drawn or taken this turn, marked on the chips
    fresh_game: int = None       # the game_id they belong to
    busy: bool = False           # the bots are moving
    # several people on one phone (ui/handoff.py)
    handoff: int = None          # the person the phone is to go to: the hand-off screen shows
    since: bool = False          # the turns since the shown seat's last one show in place of the hand
    # the page
    screen: str = "setup"        # setup, table, games, rules, replay or stats
    shown: str = None            # the screen last drawn ("sheet" for the table between deals)
    message: str = ""            # a refusal or a problem, until the next tap
    shown_meld: int = None       # id of the meld whose cards are shown
    theirs_open: bool = False    # the other sides' melds unfolded
    hint: bool = True            # the hand's gesture hint, until a long press is used
    refocus: str = None          # the control to focus after the next render
