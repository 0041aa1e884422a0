#!/usr/bin/env python3
"""Where ``hard`` can gain on ``normal``: each decision kind measured to the deal's end.

Plays games of four ``normal`` bots. At a share of the decisions where
``hard`` would compare candidates (every "may I go out?" answer and ask, a
share of the draws, pile takes and melds), each candidate is played in the
real deal by ``normal`` for every seat to the deal's end (its real result),
and weighed by ``hard``'s own look-ahead in REDEALS copies of the deal with
the stock, knees and feet shuffled among themselves: the hands are the real
ones (this measures the evaluation, not the sampling of hands), the future
draws are not (a look-ahead of several turns in the real deal would see
what is coming). Per decision kind it prints:

- alt - normal: the mean final result of the other candidates against
  ``normal``'s choice (below zero: ``normal`` is right on average);
- eval's pick: the mean gain of the candidate the evaluation ranks best over
  ``normal``'s choice, with its 95% interval (what the look-ahead can win
  at that kind of decision, before sampling noise);
- corr: how well the evaluation's difference between two candidates follows
  the real difference (one deal played on is noisy: even a perfect
  evaluation stays well below 1).

    python3 -m bench.decisions [--games 300] [--seed 21] [--share 0.25] [--jobs 2]

600 games took 15 minutes on two cores (November 2026).
"""

import math
import random
import statistics
from collections import defaultdict

from bench.normal_games import NORMAL, arguments, collect_all, normal_decisions
from game.bots.determinize import deal_piles, unpicked_piles
from game.bots.evaluate import score_difference
from game.bots.hard import Hard, horizon
from game.engine import apply
from game.state import GameState

ALWAYS = ("answer", "ask_to_go_out")  # rare and decisive: every one is measured
HARD = Hard(samples=1)  # only its candidates and look-ahead are used
REDEALS = 4


def redeal_piles(state: GameState, rng: random.Random) -> GameState:
    """A copy of ``state`` with the cards of the stock, knees and feet shuffled among them."""
    world = state.clone()
    cards = [c for pile in unpicked_piles(world) for c in pile]
    rng.shuffle(cards)
    deal_piles(world, cards)
    return world


def play_out(state: GameState, worlds: list[GameState], action: dict, side: int,
             turns: int) -> tuple[float, float]:
    """(the mean evaluation where ``hard``'s look-ahead of ``turns`` stops in
    ``worlds``, the deal's real result)."""
    value = statistics.mean(HARD.look_ahead(w.clone(), action, side, turns) for w in worlds)
    world = state.clone()
    apply(world, action)
    while world.phase in ("draw", "play", "answer"):
        apply(world, NORMAL.choose(world, world.to_move()))
    return value, score_difference(world, side)  # the deal has ended: its real score


def kind_of(state: GameState, action: dict) -> str:
    return "answer" if state.phase == "answer" else action["type"]


def collect(preset: str, games: range, seed: int, share: float) -> list[tuple[str, list]]:
    """Per measured decision: its kind and each candidate's (evaluation, result), normal's first."""
    rows = []
    for g in games:
        for i, (state, seat, obs, default, rng) in enumerate(normal_decisions(preset, seed, g)):
            kind = kind_of(state, default)
            if kind != "discard" and (kind in ALWAYS or rng.random() < share):
                options = HARD.candidates(obs, seat, default)
                if len(options) > 1:
                    side = state.side_of(seat)
                    deal = random.Random(g * 1_000_003 + i)
                    worlds = [redeal_piles(state, deal) for _ in range(REDEALS)]
                    rows.append((kind, [play_out(state, worlds, a, side, horizon(options))
                                        for a in options]))
    return rows


def summary(rows: list[tuple[str, list]]) -> dict[str, dict]:
    by_kind = defaultdict(list)
    for kind, outcomes in rows:
        by_kind[kind].append(outcomes)
    out = {}
    for kind, decisions in sorted(by_kind.items()):
        alt = [r - d[0][1] for d in decisions for _, r in d[1:]]
        pick = [max(d, key=lambda o: o[0])[1] - d[0][1] for d in decisions]
        evals = [d[1][0] - d[0][0] for d in decisions]
        reals = [d[1][1] - d[0][1] for d in decisions]
        half = 1.96 * statistics.pstdev(pick) / math.sqrt(len(pick))
        corr = statistics.correlation(evals, reals) if len(decisions) > 2 and \
            statistics.pstdev(evals) and statistics.pstdev(reals) else float("nan")
        out[kind] = {"n": len(decisions), "alt": statistics.mean(alt),
                     "pick": statistics.mean(pick), "pick_half": half, "corr": corr}
    return out


def main() -> None:
    a = arguments(__doc__, games=300, seed=21, share=0.25,
                  share_help="share of draws, takes and melds measured")
    rows = collect_all(collect, a)
    print(f"{a.games} games of normal bots, {len(rows)} decisions measured to the deal's end")
    print(f"{'decision':15s} {'n':>6s} {'alt - normal':>13s} {'eval pick':>17s} {'corr':>6s}")
    for kind, s in summary(rows).items():
        print(f"{kind:15s} {s['n']:6d} {s['alt']:13.0f} {s['pick']:9.0f} ± {s['pick_half']:5.0f} {s['corr']:6.2f}")


if __name__ == "__main__":
    main()
