#!/usr/bin/env bash
# Set up and run every test: the engine tests (tests/) and the browser
# tests (e2e/, headless Chromium), after ruff has checked the code. Extra
# arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --test
.venv/bin/ruff check .
exec .venv/bin/python -m pytest tests e2e -q "$@"
