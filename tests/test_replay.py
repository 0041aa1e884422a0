"""Replaying a finished deal (game/runs/replay.py): each position is the one a
fresh replay reaches, stepping round-trips, and the own view hides what
seat 0 could not see; the same deal again deals the same cards to the
rotated seats, and its ``dealt_from`` is saved, checked and shared."""

import json
import random

import pytest

import game
from game import engine
from game.bots import get_bot
from game.links import share
from game.runs.replay import (
    DealReplay,
    deal_span,
    finished_deals,
    one_deal_rules,
    same_deal,
    seen,
)
from game.view import HIDDEN
from tests.helpers import played
from ui.core.saves import SAVE, MemoryStorage, SaveError, SaveStore


@pytest.fixture(scope="module")
def two_deals():
    state = played()
    game.apply(state, {"type": "next_deal"})  # deal 3 begun, not finished
    for _ in range(3):
        seat = state.to_move()
        game.apply(state, get_bot("random")(game.observe(state, seat), seat, random.Random(1)))
    return state


def test_only_finished_deals_replay(two_deals):
    assert finished_deals(two_deals) == [1, 2]
    with pytest.raises(game.StateError, match="Deal 3 of this game is not finished"):
        DealReplay(two_deals, 3)


def test_positions_match_a_fresh_replay_action_by_action(two_deals):
    for deal in (1, 2):
        replay = DealReplay(two_deals, deal)
        first, end = deal_span(two_deals.log, deal)
        fresh = engine.restart(two_deals)
        for action in two_deals.log[:first]:
            game.apply(fresh, action)
        assert replay.positions[0].to_json() == fresh.to_json()
        assert fresh.deal == deal and fresh.turn_number == 1 and fresh.phase == "draw"
        for i, action in enumerate(two_deals.log[first:end], start=1):
            game.apply(fresh, action)
            assert replay.actions[i] == action
            assert replay.positions[i].to_json() == fresh.to_json()
        assert len(replay) == end - first + 1
        last = replay.positions[-1]
        assert last.phase == "deal_end" and last.deal_results == two_deals.deal_results[:deal]


def test_the_replay_leaves_the_game_as_it_was(two_deals):
    before = two_deals.to_json()
    replay = DealReplay(two_deals, 2)
    game.apply(replay.positions[0], {"type": "draw"})  # a position is a copy of its own
    assert two_deals.to_json() == before


def test_stepping_forward_and_back_round_trips(two_deals):
    replay = DealReplay(two_deals, 1)
    end = len(replay) - 1
    assert replay.step(-5) == 0 and replay.step(end + 9) == end
    forward = [seen(replay.positions[replay.step(i)], 0, False) for i in range(end + 1)]
    back = [seen(replay.positions[replay.step(i)], 0, False) for i in range(end, -1, -1)]
    assert forward == back[::-1]
    assert forward[0]["phase"] == "draw" and forward[-1]["phase"] == "deal_end"


def test_a_log_that_does_not_replay_is_refused(two_deals):
    bent = two_deals.clone()
    bent.deal_results = [dict(bent.deal_results[0], totals=[1, 2])] + bent.deal_results[1:]
    with pytest.raises(game.StateError, match="does not replay"):
        DealReplay(bent, 1)


def test_own_view_never_holds_a_hidden_card(two_deals):
    replay = DealReplay(two_deals, 2)
    for position in replay.positions:
        own = seen(position, 0, False)
        assert own["hands"][0] == own["hand"] and own["hands"][1:] == [None, None, None]
        text = repr(own)
        # every card only another seat holds (hands, knees, feet) or in the stock is absent
        shown = set(own["hand"]) | set(own["discard"])
        shown |= {c for s in own["sides"] for m in s["melds"] for c in m["cards"]}
        shown |= {c for s in own["sides"] for c in s["red3"]}
        hidden = {c for p in position.players[1:] for c in p.hand + sum(p.piles, [])}
        hidden |= {c for p in position.players[:1] for c in sum(p.piles, [])}
        hidden |= {c for s in position.stocks for c in s}
        for card in hidden - shown:
            assert f"'{card}'" not in text


def test_own_view_is_the_same_whatever_the_hidden_cards(two_deals):
    """Swap the other seats' hands and the stock: seat 0's view does not change."""
    position = DealReplay(two_deals, 1).positions[3]
    other = position.clone()
    hands = [p.hand for p in other.players[1:]]
    pool = [c for h in hands for c in h] + other.stocks[0]
    random.Random(2).shuffle(pool)
    for p in other.players[1:]:
        p.hand, pool = pool[:len(p.hand)], pool[len(p.hand):]
    other.stocks[0] = pool
    assert seen(other, 0, False) == seen(position, 0, False)
    assert seen(other, 0, True)["hands"] != seen(position, 0, True)["hands"]


def test_all_open_shows_every_hand(two_deals):
    position = DealReplay(two_deals, 1).positions[0]
    hands = seen(position, 0, True)["hands"]
    assert [sorted(h) for h in hands] == [sorted(p.hand) for p in position.players]
    assert HIDDEN not in sum(hands, [])


# -- the same deal again, from another seat ---------------------------------------------------
def test_the_same_deal_again_deals_the_same_cards_to_the_rotated_seats(two_deals):
    n = two_deals.num_players
    for deal in (1, 2):
        dealt = DealReplay(two_deals, deal).positions[0]
        for seat in range(n):
            again = same_deal(two_deals, deal, seat)
            assert again.dealt_from == (two_deals.seed, deal, seat)
            for i in range(n):  # seat i now holds what seat i + seat held
                was = dealt.players[(i + seat) % n]
                assert again.players[i].hand == was.hand and again.players[i].piles == was.piles
            assert again.stocks == dealt.stocks and again.discard == dealt.discard
            assert (again.turn + seat) % n == dealt.turn  # the same cards play first
            sides = len(again.sides)
            for s in range(sides):
                assert again.sides[s].red3 == dealt.sides[(s + seat) % sides].red3
            assert [p.bot for p in again.players] == [p.bot for p in two_deals.players]
            assert again.rules.deals == 1 and again.deal == 1 and not again.log


def test_one_deal_rules_keep_that_deals_minimum():
    rules = game.get_preset("triple-play")
    second = one_deal_rules(rules, 2)
    assert second.deals == 1 and second.opening_by_deal == (rules.opening_by_deal[1],)
    assert one_deal_rules(second, 1) is second


def test_a_same_deal_game_saves_replays_and_shares(two_deals):
    again = same_deal(two_deals, 2, 3)
    rng = random.Random(4)
    for _ in range(12):
        seat = again.to_move()
        game.apply(again, get_bot("random")(game.observe(again, seat), seat, rng))
    data = again.to_json()
    assert data["dealt_from"] == {"seed": two_deals.seed, "deal": 2, "seat": 3}
    assert game.GameState.from_json(data).to_json() == data
    assert engine.replay(again).to_json() == data
    assert share.decode(share.encode(again)).to_json() == data
    assert "dealt_from" not in two_deals.to_json()  # other games' files are as they were


def test_playing_a_same_deal_game_again_composes_the_seats(two_deals):
    again = same_deal(two_deals, 2, 1)
    while again.phase != "game_end":
        seat = again.to_move()
        game.apply(again, get_bot("random")(game.observe(again, seat), seat, random.Random(3)))
    third = same_deal(again, 1, 2)
    assert third.dealt_from == (two_deals.seed, 2, 3)
    assert third.players[0].hand == same_deal(two_deals, 2, 3).players[0].hand


@pytest.mark.parametrize("bad,reason", [
    ({"seed": 1, "deal": 1, "seat": 4}, "dealt_from's seat is out of range"),
    ({"seed": 1, "deal": 0, "seat": 1}, "dealt_from's deal is out of range"),
    ({"seed": 1, "deal": 1}, "dealt_from has no seat"),
    ({"seed": 1, "deal": 1, "seat": 1, "x": 0}, "dealt_from has an unknown field"),
    ({"seed": "1", "deal": 1, "seat": 1}, "dealt_from's seed must be a whole number"),
    ([1, 1, 1], "dealt_from must be a JSON object"),
])
def test_a_bad_dealt_from_is_refused(two_deals, bad, reason):
    data = same_deal(two_deals, 1, 1).to_json()
    data["dealt_from"] = bad
    with pytest.raises(game.StateError, match=reason):
        game.GameState.from_json(data)


def test_only_a_finished_deal_and_a_real_seat_play_again(two_deals):
    with pytest.raises(game.StateError, match="Deal 3 of this game is not finished"):
        same_deal(two_deals, 3, 1)
    with pytest.raises(game.StateError, match="Seat 4 is not a seat"):
        same_deal(two_deals, 1, 4)


def test_a_same_deal_save_keeps_its_original_and_refuses_a_bad_one(two_deals):
    store = SaveStore(MemoryStorage())
    original = {"game": "20261127-230000", "deal": 2, "seat": 3, "scores": [1200, -35]}
    slot = store.save(None, same_deal(two_deals, 2, 3), ["line"], original=original)
    state, _ = store.load(slot)
    store.save(slot, state, ["line", "another"])  # a later autosave keeps it
    assert store.original(slot) == original
    assert store.original(store.save(None, two_deals, [])) is None
    for bad in ({**original, "seat": 9}, {**original, "scores": ["1"]}, {"game": "x"}, [1]):
        record = json.loads(store.storage.get(SAVE + slot))
        record["original"] = bad
        store.storage.set(SAVE + slot, json.dumps(record))
        with pytest.raises(SaveError, match="record of the deal it plays again is malformed"):
            store.load(slot)
        slot = store.save(None, state, [], original=original)
