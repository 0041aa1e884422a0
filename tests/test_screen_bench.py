"""bench/screen.py: a change is judged pair by pair on the same deals."""

import pytest

from bench import screen


def pairs(*rows):
    return [{"seed": seed, "wins": list(wins), "margins": list(margins)} for seed, wins, margins in rows]


def test_the_difference_is_taken_pair_by_pair_over_the_deals_both_played():
    before = pairs((1, (1.0, 0.0), (500, -300)), (2, (0.0, 0.0), (-100, -200)), (3, (1.0, 1.0), (10, 10)))
    after = pairs((1, (1.0, 1.0), (500, 100)), (2, (0.0, 0.5), (-100, 0)), (4, (0.0, 0.0), (0, 0)))
    d = screen.paired(before, after)
    assert d["games"] == 4  # seeds 1 and 2: the deals both runs played
    assert d["before"] == pytest.approx(0.25) and d["after"] == pytest.approx(0.625)
    assert d["won"][0] == pytest.approx((0.5 + 0.25) / 2)
    assert d["margin"][0] == pytest.approx((200 + 100) / 2)
    assert (d["only_after"], d["only_before"]) == (2, 0)


def test_runs_on_other_deals_are_refused_in_words():
    with pytest.raises(SystemExit, match="share no deals"):
        screen.paired(pairs((1, (1.0, 0.0), (1, -1))), pairs((2, (1.0, 0.0), (1, -1))))


def test_light_hard_searches_the_given_amount(monkeypatch):
    from game.bots import BOTS, hard
    monkeypatch.setattr(hard, "choose", hard.choose)  # put back after the test
    screen.lighten(7, 50)
    assert (BOTS["hard"].samples, BOTS["hard"].hands) == (7, 50)


def test_a_saved_run_names_its_side_a_bot_for_the_comparison(tmp_path, monkeypatch, capsys):
    saved = tmp_path / "before.json"
    for a, more in (("normal", ["--save", str(saved)]), ("easy+normal", ["--against", str(saved)])):
        monkeypatch.setattr("sys.argv", ["screen", "--games", "2", "--jobs", "1", "--a", a, *more])
        assert screen.main() == 0
    assert "against the saved run (normal against normal), 2 games" in capsys.readouterr().out


def test_an_unknown_side_a_bot_is_refused_before_any_game(monkeypatch):
    monkeypatch.setattr("sys.argv", ["screen", "--games", "2", "--a", "normal+genius"])
    with pytest.raises(SystemExit, match="Unknown bot 'genius'"):
        screen.main()
