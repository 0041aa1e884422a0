#!/usr/bin/env python3
"""How long the links of games across phones grow, and what their
cryptography costs outside the page: plays whole games between phones
with real P-256 keys (tests/phones.py), every seat a ``normal`` bot, and
prints the longest link over the deals played, for four players (two
friends and two bots, and four friends) and for six, then the median time
of each cryptographic step in CPython's ``cryptography`` (the page's
WebCrypto prints its own: bench.friends_page), then the median time to read
a saved record back (Friends.load, which every link opened on the page
starts with) at the start of each deal of a four-deal game (CPython; the
page's Pyodide is some 2-3x slower, the phone profile 4x more). Needs the
dev requirements (``cryptography``).

    python3 -m bench.friends_links [--deals 200] [--seed 1] [--games 3]
"""

import argparse
import json
import random
import statistics
import time

from game.friends import crypto as K
from game.friends.record import Friends
from tests import phones as P

TABLES = [
    ("triple-play, 2 friends + 2 bots", "triple-play", [0, "normal", 1, "normal"], 2000),
    ("triple-play, 4 friends", "triple-play", [0, 1, 2, 3], 2000),
    ("hand-and-foot, 4 friends", "hand-and-foot", [0, 1, 2, 3], 2000),
    ("hand-and-foot, 6: 3 friends + 3 bots", "hand-and-foot", [0, 1, 2, "normal", "normal", "normal"], 2500),
    ("hand-and-foot, 6 friends", "hand-and-foot", [0, 1, 2, 3, 4, 5], 2500),
]


def longest(preset: str, seats: list, deals: int, seed: int) -> tuple[int, int, int]:
    """(deals played, links sent, the longest link's characters)."""
    played = sent = worst = 0
    game = seed
    while played < deals:
        rng = random.Random(game)
        phones = P.start(preset, seats, rng)
        links = P.play(phones, rng)
        played += phones[0].record.position.deal
        sent += len(links)
        worst = max(worst, max(map(len, links)))
        game += 1
    return played, sent, worst


def crypto_times(rounds: int = 200) -> dict[str, float]:
    a, b = P.Phone("a"), P.Phone("b")
    key = bytes(32)
    plain = bytes(46)
    steps = {
        "sign": lambda: a.answer(K.Sign(plain)),
        "verify": lambda: b.answer(K.Verify(a.sign_key, plain, sig)),
        "seal (ECDH + AES-GCM)": lambda: a.answer(K.Seal(b.seal_key, b"x", plain)),
        "unseal": lambda: b.answer(K.Unseal(a.seal_key, b"x", blob)),
        "lock (AES-GCM)": lambda: a.answer(K.Lock(key, b"x", plain)),
        "key pair (two P-256)": lambda: P.Phone("c"),
    }
    sig = a.answer(K.Sign(plain))
    blob = a.answer(K.Seal(b.seal_key, b"x", plain))
    out = {}
    for name, step in steps.items():
        times = []
        for _ in range(rounds):
            t0 = time.perf_counter()
            step()
            times.append(time.perf_counter() - t0)
        out[name] = statistics.median(times) * 1000
    return out


def load_times(games: int, seed: int, rounds: int = 10) -> dict[int, float]:
    """Deal: the median ms of Friends.load of the friend's record as the deal's first link left it."""
    times = {}
    for game in range(seed, seed + games):
        rng = random.Random(game)
        phones = P.start("triple-play", [0, "normal", 1, "normal"], rng)
        saved = {}

        def keep(_link, phone):
            if phone is phones[1] and phone.record.deal not in saved:
                saved[phone.record.deal] = json.loads(json.dumps(phone.record.to_json()))

        P.play(phones, rng, on_link=keep)
        for deal, data in saved.items():
            t0 = time.perf_counter()
            for _ in range(rounds):
                phones[1].run(Friends.load(data))
            times.setdefault(deal, []).append((time.perf_counter() - t0) / rounds * 1000)
    return {deal: statistics.median(v) for deal, v in sorted(times.items())}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", type=int, default=3, help="games whose saved records are read back")
    args = parser.parse_args()
    for label, preset, seats, limit in TABLES:
        t0 = time.perf_counter()
        played, sent, worst = longest(preset, seats, args.deals, args.seed)
        print(f"{label}: {played} deals, {sent} links, longest {worst} characters "
              f"(limit {limit}), {time.perf_counter() - t0:.0f} s")
    for name, ms in crypto_times().items():
        print(f"{name}: {ms:.3f} ms (median, CPython)")
    for deal, ms in load_times(args.games, args.seed).items():
        print(f"a saved record read back at deal {deal}'s first link: {ms:.1f} ms (median, CPython)")


if __name__ == "__main__":
    main()
