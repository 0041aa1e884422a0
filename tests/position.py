"""Build exact positions for rule tests, the way one would lay out cards by hand.

Cards not placed anywhere go to the bottom of the stock, so every position
still holds exactly the rule set's decks (the engine's invariants hold).
"""

from __future__ import annotations

import random
from collections import Counter

import game
from game import cards as C
from game.bots import get_bot
from game.deal import new_game
from game.state import GameState, Meld


def cards(text: str) -> list[str]:
    return text.split()


def position(rules="triple-play", players=None, hands=None, piles=None, melds=None,
             discard="", stock_top="", turn=0, phase="draw", deal=1, opened=(),
             red3=None, totals=None, knee_ready=(), dealer=None) -> GameState:
    """A position with the given cards; others go to the stock in a fixed order.

    hands: {seat: "9H 9C ..."}; piles: {seat: ["knee cards", "foot cards"]}
    (default: piles of the rules' sizes from the pool, or none for seats in
    ``hands`` given as already in the foot via piles={seat: []});
    melds: {side: [(rank, "cards"), ...]}; discard: bottom to top;
    stock_top: the next cards drawn, in order.
    """
    state = new_game(rules, seed=0, players=players)
    r = state.rules
    pool = state.expected_cards()
    hands = hands or {}
    piles = piles or {}
    melds = melds or {}

    def take(text: str) -> list[str]:
        out = cards(text)
        need = Counter(out)
        short = need - pool
        assert not short, f"not enough cards for {sorted(short.elements())}"
        pool.subtract(need)
        return out

    for p in state.players:
        p.hand, p.piles, p.knee_ready, p.pending_pickup, p.foot_played = [], [], False, False, False
    for s in state.sides:
        s.melds, s.red3, s.opened, s.knee_unlocked = [], [], False, False
    next_id = 1
    for side, items in melds.items():
        for rank, text in items:
            m = Meld(next_id, rank, take(text))
            if len(m.cards) >= r.canasta_size:
                m.completed_turn = 0
            state.sides[side].melds.append(m)
            next_id += 1
        state.sides[side].opened = True
        state.sides[side].knee_unlocked = any(len(m.cards) >= r.canasta_size
                                              for m in state.sides[side].melds)
    state.next_meld_id = next_id
    for side in opened:
        state.sides[side].opened = True
    for side, text in (red3 or {}).items():
        state.sides[side].red3 = take(text)
    for side, total in (totals or {}).items():
        state.sides[side].total = total
    for seat, text in hands.items():
        state.players[seat].hand = take(text)
    state.discard = take(discard)
    top = take(stock_top)
    for seat, given in piles.items():
        state.players[seat].piles = [take(t) for t in given]
    # Red 3s sort first: fillers are taken from the end, so no default hand,
    # pile or stock top holds a red 3 unless a test puts it there.
    rest = sorted(pool.elements(), key=lambda c: (c not in C.RED_THREES, c))
    for i, p in enumerate(state.players):
        if i not in hands:
            p.hand = [rest.pop() for _ in range(r.piles[0])]
        if i not in piles:
            p.piles = [[rest.pop() for _ in range(size)] for size in r.piles[1:]]
    for seat in knee_ready:
        state.players[seat].knee_ready = True
    state.stocks = [list(rest) + list(reversed(top))] + [[] for _ in range(r.stock_piles - 1)]
    state.deal = deal
    if dealer is not None:
        state.dealer = dealer
    state.turn = turn
    state.phase = phase
    # the first turn number from 5 on that falls to ``turn`` (the loader checks it)
    first = state.dealer if r.dealer_starts else (state.dealer + 1) % len(state.players)
    state.turn_number = 5 + (turn - first - 4) % len(state.players)
    state.log = []
    assert state.all_cards() == state.expected_cards()
    return state


def play_until(state, deals, seed=1):
    """Random bots play ``state`` on until ``deals`` deals are scored (and no further)."""
    rng = random.Random(seed)
    while len(state.deal_results) < deals:
        if state.phase == "deal_end":
            game.apply(state, {"type": "next_deal"})
            continue
        seat = state.to_move()
        game.apply(state, get_bot("random")(game.observe(state, seat), seat, rng))
    return state
