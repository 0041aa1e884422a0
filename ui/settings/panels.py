"""The top bar's overlays: the settings (pace, theme, sound) and the deal's whole log.

A room of the page (ui.core.commands.Feature). The settings object is
shared (the controller reads it at start and hands it to the motion, which
reads the pace); this room alone changes it, and keeps it in localStorage
(ui/settings/settings.py). The Log overlay shows the whole deal: a
reopened game first shows the lines its save kept, and where those are not
the whole deal, the deal is replayed once, when the overlay first needs it
(ui/table/deal_log.py). Escape closes an open overlay first, then tells the
table (the ``dismiss`` signal).
"""

from ui.core.commands import Feature, command
from ui.settings import panels_view
from ui.settings import settings as S
from ui.table import deal_log


class Panels(Feature):
    def __init__(self, app):
        super().__init__(app)
        self.settings = app.settings
        self.settings_store = self.page.storage()
        self.panel = None            # the open overlay: "settings", "log" or None
        self.panel_drawn = None      # the overlay the page shows
        self.whole_log = None        # the Log overlay's deal: (game_id, deal, seat), lines, log length
        self.signals.on("locked", self.close)

    def boot(self):
        self.page.apply_theme(self.settings.theme)  # as boot.js did before the first paint, should its read have failed

    def close(self):
        self.panel = None

    def panel_log(self):
        """The Log overlay's lines: the whole deal."""
        s = self.session
        key, whole = (s.game_id, s.state.deal, s.seat), self.whole_log  # "You" is the shown seat
        if whole and whole[0] == key and whole[2] <= len(s.log):
            return whole[1] + s.log[whole[2]:]
        if deal_log.complete(s.state, s.log):
            return s.log
        self.whole_log = (key, deal_log.lines_or(s.state, s.log, s.seat, self.page.console_warn), len(s.log))
        return self.whole_log[1]

    # -- commands ----------------------------------------------------------------------------
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
        if self.panel:
            self.panel = None  # draw focuses its button
        else:
            self.signals.emit("dismiss")

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

    def draw(self):
        """The overlays on whatever screen shows; the focus into an opened one,
        back to its button on close."""
        s, page = self.session, self.page
        if self.panel == "log" and s.state is None:
            self.panel = None
        for name, tree in (("settings", lambda: panels_view.settings_panel(self.settings)),
                           ("log", lambda: panels_view.log_panel(self.panel_log(), s.state.deal))):
            shown = self.panel == name
            page.mount(f"{name}-panel", tree() if shown else [])
            page.set_attrs(f"{name}-panel", {"hidden": not shown})
        if self.panel == "log":
            page.scroll_to_end("full-log")
        if self.panel != self.panel_drawn:
            page.focus(f"btn-{self.panel}-close" if self.panel else f"btn-{self.panel_drawn}")
            self.panel_drawn = self.panel
