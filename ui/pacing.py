"""Following the game: every move shown as it happens, the bots' pace, settings, the full log.

A mixin of ui.controller.Controller. ``stage_moves`` records what an action
moved (ui.moves) while the old page still stands; the next render plays it
(``play_staged``), and the bot loop awaits ``motion_finished`` so every move
shown has landed before the next bot acts. Settings are kept in localStorage
(ui.settings); ``?delay=N`` in the address overrides their pace (tests,
benchmarks; 0 is instant).
"""

from ui import deal_log, dom, moves, panels
from ui import settings as S


class PacingMixin:
    def boot_pacing(self, delay_ms):
        self.url_delay = delay_ms
        self.settings_store = dom.storage()
        try:
            text = self.settings_store.get(S.KEY) if self.settings_store else None
        except Exception:  # storage that fails to read: defaults, never a broken table
            text = None
        self.settings = S.load(text)
        dom.apply_theme(self.settings.theme)  # as boot.js did before the first paint, should its read have failed
        self.panel = None            # the open overlay: "settings", "log" or None
        self.panel_drawn = None      # the overlay the page shows
        self.motion_staged = False   # steps captured, waiting for the next render
        self.motion = []             # the awaitables of the plays not yet awaited (ui/motion.js)
        self.pending_cues = []
        self.whole_log = None        # the Log panel's deal: (game_id, deal), lines, log length
        self.refocus = None          # the control to focus after the next render

    def pace(self):
        """(ms a card flies, ms of pause after each bot move)."""
        if self.url_delay is not None:
            return (self.settings.fly_ms() if self.url_delay else 0), self.url_delay
        return self.settings.fly_ms(), self.settings.pause_ms()

    # -- showing moves -----------------------------------------------------------------
    def stage_moves(self, action, seat, before, after):
        """Note what ``action`` moved (before the page re-renders); nothing at instant speed."""
        steps = moves.moves(action, seat, before, after)
        self.pending_cues += moves.cues(steps)
        if self.pace()[0]:
            dom.capture_moves(steps)
            self.motion_staged = True

    def play_staged(self):
        """After a render: fly what was staged, sound what was cued."""
        if self.motion_staged:
            self.motion_staged = False
            self.motion.append(dom.play_moves(self.pace()[0]))
        s = self.settings
        if s.sound or s.vibrate:
            for name in self.pending_cues:
                dom.cue(name, s.sound, s.vibrate)
        self.pending_cues = []

    async def motion_finished(self):
        """Wait until every move shown has landed (a draw of many cards may
        still fly when a quick discard after it has landed)."""
        motion, self.motion = self.motion, []
        for play in motion:
            await play

    def cue_turn(self):
        self.pending_cues.append("turn")

    # -- the log of the deal -------------------------------------------------------------
    def deal_lines(self, state, saved):
        """The deal's lines rebuilt from the engine log; the saved lines if it cannot replay."""
        try:
            return deal_log.deal_lines(state)
        except Exception as e:  # a link's partial log, or any surprise: never block the open
            dom.console_warn(f"log not rebuilt: {type(e).__name__}: {e}")
            return list(saved)

    def panel_log(self):
        """The Log panel's lines: the whole deal. A reopened game shows the lines
        its save kept; where those are not the whole deal, the deal is replayed
        once, when the panel first needs it (not at start-up: ui.deal_log)."""
        key, whole = (self.game_id, self.state.deal), self.whole_log
        if whole and whole[0] == key and whole[2] <= len(self.log):
            return whole[1] + self.log[whole[2]:]
        if deal_log.complete(self.state, self.log):
            return self.log
        self.whole_log = (key, self.deal_lines(self.state, self.log), len(self.log))
        return self.whole_log[1]

    # -- panels ----------------------------------------------------------------------------
    def do_settings(self, _arg=None):
        self.panel = None if self.panel == "settings" else "settings"

    def do_log(self, _arg=None):
        self.panel = None if self.panel == "log" or self.state is None else "log"

    def do_dismiss(self, _arg=None):
        """Escape or a tap beside it (ui/gestures.js): close what is open, the
        topmost first, and give the focus back to the control that opened it."""
        if self.panel:
            self.panel = None  # draw_panels focuses its button
        elif self.shown_meld is not None:
            self.refocus, self.shown_meld = f"meld-{self.shown_meld}", None
        elif self.theirs_open:
            self.refocus, self.theirs_open = "btn-opponents", False

    def do_set_speed(self, speed):
        if speed in S.SPEEDS:
            self.settings.speed = speed
            self.save_settings()

    def do_set_theme(self, theme):
        if theme in S.THEME_WORDS:
            self.settings.theme = theme
            self.save_settings()
            dom.apply_theme(theme)

    def do_toggle_setting(self, flag):
        if flag in ("sound", "vibrate"):
            setattr(self.settings, flag, not getattr(self.settings, flag))
            self.save_settings()

    def save_settings(self):
        if self.settings_store is None:
            return
        try:
            self.settings_store.set(S.KEY, self.settings.dump())
        except Exception as e:  # a full storage: the choice holds for this visit
            dom.console_error(f"settings not saved: {e}")

    def draw_panels(self):
        if self.panel == "log" and self.state is None:
            self.panel = None
        for name, tree in (("settings", lambda: panels.settings_panel(self.settings)),
                           ("log", lambda: panels.log_panel(self.panel_log(), self.state.deal))):
            shown = self.panel == name
            dom.mount(f"{name}-panel", tree() if shown else [])
            dom.set_attrs(f"{name}-panel", {"hidden": not shown})
        if self.panel == "log":
            dom.scroll_to_end("full-log")
        if self.panel != self.panel_drawn:  # focus into an opened panel, back to its button on close
            dom.focus(f"btn-{self.panel}-close" if self.panel else f"btn-{self.panel_drawn}")
            self.panel_drawn = self.panel
        elif self.refocus:
            dom.focus(self.refocus)
        self.refocus = None
