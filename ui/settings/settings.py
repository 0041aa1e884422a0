"""The player's settings: bot speed, sound, vibration, colour scheme (localStorage ``tp.settings``).

The stored text is untrusted (an older page, another tab, a hand edit):
``load`` reads it strictly and falls back to the defaults for anything it
does not know, so a bad value can never stop the table from opening.
"""

import json
from dataclasses import asdict, dataclass

from game.errors import StateError
from game.load import read_json

KEY = "tp.settings"

# speed -> (ms a card takes to fly, ms of pause after each bot action)
SPEEDS = {"slow": (900, 700), "normal": (450, 350), "fast": (200, 150), "instant": (0, 0)}
SPEED_WORDS = {"slow": "Slow", "normal": "Normal", "fast": "Fast", "instant": "Instant"}
# the colour scheme: "system" follows the device (ui/boot.js reads it before the first paint)
THEME_WORDS = {"system": "System", "light": "Light", "dark": "Dark"}


@dataclass
class Settings:
    speed: str = "normal"
    sound: bool = False
    vibrate: bool = False
    theme: str = "system"

    def fly_ms(self):
        return SPEEDS[self.speed][0]

    def pause_ms(self):
        return SPEEDS[self.speed][1]

    def dump(self):
        return json.dumps(asdict(self), separators=(",", ":"))


def load(text):
    """Settings from stored text; each missing or unknown value takes its default."""
    try:
        data = read_json(text, "The settings", max_chars=1000) if text else {}
    except StateError:  # too long, too deep, not JSON: the defaults
        data = {}
    if not isinstance(data, dict):
        data = {}
    out = Settings()
    for key, known in (("speed", SPEEDS), ("theme", THEME_WORDS)):
        if isinstance(data.get(key), str) and data[key] in known:  # a list or dict is no key
            setattr(out, key, data[key])
    for flag in ("sound", "vibrate"):
        if isinstance(data.get(flag), bool):
            setattr(out, flag, data[flag])
    return out


def read(storage):
    """The settings kept in ``storage`` (None: the browser refuses storage)."""
    try:
        text = storage.get(KEY) if storage else None
    except Exception:  # storage that fails to read: defaults, never a broken table
        text = None
    return load(text)
