"""The guided first game's script, read from ``lesson.json`` beside this module.

The script is data: one recorded deal (its preset, seed and every action,
written by scripts/make_lesson.py), the table options it is shown with, and
lessons, each a position of that deal (``at``: how many of its actions lead
there) and the taps that teach one thing there. A tap is the command a
control sends ("pick:A" is a tap on the Aces chip); ``expect`` names the
engine action it must make and ``teaches`` what it shows
(tests/test_tutorial.py checks both by replaying the script through the
engine). Plain Python, no browser: the controller's mixin (ui/tutorial.py)
plays it on the real table.
"""

import json
from pathlib import Path

import game
from game.load import read_json
from ui.selection import group_name

PATH = Path(__file__).with_name("lesson.json")
KEY = "tp.tutorial"       # localStorage: {"lesson": N}, the lesson to resume
MAX_PROGRESS = 200        # characters: a longer stored value is not ours

# the controls a tap may name: words for "Not this: tap ..." and the element to point at
CONTROLS = {"draw": ("Draw", "#btn-draw"), "take": ("Take pile", "#btn-take"),
            "meld": ("Meld", "#btn-meld"), "discard": ("Discard", "#btn-discard"),
            "knock": ("Knock", "#btn-knock"),
            "knee": ("Pick up knee", "#btn-knee"), "ask": ("Ask to go out", "#btn-ask"),
            "stage": ("New meld", "#btn-stage"), "next-deal": ("Next deal", "#btn-next-deal")}


def load() -> dict:
    return json.loads(PATH.read_text(encoding="utf-8"))


def split(tap: str) -> tuple[str, str | None]:
    """ "pick:A" -> ("pick", "A"); "draw" -> ("draw", None)."""
    cmd, _, arg = tap.partition(":")
    return cmd, arg or None


def position(script: dict, lesson: int) -> game.GameState:
    """The deal as it stood where lesson ``lesson`` starts: South (seat 0) to play.
    The table options (``options``) are the new-game screen's defaults."""
    rules = game.get_preset(script["preset"]).derive(**script["options"])
    state = game.new_game(rules, seed=script["seed"], players=4,
                          bots=[None] + [script["bots"]] * 3)
    for action in script["log"][:script["lessons"][lesson]["at"]]:
        game.apply(state, action)
    return state


def control(tap: str, melds: dict) -> tuple[str, str]:
    """(words, CSS selector) of the control a tap is on; ``melds``: {id: rank label} of the side."""
    cmd, arg = split(tap)
    if cmd == "pick":
        return f"your {group_name(arg)}", f"#chip-{arg}"
    if cmd == "add-to":
        return f"your side's {melds.get(int(arg), '')} meld".replace("  ", " "), f"#meld-{arg}"
    return CONTROLS[cmd]


def read_progress(text, count: int) -> int | None:
    """The stored lesson (of ``count``) to resume, or None (nothing stored, or a value that is
    not a progress record: the lesson starts over)."""
    if text is None:
        return None
    try:
        data = read_json(text, "The lesson's progress", max_chars=MAX_PROGRESS)
    except game.StateError:
        return None
    if not isinstance(data, dict) or set(data) != {"lesson"}:
        return None
    n = data["lesson"]
    return n if type(n) is int and 0 <= n < count else None


def progress_text(lesson: int) -> str:
    return json.dumps({"lesson": lesson})
