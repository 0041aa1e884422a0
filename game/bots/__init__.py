"""Bots choose an action from a seat's observation (``game.view.observe``),
never from the full state. Each bot is a function
``choose(obs: GameState, seat: int, rng: random.Random) -> dict``.
"""

from __future__ import annotations

from ..errors import RulesError
from . import random_bot

BOTS = {"random": random_bot.choose}


def get_bot(name: str):
    try:
        return BOTS[name]
    except KeyError:
        raise RulesError(f"Unknown bot {name!r}; choose one of: {', '.join(BOTS)}.") from None
