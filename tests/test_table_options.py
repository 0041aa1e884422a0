"""ui.setup.choices's table options: the knee reminder is on for new games unless turned off."""

import game
from ui.setup.choices import Setup


def test_new_games_remind_of_the_knee_by_default():
    setup = Setup()
    assert setup.base.has_knee
    assert setup.rules().knee_reminder is True
    assert ("knee_reminder", True) in [(f, on) for f, _, on in setup.table_options(setup.rules())]


def test_the_reminder_can_be_turned_off():
    setup = Setup()
    setup.update({"setup-opt-knee_reminder": False})
    assert setup.rules().knee_reminder is False


def test_presets_and_old_saves_are_unchanged():
    """Saves name their preset; the presets themselves keep the reminder off,
    so a game saved before this default loads exactly as it was."""
    state = game.new_game("triple-play", seed=1)
    again = game.GameState.from_json(state.to_json())
    assert again.rules.knee_reminder is False
