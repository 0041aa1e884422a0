"""The text of a game-by-link's links, and the strict reading of one.

A link's fragment is ``f1.`` and base64url of a deflated text: a JSON line
saying what the link is (an invitation, a join, a turn), then for a turn one
line per batch of moves, its signature and its exact text. The text is
deflated with its checksum, so a link cut short or changed in transit is
told apart from a genuine one before anything is checked further
(game.friends.record checks signatures and the chain).
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib

from game.errors import StateError
from game.load import read_json

PREFIX = "f1."
MAX_LINK = 12000        # characters accepted (real ones stay under 2,500)
MAX_TEXT = 60000        # bytes after inflating
MAX_BATCHES = 64

INVITE, JOIN, TURN = "invite", "join", "turn"
CUT = "This link is cut short: ask for it to be sent again."
CHANGED = "This link has been changed since it was sent."
NOT_OURS = "This is not a link to a game played across phones."


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def unb64(text: object, limit: int = 4096) -> bytes:
    """Bytes from base64url text, or StateError CHANGED."""
    if not isinstance(text, str) or len(text) > limit * 2:
        raise StateError(CHANGED)
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise StateError(CHANGED) from None


def encode(head: dict, batches: list[tuple[str, bytes]] = ()) -> str:
    lines = [json.dumps(head, separators=(",", ":"))]
    lines += [b64(sig) + " " + text for text, sig in batches]
    return PREFIX + b64(zlib.compress("\n".join(lines).encode("utf-8"), 9))


def decode(text: object) -> tuple[dict, list[tuple[str, bytes]]]:
    """(head, [(batch text, signature)]) of a link, or StateError in one sentence."""
    if not isinstance(text, str):
        raise StateError(NOT_OURS)
    text = text.strip()
    if "#" in text:
        text = text.rsplit("#", 1)[1]
    if not text.startswith(PREFIX):
        raise StateError(NOT_OURS)
    if len(text) > MAX_LINK:
        raise StateError("This link is far too long to be genuine.")
    body = text[len(PREFIX):]
    if len(body) % 4 == 1:
        raise StateError(CUT)
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise StateError(CHANGED) from None
    inflate = zlib.decompressobj()
    try:
        raw = inflate.decompress(packed, MAX_TEXT)
    except zlib.error:
        raise StateError(CHANGED) from None
    if inflate.unconsumed_tail:
        raise StateError("This link holds far too much to be genuine.")
    if not inflate.eof:
        raise StateError(CUT)
    try:
        lines = raw.decode("utf-8").split("\n")
    except UnicodeDecodeError:
        raise StateError(CHANGED) from None
    head = read_line(lines[0])
    if not isinstance(head, dict) or head.get("v") != 1 or head.get("k") not in (INVITE, JOIN, TURN):
        raise StateError(CHANGED)
    if len(lines) - 1 > MAX_BATCHES:
        raise StateError("This link holds far too much to be genuine.")
    batches = []
    for line in lines[1:]:
        sig, sep, batch = line.partition(" ")
        if not sep:
            raise StateError(CHANGED)
        batches.append((batch, unb64(sig, 64)))
    return head, batches



def read_line(text: str) -> object:
    """One JSON line of a link, or StateError CHANGED."""
    try:
        return read_json(text, "The link")
    except StateError:
        raise StateError(CHANGED) from None
