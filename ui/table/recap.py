"""What happened since the person's last turn: one whole line per turn in the
info area (#recap), and the melds those turns made or grew marked on the table.

A part of the table (ui/table/table.py). Every move that lands is kept as a
step, ``(action, seat, before, after)`` in the shown seat's views, from the
start of that seat's last turn on (``session.steps``; game.words.narrate
groups and words them); the steps belong to one game's deal and are dropped
when another starts. ``turns_since`` is what the hand-off shows in place of
the hand.
"""

from game.errors import StateError
from game.runs import replay
from game.words import narrate
from ui.core.table_view import page_view
from ui.table import board_view as V


def turns_since(s):
    """The turns since the shown seat's last turn (or that turn, while it is the last)."""
    if s.state is None or s.steps_key != (s.game_id, s.state.deal):
        return []
    return narrate.since_last_turn(s.steps, s.seat)


def changed_melds(s):
    """{meld id: "new" or cards added} by the others' turns since the person's last
    action; nothing once the person has acted."""
    shown = turns_since(s)
    if not shown or shown[-1][0] == s.seat:
        return {}
    return narrate.changed_melds([step for _, turn in shown for step in turn])


class Recap:
    def __init__(self, session, page):
        self.session, self.page = session, page
        self.reveal_theirs = False  # the other sides' changed melds are to be scrolled into view
        self.fold_theirs = False    # ... and folded again at the person's next action

    def record(self, landed):
        """Keep a move's step, and the turns from the person's last one on (a move
        that begins a deal starts them afresh)."""
        s = self.session
        key = (s.game_id, landed.after["deal"])
        if landed.new_deal:
            s.steps, s.steps_key = [], key
            return
        steps = list(s.steps) if s.steps_key == key else []
        grouped = narrate.turns(steps + [tuple(landed)])
        mine = [i for i, (who, _) in enumerate(grouped) if who == s.seat]
        s.steps = [step for _, turn in grouped[mine[-1] if mine else 0:] for step in turn]
        s.steps_key = key
        if landed.seat == s.seat and self.fold_theirs:  # their changes are no longer marked
            s.theirs_open = self.fold_theirs = False

    def restore(self, steps=None):
        """The steps of a game just put on the table: ``steps`` if the room that
        brought it has them, else rebuilt from its log (a reload or a resumed
        save shows the same recap and marks as before)."""
        s = self.session
        try:
            s.steps = steps if steps is not None else replay.since_turn_of(
                s.state, s.seat, lambda st, seat: page_view(st, seat, log=False))
        except StateError:  # a position built by hand: no recap until the next move
            s.steps = []
        s.steps_key = (s.game_id, s.state.deal)
        if s.state.to_move() == s.seat:
            self.unfold_their_changes()

    def unfold_their_changes(self):
        """At the person's turn, the other sides' melds unfold if the turns since
        theirs changed one, until the person's first action takes the marks
        off (after a tap on the strip, they stay as the person leaves them)."""
        s = self.session
        mine = {m.id for m in s.state.sides[s.state.side_of(s.seat)].melds}
        if set(changed_melds(s)) - mine:
            s.theirs_open = self.reveal_theirs = self.fold_theirs = True

    def toggle_theirs(self):
        """A tap on their strip: the person's choice stands."""
        self.session.theirs_open = not self.session.theirs_open
        self.fold_theirs = False

    def reveal_their_change(self):
        """Once the other sides' melds unfold by themselves, a changed meld of
        theirs is scrolled into view (on a phone the melds area shows yours first)."""
        if self.reveal_theirs:
            self.page.reveal("#their-melds .meld.changed")
            self.reveal_theirs = False

    def draw(self):
        if self.session.since:  # the turns show in full in place of the hand (ui/handoff)
            self.page.mount("recap", [])
            return
        lines, brief = V.recap_lines(turns_since(self.session))
        if not lines:  # a deal's start: its first line
            lines = self.session.log[-1:]
        self.page.mount("recap", V.recap(lines))
        self.page.set_attrs("recap", {"data-brief": "1" if brief else "0"})
