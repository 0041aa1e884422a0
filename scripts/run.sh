#!/usr/bin/env bash
# Set up and start the game: serves the page on http://127.0.0.1:8000/
# (pass --port N for another port). Needs python3, node and npm.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec python3 scripts/serve.py "$@"
