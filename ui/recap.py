"""What happened since the person's last turn: one whole line per turn in the
info area (#recap), and the melds those turns made or grew marked on the table.

A feature of ui.controller.Controller (ui.commands.Feature). Every action the
table applies is kept as a step, ``(action, seat, before, after)`` in the
shown seat's views, from the start of that seat's last turn on
(game.words.narrate groups and words them); the steps belong to one game's deal
and are dropped when another starts.
"""

from game.errors import StateError
from game.runs import replay
from game.words import narrate
from ui import render
from ui.commands import Feature
from ui.table_view import page_view


class Recap(Feature):
    def __init__(self, app):
        super().__init__(app)
        self.steps = []         # the steps from the shown seat's last turn on
        self.steps_key = None   # (game id, deal) the steps belong to
        self.reveal_theirs = False  # the other sides' changed melds are to be scrolled into view
        self.fold_theirs = False    # ... and folded again at the person's next action

    def record_step(self, action, seat, before, after):
        """Keep a step, and the turns from the person's last one on."""
        key = (self.session.game_id, after["deal"])
        steps = list(self.steps) if self.steps_key == key and before["deal"] == after["deal"] else []
        grouped = narrate.turns(steps + [(action, seat, before, after)])
        mine = [i for i, (who, _) in enumerate(grouped) if who == self.session.seat]
        self.steps = [step for _, turn in grouped[mine[-1] if mine else 0:] for step in turn]
        self.steps_key = key
        if seat == self.session.seat and self.fold_theirs:  # their changes are no longer marked
            self.session.theirs_open = self.fold_theirs = False

    def cut(self, count):
        """Keep the first ``count`` steps (an undo: ui.controller.Controller.do_undo)."""
        self.steps = self.steps[:count]

    def restore_steps(self):
        """The steps of a game just put on the table, rebuilt from its log (a
        reload or a resumed save shows the same recap and marks as before)."""
        s = self.session
        try:
            self.steps = replay.since_turn_of(s.state, s.seat, lambda st, seat: page_view(st, seat, log=False))
        except StateError:  # a position built by hand: no recap until the next move
            self.steps = []
        self.steps_key = (s.game_id, s.state.deal)
        if s.state.to_move() == s.seat:
            self.unfold_their_changes()

    def recap_turns(self):
        """The turns since the person's last turn (or that turn, while it is the last)."""
        s = self.session
        if s.state is None or self.steps_key != (s.game_id, s.state.deal):
            return []
        return narrate.since_last_turn(self.steps, s.seat)

    def changed_melds(self):
        """{meld id: "new" or cards added} by the others' turns since the person's last
        action; nothing once the person has acted."""
        shown = self.recap_turns()
        if not shown or shown[-1][0] == self.session.seat:
            return {}
        return narrate.changed_melds([step for _, turn in shown for step in turn])

    def unfold_their_changes(self):
        """At the person's turn, the other sides' melds unfold if the turns since
        theirs changed one, until the person's first action takes the marks
        off (after a tap on the strip, they stay as the person leaves them)."""
        s = self.session
        mine = {m.id for m in s.state.sides[s.state.side_of(s.seat)].melds}
        if set(self.changed_melds()) - mine:
            s.theirs_open = self.reveal_theirs = self.fold_theirs = True

    def reveal_their_change(self):
        """Once the other sides' melds unfold by themselves, a changed meld of
        theirs is scrolled into view (on a phone the melds area shows yours first)."""
        if self.reveal_theirs:
            self.page.reveal("#meld-scroll .side.theirs .meld.changed")
            self.reveal_theirs = False

    def draw_recap(self):
        if self.session.since:  # the turns show in full in place of the hand (ui/handoff.py)
            self.page.mount("recap", [])
            return
        lines, brief = render.recap_lines(self.recap_turns())
        if not lines:  # a deal's start: its first line
            lines = self.session.log[-1:]
        self.page.mount("recap", render.recap(lines))
        self.page.set_attrs("recap", {"data-brief": "1" if brief else "0"})
