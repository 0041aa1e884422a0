"""Nothing a link or a saved record of a game across phones holds breaks it
(game/friends): real links and records, damaged the way tests/helpers.py's
``mutate`` damages saves, are refused with the loader's StateError in one
line, or read as a real game; never another exception, and the phone's
record is unchanged by a refusal. A damaged batch is also signed again by
the phone that sent it (a friend's phone that runs a changed page), so the
reading of what is inside a signed batch is tried, not only the signature.
"""

import json
import random

import pytest

from game.errors import StateError
from game.friends import links
from game.friends.crypto import Sign
from game.friends.record import Friends, chain
from game.load import MAX_MESSAGE, read_json
from tests import phones as P
from tests.helpers import mutate, tier, to_text

pytest.importorskip("cryptography")


def _game():
    """A game of two friends and two bots, 24 links into it: the phones, and
    for each link (the link, the receiving phone's record just before it
    opened it, the sending phone, the receiving one)."""
    rng = random.Random(77)
    phones = P.start("triple-play", [0, "normal", 1, "normal"], rng)
    sent = []
    current = 0
    for _ in range(24):
        wait = P.act(phones[current], rng)
        link = phones[current].record.link_for(wait)
        sent.append((link, json.loads(json.dumps(phones[wait].record.to_json())), current, wait))
        phones[wait].open(link)
        current = wait
    return phones, sent


GAME = []


def case(index, offset):
    """(rng, the phones, one link's case) for test case ``index``."""
    if not GAME:
        GAME.append(_game())
    phones, sent = GAME[0]
    return random.Random(offset + index), phones, sent[index % len(sent)]


def _refused_or_read(phone, record_json, link):
    phone.record = phone.run(Friends.load(json.loads(json.dumps(record_json))))
    before = json.dumps(phone.record.to_json())
    try:
        phone.open(link)
    except StateError as e:
        assert "\n" not in str(e) and len(str(e)) <= MAX_MESSAGE
        assert json.dumps(phone.record.to_json()) == before


@pytest.mark.parametrize("index", range(tier(40, 200)))
def test_damaged_heads_of_turn_links(index):
    rng, phones, (link, record, _sender, receiver) = case(index, 0)
    head, batches = links.decode(link)
    text = to_text(mutate(head, rng))
    try:
        damaged = read_json(text, "x", 10**6)
    except StateError:
        return  # too deep or too long for any reader: links.decode refuses it the same way
    _refused_or_read(phones[receiver], record, links.encode(damaged, batches))


@pytest.mark.parametrize("index", range(tier(60, 300)))
def test_damaged_batches_signed_again_by_their_phone(index):
    rng, phones, (link, record, sender, receiver) = case(index, 1000)
    head, batches = links.decode(link)
    mine = phones[receiver].run(Friends.load(json.loads(json.dumps(record))))
    first = head["from"]
    new = [i for i in range(len(batches)) if first + i >= len(mine.batches)]
    if not new:
        return
    i = new[0]
    text, _ = batches[i]
    content = json.loads(text)
    try:
        damaged = to_text(mutate(content, rng))
    except (TypeError, ValueError):
        return
    chained = mine.hash
    for text_before, _ in batches[len(mine.batches) - first:i]:
        chained = chain(chained, text_before)
    signer = phones[content["p"]] if content["p"] < len(phones) else phones[sender]
    signature = signer.answer(Sign(chain(chained, damaged)))
    forged = batches[:i] + [(damaged, signature)] + batches[i + 1:]
    _refused_or_read(phones[receiver], record, links.encode(head, forged))


@pytest.mark.parametrize("index", range(tier(40, 200)))
def test_damaged_saved_records_are_refused_in_one_line(index):
    rng, phones, (_link, record, _sender, receiver) = case(index, 5000)
    try:  # as the page reads it: ui/linked/store.py's read_json, then the loader
        damaged = read_json(to_text(mutate(record, rng)), "A saved game across phones", 10**6)
        phones[receiver].run(Friends.load(damaged))
    except StateError as e:
        assert "\n" not in str(e) and len(str(e)) <= MAX_MESSAGE


@pytest.mark.parametrize("index", range(tier(20, 100)))
def test_damaged_saved_records_of_a_finished_deal_are_refused_in_one_line(index):
    """As above, for a record whose first deal the loader replays on the true cards only."""
    if not SECOND:
        SECOND.extend(P.saved_at_second_deal())
    phone, record, _ = SECOND[index % len(SECOND)]
    try:
        damaged = read_json(to_text(mutate(record, random.Random(9000 + index))), "A saved game across phones",
                            10**6)
        phone.run(Friends.load(damaged))
    except StateError as e:
        assert "\n" not in str(e) and len(str(e)) <= MAX_MESSAGE


SECOND = []
