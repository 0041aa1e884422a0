"""The bots' fitted values, kept in ``fitted.json`` beside this module.

The ``bench/fit_*`` scripts fit these to real deals and, run with
``--write``, store them there (each script its own section); the bots read
them once, when this module is imported. The file travels in the page's
app.tar with the code. What each value means is in the file's "about" lines
and in the modules that use it; how each was fitted, and what else was
tried, is in bench/LOG.md.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

PATH = Path(__file__).with_name("fitted.json")
WRITE_HELP = "store the fitted values in game/bots/fitted.json, where the bots read them"


def load() -> dict:
    """Every section of the file, by name."""
    return json.loads(PATH.read_text(encoding="utf-8"))


def save(section: str, values: dict) -> None:
    """Replace one section's values (its "about" line stays), keeping the others."""
    data = load()
    data[section] = {"about": data.get(section, {}).get("about", ""), **values}
    text = json.dumps(data, indent=1, ensure_ascii=False)
    # one line per list of numbers, so a weight table reads as a table
    text = re.sub(r"\[\s+([-\d.,\s]+?)\s+\]", lambda m: "[" + re.sub(r"\s+", " ", m.group(1)) + "]", text)
    PATH.write_text(text + "\n", encoding="utf-8")


VALUES = load()
