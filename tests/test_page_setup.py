"""The new-game room (ui/setup/): a new game saved, a first visit's early
choice, the rules screen, a game of two people."""

import json

import pytest

from tests.helpers import (
    nodes,
    run,
    started,
)
from ui.core.saves import MemoryStorage


# -- a game -------------------------------------------------------------------------------------------
def test_a_new_game_goes_on_the_table_saved():
    async def scenario(ctl, page):
        await started(ctl, page)
        s = ctl.session
        assert page.screen() == "table" and page.attrs["app"]["data-screen"] == "table"
        assert not s.lesson and s.slot is not None and s.hints_used == [0, 0, 0, 0]
        assert page.root["saved"] == f"{s.slot}:{len(s.state.log)}"
        assert ctl.store.current == s.slot
        assert page.text("log").startswith("New game")
        assert ("draw", None) in page.cmds("actions")
        assert len(page.cmds("hand")) >= 1

    run(scenario)


# -- a first visit's choice made before the engine was ready (ui/early.js, ui/setup/early.py) ------------
def early(preset=None, action=None):
    return json.dumps({"preset": preset, "action": action})


def test_play_chosen_before_ready_starts_that_presets_game_and_saves_it():
    async def scenario(ctl, page):
        s = ctl.session
        assert s.screen == "table" and s.state.rules.name == "simpson" and not s.lesson
        assert ctl.setup.choices.bot(1) == "normal"  # the new-game screen's defaults
        assert ctl.store.ids() == [s.slot] and page.warnings == []

    run(scenario, early=early("simpson", "play"))


def test_learn_chosen_before_ready_starts_the_first_lesson():
    async def scenario(ctl, page):
        assert ctl.tutorial.in_lesson() and ctl.tutorial.lesson == 0
        assert page.root["lesson"] == "1" and page.screen() == "table"

    run(scenario, early=early("triple-play", "lesson"))


def test_a_preset_chosen_before_ready_is_the_new_game_screens():
    async def scenario(ctl, page):
        assert ctl.session.state is None and page.screen() == "setup"
        assert ctl.setup.choices.preset == "hand-and-foot"
        assert page.warnings == []

    run(scenario, early=early("hand-and-foot"))


@pytest.mark.parametrize("text, then", [
    (early("no-such-rules", "play"), "a game of the default rules"),
    (early(["simpson"], "lesson"), "the lesson"),
    (early("simpson", "delete-everything"), "the new-game screen, simpson"),
    ('{"preset": "simpson", "action": "play"', "the new-game screen"),  # not JSON
    ("[]", "the new-game screen"),
])
def test_an_early_choice_the_engine_does_not_know_is_ignored_with_a_warning(text, then):
    """The part it does not know is dropped (one warning, never quoting it); the rest is acted on."""
    async def scenario(ctl, page):
        s = ctl.session
        assert len(page.warnings) == 1 and page.warnings[0].startswith("early choice:")
        assert "simpson" not in page.warnings[0] and "no-such" not in page.warnings[0]
        found = {"a game of the default rules": s.state is not None and not s.lesson
                 and s.state.rules.name == "triple-play",
                 "the lesson": ctl.tutorial.in_lesson(),
                 "the new-game screen, simpson": s.state is None and ctl.setup.choices.preset == "simpson",
                 "the new-game screen": s.state is None and ctl.setup.choices.preset == "triple-play"}
        assert found[then] and page.screen() == ("setup" if s.state is None else "table")

    run(scenario, early=text)


def test_an_early_choice_waits_for_nothing_when_there_is_a_game_to_continue():
    """A saved game at start-up (the games screen) wins: the choice is not acted on."""
    storage = MemoryStorage()
    run(started, storage=storage)

    async def scenario(ctl, page):
        assert ctl.session.state is None and page.screen() == "games" and ctl.setup.choices.preset == "triple-play"

    run(scenario, storage=storage, early=early("simpson", "play"))


def test_the_rules_screen_returns_where_it_was_opened():
    async def scenario(ctl, page):
        ctl.run_command("rules", None)
        assert page.screen() == "rules" and page.text("rules")
        ctl.run_command("back", None)
        assert page.screen() == "setup"
        await started(ctl, page)
        ctl.run_command("rules", None)
        assert page.screen() == "rules"
        ctl.run_command("back", None)
        assert page.screen() == "table"

    run(scenario)


# -- pass-and-play (issue 54): people and bots in any mix -----------------------------------------------
TWO_PEOPLE = {"setup-bot-1": "easy", "setup-bot-2": "person", "setup-bot-3": "easy"}


def test_a_new_game_of_two_people_starts_with_the_names_and_bots_chosen():
    async def scenario(ctl, page):
        page.form.update(TWO_PEOPLE)
        ctl.run_command("setup", None)
        fields = {n.attrs.get("id") for n in nodes(page.regions["setup"])}
        assert {"setup-name-0", "setup-name-2"} <= fields and "setup-name-1" not in fields
        page.form.update({"setup-name-0": " Ann ", "setup-name-2": "ann"})
        ctl.run_command("start", None)
        assert page.screen() == "setup" and ctl.session.state is None
        assert "Two players are called ann" in page.text("setup")
        page.form["setup-name-2"] = "Bob"
        ctl.run_command("start", None)
        state = ctl.session.state
        assert [p.name for p in state.players] == ["Ann", "West", "Bob", "East"]
        assert [p.bot for p in state.players] == [None, "easy", None, "easy"]
        assert ctl.session.seat == 0 and ctl.session.hints_used == [0, 0, 0, 0]

    run(scenario)
