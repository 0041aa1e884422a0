#!/usr/bin/env python3
"""How long the links of games across phones grow, and what their
cryptography costs outside the page: plays whole games between phones
with real P-256 keys (tests/phones.py), every seat a ``normal`` bot, and
prints the longest link over the deals played, for four players (two
friends and two bots, and four friends) and for six, then the median time
of each cryptographic step in CPython's ``cryptography`` (the page's
WebCrypto prints its own: e2e/test_friends.py's bench hook). Needs the dev
requirements (``cryptography``).

    python3 -m bench.friends_links [--deals 200] [--seed 1]
"""

import argparse
import random
import statistics
import time

from game.friends import crypto as K
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


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for label, preset, seats, limit in TABLES:
        t0 = time.perf_counter()
        played, sent, worst = longest(preset, seats, args.deals, args.seed)
        print(f"{label}: {played} deals, {sent} links, longest {worst} characters "
              f"(limit {limit}), {time.perf_counter() - t0:.0f} s")
    for name, ms in crypto_times().items():
        print(f"{name}: {ms:.3f} ms (median, CPython)")


if __name__ == "__main__":
    main()
