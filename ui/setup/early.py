"""The choice a first visit made before the engine was ready, checked.

The early new-game screen (ui/early.js) is plain HTML that runs before
Python: what it hands over reaches the controller as JSON text from the page,
so it is read like any input from outside. A preset or an action it does
not know is dropped with a warning for the console (never quoted, never a
crash): the page then starts as if it had not been chosen.
"""

import json

import game

PLAY, LESSON, JOIN = "play", "lesson", "join"  # ui/early.js's buttons: Play, Learn to play, an invitation's Join
ACTIONS = (PLAY, LESSON, JOIN)


def read(text):
    """(preset or None, action or None, [warnings]) from ui/early.js's
    ``{"preset": name, "action": "play" | "lesson" | "join" | null}``."""
    try:
        raw = json.loads(text)
    except ValueError:
        raw = None
    if not isinstance(raw, dict):
        return None, None, ["early choice: not a {preset, action} object, ignored"]
    preset, action, warnings = raw.get("preset"), raw.get("action"), []
    if preset is not None and not (isinstance(preset, str) and preset in game.PRESETS):
        preset = None
        warnings.append("early choice: not a preset of this version, ignored (the default rules)")
    if action is not None and action not in ACTIONS:
        action = None
        warnings.append("early choice: not an action of the early screen, ignored")
    return preset, action, warnings
