#!/usr/bin/env python3
"""How long a hint and the coach take, and how long the page would be busy at a time.

Hint: at positions along a game between ``normal`` bots (the player to move
each time), ``advice.think`` at the page's budget (500 ms), run the way the
page runs a bot (``ui.controller.bot_step``): slices of about 35 ms, each a
loop of ``next`` until 35 ms have passed, the page free in between. Prints
the time until the hint is known (the slices' time; in the page add a few
ms per slice for the page's own work) against the target (shown within
600 ms), overall and where hard searched (the rest are forced moves), and
the longest slice and the longest single unit (the work between two
yields) against the target for a main-thread task (100 ms).
Coach: ``coach.review_steps`` over the last deal of a whole game (its
log replayed from the start, as the page's would be), seat 0, at
200 ms a decision, in the same slices: its total time, decisions, and its
longest slice and unit.

These are CPython figures, a proxy for the page: Pyodide runs the same
code some 1.5 to 3 times slower, so a unit measured here under 35 ms stays
under 100 ms there. Timings are wall time: run it on a quiet machine.

    python3 bench/advice.py [--seed 1] [--hints 30] [--budget 500] [--coach-budget 200]
"""

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from game import apply, new_game, observe
from game.advice import think
from game.bots import get_bot
from game.coach import deal_span, review_steps
from game.simulate import play_game

SLICE = 0.035      # seconds: the page's slice (ui/controller.py, bot_step)
SHOWN_MS = 600     # target: the hint shown within this
TASK_MS = 100      # target: no main-thread task longer than this


def sliced(steps):
    """Run a generator as the page does; returns (its value, total seconds,
    the longest slice, the longest unit between two yields, the yields)."""
    total = longest = unit = 0.0
    yields = 0
    while True:
        start = last = time.perf_counter()
        try:
            while time.perf_counter() - start < SLICE:
                next(steps)
                yields += 1
                now = time.perf_counter()
                unit, last = max(unit, now - last), now
        except StopIteration as done:
            end = time.perf_counter()
            unit = max(unit, end - last)
            return done.value, total + end - start, max(longest, end - start), unit, yields
        spent = time.perf_counter() - start
        total += spent
        longest = max(longest, spent)


def positions(seed: int, count: int):
    """States along a game of normal bots, every few actions, until ``count``."""
    state = new_game("triple-play", seed=seed)
    bot = get_bot("normal")
    n = 0
    while state.phase != "game_end" and count:
        if state.phase == "deal_end":
            apply(state, {"type": "next_deal"})
            continue
        seat = state.to_move()
        n += 1
        if n % 11 == 0:
            count -= 1
            yield state
        apply(state, bot(observe(state, seat), seat, None))


def ms(seconds: float) -> float:
    return round(seconds * 1000, 1)


def hint_report(seed: int, count: int, budget: float) -> bool:
    times, slices, units, searched = [], [], [], []
    for i, state in enumerate(positions(seed, count)):
        steps = think(state, state.to_move(), random.Random(i), budget)
        _, total, longest, unit, yields = sliced(steps)
        times.append(total)
        slices.append(longest)
        units.append(unit)
        if yields:
            searched.append(total)
    times.sort()
    searched.sort()
    met = times[-1] * 1000 <= SHOWN_MS and max(slices) * 1000 <= TASK_MS
    print(json.dumps({"hint_ms": {"budget": budget, "positions": len(times),
                                  "median": ms(times[len(times) // 2]), "max": ms(times[-1]),
                                  "searched": len(searched),
                                  "median_searched": ms(searched[len(searched) // 2]),
                                  "longest_slice": ms(max(slices)), "longest_unit": ms(max(units)),
                                  "targets": {"shown": SHOWN_MS, "task": TASK_MS}, "met": met}}),
          flush=True)
    return met


def coach_report(seed: int, budget: float) -> bool:
    state = play_game("triple-play", seed, ["normal"], check_cards=False)
    steps = review_steps(state, 0, random.Random(seed), budget)
    found, total, longest, unit, _ = sliced(steps)
    start, end = deal_span(state)
    decisions = sum(a.get("seat") == 0 for a in state.log[start:end])
    met = longest * 1000 <= TASK_MS
    print(json.dumps({"coach_s": round(total, 2), "budget_per_decision": budget,
                      "decisions": decisions, "mistakes": [m.cost for m in found],
                      "longest_slice": ms(longest), "longest_unit": ms(unit), "met": met}),
          flush=True)
    return met


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--hints", type=int, default=30, help="positions to hint at")
    ap.add_argument("--budget", type=float, default=500, help="the hint's milliseconds")
    ap.add_argument("--coach-budget", type=float, default=200, help="the coach's ms a decision")
    a = ap.parse_args()
    ok = hint_report(a.seed, a.hints, a.budget)
    ok &= coach_report(a.seed, a.coach_budget)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
