"""The sealed parts of a deal as bytes: six bits a card, so a link stays short.

A person's part is the salt of its commitment, then its piles in the order
dealt (their sizes are the rules'). The table's part is the seed of the
deal's later shuffles, the number of undealt cards and those cards, then
the bots' piles in seat order. Reading either is strict: StateError on
anything that is not exactly such bytes.
"""

from __future__ import annotations

from game import cards as C
from game.errors import StateError
from game.friends.deals import SALT_BYTES
from game.rules import RuleSet

ALPHABET = sorted(C.CODES)
INDEX = {c: i for i, c in enumerate(ALPHABET)}
SEED_BYTES = 7
BROKEN = "This link's sealed cards are damaged."


def pack_cards(cards: list[str]) -> bytes:
    bits = 0
    for c in cards:
        bits = bits << 6 | INDEX[c]
    size = (6 * len(cards) + 7) // 8
    return (bits << (8 * size - 6 * len(cards))).to_bytes(size, "big")


def unpack_cards(data: bytes, count: int) -> list[str]:
    if len(data) != (6 * count + 7) // 8:
        raise StateError(BROKEN)
    bits = int.from_bytes(data, "big") >> (8 * len(data) - 6 * count)
    out = []
    for _ in range(count):
        i = bits & 63
        if i >= len(ALPHABET):
            raise StateError(BROKEN)
        out.append(ALPHABET[i])
        bits >>= 6
    return out[::-1]


def _split(rules: RuleSet, cards: list[str], piles: int) -> list[list[list[str]]]:
    out, at = [], 0
    for _ in range(piles):
        seat = []
        for size in rules.piles:
            seat.append(cards[at:at + size])
            at += size
        out.append(seat)
    return out


def person_bytes(salt: bytes, piles: list[list[str]]) -> bytes:
    return salt + pack_cards([c for p in piles for c in p])


def read_person(rules: RuleSet, data: bytes) -> tuple[bytes, list[list[str]]]:
    count = sum(rules.piles)
    if len(data) != SALT_BYTES + (6 * count + 7) // 8:
        raise StateError(BROKEN)
    return data[:SALT_BYTES], _split(rules, unpack_cards(data[SALT_BYTES:], count), 1)[0]


def table_bytes(seed: int, rest: list[str], bots: dict[int, list[list[str]]]) -> bytes:
    cards = rest + [c for s in sorted(bots) for p in bots[s] for c in p]
    return seed.to_bytes(SEED_BYTES, "big") + len(rest).to_bytes(2, "big") + pack_cards(cards)


def read_table(rules: RuleSet, bot_seats: list[int], data: bytes) -> dict:
    """{"seed", "rest", "bots": {seat: piles}} from ``table_bytes``."""
    if len(data) < SEED_BYTES + 2:
        raise StateError(BROKEN)
    seed = int.from_bytes(data[:SEED_BYTES], "big")
    rest = int.from_bytes(data[SEED_BYTES:SEED_BYTES + 2], "big")
    count = rest + len(bot_seats) * sum(rules.piles)
    cards = unpack_cards(data[SEED_BYTES + 2:], count)
    bots = _split(rules, cards[rest:], len(bot_seats))
    return {"seed": seed, "rest": cards[:rest], "bots": dict(zip(sorted(bot_seats), bots))}
