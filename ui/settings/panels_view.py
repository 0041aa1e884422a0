"""The two overlay panels as ui.core.html trees: settings (⚙) and the deal's full log."""

from ui.core.html import button, h
from ui.settings.settings import SPEED_WORDS, THEME_WORDS


def _toggle(flag, on, words, id_):
    return button(f"{words}: {'on' if on else 'off'}", "toggle-setting", flag, id=id_, cls="toggle",
                  pressed=on)


def settings_panel(settings):
    speeds = [button(word, "set-speed", speed, id=f"set-speed-{speed}", pressed=settings.speed == speed)
              for speed, word in SPEED_WORDS.items()]
    themes = [button(word, "set-theme", theme, id=f"set-theme-{theme}", pressed=settings.theme == theme)
              for theme, word in THEME_WORDS.items()]
    return h("div", {"class": "panel", "role": "dialog", "aria-modal": "true", "aria-labelledby": "settings-title"},
             h("div", {"class": "panel-head"}, h("h2", {"id": "settings-title"}, "Settings"),
               button("Close", "settings", id="btn-settings-close", cls="panel-close")),
             h("fieldset", None, h("legend", None, "Bot speed"), h("div", {"class": "choices"}, speeds),
               h("p", {"class": "hint"}, "Instant shows no motion. With reduced motion set on this device, "
                                         "moves show without animation at the chosen pace.")),
             h("fieldset", None, h("legend", None, "Your turn, a canasta, going out"),
               _toggle("sound", settings.sound, "Sound", "set-sound"),
               _toggle("vibrate", settings.vibrate, "Vibration", "set-vibrate")),
             h("fieldset", None, h("legend", None, "Colours"), h("div", {"class": "choices"}, themes),
               h("p", {"class": "hint"}, "System follows this device's light or dark setting.")))


def log_panel(lines, deal):
    return h("div", {"class": "panel", "role": "dialog", "aria-modal": "true", "aria-labelledby": "log-title"},
             h("div", {"class": "panel-head"}, h("h2", {"id": "log-title"}, f"Deal {deal}: every move"),
               button("Close", "log", id="btn-log-close", cls="panel-close")),
             h("ol", {"class": "full-log", "id": "full-log", "tabindex": "0"},
               [h("li", None, line) for line in lines]))
