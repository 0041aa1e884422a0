#!/usr/bin/env python3
"""Bot strength and speed: the duplicate tournaments behind the targets.

Plays ``normal`` against ``easy`` and ``hard`` (with ``--budget`` ms a
decision) against ``normal``, and prints each tournament's win rate with
its 95% interval, the score margin and the thinking time per move, then
whether the targets hold (normal beats easy in 90% of games, hard beats
normal in 65%, both with the interval clear of 50%). A full game is ~350
turns, so hard at its real 500 ms is far too slow for 200 games here; the
budget is an argument.

    python3 bench/bots.py [--games 200] [--budget 50] [--jobs 2] [--seed 1]
"""

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from game.tournament import tournament

TARGETS = {("normal", "easy"): 0.90, ("hard", "normal"): 0.65}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="games per tournament (both seatings counted)")
    ap.add_argument("--budget", type=float, default=50, help="hard's milliseconds per decision")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", choices=["normal-easy", "hard-normal"], help="play one tournament")
    a = ap.parse_args()
    matches = [("normal", "easy", "normal,easy"), ("hard", "normal", f"hard:{a.budget:g},normal")]
    ok = True
    for top, other, spec in matches:
        if a.only and a.only != f"{top}-{other}":
            continue
        result = tournament("triple-play", *spec.split(","), a.games, a.seed, a.jobs)
        target = TARGETS[(top, other)]
        met = result["win_rate_a"] >= target and result["win_rate_a_ci95"][0] > 0.5
        ok &= met
        print(json.dumps({
            "match": f"{spec.split(',')[0]} vs {other}", "games": result["games"],
            "win_rate": result["win_rate_a"], "win_rate_ci95": result["win_rate_a_ci95"],
            "margin": result["margin_a"], "margin_ci95": result["margin_a_ci95"],
            "ms_per_move": {k: round(v * 1000, 2) for k, v in result["seconds_per_move"].items()},
            "errors": len(result["errors"]), "seconds": result["seconds"],
            "target": target, "met": met}), flush=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
