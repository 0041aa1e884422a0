"""The JSON formats (docs/formats.md): states load only when sound, rule sets
are strict, actions have one shape each, and the command line behaves as
documented."""

import json
import subprocess
import sys

import pytest

from game import IllegalMove, RulesError, RuleSet, StateError, apply, new_game
from game.actions import parse_action
from game.presets import TRIPLE_PLAY
from game.state import GameState


def fresh():
    return new_game("triple-play", seed=7).to_json()


def test_state_round_trip_and_preset_by_name():
    data = fresh()
    assert data["version"] == 1 and data["rules"] == "triple-play"
    assert GameState.from_json(data).to_json() == data


def test_custom_rules_are_saved_in_full():
    s = new_game(TRIPLE_PLAY.derive(name="house", knee_reminder=True), seed=1)
    data = s.to_json()
    assert data["rules"]["knee_reminder"] is True
    assert GameState.from_json(json.loads(json.dumps(data))).rules == s.rules


@pytest.mark.parametrize("mutate,words", [
    (lambda d: d.update(version=2), "version 2"),
    (lambda d: d.pop("stocks"), "malformed"),
    (lambda d: d["players"][0]["hand"].append("AS"), "do not add up to 324"),
    (lambda d: d["players"][0]["hand"].pop(), "missing"),
    (lambda d: d["players"][0]["hand"].__setitem__(0, "ZZ"), "not a card code"),
    (lambda d: d.update(phase="dancing"), "Unknown phase"),
    (lambda d: d.update(rules="no-such-game"), "Unknown preset"),
    (lambda d: d.update(rules={"deals": "four"}), "whole number"),
    (lambda d: d.update(turn=9), "seat"),
    (lambda d: d.update(deal=5), "outside a 4-deal game"),
    (lambda d: d["players"][0].update(name="<script>" * 10), "1 to 40 characters"),
    (lambda d: d.update(players=d["players"][:3]), "not 3"),
    (lambda d: d["sides"][0].update(unused_yes=1), "where a yes does not oblige"),
    (lambda d: d["sides"][0].update(unused_yes=-1), "unused_yes is out of range"),
    (lambda d: d.update(rules={"yes_obliges": True, "unused_yes_penalty": -5}), "must not be negative"),
])
def test_bad_states_are_refused_with_a_reason(mutate, words):
    data = fresh()
    mutate(data)
    with pytest.raises(StateError) as e:
        GameState.from_json(data)
    assert words in str(e.value)


def test_illegal_meld_in_a_file_is_refused():
    data = fresh()
    card = data["players"][0]["hand"].pop()
    data["sides"][0]["melds"].append({"id": 1, "rank": card[0], "cards": [card], "book": False,
                                      "completed_turn": -1})
    data["next_meld_id"] = 2
    with pytest.raises(StateError) as e:
        GameState.from_json(data)
    assert "illegal" in str(e.value)


def test_rule_sets_are_strict():
    with pytest.raises(RulesError, match="Unknown rule option: colour"):
        RuleSet.from_dict({"colour": "red"})
    with pytest.raises(RulesError, match="true or false"):
        RuleSet.from_dict({"knee_reminder": 1})
    with pytest.raises(RulesError, match="meld_growth must be one of"):
        TRIPLE_PLAY.derive(meld_growth="sometimes")
    with pytest.raises(RulesError, match="mixed book of 7s is impossible"):
        TRIPLE_PLAY.derive(books=(("mixed", "7"),))
    with pytest.raises(RulesError, match="too few"):
        TRIPLE_PLAY.derive(seatings=((4, 2, 2),))
    assert RuleSet.from_dict(TRIPLE_PLAY.to_dict()) == TRIPLE_PLAY


@pytest.mark.parametrize("action,words", [
    ("draw", "JSON object"), ({"type": "fly"}, "Unknown action"),
    ({"type": "discard"}, "needs 'card'"), ({"type": "discard", "card": "1X"}, "not a card"),
    ({"type": "meld", "melds": [{"cards": ["AS"], "where": 1}]}, "Each meld"),
    ({"type": "draw", "colour": 1}, "no field 'colour'"), ({"type": "answer", "yes": "y"}, "true or false"),
])
def test_malformed_actions_are_refused(action, words):
    with pytest.raises(IllegalMove) as e:
        parse_action(action)
    assert words in str(e.value)


def test_acting_out_of_turn_is_refused():
    s = new_game("triple-play", seed=3)
    other = (s.turn + 1) % 4
    with pytest.raises(IllegalMove, match="move, not"):
        apply(s, {"type": "draw", "seat": other})


# -- command line ----------------------------------------------------------------
def run(*args, check=True):
    p = subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True)
    if check:
        assert p.returncode == 0, p.stderr
    return p


def test_cli_new_legal_apply_score(tmp_path):
    state = json.loads(run("new", "--preset", "triple-play", "--seed", "4").stdout)
    path = tmp_path / "s.json"
    path.write_text(json.dumps(state))
    legal = json.loads(run("legal", "--state", str(path)).stdout)
    assert {"type": "draw"} in legal["actions"] and legal["to_move"] == state["turn"]
    after = json.loads(run("apply", "--state", str(path), "--action", '{"type":"draw"}').stdout)
    assert after["phase"] == "play"
    path.write_text(json.dumps(after))
    legal = json.loads(run("legal", "--state", str(path)).stdout)
    assert any(a["type"] == "discard" for a in legal["actions"]) and "meld_options" in legal
    score = json.loads(run("score", "--state", str(path)).stdout)
    assert [row["side"] for row in score["sides"]] == [0, 1]
    assert set(score["sides"][0]) >= {"melded", "left", "canastas", "red3", "going_out", "total"}


def test_cli_refusals_exit_2_with_error(tmp_path):
    path = tmp_path / "s.json"
    path.write_text(json.dumps(new_game("triple-play", seed=4).to_json()))
    p = run("apply", "--state", str(path), "--action", '{"type":"discard","card":"AS"}', check=False)
    assert p.returncode == 2 and "Draw before discarding" in json.loads(p.stdout)["error"]
    path.write_text("{not json")
    p = run("legal", "--state", str(path), check=False)
    assert p.returncode == 2 and "not valid JSON" in json.loads(p.stdout)["error"]


def test_cli_simulate_summary():
    out = json.loads(run("simulate", "--preset", "triple-play", "--games", "3", "--seed", "1",
                         "--bots", "random").stdout)
    assert out["games"] == 3 and out["completed"] == 3 and out["errors"] == 0
    assert out["seconds"] > 0 and len(out["results"]) == 3
    assert all(len(r["scores"]) == 2 for r in out["results"])
