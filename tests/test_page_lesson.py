"""The lesson's room (ui/lesson/): never saved, a wrong tap changes nothing."""




from tests.helpers import (
    run,
    started,
)


def test_a_lesson_starts_with_no_hints_and_is_never_saved():
    async def scenario(ctl, page):
        await started(ctl, page)
        s = ctl.session
        s.hints_used = [2, 0, 0, 0]
        saves = ctl.store.ids()
        ctl.run_command("lesson", None)
        assert s.hints_used == [0] * s.state.num_players and s.lesson and ctl.tutorial.in_lesson()
        assert page.root["lesson"] == "1" and page.text("lesson")
        ctl.games.autosave(force=True)
        assert ctl.store.ids() == saves
        ctl.run_command("games", None)
        assert s.state is None and not ctl.tutorial.in_lesson() and page.screen() == "games"
        assert ctl.store.ids() == saves

    run(scenario)


def test_a_tap_the_lesson_does_not_expect_changes_nothing():
    async def scenario(ctl, page):
        ctl.run_command("lesson", None)
        s = ctl.session
        before = s.state.to_json()
        expected = ctl.tutorial.script["lessons"][0]["steps"][0]["tap"]
        wrong = "knock" if not expected.startswith("knock") else "draw"
        ctl.run_command(wrong, None)
        assert "Not this" in s.message and s.state.to_json() == before

    run(scenario)
