#!/usr/bin/env bash
# Set up and run the tests, after ruff has checked the code. Extra
# arguments go to pytest.
#   scripts/test.sh           every test: the engine tests (tests/) in their
#                             deep tier (TP_DEEP=1: more random games) and the
#                             browser tests (e2e/, headless Chromium); CI runs this
#   scripts/test.sh --engine  the engine tests only, quick tier: .venv alone,
#                             no npm, no browser, no site build
set -euo pipefail
cd "$(dirname "$0")/.."
folders=(tests e2e)
setup=--test
if [ "${1:-}" = "--engine" ]; then
    shift
    folders=(tests)
    setup=--engine
else
    export TP_DEEP="${TP_DEEP:-1}"
fi
bash scripts/setup.sh "$setup"
.venv/bin/ruff check .
exec .venv/bin/python -m pytest "${folders[@]}" -q "$@"
