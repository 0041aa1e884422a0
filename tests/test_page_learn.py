"""The learning room (ui/learn/): a hint counted, saved and played; the coach's person."""

import asyncio

from tests.helpers import (
    people_game,
    play_until,
    run,
    started,
)
from ui.core.text import HUMAN


def test_a_hint_is_counted_saved_and_played():
    async def scenario(ctl, page):
        await started(ctl, page)
        s = ctl.session
        ctl.run_command("hint", None)
        assert page.attrs["table"]["data-hint"] == "thinking"
        for _ in range(100_000):
            if ctl.learn.hint_for is None:
                break
            await asyncio.sleep(0)
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        assert s.hints_used == [1, 0, 0, 0] and page.attrs["table"]["data-hint"] == "shown"
        assert page.attrs["table"]["data-hints-used"] == "1"
        assert ctl.store.load_record(s.slot)["hints"] == [1, 0, 0, 0]
        advised = ctl.learn.advice[2].action
        ctl.run_command("hint-do", None)
        assert s.state.log[-1] == dict(advised, seat=HUMAN) and s.hints_used == [1, 0, 0, 0]

    run(scenario)


def test_the_coach_reviews_the_decisions_of_the_person_chosen():
    async def scenario(ctl, page):
        s = ctl.session
        ctl.board.put_on_table(play_until(people_game(), 1), ["Played."])
        ctl.run_command("im", None)
        assert ctl.learn.coach.seat == s.seat
        assert page.cmds("sheet").count(("coach-for", "0")) == 1 and ("coach-for", "2") in page.cmds("sheet")
        other = 2 - s.seat
        ctl.run_command("coach-for", str(other))
        assert ctl.learn.coach.seat == other and ctl.learn.coach.key[2] == other
        name = s.state.players[other].name
        assert f"Coach: deal 1, {name}" in page.text("sheet")
        await asyncio.sleep(0)
        for _ in range(20000):
            if ctl.learn.coach.status != "running":
                break
            await asyncio.sleep(0)
        assert ctl.learn.coach.status == "done"

    run(scenario)
