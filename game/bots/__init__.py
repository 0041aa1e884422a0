"""Bots choose an action from a seat's observation (``game.view.observe``),
never from the full state. Each bot is a function
``choose(obs: GameState, seat: int, rng: random.Random) -> dict``.

Levels: ``random`` (for simulations), ``easy`` (no planning), ``normal``
(a hand-written club strategy, deterministic) and ``hard`` (Monte Carlo
over sampled hidden cards, 500 ms a decision; ``hard_bot(ms)`` makes one
with another budget).
"""

from __future__ import annotations

from ..errors import RulesError
from . import easy, normal, random_bot

BOTS = {"random": random_bot.choose, "easy": easy.choose, "normal": normal.choose}


def get_bot(name: str):
    try:
        return BOTS[name]
    except KeyError:
        raise RulesError(f"Unknown bot {name!r}; choose one of: {', '.join(BOTS)}.") from None
