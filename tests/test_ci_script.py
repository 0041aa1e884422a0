"""CI runs exactly the test command README gives (README "## Test"), so what
passes in CI is what a contributor's one command runs."""

import re
from pathlib import Path

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
