"""Replays of finished deals: a room of the page (ui.core.commands.Feature).

A replay works on its own copy of a game (the one at the table, or one
loaded from the games list) and on positions rebuilt by game.runs.replay, so
nothing done here can change a game: the session's state, slot and save
are never touched. Reached from the score sheet (each deal) and the games
list; Close goes back to where it was opened from. From a replay the same
deal can be played again (game.runs.replay.same_deal): a new game, saved with
the original deal's scores, compared on its score sheet. With one person,
they choose the seat whose cards to hold; with several (pass-and-play),
everyone keeps their seat and is dealt the same cards again. A replay shows
the deal as the session's seat saw it (a saved game's first person's, if
it is not the game at the table).
"""

import game
from game.runs.replay import DealReplay, finished_deals, same_deal, seen
from game.words import narrate
from ui.core.commands import Feature, command, screen
from ui.core.saves import FULL_NEW, SaveError, StorageFull
from ui.replays import replays_view as view
from ui.seats import seating as P
from ui.table.sheet_view import SheetParts


class Replaying:
    """One replay on screen: the game's copy, the deal's positions, the step shown."""

    def __init__(self, state, slot, deal, back, seat):
        self.state = state
        self.slot = slot
        self.seat = seat  # the seat whose view it shows
        self.back = back
        self.open_hands = False
        self.offer = False  # the seats to play the deal again from, unfolded
        self.choose(deal)

    def choose(self, deal):
        self.deal = deal
        self.replay = DealReplay(self.state, deal)
        self.index = 0

    def line(self):
        """The move that led to the position shown, in the table log's words."""
        if self.index == 0:
            dealer = game.view(self.replay.positions[0], self.seat, log=False)
            return f"{narrate.seat_name(dealer, dealer['dealer'])} dealt."
        action = self.replay.actions[self.index]
        before, after = (
            game.view(self.replay.positions[i], self.seat, log=False)
            for i in (self.index - 1, self.index)
        )
        return narrate.summarize(action, action.get("seat", self.seat), before, after)


class Replays(Feature):
    def __init__(self, app):
        super().__init__(app)
        self.replaying = None  # the Replaying on screen, if any
        self.signals.on("sheet_parts", self.sheet_parts)

    def start_replay(self, state, slot, deal, back):
        s = self.session
        seat = s.seat if state is s.state else P.first(state)
        try:
            self.replaying = Replaying(state.clone(), slot, deal, back, seat)
        except game.StateError as e:
            self.app.say(str(e))
            self.signals.emit("alert", str(e))
            return
        self.app.show("replay")
        self.page.scroll_to_top()

    @command
    def do_replay(self, deal):
        """A deal of the game at the table (its score sheet)."""
        s = self.session
        if s.state is not None:
            self.start_replay(s.state, s.slot, int(deal), s.screen)

    @command
    def do_replay_game(self, slot):
        """The last finished deal of a saved game (the games list)."""
        s = self.session
        try:
            state = s.state if slot == s.slot and s.state is not None else self.app.store.load(slot)[0]
        except SaveError as e:
            self.signals.emit("alert", str(e))
            return
        deals = finished_deals(state)
        if not deals:
            self.signals.emit("alert", "That game has no finished deal to replay yet.")
            return
        self.start_replay(state, slot, deals[-1], "games")

    @command
    def do_replay_deal(self, deal):
        r = self.replaying
        if r is not None and int(deal) in finished_deals(r.state):
            r.choose(int(deal))

    @command
    def do_replay_step(self, where):
        r = self.replaying
        if r is None:
            return
        last = len(r.replay) - 1
        r.index = r.replay.step(
            {"start": 0, "back": r.index - 1, "forward": r.index + 1, "end": last}.get(
                where, r.index
            )
        )

    @command
    def do_replay_open(self, _arg=None):
        if self.replaying is not None:
            self.replaying.open_hands = not self.replaying.open_hands

    @command
    def do_replay_close(self, _arg=None):
        s = self.session
        back = self.replaying.back if self.replaying else "games"
        self.replaying = None
        self.app.show("table" if back in ("table", "sheet") and s.state is not None else "games")

    @screen("replay")
    def draw_replay(self):
        r, page = self.replaying, self.page
        if r is None:  # nothing to replay: the games list instead
            self.app.show("games")
            return
        position = r.replay.positions[r.index]
        last = len(r.replay) - 1
        v = seen(position, r.seat, r.open_hands)
        result = position.deal_results[-1] if r.index == last else None
        names = ", ".join(p.name for p in r.state.players)
        page.mount(
            "replay",
            view.replay_screen(
                title=f"{r.state.rules.title} · {names}",
                deals=finished_deals(r.state),
                deal=r.deal,
                index=r.index,
                last=last,
                line=r.line(),
                v=v,
                open_hands=r.open_hands,
                result=result,
                tools=self.replay_tools(r),
                offer=r.offer,
            ),
        )
        page.mount("actions", view.step_bar(r.index, last))
        page.mount("scores", [])
        if self.session.shown != "replay":
            page.scroll_to_top()
        self.app.mark_screen("replay")

    def replay_tools(self, r):
        """Play this deal's cards again: from another seat (one person), or each
        in their own seat (several: seat 0's cards stay seat 0's)."""
        if P.several(r.state):
            return view.same_deal_choices(r.deal, [(0, None)])
        seats = [(i, p.name) for i, p in enumerate(r.state.players) if i != r.seat]
        return view.same_deal_choices(r.deal, seats)

    @command
    def do_same_deal(self, deal):
        """The score sheet's "Play deal N again": its replay, where the seat is chosen."""
        self.do_replay(deal)
        if self.replaying is not None:
            self.replaying.offer = True

    @command
    def do_same_deal_as(self, arg):
        """"deal:seat": a new game of that deal's cards, seat 0 holding ``seat``'s
        (and every seat the cards of the seat as far round; 0: everyone their own)."""
        r = self.replaying
        deal, seat = (int(x) for x in arg.split(":"))
        state = same_deal(r.state, deal, seat)
        result = r.state.deal_results[deal - 1]
        original = {"game": r.slot or "a shared game", "deal": deal, "seat": seat,
                    "scores": [row["total"] for row in result["sides"]]}
        log = [f"The cards of deal {deal} again: you hold {r.state.players[seat].name}'s." if seat
               else f"The cards of deal {deal} again: everyone holds their own."]
        try:
            slot = self.app.store.save(None, state, log, original=original)
        except StorageFull:
            self.app.say(FULL_NEW)
            return
        self.replaying = None
        self.board.put_on_table(state, log, slot=slot)

    def sheet_parts(self, v):
        """Each deal's replay tools on the score sheet and, for a deal played
        again, its score next to the original's."""
        slot = self.session.slot
        # read from the save only once a deal is scored (the table draws often)
        original = self.app.store.original(slot) if slot and v["deal_results"] else None
        top = [view.compare(v, original)] if original and len(original["scores"]) == len(v["sides"]) else []
        return SheetParts(top=top, after_deal=lambda deal: [view.deal_tools(deal)])
