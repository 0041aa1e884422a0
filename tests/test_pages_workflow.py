"""The Pages workflow deploys only what passes the engine tests: its build
job needs a test job that runs pytest on tests/ with the pinned tools."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def jobs() -> dict[str, str]:
    """Each job's text in .github/workflows/pages.yml, by name."""
    text = (ROOT / ".github" / "workflows" / "pages.yml").read_text()
    body = text.split("\njobs:\n", 1)[1]
    parts = re.split(r"^  (\w+):\n", body, flags=re.M)
    return dict(zip(parts[1::2], parts[2::2]))


def test_the_build_waits_for_the_engine_tests():
    j = jobs()
    assert "requirements-dev.txt" in j["test"] and "pytest tests" in j["test"]
    assert re.search(r"^    needs: test$", j["build"], re.M)
    assert re.search(r"^    needs: build$", j["deploy"], re.M)
