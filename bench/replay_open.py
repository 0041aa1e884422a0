#!/usr/bin/env python3
"""What opening a replay costs: game.runs.replay.DealReplay rebuilds every
position of a deal from the game's start (restart + apply), so a later deal
of a long game costs the most. Plays whole games with ``normal`` bots and
prints, per deal, the actions replayed and the milliseconds (CPython; the
page's Pyodide is some 2-3x slower). Wall time: run it on a quiet machine.

    python3 -m bench.replay_open [--games 3] [--seed 1]
"""

import argparse
import random
import time

import game
from game.bots import get_bot
from game.runs.replay import DealReplay, deal_span


def whole_game(seed):
    state = game.new_game("triple-play", seed=seed, bots=["normal"] * 4)
    rng, bot = random.Random(seed), get_bot("normal")
    while state.phase != "game_end":
        if state.phase == "deal_end":
            game.apply(state, {"type": "next_deal"})
            continue
        seat = state.to_move()
        game.apply(state, bot(game.observe(state, seat), seat, rng))
    return state


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    worst = 0.0
    for seed in range(args.seed, args.seed + args.games):
        state = whole_game(seed)
        for deal in range(1, state.deal + 1):
            t0 = time.perf_counter()
            replay = DealReplay(state, deal)
            ms = (time.perf_counter() - t0) * 1000
            worst = max(worst, ms)
            print(f"game {seed} deal {deal}: {deal_span(state.log, deal)[1]} actions replayed, "
                  f"{len(replay)} positions, {ms:.0f} ms")
    print(f"slowest: {worst:.0f} ms")


if __name__ == "__main__":
    main()
