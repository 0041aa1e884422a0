#!/usr/bin/env bash
# Set up what the game and its tests need; safe to run again (it skips
# what is already current). Usage: scripts/setup.sh [--test | --engine]
#   no option: the pinned npm packages (PyScript, Pyodide) and the built site/
#   --test:    also .venv with the pinned test tools and a Chromium to drive
#   --engine:  only .venv with the pinned test tools (no npm, no browser, no site)
set -euo pipefail
cd "$(dirname "$0")/.."
mode="${1:-}"

if [ "$mode" != "--engine" ]; then
    if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
        echo "setup: installing the pinned npm packages"
        npm ci --no-audit --no-fund --loglevel=error
    fi
fi

if [ "$mode" = "--test" ] || [ "$mode" = "--engine" ]; then
    if [ ! -x .venv/bin/python ]; then
        echo "setup: creating .venv"
        python3 -m venv .venv
    fi
    if ! cmp -s requirements-dev.txt .venv/.requirements-dev.txt; then
        echo "setup: installing the test tools into .venv"
        .venv/bin/pip install -q --disable-pip-version-check -r requirements-dev.txt
        cp requirements-dev.txt .venv/.requirements-dev.txt
    fi
fi

if [ "$mode" = "--test" ] && [ ! -x /usr/bin/chromium ]; then
    if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
        sh scripts/install_chromium.sh
    else
        echo "setup: no system Chromium; using Playwright's own browser"
        .venv/bin/python -m playwright install chromium
    fi
fi

if [ "$mode" != "--engine" ]; then
    python3 scripts/build_site.py
fi
