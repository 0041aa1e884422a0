#!/usr/bin/env python3
"""Engine speed: whole simulated games per second and the cost of listing
legal actions, on one core in CPython. Prints figures; asserts nothing.

Each figure is given twice: by the wall clock and by the process's CPU time
(``time.process_time``), which a shared, loaded machine disturbs far less.
The target (20 games/s) is the CPU figure without the conservation check.

    python3 -m bench.engine [--games 40] [--preset triple-play]
"""

import argparse
import random
import statistics
import time

from game import apply, legal_actions, new_game, observe
from game.bots import get_bot
from game.runs.simulate import simulate


def sample_states(preset: str, n: int) -> list:
    """Positions along random-bot games, to time legal_actions on."""
    out = []
    bot = get_bot("random")
    for seed in range(4):
        state = new_game(preset, seed=seed, bots=["random"] * 4)
        rng = random.Random(seed)
        while state.phase not in ("game_end",) and len(out) < (seed + 1) * n // 4:
            if state.phase == "deal_end":
                apply(state, {"type": "next_deal"})
                continue
            if rng.random() < 0.2:
                out.append(state.clone())
            seat = state.to_move()
            apply(state, bot(observe(state, seat), seat, rng))
    return out


def timed(fn):
    """``fn()``'s result with its wall and CPU seconds."""
    wall, cpu = time.perf_counter(), time.process_time()
    result = fn()
    return result, time.perf_counter() - wall, time.process_time() - cpu


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--preset", default="triple-play")
    a = ap.parse_args()
    for check in (True, False):
        out, wall, cpu = timed(lambda: simulate(a.preset, a.games, 1, ["random"], check_cards=check))
        actions = statistics.mean(r["actions"] for r in out["results"])
        print(f"{a.preset} ({'checking cards after every action' if check else 'no conservation check'}): "
              f"{out['completed']}/{a.games} games, {out['errors']} errors, {actions:.0f} actions per game")
        for clock, seconds in (("wall", wall), ("cpu", cpu)):
            print(f"  {clock}: {a.games / seconds:.1f} games/s, "
                  f"{seconds / a.games / actions * 1e6:.0f} us per action")
    states = sample_states(a.preset, 400)
    _, wall, cpu = timed(lambda: [legal_actions(s) for s in states])
    print(f"legal_actions (mean over {len(states)} positions): "
          f"wall {wall / len(states) * 1e6:.0f} us, cpu {cpu / len(states) * 1e6:.0f} us per listing")


if __name__ == "__main__":
    main()
