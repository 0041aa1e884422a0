"""The table log of the current deal, rebuilt from the engine's own action log.

The game is re-created from its seed (game.engine.restart) and replayed; the
actions of the current deal are summarised from seat 0's views before and
after each, exactly as the controller wrote them live, so a reload shows the
whole deal and not only what the save kept.
"""

import game
from game.engine import restart
from ui import text as T
from ui.text import HUMAN


def first_line(state):
    """The line a game's log starts with (the controller writes it on Play)."""
    return f"New game: {state.rules.title}. Deal 1 begins."


def deal_lines(state):
    """One line per action of ``state``'s current deal, newest last.

    Raises game.StateError (or game.IllegalMove) if the log does not replay
    to this very position (a game opened from a link may carry no history).
    """
    fresh = restart(state)
    begin = state.deal_start()
    start = max(begin - 1, 0)  # from the next_deal that began this deal: it has a line of its own
    for action in state.log[:start]:
        game.apply(fresh, action)
    lines = [first_line(state)] if begin == 0 else []
    for action in state.log[start:]:
        before = game.view(fresh, HUMAN, log=False)
        game.apply(fresh, action)
        seat = action.get("seat", HUMAN)
        lines.append(T.summarize(action, seat, before, game.view(fresh, HUMAN, log=False)))
    if fresh.to_json() != state.to_json():
        raise game.StateError("The action log does not replay to this position.")
    return lines
