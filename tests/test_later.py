"""Modules imported at first use (game/later.py, issue 56): a page start
does not run the ones only some visits need, and each runs once, when first
read."""

import json
import subprocess
import sys
import textwrap
from pathlib import Path

from game.later import later, run_all

ROOT = Path(__file__).resolve().parent.parent
# Named with later() by the page's modules: hard's search (game/bots), the
# hint and the coach (ui/learn/learn.py), the statistics and their screen
# (ui/stats/stats_screen.py); the rest of hard's own modules come with it.
LATER = ("game.bots.hard", "game.bots.evaluate", "game.bots.fitted", "game.advice.hints", "game.advice.coach",
         "ui.stats.stats", "ui.stats.stats_view")

# In a process of its own (this one has imported everything): which of LATER
# have run after a controller's start, then after a hint and a deal's end.
PROBE = textwrap.dedent("""
    import asyncio, json, sys, types
    from tests.helpers import FakePage, settle
    from ui.controller import Controller

    def ran():
        return [n for n in LATER if type(sys.modules.get(n)) is types.ModuleType]

    async def main():
        ctl = Controller(FakePage(), delay_ms=0, seed=11)
        ctl.start()
        ctl.run_command("start", None)
        await settle(ctl)
        at_start = ran()
        ctl.run_command("hint", None)
        while ctl.learn.hint_for is not None:
            await asyncio.sleep(0)
        print(json.dumps([at_start, ran()]))

    asyncio.run(main())
""")


def test_later_runs_the_module_at_its_first_attribute_read(tmp_path, monkeypatch):
    package = tmp_path / "laterpkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "mod.py").write_text("import builtins\nbuiltins.later_runs += 1\nVALUE = 7\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr("builtins.later_runs", 0, raising=False)
    for name in ("laterpkg", "laterpkg.mod"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    import builtins

    import laterpkg
    module = later("laterpkg.mod")
    assert builtins.later_runs == 0 and laterpkg.mod is module and sys.modules["laterpkg.mod"] is module
    assert module.VALUE == 7 and builtins.later_runs == 1
    assert later("laterpkg.mod") is module and module.VALUE == 7 and builtins.later_runs == 1


def test_a_start_runs_none_of_the_later_modules_and_a_hint_runs_its_own():
    code = f"LATER = {LATER!r}\n" + PROBE
    printed = subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True,
                             capture_output=True, text=True).stdout
    at_start, after_hint = json.loads(printed)
    assert at_start == []
    assert {"game.bots.hard", "game.advice.hints", "game.bots.fitted"} <= set(after_hint)
    assert "ui.stats.stats_view" not in after_hint


def test_run_all_runs_each_module_named_later_once(tmp_path, monkeypatch):
    package = tmp_path / "laterall"
    package.mkdir()
    (package / "__init__.py").write_text("")
    for name in ("one", "two"):
        (package / f"{name}.py").write_text("import builtins\nbuiltins.later_runs += 1\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr("builtins.later_runs", 0, raising=False)
    import builtins

    import laterall  # noqa: F401
    one, two = later("laterall.one"), later("laterall.two")
    assert builtins.later_runs == 0
    run_all()
    assert builtins.later_runs == 2 and type(one) is type(two) is type(sys)
    run_all()
    assert builtins.later_runs == 2
