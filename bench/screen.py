#!/usr/bin/env python3
"""Screen a change to a bot: the same duplicate deals before and after, compared pair by pair.

A tournament of a few hundred games cannot tell a bot two points stronger
from the one before (its 95% interval is some +-5 points). Played on the
same deals, the two versions' results move together, so the difference of
each pair of games is far less spread than either result: 800 games tell
about +-1 to 2 points apart. A bot's game is the same on any machine (its
thinking is a fixed amount of work), so a run saved once stands for the
code it ran until that code changes.

``hard`` plays light by default (12 samples a search, 200 sampled hands
a discard, as ``--samples`` and ``--hands`` say): a game in about half
the time, and as strong against ``normal`` as the full bot within the
screens' reach (bench/LOG.md).
A screen says whether a change is worth a full run (``bench/bots.py``) on
seeds never used while screening; it is not the figure of a target.

    python3 -m bench.screen --match hard-normal --games 800 --seed 9501 --save /tmp/before.json
    (change the bot)
    python3 -m bench.screen --match hard-normal --games 800 --seed 9501 --against /tmp/before.json

``--a`` plays another bot for side A, such as ``hard@answer`` (``hard``
at its answers only, ``normal`` elsewhere: ``game/bots/focused.py``), to
tell where ``hard``'s edge comes from, or ``seer`` (``hard`` told every
hidden card: ``game/bots/seer.py``), to tell how far its search can reach;
``seer@hands`` is told every hand, at the light ``hard``'s samples.
"""

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from bench.bots import MATCHES
from game.bots import get_bot
from game.errors import RulesError
from game.presets import DEFAULT_PRESET, PRESETS
from game.runs.tournament import mean_ci, pair_seeds, play_pair, side_bots

LIGHT_SAMPLES = 12
LIGHT_HANDS = 200


def lighten(samples: int, hands: int) -> None:
    """This process's ``hard`` searches ``samples`` deals and deals ``hands`` hands a discard."""
    from game.bots import hard
    hard.choose = hard.Hard(samples=samples, hands=hands)


def play(preset: str, a: str, b: str, games: int, seed: int, jobs: int, samples: int, hands: int) -> list[dict]:
    """Each pair of games: its seed, A's wins (1, 0.5, 0) and A's margins, seats 0 then 1."""
    seeds = pair_seeds(seed, games)
    with ProcessPoolExecutor(jobs, initializer=lighten, initargs=(samples, hands)) as pool:
        pairs = pool.map(play_pair, [preset] * len(seeds), seeds, [a] * len(seeds), [b] * len(seeds))
        return [{"seed": p["seed"], "wins": p["wins"], "margins": p["margins"]} for p in pairs if p["wins"]]


def paired(before: list[dict], after: list[dict]) -> dict:
    """After against before, over the pairs both played: the win rates, and
    per pair the difference in games won (as a share) and in margin, with
    95% intervals; and how many games only one of the two won."""
    old = {p["seed"]: p for p in before}
    both = [(old[p["seed"]], p) for p in after if p["seed"] in old]
    if not both:
        raise SystemExit("The two runs share no deals: screen with the saved run's --seed and --games.")

    def share(p):
        return sum(p["wins"]) / len(p["wins"])

    def margin(p):
        return sum(p["margins"]) / len(p["margins"])

    won = mean_ci([share(n) - share(o) for o, n in both])
    by = mean_ci([margin(n) - margin(o) for o, n in both])
    games = [(w0, w1) for o, n in both for w0, w1 in zip(o["wins"], n["wins"])]
    return {"games": len(games),
            "before": sum(share(o) for o, _ in both) / len(both),
            "after": sum(share(n) for _, n in both) / len(both),
            "won": won, "margin": by,
            "only_after": sum(w1 > w0 for w0, w1 in games),
            "only_before": sum(w0 > w1 for w0, w1 in games)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--match", default="hard-normal", choices=[m[0] for m in MATCHES])
    ap.add_argument("--games", type=int, default=800, help="games (both seatings counted)")
    ap.add_argument("--seed", type=int, default=9501)
    ap.add_argument("--preset", default=DEFAULT_PRESET, choices=sorted(PRESETS))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--samples", type=int, default=LIGHT_SAMPLES, help="hard's deals a search")
    ap.add_argument("--hands", type=int, default=LIGHT_HANDS, help="hard's sampled hands a discard")
    ap.add_argument("--a", help="side A's bot instead of the match's (hard@answer, seer+normal, ...)")
    ap.add_argument("--save", help="write this run's pairs to FILE")
    ap.add_argument("--against", help="compare with the pairs of a run saved in FILE")
    args = ap.parse_args()
    _, a, b, _ = next(m for m in MATCHES if m[0] == args.match)
    if args.a:
        try:
            for name in side_bots(args.a):  # an unknown name is refused before any game
                get_bot(name)
        except RulesError as e:
            raise SystemExit(str(e)) from None
        a = args.a
    saved = None
    if args.against:
        with open(args.against) as f:
            saved = json.load(f)
        if (saved["match"], saved["preset"]) != (args.match, args.preset):
            raise SystemExit(f"The saved run is {saved['match']} on {saved['preset']}, not this one.")
    start = time.perf_counter()
    pairs = play(args.preset, a, b, args.games, args.seed, args.jobs, args.samples, args.hands)
    games = sum(len(p["wins"]) for p in pairs)
    rate = mean_ci([sum(p["wins"]) / len(p["wins"]) for p in pairs])
    print(f"{args.match} ({a} against {b}), {args.preset}, {games} games, seed {args.seed}, "
          f"hard at {args.samples} samples and {args.hands} hands: {100 * rate[0]:.1f}% "
          f"({100 * rate[1]:.1f}-{100 * rate[2]:.1f}%), {time.perf_counter() - start:.0f} s")
    if args.save:
        with open(args.save, "w") as f:
            json.dump({"match": args.match, "preset": args.preset, "seed": args.seed, "a": a, "pairs": pairs}, f)
    if saved:
        d = paired(saved["pairs"], pairs)
        won, by = d["won"], d["margin"]
        print(f"against the saved run ({saved['a']} against {b}), {d['games']} games: "
              f"{100 * d['before']:.1f}% -> {100 * d['after']:.1f}%, "
              f"{100 * won[0]:+.1f} points of games won ({100 * won[1]:+.1f} to {100 * won[2]:+.1f}), "
              f"margin {by[0]:+.0f} a game ({by[1]:+.0f} to {by[2]:+.0f}); "
              f"won only after {d['only_after']}, only before {d['only_before']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
