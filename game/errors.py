"""The two kinds of refusal the engine gives.

``IllegalMove`` is for players: its message is a sentence to show them.
``RulesError`` and ``StateError`` are for bad rule sets and bad saved
states; the message says what is wrong and the input is left untouched.
"""


class IllegalMove(Exception):
    """A move the rules do not allow; ``str(e)`` is the reason in words."""


class RulesError(ValueError):
    """An unknown, ill-typed or inconsistent rule option."""


class StateError(ValueError):
    """A game state (file, save or link) that cannot be a real position."""


def brief(value: object, limit: int = 20) -> str:
    """A value for a message, cut short: a refusal never echoes a long input back."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"
