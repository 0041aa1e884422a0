#!/usr/bin/env python3
"""Engine speed: whole simulated games per second and the cost of listing
legal actions, on one core in CPython. Prints figures; asserts nothing.

    python3 bench/engine.py [--games 40] [--preset triple-play]
"""

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import apply, legal_actions, new_game, observe  # noqa: E402
from game.bots import get_bot  # noqa: E402
from game.simulate import simulate  # noqa: E402


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


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--preset", default="triple-play")
    a = ap.parse_args()
    for check in (True, False):
        out = simulate(a.preset, a.games, 1, ["random"], check_cards=check)
        actions = statistics.mean(r["actions"] for r in out["results"])
        print(f"{a.preset}: {out['completed']}/{a.games} games, {out['errors']} errors, "
              f"{a.games / out['seconds']:.1f} games/s "
              f"({'checking cards after every action' if check else 'no conservation check'}), "
              f"{actions:.0f} actions per game, "
              f"{out['seconds'] / a.games / actions * 1e6:.0f} us per action")
    states = sample_states(a.preset, 400)
    start = time.perf_counter()
    for s in states:
        legal_actions(s)
    per = (time.perf_counter() - start) / len(states) * 1e6
    print(f"legal_actions: {per:.0f} us per listing (mean over {len(states)} positions)")


if __name__ == "__main__":
    main()
