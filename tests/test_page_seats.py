"""The seats' room (ui/seats/): the turn driver and the bots' seat, stopping
when the game leaves the table, surviving a bot's bug, replaying the same."""

import asyncio
import json

import game
from game import bots as game_bots
from tests.helpers import (
    run,
    settle,
    started,
    tap_cards,
)
from ui.core.text import HUMAN
from ui.table.turn import hand as held


# -- the bot loop ---------------------------------------------------------------------------------------
def test_leaving_the_table_stops_the_bots():
    async def scenario(ctl, page):
        await started(ctl, page)
        s = ctl.session
        ctl.run_command("draw", None)
        tap_cards(ctl, held(ctl.session)[:1])
        ctl.run_command("discard", None)
        assert s.busy
        state, moves = s.state, len(s.state.log)
        ctl.run_command("menu", None)
        for _ in range(50):
            await asyncio.sleep(0)
        assert s.state is None and not s.busy and page.screen() == "setup"
        assert len(state.log) == moves  # no bot moved after the person left

    run(scenario)


def test_a_bot_that_fails_leaves_the_table_usable(monkeypatch):
    async def scenario(ctl, page):
        await started(ctl, page)
        monkeypatch.setattr("ui.seats.bot_seat.get_bot", lambda name: lambda obs, seat, rng: 1 / 0)
        ctl.run_command("draw", None)
        tap_cards(ctl, held(ctl.session)[:1])
        ctl.run_command("discard", None)
        await settle(ctl)
        assert ctl.session.message.startswith("A bot failed: ZeroDivisionError")
        assert page.errors == [ctl.session.message]
        page.errors.clear()

    run(scenario)


def test_a_game_with_random_bots_plays_on_the_same_after_a_reload():
    """Every bot move draws from its decision's own stream (the game's seed,
    the seat, the position: ``decision_rng``), not from one the page keeps:
    put back on the table mid-game, as a reload does, a game with
    ``random`` seats goes on with the very moves it would have made."""
    def person_turn(ctl):
        s = ctl.session
        easy = game_bots.get_bot("easy")
        while s.state.to_move() == HUMAN and s.state.phase in ("draw", "play"):
            assert ctl.table.act(easy(game.observe(s.state, HUMAN), HUMAN, None))

    async def play(ctl, reload_after):
        ctl.board.put_on_table(game.new_game("triple-play", seed=5, bots=[None, "random", "easy", "random"]),
                         ["New game."])
        await settle(ctl)
        for turn in range(4):
            if turn == reload_after:
                s = ctl.session
                ctl.board.put_on_table(game.GameState.from_json(s.state.to_json()), list(s.log))
                await settle(ctl)
            person_turn(ctl)
            await settle(ctl)
        return [json.dumps(a, sort_keys=True) for a in ctl.session.state.log]

    logs = []
    for reload_after in (None, 2):
        async def scenario(ctl, page, reload_after=reload_after):
            logs.append(await play(ctl, reload_after))
        run(scenario)
    assert logs[0] == logs[1] and len(logs[0]) > 20


def test_the_bots_play_from_their_seeded_stream():
    """The same seed and taps give the same game (the bots' stream is the session's)."""
    logs = []

    async def scenario(ctl, page):
        await started(ctl, page)
        ctl.run_command("draw", None)
        tap_cards(ctl, held(ctl.session)[:1])
        ctl.run_command("discard", None)
        await settle(ctl)
        logs.append(list(ctl.session.state.log))

    run(scenario)
    run(scenario)
    assert logs[0] == logs[1] and len(logs[0]) > 3
