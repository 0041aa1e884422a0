"""The statistics screen and the counting at each deal's end: a room of the
page (ui.core.commands.Feature; it reads the session's game and slot, and
keeps the figures in the games' storage).

``note_deal_end`` runs after the game at the table is saved (the ``saved``
signal); ui.stats.stats counts
each deal once, for each person at the table, so a reload or a second save
of the same position adds nothing. Figures that cannot be read are reset,
and the screen says so. The screen shows one person's figures: the one
picked, else the person shown at the table, else the one with most deals.
"""

from game.later import later
from game.names import Phase
from ui.core.commands import Feature, command, screen

# The statistics (what a person's games add up to) and their screen: read at
# the first deal's end or the first look at the screen.
S = later("ui.stats.stats")
view = later("ui.stats.stats_view")


class StatsScreen(Feature):
    def __init__(self, app):
        super().__init__(app)
        self.signals.on("saved", self.note_deal_end)
        self.note = ""            # a sentence for the statistics screen
        self.resetting = False    # Reset tapped once: the next tap resets
        self.player = None        # whose figures are shown (a name picked), None: see whose

    def read_stats(self):
        stats, problem = S.load(self.app.store.storage.get(S.KEY))
        if problem:
            self.note = problem
        return stats

    def write_stats(self, stats):
        try:
            self.app.store.storage.set(S.KEY, S.dump(stats))
        except Exception as e:  # a full storage: the figures wait for the next deal
            self.page.console_error(f"statistics not saved: {e}")

    def note_deal_end(self):
        """Count the deal that has just ended at the table (once)."""
        s = self.session
        state = s.state
        if state is None or s.slot is None or not state.deal_over:
            return
        stats = self.read_stats()
        hints = s.hints_used if state.phase == Phase.GAME_END else None  # this game's per seat, ui/learn/learn.py
        if S.count(stats, s.slot, state, hints):
            self.write_stats(stats)

    # -- the screen ---------------------------------------------------------------------
    @command
    def do_stats(self, _arg=None):
        self.app.show("stats")
        self.note, self.resetting = "", False
        self.page.scroll_to_top()

    @command
    def do_stats_reset(self, _arg=None):
        if not self.resetting:
            self.resetting = True
            return
        self.write_stats(S.empty())
        self.resetting = False
        self.note = "Statistics reset."

    @command
    def do_stats_player(self, name):
        self.player = name

    @command
    def do_stats_close(self, _arg=None):
        self.app.show("games")

    @screen("stats")
    def draw_stats(self):
        stats = self.read_stats()
        self.page.mount("stats", view.stats_screen(stats, player=self.whose(), note=self.note,
                                                   resetting=self.resetting))
        self.page.mount("actions", [])
        self.page.mount("scores", [])
        self.app.mark_screen("stats")

    def whose(self):
        """The person picked, else the one the table shows (ui.stats.stats_view shows
        the one with most deals instead of a name with no figures)."""
        s = self.session
        if self.player is not None or s.state is None:
            return self.player
        return s.state.players[s.seat].name
