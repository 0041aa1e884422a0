"""A copied game dealt again: everything one seat has not seen, shuffled anew.

A game opened from a share link or an imported file would otherwise deal
exactly what the original deals next: sharing a game with yourself would
preview your draws. ``redeal`` gives the copy a deal of its own that one
seat (the page's person) cannot tell from the original: the deal is
replayed from its deck with every card marked with its place in that deck;
the places the seat saw (its own hand, every card shown on the table or
the discard pile, the upcards turned) keep their cards, and the others
(other hands, every unpicked knee and foot, the stock) get the same cards
shuffled again (game.hidden, as the bots sample what they cannot see). The
new deck is recorded in the state (GameState.redealt) with a fresh seed for
the deals after it, so replaying the action log from the seed rebuilds the
re-dealt game, and "play this deal again" deals the deal played here.
"""

from __future__ import annotations

import random

from game.deal import deal_deck, start_deal
from game.engine import apply
from game.errors import IllegalMove, StateError
from game.hidden import deal_hands
from game.state import MAX_NUMBER, GameState, Redeal
from game.view import view

NOT_REPLAYABLE = "This game's moves do not replay from its deal, so it cannot be dealt again."


class _Placed(str):
    """A card that remembers its place in the deck it was dealt from (``at``)."""

    at: int


def redeal(state: GameState, seat: int, rng: random.Random) -> GameState:
    """A copy of ``state`` with every card ``seat`` has not seen dealt again
    (its view unchanged), or StateError if its log does not replay."""
    deck = deal_deck(state)
    placed = [_placed(card, i) for i, card in enumerate(deck)]
    played, seen = _replay_marking(state, seat, placed)
    if played.to_json() != state.to_json():
        raise StateError(NOT_REPLAYABLE)
    hidden = _hidden_places(played, seat, seen)
    for card, place in zip(_shuffled(played, seat, hidden, rng), (c.at for c in _flat(hidden))):
        deck[place] = card
    record = Redeal(state.deal, rng.randrange(MAX_NUMBER), tuple(deck))
    copy = _as_dealt(state, tuple(r for r in state.redealt if r.deal < state.deal) + (record,))
    start_deal(copy)
    for action in state.deal_log():
        apply(copy, action)
    if view(copy, seat, events=False) != view(state, seat, events=False):  # a loaded state has no events
        raise StateError(NOT_REPLAYABLE)
    return copy


def _placed(card: str, at: int) -> _Placed:
    out = _Placed(card)
    out.at = at
    return out


def _as_dealt(state: GameState, redealt=None) -> GameState:
    """``state`` as its current deal stood before it was dealt (its earlier
    deals' scores and log kept), with ``redealt`` if given."""
    out = state.clone()
    out.redealt = state.redealt if redealt is None else redealt
    out.deal_results = state.deal_results[:state.deal - 1]
    totals = out.deal_results[-1]["totals"] if out.deal_results else [0] * len(out.sides)
    for side, total in zip(out.sides, totals):
        side.total = total
    out.log = state.log[:state.deal_start()]
    return out


def _replay_marking(state: GameState, seat: int, placed: list[_Placed]) -> tuple[GameState, set[int]]:
    """The current deal replayed from ``placed``, and the deck places ``seat`` saw on the way."""
    played = _as_dealt(state)
    top = len(placed)  # upcards are turned from the stock's top: places above the one kept were seen
    start_deal(played, placed[:])
    seen = set()
    if played.discard:
        top = played.discard[-1].at
    seen.update(c.at for c in played.stocks[0] if c.at > top)
    _mark_seen(played, seat, seen)
    try:
        for action in state.deal_log():
            apply(played, action)
            _mark_seen(played, seat, seen)
    except IllegalMove:
        raise StateError(NOT_REPLAYABLE) from None
    if played.deal_over:  # the hands were shown and scored
        seen.update(c.at for p in played.players for c in p.hand + [c for pile in p.piles for c in pile]
                    if isinstance(c, _Placed))
    return played, seen


def _mark_seen(position: GameState, seat: int, seen: set[int]) -> None:
    """Add the deck places of every card ``seat`` sees now: its hand and the table."""
    zones = [position.players[seat].hand, position.discard, position.dead]
    for side in position.sides:
        zones.append(side.red3)
        zones.extend(m.cards for m in side.melds)
    seen.update(c.at for zone in zones for c in zone if isinstance(c, _Placed))


def _hidden_places(played: GameState, seat: int, seen: set[int]) -> dict:
    """The cards ``seat`` has never seen, by where they are: each other seat's
    hand (by seat), then "piles" (every unpicked knee and foot, the stock)."""
    def unseen(cards):  # by deck place: the order tells nothing of which card is where
        return sorted((c for c in cards if isinstance(c, _Placed) and c.at not in seen), key=lambda c: c.at)
    hidden = {s: unseen(p.hand) for s, p in enumerate(played.players) if s != seat}
    piles = [pile for p in played.players for pile in p.piles] + played.stocks
    hidden["piles"] = unseen(c for pile in piles for c in pile)
    return hidden


def _flat(hidden: dict) -> list[_Placed]:
    return [c for cards in hidden.values() for c in cards]


def _shuffled(played: GameState, seat: int, hidden: dict, rng: random.Random) -> list[str]:
    """The hidden cards dealt again, in the order of ``_flat(hidden)``: each
    hand keeps its count (and no red 3 it would have laid), the rest shuffled.
    The pool is sorted first, so the new deal depends on which cards are
    hidden and where hidden cards lie, never on which of them lay where."""
    pool = sorted(str(c) for c in _flat(hidden))
    needs = {s: len(cards) for s, cards in hidden.items() if s != "piles"}
    fills, rest = deal_hands(played, seat, pool, needs, {}, None, rng)
    return [c for s in needs for c in fills[s]] + rest
