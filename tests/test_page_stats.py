"""The statistics room (ui/stats/): a finished deal counted once, one person at a time."""




from tests.helpers import (
    played,
    run,
    with_people,
)


def test_statistics_count_a_finished_deal_once():
    async def scenario(ctl, page):
        state = played(seed=3, deals=1)
        slot = ctl.store.save(None, state, [])
        ctl.games.open_game(slot, state, [])
        ctl.games.autosave(force=True)
        ctl.games.autosave(force=True)
        ctl.run_command("games", None)
        ctl.run_command("stats", None)
        assert page.screen() == "stats" and "1" in page.text("stats")
        shown = page.text("stats")
        ctl.run_command("stats-reset", None)
        ctl.run_command("stats-reset", None)
        assert ctl.stats.note == "Statistics reset." and page.text("stats") != shown
        ctl.run_command("stats-close", None)
        assert page.screen() == "games"

    run(scenario)


def test_statistics_show_one_person_at_a_time():
    state = with_people(played(seed=3, deals=1), 0, 1)
    state.players[1].name = "Bob"

    async def scenario(ctl, page):
        slot = ctl.store.save(None, state, [])
        ctl.games.open_game(slot, state, [])
        ctl.run_command("im", None)  # the hand-off of a game with several people
        ctl.games.autosave(force=True)
        ctl.run_command("stats", None)
        assert ("stats-player", "Bob") in page.cmds("stats") and "South's statistics" in page.text("stats")
        ctl.run_command("stats-player", "Bob")
        assert "Bob's statistics" in page.text("stats")

    run(scenario)
