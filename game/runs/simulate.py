"""Bot-against-bot games, for tests, benchmarks and the ``simulate`` command.

Each game is checked after every action: the cards must still be exactly
the rule set's decks (nothing created or lost). A violation, an illegal
bot move or a game that does not end counts as an error, never a crash.
"""

from __future__ import annotations

import random
import time

from game.bots import get_bot
from game.deal import new_game
from game.engine import apply, winner
from game.errors import IllegalMove
from game.names import Act, Phase
from game.presets import get_preset
from game.rules import RuleSet
from game.view import observe

MAX_ACTIONS = 50_000  # far beyond any real game: a guard against loops


class GameError(Exception):
    """A simulated game broke an invariant."""


def play_game(rules: RuleSet | str, seed: int, bots: list[str], players: int | None = None,
              check_cards: bool = True, choosers: list | None = None):
    """Play one whole game; returns the final state or raises ``GameError``.
    ``choosers``: the seats' bot functions, if not those named in ``bots``."""
    rules = get_preset(rules) if isinstance(rules, str) else rules
    n = players or rules.players
    seat_bots = [bots[i % len(bots)] for i in range(n)]
    state = new_game(rules, seed=seed, players=n, bots=seat_bots)
    choosers = choosers or [get_bot(b) for b in seat_bots]
    rng = random.Random(f"{seed}:bots")
    expected = state.expected_cards() if check_cards else None
    for _ in range(MAX_ACTIONS):
        if state.phase == Phase.GAME_END:
            return state
        if state.phase == Phase.DEAL_END:
            apply(state, {"type": Act.NEXT_DEAL})
            continue
        seat = state.to_move()
        action = choosers[seat](observe(state, seat), seat, rng)
        try:
            apply(state, action)
        except IllegalMove as e:
            raise GameError(f"seat {seat} ({seat_bots[seat]}) tried {action}: {e}") from None
        if expected is not None and not dict.__eq__(state.all_cards(), expected):  # C-speed ==
            raise GameError(f"cards not conserved after {action}")
    raise GameError(f"no end after {MAX_ACTIONS} actions")


def simulate(rules: RuleSet | str, games: int, seed: int, bots: list[str],
             players: int | None = None, check_cards: bool = True) -> dict:
    start = time.perf_counter()
    results, errors = [], []
    for g in range(games):
        game_seed = seed * 1_000_003 + g
        try:
            state = play_game(rules, game_seed, bots, players, check_cards)
        except GameError as e:
            errors.append({"seed": game_seed, "error": str(e)})
            continue
        results.append({"seed": game_seed, "scores": [s.total for s in state.sides],
                        "winner": winner(state),
                        "went_out": [d["went_out"] for d in state.deal_results],
                        "actions": len(state.log)})
    return {"games": games, "completed": len(results), "errors": len(errors),
            "error_details": errors, "seconds": round(time.perf_counter() - start, 3),
            "results": results}
