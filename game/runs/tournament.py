"""Duplicate tournaments between two bots, for ``python -m game tournament``.

Side A sits at seats 0 and 2, side B at 1 and 3; every game seed is played
twice with the sides swapped, so both sides get the same cards and the luck
of the deal cancels out. A pair of games is the independent unit: the 95%
confidence intervals are taken over pairs (normal approximation). Each bot
is timed per move; the times are kept apart from the results (``timing``),
which are the same on any machine, quiet or busy. ``jobs`` spreads the
pairs over processes.

A side is one bot at both its seats (``hard``) or two joined by ``+``
(``hard+normal``: ``hard`` at the side's first seat, ``normal`` at its
partner's), as a person's side with a bot partner is. Where every player
plays alone (Simpson, Brouillette), A is the two players at A's seats: a
game is A's when one of them finishes first (a tie for first between A
and B is half), and its margin is their average total less the others'.

Besides who won, it says where A's margin came from: per deal, A's score
minus B's for each part of the deal's tally (melded cards, cards left,
canasta bonuses by kind, red 3s, going out), and how often each side went
out. That is what a change to a bot is judged by when the win rate is
still inside its confidence interval.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext

from game.bots import get_bot
from game.presets import get_preset
from game.runs.simulate import GameError, play_game

Z95 = 1.96


def side_bots(side: str) -> list[str]:
    """The bots of a side, by its seats in order: ``hard+normal`` is hard, then normal."""
    return side.split("+")


def seat_bots(a: str, b: str, a_seats: int, players: int = 4) -> list[str]:
    """Every seat's bot, side A at seats ``a_seats``, ``a_seats`` + 2, ...
    (sides alternate round the table), B at the others."""
    sides = (side_bots(a), side_bots(b)) if a_seats == 0 else (side_bots(b), side_bots(a))
    return [sides[i % 2][(i // 2) % len(sides[i % 2])] for i in range(players)]


class _Timed:
    """A bot function that adds up its own thinking time and moves."""

    def __init__(self, name: str):
        self.bot = get_bot(name)
        self.seconds = 0.0
        self.moves = 0

    def __call__(self, obs, seat, rng):
        start = time.perf_counter()
        action = self.bot(obs, seat, rng)
        self.seconds += time.perf_counter() - start
        self.moves += 1
        return action


def deal_parts(row: dict) -> dict[str, int]:
    """One side's row of a deal's tally (``scoring.deal_breakdown``), flattened."""
    parts = {"melded": row["melded"], "left": row["left"]}
    parts.update({f"{kind} canastas": v["points"] for kind, v in row["canastas"].items()})
    parts.update({"red 3s": row["red3"]["points"], "going out": row["going_out"]})
    return parts


def play_pair(preset: str, seed: int, a: str, b: str) -> dict:
    """Both games of one seed; margins and wins are A's, times per bot, and
    per part of the tally A's points minus B's summed over the deals."""
    out = {"seed": seed, "margins": [], "wins": [], "seconds": [0.0, 0.0], "moves": [0, 0],
           "errors": [], "parts": Counter(), "deals": 0, "went_out": [0, 0]}
    for a_seats in (0, 1):
        names = seat_bots(a, b, a_seats)
        timers = [_Timed(name) for name in names]
        try:
            state = play_game(preset, seed, names, choosers=timers, check_cards=False)
        except GameError as e:
            out["errors"].append({"seed": seed, "a_seats": a_seats, "error": str(e)})
            continue
        ours = {state.side_of(seat) for seat in range(state.num_players) if seat % 2 == a_seats}
        a_sides = sorted(ours)
        b_sides = [i for i in range(len(state.sides)) if i not in ours]
        totals = [s.total for s in state.sides]
        out["margins"].append(_mean(totals[i] for i in a_sides) - _mean(totals[i] for i in b_sides))
        top = max(totals)
        firsts = (any(totals[i] == top for i in a_sides), any(totals[i] == top for i in b_sides))
        out["wins"].append(0.5 if all(firsts) else 1.0 if firsts[0] else 0.0)
        for seat, timer in enumerate(timers):
            who = 0 if seat % 2 == a_seats else 1
            out["seconds"][who] += timer.seconds
            out["moves"][who] += timer.moves
        for deal in state.deal_results:
            mine = [deal_parts(deal["sides"][i]) for i in a_sides]
            theirs = [deal_parts(deal["sides"][i]) for i in b_sides]
            out["parts"].update({part: _mean(p[part] for p in mine) - _mean(p[part] for p in theirs)
                                 for part in mine[0]})
            if deal["went_out"] is not None:
                out["went_out"][state.side_of(deal["went_out"]) not in ours] += 1
            out["deals"] += 1
    return out


def _mean(values) -> float:
    values = list(values)
    return sum(values) / len(values)


def mean_ci(values: list[float]) -> tuple[float, float, float]:
    """Mean and 95% interval (normal approximation)."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0, 0.0
    mean = sum(values) / n
    if n == 1:
        return mean, mean, mean
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = Z95 * sd / math.sqrt(n)
    return mean, mean - half, mean + half


def pair_seeds(seed: int, games: int) -> list[int]:
    """The deal seeds of a tournament of ``games`` games (whole pairs) on ``seed``."""
    return [seed * 1_000_003 + i for i in range((games + 1) // 2)]


def tournament(preset: str, a: str, b: str, games: int, seed: int, jobs: int = 1,
               finished: dict[int, dict] | None = None, on_pair=None) -> dict:
    """Play ``games`` games (rounded up to whole duplicate pairs) of A against B;
    under ``timing`` the wall times, the only figures a machine's speed changes.
    ``finished``: pairs already played, by seed (a long run carried on:
    ``bench/bots.py --save``), which are not played again; ``on_pair`` is
    handed each pair played now, as it ends, in order."""
    get_preset(preset)  # refuse bad names before any work
    for name in side_bots(a) + side_bots(b):
        get_bot(name)
    finished = finished or {}
    seeds = pair_seeds(seed, games)
    todo = [s for s in seeds if s not in finished]
    start = time.perf_counter()
    args = ([preset] * len(todo), todo, [a] * len(todo), [b] * len(todo))
    by_seed = dict(finished)
    with ProcessPoolExecutor(jobs) if jobs > 1 and todo else nullcontext() as pool:
        for p in (pool.map if pool else map)(play_pair, *args):
            by_seed[p["seed"]] = p
            if on_pair:
                on_pair(p)
    pairs = [by_seed[s] for s in seeds]
    played = [p for p in pairs if p["margins"]]
    win_rate = mean_ci([sum(p["wins"]) / len(p["wins"]) for p in played])
    margin = mean_ci([sum(p["margins"]) / len(p["margins"]) for p in played])
    wins = [w for p in played for w in p["wins"]]
    secs = [sum(p["seconds"][i] for p in pairs) for i in (0, 1)]
    moves = [sum(p["moves"][i] for p in pairs) for i in (0, 1)]
    deals = sum(p["deals"] for p in pairs)
    parts = Counter()
    for p in pairs:
        parts.update(p["parts"])  # update, not +: keeps parts that net zero or less
    return {
        "preset": preset, "seed": seed, "bots": {"a": a, "b": b},
        "games": len(wins), "wins_a": wins.count(1.0), "wins_b": wins.count(0.0),
        "ties": wins.count(0.5),
        "win_rate_a": round(win_rate[0], 4), "win_rate_a_ci95": [round(win_rate[1], 4), round(win_rate[2], 4)],
        "margin_a": round(margin[0], 1), "margin_a_ci95": [round(margin[1], 1), round(margin[2], 1)],
        "moves": {"a": moves[0], "b": moves[1]},
        "deals": deals,
        "margin_per_deal_by_part": {part: round(points / max(deals, 1), 1) for part, points in parts.items()},
        "deals_gone_out": {side: round(sum(p["went_out"][i] for p in pairs) / max(deals, 1), 3)
                           for i, side in enumerate("ab")},
        "errors": [e for p in pairs for e in p["errors"]],
        "timing": {"seconds_per_move": {"a": round(secs[0] / max(moves[0], 1), 6),
                                        "b": round(secs[1] / max(moves[1], 1), 6)},
                   "seconds": round(time.perf_counter() - start, 2)},
    }
