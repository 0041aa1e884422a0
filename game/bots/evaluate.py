"""A position's worth to a side, in deal points, for the end of a short look-ahead.

A finished deal is worth its real score. A deal in progress is worth a
weighted sum of what is on the table and in the side's hands: points
already banked (melded cards, canasta bonuses, red 3s), what unfinished
melds and cards in hand promise (each card's share of the canasta bonus
it would belong to: a seventh of 5000 for a 7), and what cards left in
hand, knee and foot would cost. The bonuses decide a deal (natural 7s
5000, 5s 3000, wilds 2500), so a card is worth far more than its face
value.

The weights are not guesses: ``bench/fit_eval.py`` fits them by least
squares to the final deal scores of games between ``normal`` bots, each
weight a straight line in the share of the stock still to draw (early in a
deal a promise is worth more, and banked points less, than late).
"""

from __future__ import annotations

from functools import lru_cache

from .. import cards as C
from .. import melds as M
from ..rules import RuleSet
from ..state import GameState

FEATURES = ("banked", "meld_big", "meld_wild", "meld_other", "hand_big", "hand_wild",
            "hand_other", "hand_cost", "piles_cost", "black3_held", "red3_held")
# Per feature: (weight when the stock is empty, weight at the deal's start),
# as printed by `bench/fit_eval.py --games 1000 --seed 5` (triple-play).
WEIGHTS = {
    "banked": (1.0, 1.0),        # fixed: banked points are sure (bench/fit_eval.py FIXED)
    "meld_big": (0.646, 1.226),
    "meld_wild": (0.508, 1.544),
    "meld_other": (0.842, 0.976),
    "hand_big": (0.335, 1.177),
    "hand_wild": (0.292, 1.275),
    "hand_other": (0.489, 1.428),
    "hand_cost": (2.067, 0.584),
    "piles_cost": (0.851, -0.923),
    "black3_held": (-133.653, -27.222),
    "red3_held": (1.0, 1.0),     # what the rules charge for it (never held in triple-play)
}
_INDEX = {name: i for i, name in enumerate(FEATURES)}


@lru_cache(maxsize=16)
def _card_table(rules: RuleSet) -> dict:
    """Per card code: (feature index of holding it, what it adds to that
    feature, its cost left in hand). A red 3 adds what the rules charge for it."""
    decks = max(d for _, _, d in rules.seatings)
    table = {}
    size = rules.canasta_size
    for c in set(C.full_deck(decks, max(rules.jokers_per_deck, 1))):
        if C.is_black_three(c):
            table[c] = (_INDEX["black3_held"], 1.0, 0.0)
        elif C.is_red_three(c):
            table[c] = (_INDEX["red3_held"], rules.red3_left, 0.0)
        elif C.is_wild(c):
            table[c] = (_INDEX["hand_wild"], rules.bonus_wild / size, M.left_value(rules, c))
        else:
            bonus = rules.natural_bonus(C.rank(c))
            kind = "hand_big" if bonus > rules.bonus_natural else "hand_other"
            table[c] = (_INDEX[kind], bonus / size, M.left_value(rules, c))
    return table


def features(state: GameState, side_index: int) -> list[float]:
    """The side's features, in the order of ``FEATURES``."""
    r = state.rules
    size = r.canasta_size
    side = state.sides[side_index]
    f = [0.0] * len(FEATURES)
    n3 = len(side.red3)
    banked = n3 * r.red3_value + (r.red3_set_bonus if r.red3_set_size and n3 >= r.red3_set_size else 0)
    for m in side.melds:
        banked += sum(M.melded_value(r, c) for c in m.cards)
        kind = m.kind()
        bonus = M.canasta_bonus(r, m.rank, kind)
        if len(m.cards) >= size:
            banked += bonus
        elif m.rank == C.WILD:
            f[_INDEX["meld_wild"]] += bonus * len(m.cards) / size
        elif kind == "natural" and bonus > r.bonus_natural:
            f[_INDEX["meld_big"]] += bonus * len(m.cards) / size
        else:
            f[_INDEX["meld_other"]] += bonus * len(m.cards) / size
    f[_INDEX["banked"]] = banked
    table = _card_table(r)
    cost = _INDEX["hand_cost"]
    for i in range(state.num_players):
        if state.side_of(i) != side_index:
            continue
        p = state.players[i]
        f[_INDEX["piles_cost"]] += sum(M.left_value(r, c) for pile in p.piles for c in pile)
        for c in p.hand:
            kind, share, left = table[c]
            f[kind] += share
            f[cost] += left
    return f


def stock_share(state: GameState) -> float:
    """The share of the deal's stock still to draw (1 at the start, 0 when empty)."""
    r = state.rules
    _, decks = r.seating(state.num_players)
    start = decks * (52 + r.jokers_per_deck) - state.num_players * sum(r.piles)
    return max(0.0, min(1.0, state.stock_count() / max(start, 1)))


def weighted(xs: list[float], t: float, weights: dict = WEIGHTS) -> float:
    """Features ``xs`` (in the order of ``FEATURES``) under ``weights`` at stock share ``t``."""
    return sum(x * (end + (start - end) * t) for x, (end, start) in zip(xs, weights.values()))


def side_value(state: GameState, side_index: int) -> float:
    return weighted(features(state, side_index), stock_share(state))


def score_difference(state: GameState, side_index: int) -> float:
    """This side's worth minus the best other side's."""
    if state.phase in ("deal_end", "game_end"):
        totals = [row["total"] for row in state.deal_results[-1]["sides"]]
    else:
        totals = [side_value(state, i) for i in range(len(state.sides))]
    return totals[side_index] - max(t for i, t in enumerate(totals) if i != side_index)
