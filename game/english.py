"""Words joined as English phrases, for the engine's messages, the rules in
words and the page's log lines."""

from __future__ import annotations

# The words a player reads for a meld's kind (game.names.MeldKind is the
# JSON's): table players say clean and dirty, and the rules define them once.
KIND_WORDS = {"natural": "clean", "mixed": "dirty", "wild": "wild"}
# Small counts in words, as a player says them ("you hold three 7s").
WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def count_word(n: int) -> str:
    """``three`` for 3, ``no`` for 0; a figure past ten."""
    return WORDS[n] if 0 <= n < len(WORDS) else str(n)


def plural(n: int, noun: str, number=str) -> str:
    """``1 card``, ``3 cards``: ``number`` writes the count (a word, a grouped figure)."""
    return f"{number(n)} {noun}{'' if n == 1 else 's'}"


def join_words(items: list[str], last: str = "and", sep: str = ", ") -> str:
    """``a``, ``a and b``, ``a, b and c`` (``last`` and ``sep`` as given)."""
    if len(items) <= 1:
        return "".join(items)
    return sep.join(items[:-1]) + f" {last} " + items[-1]
