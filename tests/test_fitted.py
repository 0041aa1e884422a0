"""The bots' fitted values live in game/bots/fitted.json: the bots read them
from there, and a bench script's --write replaces only its own section."""

import json

from game.bots import evaluate, fitted, hard


def test_the_bots_use_the_values_in_the_file():
    data = json.loads(fitted.PATH.read_text(encoding="utf-8"))
    assert evaluate.WEIGHTS == {k: tuple(v) for k, v in data["evaluation"]["weights"].items()}
    assert set(evaluate.WEIGHTS) == set(evaluate.FEATURES)
    assert hard.RESIDUAL_SD == tuple(data["evaluation"]["residual_sd"])
    assert hard.TAKE_WEIGHTS == tuple(data["take"]["weights"])
    assert (hard.TAKE_FREE_CARDS, hard.TAKE_PER_CARD, hard.BIG_KEEP) == tuple(
        data["discard"][k] for k in ("take_free_cards", "take_per_card", "big_keep"))


def test_saving_a_section_keeps_the_others_and_its_about_line(tmp_path, monkeypatch):
    path = tmp_path / "fitted.json"
    path.write_text(fitted.PATH.read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.setattr(fitted, "PATH", path)
    before = fitted.load()
    fitted.save("take", {"weights": [0.5, 1.0, -3.0, -1.0]})
    after = fitted.load()
    assert after["take"] == {"about": before["take"]["about"], "weights": [0.5, 1.0, -3.0, -1.0]}
    assert {k: v for k, v in after.items() if k != "take"} == {k: v for k, v in before.items() if k != "take"}
    assert '"weights": [0.5, 1.0, -3.0, -1.0]' in path.read_text(encoding="utf-8")
