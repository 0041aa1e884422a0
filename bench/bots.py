#!/usr/bin/env python3
"""Bot strength and speed: the duplicate tournaments behind the targets.

First the thinking time: ``easy`` and ``normal`` per move over a game
between them (target: under 20 ms a move), then ``hard`` per decision over
``--think-games`` games with ``hard`` at every seat, by kind of decision
(draw or take the pile, meld, discard, ask to go out, answer), counting
only the decisions it searched (the others are forced or single-option
moves, answered at once): p50, p95 and the most, in CPU time. Under
``bench/pyodide.mjs`` (the page's Pyodide in Node) it also prints the
phone profile's figure, Pyodide's time x4 (a CPU four times slower),
against the targets: p95 at most 1.0 s a searched decision, 1.5 s an ask
or an answer (whose look-aheads are six times as long).

Then the tournaments (``game.runs.tournament``, duplicate games), each with its
win rate and 95% interval, the score margin (and per deal, which parts of
the tally it came from), the wall time per move, and whether its target
holds (the win rate at least the target, its interval clear of 50%):

- ``normal-easy``: ``normal`` against ``easy``, 90%;
- ``hard-normal``: ``hard`` against ``normal``, 75%;
- ``hard-perturbed``: ``hard`` against a perturbed normal (``normal~1``,
  ``game/bots/perturbed.py``): normal has no fitted numbers of its own
  (``fitted.json`` is hard's), so each of its hand-set ones (keep scores,
  the pile's worth, the answer's threshold, when it takes and holds back)
  is multiplied by exp(N(0, 0.3)) and each of its counts moved by -1, 0 or
  +1, drawn anew for each game from a stream seeded by the perturbation's
  number and the game's seed (both games of a pair meet the same one),
  while hard's look-aheads still model every other seat as the real
  normal: 70%, so hard's edge is not only its model of normal;
- ``partner``: a side of ``hard`` partnered with ``normal`` (hard at the
  side's first seat) against two ``normal`` bots, as a person's bot partner
  would be measured: 60%;
- ``normal-outside`` and ``hard-outside``: ``normal`` (60%) and ``hard``
  (75%) against ``outside`` (``game/bots/outside.py``), a plain heuristic
  another project describes, a style nobody here wrote.

A full game is ~350 turns; a game of hard against normal takes some 4 s
of CPU, one with a single hard seat about half that. Keep the seeds of an
evaluation apart from those a change was tuned on (``--seed``).
A hard decision is a fixed amount of work, so the games are the same on
any machine; only the times change.

A long tournament can be carried on across sessions: ``--save FILE``
keeps each pair as it ends (a JSON line) and plays only the pairs FILE
lacks; the figures printed are of all the pairs asked for (``--games``:
fewer than FILE holds gives the figure of its first ones).

    python3 -m bench.bots [--games 200] [--jobs 2] [--seed 1] [--think-games 2] [--preset triple-play]
    python3 -m bench.bots --only partner --games 2000 --seed 9701 --save partner-9701.jsonl
    node bench/pyodide.mjs bench/bots.py --only think
"""

import argparse
import json
import sys
import time
from collections import defaultdict

from game.bots import get_bot
from game.bots.focused import kind_of
from game.presets import DEFAULT_PRESET, PRESETS, get_preset
from game.runs.simulate import play_game
from game.runs.tournament import pair_seeds, tournament

# (tournament, side A, side B, target win rate of A)
MATCHES = [("normal-easy", "normal", "easy", 0.90), ("hard-normal", "hard", "normal", 0.75),
           ("hard-perturbed", "hard", "normal~1", 0.70), ("partner", "hard+normal", "normal", 0.60),
           ("normal-outside", "normal", "outside", 0.60), ("hard-outside", "hard", "outside", 0.75)]
FAST_MS = 20           # easy and normal: the most a move may take
PHONE = 4              # the phone profile: a CPU this many times slower than Node's
PHONE_P95_S = {"ask": 1.5, "answer": 1.5}  # the most a searched decision may take there, p95
PHONE_P95_DEFAULT_S = 1.0
IN_PYODIDE = sys.platform == "emscripten"


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[int(share * (len(ordered) - 1))]


def timed(bot, times: list[float]):
    """``bot``, adding each move's CPU seconds to ``times``."""
    def choose(obs, seat, rng):
        start = time.process_time()
        action = bot(obs, seat, rng)
        times.append(time.process_time() - start)
        return action
    return choose


def fast_levels(preset: str, seed: int) -> dict[str, list[float]]:
    """CPU seconds per move of ``easy`` and ``normal`` over one game between them."""
    times = {"easy": [], "normal": []}
    play_game(preset, seed, ["easy", "normal"], check_cards=False,
              choosers=[timed(get_bot("easy"), times["easy"]), timed(get_bot("normal"), times["normal"])] * 2)
    return times


def hard_decisions(preset: str, games: int, seed: int) -> dict[str, list[float]]:
    """CPU seconds per searched decision of ``hard`` by kind, over ``games``
    games with hard at every seat."""
    hard = get_bot("hard")
    times = defaultdict(list)

    def choose(obs, seat, rng):
        start = time.process_time()
        action = hard(obs, seat, rng)
        spent = time.process_time() - start
        if hard.measured:  # it searched (a forced move measures nothing)
            times[kind_of(hard.choose(obs, seat))].append(spent)
        return action
    players = get_preset(preset).players
    for g in range(games):
        play_game(preset, seed * 1_000_003 + g, ["hard"], check_cards=False, choosers=[choose] * players)
    return times


def time_report(preset: str, seed: int, games: int) -> bool:
    ok = True
    for name, secs in fast_levels(preset, seed).items():
        ms = [s * 1000 for s in secs]
        met = max(ms) <= FAST_MS
        ok &= met
        print(json.dumps({"think_ms": name, "moves": len(ms), "mean": round(sum(ms) / len(ms), 2),
                          "p95": round(percentile(ms, 0.95), 2), "max": round(max(ms), 2),
                          "limit": FAST_MS, "met": met}), flush=True)
    for kind, secs in sorted(hard_decisions(preset, games, seed).items()):
        ms = [s * 1000 for s in secs]
        row = {"think_ms": f"hard {kind}", "runtime": "pyodide" if IN_PYODIDE else "cpython",
               "searched": len(ms), "p50": round(percentile(ms, 0.5), 1),
               "p95": round(percentile(ms, 0.95), 1), "max": round(max(ms), 1)}
        if IN_PYODIDE:
            limit = PHONE_P95_S.get(kind, PHONE_P95_DEFAULT_S)
            phone = PHONE * percentile(secs, 0.95)
            row.update({"phone_p95_s": round(phone, 2), "limit_s": limit, "met": phone <= limit})
            ok &= row["met"]
        print(json.dumps(row), flush=True)
    return ok


# The longest run a --save file may hold, in games: a file of a longer run
# than the one asked for gives the figure of the pairs asked for.
SAVE_GAMES = 100_000
# A saved pair's fields and their types (game.runs.tournament.play_pair's result).
PAIR_FIELDS = {"seed": int, "margins": list, "wins": list, "seconds": list, "moves": list,
               "errors": list, "parts": dict, "deals": int, "went_out": list}


def read_pair(line: str, key: list, seeds: set[int]) -> dict | str:
    """One line of a ``--save`` file: its pair, or what is wrong with it."""
    try:
        row = json.loads(line)
    except ValueError:
        return "not JSON"
    if not isinstance(row, dict) or row.get("tournament") != key:
        return f"not a pair of this tournament {key}"
    pair = {k: v for k, v in row.items() if k != "tournament"}
    if set(pair) != set(PAIR_FIELDS) or any(type(pair[k]) is not t for k, t in PAIR_FIELDS.items()):
        return f"a pair has the fields {sorted(PAIR_FIELDS)}, of the types play_pair gives"
    numbers = pair["margins"] + pair["wins"] + pair["seconds"] + pair["moves"] + pair["went_out"] + \
        list(pair["parts"].values())
    if not all(type(v) in (int, float) for v in numbers) or not len(pair["margins"]) == len(pair["wins"]) <= 2:
        return "a pair's figures are numbers, a win and a margin a game"
    if pair["seed"] not in seeds:
        return f"seed {pair['seed']} is not one of this tournament's"
    return pair


def saved_pairs(path: str, key: list, games: int) -> dict[int, dict]:
    """The pairs a ``--save`` file holds among the first ``games`` games of
    its tournament, by seed; a file that is not one tournament's pairs is
    refused, naming the line."""
    try:
        with open(path) as f:
            lines = f.read().splitlines()
    except FileNotFoundError:
        return {}
    seed = key[-1]
    pairs, known, wanted = {}, set(pair_seeds(seed, SAVE_GAMES)), set(pair_seeds(seed, games))
    for n, line in enumerate(lines, 1):
        pair = read_pair(line, key, known)
        if isinstance(pair, str):
            sys.exit(f"{path}, line {n}: {pair}.")
        if pair["seed"] in wanted:
            pairs[pair["seed"]] = pair
    return pairs


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="games per tournament (both seatings counted)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--preset", default=DEFAULT_PRESET, choices=sorted(PRESETS))
    ap.add_argument("--think-games", type=int, default=2, help="games of hard timed per decision")
    ap.add_argument("--only", choices=["think"] + [m[0] for m in MATCHES],
                    help="the thinking times alone, or one tournament")
    ap.add_argument("--games-only", action="store_true", help="skip the thinking times")
    ap.add_argument("--save", metavar="FILE", help="with --only a tournament: keep each pair in FILE as it ends, "
                    "play only the pairs it lacks")
    a = ap.parse_args(argv)
    if a.save and a.only in (None, "think"):
        ap.error("--save keeps one tournament's pairs: name it with --only")
    ok = True
    if not a.games_only and a.only in (None, "think"):
        ok &= time_report(a.preset, a.seed, a.think_games)
    for match, top, other, target in MATCHES:
        if a.only and a.only != match:
            continue
        finished, keep = {}, None
        if a.save:
            key = [a.preset, top, other, a.seed]
            finished = saved_pairs(a.save, key, a.games)

            def keep(pair, key=key):
                with open(a.save, "a") as f:
                    f.write(json.dumps({"tournament": key, **pair}) + "\n")
        result = tournament(a.preset, top, other, a.games, a.seed, a.jobs, finished, keep)
        met = result["win_rate_a"] >= target and result["win_rate_a_ci95"][0] > 0.5
        ok &= met
        print(json.dumps({
            "match": f"{top} vs {other}", "preset": a.preset, "seed": a.seed, "games": result["games"],
            "win_rate": result["win_rate_a"], "win_rate_ci95": result["win_rate_a_ci95"],
            "margin": result["margin_a"], "margin_ci95": result["margin_a_ci95"],
            "margin_per_deal_by_part": result["margin_per_deal_by_part"],
            "deals_gone_out": result["deals_gone_out"],
            "ms_per_move": {k: round(v * 1000, 2) for k, v in result["timing"]["seconds_per_move"].items()},
            "errors": len(result["errors"]), "seconds": result["timing"]["seconds"],
            "target": target, "met": met}), flush=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
