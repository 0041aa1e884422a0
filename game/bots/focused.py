"""``hard`` at some kinds of decision, ``normal`` at the rest: for the bench.

Where does ``hard``'s edge over ``normal`` come from? A bot that searches
only its answers to "may I go out?" (``hard@answer``), or only its draws,
melds, asks or discards, played against ``normal`` on the same deals as
``hard`` itself, says what each kind of decision is worth
(``python3 -m bench.screen --a hard@answer``). Not offered in the page.
"""

from __future__ import annotations

from ..names import Act, Phase
from .normal import Normal

KINDS = ("draw", "meld", "ask", "discard", "answer")
_BY_ACTION = {Act.MELD: "meld", Act.ASK: "ask", Act.DISCARD: "discard"}
_NORMAL = Normal()


def kind_of(obs, default: dict) -> str | None:
    """The kind of decision ``default`` (normal's choice here) answers, or
    None for a move no search weighs (picking up the knee, a knock)."""
    if obs.phase == Phase.ANSWER:
        return "answer"
    if obs.phase == Phase.DRAW:
        return "draw"
    return _BY_ACTION.get(default["type"])


class Focused:
    """``hard``'s search at the kinds named, ``normal``'s choice elsewhere."""

    def __init__(self, kinds: frozenset[str]):
        self.kinds = kinds

    def __call__(self, obs, seat, rng=None):
        default = _NORMAL.choose(obs, seat)
        if kind_of(obs, default) not in self.kinds:
            return default
        from . import hard  # at call time: the bench may have lightened hard.choose
        return hard.choose(obs, seat, rng)
