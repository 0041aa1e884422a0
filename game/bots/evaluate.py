"""A position's worth to a side, in deal points, for the end of a short look-ahead.

A finished deal is worth its real score. A deal in progress is worth a
weighted sum of what is on the table and in the side's hands: points
already banked (melded cards, canasta bonuses, red 3s), what plain melds
and cards in hand promise (each card's share of the canasta bonus it would
belong to), what cards left in hand, knee and foot would cost, and how
many of the side's players have one pile left (in triple-play: on the
knee, the foot still to come) or none (in the foot). Those two counts are what the card
counts miss of how far a side is from going out: with them the fit
predicts held-out deals better (R^2 0.426 against 0.416) and ``hard`` won
1.9 +- 2.3 points more games in screens against ``normal`` (1,600
games), margin +379 +- 463. A pile its player may pick up now counts as
picked up (``ready_pile``): counted as unpicked, the weights made picking up
the knee, which every bot does at once, look 233 points worse on average,
a false step at the end of every look-ahead that unlocks the knee (so
counted, the fit also explains held-out deals better: R^2 0.431 against
0.426).

The big canastas decide a deal (natural 7s 5000, 5s 3000, wilds 2500), and
what one is worth is far from a straight line in its cards: with 4 of 7 it
may never be finished, with 7 it is. So for each of them the side's total
(its unfinished meld plus the cards of that rank in its hands, knees and
feet) picks one weight from a table, separately for "meld started" and
"only held": a step function the fit can shape as it likes. Counting the
knee and foot mattered most: they are the cards the side will have (in a
look-ahead they are sampled like every hidden card).

The weights are not guesses: ``bench/fit_eval.py`` fits them by least
squares to the final deal scores of games between ``normal`` bots, each
weight a straight line in the share of the stock still to draw (early in a
deal a promise is worth more, and banked points less, than late). The
positions fitted are taken just after a draw, where ``hard``'s look-ahead
stops (held-out R^2 0.434 there). With the ready pile and these positions
``hard`` won 2.1 +- 2.1 points more games in screens (1,600 games),
margin +701 +- 395.
"""

from __future__ import annotations

from functools import lru_cache

from .. import cards as C
from .. import melds as M
from ..rules import RuleSet
from ..state import GameState

# The big canastas, tracked one by one (a natural rank counts only if the
# rules give it more than a plain natural canasta), and the largest total
# told apart: more cards than that are worth no more.
BIG = ("7", "5", C.WILD)
CAP = 10


def _big_name(rank: str, started: bool, total: int) -> str:
    return f"{'wild' if rank == C.WILD else rank}_{'open' if started else 'held'}_{total}"


FEATURES = ("banked", "meld_other", "hand_other", "hand_cost", "piles_cost", "black3_held",
            "red3_held", "one_pile_left", "no_pile_left") + \
    tuple(_big_name(rank, started, total) for rank in BIG
          for started in (False, True) for total in range(CAP + 1))
# Per feature: (weight when the stock is empty, weight at the deal's start),
# as printed by `bench/fit_eval.py --games 4000 --seed 5` (triple-play).
WEIGHTS = {
    "banked": (1.0, 1.0),  # fixed: banked points are sure (bench/fit_eval.py FIXED)
    "meld_other": (0.531, 1.367),
    "hand_other": (0.424, 0.967),
    "hand_cost": (-1.414, -2.452),
    "piles_cost": (0.823, -0.077),
    "black3_held": (-138.9, -103.334),
    "red3_held": (1.0, 1.0),  # what the rules charge for it (never held in triple-play)
    # Below zero only beside the costs above: a least-squares fit shares what
    # a player's progress is worth between these counts and those costs.
    "one_pile_left": (-2244.035, -670.089),
    "no_pile_left": (-1416.804, -361.333),
    "7_held_0": (0.0, 0.0),  # each table's zero (bench/fit_eval.py ZERO)
    "7_held_1": (0.001, 0.023),
    "7_held_2": (0.014, 0.091),
    "7_held_3": (0.036, 0.247),
    "7_held_4": (0.06, 0.478),
    "7_held_5": (0.014, 0.677),
    "7_held_6": (0.126, 0.812),
    "7_held_7": (0.182, 0.86),
    "7_held_8": (0.231, 0.905),
    "7_held_9": (0.395, 1.002),
    "7_held_10": (0.958, 1.181),
    "7_open_0": (0.0, 0.0),
    "7_open_1": (0.0, 0.0),
    "7_open_2": (0.0, 0.0),
    "7_open_3": (0.091, 0.27),
    "7_open_4": (0.038, 0.685),
    "7_open_5": (0.09, 0.983),
    "7_open_6": (0.392, 1.081),
    "7_open_7": (0.663, 1.036),
    "7_open_8": (0.705, 1.088),
    "7_open_9": (0.854, 1.03),
    "7_open_10": (0.654, 1.297),
    "5_held_0": (0.0, 0.0),
    "5_held_1": (0.003, -0.019),
    "5_held_2": (0.04, -0.033),
    "5_held_3": (0.053, 0.125),
    "5_held_4": (0.085, 0.372),
    "5_held_5": (0.015, 0.556),
    "5_held_6": (0.192, 0.696),
    "5_held_7": (0.236, 0.765),
    "5_held_8": (0.043, 0.888),
    "5_held_9": (0.569, 0.902),
    "5_held_10": (1.298, 1.1),
    "5_open_0": (0.0, 0.0),
    "5_open_1": (0.0, 0.0),
    "5_open_2": (0.0, 0.0),
    "5_open_3": (0.06, 0.523),
    "5_open_4": (0.072, 0.652),
    "5_open_5": (0.158, 0.863),
    "5_open_6": (0.461, 0.953),
    "5_open_7": (0.676, 0.969),
    "5_open_8": (0.869, 0.926),
    "5_open_9": (0.974, 0.914),
    "5_open_10": (0.997, 1.103),
    "wild_held_0": (0.0, 0.0),
    "wild_held_1": (0.027, -0.008),
    "wild_held_2": (-0.024, 0.179),
    "wild_held_3": (0.028, 0.25),
    "wild_held_4": (0.114, 0.434),
    "wild_held_5": (0.148, 0.601),
    "wild_held_6": (0.296, 0.716),
    "wild_held_7": (0.422, 0.799),
    "wild_held_8": (0.437, 0.986),
    "wild_held_9": (0.739, 1.149),
    "wild_held_10": (0.608, 1.395),
    "wild_open_0": (0.0, 0.0),
    "wild_open_1": (0.0, 0.0),
    "wild_open_2": (0.0, 0.0),
    "wild_open_3": (0.21, 0.157),
    "wild_open_4": (0.046, 0.616),
    "wild_open_5": (0.24, 0.796),
    "wild_open_6": (0.51, 0.828),
    "wild_open_7": (0.682, 0.915),
    "wild_open_8": (0.638, 1.123),
    "wild_open_9": (0.822, 1.261),
    "wild_open_10": (0.944, 1.506),
}


@lru_cache(maxsize=16)
def _card_table(rules: RuleSet) -> dict:
    """Per card code: (the feature holding it in hand adds to, or its big
    rank; what it adds to that feature; its cost in a hand; its cost in a
    knee or foot). 3s have features of their own, so cost nothing more in a
    hand; a red 3 adds what the rules charge for it."""
    decks = max(d for _, _, d in rules.seatings)
    big = _big_ranks(rules)
    table = {}
    for c in set(C.full_deck(decks, max(rules.jokers_per_deck, 1))):
        left = M.left_value(rules, c)
        if C.is_black_three(c):
            table[c] = ("black3_held", 1.0, 0.0, left)
        elif C.is_red_three(c):
            table[c] = ("red3_held", rules.red3_left, 0.0, left)
        elif C.is_wild(c):
            table[c] = (C.WILD, 0.0, left, left)
        elif C.rank(c) in big:
            table[c] = (C.rank(c), 0.0, left, left)
        else:
            table[c] = ("hand_other", rules.natural_bonus(C.rank(c)) / rules.canasta_size, left, left)
    return table


def _big_ranks(rules: RuleSet) -> tuple[str, ...]:
    return tuple(r for r in BIG if r == C.WILD or rules.natural_bonus(r) > rules.bonus_natural)


def ready_pile(player) -> list[str]:
    """The pile ``player`` may pick up now (its knee once its side has a
    canasta, or the next pile after it threw its last card), else none: it
    counts as picked up already (its cards in hand, its red 3s laid), so
    picking it up, which every bot does at once, changes no feature."""
    if player.piles and (player.pending_pickup or (player.knee_ready and len(player.piles) == 2)):
        return player.piles[0]
    return []


def features(state: GameState, side_index: int) -> dict[str, float]:
    """The side's features by name (those that are zero may be left out)."""
    r = state.rules
    size = r.canasta_size
    side = state.sides[side_index]
    players = [state.players[i] for i in state.seats_of(side_index)]
    ready_piles = [ready_pile(p) for p in players]
    n3 = len(side.red3) + sum(C.is_red_three(c) for pile in ready_piles for c in pile)
    banked = n3 * r.red3_value + (r.red3_set_bonus if r.red3_set_size and n3 >= r.red3_set_size else 0)
    plain = 0.0
    started = dict.fromkeys(_big_ranks(r), 0)   # cards in the unfinished big melds
    for m in side.melds:
        banked += sum(M.melded_value(r, c) for c in m.cards)
        kind = m.kind()
        if len(m.cards) >= size:
            banked += M.canasta_bonus(r, m.rank, kind)
        elif m.rank in started:
            started[m.rank] = len(m.cards)
        else:
            plain += M.canasta_bonus(r, m.rank, kind) * len(m.cards) / size
    f = {"banked": banked, "meld_other": plain, "hand_other": 0.0, "hand_cost": 0.0,
         "piles_cost": 0.0, "black3_held": 0.0, "red3_held": 0.0, "one_pile_left": 0.0,
         "no_pile_left": 0.0}
    totals = dict(started)
    table = _card_table(r)
    for p, ready in zip(players, ready_piles):
        piles = p.piles[1:] if ready else p.piles
        if len(piles) < 2:
            f["no_pile_left" if not piles else "one_pile_left"] += 1
        for pile in piles:
            for c in pile:
                kind, _, _, left = table[c]
                f["piles_cost"] += left
                if kind in totals:
                    totals[kind] += 1
        for c in p.hand + [c for c in ready if not C.is_red_three(c)]:
            kind, share, left, _ = table[c]
            if kind in totals:
                totals[kind] += 1
            else:
                f[kind] += share
            f["hand_cost"] += left
    for rank, total in totals.items():
        bonus = M.canasta_bonus(r, rank, "wild" if rank == C.WILD else "natural")
        f[_big_name(rank, started[rank] > 0, min(CAP, total))] = bonus
    return f


def stock_share(state: GameState) -> float:
    """The share of the deal's stock still to draw (1 at the start, 0 when empty)."""
    r = state.rules
    _, decks = r.seating(state.num_players)
    start = decks * (52 + r.jokers_per_deck) - state.num_players * sum(r.piles)
    return max(0.0, min(1.0, state.stock_count() / max(start, 1)))


def weighted(xs: dict[str, float], t: float, weights: dict = WEIGHTS) -> float:
    """Features ``xs`` (by name; missing ones are zero) under ``weights`` at stock share ``t``."""
    total = 0.0
    for name, x in xs.items():
        end, start = weights[name]
        total += x * (end + (start - end) * t)
    return total


def side_value(state: GameState, side_index: int) -> float:
    return weighted(features(state, side_index), stock_share(state))


def ahead_of_best(totals: list[float], side_index: int) -> float:
    """This side's figure minus the best other side's."""
    return totals[side_index] - max(t for i, t in enumerate(totals) if i != side_index)


def score_difference(state: GameState, side_index: int) -> float:
    """This side's worth minus the best other side's."""
    if state.deal_over:
        return ahead_of_best([row["total"] for row in state.deal_results[-1]["sides"]], side_index)
    return ahead_of_best([side_value(state, i) for i in range(len(state.sides))], side_index)
