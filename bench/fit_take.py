#!/usr/bin/env python3
"""Fit how ``hard`` turns its measured take chance into a chance.

Plays --games games of four ``normal`` bots. At a share of the discards
made before an opponent's turn, each card ``hard`` would compare is thrown
in the real deal and the next player, with its real hand, takes the pile
or not; ``hard``'s measurement (the share of HANDS sampled hands that
take, from the thrower's view) and what the next player did at its last
turn (``hard.take_features``) are recorded. A logistic fit of the real
takes on those prints ``hard.TAKE_WEIGHTS`` with 95% intervals (--write
stores them in game/bots/fitted.json, where ``hard`` reads them), then how
far ``hard``'s discard falls short of the one it would make knowing the
next player's hand (in keep-score points a discard: the keep scores with
the fitted take values), with the measured chance alone and with the
fitted one. The sampled hands are dealt at random; a player who keeps
pairs and takes when it can is not random, which the fit corrects.

    python3 -m bench.fit_take [--games 600] [--share 0.3] [--seed 5] [--jobs 2] [--write]

600 games take about 2.5 minutes on two cores.
"""

import math
import random

from bench.fit_eval import solve
from bench.normal_games import arguments, collect_all, opponent_discards
from game import cards as C
from game.bots import fitted
from game.bots import hard as H
from game.bots.determinize import hand_sampler
from game.bots.knowledge import read_table
from game.bots.normal import keep_scores
from game.engine import apply

NAMES = ("intercept", "logit of the measured chance", "just thrown", "just refused")  # hard.take_features
HANDS = 200
SEARCH = H.Hard()


def measured_discard(state, obs, seat: int, action: dict, rng: random.Random, hands: int) -> dict[str, tuple]:
    """Per card ``hard`` compares that leaves the pile to the next player:
    (features, took with its real hand, keep score without the pile, take value)."""
    nxt = (seat + 1) % state.num_players
    cards = [a["card"] for a in SEARCH.candidates(obs, seat, action) if a["type"] == "discard"]
    real, seen = {}, {}
    for card in cards:
        w, v = state.clone(), obs.clone()
        for table in (w, v):
            apply(table, {"type": "discard", "card": card})
        if w.phase == "draw" and w.turn == nxt:
            real[card], seen[card] = w, v
    know = read_table(obs, seat, melding=True)
    deal = hand_sampler(obs, seat, know, nxt)
    count = dict.fromkeys(seen, 0)
    for _ in range(hands):
        for card in H.takers(seen, nxt, deal(rng)):
            count[card] += 1
    took = H.takers(real, nxt, state.players[nxt].hand)
    keep = keep_scores(obs, seat, {}, H.BIG_KEEP)
    return {c: (H.take_features(count[c] / hands, C.rank(c), know, nxt), c in took, keep[c],
                 H.take_value(obs, nxt, C.rank(c))) for c in seen}


def collect(preset: str, games: range, seed: int, share: float) -> list[list[tuple]]:
    rows = []
    for state, seat, obs, action, rng in opponent_discards(preset, games, seed, share):
        cands = measured_discard(state, obs, seat, action, rng, HANDS)
        if len(cands) > 1:
            rows.append(list(cands.values()))
    return rows


def chance(w: list[float], x: list[float]) -> float:
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, sum(a * b for a, b in zip(w, x))))))


def logistic(xs: list[list[float]], ys: list[bool]) -> tuple[list[float], list[float]]:
    """Maximum likelihood by Newton's method: the weights and their 95% half-widths."""
    n = len(xs[0])
    w = [0.0] * n
    for _ in range(50):
        grad = [0.0] * n
        hess = [[0.0] * n for _ in range(n)]
        for x, y in zip(xs, ys):
            p = chance(w, x)
            for i in range(n):
                grad[i] += (p - y) * x[i]
                for j in range(n):
                    hess[i][j] += p * (1 - p) * x[i] * x[j]
        step = solve(hess, grad)
        w = [a - b for a, b in zip(w, step)]
        if max(map(abs, step)) < 1e-9:
            break
    half = [1.96 * math.sqrt(solve(hess, [float(i == k) for i in range(n)])[k]) for k in range(n)]
    return w, half


def shortfall(rows: list[list[tuple]], predict) -> float:
    """Mean keep-score points a discard loses, choosing with ``predict(features)``
    as the take chance, against choosing with the real takes."""
    total = 0.0
    for cands in rows:
        real = [keep + took * value for _, took, keep, value in cands]
        guess = [keep + predict(x) * value for x, _, keep, value in cands]
        total += real[min(range(len(cands)), key=guess.__getitem__)] - min(real)
    return total / len(rows)


def main() -> None:
    a = arguments(__doc__, games=600, seed=5, share=0.3, share_help="share of discards measured")
    rows = collect_all(collect, a)
    flat = [c for cands in rows for c in cands]
    print(f"{a.games} games of normal bots, {len(rows)} discards, {len(flat)} cards, "
          f"{sum(c[1] for c in flat)} taken")
    w, half = logistic([c[0] for c in flat], [c[1] for c in flat])
    for name, x, h in zip(NAMES, w, half):
        print(f"{name:32s} {x:7.2f} ± {h:5.2f}")
    if a.write:
        fitted.save("take", {"weights": [round(x, 2) for x in w]})
        print(f"written to {fitted.PATH}")
    print("\nshortfall of a discard against knowing the next hand (keep-score points):")
    for name, predict in (("nothing known (chance 0)", lambda x: 0.0),
                          ("measured chance alone", lambda x: 1 / (1 + math.exp(-x[1]))),
                          ("hard's fitted chance", lambda x: chance(H.TAKE_WEIGHTS, x)),
                          ("this fit", lambda x: chance(w, x))):
        print(f"  {name:28s} {shortfall(rows, predict):6.2f}")


if __name__ == "__main__":
    main()
