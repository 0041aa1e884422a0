"""CI runs exactly the test command README gives (README "## Test"), so what
passes in CI is what a contributor's one command runs."""

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


@pytest.mark.slow
def test_not_e2e_selects_exactly_the_engine_tests():
    """Every test carries its layer's marker (the root conftest.py)."""
    def collected(*args):
        out = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", *args],
                             cwd=ROOT, capture_output=True, text=True, check=True).stdout
        return {line.split("::")[0].split("/")[0] for line in out.splitlines() if "::" in line}
    assert collected("-m", "not e2e") == {"tests"}
    assert collected("-m", "engine") == {"tests"}
    assert collected("-m", "e2e") == {"e2e"}
    assert collected("-m", "slow") == {"tests", "e2e"}  # whole games, in both layers


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
    assert log.read_text().splitlines() == ["ruff check . TP_DEEP=", "python -m pytest tests -q -k knee TP_DEEP="]


def test_the_setup_without_options_installs_npm_and_builds_the_site(tmp_path):
    """The same stubs see the full setup's steps, so the test above can fail."""
    env, log = _stubbed_checkout(tmp_path)
    subprocess.run(["bash", "scripts/setup.sh"], cwd=tmp_path, env=env, check=True)
    assert log.read_text().splitlines() == ["npm ci --no-audit --no-fund --loglevel=error TP_DEEP=",
                                            "python3 scripts/build_site.py TP_DEEP="]
