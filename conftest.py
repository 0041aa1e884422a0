"""Marks every test by where it lives: tests/ are engine tests, e2e/ browser
tests, so ``pytest -m "not e2e"`` runs exactly the engine suite."""

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent
LAYERS = {"tests": pytest.mark.engine, "e2e": pytest.mark.e2e}


def pytest_collection_modifyitems(items):
    for item in items:
        folder = Path(item.path).relative_to(ROOT).parts[0]
        item.add_marker(LAYERS[folder])
