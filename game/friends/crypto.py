"""The cryptography a game by link asks of its phone, as requests.

The engine has no cryptography of its own (the standard library has none
for public keys): the protocol's steps are generators that yield these
requests and receive each answer, so the page answers them with WebCrypto
(ui/friends_crypto.js, asynchronously) and tests and the bench with any
implementation of the same algorithms. Each phone has two P-256 key pairs,
one to sign (ECDSA, SHA-256, signatures as r||s) and one to seal (ECDH,
then HKDF-SHA-256 to an AES-256-GCM key); a public key travels compressed
(33 bytes) and is handed to the phone uncompressed (65 bytes). A sealed
blob is a 12-byte nonce followed by the AES-GCM ciphertext.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import NamedTuple


class Sign(NamedTuple):
    """Sign ``message`` with this phone's signing key: 64 bytes."""
    message: bytes


class Verify(NamedTuple):
    """Whether ``signature`` is ``public``'s on ``message``: bool."""
    public: bytes
    message: bytes
    signature: bytes


class Seal(NamedTuple):
    """``plain`` sealed from this phone to ``peer`` (an ECDH public key) with ``aad`` bound in."""
    peer: bytes
    aad: bytes
    plain: bytes


class Unseal(NamedTuple):
    """A blob ``peer`` sealed to this phone, opened: bytes, or None if it does not open."""
    peer: bytes
    aad: bytes
    blob: bytes


class Lock(NamedTuple):
    """``plain`` sealed under a shared AES-256 ``key`` (32 raw bytes)."""
    key: bytes
    aad: bytes
    plain: bytes


class Unlock(NamedTuple):
    """A blob sealed under ``key``, opened: bytes, or None."""
    key: bytes
    aad: bytes
    blob: bytes


Request = Sign | Verify | Seal | Unseal | Lock | Unlock
Steps = Generator[Request, object, object]

HKDF_INFO = b"hand-knee-foot seal v1"
NONCE_BYTES = 12

# P-256 (FIPS 186-4 D.1.2.3): y^2 = x^3 - 3x + b over p
_P = 2**256 - 2**224 + 2**192 + 2**96 - 1
_B = 0x5AC635D8AA3A93E7B3EBBD55769886BC651D06B0CC53B0F63BCE3C3E27D2604B


def compress(point: bytes) -> bytes:
    """An uncompressed public key (0x04 || x || y) as 0x02/0x03 || x."""
    if len(point) != 65 or point[0] != 4:
        raise ValueError("not an uncompressed P-256 point")
    return bytes([2 + (point[64] & 1)]) + point[1:33]


def decompress(short: bytes) -> bytes | None:
    """``compress`` undone; None for bytes that are no point of the curve."""
    if len(short) != 33 or short[0] not in (2, 3):
        return None
    x = int.from_bytes(short[1:], "big")
    if x >= _P:
        return None
    rhs = (pow(x, 3, _P) - 3 * x + _B) % _P
    y = pow(rhs, (_P + 1) // 4, _P)  # p = 3 (mod 4)
    if y * y % _P != rhs:
        return None
    if y & 1 != short[0] & 1:
        y = _P - y
    return b"\x04" + short[1:] + y.to_bytes(32, "big")


def run(steps: Steps, answer: Callable[[Request], object]) -> object:
    """Drive ``steps`` to its result, answering each request at once."""
    try:
        request = next(steps)
        while True:
            request = steps.send(answer(request))
    except StopIteration as done:
        return done.value
