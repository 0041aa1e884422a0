"""Properties over many random games: conservation, replay, no leaks, no half-moves."""

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import IllegalMove, apply, new_game, observe, view
from game.bots import get_bot
from game.engine import replay
from game.simulate import play_game, simulate
from game.state import GameState
from game.view import HIDDEN

# Every test here plays whole games.
pytestmark = pytest.mark.slow
SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def random_positions(seed: int, every: int = 7, bots=("random",)):
    """Yield states along a game between ``bots`` (every ``every`` actions)."""
    state = new_game("triple-play", seed=seed, bots=[bots[i % len(bots)] for i in range(4)])
    choosers = [get_bot(p.bot) for p in state.players]
    rng = random.Random(seed)
    n = 0
    while state.phase != "game_end":
        if state.phase == "deal_end":
            apply(state, {"type": "next_deal"})
            continue
        seat = state.to_move()
        apply(state, choosers[seat](observe(state, seat), seat, rng))
        n += 1
        if n % every == 0:
            yield state


@SETTINGS
@given(st.integers(0, 10**9))
def test_cards_are_never_created_or_lost_and_replay_reproduces_the_game(seed):
    state = play_game("triple-play", seed, ["random"], check_cards=True)  # checks every action
    assert state.phase == "game_end"
    again = replay(state)
    assert again.to_json() == state.to_json()


@SETTINGS
@given(st.integers(0, 10**9))
def test_json_round_trip_keeps_every_position(seed):
    for state in random_positions(seed, every=97):
        data = json.loads(json.dumps(state.to_json()))
        assert GameState.from_json(data).to_json() == state.to_json()


def _redeal_hidden(state: GameState, seat: int, rng: random.Random) -> GameState:
    """The same position with every card ``seat`` cannot see shuffled among hidden places."""
    other = GameState.from_json(state.to_json())
    slots = []
    for i, p in enumerate(other.players):
        if i != seat:
            slots.append(p.hand)
        slots.extend(p.piles)
    slots.extend(other.stocks)
    pool = [c for s in slots for c in s]
    rng.shuffle(pool)
    for s in slots:
        s[:] = [pool.pop() for _ in range(len(s))]
    return other


@SETTINGS
@given(st.integers(0, 10**9))
def test_views_leak_nothing_hidden(seed):
    rng = random.Random(seed)
    for state in random_positions(seed, every=53):
        for seat in range(4):
            obs = observe(state, seat)
            for i, p in enumerate(obs.players):
                if i != seat:
                    assert set(p.hand) <= {HIDDEN}
                assert all(set(pile) <= {HIDDEN} for pile in p.piles)
            assert all(set(s) <= {HIDDEN} for s in obs.stocks)
            shuffled = _redeal_hidden(state, seat, rng)
            assert view(shuffled, seat) == view(state, seat)


ACTION_TYPES = ["draw", "take_pile", "meld", "discard", "knock", "pick_up_knee",
                "ask_to_go_out", "answer", "next_deal", "bogus"]


def _random_action(rng: random.Random, state: GameState) -> object:
    kind = rng.choice(ACTION_TYPES)
    seat = state.to_move() or 0
    hand = state.players[seat].hand or ["AS"]
    pool = hand + ["JK", "3S", "3H", "7D", "2C", "XX", 5]
    melds = [m.id for s in state.sides for m in s.melds] + [999]
    if kind in ("meld", "take_pile"):
        placements = []
        for _ in range(rng.randint(0, 3)):
            pl = {"cards": [rng.choice(pool) for _ in range(rng.randint(0, 8))]}
            if rng.random() < 0.4:
                pl["to"] = rng.choice(melds)
            placements.append(pl)
        return {"type": kind, "melds": placements}
    if kind == "discard":
        return {"type": kind, "card": rng.choice(pool)}
    if kind == "answer":
        return {"type": kind, "yes": rng.choice([True, False, "yes"])}
    if kind == "bogus":
        return rng.choice([None, [], {"type": 3}, {"type": "draw", "extra": 1}, "draw"])
    return {"type": kind}


@SETTINGS
@given(st.integers(0, 10**9))
def test_illegal_actions_change_nothing(seed):
    rng = random.Random(seed)
    refusals = 0
    for state in random_positions(seed, every=31):
        for _ in range(8):
            before = state.to_json()
            probe = GameState.from_json(before)
            try:
                apply(probe, _random_action(rng, probe))
            except IllegalMove as e:
                assert str(e)
                assert probe.to_json() == before
                refusals += 1
    assert refusals


def test_two_hundred_random_games_finish_without_error():
    out = simulate("triple-play", 200, 11, ["random"])
    assert out["errors"] == 0, out["error_details"][:3]
    assert out["completed"] == 200

