"""A position's worth to a side, in deal points, for the end of a short look-ahead.

A finished deal is worth its real score. A deal in progress is worth what
is on the table (melded cards, red 3s, canasta bonuses), minus the knee and
foot still face down, plus what the cards in hand promise: each unfinished
meld earns its canasta bonus times a chance of finishing it, which grows
with the cards the side holds for it. The bonuses are what decide a deal
(natural 7s 5000, 5s 3000, wilds 2500), so a pile that feeds a meld of 7s
weighs far more than its card count.
"""

from __future__ import annotations

from collections import Counter

from .. import cards as C
from .. import melds as M
from ..state import GameState

HAND_CARD = 0.5        # a card in hand will mostly be melded: half its value
BLACK3_IN_HAND = -50   # it costs 100 if caught, but can be thrown one a turn


def side_value(state: GameState, side_index: int) -> float:
    r = state.rules
    side = state.sides[side_index]
    seats = [i for i in range(state.num_players) if state.side_of(i) == side_index]
    value = sum(M.melded_value(r, c) for m in side.melds for c in m.cards)
    n3 = len(side.red3)
    value += n3 * r.red3_value + (r.red3_set_bonus if r.red3_set_size and n3 >= r.red3_set_size else 0)
    held = Counter()
    for i in seats:
        p = state.players[i]
        value += sum(M.left_value(r, c) for pile in p.piles for c in pile)
        for c in p.hand:
            if C.is_black_three(c):
                value += BLACK3_IN_HAND
            elif C.is_red_three(c):
                value += r.red3_left
            else:
                value += HAND_CARD * M.card_value(c)
                held[C.WILD if C.is_wild(c) else c[0]] += 1
    for m in side.melds:
        kind = m.kind()
        bonus = M.canasta_bonus(r, m.rank, kind)
        if len(m.cards) >= r.canasta_size:
            value += bonus
        else:
            reach = min(len(m.cards) + held[m.rank], r.canasta_size)
            value += bonus * 0.85 * (reach / r.canasta_size) ** 3
    return value


def score_difference(state: GameState, side_index: int) -> float:
    """This side's worth minus the best other side's."""
    if state.phase in ("deal_end", "game_end"):
        totals = [row["total"] for row in state.deal_results[-1]["sides"]]
    else:
        totals = [side_value(state, i) for i in range(len(state.sides))]
    return totals[side_index] - max(t for i, t in enumerate(totals) if i != side_index)
