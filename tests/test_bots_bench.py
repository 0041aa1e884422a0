"""bench/bots.py --save: a long tournament carried on across sessions gives
the figures of one played whole, and a file that is not its pairs is refused."""

import json

import pytest

from bench import bots

RUN = ["--only", "normal-easy", "--seed", "3", "--jobs", "1"]


def figures(capsys, *args) -> dict:
    """bench/bots.py's printed line, less its wall time (the one figure a machine changes)."""
    bots.main([*RUN, *args])
    out = json.loads(capsys.readouterr().out)
    return {k: v for k, v in out.items() if k not in ("seconds", "ms_per_move")}


def test_a_run_carried_on_gives_the_figures_of_one_played_whole(tmp_path, capsys):
    save = tmp_path / "pairs.jsonl"
    figures(capsys, "--games", "4", "--save", str(save))
    assert len(save.read_text().splitlines()) == 2
    carried = figures(capsys, "--games", "6", "--save", str(save))
    assert len(save.read_text().splitlines()) == 3  # only the pair it lacked was played
    assert carried == figures(capsys, "--games", "6")
    assert carried["games"] == 6
    # a longer run's file gives the figure of the games asked for, playing none
    assert figures(capsys, "--games", "4", "--save", str(save)) == figures(capsys, "--games", "4")
    assert len(save.read_text().splitlines()) == 3


@pytest.mark.parametrize("damage, why", [
    (lambda row: "{not json", "line 2: not JSON"),
    (lambda row: json.dumps({**row, "tournament": ["triple-play", "hard", "normal", 3]}), "line 2: not a pair of"),
    (lambda row: json.dumps({**row, "wins": [1.0, 1.0, 1.0]}), "line 2: a pair's figures"),
    (lambda row: json.dumps({**row, "deals": "8"}), "line 2: a pair has the fields"),
    (lambda row: json.dumps({**row, "seed": 12}), "line 2: seed 12 is not one of"),
    (lambda row: json.dumps({**row, "seed": row["seed"] + 200_000}), "is not one of"),
])
def test_a_damaged_or_foreign_save_is_refused_naming_the_line(tmp_path, capsys, damage, why):
    save = tmp_path / "pairs.jsonl"
    figures(capsys, "--games", "4", "--save", str(save))
    first, second = save.read_text().splitlines()
    save.write_text(first + "\n" + damage(json.loads(second)) + "\n")
    kept = save.read_text()
    with pytest.raises(SystemExit, match=why):
        figures(capsys, "--games", "6", "--save", str(save))
    assert save.read_text() == kept


def test_save_names_one_tournament(capsys):
    with pytest.raises(SystemExit):
        bots.main(["--save", "x.jsonl"])
    assert "name it with --only" in capsys.readouterr().err
