"""Phones for games played across phones, outside the page: each answers the
protocol's requests (game.friends.crypto) with the same algorithms as the
page's WebCrypto, from the ``cryptography`` package, and a whole game is
played by passing links between them, every seat played by a bot.
"""

from __future__ import annotations

import json
import os
import random

from cryptography.exceptions import InvalidSignature, InvalidTag
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature, encode_dss_signature
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from game.bots import get_bot
from game.friends import crypto as K
from game.friends import invites, links
from game.friends.record import EVERYONE, Friends
from game.presets import get_preset
from game.view import observe

MAX_STEPS = 20000


def _public(key) -> bytes:
    return key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)


def _shared(private, peer: bytes) -> AESGCM:
    secret = private.exchange(ec.ECDH(), ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), peer))
    key = HKDF(hashes.SHA256(), 32, salt=None, info=K.HKDF_INFO).derive(secret)
    return AESGCM(key)


def _seal(aes: AESGCM, aad: bytes, plain: bytes) -> bytes:
    nonce = os.urandom(K.NONCE_BYTES)
    return nonce + aes.encrypt(nonce, plain, aad)


def _open(aes: AESGCM, aad: bytes, blob: bytes) -> bytes | None:
    try:
        return aes.decrypt(blob[:K.NONCE_BYTES], blob[K.NONCE_BYTES:], aad)
    except (InvalidTag, ValueError):
        return None


class Phone:
    """One phone: its keys, its record of the game, the links it opened."""

    def __init__(self, name: str):
        self.name = name
        self._sign = ec.generate_private_key(ec.SECP256R1())
        self._seal = ec.generate_private_key(ec.SECP256R1())
        self.sign_key = _public(self._sign)
        self.seal_key = _public(self._seal)
        self.record: Friends | None = None

    def answer(self, r):
        if isinstance(r, K.Sign):
            der = self._sign.sign(r.message, ec.ECDSA(hashes.SHA256()))
            a, b = decode_dss_signature(der)
            return a.to_bytes(32, "big") + b.to_bytes(32, "big")
        if isinstance(r, K.Verify):
            if len(r.signature) != 64:
                return False
            der = encode_dss_signature(int.from_bytes(r.signature[:32], "big"), int.from_bytes(r.signature[32:], "big"))
            try:
                ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), r.public).verify(
                    der, r.message, ec.ECDSA(hashes.SHA256()))
            except (InvalidSignature, ValueError):
                return False
            return True
        if isinstance(r, K.Seal):
            return _seal(_shared(self._seal, r.peer), r.aad, r.plain)
        if isinstance(r, K.Unseal):
            return _open(_shared(self._seal, r.peer), r.aad, r.blob)
        if isinstance(r, K.Lock):
            return _seal(AESGCM(r.key), r.aad, r.plain)
        if isinstance(r, K.Unlock):
            return _open(AESGCM(r.key), r.aad, r.blob)
        raise TypeError(r)

    def run(self, steps):
        return K.run(steps, self.answer)

    def open(self, link: str) -> Friends:
        """This phone takes a turn link; StateError if it refuses it (its record unchanged)."""
        head, batches = links.decode(link)
        self.record = self.run(self.record.open_link(head, batches))
        return self.record


def start(preset: str, seats: list, rng: random.Random, names: list[str] | None = None) -> list[Phone]:
    """The phones of a new game, every friend joined and the first deal dealt.
    ``seats``: per seat a phone number (0 the host) or a bot's name."""
    rules = get_preset(preset)
    names = names or [f"P{i}" for i in range(len(seats))]
    count = max(s for s in seats if isinstance(s, int)) + 1
    phones = [Phone(f"phone{i}") for i in range(count)]
    host = phones[0]
    host.record = Friends.host(rules, names, seats, host.sign_key, host.seal_key, rng)
    for q in range(1, count):
        seat = seats.index(q)
        game, offered = invites.read_invite(links.decode(invites.invite_link(host.record, seat))[0])
        phones[q].record = invites.guest(game, offered, phones[q].sign_key)
        join = phones[q].run(invites.join_link(phones[q].record, phones[q].sign_key, phones[q].seal_key))
        host.run(invites.open_join(host.record, *links.decode(join)))
    host.run(host.record.deal_next(rng))
    return phones


def act(phone: Phone, rng: random.Random, bot: str = "normal", on_move=None) -> int:
    """Everything this phone does until the game waits for another: returns that phone (or EVERYONE)."""
    r = phone.record
    choose = get_bot(bot)
    while True:
        wait = r.waiting_for()
        if wait is not None:
            break
        pos = r.position
        if pos is None or (pos.deal_over and r.deal in r.truth):
            phone.run(r.deal_next(rng))
            continue
        if pos.deal_over:
            phone.run(r.close_turn())
            continue
        seat = pos.to_move()
        r.play(choose(observe(pos, seat), seat, rng))
        if on_move:
            on_move(phone)
    if r.has_news():
        phone.run(r.close_turn())
    return wait


def play(phones: list[Phone], rng: random.Random, bot: str = "normal", on_link=None, on_move=None,
         rounds: int | None = None, current: int = 0) -> list[str]:
    """Pass links from phone ``current`` on until the game is over (or
    ``rounds`` links were sent); the links, in order."""
    sent = []
    for _ in range(MAX_STEPS):
        wait = act(phones[current], rng, bot, on_move)
        if wait == EVERYONE:
            link = phones[current].record.link_for(EVERYONE)
            sent.append(link)
            for q, other in enumerate(phones):
                if q != current:
                    other.open(link)
                    if on_link:
                        on_link(link, other)
            return sent
        link = phones[current].record.link_for(wait)
        sent.append(link)
        phones[wait].open(link)
        if on_link:
            on_link(link, phones[wait])
        current = wait
        if rounds is not None and len(sent) >= rounds:
            return sent
    raise AssertionError("the game did not end")


def saved_at_second_deal(seed: int = 8) -> list[tuple[Phone, dict, dict]]:
    """A game of two friends and two normal bots played until each phone holds
    deal 2 (deal 1 shown whole): for each phone, its record's JSON as then
    saved and its position's JSON then."""
    rng = random.Random(seed)
    phones = start("triple-play", [0, "normal", 1, "normal"], rng)
    saved = {}

    class Done(Exception):
        pass

    def keep(_link, phone):
        if phone.record.deal == 2 and phone.name not in saved:
            saved[phone.name] = (phone, json.loads(json.dumps(phone.record.to_json())),
                                 phone.record.position.to_json())
        if len(saved) == len(phones):
            raise Done

    try:
        play(phones, rng, on_link=keep)
    except Done:
        return list(saved.values())
    raise AssertionError("the game ended before every phone held deal 2")
