"""The site's Python runs on what the site ships: every module of app.tar
imports (and the entry script's imports run), and a game plays to its end,
under the trimmed standard library (scripts/stdlib.mjs keeps only the
modules the start-up and game/ and ui/ import) in Pyodide under Node
(e2e/shipped_python.mjs)."""

import ast
import json
import subprocess
import tempfile
from pathlib import Path

import pytest

from build_site import ENTRY, app_sources, stdlib_imports

ROOT = Path(__file__).resolve().parent.parent

# Imports every module app.tar holds and runs STATEMENTS (every stdlib import
# written in game/ and ui/, those inside functions too, and the entry
# script's imports: running the script itself needs the page), then plays a
# game with bots; returns what failed.
CHECK = """
import importlib, os
modules = sorted(os.path.join(folder, name)[:-4].replace("/", ".").removesuffix(".__init__")
                 for pkg in ("game", "ui") for folder, _, names in os.walk(pkg)
                 for name in names if name.endswith(".pyc"))
failed = {}
for name in modules:
    try:
        importlib.import_module(name)
    except Exception as error:
        failed[name] = repr(error)
for statement in STATEMENTS:
    try:
        exec(statement, {})
    except Exception as error:
        failed[statement] = repr(error)
try:
    import argparse  # noqa: F401  (the command line's: left out of the shipped stdlib)
    trimmed = False
except ImportError:
    trimmed = True
from game.runs.simulate import play_game
state = play_game("triple-play", 1, ["normal", "easy"])
{"modules": modules, "failed": failed, "trimmed": trimmed, "phase": state.phase}
"""


@pytest.fixture(scope="module")
def shipped(site_dir):
    with tempfile.TemporaryDirectory() as tmp:
        app_sources(Path(tmp))
        statements = stdlib_imports(Path(tmp))
    entry = ast.parse((ROOT / "ui" / ENTRY).read_text())
    statements += [ast.unparse(node) for node in ast.walk(entry) if isinstance(node, (ast.Import, ast.ImportFrom))]
    run = subprocess.run(["node", str(ROOT / "e2e" / "shipped_python.mjs"), str(site_dir)],
                         input=f"STATEMENTS = {json.dumps(statements)}\n{CHECK}",
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    return json.loads(run.stdout.strip().splitlines()[-1])


def test_every_shipped_module_imports_under_the_trimmed_stdlib(shipped):
    assert shipped["trimmed"], "the check did not run on the shipped (trimmed) stdlib"
    assert {"game.engine", "game.bots.hard", "ui.controller", "ui.dom"} <= set(shipped["modules"])
    assert shipped["failed"] == {}


def test_a_game_plays_to_its_end_under_the_trimmed_stdlib(shipped):
    assert shipped["phase"] == "game_end"
