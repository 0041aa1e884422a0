#!/usr/bin/env bash
# Set up and run the tests, after ruff has checked the code: the engine
# tests, then the browser tests, each in two processes (pytest-xdist; a
# test file goes whole to one process, so its browser tests share one
# browser). Extra arguments go to pytest (-n 0: one process).
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
# A run for each folder: Playwright's event loop, which the browser tests
# keep running, stays out of the engine tests' process. Both run even if
# the first fails. pytest's exit 5 means the extra arguments chose none of
# that folder's tests: the command gives it only if no folder had any.
result=5
for folder in "${folders[@]}"; do
    code=0
    .venv/bin/python -m pytest "$folder" -q -rfER -n 2 --dist loadfile "$@" || code=$?
    case "$code" in
        0) if [ "$result" -eq 5 ]; then result=0; fi ;;
        5) ;;
        *) result=$code ;;
    esac
done
exit "$result"
