"""The statistics screen and the counting at each deal's end: a mixin of
ui.controller.Controller (it uses the controller's state, slot and save store).

``note_deal_end`` runs after the game at the table is saved; ui.stats counts
each deal once, so a reload or a second save of the same position adds
nothing. Figures that cannot be read are reset, and the screen says so.
"""

from ui import dom
from ui import stats as S
from ui import stats_view as view


class StatsMixin:
    stats_note = ""           # a sentence for the statistics screen
    stats_resetting = False   # Reset tapped once: the next tap resets

    def read_stats(self):
        stats, problem = S.load(self.store.storage.get(S.KEY))
        if problem:
            self.stats_note = problem
        return stats

    def write_stats(self, stats):
        try:
            self.store.storage.set(S.KEY, S.dump(stats))
        except Exception as e:  # a full storage: the figures wait for the next deal
            dom.console_error(f"statistics not saved: {e}")

    def note_deal_end(self):
        """Count the deal that has just ended at the table (once)."""
        state = self.state
        if state is None or self.slot is None or not state.deal_over:
            return
        stats = self.read_stats()
        hints = self.hints_used if state.phase == "game_end" else 0  # this game's, ui/learn.py
        if S.count(stats, self.slot, state, hints):
            self.write_stats(stats)

    # -- the screen ---------------------------------------------------------------------
    def do_stats(self, _arg=None):
        self.screen = "stats"
        self.stats_note, self.stats_resetting = "", False
        dom.scroll_to_top()

    def do_stats_reset(self, _arg=None):
        if not self.stats_resetting:
            self.stats_resetting = True
            return
        self.write_stats(S.empty())
        self.stats_resetting = False
        self.stats_note = "Statistics reset."

    def do_stats_close(self, _arg=None):
        self.screen = "games"

    def draw_stats(self):
        stats = self.read_stats()
        dom.mount("stats", view.stats_screen(stats, note=self.stats_note,
                                             resetting=self.stats_resetting))
        dom.mount("actions", [])
        dom.mount("scores", [])
        self.mark_screen("stats")
