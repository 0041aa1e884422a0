"""Following the game: every move shown as it happens, the bots' pace, settings, the full log.

A feature of ui.controller.Controller (ui.commands.Feature). ``stage_moves`` records what an action
moved (ui.moves) while the old page still stands; the next render plays it
(``play_staged``), and the bot loop awaits ``motion_finished`` so every move
shown has landed before the next bot acts. Settings are kept in localStorage
(ui.settings); ``?delay=N`` in the address overrides their pace (tests,
benchmarks; 0 is instant).
"""

from ui import deal_log, moves, panels
from ui import settings as S
from ui.commands import Feature, command


class Pacing(Feature):
    def __init__(self, app, delay_ms):
        super().__init__(app)
        self.url_delay = delay_ms    # ?delay=N, over the settings' pace
        self.settings_store = self.page.storage()
        try:
            text = self.settings_store.get(S.KEY) if self.settings_store else None
        except Exception:  # storage that fails to read: defaults, never a broken table
            text = None
        self.settings = S.load(text)
        self.panel = None            # the open overlay: "settings", "log" or None
        self.panel_drawn = None      # the overlay the page shows
        self.motion_staged = False   # steps captured, waiting for the next render
        self.motion = []             # the awaitables of the plays not yet awaited (ui/motion.js)
        self.pending_cues = []
        self.whole_log = None        # the Log panel's deal: (game_id, deal, seat), lines, log length

    def boot(self):
        self.page.apply_theme(self.settings.theme)  # as boot.js did before the first paint, should its read have failed

    def pace(self):
        """(ms a card flies, ms of pause after each bot move)."""
        if self.url_delay is not None:
            return (self.settings.fly_ms() if self.url_delay else 0), self.url_delay
        return self.settings.fly_ms(), self.settings.pause_ms()

    # -- showing moves -----------------------------------------------------------------
    def stage_moves(self, action, seat, before, after):
        """Note what ``action`` moved (before the page re-renders); nothing at instant
        speed, nor behind the hand-off screen (ui/handoff.py: no table to fly across)."""
        steps = moves.moves(action, seat, before, after)
        self.pending_cues += moves.cues(steps)
        if self.pace()[0] and self.session.handoff is None:
            self.page.capture_moves(steps)
            self.motion_staged = True

    def play_staged(self):
        """After a render: fly what was staged, sound what was cued."""
        if self.motion_staged:
            self.motion_staged = False
            self.motion.append(self.page.play_moves(self.pace()[0]))
        s = self.settings
        if s.sound or s.vibrate:
            for name in self.pending_cues:
                self.page.cue(name, s.sound, s.vibrate)
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
    def deal_lines(self, state, saved, seat):
        """The deal's lines rebuilt from the engine log as ``seat`` saw them; the
        saved lines if it cannot replay."""
        try:
            return deal_log.deal_lines(state, seat)
        except Exception as e:  # a link's partial log, or any surprise: never block the open
            self.page.console_warn(f"log not rebuilt: {type(e).__name__}: {e}")
            return list(saved)

    def panel_log(self):
        """The Log panel's lines: the whole deal. A reopened game shows the lines
        its save kept; where those are not the whole deal, the deal is replayed
        once, when the panel first needs it (not at start-up: ui.deal_log)."""
        s = self.session
        key, whole = (s.game_id, s.state.deal, s.seat), self.whole_log  # "You" is the shown seat
        if whole and whole[0] == key and whole[2] <= len(s.log):
            return whole[1] + s.log[whole[2]:]
        if deal_log.complete(s.state, s.log):
            return s.log
        self.whole_log = (key, self.deal_lines(s.state, s.log, s.seat), len(s.log))
        return self.whole_log[1]

    # -- panels ----------------------------------------------------------------------------
    @command(while_bots=True)
    def do_settings(self, _arg=None):
        self.panel = None if self.panel == "settings" else "settings"

    @command(while_bots=True)
    def do_log(self, _arg=None):
        self.panel = None if self.panel == "log" or self.session.state is None else "log"

    @command(while_bots=True)
    def do_dismiss(self, _arg=None):
        """Escape or a tap beside it (ui/gestures.js): close what is open, the
        topmost first, and give the focus back to the control that opened it."""
        s = self.session
        if self.panel:
            self.panel = None  # draw_panels focuses its button
        elif s.shown_meld is not None:
            s.refocus, s.shown_meld = f"meld-{s.shown_meld}", None
        elif s.theirs_open:
            s.refocus, s.theirs_open = "btn-opponents", False

    @command(while_bots=True)
    def do_set_speed(self, speed):
        if speed in S.SPEEDS:
            self.settings.speed = speed
            self.save_settings()

    @command(while_bots=True)
    def do_set_theme(self, theme):
        if theme in S.THEME_WORDS:
            self.settings.theme = theme
            self.save_settings()
            self.page.apply_theme(theme)

    @command(while_bots=True)
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
            self.page.console_error(f"settings not saved: {e}")

    def draw_panels(self):
        s, page = self.session, self.page
        if self.panel == "log" and s.state is None:
            self.panel = None
        for name, tree in (("settings", lambda: panels.settings_panel(self.settings)),
                           ("log", lambda: panels.log_panel(self.panel_log(), s.state.deal))):
            shown = self.panel == name
            page.mount(f"{name}-panel", tree() if shown else [])
            page.set_attrs(f"{name}-panel", {"hidden": not shown})
        if self.panel == "log":
            page.scroll_to_end("full-log")
        if self.panel != self.panel_drawn:  # focus into an opened panel, back to its button on close
            page.focus(f"btn-{self.panel}-close" if self.panel else f"btn-{self.panel_drawn}")
            self.panel_drawn = self.panel
        elif s.refocus:
            page.focus(s.refocus)
        s.refocus = None
