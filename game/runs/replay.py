"""A finished deal position by position, rebuilt from the game's seed and action log.

The positions come from game.engine.restart and game.apply, the same path
as game.engine.replay, so each one is exactly the table the players had.
``seen`` shows a position from one seat (game.view, which masks every card
that seat could not see) or with every hand open; nothing here changes the
game it was given. ``same_deal`` starts a new game of one deal holding the
cards of a finished deal, the cards turned round by a chosen number of seats.
"""

from __future__ import annotations

from game.deal import deal_deck, new_game
from game.engine import apply, restart
from game.errors import IllegalMove, StateError
from game.generators import run_to_end
from game.names import Act
from game.rules import RuleSet
from game.state import GameState, Redeal
from game.view import sort_key, view
from game.words import narrate
from game.words.reasons import said, with_said


def finished_deals(state) -> list[int]:
    """The deals of ``state`` that have been scored (the ones a replay can show)."""
    return [r["deal"] for r in state.deal_results]


def deal_span(log: list[dict], deal: int) -> tuple[int, int]:
    """(first, end) log indices of ``deal``'s actions: the ``next_deal`` that
    starts a deal belongs to the deal before (it is that deal's last tap)."""
    starts = [i + 1 for i, a in enumerate(log) if a["type"] == Act.NEXT_DEAL]
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


def one_deal_rules(rules: RuleSet, deal: int) -> RuleSet:
    """``rules`` for a game of one deal played as deal ``deal`` (its first-meld
    minimum, hidden canasta and book for that deal). A first-meld minimum
    that follows the score starts from 0, as in any new game."""
    if deal == 1 and rules.deals == 1:
        return rules
    return rules.derive(
        deals=1,
        opening_by_deal=(rules.opening_by_deal[min(deal, len(rules.opening_by_deal)) - 1],),
        hidden_canasta_deals=(1,) if deal in rules.hidden_canasta_deals else (),
        books_by_deal=tuple((1, books) for d, books in rules.books_by_deal if d == deal),
    )


def same_deal(state, deal: int, seat: int):
    """A new game of one deal with the cards of ``state``'s finished deal ``deal``,
    seat 0 holding what ``seat`` held (each seat the cards of the seat as far
    round); names and bots stay in their seats. With one person (at seat 0)
    that is the person playing another's cards; with several (pass-and-play),
    ``seat`` 0: everyone is dealt their own cards again."""
    if deal not in finished_deals(state):
        raise StateError(f"Deal {deal} of this game is not finished, so it cannot be played again.")
    n = state.num_players
    if not 0 <= seat < n:
        raise StateError(f"Seat {seat} is not a seat of this game.")
    source, first, shift = state.dealt_from or (state.seed, 1, 0)
    # a deal dealt again here (or shuffled from a re-deal's seed) is played from its deck
    redealt = (Redeal(1, state.redealt[0].seed, tuple(deal_deck(state, deal))),) \
        if any(r.deal <= deal for r in state.redealt) else ()
    return new_game(
        one_deal_rules(state.rules, deal),
        seed=state.seed,
        players=n,
        names=[p.name for p in state.players],
        bots=[p.bot for p in state.players],
        dealt_from=(source, first + deal - 1, (shift + seat) % n),
        redealt=redealt,
    )



def steps(state, actions: list[dict], seat: int, look=None) -> list[tuple]:
    """``(action, acting seat, before, after)`` for each of ``actions`` applied in
    turn to a copy of ``state``, the views ``seat``'s (game.words.narrate's turns;
    ``look(state, seat)`` in place of game.view, e.g. the page's view);
    each action's seat is the one whose move it was, and a bot's reason for
    it is in the after view's ``said`` (game.words.reasons)."""
    look = look or (lambda s, who: view(s, who, log=False))
    fresh = state.clone()
    out = []
    for action in actions:
        mover = fresh.to_move()
        before = look(fresh, seat)
        words = said(fresh, mover, action)
        apply(fresh, action)
        out.append((action, mover, before, with_said(look(fresh, seat), words)))
    return out


REPLAY_UNIT = 100  # actions replayed between two yields (about 4 ms in CPython)
NO_REPLAY = "The game's log does not replay to this position."


def replayed(state: GameState, start: int):
    """A generator (yielding every ``REPLAY_UNIT`` actions) returning the game
    re-dealt from its seed as it was before log position ``start`` (after
    the whole log if ``start`` is its length); raises ``StateError`` unless
    the whole log replays to ``state`` (a position built by hand does not)."""
    game = restart(state)
    at_start = None
    for i, action in enumerate(state.log):
        if i == start:
            at_start = game.clone()
        try:
            apply(game, action)
        except IllegalMove:
            raise StateError(NO_REPLAY) from None
        if i % REPLAY_UNIT == REPLAY_UNIT - 1:
            yield
    if game.to_json() != state.to_json():
        raise StateError(NO_REPLAY)
    return at_start or game


def since_turn_of(state, seat: int, look=None) -> list[tuple]:
    """The steps (as ``steps``) of the current deal from the start of ``seat``'s
    last turn on (from the deal's start if ``seat`` has not moved in it), rebuilt
    from the action log (each logged action names its seat): what a reloaded
    page shows of the turns since the person's. One replay; only those steps'
    views are made. Raises StateError as ``replayed``."""
    first = deal_span(state.log, state.deal)[0]
    grouped = narrate.turns([(action, action.get("seat")) for action in state.log[first:]])
    starts = [sum(len(t) for _, t in grouped[:i]) for i, (who, _) in enumerate(grouped) if who == seat]
    start = first + (starts[-1] if starts else 0)
    return steps(run_to_end(replayed(state, start)), state.log[start:], seat, look)
