"""The games room (ui/games/): the games screen, resuming a save with its
turn's choices and its seat, the painted table going live, a shared link."""

import json

from game.links import share
from tests.helpers import (
    people_game,
    played,
    run,
    settle,
    started,
    tap_cards,
    with_people,
)
from ui.core.saves import SAVE, MemoryStorage, summary
from ui.table.turn import hand as held


# -- the other screens ---------------------------------------------------------------------------------------
def test_the_games_screen_and_back_to_the_table():
    async def scenario(ctl, page):
        await started(ctl, page)
        s = ctl.session
        slot, moves = s.slot, len(s.state.log)
        ctl.run_command("games", None)
        assert page.screen() == "games" and page.attrs["games"]["data-slots"] == "1"
        assert ("resume", slot) in page.cmds("games")
        ctl.run_command("resume", slot)
        assert page.screen() == "table" and s.slot == slot and len(s.state.log) == moves

    run(scenario)


def test_a_saved_game_resumes_with_its_turn_choices():
    async def scenario(ctl, page):
        await started(ctl, page)
        s = ctl.session
        ctl.run_command("draw", None)
        tap_cards(ctl, held(ctl.session)[:1])
        picked, fresh, slot = dict(s.sel.picked), +s.fresh, s.slot
        ctl.run_command("menu", None)
        assert s.state is None
        ctl.run_command("resume", slot)
        assert dict(s.sel.picked) == picked and s.fresh == fresh and s.slot == slot

    run(scenario)


def test_a_painted_table_goes_live_at_start_up():
    storage = MemoryStorage()
    first = run(started, storage=storage)
    slot = first.root["saved"].split(":")[0]

    async def scenario(ctl, page):
        assert ctl.session.slot == slot and page.screen() == "table"

    run(scenario, storage=storage, painted=True)


def test_share_links_a_copy_dealt_anew_from_the_person_at_the_phone():
    """Issue 73's Share: the link's game is the person's view, its seed is
    not the game's, and its other hands and stock are dealt anew."""
    async def scenario(ctl, page):
        await started(ctl, page)
        state = ctl.session.state
        ctl.run_command("share", ctl.session.slot)
        copy = share.decode(ctl.games.link.partition("#g=")[2])
        assert copy.seed != state.seed and copy.players[0].hand == state.players[0].hand
        assert copy.stocks != state.stocks and copy.players[1].hand != state.players[1].hand
        await settle(ctl)

    run(scenario)


def test_share_of_a_game_of_several_people_asks_whose_copy_it_is():
    """Issue 73: a copy of a pass-and-play game opens for one person only, the one the sender picks."""
    async def scenario(ctl, page):
        state = people_game()
        slot = ctl.store.save(None, state, [])
        ctl.run_command("games", None)
        ctl.run_command("share", slot)
        assert ctl.games.link is None and ("share-for", f"{slot}:2") in page.cmds("games")
        ctl.run_command("share-for", f"{slot}:2")
        copy = share.decode(ctl.games.link.partition("#g=")[2])
        assert copy.players[2].hand == state.players[2].hand and copy.players[2].bot is None
        assert copy.players[0].bot is not None and copy.players[0].hand != state.players[0].hand

    run(scenario)


def test_a_shared_link_waits_for_a_yes():
    state = played(seed=3, deals=1)

    async def scenario(ctl, page):
        assert page.screen() == "games" and ctl.games.incoming is not None
        ctl.run_command("accept-link", None)
        assert page.screen() in ("table", "sheet") and ctl.session.slot in ctl.store.ids()

    run(scenario, fragment="g=" + share.encode(state))


def test_an_old_save_resumes_as_one_person_at_south():
    """A save from before pass-and-play: hints a whole number, no seat kept."""
    state = played(seed=3, deals=1)
    state = with_people(state, 0)
    hand = sorted(state.players[0].hand)
    record = {"format": "triple-play-save", "version": 1, "name": "Old", "created": "2026-01-01T10:00:00",
              "updated": "2026-01-01T10:00:00", "meta": summary(state), "state": state.to_json(),
              "log": ["old line"], "hints": 2, "pending": {"fresh": hand[:1]}}

    async def scenario(ctl, page):
        ctl.store.storage.set(SAVE + "old", json.dumps(record))
        ctl.run_command("resume", "old")
        s = ctl.session
        assert s.seat == 0 and s.hints_used == [2, 0, 0, 0] and s.state.to_json() == state.to_json()
        ctl.run_command("next-deal", None)
        await settle(ctl)
        assert s.state.deal == 2 and s.seat == 0 and s.state.to_move() in (0, None)
        saved = json.loads(ctl.store.storage.get(SAVE + "old"))
        assert saved["hints"] == [2, 0, 0, 0] and "seat" not in saved.get("pending", {})

    run(scenario)


def test_a_save_reopens_at_the_seat_it_showed():
    state = with_people(played(seed=3, deals=1), 0, 2)

    async def scenario(ctl, page):
        s = ctl.session
        slot = ctl.store.save(None, state, [], hints=[0, 0, 3, 0], pending={"seat": 2})
        ctl.run_command("resume", slot)
        assert s.seat == 2 and s.hints_used[s.seat] == 3
        assert ctl.games.pending() == {"seat": 2}
        s.seat = 0
        assert ctl.games.pending() is None  # the first person's seat goes without saying

    run(scenario)
