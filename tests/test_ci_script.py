"""CI runs exactly the test command README gives (README "## Test"), so what
passes in CI is what a contributor's one command runs."""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def readme_test_commands() -> list[str]:
    text = (ROOT / "README.md").read_text()
    block = re.search(r"^## Test\n\n```\n(.*?)```", text, re.S | re.M)
    assert block, "README has no code block under ## Test"
    return [line for line in block.group(1).splitlines() if line.strip()]


def ci_commands() -> list[str]:
    lines = (ROOT / ".ci" / "run").read_text().splitlines()
    setup = ("#", "set ", 'cd "$(dirname "$0")/.."')
    return [line for line in lines if line.strip() and not line.startswith(setup)]


def test_ci_runs_the_readme_test_command_from_the_repo_root():
    assert readme_test_commands()
    assert ci_commands() == readme_test_commands()
    assert 'cd "$(dirname "$0")/.."' in (ROOT / ".ci" / "run").read_text()


def test_the_test_command_runs_ruff_before_pytest():
    """A lint finding fails the test command before any test runs."""
    lines = (ROOT / "scripts" / "test.sh").read_text().splitlines()
    ruff = lines.index(".venv/bin/ruff check .")
    pytest_line = next(i for i, line in enumerate(lines) if "-m pytest" in line)
    assert ruff < pytest_line and "set -euo pipefail" in lines[:ruff]
    assert "ruff==" in (ROOT / "requirements-dev.txt").read_text()


def test_no_script_or_test_edits_sys_path():
    """The root is importable the standard way (pyproject's pytest pythonpath,
    ``python -m`` for bench/), never by a ``sys.path`` edit."""
    folders = ("game", "ui", "scripts", "tests", "e2e", "bench")
    edit = re.compile(r"sys\.path\.(insert|append)\(")
    edits = [str(p.relative_to(ROOT)) for folder in folders for p in (ROOT / folder).rglob("*.py")
             if edit.search(p.read_text())]
    assert edits == [], edits


# Collects every test once and prints each one's folder and markers.
COLLECT_MARKERS = """
import json, sys, pytest
class Markers:
    def pytest_collection_finish(self, session):
        self.seen = [(i.nodeid.split("/")[0], sorted({m.name for m in i.iter_markers()})) for i in session.items]
plugin = Markers()
pytest.main(["--collect-only", "-q", "-p", "no:cacheprovider"], plugins=[plugin])
print(json.dumps(plugin.seen), file=sys.stderr)
"""


@pytest.mark.slow
def test_not_e2e_selects_exactly_the_engine_tests():
    """Every test carries its layer's marker (the root conftest.py): ``-m
    "not e2e"`` and ``-m engine`` select tests/, ``-m e2e`` e2e/; whole games
    are marked slow in both layers."""
    out = subprocess.run([sys.executable, "-c", COLLECT_MARKERS], cwd=ROOT, capture_output=True, text=True,
                         check=True).stderr
    seen = json.loads(out.splitlines()[-1])
    folders = {folder for folder, _ in seen}
    assert folders == {"tests", "e2e"}
    assert {folder for folder, marks in seen if "e2e" not in marks} == {"tests"}
    assert {folder for folder, marks in seen if "engine" in marks} == {"tests"}
    assert {folder for folder, marks in seen if "e2e" in marks} == {"e2e"}
    assert {folder for folder, marks in seen if "slow" in marks} == {"tests", "e2e"}
    assert all(("engine" in marks) != ("e2e" in marks) for _, marks in seen)


def _stubbed_checkout(tmp_path):
    """A copy of scripts/test.sh and scripts/setup.sh beside stub tools that
    log their calls (npm, python3, .venv's python and ruff); returns the
    command prefix that runs with the stubs first on PATH, and the log."""
    log = tmp_path / "calls.log"
    (tmp_path / "scripts").mkdir()
    for name in ("test.sh", "setup.sh"):
        (tmp_path / "scripts" / name).write_text((ROOT / "scripts" / name).read_text())
    (tmp_path / "requirements-dev.txt").write_text("pytest\n")
    (tmp_path / "package-lock.json").write_text("{}\n")
    (tmp_path / ".venv" / "bin").mkdir(parents=True)
    (tmp_path / ".venv" / ".requirements-dev.txt").write_text("pytest\n")
    (tmp_path / "stubs").mkdir()
    stub = f'#!/bin/sh\necho "$(basename "$0") $* TP_DEEP=${{TP_DEEP:-}}" >> {log}\n'
    for path in (tmp_path / "stubs" / "npm", tmp_path / "stubs" / "python3",
                 tmp_path / ".venv" / "bin" / "python", tmp_path / ".venv" / "bin" / "ruff"):
        path.write_text(stub)
        path.chmod(0o755)
    env = {"PATH": f"{tmp_path / 'stubs'}:/usr/bin:/bin", "HOME": str(tmp_path)}
    return env, log


def test_the_engine_command_sets_up_only_the_venv_and_runs_the_quick_tier(tmp_path):
    """README's engine-only command installs no npm package and no browser,
    builds no site, and runs tests/ alone without TP_DEEP."""
    assert "bash scripts/test.sh --engine" in (ROOT / "README.md").read_text()
    env, log = _stubbed_checkout(tmp_path)
    subprocess.run(["bash", "scripts/test.sh", "--engine", "-k", "knee"], cwd=tmp_path, env=env, check=True)
    assert log.read_text().splitlines() == ["ruff check . TP_DEEP=",
                                            "python -m pytest tests -q -rfER -n 2 --dist loadfile -k knee TP_DEEP="]


def test_the_setup_without_options_installs_npm_and_builds_the_site(tmp_path):
    """The same stubs see the full setup's steps, so the test above can fail."""
    env, log = _stubbed_checkout(tmp_path)
    subprocess.run(["bash", "scripts/setup.sh"], cwd=tmp_path, env=env, check=True)
    assert log.read_text().splitlines() == ["npm ci --no-audit --no-fund --loglevel=error TP_DEEP=",
                                            "python3 scripts/build_site.py TP_DEEP="]


@pytest.mark.parametrize("engine_exit, browser_exit, code", [(0, 0, 0), (5, 0, 0), (0, 5, 0), (1, 0, 1), (1, 5, 1),
                                                           (0, 2, 2), (5, 5, 5)])
def test_the_test_command_runs_both_folders_whatever_the_first_gives(tmp_path, engine_exit, browser_exit, code):
    """The engine tests and the browser tests run apart, in the deep tier,
    two processes each; a failure of the first still lets the second run and
    fails the command, and a folder whose tests the extra arguments all
    leave out (pytest's exit 5) fails nothing unless every folder's were."""
    env, log = _stubbed_checkout(tmp_path)
    python = tmp_path / ".venv" / "bin" / "python"
    python.write_text(python.read_text() + f'case "$*" in *"pytest tests"*) exit {engine_exit};; '
                      f'*"pytest e2e"*) exit {browser_exit};; esac\n')
    (tmp_path / "node_modules").mkdir()
    (tmp_path / "node_modules" / ".package-lock.json").write_text("{}\n")
    done = subprocess.run(["bash", "scripts/test.sh", "-k", "knee"], cwd=tmp_path, env=env)
    assert done.returncode == code
    calls = [line for line in log.read_text().splitlines() if "pytest" in line]
    assert calls == [f"python -m pytest {folder} -q -rfER -n 2 --dist loadfile -k knee TP_DEEP=1"
                     for folder in ("tests", "e2e")]
