"""``hard`` at some kinds of decision, ``normal`` at the rest: for the bench.

Where does ``hard``'s edge over ``normal`` come from? A bot that searches
only its answers to "may I go out?" (``hard@answer``), or only its draws,
melds, asks or discards, played against ``normal`` on the same deals as
``hard`` itself, says what each kind of decision is worth
(``python3 -m bench.screen --a hard@answer``). Not offered in the page.
"""

from __future__ import annotations

from ..names import Act
from .normal import Normal

# The kind of decision each of normal's actions answers (a knee picked up
# or a knock is no decision a search weighs).
KIND_OF_ACTION = {Act.DRAW: "draw", Act.TAKE_PILE: "draw", Act.MELD: "meld", Act.ASK: "ask",
                  Act.DISCARD: "discard", Act.ANSWER: "answer"}
KINDS = frozenset(KIND_OF_ACTION.values())
_NORMAL = Normal()


def kind_of(default: dict) -> str | None:
    """The kind of decision ``default`` (normal's choice there) answers, or None."""
    return KIND_OF_ACTION.get(default["type"])


class Focused:
    """``hard``'s search at the kinds named, ``normal``'s choice elsewhere."""

    def __init__(self, kinds: frozenset[str]):
        self.kinds = kinds

    def __call__(self, obs, seat, rng=None):
        default = _NORMAL.choose(obs, seat)
        if kind_of(default) not in self.kinds:
            return default
        from . import hard  # at call time: the bench may have lightened hard.choose
        return hard.choose(obs, seat, rng)
