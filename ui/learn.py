"""Learning from the bots at the table: the hint, and the coach after each deal.

A mixin of ui.controller.Controller. The hint runs game.advice.think (the
``hard`` bot's choice from the player's own view, with its reason) and the
coach game.coach.review_steps (the deal's three costliest decisions), both
in slices (ui.slices) so the page stays responsive. Each works on a copy of
the position it was asked about and is dropped the moment the game moves
on (a move, undo, another deal or game). The hints a game used are counted
and saved with it (ui.saves).
"""

import asyncio
import json

import game
from game import advice, coach
from ui import dom, slices
from ui import learn_view as V
from ui.text import HUMAN

ASKING = ("draw", "play", "answer")


class LearnMixin:
    def boot_learning(self):
        self.hints_used = 0     # this game's, saved with it
        self.advice = None      # (state, log length, Advice): the hint shown
        self.hint_for = None    # (state, log length) being thought about
        self.hint_failed = ""
        self.coach = None       # the CoachRun of the last finished deal
        self.coach_runs = 0     # reviews started since the page loaded (<html data-coach-runs>)

    def at(self, where):
        """Whether the game is still at ``where`` (state object, log length)."""
        return where is not None and where[0] is self.state and where[1] == len(self.state.log)

    def can_hint(self, v):
        return v["to_move"] == HUMAN and not self.busy and v["phase"] in ASKING

    # -- the hint ------------------------------------------------------------------------
    def do_hint(self, _arg=None):
        if self.state is None or self.at(self.hint_for) or self.at(self.advice and self.advice[:2]):
            return
        if not self.can_hint(game.view(self.state, HUMAN, log=False)):
            return
        self.hint_failed = ""
        self.hint_for = (self.state, len(self.state.log))
        asyncio.ensure_future(self.think_hint(self.hint_for))

    async def think_hint(self, here):
        state, n = here
        try:  # the same position gets the same hint: hard's samples derive from it
            found, _ = await slices.run(advice.think(state.clone(), HUMAN),
                                        lambda: self.at(here))
        except slices.Stopped:  # the player moved on: the hint is about another position
            return
        except Exception as e:  # an advice bug must not break the table
            dom.console_error(f"hint: {type(e).__name__}: {e}")
            self.hint_failed = f"No hint this time ({type(e).__name__})."
        else:
            self.advice = (state, n, found)
            self.hints_used += 1
        finally:
            if self.hint_for is here:
                self.hint_for = None
        await asyncio.sleep(0)  # the last slice, the drawing and the save: three short tasks
        self.render()
        await asyncio.sleep(0)
        self.autosave(force=True)

    def do_hint_do(self, _arg=None):
        """Play the hint's move (a legal move of this position: the engine checks it again)."""
        if self.at(self.advice and self.advice[:2]):
            self.act(self.advice[2].action)

    def do_hint_close(self, _arg=None):
        self.advice, self.hint_failed = None, ""

    # -- the coach -------------------------------------------------------------------------
    def sheet_extras(self, v):
        """The hints used and the coach of the deal just finished, for the score
        sheet; a deal seen for the first time starts its review. The lesson's
        deal is not reviewed: its moves were the lesson's, not the player's."""
        if v["phase"] not in ("deal_end", "game_end") or not v["deal_results"] or self.in_lesson():
            return []
        deal = v["deal_results"][-1]["deal"]
        if self.coach is None or self.coach.key != (self.game_id, deal):
            self.start_coach(deal)
        return V.sheet_extras(self.hints_used, self.coach)

    def start_coach(self, deal):
        self.coach = V.CoachRun(deal, (self.game_id, deal))
        self.coach_runs += 1
        dom.set_root_data("coach-runs", self.coach_runs)
        asyncio.ensure_future(self.run_coach(self.coach))

    async def run_coach(self, run):
        state, n = self.state, len(self.state.log)

        def go_on():
            return self.coach is run and run.status == "running" and self.at((state, n))

        def progress(value):
            if isinstance(value, tuple) and len(value) == 2:
                run.done, run.total = value
                self.show_coach_progress(run)
        try:
            steps = coach.review_steps(state.clone(), HUMAN)
            run.mistakes, _ = await slices.run(steps, go_on, progress)
            run.status = "done"
        except slices.Stopped:  # skipped, or the game moved on
            return
        except game.StateError as e:  # a log that does not replay (a game opened from a link)
            run.status, run.error = "failed", str(e)
        except Exception as e:  # a coach bug must not break the score sheet
            dom.console_error(f"coach: {type(e).__name__}: {e}")
            run.status, run.error = "failed", f"{type(e).__name__}."
        if self.coach is run:
            self.render()

    def show_coach_progress(self, run):
        """The progress bar and its words, without redrawing the sheet (a tap on
        Skip must never land on a button being replaced)."""
        if self.coach is not run or run.status != "running":
            return
        share = run.done / run.total if run.total else 0
        dom.set_attrs("coach-progress", {"aria-valuenow": run.done,
                                         "aria-valuemax": max(run.total, 1)})
        dom.set_attrs("coach-fill", {"style": f"width: {share * 100:.0f}%"})
        dom.mount("coach-count", V.progress_words(run.done, run.total))

    def do_coach_skip(self, _arg=None):
        if self.coach is not None and self.coach.status == "running":
            self.coach.status = "skipped"

    def do_coach_run(self, _arg=None):
        if self.coach is not None and self.coach.status in ("skipped", "failed"):
            self.start_coach(self.coach.deal)

    def do_coach_show(self, index):
        """Show the position of one decision; a second tap hides it."""
        if self.coach is None or not self.coach.mistakes:
            return
        run, i = self.coach, int(index)
        if 0 <= i < len(run.mistakes):
            run.open = None if run.open == i else i
            run.position = (None if run.open is None  # replayed once, not at every redraw
                            else V.position_at(self.state, run.mistakes[i].index))

    # -- on the table --------------------------------------------------------------------------
    def draw_learning(self, v):
        """After the table is drawn: the Hint button, the bubble, and the marks on
        what the hint points at (a hint about another position is dropped)."""
        if self.advice is not None and not self.at(self.advice[:2]):
            self.advice = None
        if self.hint_failed and not self.can_hint(v):
            self.hint_failed = ""
        thinking = self.at(self.hint_for)
        shown = None if thinking else self.advice and self.advice[2]
        dom.mount("learn", V.hint_button(self.can_hint(v), thinking))
        bubble = V.hint_bubble(shown, thinking, self.hint_failed)
        dom.mount("hint-bubble", bubble)
        dom.set_attrs("hint-bubble", {"hidden": not bubble,
                                      "data-action": json.dumps(shown.action) if shown else None})
        dom.marks("data-advised", V.advised(shown.action, v) if shown else {})
        dom.set_attrs("table", {"data-hint": "thinking" if thinking else "shown" if shown else "",
                                "data-hints-used": self.hints_used})
        if self.coach is not None and v["phase"] in ("deal_end", "game_end"):
            self.show_coach_progress(self.coach)
