"""The page's composition under CPython: commands in, session state and drawn
regions out, through a fake page (ui/core/page.py's interface) instead of the
browser; the bots run as on the page, as asyncio tasks, at instant speed.
The rooms' own tests are tests/test_page_<room>.py; their helpers (``run``,
``started``) are in tests/helpers.py."""

import ast
import asyncio
import inspect
import re
from pathlib import Path

import pytest

from game.words import narrate
from tests.helpers import (
    EASY,
    SEED,
    FakePage,
    played,
    run,
    settle,
    started,
    tap_cards,
)
from ui.controller import Controller
from ui.core import motion_steps
from ui.core import page as page_module
from ui.core.commands import collect, command
from ui.core.text import HUMAN
from ui.table.turn import hand as held

ROOT = Path(__file__).resolve().parent.parent


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
    for path in (ROOT / "ui").rglob("*.py"):
        if path.relative_to(ROOT).as_posix() in ("ui/dom.py", "ui/main.py"):
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
                       "lesson-skip", "im", "page-hidden", "show-hand", "replay-moves", "friends",
                       "fragment"}


def test_a_busy_table_ignores_moves_and_keeps_selecting():
    async def scenario(ctl, page):
        await started(ctl, page)
        s = ctl.session
        s.busy = True
        log = len(s.state.log)
        ctl.run_command("draw", None)
        assert len(s.state.log) == log
        key = s.sel.groups(held(ctl.session))[0][0]
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


def test_a_command_claimed_by_two_features_is_refused_at_build():
    class One:
        @command
        def do_games(self, _arg=None):
            pass

    with pytest.raises(ValueError, match="'games' is claimed twice"):
        collect(Controller(FakePage()).games, One())


def test_a_screen_that_cannot_be_drawn_falls_back_to_the_games_list(monkeypatch):
    async def scenario(ctl, page):
        await started(ctl, page)
        monkeypatch.setitem(ctl.screens, "rules", lambda: 1 / 0)
        ctl.run_command("rules", None)
        assert page.screen() == "games" and ctl.games.errors
        assert page.errors == ["draw rules: ZeroDivisionError: division by zero"]
        page.errors.clear()

    run(scenario)


# -- putting a game on the table ----------------------------------------------------------------------------
def test_every_way_onto_the_table_resets_the_same_fields():
    """A new game, a saved game and a lesson each start with nothing to undo,
    no message, their own hint count and a new game id; the selection is
    the one the save kept (none for a new game or a lesson)."""
    async def scenario(ctl, page):
        await started(ctl, page)
        s = ctl.session
        ctl.run_command("draw", None)
        tap_cards(ctl, held(ctl.session)[:1])
        saved, picked = s.slot, dict(s.sel.picked)
        ctl.run_command("menu", None)
        for way, selection, hints in (("start", {}, 0), ("resume", picked, 4), ("lesson", {}, 0)):
            if s.state is not None:
                ctl.run_command("draw", None)
                tap_cards(ctl, held(ctl.session)[:1])
            s.message, s.shown_meld, game_id = "old", 3, s.game_id
            s.hints_used = [9, 0, 0, 0]
            if way == "resume":
                record = ctl.store.load_record(saved)
                ctl.store.save(saved, record["game"], record["log"], hints=[4, 0, 0, 0],
                                     pending=record["pending"])
            ctl.run_command(way, saved if way == "resume" else None)
            await settle(ctl)
            assert (s.busy, s.message, s.snapshot, s.changed, s.shown_meld, s.screen) == \
                (False, "", None, False, None, "table")
            assert s.game_id > game_id and s.hints_used[0] == hints and dict(s.sel.picked) == selection
            assert s.fresh_game == s.game_id
        assert s.lesson and ctl.tutorial.in_lesson()

    run(scenario)


# -- the one move path ------------------------------------------------------------------------------------
def test_every_move_lands_by_one_path_and_reaches_the_log_the_recap_the_motion_and_the_save():
    """A person's move, the bots' and the next deal: each is one Landed record
    (the ``landed`` signal), and its log line, its recap step, its motion and
    the save all follow from that record, in the order the rooms were built."""
    records = []

    async def scenario(ctl, page):
        ctl.signals.on("landed", records.append)
        s = ctl.session
        state = played(seed=3, deals=1)
        slot = ctl.store.save(None, state, ["old line"])
        ctl.games.open_game(slot, state, ["old line"])
        start = len(state.log)
        ctl.run_command("next-deal", None)
        deal = records[0]
        assert deal.action == {"type": "next_deal"} and deal.new_deal and deal.seat == s.seat
        assert s.log[0] == narrate.summarize(*deal) and s.steps == [] and page.captured == []
        for _ in range(2000):  # the bots pause 50 ms a move at this pace
            if not s.busy:
                break
            await asyncio.sleep(0.005)
        assert [r.seat for r in records[1:]] == [a["seat"] for a in s.state.log[start + 1:]]
        first_bot = len(s.log) - len(records) + 1
        assert s.log[first_bot:] == [narrate.summarize(*r) for r in records[1:]]  # the bots' lines
        assert len(page.captured) == len(records) - 1  # every move but the deal's start flew
        before = len(records)
        ctl.run_command("draw", None)
        mine = records[before]
        assert len(records) == before + 1 and mine.seat == HUMAN and mine.action["type"] == "draw"
        assert s.log[-1] == narrate.summarize(*mine) and s.steps[-1] == tuple(mine)
        assert page.captured[-1] == motion_steps.moves(*mine)
        assert page.root["saved"] == f"{s.slot}:{len(s.state.log)}" and s.snapshot is not None
        await ctl.motion.finished()

    run(scenario, delay_ms=1)


def test_a_signal_nobody_declared_is_refused():
    ctl = Controller(FakePage())
    with pytest.raises(ValueError, match="not a declared signal"):
        ctl.signals.emit("moved")
    with pytest.raises(ValueError, match="not a declared signal"):
        ctl.signals.on("movd", print)
