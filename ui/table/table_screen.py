"""The table drawn in the shown seat's view: what they may do now, then each region.

A part of the table (ui/table/table.py). The view is the shown seat's page
view (ui.core.table_view.page_view), or the past one the hand-off replays
(``session.shown_view``). Which controls the engine refuses now is
ui/table/refusals.py's; after the regions are drawn, the ``drawn`` signal
lets the rooms with marks or panels on the table draw them (the hint, the
hand-off's kept panel), and the score sheet gathers the parts other rooms
add to it (``sheet_parts``).
"""

from collections import Counter
from typing import NamedTuple

import game
from game.moves import meld_targets
from game.names import Phase
from game.words import narrate
from ui.core import text as T
from ui.core.html import h
from ui.core.table_view import page_view
from ui.seats import seating
from ui.table import bar_view, board_view, hand_view, sheet_view
from ui.table.recap import changed_melds
from ui.table.refusals import refusals
from ui.table.turn import fresh_in_hand

LOG_LINES = 4


class TurnNow(NamedTuple):
    """What the shown seat may do at this render."""
    mine: bool             # their turn, no bot moving
    playing: bool          # ... and in the play phase
    selected: list         # the cards selected in the hand
    targets: list          # ids of the melds the selection can join
    refused: dict          # each control's refusal on their turn (ui.table.refusals), else {}


class TableScreen:
    def __init__(self, app, recap):
        self.app, self.session, self.page, self.signals = app, app.session, app.page, app.signals
        self.recap = recap
        self.shown_targets = ()  # the melds the selection could join at the last render

    def draw(self):
        focus = self.page.focused_id()
        s = self.session
        v = s.shown_view or page_view(s.state, s.seat, log=False)
        now = self.turn_now(v)
        self.draw_status(v)
        self.draw_board(v, now)
        if not s.since:  # else the turns since theirs show in place of the hand (ui/handoff)
            self.draw_hand(v, now)
        else:
            self.page.mount("hand-head", [])
        self.draw_sheet(v)
        if not s.since:
            self.draw_bar(v, now)
        self.show_screen(v)
        self.recap.reveal_their_change()  # once the table shows: a hidden element cannot scroll into view
        self.reveal_targets(now.targets)
        self.signals.emit("drawn", v)
        self.page.focus(s.refocus or focus)  # a rebuilt control gets the focus back, or the one asked for
        s.refocus = None

    def turn_now(self, v):
        """What the shown seat's controls depend on: the selection, and (on
        their turn to play) what the engine would accept."""
        s = self.session
        mine = v["to_move"] == s.seat and not s.busy
        playing = mine and v["phase"] == Phase.PLAY
        selected = s.sel.selected_cards(v["hand"])
        if not (mine and v["phase"] in Phase.TURN):
            return TurnNow(mine, playing, selected, [], {})
        seen = game.observe(s.state, s.seat)
        targets = meld_targets(seen, selected, s.sel.staged) if playing else []
        return TurnNow(mine, playing, selected, targets, refusals(seen, s.seat, s.sel, v))

    def reveal_targets(self, targets):
        """A selection that can join melds of the person's side brings one of them
        into view, once per new set of such melds (the melds area may show
        the other sides' melds, or the far end of a long row of the person's)."""
        targets = tuple(targets)
        if targets and targets != self.shown_targets:
            self.page.reveal("#meld-scroll .side.mine .meld.target")
        self.shown_targets = targets

    def draw_status(self, v):
        """Scores, the turn's prompt, what happened since your last turn, the last
        lines of the log and a refusal."""
        s, page = self.session, self.page
        page.mount("scores", board_view.scores(v))
        mover = v["to_move"]
        if mover is not None and mover != s.seat and seating.kind(s.state, mover, s.via) == "friend":
            prompt = f"Waiting for {narrate.seat_name(v, mover)} (on their phone)."
        elif s.busy and mover not in (s.seat, None):
            prompt = f"{narrate.seat_name(v, mover)} is playing…"
        else:
            prompt = T.turn_prompt(v)
        page.mount("status", prompt)
        self.recap.draw()
        page.mount("log", [h("li", None, line) for line in s.log[-LOG_LINES:]])
        page.mount("message", s.message)

    def draw_board(self, v, now):
        """The seats, the melds (those the selection can join lit) and the piles."""
        s = self.session
        self.page.mount("seats", board_view.seats(v))
        self.page.mount("melds", board_view.meld_area(
            v, [] if s.since else s.sel.staged, adding=bool(now.selected), targets=now.targets,
            theirs_open=s.theirs_open, shown_meld=s.shown_meld, changed=changed_melds(s)))
        self.page.mount("piles", board_view.piles(v))

    def draw_hand(self, v, now):
        """The hand's chips (cards new this turn marked) and the tools above them."""
        s = self.session
        hand = v["hand"]
        fresh = fresh_in_hand(s, hand) if now.playing else Counter()
        self.page.mount("hand-head", hand_view.hand_head(
            len(hand), can_stage=bool(now.selected) and v["to_move"] == s.seat,
            can_clear=bool(now.selected) or bool(s.sel.staged)))
        self.page.mount("hand", hand_view.hand(s.sel.groups(hand), fresh=fresh,
                                               hint=s.hint and v["to_move"] == s.seat))

    def draw_sheet(self, v):
        """The score sheet, between deals, with the parts other rooms add (the coach, replays)."""
        s = self.session
        winners = game.winner(s.state) if v["phase"] == Phase.GAME_END else []
        parts = self.signals.gather("sheet_parts", v)
        self.page.mount("sheet", sheet_view.sheet(seating.shared(s.state, v), winners, parts, s.state.rules))

    def draw_bar(self, v, now):
        s = self.session
        instead = [bar for bar in self.signals.gather("bar_instead", v) if bar is not None]
        if instead:
            self.page.mount("actions", instead[0])
            return
        self.page.mount("actions", bar_view.actions(
            v, selected=now.selected, has_staged=bool(s.sel.staged),
            can_undo=s.snapshot is not None and s.changed and now.mine,
            can_knock=now.playing and now.refused.get("knock") is None, busy=s.busy, refusals=now.refused))

    def show_screen(self, v):
        """The table or the score sheet (scrolled to the top on a change), and
        the table's data-* figures the layout and the tests read."""
        s = self.session
        screen = "sheet" if v["phase"] in (Phase.DEAL_END, Phase.GAME_END) else "table"
        if screen != s.shown:
            self.page.scroll_to_top()
        self.app.mark_screen(screen)
        self.page.set_attrs("table", {
            "data-phase": v["phase"], "data-to-move": "" if v["to_move"] is None else v["to_move"],
            "data-busy": "1" if s.busy else "0", "data-deal": v["deal"],
            "data-yours": "1" if v["to_move"] == s.seat and not s.busy else "0",
            "data-hand-count": len(v["hand"]),
            "data-opened": "1" if v["sides"][v["my_side"]]["opened"] else "0",
            "data-took-pile": "1" if v["took_pile"] else "0", "data-staged": len(s.sel.staged),
            "data-message": "1" if s.message else "0"})
