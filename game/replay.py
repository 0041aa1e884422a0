"""A finished deal position by position, rebuilt from the game's seed and action log.

The positions come from game.engine.restart and game.apply, the same path
as game.engine.replay, so each one is exactly the table the players had.
``seen`` shows a position from one seat (game.view, which masks every card
that seat could not see) or with every hand open; nothing here changes the
game it was given.
"""

from __future__ import annotations

from .engine import apply, restart
from .errors import StateError
from .view import sort_key, view


def finished_deals(state) -> list[int]:
    """The deals of ``state`` that have been scored (the ones a replay can show)."""
    return [r["deal"] for r in state.deal_results]


def deal_span(log: list[dict], deal: int) -> tuple[int, int]:
    """(first, end) log indices of ``deal``'s actions: the ``next_deal`` that
    starts a deal belongs to the deal before (it is that deal's last tap)."""
    starts = [i + 1 for i, a in enumerate(log) if a["type"] == "next_deal"]
    first = 0 if deal == 1 else starts[deal - 2]
    end = starts[deal - 1] - 1 if len(starts) >= deal else len(log)
    return first, end


class DealReplay:
    """Every position of one finished deal: ``positions[0]`` as dealt, then one
    after each action (``actions[i]`` led to ``positions[i]``; ``actions[0]`` is None)."""

    def __init__(self, state, deal: int):
        if deal not in finished_deals(state):
            raise StateError(f"Deal {deal} of this game is not finished, so it cannot be replayed.")
        self.deal = deal
        first, end = deal_span(state.log, deal)
        fresh = restart(state)
        for action in state.log[:first]:
            apply(fresh, action)
        self.positions = [fresh.clone()]
        self.actions: list[dict | None] = [None]
        for action in state.log[first:end]:
            apply(fresh, action)
            self.positions.append(fresh.clone())
            self.actions.append(action)
        if fresh.deal_results[:deal] != state.deal_results[:deal]:
            raise StateError("The action log does not replay to this game's scores.")

    def __len__(self) -> int:
        return len(self.positions)

    def step(self, index: int) -> int:
        """``index`` clamped to the deal's steps (0 = as dealt, len-1 = the deal's end)."""
        return max(0, min(index, len(self.positions) - 1))


def seen(position, seat: int, open_hands: bool) -> dict:
    """The position as ``seat`` saw it (game.view), plus ``hands``: each seat's
    sorted hand where it may be shown (every hand if ``open_hands``, else only
    ``seat``'s own) and None where it is hidden."""
    out = view(position, seat, log=False)
    out["hands"] = [sorted(p.hand, key=sort_key) if open_hands or i == seat else None
                    for i, p in enumerate(position.players)]
    return out
