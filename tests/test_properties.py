"""Properties over random games: replay, JSON round trips, no leaks, no
half-moves. (That random games of every preset end without a refused move
and keep every card is tests/test_presets.py's.)"""

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game import IllegalMove, apply, observe, view
from game.engine import replay
from game.presets import PRESETS
from game.simulate import play_game
from game.state import GameState
from game.view import HIDDEN
from tests.helpers import SETTINGS, random_action, random_positions, redeal_hidden

# Every test here plays whole games.
pytestmark = pytest.mark.slow


@SETTINGS
@given(st.sampled_from(sorted(PRESETS)), st.integers(0, 10**9))
def test_replay_reproduces_a_game_of_every_preset(name, seed):
    state = play_game(name, seed, ["random"], check_cards=False)
    assert state.phase == "game_end"
    again = replay(state)
    assert again.to_json() == state.to_json()


@SETTINGS
@given(st.integers(0, 10**9))
def test_json_round_trip_keeps_every_position(seed):
    for state in random_positions(seed, every=97):
        data = json.loads(json.dumps(state.to_json()))
        assert GameState.from_json(data).to_json() == state.to_json()


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
            shuffled = redeal_hidden(state, seat, rng)
            assert view(shuffled, seat) == view(state, seat)


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
                apply(probe, random_action(rng, probe))
            except IllegalMove as e:
                assert str(e)
                assert probe.to_json() == before
                refusals += 1
    assert refusals
