"""The replays room (ui/replays/): stepping through a deal, and its cards played again."""




from game.engine import restart
from game.runs.replay import DealReplay
from tests.helpers import (
    played,
    run,
    with_people,
)


def test_a_replay_steps_through_a_deal_and_closes_where_it_was_opened():
    async def scenario(ctl, page):
        state = played(seed=3, deals=1)
        slot = ctl.store.save(None, state, [])
        moves = len(state.log)
        ctl.run_command("games", None)
        ctl.run_command("replay-game", slot)
        assert page.screen() == "replay"
        r = ctl.replays.replaying
        assert r.index == 0
        # each seat's piles to come in words (a list's repr once stood there)
        assert "hand 15 · knee\u00a013 · foot\u00a011" in page.text("replay") and "Node(" not in page.text("replay")
        ctl.run_command("replay-step", "forward")
        ctl.run_command("replay-step", "end")
        assert r.index == len(r.replay) - 1 and page.text("replay")
        ctl.run_command("replay-close", None)
        assert page.screen() == "games" and ctl.session.state is None
        ctl.run_command("resume", slot)
        ctl.run_command("replay", "1")
        assert page.screen() == "replay" and len(ctl.session.state.log) == moves
        ctl.run_command("replay-close", None)
        assert page.screen() == "sheet"

    run(scenario)


def test_the_same_deal_again_is_a_new_saved_game():
    async def scenario(ctl, page):
        state = played(seed=3, deals=1)
        slot = ctl.store.save(None, state, [])
        ctl.games.open_game(slot, state, [])
        ctl.run_command("same-deal", "1")
        assert ctl.replays.replaying.offer
        ctl.run_command("same-deal-as", "1:2")
        s = ctl.session
        assert page.screen() in ("table", "sheet") and s.slot != slot and s.slot in ctl.store.ids()
        assert ctl.replays.replaying is None

    run(scenario)


def test_the_same_deal_again_with_several_people_keeps_every_seat():
    state = with_people(played(seed=3, deals=1), 0, 2)

    async def scenario(ctl, page):
        slot = ctl.store.save(None, state, [])
        ctl.games.open_game(slot, state, [])
        ctl.run_command("im", None)
        ctl.run_command("same-deal", "1")
        assert [arg for cmd, arg in page.cmds("replay") if cmd == "same-deal-as"] == ["1:0"]
        ctl.run_command("same-deal-as", "1:0")
        again = ctl.session.state
        assert [(p.name, p.bot) for p in again.players] == [(p.name, p.bot) for p in state.players]
        dealt, redealt = DealReplay(state, 1).positions[0], restart(again)
        assert [p.hand for p in redealt.players] == [p.hand for p in dealt.players]
        assert "everyone holds their own" in ctl.session.log[0]

    run(scenario)
