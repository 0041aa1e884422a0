#!/usr/bin/env python3
"""How long a hint and the coach take, and how long the page would be busy at a time.

Hint: at positions along a game between ``normal`` bots (the player to move
each time), ``advice.think`` (hard's own fixed thinking), run the way the
page runs a bot (``ui.seats.bot_seat.BotSeat.move``): slices of about 35 ms, each a
loop of ``next`` until 35 ms have passed, the page free in between. Prints
the time until the hint is known (the slices' time; in the page add a few
ms per slice for the page's own work) against the target (shown within
600 ms), overall and where hard searched (the rest are forced moves), and
the longest slice and the longest single unit (the work between two
yields) against the target for a main-thread task (100 ms).
Coach: ``coach.review_steps`` over the last deal of a whole game (its
log replayed from the start, as the page's would be), seat 0, in the same
slices: its total time, decisions, and its longest slice and unit.

Timings are wall time (run it on a quiet machine), but for the longest
unit also in CPU time (``longest_unit_cpu``), which a busy machine does not
inflate (under Pyodide it is wall time again). Under CPython the figures
are a proxy for the page; ``bench/pyodide.mjs`` runs the same script under
the page's Pyodide in Node:

    python3 -m bench.advice [--seed 1] [--hints 30]
    node bench/pyodide.mjs bench/advice.py [the same options]
"""

import argparse
import json
import sys
import time
from dataclasses import dataclass

from game import apply, new_game, observe
from game.advice.coach import deal_span, review_steps
from game.advice.hints import think
from game.bots import get_bot
from game.runs.simulate import play_game

SLICE = 0.035      # seconds: the page's slice (ui/seats/bot_seat.py, BotSeat.move)
SHOWN_MS = 600     # target: the hint shown within this
TASK_MS = 100      # target: no main-thread task longer than this


@dataclass
class Run:
    """A generator run as the page runs it (seconds)."""

    value: object = None
    wall: float = 0.0       # the slices' time, the page's gaps left out
    cpu: float = 0.0        # the same in CPU time
    slice: float = 0.0      # the longest slice
    unit: float = 0.0       # the longest unit between two yields
    unit_cpu: float = 0.0   # the longest unit in CPU time
    yields: int = 0


def sliced(steps) -> Run:
    """Run a generator as the page does: slices of ``SLICE`` seconds."""
    run = Run()
    while True:
        start = last = time.perf_counter()
        start_cpu = last_cpu = time.process_time()
        try:
            while time.perf_counter() - start < SLICE:
                next(steps)
                run.yields += 1
                now, now_cpu = time.perf_counter(), time.process_time()
                run.unit, last = max(run.unit, now - last), now
                run.unit_cpu, last_cpu = max(run.unit_cpu, now_cpu - last_cpu), now_cpu
        except StopIteration as done:
            run.value = done.value
        end, end_cpu = time.perf_counter(), time.process_time()
        run.wall += end - start
        run.cpu += end_cpu - start_cpu
        run.slice = max(run.slice, end - start)
        if run.value is not None:
            run.unit = max(run.unit, end - last)
            run.unit_cpu = max(run.unit_cpu, end_cpu - last_cpu)
            return run


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


def hint_report(seed: int, count: int) -> bool:
    runs = [sliced(think(state, state.to_move())) for state in positions(seed, count)]
    times = sorted(r.wall for r in runs)
    searched = sorted(r.wall for r in runs if r.yields)
    slice_ = max(r.slice for r in runs)
    met = times[-1] * 1000 <= SHOWN_MS and slice_ * 1000 <= TASK_MS
    print(json.dumps({"hint_ms": {
        "positions": len(runs), "median": ms(times[len(times) // 2]),
        "max": ms(times[-1]), "max_cpu": ms(max(r.cpu for r in runs)), "searched": len(searched),
        "median_searched": ms(searched[len(searched) // 2]), "longest_slice": ms(slice_),
        "longest_unit": ms(max(r.unit for r in runs)),
        "longest_unit_cpu": ms(max(r.unit_cpu for r in runs)),
        "targets": {"shown": SHOWN_MS, "task": TASK_MS}, "met": met}}), flush=True)
    return met


def coach_report(seed: int) -> bool:
    state = play_game("triple-play", seed, ["normal"], check_cards=False)
    run = sliced(review_steps(state, 0))
    start, end = deal_span(state)
    decisions = sum(a.get("seat") == 0 for a in state.log[start:end])
    met = run.slice * 1000 <= TASK_MS
    print(json.dumps({"coach_s": round(run.wall, 2), "cpu_s": round(run.cpu, 2),
                      "decisions": decisions,
                      "mistakes": [m.cost for m in run.value], "longest_slice": ms(run.slice),
                      "longest_unit": ms(run.unit), "longest_unit_cpu": ms(run.unit_cpu),
                      "met": met}), flush=True)
    return met


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--hints", type=int, default=30, help="positions to hint at")
    a = ap.parse_args()
    ok = hint_report(a.seed, a.hints)
    ok &= coach_report(a.seed)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
