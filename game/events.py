"""What an action did, said by the rule that did it.

Applying an action leaves its events in ``GameState.events`` (in the order
they happened; derived, never saved): the log's words (game/words/narrate.py) and
the table's motion (ui/core/motion_steps.py) read them instead of working out what
changed. Each event is a small immutable tuple; ``name`` (game.names.Ev) is
its ``"event"`` in JSON. Two fields name cards that only the acting seat
sees, the cards drawn and a red 3's replacements: ``seen_by`` masks them
for every other seat, as game.view masks the state.
"""

from __future__ import annotations

from typing import NamedTuple

from .cards import HIDDEN
from .names import Ev


class Drew(NamedTuple):
    """Cards drawn from the stock (not a red 3's replacements: see LaidRed3)."""

    seat: int
    cards: tuple[str, ...]   # hidden from the others
    piles: tuple[int, ...]   # the stock piles named, in order; () when the action named none
    name = Ev.DREW

    def seen_by(self, seat: int) -> Drew:
        return self if seat == self.seat else self._replace(cards=(HIDDEN,) * len(self.cards))


class TookPile(NamedTuple):
    seat: int
    top: str
    size: int                # the pile's cards, its top included
    name = Ev.TOOK_PILE


class Melded(NamedTuple):
    """A new meld, or cards added to one (``new`` False), for one placement of a meld action."""

    seat: int
    side: int
    meld: int                # the meld's id
    rank: str
    cards: tuple[str, ...]   # from the hand
    top: str | None          # the pile's top card, when this placement took it
    new: bool
    name = Ev.MELDED


class MadeCanasta(NamedTuple):
    side: int
    meld: int
    rank: str
    kind: str                # game.names.MeldKind
    name = Ev.CANASTA


class PickedUpPile(NamedTuple):
    seat: int
    pile: str                # "knee" or "foot"
    size: int
    chosen: bool             # the pick_up_knee action, not a side effect
    name = Ev.PICKED_UP


class LaidRed3(NamedTuple):
    seat: int
    side: int
    cards: tuple[str, ...]
    replacements: tuple[str, ...]  # drawn from the stock in their place; hidden from the others
    name = Ev.RED3

    def seen_by(self, seat: int) -> LaidRed3:
        if seat == self.seat:
            return self
        return self._replace(replacements=(HIDDEN,) * len(self.replacements))


class Discarded(NamedTuple):
    seat: int
    card: str
    name = Ev.DISCARDED


class Knocked(NamedTuple):
    seat: int
    name = Ev.KNOCKED


class Asked(NamedTuple):
    seat: int
    partners: tuple[int, ...]
    name = Ev.ASKED


class Answered(NamedTuple):
    seat: int
    yes: bool
    name = Ev.ANSWERED


class StockRanOut(NamedTuple):
    """A draw found the stock too small: the deal ends (DealOver follows)."""

    seat: int
    name = Ev.STOCK_RAN_OUT


class UnusedYes(NamedTuple):
    """A turn ended without going out after a partner's yes that obliged it."""

    seat: int
    side: int
    points: int              # what the side pays at the deal's scoring
    name = Ev.UNUSED_YES


class WentOut(NamedTuple):
    seat: int
    name = Ev.WENT_OUT


class DealOver(NamedTuple):
    deal: int
    name = Ev.DEAL_OVER


class DealBegan(NamedTuple):
    deal: int
    name = Ev.DEAL_BEGAN


def seen_by(events, seat: int) -> list:
    """The events as ``seat`` may see them: others' hidden cards masked."""
    return [e.seen_by(seat) if hasattr(e, "seen_by") else e for e in events]


def to_json(event) -> dict:
    """``{"event": name, field: value...}``, tuples as lists."""
    out = {"event": event.name}
    for key, value in zip(event._fields, event):
        out[key] = list(value) if isinstance(value, tuple) else value
    return out
