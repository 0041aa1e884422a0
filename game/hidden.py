"""Hidden cards dealt again, consistently with what one seat has seen.

Shared by the bots' sampling of the cards they cannot see
(game/bots/determinize.py) and the re-deal of a game copied from a link or
a file (game/links/redeal.py): each hand but the seat's own takes the cards
known to be in it, then cards from a shuffled pool, never a red 3 where its
holder would have laid it, and never more of a rank than a cap allows.
"""

from __future__ import annotations

import random
from collections import Counter

from . import cards as C
from .state import GameState


def red3_never_held(obs: GameState, seat: int) -> bool:
    """A red 3 in this seat's hand would already be on the table."""
    r = obs.rules
    return r.red3_laid and (not r.red3_after_opening or obs.sides[obs.side_of(seat)].opened)


def cap_key(card: str) -> str | None:
    """What a cap on a hand limits a card under: its rank, ``C.WILD``, or None for a 3."""
    if C.is_wild(card):
        return C.WILD
    return None if card[0] == "3" else C.rank(card)


def fit_hand(order: list[str], need: int, known: list[str],
             caps: dict[str, int] | None) -> tuple[list[str], bool]:
    """The first ``need`` cards of ``order`` that keep the hand within ``caps``
    (most cards of each ``cap_key``), topped up from the others if too few
    do; and whether they all fit."""
    if caps is None:
        return order[:need], True
    count = Counter(map(cap_key, known))
    fill = []
    for c in order:
        if len(fill) == need:
            return fill, True
        k = cap_key(c)
        if k is None or count[k] < caps[k]:
            fill.append(c)
            count[k] += 1
    return fill + without(order, fill)[:need - len(fill)], len(fill) == need


def without(cards: list[str], taken: list[str]) -> list[str]:
    """``cards`` less one copy of each of ``taken``, in order."""
    left = Counter(taken)
    out = []
    for c in cards:
        if left[c]:
            left[c] -= 1
        else:
            out.append(c)
    return out


def deal_hands(obs: GameState, seat: int, pool: list[str], needs: dict[int, int],
               known: dict[int, list[str]], caps: list | None,
               rng: random.Random) -> tuple[dict[int, list[str]], list[str]]:
    """Deal ``needs[s]`` cards of ``pool`` to each seat s but ``seat``: (the
    cards each gets, the pool left, shuffled). ``known[s]`` are the cards
    already placed in that hand, ``caps`` per seat as in ``fit_hand``."""
    loose = pool[:]
    rng.shuffle(loose)
    # Red 3s last: hands that cannot hold one take from the front.
    loose.sort(key=C.is_red_three)
    fills = {}
    for s in sorted(needs):
        if s == seat:
            continue
        order = loose if red3_never_held(obs, s) else rng.sample(loose, len(loose))
        fills[s], _ = fit_hand(order, needs[s], known.get(s, []), caps and caps[s])
        loose = without(loose, fills[s])
    rng.shuffle(loose)
    return fills, loose
