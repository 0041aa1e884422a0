"""The guided first game's script, read from ``lesson.json`` beside this module.

The script is data: one recorded deal (its preset, seed and every action,
written by scripts/make_lesson.py), the table options it is shown with, and
lessons, each a position of that deal (``at``: how many of its actions lead
there) and the taps that teach one thing there. A tap is the command a
control sends ("pick:A" is a tap on the Aces chip); ``expect`` names the
engine action it must make and ``teaches`` what it shows
(tests/test_tutorial.py checks both by replaying the script through the
engine). A step's words (``say``) are a template whose ``{fields}`` are
filled from the planted position and its log (``facts``, ``say``), so every
seat, card and count they name is the table's. Plain Python, no browser:
the lesson's room (ui/lesson/tutorial.py) plays it on the real table.
"""

import json
from pathlib import Path

import game
from game import cards as C
from game import melds as M
from game.engine import book_status, opening_minimum
from game.english import count_word, plural
from game.load import read_json
from game.names import Act
from ui.core.selection import group_name

PATH = Path(__file__).with_name("lesson.json")
KEY = "tp.tutorial"       # localStorage: {"lesson": N}, the lesson to resume
DONE = "tp.tutorial.done"  # localStorage: "1" once the last lesson was played to its end
MAX_PROGRESS = 200        # characters: a longer stored value is not ours
SOUTH = 0                 # the learner's seat

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


def position(script: dict, lesson: int, at: int | None = None) -> game.GameState:
    """The deal as it stood where lesson ``lesson`` starts (or after ``at`` of
    its actions): South (seat 0) to play. The table options (``options``) are
    the new-game screen's defaults."""
    rules = game.get_preset(script["preset"]).derive(**script["options"])
    state = game.new_game(rules, seed=script["seed"], players=4,
                          bots=[None] + [script["bots"]] * 3)
    at = script["lessons"][lesson]["at"] if at is None else at
    for action in script["log"][:at]:
        game.apply(state, action)
    return state


def first_canasta_by(script: dict, at: int, side: int) -> str | None:
    """The name of the player whose move made ``side``'s first canasta in the
    first ``at`` actions of the recorded deal (None: not made yet)."""
    state = position(script, 0, at=0)
    size = state.rules.canasta_size
    for action in script["log"][:at]:
        game.apply(state, action)
        if M.canastas(state.sides[side].melds, size):
            return state.players[action["seat"]].name
    return None


def last_discard(state: game.GameState) -> dict | None:
    """The log's last discard before ``state`` (the card on the pile, and who threw it)."""
    return next((a for a in reversed(state.log) if a["type"] == Act.DISCARD), None)


def facts(script: dict, lesson: int) -> dict[str, str]:
    """What lesson ``lesson``'s words may name, read from its position: the
    player who threw the pile's top card and that card, the partner, who made
    the side's first canasta, pile and hand counts (the hand's after the
    lesson's draw, when it begins with one), the rules' numbers."""
    state = position(script, lesson)
    r, side = state.rules, state.side_of(SOUTH)
    partner = next(p.name for i, p in enumerate(state.players)
                   if i != SOUTH and state.side_of(i) == side)
    missing = len(book_status(state, side))
    out = {"partner": partner, "draw": plural(r.draw_count, "card"),
           "minimum": str(opening_minimum(state, side)), "meld_min": str(r.meld_min),
           "canasta": str(r.canasta_size), "pile": plural(len(state.discard), "card"),
           "canasta_by": first_canasta_by(script, script["lessons"][lesson]["at"], side) or "",
           "missing": (f"{plural(missing, 'canasta', count_word)} "
                       f"{'is' if missing == 1 else 'are'} missing")}
    piles = state.players[SOUTH].piles
    out["knee"] = plural(len(piles[0]), "card") if len(piles) == 2 else ""
    thrown = last_discard(state)
    hand = state.players[SOUTH].hand
    if thrown and state.discard:
        top = thrown["card"]
        out.update(thrower=state.players[thrown["seat"]].name, top=C.label(top),
                   top_rank=C.rank_label(C.rank(top)),
                   top_held=count_word(sum(C.rank(c) == C.rank(top) for c in hand)))
    if script["lessons"][lesson]["steps"][0].get("expect") == Act.DRAW:
        drawn = state.clone()
        game.apply(drawn, {"type": Act.DRAW})
        hand = drawn.players[SOUTH].hand
    for rank in {C.rank(c) for c in hand}:
        same = [c for c in hand if C.rank(c) == rank]
        out[f"held_{rank}"] = count_word(len(same))
        out[f"value_{rank}"] = str(M.card_value(same[0]))
        out[f"points_{rank}"] = str(sum(map(M.card_value, same)))
    return out | {k[0].upper() + k[1:]: v[:1].upper() + v[1:] for k, v in out.items()}


def times_words(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def say(step: dict, known: dict[str, str]) -> str:
    """A step's words, its fields filled from ``known`` (``facts``) and its own taps."""
    return step["say"].format(times=times_words(step.get("times", 1)), **known)


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
