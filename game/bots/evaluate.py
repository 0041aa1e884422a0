"""A position's worth to a side, in deal points, for the end of a short look-ahead.

A finished deal is worth its real score. A deal in progress is worth a
weighted sum of what is on the table and in the side's hands: points
already banked (melded cards, canasta bonuses, red 3s, less what the side
owes for a yes it did not go out on), what plain melds
and cards in hand promise (each card's share of the canasta bonus it would
belong to), what cards left in hand, knee and foot would cost, and how
many of the side's players have one pile left (in triple-play: on the
knee, the foot still to come) or none (in the foot): those two counts say
how far a side is from going out, which the card counts miss. A pile its
player may pick up now counts as picked up (``ready_pile``), so picking it
up, which every bot does at once, changes nothing.

The big canastas decide a deal (natural 7s 5000, 5s 3000, wilds 2500), and
what one is worth is far from a straight line in its cards: with 4 of 7 it
may never be finished, with 7 it is. So for each of them the side's total
(its unfinished meld plus the cards of that rank in its hands, knees and
feet) picks one weight from a table, separately for "meld started" and
"only held": a step function the fit can shape as it likes.

The weights (in ``fitted.json``) are fitted by ``bench/fit_eval.py``, one
set per preset on that preset's own games: least squares against the final
deal scores of games between ``normal`` bots,
each weight a straight line in the share of the stock still to draw (early
in a deal a promise is worth more, and banked points less, than late), at
positions just after a draw, where ``hard``'s look-ahead stops. How well
they predict, and what else was tried, is in bench/LOG.md.
"""

from __future__ import annotations

from functools import lru_cache

from .. import cards as C
from .. import melds as M
from ..names import MeldKind
from ..rules import RuleSet
from ..state import GameState
from . import fitted

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
# Per preset, per feature: (weight when the stock is empty, weight at the
# deal's start), fitted by ``bench/fit_eval.py`` on that preset's own games.
# "banked" is fixed at 1 (banked points are sure), each big-canasta table's
# zero cell at 0, and a feature a preset never shows (a red 3 held, in
# triple-play) keeps what the rules charge. "one_pile_left" and
# "no_pile_left" are below zero only beside the costs of the cards still to
# play: the fit shares what a player's progress is worth between those
# counts and those costs.
FITS = fitted.VALUES["evaluation"]["presets"]
WEIGHTS = {preset: {name: tuple(w) for name, w in fit["weights"].items()} for preset, fit in FITS.items()}
# A rule set of no fitted preset's name (a custom one) uses the fit of its kind.
FALLBACK = {True: "triple-play", False: "hand-and-foot"}


def fit_name(rules: RuleSet) -> str:
    """The preset whose fit weighs positions under ``rules``: its own (house
    options keep the preset's name), else that of its kind (knee or not)."""
    return rules.name if rules.name in FITS else FALLBACK[rules.has_knee]


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
    banked -= side.unused_yes * r.unused_yes_penalty  # owed already, as the deal's scoring will say
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
        bonus = M.canasta_bonus(r, rank, MeldKind.WILD if rank == C.WILD else MeldKind.NATURAL)
        f[_big_name(rank, started[rank] > 0, min(CAP, total))] = bonus
    return f


def stock_share(state: GameState) -> float:
    """The share of the deal's stock still to draw (1 at the start, 0 when empty)."""
    r = state.rules
    _, decks = r.seating(state.num_players)
    start = decks * (52 + r.jokers_per_deck) - state.num_players * sum(r.piles)
    return max(0.0, min(1.0, state.stock_count() / max(start, 1)))


def weighted(xs: dict[str, float], t: float, weights: dict) -> float:
    """Features ``xs`` (by name; missing ones are zero) under ``weights`` at stock share ``t``."""
    total = 0.0
    for name, x in xs.items():
        end, start = weights[name]
        total += x * (end + (start - end) * t)
    return total


def side_value(state: GameState, side_index: int) -> float:
    return weighted(features(state, side_index), stock_share(state), WEIGHTS[fit_name(state.rules)])


def ahead_of_best(totals: list[float], side_index: int) -> float:
    """This side's figure minus the best other side's."""
    return totals[side_index] - max(t for i, t in enumerate(totals) if i != side_index)


def score_difference(state: GameState, side_index: int) -> float:
    """This side's worth minus the best other side's."""
    if state.deal_over:
        return ahead_of_best([row["total"] for row in state.deal_results[-1]["sides"]], side_index)
    return ahead_of_best([side_value(state, i) for i in range(len(state.sides))], side_index)
