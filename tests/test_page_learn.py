"""The learning room (ui/learn/): a hint counted, saved and played; the coach's person."""

import asyncio

from game.bots.hard import Hard
from tests.helpers import (
    people_game,
    play_until,
    position,
    run,
    settle,
    started,
)
from ui.core.text import HUMAN


async def thought(ctl):
    """Until the hint asked for is thought out, drawn and saved (three short tasks)."""
    for _ in range(100_000):
        if ctl.learn.hint_for is None:
            break
        await asyncio.sleep(0)
    await asyncio.sleep(0)
    await asyncio.sleep(0)


def test_a_hint_is_counted_saved_and_played():
    async def scenario(ctl, page):
        await started(ctl, page)
        s = ctl.session
        ctl.run_command("hint", None)
        assert page.attrs["table"]["data-hint"] == "thinking"
        await thought(ctl)
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


async def hinted(ctl, page):
    """Ask for a hint and wait for it: its words in the bubble."""
    ctl.run_command("hint", None)
    await thought(ctl)
    return page.text("hint-bubble")


def test_the_page_remembers_the_hints_so_a_hold_said_again_says_still(monkeypatch):
    """Each seat's hints of the game at the table shape the next: holding the
    melds is explained at the first hint, "Still ..." at the next turn, and a
    game put on the table starts afresh."""
    def look_ahead(self, world, action, side, turns, lead=None):
        return 0.75 if action["type"] == "discard" else 0.5

    monkeypatch.setattr(Hard, "look_ahead", look_ahead)  # hard holds its melds whenever it can

    def planted():
        state = position(hands={0: "9H 9D 9S 4C 8S KD QC"}, piles={0: []}, melds={0: [("K", "KS KD KC")]},
                         phase="play")  # in the foot: no knee to pick up on the way
        for seat in (1, 2, 3):
            state.players[seat].bot = "easy"
        return state

    async def scenario(ctl, page):
        ctl.board.put_on_table(planted(), ["Planted."])
        first = await hinted(ctl, page)
        assert "Keep your melds in hand for now: your pairs can still take the pile" in first
        assert await hinted(ctl, page) == first  # asked again at the same position
        ctl.run_command("hint-do", None)
        await settle(ctl)
        ctl.run_command("draw", None)
        second = await hinted(ctl, page)
        assert "Still keep your melds in hand: your side's chance to win the game is about 75% this way, " \
               "50% after melding." in second, second
        again = planted()
        again.turn_number += 8  # the seat's turn after the second hint's
        ctl.board.put_on_table(again, ["Planted."])
        assert await hinted(ctl, page) == first

    run(scenario)
