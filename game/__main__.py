"""``python -m game``: see ``game.cli``."""

import sys

from .cli import main

sys.exit(main())
