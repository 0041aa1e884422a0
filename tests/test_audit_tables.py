"""The audit tables of docs/presets/*.md (source sentence -> rule option ->
tests) cannot rot: every preset page has one, every row names a test, and
every test named exists."""

import ast
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
PAGES = sorted((ROOT / "docs" / "presets").glob("*.md"))
HEADER = "| source says | rule option | tests |"
TEST_REF = re.compile(r"`(tests/[\w/]+\.py)::(\w+)`")


def audit_rows(page: pathlib.Path) -> list[str]:
    """The rows of the page's audit table (after its header and rule line)."""
    lines = page.read_text(encoding="utf-8").splitlines()
    start = lines.index(HEADER) + 2
    rows = []
    for line in lines[start:]:
        if not line.startswith("|"):
            break
        rows.append(line)
    return rows


def defined_tests(path: str) -> set[str]:
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    return {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.stem)
def test_every_row_of_the_audit_table_names_tests_that_exist(page):
    assert HEADER in page.read_text(encoding="utf-8"), f"{page.name} has no audit table"
    rows = audit_rows(page)
    assert len(rows) >= 5
    for row in rows:
        refs = TEST_REF.findall(row)
        assert refs, f"{page.name}: no test named in {row[:80]}"
        for path, name in refs:
            assert (ROOT / path).exists(), f"{page.name}: no file {path}"
            assert name in defined_tests(path), f"{page.name}: no test {path}::{name}"


def test_a_missing_test_is_caught():
    """The check itself can fail: a made-up name is not found."""
    assert "test_no_such_rule" not in defined_tests("tests/test_triple_play_rules.py")
    assert TEST_REF.findall("| x | y | `tests/test_presets.py::test_a` |") == [("tests/test_presets.py", "test_a")]
