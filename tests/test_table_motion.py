"""The table's motion model in plain Python: settings, visual moves, the deal's log.

ui.core.motion_steps turns each action into steps for ui/motion.js; ui.table.deal_log rebuilds
the deal's log lines from the engine log; ui.settings.settings reads stored settings
strictly.
"""

import json

import pytest

import game
from game.words import narrate
from tests.helpers import play
from ui.core import motion_steps as MV
from ui.settings import settings as S
from ui.table import deal_log


# -- settings ---------------------------------------------------------------------
def test_settings_default_when_missing_or_corrupt():
    deep = '{"speed": ' + "[" * 100_000 + "]" * 100_000 + "}"  # past Python's recursion limit
    huge = json.dumps({"speed": "slow", "pad": "x" * 100_000})
    for text in (None, "", "{not json", "[1, 2]", "42", '"normal"', "null", deep, huge, "1" * 5000):
        assert S.load(text) == S.Settings(), text


def test_settings_round_trip_and_unknown_values_fall_back():
    chosen = S.Settings(speed="slow", sound=True, vibrate=True, theme="dark")
    assert S.load(chosen.dump()) == chosen
    odd = S.load(json.dumps({"speed": "ludicrous", "sound": "yes", "vibrate": 1, "extra": 3, "theme": "neon"}))
    assert odd == S.Settings()
    assert S.load(json.dumps({"speed": "instant"})) == S.Settings(speed="instant")
    assert S.load(json.dumps({"theme": "light"})) == S.Settings(theme="light")
    assert S.load(json.dumps({"theme": ["dark"], "speed": {"fast": 1}})) == S.Settings()
    assert S.Settings(speed="instant").fly_ms() == 0 and S.Settings().fly_ms() > 0


# -- a deal played by normal bots, seat 0 included -----------------------------------------
@pytest.fixture(scope="module")
def deal():
    return play(seed=5)


def test_every_action_has_a_visible_step(deal):
    _, steps, _ = deal
    for action, seat, before, after in steps:
        out = MV.moves(action, seat, before, after)
        assert out, action
        for step in out:
            places = step.get("fly", []) + step.get("to", []) + step.get("mark", []) + step.get("at", [])
            assert places and all(isinstance(p, str) and p for p in places), step


def test_others_draw_face_down_and_ours_face_up(deal):
    _, steps, _ = deal
    draws = [(MV.moves(a, s, b, af), s) for a, s, b, af in steps if a["type"] == "draw" and af["phase"] == "play"]
    assert {s for _, s in draws} == {0, 1, 2, 3}
    for out, seat in draws:
        flights = [x for x in out if "fly" in x and x["fly"][0].startswith("#pile-stock")]
        assert flights
        if seat == 0:
            assert all(f["card"] for f in flights) and flights[0]["to"] == ["#hand"]
        else:
            assert not any(f["card"] for f in flights) and flights[0]["to"] == [f"#seat-{seat}"]


def test_discard_flies_the_card_to_the_pile(deal):
    _, steps, _ = deal
    action, seat, before, after = next(x for x in steps if x[0]["type"] == "discard" and x[1] == 2)
    fly = MV.moves(action, seat, before, after)[0]
    assert fly["fly"] == ["#seat-2"] and fly["to"] == ["#pile-discard"]
    assert fly["card"] == MV._face(action["card"])


def test_moments_get_banners(deal):
    _, steps, _ = deal
    banners = [x for a, s, b, af in steps for x in MV.moves(a, s, b, af) if "banner" in x]
    tones = {x["tone"] for x in banners}
    assert {"canasta", "pile", "out"} <= tones
    assert any(x["banner"].startswith("Canasta! ") for x in banners)
    went = steps[-1][3]["went_out"]
    assert went is not None
    out = [x for x in banners if x["tone"] == "out"]
    assert out[-1]["banner"] == f"{narrate.seat_name(steps[-1][3], went)} go{'' if went == 0 else 'es'} out"
    assert MV.cues(out) == ["out"]


def test_melds_fly_to_the_meld_they_made(deal):
    _, steps, _ = deal
    action, seat, before, after = next(x for x in steps if x[0]["type"] == "meld" and x[1] == 1)
    side = before["players"][1]["side"]
    new = {m["id"] for m in after["sides"][side]["melds"]} - {m["id"] for m in before["sides"][side]["melds"]}
    targets = {x["to"][0] for x in MV.moves(action, seat, before, after) if "fly" in x}
    wanted = {f'[data-meld="{pl["to"]}"]' for pl in action["melds"] if "to" in pl}
    wanted |= {f'[data-meld="{i}"]' for i in new}
    assert targets == wanted


# -- the deal's log, rebuilt ---------------------------------------------------------
def test_deal_log_rebuilds_the_live_lines_mid_deal(deal):
    state, steps, lines = deal
    for cut in (0, 5, len(steps) // 2):
        partial = game.new_game("triple-play", seed=5, bots=[None, "normal", "normal", "normal"])
        for action, *_ in steps[:cut]:
            game.apply(partial, action)
        assert deal_log.deal_lines(partial, 0) == [deal_log.first_line(state)] + [
            narrate.summarize(*x) for x in steps[:cut]]
    assert deal_log.deal_lines(state, 0) == lines


def test_deal_log_starts_at_the_current_deal():
    state, _, lines = play(seed=8, deals=2)
    assert state.deal == 2 and lines[0] == "Deal 2 begins."
    assert deal_log.deal_lines(state, 0) == lines


def test_deal_log_refuses_a_log_that_does_not_replay(deal):
    state = game.GameState.from_json(deal[0].to_json())
    state.log = state.log[:-3]
    with pytest.raises(game.StateError):
        deal_log.deal_lines(state, 0)
