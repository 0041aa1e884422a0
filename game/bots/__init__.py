"""Bots choose an action from a seat's observation (``game.view.observe``),
never from the full state. Each bot is a function
``choose(obs: GameState, seat: int, rng: random.Random) -> dict``.

Levels: ``random`` (for simulations), ``easy`` (no planning), ``normal``
(a hand-written club strategy, deterministic) and ``hard`` (Monte Carlo
over sampled hidden cards, 500 ms a decision; ``hard_bot(ms)`` makes one
with another budget).
"""

from __future__ import annotations

from ..errors import RulesError, brief
from . import easy, hard, normal, random_bot

BOTS = {"random": random_bot.choose, "easy": easy.choose, "normal": normal.choose,
        "hard": hard.choose}


def hard_bot(budget_ms: float, samples: int | None = None):
    """A ``hard`` bot thinking ``budget_ms`` milliseconds per decision (and at
    most ``samples`` samples: a deterministic limit for tests)."""
    return hard.Hard(budget_ms, samples)


def get_bot(name: str):
    """A bot by name; ``hard:MS`` is ``hard`` with a budget of MS milliseconds."""
    base, _, budget = name.partition(":")
    if base == "hard" and budget:
        try:
            return hard_bot(float(budget))
        except ValueError:
            pass
    try:
        return BOTS[name]
    except KeyError:
        raise RulesError(f"Unknown bot {brief(name)}; choose one of: {', '.join(BOTS)}"
                         " (hard:MS for another budget).") from None
