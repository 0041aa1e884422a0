#!/usr/bin/env python3
"""Bot strength and speed: the duplicate tournaments behind the targets.

First the thinking time per move over one whole game (easy and hard each
against normal): mean, 95th percentile and maximum per level, against the
targets (easy and normal under 20 ms a move, hard within 10% of its
budget). Then plays ``normal`` against ``easy`` and ``hard`` (with
``--budget`` ms a decision) against ``normal``, and prints each
tournament's win rate with its 95% interval, the score margin (and per
deal, which parts of the tally it came from), the thinking time per move,
then whether the targets hold (normal beats easy in 90% of games, hard
beats normal in 65%, both with the interval clear of 50%). ``hard`` thinks
as long as in the page (500 ms a decision) unless ``--budget`` says
otherwise. A full game is ~350 turns; 400 games of hard at 500 ms take
some 27 minutes on two cores (its searches mostly stop early, once their
leader is clear), 1,000 at ``--budget 50`` about 35. Timings are wall
time: run it on a quiet machine.

    python3 -m bench.bots [--games 200] [--budget 500] [--jobs 2] [--seed 1]
"""

import argparse
import json
import sys
import time

from game.bots import get_bot
from game.bots.hard import DEFAULT_BUDGET_MS
from game.simulate import play_game
from game.tournament import tournament

TARGETS = {("normal", "easy"): 0.90, ("hard", "normal"): 0.65}
FAST_MS = 20           # easy and normal: the most a move may take
BUDGET_SLACK = 1.10    # hard: the most a move may take, as a share of its budget


def think_times(budget: float, seed: int) -> dict[str, list[float]]:
    """Milliseconds per move of each level over one game against ``normal``."""
    out = {}
    for name in ("easy", f"hard:{budget:g}"):
        times = {name: [], "normal": []}

        def timed(bot, key):
            def choose(obs, seat, rng):
                start = time.perf_counter()
                action = bot(obs, seat, rng)
                times[key].append((time.perf_counter() - start) * 1000)
                return action
            return choose

        play_game("triple-play", seed, [name, "normal"], check_cards=False,
                  choosers=[timed(get_bot(name), name), timed(get_bot("normal"), "normal")] * 2)
        out.setdefault("normal", []).extend(times["normal"])
        out[name] = times[name]
    return out


def time_report(budget: float, seed: int) -> bool:
    ok = True
    for name, ms in think_times(budget, seed).items():
        ms = sorted(ms)
        limit = budget * BUDGET_SLACK if name.startswith("hard") else FAST_MS
        met = ms[-1] <= limit
        ok &= met
        print(json.dumps({"think_ms": name, "moves": len(ms), "mean": round(sum(ms) / len(ms), 2),
                          "p95": round(ms[int(0.95 * (len(ms) - 1))], 2), "max": round(ms[-1], 2),
                          "limit": round(limit, 1), "met": met}), flush=True)
    return ok


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="games per tournament (both seatings counted)")
    ap.add_argument("--budget", type=float, default=DEFAULT_BUDGET_MS, help="hard's milliseconds per decision")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", choices=["normal-easy", "hard-normal"], help="play one tournament")
    ap.add_argument("--games-only", action="store_true", help="skip the think-time game")
    a = ap.parse_args()
    matches = [("normal", "easy", "normal,easy"), ("hard", "normal", f"hard:{a.budget:g},normal")]
    ok = a.games_only or time_report(a.budget, a.seed)
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
            "margin_per_deal_by_part": result["margin_per_deal_by_part"],
            "deals_gone_out": result["deals_gone_out"],
            "ms_per_move": {k: round(v * 1000, 2) for k, v in result["seconds_per_move"].items()},
            "errors": len(result["errors"]), "seconds": result["seconds"],
            "target": target, "met": met}), flush=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
