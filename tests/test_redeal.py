"""A game copied from a link or a file deals again everything seat 0 has not
seen (issue 57: "a copy of a game never previews a draw"), keeps seat 0's
view, replays from its recorded deck, and plays the same deal again exactly."""

import json
import random
from collections import Counter

import pytest

import game
from game import StateError, apply, view
from game.bots import get_bot
from game.engine import replay
from game.links.redeal import redeal
from game.links.share import decode, encode
from game.runs.replay import DealReplay, same_deal
from game.state import GameState
from tests.helpers import play_until
from ui.core.saves import MemoryStorage, SaveStore


def moved(state, actions, seed=1):
    """``state`` after ``actions`` more moves of random bots."""
    rng = random.Random(seed)
    for _ in range(actions):
        seat = state.to_move()
        apply(state, get_bot("random")(game.observe(state, seat), seat, rng))
    return state


def unseen(state, seat=0):
    """What ``seat`` cannot see: the other hands, every unpicked pile, the stock order."""
    return ([sorted(p.hand) for i, p in enumerate(state.players) if i != seat],
            [p.piles for p in state.players], state.stocks)


@pytest.fixture(scope="module")
def mid_deal():
    """Deal 2 of a random-bot game, thirty moves in."""
    state = play_until(game.new_game("triple-play", seed=11, bots=["random"] * 4), 1, 11)
    apply(state, {"type": "next_deal"})
    return moved(state, 30)


def test_a_redealt_copy_keeps_the_view_and_deals_the_unseen_anew(mid_deal):
    copy = redeal(mid_deal, 0, random.Random(1))
    assert view(copy, 0) == view(mid_deal, 0)
    assert copy.stocks != mid_deal.stocks and unseen(copy)[0] != unseen(mid_deal)[0]
    assert copy.all_cards() == mid_deal.all_cards() == mid_deal.expected_cards()
    assert GameState.from_json(json.loads(json.dumps(copy.to_json()))).to_json() == copy.to_json()
    assert mid_deal.redealt == ()  # the original is untouched


def test_a_redealt_copy_replays_from_its_log(mid_deal):
    copy = redeal(mid_deal, 0, random.Random(2))
    assert replay(copy).to_json() == copy.to_json()
    moved(copy, 40, seed=3)  # play goes on in the copy's own deal
    assert replay(copy).to_json() == copy.to_json()


def test_later_deals_are_shuffled_from_a_fresh_seed(mid_deal):
    copy = play_until(redeal(mid_deal, 0, random.Random(4)), 2, 4)
    original = play_until(mid_deal.clone(), 2, 4)
    apply(copy, {"type": "next_deal"})
    apply(original, {"type": "next_deal"})
    assert copy.players[0].hand != original.players[0].hand
    assert copy.redealt[0].seed != mid_deal.seed
    assert replay(copy).to_json() == copy.to_json()


def test_a_link_opened_twice_deals_differently_with_the_same_view(mid_deal):
    link = encode(mid_deal)
    first, second = (redeal(decode(link), 0, random.Random(seed)) for seed in (5, 6))
    assert view(first, 0)["hand"] == view(second, 0)["hand"] == view(mid_deal, 0)["hand"]
    assert {k: v for k, v in view(first, 0).items() if k != "log"} == \
        {k: v for k, v in view(mid_deal, 0).items() if k != "log"}
    assert len({json.dumps(unseen(s)) for s in (first, second, mid_deal)}) == 3


def test_a_redealt_copy_travels_by_link_and_replays_there(mid_deal):
    copy = moved(redeal(decode(encode(mid_deal)), 0, random.Random(7)), 20, seed=8)
    again = decode(encode(copy))
    assert again.to_json() | {"log": None} == copy.to_json() | {"log": None}
    assert "redealt" not in json.loads(json.dumps(mid_deal.to_json()))  # old games' files as they were


def test_an_imported_file_is_redealt():
    store = SaveStore(MemoryStorage())
    state = moved(game.new_game("triple-play", seed=12, bots=["random"] * 4), 25)
    slot = store.save(None, state, ["x"])
    again = store.import_text(store.export(slot)[1], prepare=lambda s: redeal(s, 0, random.Random(9)))
    imported, _ = store.load(again)
    assert view(imported, 0, events=False) == view(state, 0, events=False) and imported.stocks != state.stocks
    assert store.load(slot)[0].to_json() == state.to_json()


def test_play_this_deal_again_deals_the_redealt_deal():
    state = moved(game.new_game("triple-play", seed=13, bots=["random"] * 4), 20)
    copy = play_until(redeal(state, 0, random.Random(10)), 1, 10)
    dealt = DealReplay(copy, 1).positions[0]
    for seat in range(4):
        again = same_deal(copy, 1, seat)
        assert [p.hand for p in again.players] == [dealt.players[(i + seat) % 4].hand for i in range(4)]
        assert again.stocks == dealt.stocks


@pytest.mark.parametrize("change, reason", [
    (lambda r: r.update(deck=r["deck"][1:]), "exactly the 324 cards"),
    (lambda r: r.update(deal=3), "deals played so far"),
    (lambda r: r.update(seed="x"), "seed must be a whole number"),
    (lambda r: r.update(extra=1), "unknown field"),
])
def test_a_bad_redealt_record_is_refused(mid_deal, change, reason):
    data = redeal(mid_deal, 0, random.Random(11)).to_json()
    change(data["redealt"][0])
    with pytest.raises(StateError, match=reason):
        GameState.from_json(data)


def test_a_game_that_does_not_replay_is_refused(mid_deal):
    planted = mid_deal.clone()
    planted.stocks[0][-1], planted.players[1].hand[0] = planted.players[1].hand[0], planted.stocks[0][-1]
    with pytest.raises(StateError, match="do not replay"):
        redeal(planted, 0, random.Random(12))
    assert Counter(planted.all_cards()) == planted.expected_cards()
