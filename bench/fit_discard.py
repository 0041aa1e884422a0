#!/usr/bin/env python3
"""Fit what ``hard`` weighs at a discard to real deal results.

Plays --games games of four ``normal`` bots. At a share of the discards
made before an opponent's turn, each of the five cards ``normal`` would
throw first is thrown in the real deal (no hidden cards), and the deal is
played on by ``normal`` to its end. A least-squares fit of each card's
result against that of ``normal``'s own card, on the differences of what
the cards are, prints what throwing a card of each kind gains, in deal
points, with 95% intervals:

- value: per point the card counts; pair: it breaks a pair; meld: the side
  melds its rank; big: a 5 or 7; black 3;
- fed: the next player took the pile, per pile card beyond
  ``hard.TAKE_FREE_CARDS`` (and, in a second fit, a line in the pile's
  size, which says where a take starts to be worth anything).

``hard``'s BIG_KEEP and TAKE_PER_CARD come from the first fit with the
defaults (a gain of -515 for throwing a big card is a keep score of 515);
--write stores them in game/bots/fitted.json, where ``hard`` reads them.
The intervals take every card as a separate trial; the cards of one
discard share a deal, so they are somewhat too narrow.

    python3 -m bench.fit_discard [--games 400] [--share 0.15] [--seed 9] [--jobs 2] [--write]

400 games take about 6 minutes on two cores.
"""

import math
from collections import Counter

from bench.fit_eval import solve
from bench.normal_games import NORMAL, arguments, collect_all, opponent_discards
from game import cards as C
from game import melds as M
from game.bots import fitted
from game.bots.evaluate import score_difference
from game.bots.hard import TAKE_FREE_CARDS
from game.bots.melding import BIG_RANKS
from game.engine import apply, is_legal
from game.moves import open_melds

CANDIDATES = 5
KINDS = ("value", "pair", "meld", "big", "black 3")


def kind(obs, seat: int, card: str) -> list[float]:
    """What the card is, as numbers in the order of KINDS."""
    rank = C.rank(card)
    same = Counter(map(C.rank, obs.players[seat].hand))[rank]
    big = rank in BIG_RANKS and not C.is_wild(card)
    return [M.card_value(card), float(same >= 2), float(rank in open_melds(obs, seat)), float(big),
            float(C.is_black_three(card))]


def thrown(state, card: str, side: int) -> tuple[float, bool, int]:
    """Throw ``card``, play the deal out: (its result for ``side``, whether the
    next player took the pile, the pile's size then)."""
    world = state.clone()
    apply(world, {"type": "discard", "card": card})
    pile = len(world.discard)
    took = None
    while world.phase in ("draw", "play", "answer"):
        action = NORMAL.choose(world, world.to_move())
        took = action["type"] == "take_pile" if took is None else took
        apply(world, action)
    return score_difference(world, side), bool(took), pile


def collect(preset: str, games: range, seed: int, share: float) -> list[list[tuple]]:
    """Per measured discard: (result, took, pile, kind) of each candidate, normal's first."""
    rows = []
    for state, seat, obs, action, rng in opponent_discards(preset, games, seed, share):
        cards = [action["card"]] + [c for c in NORMAL.discard_order(obs, seat)[:CANDIDATES]
                                    if c != action["card"]]
        cards = [c for c in cards if is_legal(state, {"type": "discard", "card": c})]
        if len(cards) > 1:
            side = state.side_of(seat)
            rows.append([thrown(state, c, side) + (kind(obs, seat, c),) for c in cards])
    return rows


def regress(rows: list[list[tuple]], fed) -> tuple[list[float], list[float]]:
    """Least squares of result differences on kind differences and ``fed(took,
    pile)`` (a list); the weights and their 95% half-widths."""
    xs, ys = [], []
    for cands in rows:
        base = cands[0][3] + fed(cands[0][1], cands[0][2])
        for result, took, pile, k in cands[1:]:
            xs.append([a - b for a, b in zip(k + fed(took, pile), base)])
            ys.append(result - cands[0][0])
    n = len(xs[0])
    used = [j for j in range(n) if any(x[j] for x in xs)]
    ata = [[sum(x[i] * x[j] for x in xs) for j in used] for i in used]
    w = solve(ata, [sum(x[i] * y for x, y in zip(xs, ys)) for i in used])
    resid = sum((y - sum(wi * x[j] for wi, j in zip(w, used))) ** 2 for x, y in zip(xs, ys))
    s2 = resid / max(1, len(ys) - len(used))
    half = [1.96 * math.sqrt(s2 * solve(ata, [float(i == k) for i in range(len(used))])[k])
            for k in range(len(used))]
    weights, halves = [0.0] * n, [0.0] * n
    for k, j in enumerate(used):
        weights[j], halves[j] = w[k], half[k]
    return weights, halves


def main() -> None:
    a = arguments(__doc__, games=400, seed=9, share=0.15, share_help="share of discards measured")
    rows = collect_all(collect, a)
    print(f"{a.games} games of normal bots, {len(rows)} discards, "
          f"{sum(len(r) - 1 for r in rows)} other cards played to the deal's end")
    beyond = [f"fed, per pile card beyond {TAKE_FREE_CARDS}"]
    fits = []
    for names, fed in ((beyond, lambda took, pile: [took * max(0, pile - TAKE_FREE_CARDS)]),
                       (["fed", "fed, per pile card"], lambda took, pile: [float(took), took * pile])):
        print()
        weights, halves = regress(rows, fed)
        fits.append(dict(zip(KINDS + tuple(names), weights)))
        for name, w, half in zip(KINDS + tuple(names), weights, halves):
            print(f"{name:36s} {w:8.1f} ± {half:6.1f}")
    if a.write:  # keep scores are the gains of throwing, negated
        fitted.save("discard", {"take_free_cards": TAKE_FREE_CARDS,
                                "take_per_card": round(-fits[0][beyond[0]]),
                                "big_keep": round(-fits[0]["big"])})
        print(f"written to {fitted.PATH}")


if __name__ == "__main__":
    main()
