"""The in-page rules text is written from the options, so house rules read right."""

import pytest

from game.presets import PRESETS, TRIPLE_PLAY
from game.words.describe import describe


def text(rules) -> str:
    return "\n".join(s for _, sentences in describe(rules) for s in sentences)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_is_described(name):
    sections = dict(describe(PRESETS[name]))
    assert {"The deal", "A turn", "Melds", "Going out", "Scoring"} <= set(sections)
    assert all(s.endswith(".") for ss in sections.values() for s in ss)


def test_description_follows_the_options():
    base = text(TRIPLE_PLAY)
    assert "a hand of 15, a knee of 13 and a foot of 11" in base
    assert "50 in deal 1, 90 in deal 2, 120 in deal 3 and 150 in deal 4" in base
    assert "does not remind you" in base
    assert "does not remind you" not in text(TRIPLE_PLAY.derive(knee_reminder=True))
    assert "with no discard" in text(TRIPLE_PLAY.derive(going_out_discard="forbidden"))
    assert "clean canasta 600" in text(TRIPLE_PLAY.derive(bonus_natural=600))
    assert "hidden canasta" in text(PRESETS["saskatchewan"])
    assert "either stock pile" in text(PRESETS["simpson"])
    assert "freezes the pile" in text(PRESETS["brouillette"])
    assert "empties the hand" not in base
    assert "empties the hand picks up the knee" in text(TRIPLE_PLAY.derive(empty_hand_opens_knee=True))
    assert "obliges" not in base
    assert "costs your side 250" in text(TRIPLE_PLAY.derive(yes_obliges=True, unused_yes_penalty=250))
