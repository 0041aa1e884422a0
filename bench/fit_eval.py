#!/usr/bin/env python3
"""Fit the weights of ``game/bots/evaluate.py`` to real deal results.

Plays --games games of ``normal`` bots under one preset, notes the
features of its first side and of one other side at a random third of the
draws (just after the draw or pile take, where ``hard``'s look-ahead
stops), and when the deal ends, their final score difference. A
least-squares fit (each weight a straight line in the share of the stock
left) then gives the evaluation's weights for that preset (with --write,
stored in game/bots/fitted.json under the preset's name, where evaluate.py
reads them). Prints the fit's R^2 on held-out games (every fifth), for the
new weights and for the ones in force, and how far the final difference
strays from each (``RESIDUAL_SD`` in hard.py: the spread ``hard`` assumes
for what its look-ahead cannot see; --write stores the new weights').
Standard library only.

    python3 -m bench.fit_eval [--games 4000] [--seed 5] [--preset triple-play] [--jobs 2] [--write]
    python3 -m bench.fit_eval --ceiling 8 --games 300 --seed 17
    python3 -m bench.fit_eval --side hard --games 900 --seed 31

With --side hard, one side of each game is ``hard`` (light), so the fit and
the R^2 of the weights in force are measured on positions of its games.

With --ceiling K it fits nothing: at a twentieth of the draws it plays
the deal out K times, the stock shuffled afresh each time (every hand, knee
and foot as they are), and prints how much of the final difference the
whole position could tell at best (R^2 of the continuations' own mean,
over what the shuffles leave) and how much of that the weights in force
tell.

Rows are stored sparse (most of the big-canasta table's cells are zero in
any one position), so the fit itself takes seconds; playing the 4000 games
takes about 8 minutes on two cores.
"""

import argparse
import math
import random
from concurrent.futures import ProcessPoolExecutor

from bench.normal_games import normal_decisions
from bench.screen import LIGHT_HANDS, LIGHT_SAMPLES, lighten
from game.bots import evaluate as E
from game.bots import fitted, get_bot
from game.bots.determinize import deal_into
from game.deal import new_game
from game.engine import apply
from game.names import Act, Phase
from game.presets import get_preset
from game.runs.tournament import seat_bots
from game.view import observe

SAMPLE = 0.3  # share of draws noted (neighbouring turns say much the same)
RIDGE = 1e-9
FIXED = ("banked",)
# Each side is in exactly one cell of a big canasta's table, so a constant
# added to a whole table changes no difference: its "none held" cell is the
# zero (left free, the system would be singular).
ZERO = tuple(name for name in E.FEATURES if name.endswith("_held_0"))


def collect(preset: str, games: int, seed: int, jobs: int = 1, side: str = "normal"):
    """Rows (game, feature differences, stock share, value in force, final
    difference), the differences as {feature name: value} without zeros.
    ``side``: one side's bot, its seats alternating game by game (``hard``
    plays light, as in bench/screen.py), the other side ``normal``."""
    if jobs <= 1:
        lighten(LIGHT_SAMPLES, LIGHT_HANDS)
        return _collect(preset, range(games), seed, side)
    with ProcessPoolExecutor(jobs, initializer=lighten, initargs=(LIGHT_SAMPLES, LIGHT_HANDS)) as pool:
        parts = pool.map(_collect, [preset] * jobs, [range(j, games, jobs) for j in range(jobs)],
                         [seed] * jobs, [side] * jobs)
        return sorted((row for part in parts for row in part), key=lambda row: row[0])


def _collect(preset: str, games: range, seed: int, side: str = "normal"):
    rules = get_preset(preset)
    rows = []
    for g in games:
        names = seat_bots(side, "normal", g % 2, rules.players)
        bots = [get_bot(n) for n in names]
        state = new_game(rules, seed=seed * 1_000_003 + g, bots=names)
        rng = random.Random(g)
        pending = []
        while state.phase != "game_end":
            if state.phase == "deal_end":
                totals = [side["total"] for side in state.deal_results[-1]["sides"]]
                rows += [(g, x, t, v, totals[0] - totals[k]) for x, t, v, k in pending]
                pending = []
                apply(state, {"type": "next_deal"})
                continue
            seat = state.to_move()
            drawing = state.phase == "draw"
            apply(state, bots[seat](observe(state, seat), seat, rng))
            if drawing and state.phase == "play" and rng.random() < SAMPLE:
                k = rng.randrange(1, len(state.sides))  # side 0 against one other side
                a, b = E.features(state, 0), E.features(state, k)
                x = {n: a.get(n, 0.0) - b.get(n, 0.0) for n in a.keys() | b.keys()}
                pending.append(({n: v for n, v in x.items() if v}, E.stock_share(state),
                                E.side_value(state, 0) - E.side_value(state, k), k))
    return rows


def knowable(preset: str, games: int, seed: int, k: int, jobs: int = 1):
    """Per position noted (a twentieth of the draws of ``normal`` games):
    (the evaluation in force of side 0 against one other side, that
    difference at the deal's end in ``k`` continuations, each with the stock
    shuffled afresh)."""
    with ProcessPoolExecutor(jobs) as pool:
        parts = pool.map(_knowable, [preset] * jobs, [range(j, games, jobs) for j in range(jobs)],
                         [seed] * jobs, [k] * jobs)
        return [row for part in parts for row in part]


def _knowable(preset: str, games: range, seed: int, k: int):
    bot = get_bot("normal")
    rows = []
    for g in games:
        for state, _, _, _, rng in normal_decisions(preset, seed, g):
            drawn = state.phase == Phase.PLAY and state.log[-1]["type"] in (Act.DRAW, Act.TAKE_PILE)
            if not drawn or rng.random() >= SAMPLE / 6:
                continue
            other = rng.randrange(1, len(state.sides))
            ends = []
            for _ in range(k):
                world = state.clone()
                stock = [c for pile in world.stocks for c in pile]
                rng.shuffle(stock)
                deal_into(world.stocks, stock)
                while not world.deal_over:
                    apply(world, bot(observe(world, world.to_move()), world.to_move(), rng))
                totals = [side["total"] for side in world.deal_results[-1]["sides"]]
                ends.append(totals[0] - totals[other])
            rows.append((E.side_value(state, 0) - E.side_value(state, other), ends))
    return rows


def ceiling(rows) -> tuple[float, float]:
    """(the R^2 a perfect evaluation of the whole position would reach against
    one deal's end, the share of the continuations' mean that the evaluation
    in force tells), from ``knowable``'s rows: the first is 1 less the spread
    the shuffles leave around each position's mean, over the whole spread;
    the second is that evaluation's R^2 against the means, the shuffles'
    share of their spread taken out."""
    k = len(rows[0][1])
    ends = [y for _, ys in rows for y in ys]
    mean = sum(ends) / len(ends)
    total = sum((y - mean) ** 2 for y in ends) / len(ends)
    noise = sum(sum((y - sum(ys) / k) ** 2 for y in ys) / (k - 1) for _, ys in rows) / len(rows)
    means = [sum(ys) / k for _, ys in rows]
    missed = sum((m - v) ** 2 for (v, _), m in zip(rows, means)) / len(rows) - noise / k
    return 1 - noise / total, 1 - missed / (total - noise)


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(n):
            if r != col and m[r][col]:
                k = m[r][col] / m[col][col]
                m[r] = [x - k * y for x, y in zip(m[r], m[col])]
    return [m[i][n] / m[i][i] for i in range(n)]


def fit(rows, used: list[str]) -> list[float]:
    """Least squares on the columns (x, x * t) of the used features: their
    weights at the stock's end, then their slopes. A row's x is sparse
    ({name: value}), so only its nonzero products are summed."""
    n = len(used)
    column = {name: j for j, name in enumerate(used)}
    ata = [[0.0] * (2 * n) for _ in range(2 * n)]
    atb = [0.0] * (2 * n)
    for _, x, t, _, y in rows:
        z = [(column[name], v) for name, v in x.items() if name in column]
        z += [(j + n, v * t) for j, v in z]
        for i, u in z:
            atb[i] += u * y
            row = ata[i]
            for j, v in z:
                row[j] += u * v
    # Features that always move together (in a game of two piles a player
    # has one pile left or none, so the two counts' differences cancel) make
    # the system singular: a ridge of RIDGE times each column's own square
    # splits their weight and leaves every prediction as it was.
    for i in range(2 * n):
        ata[i][i] *= 1 + RIDGE
    return solve(ata, atb)


def r2(pred: list[float], ys: list[float]) -> float:
    mean = sum(ys) / len(ys)
    return 1 - sum((y - p) ** 2 for p, y in zip(pred, ys)) / sum((y - mean) ** 2 for y in ys)


def residual_spread(rows) -> tuple[float, float]:
    """The root mean square of the final difference less the evaluation in
    force, per tenth of the stock share, and a line through those weighted by
    their positions: (at an empty stock, per share of it left)."""
    bins = {}
    for _, _, t, v, y in rows:
        bins.setdefault(min(9, int(t * 10)), []).append((y - v) ** 2)
    points = [((b + 0.5) / 10, math.sqrt(sum(r) / len(r)), len(r)) for b, r in bins.items()]
    n = sum(k for _, _, k in points)
    mean_t = sum(t * k for t, _, k in points) / n
    mean_s = sum(s * k for _, s, k in points) / n
    slope = sum(k * (t - mean_t) * (s - mean_s) for t, s, k in points) / \
        sum(k * (t - mean_t) ** 2 for t, _, k in points)
    return mean_s - slope * mean_t, slope


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=4000)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--preset", default="triple-play")
    ap.add_argument("--jobs", type=int, default=2, help="processes playing the games")
    ap.add_argument("--side", default="normal", help="one side's bot, the other normal (hard plays light)")
    ap.add_argument("--write", action="store_true", help=fitted.WRITE_HELP)
    ap.add_argument("--ceiling", type=int, metavar="K",
                    help="fit nothing: how much of a deal's end the position tells, K continuations each")
    a = ap.parse_args()
    if a.ceiling:
        rows = knowable(a.preset, a.games, a.seed, a.ceiling, a.jobs)
        best, told = ceiling(rows)
        print(f"{len(rows)} positions, {a.ceiling} continuations each: the whole position tells at best "
              f"R^2 {best:.3f} of one deal's end; the weights in force tell {told:.1%} of that")
        return
    rows = collect(a.preset, a.games, a.seed, a.jobs, a.side)
    train = [r for r in rows if r[0] % 5]
    test = [r for r in rows if not r[0] % 5]
    # Fixed weights: points banked are banked (left free, the fit would trade
    # them against promises and could prefer an unfinished canasta to a
    # finished one); a feature that never differs (a red 3 is never held in
    # triple-play) keeps its weight.
    seen = {name for r in train for name in r[1]}
    fixed = [name for name in E.FEATURES if name in FIXED + ZERO or name not in seen]
    used = [name for name in E.FEATURES if name not in fixed]
    in_force = E.WEIGHTS[E.fit_name(get_preset(a.preset))]
    weights = {name: (0.0, 0.0) if name in ZERO else in_force.get(name, (0.0, 0.0))
               for name in E.FEATURES}
    w = fit([(g, x, t, v, y - sum(x.get(name, 0.0) * weights[name][0] for name in fixed))
             for g, x, t, v, y in train], used)
    for j, name in enumerate(used):
        end, slope = w[j], w[j + len(used)]
        weights[name] = (round(end, 3), round(end + slope, 3))
    ys = [r[4] for r in test]
    new = [E.weighted(xs, t, weights) for _, xs, t, _, _ in test]
    print(f"{len(train)} positions to fit, {len(test)} held out; R^2 on those: "
          f"new weights {r2(new, ys):.3f}, weights in force {r2([r[3] for r in test], ys):.3f}")
    print("WEIGHTS = {")
    for name, (end, start) in weights.items():
        print(f"    {name!r}: ({end}, {start}),")
    print("}")
    end, slope = residual_spread(rows)
    print(f"RESIDUAL_SD = ({end:.0f}, {slope:.0f})  # the spread left by the weights in force")
    end, slope = residual_spread([(g, x, t, E.weighted(x, t, weights), y) for g, x, t, _, y in rows])
    print(f"RESIDUAL_SD = ({end:.0f}, {slope:.0f})  # the spread left by the new weights")
    if a.write:
        presets = {**E.FITS, a.preset: {"weights": {name: list(w) for name, w in weights.items()},
                                        "residual_sd": [float(round(end)), float(round(slope))]}}
        fitted.save("evaluation", {"presets": presets})
        print(f"written to {fitted.PATH} for {a.preset}")


if __name__ == "__main__":
    main()
