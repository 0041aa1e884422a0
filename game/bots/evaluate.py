"""A position's worth to a side, in deal points, for the end of a short look-ahead.

A finished deal is worth its real score. A deal in progress is worth what
is on the table (melded cards, red 3s, canasta bonuses), minus the knee and
foot still face down, plus what unfinished melds and cards in hand promise:
each card earns its share of the canasta bonus it would belong to (a
seventh of 5000 for a 7), times a chance of getting there, which shrinks as the stock runs
out. The bonuses
decide a deal (natural 7s 5000, 5s 3000, wilds 2500), so a card is worth
far more than its face value, and a big pile far more than its count.
"""

from __future__ import annotations

from functools import lru_cache

from .. import cards as C
from .. import melds as M
from ..rules import RuleSet
from ..state import GameState

IN_MELD = 0.7          # chance an unfinished meld becomes a canasta, per card's share
IN_HAND = 0.4          # the same for a card still in hand
BLACK3_IN_HAND = -50   # it costs 100 if caught, but can be thrown one a turn
STOCK_HORIZON = 80     # with fewer stock cards than this, promises shrink: the deal is ending


@lru_cache(maxsize=16)
def card_worths(rules: RuleSet) -> tuple[dict, dict, dict]:
    """Per card code: its value in a meld, its cost left over (negative), and
    its worth in hand (half its value plus its share of the canasta it would
    join, natural if it can be, before the time and chance factors)."""
    decks = max(d for _, _, d in rules.seatings)
    melded, left, share = {}, {}, {}
    for c in set(C.full_deck(decks, max(rules.jokers_per_deck, 1))):
        melded[c] = M.melded_value(rules, c)
        left[c] = M.left_value(rules, c)
        rank = C.WILD if C.is_wild(c) else C.rank(c)
        share[c] = M.canasta_bonus(rules, rank, "wild" if rank == C.WILD else "natural") / rules.canasta_size
    return melded, left, share


def side_value(state: GameState, side_index: int) -> float:
    r = state.rules
    side = state.sides[side_index]
    melded, left, share = card_worths(r)
    time_left = max(0.1, min(1.0, state.stock_count() / STOCK_HORIZON))
    in_meld, in_hand = IN_MELD * time_left, IN_HAND * time_left
    n3 = len(side.red3)
    value = n3 * r.red3_value + (r.red3_set_bonus if r.red3_set_size and n3 >= r.red3_set_size else 0)
    for m in side.melds:
        value += sum(melded[c] for c in m.cards)
        bonus = M.canasta_bonus(r, m.rank, m.kind())
        if len(m.cards) >= r.canasta_size:
            value += bonus
        else:
            value += in_meld * bonus * len(m.cards) / r.canasta_size
    for i in range(state.num_players):
        if state.side_of(i) != side_index:
            continue
        p = state.players[i]
        value += sum(left[c] for pile in p.piles for c in pile)
        for c in p.hand:
            if C.is_black_three(c):
                value += BLACK3_IN_HAND
            elif C.is_red_three(c):
                value += r.red3_left
            else:
                value += melded[c] * (time_left - 0.5) + in_hand * share[c]
    return value


def score_difference(state: GameState, side_index: int) -> float:
    """This side's worth minus the best other side's."""
    if state.phase in ("deal_end", "game_end"):
        totals = [row["total"] for row in state.deal_results[-1]["sides"]]
    else:
        totals = [side_value(state, i) for i in range(len(state.sides))]
    return totals[side_index] - max(t for i, t in enumerate(totals) if i != side_index)
