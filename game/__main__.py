"""``python -m game``: see ``game.runs.cli``."""

import sys

from .runs.cli import main

sys.exit(main())
