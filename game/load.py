"""The one gate for JSON from outside: state files, actions, saves, links and imported files.

Python's JSON reader recurses once per level of nesting and turns a number
of any length into an int, so a hostile text can exhaust the stack (in the
browser that kills the whole page, not just the load) or take seconds to
convert. ``read_json`` therefore checks the length and the nesting depth
on the raw text first, and refuses numbers of more than ``MAX_DIGITS``
digits, fractions and NaN/Infinity while parsing (no format uses them).
Every refusal is a ``StateError`` with one short line that never quotes
the input.
"""

from __future__ import annotations

import json
import re

from .errors import StateError

MAX_DEPTH = 20           # the deepest real input (a save's score sheet) nests 8 levels
MAX_DIGITS = 15
MAX_MESSAGE = 120
MAX_TEXT = 300_000       # characters; the longest real game's state is about 65,000
MAX_NAME = 40            # characters of a player's name

_OTHER_BYTES = bytes(b for b in range(256) if b not in b'[]{}"')
_STRING = re.compile(rb'"[^"]*"')
_DEEP_RUN = re.compile(rb"[\[{]{%d}" % (MAX_DEPTH + 1))


def is_int(v) -> bool:
    """A JSON whole number: an int, but not a bool (True is an int in Python)."""
    return isinstance(v, int) and not isinstance(v, bool)


def int_in(v, low: int, high: int) -> bool:
    """A JSON whole number from ``low`` to ``high``."""
    return is_int(v) and low <= v <= high


def is_player_name(v) -> bool:
    return isinstance(v, str) and 0 < len(v) <= MAX_NAME


def one_line(message: str) -> str:
    """A refusal as one line of at most ``MAX_MESSAGE`` characters."""
    line = " ".join(str(message).split())
    return line if len(line) <= MAX_MESSAGE else line[:MAX_MESSAGE - 1] + "…"


def too_deep(text: str) -> bool:
    """Whether JSON text nests arrays and objects more than ``MAX_DEPTH`` deep.

    Works on bytes at C speed (a character loop would cost the page
    seconds on a large file): drop escaped quotes, keep only brackets and
    quotes, drop strings, then peel off innermost ``[]``/``{}`` pairs once
    per level. A run of more opening brackets than the limit ends it early.
    Unbalanced text is left for the JSON reader to refuse.
    """
    raw = text.encode("utf-8", "surrogatepass")
    if b"\\" in raw:
        raw = raw.replace(b"\\\\", b"").replace(b'\\"', b"")
    shape = raw.translate(None, _OTHER_BYTES).replace(b'""', b"")
    if b'"' in shape:
        shape = _STRING.sub(b"", shape)
    for _ in range(MAX_DEPTH + 1):
        if not shape:
            return False
        if _DEEP_RUN.search(shape):
            return True
        before = len(shape)
        shape = shape.replace(b"[]", b"").replace(b"{}", b"")
        if len(shape) == before:
            return False
    return True


def _int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise StateError("holds a number far too large")
    return int(digits)


def _no_fraction(_text: str):
    raise StateError("holds a number with a fraction where whole numbers belong")


def _no_constant(_text: str):
    raise StateError("holds NaN or Infinity")


def read_json(text, what: str, max_chars: int = MAX_TEXT):
    """Parse untrusted JSON text or raise ``StateError`` starting with ``what`` (e.g. "The file")."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise StateError(f"{what} is not text (UTF-8).") from None
    if not isinstance(text, str):
        raise StateError(f"{what} is not text.")
    if len(text) > max_chars:
        raise StateError(f"{what} is far too large ({len(text):,} characters; at most {max_chars:,}).")
    if too_deep(text):
        raise StateError(f"{what} is nested far too deeply to be genuine.")
    try:
        return json.loads(text, parse_int=_int, parse_float=_no_fraction, parse_constant=_no_constant)
    except StateError as e:
        raise StateError(f"{what} {e}.") from None
    except json.JSONDecodeError as e:
        raise StateError(f"{what} is not valid JSON: {e.msg} at line {e.lineno}.") from None
    except (ValueError, RecursionError):
        raise StateError(f"{what} is not valid JSON.") from None
