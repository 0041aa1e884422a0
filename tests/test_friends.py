"""Games played across phones by links (game.friends): whole games between
phones with real keys, what each phone and each link may hold, and every
refusal (tests/phones.py plays the phones)."""

from __future__ import annotations

import json
import random
import zlib

import pytest

from game import cards as C
from game.errors import StateError
from game.friends import links
from game.friends import record as R
from game.friends.crypto import compress, decompress, run
from game.friends.links import unb64
from game.friends.record import Friends
from tests import phones as P

pytest.importorskip("cryptography")


def _text(link: str) -> str:
    body = link[len(links.PREFIX):]
    return zlib.decompress(unb64(body, 10**6)).decode()


class Watch:
    """Everything a game shows: each link's text and each phone's saved record,
    with the deal it was sent in, to check afterwards against the true cards."""

    def __init__(self, phones):
        self.phones = phones
        self.seen: list[tuple[int, int | None, str]] = []  # (deal in play, phone or None for a link, text)

    def link(self, link, phone):
        self.seen.append((_in_play(phone), None, _text(link)))
        for q, p in enumerate(self.phones):
            self.seen.append((_in_play(p), q, json.dumps(p.record.to_json())))
        self.check_masks()

    def check_masks(self):
        """Every phone sees another person's piles as masked, and all phones
        that do not hold a person agree on what is known of that person's hand."""
        heads = self.phones[0].record.head
        for seat, where in enumerate(heads.seats):
            if not isinstance(where, int):
                continue
            known = []
            for q, p in enumerate(self.phones):
                pos = p.record.position
                if q == where or pos is None or pos.deal_over:
                    continue
                player = pos.players[seat]
                assert all(c == C.HIDDEN for pile in player.piles for c in pile)
                known.append((pos.deal, pos.turn_number, sorted(c for c in player.hand if c != C.HIDDEN)))
            same_time = {(d, t) for d, t, _ in known}
            if len(same_time) == 1:
                assert len({tuple(k) for _, _, k in known}) <= 1

    def check_sealed(self):
        """No link or saved record ever held a person's unplayed cards of a
        deal in progress, as the text of any eight of them in a row."""
        truth = self.phones[0].record.revealed
        heads = self.phones[0].record.head
        for deal, phone, text in self.seen:
            for seat, secret in truth.get(deal, {}).items():
                if phone is not None and heads.seats[seat] == phone:
                    continue  # a phone's own cards
                for pile in secret["piles"]:
                    run_text = "".join(pile)
                    for i in range(0, len(run_text) - 16, 2):
                        assert run_text[i:i + 16] not in text, (deal, phone, seat)


def _in_play(phone) -> int:
    """The deal in play on this phone (0 once it is over: every card is shown then)."""
    pos = phone.record.position
    return 0 if pos is None or pos.deal_over else pos.deal


def _game(preset, seats, seed, **kw):
    rng = random.Random(seed)
    phones = P.start(preset, seats, rng)
    watch = Watch(phones)
    sent = P.play(phones, rng, on_link=watch.link, **kw)
    return phones, watch, sent


@pytest.mark.parametrize("preset,seed", [("hand-and-foot", 1), ("triple-play", 2), ("hkf-sheet", 3),
                                         ("simpson", 4)])
def test_two_friends_and_two_bots_play_a_whole_game(preset, seed):
    phones, watch, sent = _game(preset, [0, "normal", 1, "normal"], seed)
    results = [p.record.position.deal_results for p in phones]
    assert results[0] == results[1]
    rules = phones[0].record.head.rules
    assert len(results[0]) == rules.deals and phones[1].record.position.phase == "game_end"
    assert all(len(p.record.truth) == rules.deals for p in phones)
    assert max(len(link) for link in sent) <= 2000
    watch.check_sealed()


def test_four_friends_play_a_round_and_a_whole_game():
    phones, watch, sent = _game("triple-play", [0, 1, 2, 3], 11)
    assert len({json.dumps(p.record.position.deal_results) for p in phones}) == 1
    assert max(len(link) for link in sent) <= 2000
    watch.check_sealed()


def test_a_host_with_two_people_on_the_phone_and_a_friend_elsewhere():
    phones, watch, _ = _game("hand-and-foot", [0, 1, 0, "easy"], 5)
    assert phones[0].record.position.deal_results == phones[1].record.position.deal_results
    watch.check_sealed()


def test_six_players_stay_under_2500_characters():
    _, watch, sent = _game("hand-and-foot", [0, 1, 2, "normal", "normal", "normal"], 6)
    assert max(len(link) for link in sent) <= 2500
    watch.check_sealed()


def test_a_saved_record_loads_to_the_same_position():
    rng = random.Random(8)
    phones = P.start("triple-play", [0, "normal", 1, "normal"], rng)
    P.play(phones, rng, rounds=25)
    for p in phones:
        again = p.run(Friends.load(json.loads(json.dumps(p.record.to_json()))))
        assert again.position == p.record.position
        assert again.to_json() == p.record.to_json()


@pytest.fixture(scope="module")
def second_deal():
    return P.saved_at_second_deal()


def test_a_saved_record_of_a_finished_deal_loads_as_it_was_played(second_deal):
    """Load replays a deal whose every hand the record shows on the true cards
    alone (no masked replay): the same position, scores and moves, seat by seat."""
    for phone, data, position in second_deal:
        again = phone.run(Friends.load(json.loads(json.dumps(data))))
        assert again.truth[1] == phone.record.truth[1] and again.moves[1] == phone.record.moves[1]
        assert again.position.to_json() == position and again.to_json() == data
        assert again.quick == set()  # the next link is checked on the masked position again


def _batches_of_deal_1(data):
    contents = [json.loads(text) for text, _ in data["batches"]]
    second = [i for i, c in enumerate(contents) if "d" in c][1]
    return contents[:second]


def _loads_with(phone, data, contents, words):
    damaged = json.loads(json.dumps(data))
    for c in contents:
        damaged["batches"][c["i"]][0] = json.dumps(c, separators=(",", ":"))
    with pytest.raises(StateError) as e:
        phone.run(Friends.load(damaged))
    assert words in str(e.value)


def test_a_saved_finished_deal_with_a_move_of_another_phone_is_refused(second_deal):
    phone, data, _ = second_deal[0]
    contents = _batches_of_deal_1(data)
    moved = next(c for c in contents if c.get("m") and c["p"] == 1 and "l" not in c and "r" not in c)
    _loads_with(phone, data, [dict(moved, p=0)], "that their phone did not make")


def test_a_saved_finished_deal_that_shows_cards_before_its_end_is_refused(second_deal):
    phone, data, _ = second_deal[0]
    contents = _batches_of_deal_1(data)
    shown = next(c for c in contents if "r" in c)
    early = next(c for c in contents if c["p"] == shown["p"] and c.get("m") and c["i"] < shown["i"] - 2)
    later = {k: v for k, v in shown.items() if k != "r"}
    _loads_with(phone, data, [dict(early, r=shown["r"]), later], "before the deal ended")


def test_a_saved_finished_deal_shown_before_its_last_moves_is_refused(second_deal):
    phone, data, _ = second_deal[0]
    contents = _batches_of_deal_1(data)
    first_shown = next(c["i"] for c in contents if "r" in c)
    last = [c for c in contents if c.get("m") and c["i"] <= first_shown][-1]  # the deal's last moves
    _loads_with(phone, data, [{k: v for k, v in last.items() if k != "m"}], "before the deal ended")


# -- refusals: each changes nothing ------------------------------------------------
def _twin(phone):
    """Another copy of a phone: the same keys, its record loaded from its save."""
    twin = P.Phone(phone.name)
    twin.__dict__.update({k: v for k, v in phone.__dict__.items() if k != "record"})
    twin.record = phone.run(Friends.load(json.loads(json.dumps(phone.record.to_json()))))
    return twin


@pytest.fixture(scope="module")
def mid_game():
    """Two friends six links into a game, the seventh link made and not yet opened."""
    rng = random.Random(21)
    phones = P.start("hand-and-foot", [0, "normal", 1, "normal"], rng)
    sent = P.play(phones, rng, rounds=6)
    sender = next(p for p in phones if p.record.waiting_for() is None)
    wait = P.act(sender, rng)
    return phones, sent, sender.record.link_for(wait), phones[wait]


def _refused(phone, link, words):
    before = json.dumps(phone.record.to_json())
    with pytest.raises(StateError) as e:
        phone.open(link)
    assert words in str(e.value)
    assert json.dumps(phone.record.to_json()) == before


def test_the_same_link_twice_and_an_old_link(mid_game):
    _, sent, link, receiver = mid_game
    twin = _twin(receiver)
    twin.open(link)
    _refused(twin, link, "already opened")
    _refused(twin, sent[-2], "older than the game")


def test_a_link_for_another_seat(mid_game):
    phones, _, link, receiver = mid_game
    other = next(p for p in phones if p is not receiver)
    _refused(other, link, "This turn is for P")


@pytest.mark.parametrize("where", [20, 200, 600, -30, -3])
def test_a_changed_character(mid_game, where):
    _, _, link, receiver = mid_game
    i = where % len(link)
    changed = link[:i] + ("A" if link[i] != "A" else "B") + link[i + 1:]
    _refused(_twin(receiver), changed, "")


def test_a_link_cut_short(mid_game):
    _, _, link, receiver = mid_game
    _refused(_twin(receiver), link[:len(link) * 2 // 3], "cut short")


def test_a_link_that_skips_moves(mid_game):
    phones, sent, link, receiver = mid_game
    twin = _twin(receiver)
    twin.record.batches.pop()
    twin.record.batches.pop()
    _refused(twin, link, "not seen")


def test_a_link_from_another_game(mid_game):
    phones, _, _, _ = mid_game
    other = P.start("hand-and-foot", [0, "normal", 1, "normal"], random.Random(99))
    P.act(other[0], random.Random(1))
    _refused(phones[1], other[0].record.link_for(1), "not playing")


def test_a_fork_is_refused():
    """The sender goes back to an old save and plays its turn differently:
    the receiver that took the first continuation refuses the second."""
    rng = random.Random(31)
    phones = P.start("hand-and-foot", [0, "normal", 1, "normal"], rng)
    P.play(phones, rng, rounds=2)
    host = phones[0]
    assert host.record.waiting_for() is None  # the host is to move
    saved = host.record.to_json()
    P.act(host, random.Random(1))
    first = host.record.link_for(1)
    host.record = host.run(Friends.load(saved))
    P.act(host, random.Random(2), bot="random")
    second = host.record.link_for(1)
    assert _text(first).split("\n")[-1][87:] != _text(second).split("\n")[-1][87:]  # the moves, not the signature
    phones[1].open(first)
    _refused(phones[1], second, "continues the game differently")


def test_a_cheat_is_named_at_the_deal_end():
    """A phone that gives itself a joker in place of a dealt card: no other
    phone can see it during the deal, and the deal's end names the seat."""
    rng = random.Random(41)
    phones = P.start("hand-and-foot", [0, "normal", 1, "normal"], rng)
    P.play(phones, rng, rounds=1)   # the friend's phone now holds its cards
    cheat = phones[1].record
    seat = cheat.head.people(cheat.me)[0]
    hand = cheat.position.players[seat].hand
    dealt = cheat.mine[1][seat]["piles"][0]
    swap = next(c for c in dealt if c in hand and not C.is_wild(c) and not C.is_red_three(c))
    hand[hand.index(swap)] = C.JOKER
    dealt[dealt.index(swap)] = C.JOKER
    with pytest.raises(StateError, match="P2's cards do not add up"):
        P.play(phones, rng, current=1)


def test_keys_travel_compressed():
    phone = P.Phone("x")
    assert decompress(compress(phone.sign_key)) == phone.sign_key
    assert decompress(b"\x02" + b"\xff" * 32) is None


def test_a_join_is_checked():
    rng = random.Random(3)
    host = P.Phone("h")
    friend = P.Phone("f")
    from game.friends import invites
    from game.presets import get_preset
    host.record = Friends.host(get_preset("hand-and-foot"), ["Ann", "Bo", "Tom", "Cy"], [0, "easy", 1, "easy"],
                               host.sign_key, host.seal_key, rng)
    game, seat = invites.read_invite(links.decode(invites.invite_link(host.record, 2))[0])
    words = invites.invitation_words(game, seat)
    assert words.startswith("P0 invites you to play Hand and Foot as Tom") or "as Tom" in words
    friend.record = invites.guest(game, seat, friend.sign_key)
    join = friend.run(invites.join_link(friend.record, friend.sign_key, friend.seal_key))
    head, batches = links.decode(join)
    text, sig = batches[0]
    forged = text.replace(text[-10:-3], "AAAAAAA")
    with pytest.raises(StateError):
        host.run(invites.open_join(host.record, head, [(forged, sig)]))
    assert host.record.missing() == [1]
    host.run(invites.open_join(host.record, head, batches))
    assert host.record.missing() == []
    with pytest.raises(StateError, match="already"):
        host.run(invites.open_join(host.record, head, batches))


def test_links_refuse_what_is_not_theirs():
    for text in ["", "g1.abc", "f1.", "f1.@@@", "f1." + "A" * 20000, 5]:
        with pytest.raises(StateError):
            links.decode(text)


def test_run_answers_each_request():
    def steps():
        a = yield "one"
        b = yield "two"
        return a + b
    assert run(steps(), lambda r: r.upper()) == "ONETWO"


def test_the_chain_hash_binds_the_game():
    assert R.chain_start(b"a" * 16) != R.chain_start(b"b" * 16)
