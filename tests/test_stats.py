"""The statistics kept in the browser (ui/stats.py): what a finished deal and
game add, each deal counted once, and stored figures that cannot be right
reset with a message."""

import json

import pytest

import game
from tests.helpers import SHORT, play_until
from ui import stats as S


@pytest.fixture(scope="module")
def two_deal_game():
    """A game of two short deals, stopped after each one (copies)."""
    state = game.new_game(SHORT.derive(deals=2), seed=8, bots=[None, "normal", "normal", "normal"])
    first = play_until(state, 1).clone()
    return first, play_until(state, 2)


def test_a_deal_then_the_game_are_counted_once_each(two_deal_game):
    first, last = two_deal_game
    stats = S.empty()
    assert S.count(stats, "slot-a", first) is True
    assert S.count(stats, "slot-a", first) is False  # the same deal again: nothing added
    [row] = stats["rows"]
    assert (row["preset"], row["bots"]) == ("triple-play", "normal")
    assert (row["deals"], row["games"]) == (1, 0)
    deal1 = [s["total"] for s in first.deal_results[0]["sides"]]
    assert row["deal_margin"] == deal1[0] - deal1[1]
    assert row["deals_won"] == (deal1[0] > deal1[1])
    assert S.count(stats, "slot-a", last, hints=3) is True
    deal2 = [s["total"] for s in last.deal_results[1]["sides"]]
    assert (row["deals"], row["games"], row["hints"]) == (2, 1, 3)
    assert row["deal_margin"] == deal1[0] - deal1[1] + deal2[0] - deal2[1]
    totals = [s.total for s in last.sides]
    assert row["game_margin"] == totals[0] - totals[1]
    assert row["games_won"] == (totals[0] > totals[1])
    went = [r["went_out"] for r in last.deal_results]
    assert row["went_out"] == sum(w is not None and w % 2 == 0 for w in went)
    assert S.load(S.dump(stats)) == (stats, None)


def test_hints_count_only_when_the_game_ends_and_only_if_sound(two_deal_game):
    first, last = two_deal_game
    stats = S.empty()
    S.count(stats, "a", first, hints=5)
    S.count(stats, "b", last, hints=-2)
    S.count(stats, "c", last, hints=True)
    S.count(stats, "d", last, hints=4)
    assert stats["rows"][0]["hints"] == 4


def test_a_game_in_play_adds_nothing():
    state = game.new_game(SHORT, seed=2, bots=[None, "easy", "easy", "easy"])
    stats = S.empty()
    assert S.count(stats, "x", state) is False and stats == S.empty()


def test_bot_levels():
    def level(bots):
        return S.bot_level(game.new_game("triple-play", seed=1, bots=bots))
    assert level([None, "hard:500", "hard", "hard:900"]) == "hard"
    assert level([None, "easy", "normal", "easy"]) == "mixed"
    assert level([None, None, None, None]) == "people"
    assert level(["random", "easy", "easy", "easy"]) == "easy"  # seat 0's own is not a bot level


def test_bounds_keep_the_counted_list_and_the_rows_short(two_deal_game):
    first, _ = two_deal_game
    stats = S.empty()
    for i in range(S.MAX_COUNTED + 5):
        S.count(stats, f"s{i}", first)
    assert len(stats["counted"]) == S.MAX_COUNTED
    assert stats["counted"][-1] == f"s{S.MAX_COUNTED + 4}:1"
    stats["rows"] = [dict(stats["rows"][0], preset=f"p{i}") for i in range(S.MAX_ROWS)]
    assert S.count(stats, "another", first) is False  # no room for a new kind of game
    assert S.load(S.dump(stats))[1] is None


def good():
    row = {"preset": "triple-play", "bots": "normal", "games": 1, "games_won": 1, "deals": 4,
           "deals_won": 3, "went_out": 2, "hints": 0, "deal_margin": 900, "game_margin": 900}
    return {"version": 1, "rows": [row], "counted": ["20261127-120000:4"]}


def altered(change):
    data = good()
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize("text,reason", [
    ("{", "not valid JSON"),
    ("[" * 500 + "]" * 500, "nested far too deeply"),
    ("x" * (S.MAX_TEXT + 1), "far too large"),
    ("[]", "not in this page's format"),
    (altered(lambda d: d.update(version=2)), "another version"),
    (altered(lambda d: d.update(version=True)), "another version"),
    (altered(lambda d: d.update(extra=1)), "not in this page's format"),
    (altered(lambda d: d["rows"][0].update(games=-1)), "impossible figures"),
    (altered(lambda d: d["rows"][0].update(games_won=2)), "impossible figures"),
    (altered(lambda d: d["rows"][0].update(went_out=5)), "impossible figures"),
    (altered(lambda d: d["rows"][0].update(hints=1.5)), "a fraction"),
    (altered(lambda d: d["rows"][0].update(deals=True)), "impossible figures"),
    (altered(lambda d: d["rows"][0].update(preset="")), "impossible figures"),
    (altered(lambda d: d["rows"][0].pop("hints")), "impossible figures"),
    (altered(lambda d: d["rows"].append(dict(d["rows"][0]))), "a game kind twice"),
    (altered(lambda d: d.update(counted=[1])), "counted deals is malformed"),
    (altered(lambda d: d.update(rows={})), "impossible figures"),
])
def test_corrupt_statistics_reset_with_a_message(text, reason):
    stats, problem = S.load(text)
    assert stats == S.empty()
    assert reason in problem and problem.endswith("They start again from zero.")
    assert "\n" not in problem


def test_missing_statistics_are_empty_and_good_ones_load():
    assert S.load(None) == (S.empty(), None)
    assert S.load(json.dumps(good())) == (good(), None)
