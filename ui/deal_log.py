"""The table log of the current deal, rebuilt from the engine's own action log.

The game is re-created from its seed (game.engine.restart) and replayed; the
actions of the current deal are summarised from seat 0's views before and
after each, exactly as the controller wrote them live, so the Log panel
shows the whole deal and not only what the save kept. The replay costs
time in proportion to the whole game (about 0.1 s for four deals in
CPython, more in the page), so a reopened game first shows the lines its
save kept; ``complete`` says whether those are already the whole deal.
"""

import game
from game import narrate
from game.engine import restart
from ui.text import HUMAN


def first_line(state):
    """The line a game's log starts with (the controller writes it on Play)."""
    return f"New game: {state.rules.title}. Deal 1 begins."


def _deal_start(state):
    """Index in ``state.log`` of the current deal's next_deal, or None in deal 1."""
    begin = state.deal_start()
    return begin - 1 if begin else None


def complete(state, lines):
    """Whether ``lines`` are the whole current deal as the controller writes it:
    its first line, then one line per action (a save keeps only the last lines
    of a long deal; a game opened from a link starts with a line of its own)."""
    start = _deal_start(state)
    if start is None:
        first, count = first_line(state), len(state.log) + 1
    else:
        first, count = narrate.deal_begins(state.deal), len(state.log) - start
    return len(lines) == count and lines[0] == first


def deal_lines(state):
    """One line per action of ``state``'s current deal, newest last.

    Raises game.StateError (or game.IllegalMove) if the log does not replay
    to this very position (a game opened from a link may carry no history).
    """
    fresh = restart(state)
    start = _deal_start(state)
    for action in state.log[:start or 0]:
        game.apply(fresh, action)
    lines = [first_line(state)] if start is None else []
    for action in state.log[start or 0:]:
        before = game.view(fresh, HUMAN, log=False)
        game.apply(fresh, action)
        seat = action.get("seat", HUMAN)
        lines.append(narrate.summarize(action, seat, before, game.view(fresh, HUMAN, log=False)))
    if fresh.to_json() != state.to_json():
        raise game.StateError("The action log does not replay to this position.")
    return lines
