"""Inviting a friend to a seat, and the friend's answer.

The host's phone sends each friend an invitation link: the game's head
(game.friends.record.Head) as far as it is known, and the seat offered. The
friend's phone makes its keys, keeps a record of the game, and sends back a
join link with its two public keys, signed with the new signing key (so the
host knows the keys belong together and nothing was changed on the way).
"""

from __future__ import annotations

import json

from game.errors import StateError
from game.friends import links
from game.friends.crypto import Sign, Verify, compress, decompress
from game.friends.links import CHANGED, b64, unb64
from game.friends.record import OTHER_GAME, SAME, Friends, Head
from game.load import is_int


def invite_link(host: Friends, seat: int) -> str:
    return links.encode({"v": 1, "k": links.INVITE, "h": host.head.to_json(), "seat": seat})


def join_game_id(batches: list) -> str:
    """The game id (as in links) a decoded join link's body names: which saved game it answers."""
    body = links.read_line(batches[0][0]) if batches else None
    if not isinstance(body, dict) or not isinstance(body.get("g"), str):
        raise StateError(CHANGED)
    return body["g"]


def read_invite(head: dict) -> tuple[Head, int]:
    """(the game's head, the seat offered) of a decoded invitation link."""
    if head.get("k") != links.INVITE:
        raise StateError("This is not an invitation to a game.")
    game = Head.read(head.get("h"))
    seat = head.get("seat")
    if not (is_int(seat) and 0 <= seat < len(game.names) and game.phone_of(seat) not in (None, 0)):
        raise StateError(CHANGED)
    return game, seat


def invitation_words(game: Head, seat: int) -> str:
    """Who invites whom to which game, in a sentence."""
    others = [n if game.bots[i] is None else f"{n} (a bot)" for i, n in enumerate(game.names) if i != seat]
    return (f"{game.phone_name(0)} invites you to play {game.rules.title} as {game.names[seat]}, "
            f"with {', '.join(others[:-1])} and {others[-1]}.")


def guest(game: Head, seat: int, sign_key: bytes) -> Friends:
    """The friend's record of the game it joins, before the first deal."""
    phone = game.phone_of(seat)
    game.keys[phone] = compress(sign_key)
    return Friends(game, phone)


def join_link(record: Friends, sign_key: bytes, seal_key: bytes):
    """Steps: the link back to the host, signed with this phone's new key."""
    body = {"g": b64(record.head.id), "p": record.me, "k": b64(compress(sign_key)), "e": b64(compress(seal_key))}
    text = json.dumps(body, separators=(",", ":"))
    signature = yield Sign(text.encode())
    return links.encode({"v": 1, "k": links.JOIN}, [(text, signature)])


def open_join(host: Friends, head: dict, batches: list[tuple[str, bytes]]):
    """Steps: a friend's join link into the host's record; StateError if it is not one."""
    if head.get("k") != links.JOIN or len(batches) != 1:
        raise StateError("This is not a friend's answer to an invitation.")
    text, signature = batches[0]
    body = links.read_line(text)
    if not (isinstance(body, dict) and set(body) == {"g", "p", "k", "e"}):
        raise StateError(CHANGED)
    if unb64(body["g"], 64) != host.head.id:
        raise StateError(OTHER_GAME)
    phone = body["p"]
    if not (is_int(phone) and 0 < phone < len(host.head.keys)):
        raise StateError(CHANGED)
    sign, seal = decompress(unb64(body["k"], 64)), decompress(unb64(body["e"], 64))
    if sign is None or seal is None or (yield Verify(sign, text.encode(), signature)) is not True:
        raise StateError(CHANGED)
    if phone in host.seals:
        if host.seals[phone] == compress(seal) and host.head.keys[phone] == compress(sign):
            raise StateError(SAME)
        raise StateError(f"{host.head.phone_name(phone)} has already joined from another phone.")
    if host.batches:
        raise StateError("This game has already begun.")
    host.joined(phone, sign, seal)
    return host
