"""The bots' fitted values live in game/bots/fitted.json: the bots read them
from there, and a bench script's --write replaces only its own section."""

import json

from game.bots import evaluate, fitted, hard
from game.deal import new_game
from game.presets import PRESETS


def test_the_bots_use_the_values_in_the_file():
    data = json.loads(fitted.PATH.read_text(encoding="utf-8"))
    fits = data["evaluation"]["presets"]
    assert evaluate.WEIGHTS == {preset: {k: tuple(v) for k, v in fit["weights"].items()}
                                for preset, fit in fits.items()}
    assert hard.RESIDUAL_SD == {preset: tuple(fit["residual_sd"]) for preset, fit in fits.items()}
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


def test_every_preset_has_an_evaluation_fitted_on_its_own_games():
    """Each preset weighs positions with its own fit (house options keep the
    preset's name); a rule set of another name uses the fit of its kind."""
    assert set(evaluate.FITS) == set(PRESETS)
    for name, rules in PRESETS.items():
        assert set(evaluate.WEIGHTS[name]) == set(evaluate.FEATURES)
        assert evaluate.fit_name(rules) == name
        assert evaluate.fit_name(rules.derive(going_out_bonus=rules.going_out_bonus + 100)) == name
    assert evaluate.fit_name(PRESETS["club-sheet"].derive(name="custom")) == "triple-play"
    assert evaluate.fit_name(PRESETS["simpson"].derive(name="custom")) == "hand-and-foot"


def test_a_position_is_weighed_by_its_presets_fit():
    """The same table is worth another figure under hand-and-foot's weights
    than under triple-play's: side_value reads the preset's own."""
    state = new_game("hand-and-foot", seed=3)
    xs, t = evaluate.features(state, 0), evaluate.stock_share(state)
    assert evaluate.side_value(state, 0) == evaluate.weighted(xs, t, evaluate.WEIGHTS["hand-and-foot"])
    assert evaluate.side_value(state, 0) != evaluate.weighted(xs, t, evaluate.WEIGHTS["triple-play"])
