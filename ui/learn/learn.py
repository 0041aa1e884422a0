"""Learning from the bots at the table: the hint, and the coach after each deal.

A room of the page (ui.core.commands.Feature). The hint runs game.advice.hints.think (the
``hard`` bot's choice from the player's own view, with its reason) and the
coach game.advice.coach.review_steps (the deal's three costliest decisions), both
in slices (ui.core.slices) so the page stays responsive. Each works on a copy of
the position it was asked about and is dropped the moment the game moves
on (a move, undo, another deal or game). The hints a game used are counted
per seat (``session.hints_used``), saved with it (ui.core.saves) and counted in
each person's statistics (ui.stats.stats). What each seat was advised
before in the game (game.advice.past.HintPast) shapes its next hint's words
(holding melds explained once, "Still ..." when advice comes back at its next
turn): it lives only while that game is at the table, reset when a game comes
to it and never saved, so a game opened again explains afresh.
"""

import asyncio
import json

import game
from game.later import later
from game.names import Phase
from ui.core import slices
from ui.core.commands import Feature, command
from ui.learn import learn_view as V
from ui.seats import seating as seats
from ui.table.sheet_view import SheetParts

# The hint's and the coach's search (hard's, with its evaluation): run at the
# first hint or review, not at every start.
advice = later("game.advice.hints")
coach = later("game.advice.coach")

ASKING = (Phase.DRAW, Phase.PLAY, Phase.ANSWER)


class Learn(Feature):
    def __init__(self, app):
        super().__init__(app)
        self.signals.on("on_table", self.on_table)
        self.signals.on("drawn", self.draw_learning)
        self.signals.on("sheet_parts", self.sheet_parts)
        self.advice = None      # (state, log length, Advice): the hint shown
        self.hint_for = None    # (state, log length) being thought about
        self.hint_failed = ""
        self.past = {}          # seat: what its hints said in this game (game.advice.past.HintPast)
        self.coach = None       # the CoachRun of the last finished deal
        self.coach_seat = None  # with several people: whose decisions it reviews (None: the shown seat's)
        self.coach_runs = 0     # reviews started since the page loaded (<html data-coach-runs>)

    def on_table(self, opened):
        """A game came to the table: its hints per seat (a save's count, else none),
        and nothing yet advised in it."""
        self.past = {}
        self.session.hints_used = seats.hint_counts(opened.hints, self.session.state.num_players)

    def at(self, where):
        """Whether the game is still at ``where`` (state object, log length)."""
        state = self.session.state
        return where is not None and where[0] is state and where[1] == len(state.log)

    def can_hint(self, v):
        s = self.session
        return v["to_move"] == s.seat and not s.busy and not s.since and v["phase"] in ASKING

    # -- the hint ------------------------------------------------------------------------
    @command
    def do_hint(self, _arg=None):
        s = self.session
        if s.state is None or self.at(self.hint_for) or self.at(self.advice and self.advice[:2]):
            return
        if not self.can_hint(game.view(s.state, s.seat, log=False)):
            return
        self.hint_failed = ""
        self.hint_for = (s.state, len(s.state.log))
        asyncio.ensure_future(self.think_hint(self.hint_for))

    async def think_hint(self, here):
        state, n = here
        seat = self.session.seat
        try:  # the same position gets the same hint: hard's samples derive from it
            found, _ = await slices.run(advice.think(state.clone(), seat, past=self.past.get(seat)),
                                        lambda: self.at(here))
        except slices.Stopped:  # the player moved on: the hint is about another position
            return
        except Exception as e:  # an advice bug must not break the table
            self.page.console_error(f"hint: {type(e).__name__}: {e}")
            self.hint_failed = f"No hint this time ({type(e).__name__})."
        else:
            self.advice = (state, n, found)
            self.past[seat] = found.past
            self.session.hints_used[seat] += 1
        finally:
            if self.hint_for is here:
                self.hint_for = None
        await asyncio.sleep(0)  # the last slice, the drawing and the save: three short tasks
        self.app.render()
        await asyncio.sleep(0)
        self.signals.emit("save", True)  # the hint count is saved with the game

    @command
    def do_hint_do(self, _arg=None):
        """Play the hint's move (a legal move of this position: the engine checks it again)."""
        if self.at(self.advice and self.advice[:2]):
            self.signals.emit("play", self.advice[2].action)

    @command
    def do_hint_close(self, _arg=None):
        self.advice, self.hint_failed = None, ""

    # -- the coach -------------------------------------------------------------------------
    def sheet_parts(self, v):
        """The hints used and the coach of the deal just finished, for the score
        sheet; a deal seen for the first time starts its review. The lesson's
        deal is not reviewed: its moves were the lesson's, not the player's."""
        s = self.session
        if v["phase"] not in (Phase.DEAL_END, Phase.GAME_END) or not v["deal_results"] or s.lesson:
            return SheetParts()
        deal = v["deal_results"][-1]["deal"]
        people = seats.people(s.state)
        seat = self.coach_seat if self.coach_seat in people else s.seat
        if self.coach is None or self.coach.key != (s.game_id, deal, seat):
            self.start_coach(deal, seat)
        names = [(i, s.state.players[i].name) for i in people] if len(people) > 1 else []
        return SheetParts(middle=V.sheet_extras(s.hints_used[s.seat], self.coach, names))

    @command
    def do_coach_for(self, seat):
        """With several people: the coach reviews this person's decisions."""
        self.coach_seat = int(seat)

    def start_coach(self, deal, seat):
        self.coach = V.CoachRun(deal, (self.session.game_id, deal, seat), seat)
        self.coach_runs += 1
        self.page.set_root_data("coach-runs", self.coach_runs)
        asyncio.ensure_future(self.run_coach(self.coach))

    async def run_coach(self, run):
        state = self.session.state
        n = len(state.log)

        def go_on():
            return self.coach is run and run.status == "running" and self.at((state, n))

        def progress(value):
            if isinstance(value, tuple) and len(value) == 2:
                run.done, run.total = value
                self.show_coach_progress(run)
        try:
            steps = coach.review_steps(state.clone(), run.seat)
            run.mistakes, _ = await slices.run(steps, go_on, progress)
            run.status = "done"
        except slices.Stopped:  # skipped, or the game moved on
            return
        except game.StateError as e:  # a log that does not replay (a game opened from a link)
            run.status, run.error = "failed", str(e)
        except Exception as e:  # a coach bug must not break the score sheet
            self.page.console_error(f"coach: {type(e).__name__}: {e}")
            run.status, run.error = "failed", f"{type(e).__name__}."
        if self.coach is run:
            self.app.render()

    def show_coach_progress(self, run):
        """The progress bar and its words, without redrawing the sheet (a tap on
        Skip must never land on a button being replaced)."""
        if self.coach is not run or run.status != "running":
            return
        share = run.done / run.total if run.total else 0
        self.page.set_attrs("coach-progress", {"aria-valuenow": run.done,
                                               "aria-valuemax": max(run.total, 1)})
        self.page.set_attrs("coach-fill", {"style": f"width: {share * 100:.0f}%"})
        self.page.mount("coach-count", V.progress_words(run.done, run.total))

    @command
    def do_coach_skip(self, _arg=None):
        if self.coach is not None and self.coach.status == "running":
            self.coach.status = "skipped"

    @command
    def do_coach_run(self, _arg=None):
        if self.coach is not None and self.coach.status in ("skipped", "failed"):
            self.start_coach(self.coach.deal, self.coach.seat)

    @command
    def do_coach_show(self, index):
        """Show the position of one decision; a second tap hides it."""
        if self.coach is None or not self.coach.mistakes:
            return
        run, i = self.coach, int(index)
        if 0 <= i < len(run.mistakes):
            run.open = None if run.open == i else i
            run.position = (None if run.open is None  # replayed once, not at every redraw
                            else V.position_at(self.session.state, run.mistakes[i].index, run.seat))

    # -- on the table --------------------------------------------------------------------------
    def draw_learning(self, v):
        """After the table is drawn: the Hint button, the bubble, and the marks on
        what the hint points at (a hint about another position is dropped)."""
        if self.advice is not None and not self.at(self.advice[:2]):
            self.advice = None
        if self.hint_failed and not self.can_hint(v):
            self.hint_failed = ""
        page = self.page
        thinking = self.at(self.hint_for)
        shown = None if thinking else self.advice and self.advice[2]
        page.mount("learn", V.hint_button(self.can_hint(v), thinking))
        bubble = V.hint_bubble(shown, thinking, self.hint_failed)
        page.mount("hint-bubble", bubble)
        page.set_attrs("hint-bubble", {"hidden": not bubble,
                                       "data-action": json.dumps(shown.action) if shown else None})
        page.marks("data-advised", V.advised(shown.action, v) if shown else {})
        page.set_attrs("table", {"data-hint": "thinking" if thinking else "shown" if shown else "",
                                 "data-hints-used": self.session.hints_used[self.session.seat]})
        if self.coach is not None and v["phase"] in (Phase.DEAL_END, Phase.GAME_END):
            self.show_coach_progress(self.coach)
