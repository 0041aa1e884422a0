"""The statistics kept in the browser (ui/stats/stats.py): what a finished deal and
game add, each deal counted once, and stored figures that cannot be right
reset with a message."""

import json

import pytest

import game
from game.deal import SEAT_NAMES
from tests.helpers import SHORT, play_until
from ui.stats import stats as S


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
    assert S.count(stats, "slot-a", last, hints=[3, 0, 0, 0]) is True
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
    S.count(stats, "a", first, hints=[5, 0, 0, 0])
    S.count(stats, "b", last, hints=[-2, 0, 0, 0])
    S.count(stats, "c", last, hints=[True, 0, 0, 0])
    S.count(stats, "d", last, hints=[4, 9, 9, 9])  # the bots' seats count for nobody
    S.count(stats, "e", last, hints=2)              # an old save's count: seat 0's
    assert stats["rows"][0]["hints"] == 6


def test_a_game_in_play_adds_nothing():
    state = game.new_game(SHORT, seed=2, bots=[None, "easy", "easy", "easy"])
    stats = S.empty()
    assert S.count(stats, "x", state) is False and stats == S.empty()


def test_bot_levels():
    def level(bots, seat=0):
        return S.bot_level(game.new_game("triple-play", seed=1, bots=bots), seat)
    assert level([None, "hard:500", "hard", "hard:900"]) == "hard"
    assert level([None, "easy", "normal", "easy"]) == "mixed"
    assert level([None, None, None, None]) == "people"
    assert level(["random", "easy", "easy", "easy"]) == "easy"  # seat 0's own is not a bot level
    assert level([None, "easy", None, "easy"], 2) == "easy"    # another person is no bot
    assert level([None, None, "easy", None], 3) == "easy"
    assert level(["easy", None, None, None], 1) == "easy"


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


def test_each_person_at_the_table_is_counted_by_name(two_deal_game):
    """Pass-and-play: two people in one game, each with their own side's figures
    and hints; the deal is still counted once."""
    _, last = two_deal_game
    state = last.clone()
    for seat, name in ((0, "Ann"), (1, "Bob")):
        state.players[seat].name, state.players[seat].bot = name, None
    stats = S.empty()
    assert S.count(stats, "g", state, hints=[2, 5, 0, 0]) is True
    assert S.count(stats, "g", state, hints=[2, 5, 0, 0]) is False
    assert S.players(stats) == ["Ann", "Bob"]
    [ann], [bob] = S.rows_of(stats, "Ann"), S.rows_of(stats, "Bob")
    assert (ann["player"], ann["bots"], ann["hints"], bob["hints"]) == ("Ann", "normal", 2, 5)
    totals = [s.total for s in state.sides]
    assert ann["game_margin"] == totals[0] - totals[1] == -bob["game_margin"]
    assert ann["games_won"] + bob["games_won"] <= 1 and ann["deals"] == bob["deals"] == 1
    assert S.load(S.dump(stats)) == (stats, None)


def test_old_statistics_are_south_s_and_one_person_s_are_still_written_the_old_way(two_deal_game):
    """Figures from before pass-and-play name nobody: they are South's, the one
    person of every game then, and South's new figures join them unnamed."""
    stats, problem = S.load(json.dumps(good()))
    assert problem is None and S.players(stats) == ["South"]
    assert all(names[0] == S.OLD_PLAYER for names in SEAT_NAMES.values())
    S.count(stats, "new", two_deal_game[1])
    assert len(stats["rows"]) == 1 and "player" not in stats["rows"][0] and stats["rows"][0]["deals"] == 5


@pytest.mark.parametrize("change,reason", [
    (lambda row: row.update(player=""), "impossible figures"),
    (lambda row: row.update(player="x" * 41), "impossible figures"),
    (lambda row: row.update(player=7), "impossible figures"),
    (lambda row: row.update(player="South"), "impossible figures"),  # South's rows name nobody
])
def test_a_row_s_person_is_checked(change, reason):
    stats, problem = S.load(altered(lambda d: change(d["rows"][0])))
    assert stats == S.empty() and reason in problem


def test_two_people_s_rows_of_one_kind_are_two_rows():
    data = good()
    data["rows"].append(dict(data["rows"][0], player="Ann"))
    assert S.load(json.dumps(data)) == (data, None)
    data["rows"].append(dict(data["rows"][0], player="Ann"))
    assert "a game kind twice" in S.load(json.dumps(data))[1]
