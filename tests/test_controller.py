"""The page's controller under CPython: commands in, session state and drawn
regions out, through a fake page (ui/page.py's interface) instead of the
browser. The bots run as on the page, as asyncio tasks, at instant speed."""

import ast
import asyncio
import inspect
import json
from pathlib import Path

import pytest

import game
from game import bots as game_bots
from game.engine import restart
from game.links import share
from game.runs.replay import DealReplay
from tests.helpers import (
    FakePage,
    about_to_ask,
    before_wests_big_turn,
    nodes,
    play_on,
    play_until,
    played,
    position,
    settle,
)
from ui import page as page_module
from ui.commands import collect, command
from ui.controller import Controller
from ui.saves import SAVE, MemoryStorage, summary
from ui.text import HUMAN

ROOT = Path(__file__).resolve().parent.parent
SEED = 11
EASY = {f"setup-bot-{seat}": "easy" for seat in range(1, 4)}


def run(scenario, **page_options):
    """Run ``scenario(controller, page)`` (a coroutine function) in an event
    loop, on a started controller at instant speed with a fixed seed."""
    page = FakePage(**page_options)

    async def main():
        ctl = Controller(page, delay_ms=0, seed=SEED)
        ctl.start()
        await scenario(ctl, page)
        await settle(ctl)
        assert page.errors == []

    asyncio.run(main())
    return page


async def started(ctl, page):
    """A new game of easy bots, the person to draw."""
    page.form.update(EASY)
    ctl.run_command("start", None)
    await settle(ctl)
    assert ctl.session.state.to_move() == HUMAN and ctl.session.state.phase == "draw"


def tap_cards(ctl, cards):
    """Select these cards of the hand by tapping their chips (ui.selection)."""
    hand = ctl.hand()
    for card in cards:
        key = next(k for k, group, _ in ctl.session.sel.groups(hand) if card in group)
        ctl.run_command("pick", key)


def new_meld(state):
    """A legal meld of new melds only, if the person holds one."""
    return next((a for a in game.legal_actions(state)
                 if a["type"] == "meld" and all("to" not in m for m in a["melds"])), None)


# -- the page's interface ---------------------------------------------------------------------------
def test_the_page_interface_is_what_ui_dom_defines_and_the_fake_implements():
    """Every call the controller may make of the page exists in the browser's
    bridge (ui/dom.py, read as source: it imports PyScript) and in the fake."""
    wanted = {name for name, _ in inspect.getmembers(page_module.Page, inspect.isfunction)
              if not name.startswith("_")}
    tree = ast.parse((ROOT / "ui" / "dom.py").read_text())
    defined = {n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
    assert wanted and wanted <= defined, wanted - defined
    assert all(callable(getattr(FakePage, name, None)) for name in wanted)


def test_the_controller_reaches_the_page_only_through_the_interface():
    """No module but ui/dom.py (and main.py, which hands it over) imports the bridge."""
    for path in (ROOT / "ui").glob("*.py"):
        if path.name in ("dom.py", "main.py"):
            continue
        tree = ast.parse(path.read_text())
        imported = {alias.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) for alias in n.names}
        imported |= {alias.name for n in ast.walk(tree) if isinstance(n, ast.Import) for alias in n.names}
        assert not imported & {"dom", "ui.dom", "pyscript"}, path.name


# -- commands -------------------------------------------------------------------------------------------
def test_every_control_drawn_sends_a_command_the_controller_knows():
    sent = set()

    async def scenario(ctl, page):
        screens = [("start", None), ("rules", None), ("back", None), ("settings", None),
                   ("settings", None), ("games", None), ("stats", None), ("stats-close", None)]
        await started(ctl, page)
        for cmd, arg in screens:
            ctl.run_command(cmd, arg)
            await settle(ctl)
            sent.update(cmd for region in page.regions for cmd, _ in page.cmds(region))
        assert sent - set(ctl.commands) == set()

    run(scenario)
    assert {"start", "draw", "resume", "stats-close", "set-speed"} <= sent


def test_the_page_s_own_buttons_send_commands_the_controller_knows():
    """index.html's top bar and table (the ☰, Rules, ⚙ and Log buttons)."""
    import re
    static = set(re.findall(r'data-cmd="([a-z-]+)"', (ROOT / "index.html").read_text()))
    assert {"games", "rules", "settings", "log"} <= static
    assert static <= set(Controller(FakePage()).commands)


def test_while_the_bots_move_only_commands_that_leave_the_game_alone_run():
    page = FakePage()
    ctl = Controller(page, delay_ms=0)
    allowed = {cmd for cmd, (_, while_bots) in ctl.commands.items() if while_bots}
    assert allowed == {"pick", "fewer", "pick-all", "stage", "clear", "unstage", "show-meld",
                       "hide-meld", "opponents", "rules", "back", "settings", "set-speed",
                       "set-theme", "toggle-setting", "log", "dismiss", "games", "menu",
                       "lesson-skip", "im", "page-hidden", "show-hand", "replay-moves"}


def test_a_busy_table_ignores_moves_and_keeps_selecting():
    async def scenario(ctl, page):
        await started(ctl, page)
        s = ctl.session
        s.busy = True
        log = len(s.state.log)
        ctl.run_command("draw", None)
        assert len(s.state.log) == log
        key = s.sel.groups(ctl.hand())[0][0]
        ctl.run_command("pick", key)
        assert s.sel.picked[key] == 1
        s.busy = False

    run(scenario)


def test_an_unknown_command_changes_nothing():
    async def scenario(ctl, page):
        await started(ctl, page)
        s = ctl.session
        s.message = "kept"
        ctl.run_command("no-such-thing", "x")
        assert s.message == "kept" and s.screen == "table"

    run(scenario)


def test_a_handler_that_fails_is_reported_and_the_table_stays():
    page = FakePage(form=EASY)

    async def main():
        ctl = Controller(page, delay_ms=0, seed=SEED)
        ctl.start()
        ctl.run_command("start", None)
        await settle(ctl)
        ctl.commands["draw"] = (lambda _arg: 1 / 0, False)
        ctl.run_command("draw", None)
        assert "Something went wrong (ZeroDivisionError)" in ctl.session.message
        assert page.text("message") == ctl.session.message
        assert page.errors == ["draw: ZeroDivisionError: division by zero"]

    asyncio.run(main())


# -- a game -------------------------------------------------------------------------------------------
def test_a_new_game_goes_on_the_table_saved():
    async def scenario(ctl, page):
        await started(ctl, page)
        s = ctl.session
        assert page.screen() == "table" and page.attrs["app"]["data-screen"] == "table"
        assert s.keep and s.slot is not None and s.hints_used == [0, 0, 0, 0]
        assert page.root["saved"] == f"{s.slot}:{len(s.state.log)}"
        assert ctl.games.store.current == s.slot
        assert page.text("log").startswith("New game")
        assert ("draw", None) in page.cmds("actions")
        assert len(page.cmds("hand")) >= 1

    run(scenario)


def test_draw_discard_and_the_bots_answer():
    async def scenario(ctl, page):
        await started(ctl, page)
        s = ctl.session
        hand = len(ctl.hand())
        ctl.run_command("draw", None)
        assert len(ctl.hand()) > hand and s.state.phase == "play"
        assert s.snapshot is not None and not s.changed
        assert ("undo", None) not in page.cmds("actions")  # nothing to undo yet
        fresh = sum(ctl.fresh_in_hand(ctl.hand()).values())
        assert fresh == len(ctl.hand()) - hand
        tap_cards(ctl, ctl.hand()[:1])
        deal, turn = s.state.deal, s.state.turn_number
        ctl.run_command("toggle-setting", "sound")
        ctl.run_command("discard", None)
        assert s.busy and page.attrs["table"]["data-busy"] == "1"
        await settle(ctl)
        assert (s.state.to_move() == HUMAN and s.state.turn_number > turn) or s.state.deal != deal
        assert not s.busy and page.attrs["table"]["data-busy"] == "0"
        assert s.snapshot is None and not s.fresh
        assert page.text("recap") and page.root["bot-actions"] == str(len(ctl.bots.ms))
        assert page.root["saved"] == f"{s.slot}:{len(s.state.log)}"
        assert "turn" in page.cues  # the person's turn is cued

    run(scenario)


def test_a_refused_move_says_why_and_changes_nothing():
    async def scenario(ctl, page):
        await started(ctl, page)
        s = ctl.session
        ctl.run_command("draw", None)
        before = s.state.to_json()
        ctl.run_command("discard", None)
        assert s.message and page.text("message") == s.message
        assert page.attrs["table"]["data-message"] == "1"
        tap_cards(ctl, ctl.hand()[:2])
        ctl.run_command("discard", None)
        assert s.message and s.state.to_json() == before
        ctl.run_command("meld", None)
        assert s.state.to_json() == before
        ctl.run_command("clear", None)
        assert s.message == "" and not s.sel.selected_cards(ctl.hand())

    run(scenario)


def test_a_meld_and_its_undo_back_to_just_after_the_draw():
    async def scenario(ctl, page):
        page.form.update(EASY)
        for attempt in range(40):  # a deal where the person can meld after the draw
            ctl.fixed_seed = SEED + attempt
            ctl.run_command("start", None)
            await settle(ctl)
            ctl.run_command("draw", None)
            if new_meld(ctl.session.state):
                break
        s = ctl.session
        drawn, lines, fresh, steps = s.state.to_json(), len(s.log), +s.fresh, list(ctl.recap.steps)
        ctl.run_command("hint-close", None)  # a command that draws the table again
        assert ("undo", None) not in page.cmds("actions")
        meld = [c for m in new_meld(s.state)["melds"] for c in m["cards"]]
        hand = len(ctl.hand())
        tap_cards(ctl, meld)
        ctl.run_command("meld", None)
        assert s.message == "" and s.changed and s.state.log[-1]["type"] == "meld"
        assert len(ctl.hand()) == hand - len(meld) and not s.sel.picked
        ctl.render()
        assert ("undo", None) in page.cmds("actions")
        ctl.run_command("undo", None)
        assert s.state.to_json() == drawn and len(s.log) == lines and s.fresh == fresh
        assert s.message == "Undone: back to just after your draw." and not s.changed
        assert ctl.recap.steps == steps  # the meld is gone from the recap too

    run(scenario)


def test_next_deal_starts_the_log_again_with_their_melds_folded():
    async def scenario(ctl, page):
        state = played(seed=3, deals=1)
        slot = ctl.games.store.save(None, state, ["old line"])
        ctl.games.open_game(slot, state, ["old line"])
        s = ctl.session
        s.theirs_open = True
        ctl.render()
        assert s.state.phase == "deal_end" and page.screen() == "sheet"
        ctl.run_command("next-deal", None)
        await settle(ctl)
        assert s.state.deal == 2 and s.log[0] == "Deal 2 begins." and "old line" not in s.log
        assert not s.theirs_open  # a new deal's table has no melds of theirs to show
        assert page.screen() == "table" and s.state.to_move() == HUMAN

    run(scenario)


async def after_wests_big_turn(ctl, toggles=0):
    """The seeded deal where West's pile take changes their melds (tests.helpers),
    played on from the person's discard to the person's next turn; the
    strip tapped ``toggles`` times before the draw."""
    planted, card = before_wests_big_turn()
    slot = ctl.games.store.save(None, planted, ["planted"])
    ctl.run_command("resume", slot)
    tap_cards(ctl, [card])
    ctl.run_command("discard", None)
    await settle(ctl)
    s = ctl.session
    assert s.state.to_move() == HUMAN and s.state.phase == "draw"
    assert s.theirs_open  # unfolded by themselves, and a changed meld of theirs scrolled to
    for _ in range(toggles):
        ctl.run_command("opponents", None)
    ctl.run_command("draw", None)
    return s


@pytest.mark.parametrize("toggles, open_after", [(0, False), (1, False), (2, True)])
def test_their_melds_unfolded_for_their_changes_fold_at_the_persons_draw(toggles, open_after):
    """Unless a tap on the strip chose: then they stay as the person left them."""
    async def scenario(ctl, page):
        assert page.revealed == []
        s = await after_wests_big_turn(ctl, toggles)
        assert page.revealed[0] == "#meld-scroll .side.theirs .meld.changed"
        assert s.theirs_open == open_after and not ctl.recap.changed_melds()

    run(scenario)


def test_a_selection_that_can_join_a_meld_of_yours_scrolls_to_it_once():
    async def scenario(ctl, page):
        s = await after_wests_big_turn(ctl)
        ours = {m.rank for m in s.state.sides[0].melds}
        card = next(c for c in ctl.hand() if c[0] in ours and not game.cards.is_wild(c))
        seen = len(page.revealed)
        tap_cards(ctl, [card])
        assert page.revealed[seen:] == ["#meld-scroll .side.mine .meld.target"]
        ctl.run_command("hint-close", None)  # drawn again, the same melds lit: no scroll
        assert len(page.revealed) == seen + 1
        ctl.run_command("clear", None)
        tap_cards(ctl, [card])
        assert len(page.revealed) == seen + 2

    run(scenario)


# -- the bot loop ---------------------------------------------------------------------------------------
def test_leaving_the_table_stops_the_bots():
    async def scenario(ctl, page):
        await started(ctl, page)
        s = ctl.session
        ctl.run_command("draw", None)
        tap_cards(ctl, ctl.hand()[:1])
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
        monkeypatch.setattr("ui.bot_turns.get_bot", lambda name: lambda obs, seat, rng: 1 / 0)
        ctl.run_command("draw", None)
        tap_cards(ctl, ctl.hand()[:1])
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
            assert ctl.act(easy(game.observe(s.state, HUMAN), HUMAN, None))

    async def play(ctl, reload_after):
        ctl.put_on_table(game.new_game("triple-play", seed=5, bots=[None, "random", "easy", "random"]),
                         ["New game."])
        await settle(ctl)
        for turn in range(4):
            if turn == reload_after:
                s = ctl.session
                ctl.put_on_table(game.GameState.from_json(s.state.to_json()), list(s.log))
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


# -- putting a game on the table ----------------------------------------------------------------------------
def test_every_way_onto_the_table_resets_the_same_fields():
    """A new game, a saved game and a lesson each start with nothing to undo,
    no message, their own hint count and a new game id; the selection is
    the one the save kept (none for a new game or a lesson)."""
    async def scenario(ctl, page):
        await started(ctl, page)
        s = ctl.session
        ctl.run_command("draw", None)
        tap_cards(ctl, ctl.hand()[:1])
        saved, picked = s.slot, dict(s.sel.picked)
        ctl.run_command("menu", None)
        for way, selection, hints in (("start", {}, 0), ("resume", picked, 4), ("lesson", {}, 0)):
            if s.state is not None:
                ctl.run_command("draw", None)
                tap_cards(ctl, ctl.hand()[:1])
            s.message, s.shown_meld, game_id = "old", 3, s.game_id
            s.hints_used = [9, 0, 0, 0]
            if way == "resume":
                record = ctl.games.store.load_record(saved)
                ctl.games.store.save(saved, record["game"], record["log"], hints=[4, 0, 0, 0],
                                     pending=record["pending"])
            ctl.run_command(way, saved if way == "resume" else None)
            await settle(ctl)
            assert (s.busy, s.message, s.snapshot, s.changed, s.shown_meld, s.screen) == \
                (False, "", None, False, None, "table")
            assert s.game_id > game_id and s.hints_used[0] == hints and dict(s.sel.picked) == selection
            assert s.fresh_game == s.game_id
        assert not s.keep and ctl.tutorial.in_lesson()

    run(scenario)


# -- a first visit's choice made before the engine was ready (ui/early.js, ui/early.py) ------------
def early(preset=None, action=None):
    return json.dumps({"preset": preset, "action": action})


def test_play_chosen_before_ready_starts_that_presets_game_and_saves_it():
    async def scenario(ctl, page):
        s = ctl.session
        assert s.screen == "table" and s.state.rules.name == "simpson" and s.keep
        assert ctl.setup.bot(1) == "normal"  # the new-game screen's defaults
        assert ctl.games.store.ids() == [s.slot] and page.warnings == []

    run(scenario, early=early("simpson", "play"))


def test_learn_chosen_before_ready_starts_the_first_lesson():
    async def scenario(ctl, page):
        assert ctl.tutorial.in_lesson() and ctl.tutorial.lesson == 0
        assert page.root["lesson"] == "1" and page.screen() == "table"

    run(scenario, early=early("triple-play", "lesson"))


def test_a_preset_chosen_before_ready_is_the_new_game_screens():
    async def scenario(ctl, page):
        assert ctl.session.state is None and page.screen() == "setup"
        assert ctl.setup.preset == "hand-and-foot"
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
        found = {"a game of the default rules": s.state is not None and s.keep
                 and s.state.rules.name == "triple-play",
                 "the lesson": ctl.tutorial.in_lesson(),
                 "the new-game screen, simpson": s.state is None and ctl.setup.preset == "simpson",
                 "the new-game screen": s.state is None and ctl.setup.preset == "triple-play"}
        assert found[then] and page.screen() == ("setup" if s.state is None else "table")

    run(scenario, early=text)


def test_an_early_choice_waits_for_nothing_when_there_is_a_game_to_continue():
    """A saved game at start-up (the games screen) wins: the choice is not acted on."""
    storage = MemoryStorage()
    run(started, storage=storage)

    async def scenario(ctl, page):
        assert ctl.session.state is None and page.screen() == "games" and ctl.setup.preset == "triple-play"

    run(scenario, storage=storage, early=early("simpson", "play"))


def test_a_lesson_starts_with_no_hints_and_is_never_saved():
    async def scenario(ctl, page):
        await started(ctl, page)
        s = ctl.session
        s.hints_used = [2, 0, 0, 0]
        saves = ctl.games.store.ids()
        ctl.run_command("lesson", None)
        assert s.hints_used == [0] * s.state.num_players and not s.keep and ctl.tutorial.in_lesson()
        assert page.root["lesson"] == "1" and page.text("lesson")
        ctl.autosave(force=True)
        assert ctl.games.store.ids() == saves
        ctl.run_command("games", None)
        assert s.state is None and not ctl.tutorial.in_lesson() and page.screen() == "games"
        assert ctl.games.store.ids() == saves

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
        tap_cards(ctl, ctl.hand()[:1])
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


def test_statistics_count_a_finished_deal_once():
    async def scenario(ctl, page):
        state = played(seed=3, deals=1)
        slot = ctl.games.store.save(None, state, [])
        ctl.games.open_game(slot, state, [])
        ctl.autosave(force=True)
        ctl.autosave(force=True)
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


def test_a_replay_steps_through_a_deal_and_closes_where_it_was_opened():
    async def scenario(ctl, page):
        state = played(seed=3, deals=1)
        slot = ctl.games.store.save(None, state, [])
        moves = len(state.log)
        ctl.run_command("games", None)
        ctl.run_command("replay-game", slot)
        assert page.screen() == "replay"
        r = ctl.replays.replaying
        assert r.index == 0
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
        slot = ctl.games.store.save(None, state, [])
        ctl.games.open_game(slot, state, [])
        ctl.run_command("same-deal", "1")
        assert ctl.replays.replaying.offer
        ctl.run_command("same-deal-as", "1:2")
        s = ctl.session
        assert page.screen() in ("table", "sheet") and s.slot != slot and s.slot in ctl.games.store.ids()
        assert ctl.replays.replaying is None

    run(scenario)


def test_a_screen_that_cannot_be_drawn_falls_back_to_the_games_list(monkeypatch):
    async def scenario(ctl, page):
        await started(ctl, page)
        monkeypatch.setitem(ctl.screens, "rules", lambda: 1 / 0)
        ctl.run_command("rules", None)
        assert page.screen() == "games" and ctl.games.errors
        assert page.errors == ["draw rules: ZeroDivisionError: division by zero"]
        page.errors.clear()

    run(scenario)


def test_a_shared_link_waits_for_a_yes():
    state = played(seed=3, deals=1)

    async def scenario(ctl, page):
        assert page.screen() == "games" and ctl.games.incoming is not None
        ctl.run_command("accept-link", None)
        assert page.screen() in ("table", "sheet") and ctl.session.slot in ctl.games.store.ids()

    run(scenario, fragment="g=" + share.encode(state))


@pytest.mark.parametrize("cmd", ["settings", "log"])
def test_a_panel_opens_and_closes_with_its_focus(cmd):
    async def scenario(ctl, page):
        await started(ctl, page)
        ctl.run_command(cmd, None)
        assert "hidden" not in page.attrs[f"{cmd}-panel"] and page.focused == f"btn-{cmd}-close"
        ctl.run_command("dismiss", None)
        assert "hidden" in page.attrs[f"{cmd}-panel"] and page.focused == f"btn-{cmd}"

    run(scenario)


def test_the_bots_play_from_their_seeded_stream():
    """The same seed and taps give the same game (the bots' stream is the session's)."""
    logs = []

    async def scenario(ctl, page):
        await started(ctl, page)
        ctl.run_command("draw", None)
        tap_cards(ctl, ctl.hand()[:1])
        ctl.run_command("discard", None)
        await settle(ctl)
        logs.append(list(ctl.session.state.log))

    run(scenario)
    run(scenario)
    assert logs[0] == logs[1] and len(logs[0]) > 3


def test_a_command_claimed_by_two_features_is_refused_at_build():
    class One:
        @command
        def do_games(self, _arg=None):
            pass

    with pytest.raises(ValueError, match="'games' is claimed twice"):
        collect(Controller(FakePage()).games, One())


def test_a_position_built_by_hand_opens_with_no_recap():
    """Its log does not lead to it (e2e tests plant such positions)."""
    async def scenario(ctl, page):
        state = position(hands={0: "8H 4D 9C 9D 9H KS KH 2C 6D 7S"})
        for player in state.players[1:]:
            player.bot = "easy"
        slot = ctl.games.store.save(None, state, ["planted"])
        ctl.run_command("resume", slot)
        assert page.screen() == "table" and ctl.recap.steps == [] and page.text("recap") == "planted"

    run(scenario)


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
        assert ctl.games.store.load_record(s.slot)["hints"] == [1, 0, 0, 0]
        advised = ctl.learn.advice[2].action
        ctl.run_command("hint-do", None)
        assert s.state.log[-1] == dict(advised, seat=HUMAN) and s.hints_used == [1, 0, 0, 0]

    run(scenario)


# -- pass-and-play (issue 54): people and bots in any mix -----------------------------------------------
TWO_PEOPLE = {"setup-bot-1": "easy", "setup-bot-2": "person", "setup-bot-3": "easy"}


def with_people(state, *seats):
    """A copy of ``state`` with these seats people's (named after their seat)."""
    state = game.GameState.from_json(state.to_json())
    for seat in seats:
        state.players[seat].bot = None
    return state


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


def test_an_old_save_resumes_as_one_person_at_south():
    """A save from before pass-and-play: hints a whole number, no seat kept."""
    state = played(seed=3, deals=1)
    state = with_people(state, 0)
    hand = sorted(state.players[0].hand)
    record = {"format": "triple-play-save", "version": 1, "name": "Old", "created": "2026-01-01T10:00:00",
              "updated": "2026-01-01T10:00:00", "meta": summary(state), "state": state.to_json(),
              "log": ["old line"], "hints": 2, "pending": {"fresh": hand[:1]}}

    async def scenario(ctl, page):
        ctl.games.store.storage.set(SAVE + "old", json.dumps(record))
        ctl.run_command("resume", "old")
        s = ctl.session
        assert s.seat == 0 and s.hints_used == [2, 0, 0, 0] and s.state.to_json() == state.to_json()
        ctl.run_command("next-deal", None)
        await settle(ctl)
        assert s.state.deal == 2 and s.seat == 0 and s.state.to_move() in (0, None)
        saved = json.loads(ctl.games.store.storage.get(SAVE + "old"))
        assert saved["hints"] == [2, 0, 0, 0] and "seat" not in saved.get("pending", {})

    run(scenario)


def test_a_save_reopens_at_the_seat_it_showed():
    state = with_people(played(seed=3, deals=1), 0, 2)

    async def scenario(ctl, page):
        s = ctl.session
        slot = ctl.games.store.save(None, state, [], hints=[0, 0, 3, 0], pending={"seat": 2})
        ctl.run_command("resume", slot)
        assert s.seat == 2 and s.hints_used[s.seat] == 3
        assert ctl.games.pending() == {"seat": 2}
        s.seat = 0
        assert ctl.games.pending() is None  # the first person's seat goes without saying

    run(scenario)


def test_statistics_show_one_person_at_a_time():
    state = with_people(played(seed=3, deals=1), 0, 1)
    state.players[1].name = "Bob"

    async def scenario(ctl, page):
        slot = ctl.games.store.save(None, state, [])
        ctl.games.open_game(slot, state, [])
        ctl.run_command("im", None)  # the hand-off of a game with several people
        ctl.autosave(force=True)
        ctl.run_command("stats", None)
        assert ("stats-player", "Bob") in page.cmds("stats") and "South's statistics" in page.text("stats")
        ctl.run_command("stats-player", "Bob")
        assert "Bob's statistics" in page.text("stats")

    run(scenario)


def test_the_same_deal_again_with_several_people_keeps_every_seat():
    state = with_people(played(seed=3, deals=1), 0, 2)

    async def scenario(ctl, page):
        slot = ctl.games.store.save(None, state, [])
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


# -- several people at one phone (ui/handoff.py) --------------------------------------------------------
PARTNERS = [None, "easy", None, "easy"]  # South and North are people


def hidden_cards(state):
    """Every card of every person's hand and unpicked piles."""
    return [c for p in state.players if p.bot is None for c in p.hand + [c for pile in p.piles for c in pile]]


def nothing_hidden_drawn(page, state):
    """At a hand-off: the table's regions are empty and no card's words are in what the page shows
    (the rules screen, hidden, speaks of "Jokers" in general)."""
    from game import cards as C
    from ui.handoff import TABLE_REGIONS
    assert page.screen() == "handoff"
    assert all(page.regions.get(region, []) == [] for region in TABLE_REGIONS)
    words = " ".join(page.text(region) for region in (*TABLE_REGIONS, "handoff", "scores"))
    assert not [c for c in set(hidden_cards(state)) if C.label(c) in words or c in words]


def people_game(bots=PARTNERS, seed=3):
    return game.new_game("triple-play", seed=seed, bots=list(bots))


async def two_partners_at_the_table(ctl):
    """A new game of South and North, people, against two easy bots; the bots have moved."""
    ctl.put_on_table(people_game(), ["New game."])
    await settle(ctl)
    return ctl.session


async def person_plays_a_turn(ctl, seat):
    """``seat``'s person takes the phone and plays a turn as the easy bot would."""
    import random as _random

    from game.bots import get_bot
    s = ctl.session
    assert s.handoff == seat
    ctl.run_command("im", None)
    assert s.seat == seat and s.handoff is None
    if s.since:
        ctl.run_command("show-hand", None)
    rng = _random.Random(seat)
    while s.state.to_move() == seat and s.state.phase in ("draw", "play"):
        assert ctl.act(get_bot("easy")(game.observe(s.state, seat), seat, rng))
    await settle(ctl)


def test_two_people_pass_the_phone_with_no_hand_in_the_page_between_them():
    async def scenario(ctl, page):
        s = await two_partners_at_the_table(ctl)
        ctl.render()
        handoffs = []
        while len(handoffs) < 6 and s.state.phase in ("draw", "play"):
            nothing_hidden_drawn(page, s.state)
            assert page.cmds("handoff") == [("im", None)]
            name = s.state.players[s.handoff].name
            assert f"Pass the phone to {name}" in page.text("handoff")
            assert "South & North 0 · West & East 0" in page.text("handoff") and page.regions["scores"] == []
            handoffs.append(s.handoff)
            await person_plays_a_turn(ctl, s.handoff)
            ctl.render()
        assert handoffs[1:] == [2, 0, 2, 0, 2] or handoffs == [0, 2, 0, 2, 0, 2]

    run(scenario)


def test_after_the_hand_off_the_others_turns_come_first_then_the_hand():
    async def scenario(ctl, page):
        s = await two_partners_at_the_table(ctl)
        first = s.handoff
        await person_plays_a_turn(ctl, first)
        other = s.handoff
        assert other == 2 - first
        ctl.run_command("im", None)
        assert s.since and s.seat == other
        assert page.text("hand").startswith("Since your last turn")
        assert "discarded" in page.text("hand")  # the turns since, in words
        assert page.cmds("actions") == [("replay-moves", None), ("show-hand", None)]
        ctl.run_command("replay-moves", None)
        marked = set()
        while ctl.handoff.replaying:  # each turn's line is marked while its moves replay
            await asyncio.sleep(0)
            marked |= {i for i, n in enumerate(nodes(page.regions["hand"][0].children[1].children))
                       if n.attrs.get("aria-current")}
        assert marked == set(range(len(ctl.handoff.since_turns())))
        assert "'aria-current': 'step'" not in str(page.regions["hand"])  # and none once it is over
        ctl.run_command("show-hand", None)
        assert not s.since and len(page.cmds("hand")) >= 1
        assert ("draw", None) in page.cmds("actions")

    run(scenario)


def test_the_page_going_to_the_background_puts_the_hand_away():
    async def scenario(ctl, page):
        s = await two_partners_at_the_table(ctl)
        seat = s.handoff
        ctl.run_command("im", None)
        ctl.run_command("draw", None)
        picked = s.sel.groups(ctl.hand())[0][0]
        ctl.run_command("pick", picked)
        ctl.run_command("page-hidden", None)
        nothing_hidden_drawn(page, s.state)
        assert "background" in page.text("handoff") and s.handoff == seat
        log = len(s.state.log)
        ctl.run_command("discard", None)  # no move while the phone is away
        assert len(s.state.log) == log
        ctl.run_command("im", None)
        assert not s.since and s.sel.picked[picked] == 1  # the same person goes on where they were
        assert s.snapshot is not None  # and may still undo their turn

    run(scenario)


def test_one_person_never_sees_a_hand_off():
    async def scenario(ctl, page):
        await started(ctl, page)
        ctl.run_command("page-hidden", None)
        assert ctl.session.handoff is None and page.screen() == "table"
        assert page.root["private"] == "0" and page.regions["handoff"] == []

    run(scenario)


def test_a_person_partner_answers_may_i_go_out_on_a_hand_off_of_their_own():
    async def scenario(ctl, page):
        s = ctl.session
        state = about_to_ask("4S 4H 4D 8C")
        for seat, bot in enumerate(PARTNERS):
            state.players[seat].bot = bot
        ctl.put_on_table(state, ["Planted."])
        assert s.handoff == 0
        ctl.run_command("im", None)
        ctl.run_command("ask", None)
        await settle(ctl)
        assert s.handoff == 2 and "South asks North: may I go out?" in page.text("handoff")
        nothing_hidden_drawn(page, s.state)
        ctl.run_command("im", None)
        ctl.run_command("show-hand", None)
        assert ("answer", "yes") in page.cmds("actions")
        ctl.run_command("answer", "yes")
        await settle(ctl)
        assert s.handoff == 0
        nothing_hidden_drawn(page, s.state)

    run(scenario)


def test_the_score_sheet_of_several_people_names_every_side():
    async def scenario(ctl, page):
        s = ctl.session
        state = play_until(people_game(), 1)
        ctl.put_on_table(state, ["Played."])
        ctl.run_command("im", None)
        sheet = page.text("sheet")
        assert "South & North" in sheet and "West & East" in sheet
        assert "Us" not in sheet.split() and "Them" not in sheet.split()
        assert s.state.phase == "deal_end"

    run(scenario)


def test_the_coach_reviews_the_decisions_of_the_person_chosen():
    async def scenario(ctl, page):
        s = ctl.session
        ctl.put_on_table(play_until(people_game(), 1), ["Played."])
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


def test_a_link_to_a_game_of_several_people_opens_at_the_hand_off():
    state = people_game()
    play_on(state, lambda st: len(st.log) >= 9)

    async def scenario(ctl, page):
        ctl.run_command("accept-link", None)
        s = ctl.session
        assert page.screen() == "handoff" and s.handoff in (0, 2)
        nothing_hidden_drawn(page, s.state)
        seat = s.handoff
        ctl.run_command("im", None)
        assert s.seat == seat and [p.bot for p in s.state.players] == PARTNERS
        await settle(ctl)
        assert s.state.to_move() == s.seat or s.handoff == 2 - seat  # the bots played on to a person

    run(scenario, fragment="g=" + share.encode(state))


def test_the_page_hidden_on_the_rules_screen_takes_the_hand_out_of_the_page_too():
    async def scenario(ctl, page):
        s = await two_partners_at_the_table(ctl)
        ctl.run_command("im", None)
        ctl.run_command("rules", None)
        assert page.regions["hand"] != []  # the rules screen hides the table by style only
        ctl.run_command("page-hidden", None)
        assert page.regions["hand"] == [] and page.screen() == "rules"
        ctl.run_command("back", None)
        nothing_hidden_drawn(page, s.state)

    run(scenario)
