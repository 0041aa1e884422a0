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
from game.names import Ev
from game.presets import PRESETS
from game.runs.simulate import play_game
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
            assert view(shuffled, seat, events=False) == view(state, seat, events=False)


def _shown(v) -> set:
    """Every card a view shows: the seat's hand, the melds, the red 3s, the discard pile."""
    return {*v["hand"], *v["discard"], *(c for s in v["sides"] for c in s["red3"]),
            *(c for s in v["sides"] for m in s["melds"] for c in m["cards"])}


@SETTINGS
@given(st.integers(0, 10**9))
def test_events_leak_nothing_hidden(seed):
    """After every action, each seat's events name only cards its view shows
    (or the card just discarded, which a wild card may have frozen away), and
    another seat's drawn cards and red 3 replacements only as hidden."""
    masked = 0
    for state in random_positions(seed, every=1, bots=("random", "normal")):
        for seat in range(4):
            v = view(state, seat)
            thrown = {e["card"] for e in v["events"] if e["event"] == Ev.DISCARDED}
            for e in v["events"]:
                named = [e.get("card"), e.get("top"), *e.get("cards", ()), *e.get("replacements", ())]
                assert {c for c in named if c} <= _shown(v) | thrown | {HIDDEN}, (seat, e)
                if e.get("seat") != seat and e["event"] in (Ev.DREW, Ev.RED3):
                    hidden = e["cards"] if e["event"] == Ev.DREW else e["replacements"]
                    assert set(hidden) <= {HIDDEN}, (seat, e)
                    masked += len(hidden)
        if state.deal > 1:
            break
    assert masked, "the game should hold others' draws"


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
