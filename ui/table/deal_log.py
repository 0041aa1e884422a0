"""The table log of the current deal, rebuilt from the engine's own action log.

The game is replayed once from its seed (game.runs.replay.replayed, which also
checks that the log leads to this very position) and the current deal's
actions are summarised from one seat's views before and after each
(game.runs.replay.steps), exactly as the table wrote them live for the seat
it showed, so the Log panel shows the whole deal and not only what the save
kept. The replay costs time in proportion to the whole game (about 0.1 s
for four deals in CPython, more in the page), so a reopened game first
shows the lines its save kept; ``complete`` says whether those are already
the whole deal.
"""

from game.generators import run_to_end
from game.runs.replay import replayed, steps
from game.words import narrate


def first_line(state):
    """The line a game's log starts with (the new-game screen writes it on Play)."""
    return f"New game: {state.rules.title}. Deal 1 begins."


def _deal_start(state):
    """Index in ``state.log`` of the current deal's next_deal, or None in deal 1."""
    begin = state.deal_start()
    return begin - 1 if begin else None


def complete(state, lines):
    """Whether ``lines`` are the whole current deal as the table writes it:
    its first line, then one line per action (a save keeps only the last lines
    of a long deal; a game opened from a link starts with a line of its own)."""
    start = _deal_start(state)
    if start is None:
        first, count = first_line(state), len(state.log) + 1
    else:
        first, count = narrate.deal_begins(state.deal), len(state.log) - start
    return len(lines) == count and lines[0] == first


def deal_lines(state, seat):
    """One line per action of ``state``'s current deal from ``seat``'s views, newest last.

    Raises game.StateError if the log does not replay to this very position
    (a game opened from a link may carry no history).
    """
    start = _deal_start(state)
    at_start = run_to_end(replayed(state, start or 0))
    lines = [first_line(state)] if start is None else []
    # a next_deal names no seat: its line is the deal's first, whoever tapped
    return lines + [narrate.summarize(action, action.get("seat", seat), before, after)
                    for action, _, before, after in steps(at_start, state.log[start or 0:], seat)]


def lines_or(state, saved, seat, warn):
    """The deal's lines rebuilt as ``seat`` saw them; the ``saved`` lines if the
    log cannot replay (``warn`` is told why)."""
    try:
        return deal_lines(state, seat)
    except Exception as e:  # a link's partial log, or any surprise: never block the open
        warn(f"log not rebuilt: {type(e).__name__}: {e}")
        return list(saved)
