"""The ``random`` bot: a random choice among sensible legal moves.

Sensible means: take the pile only when it can, meld what it can, pick up
the knee when allowed, ask to go out when close, and discard a random card
(keeping wild cards when it can). It exists so whole games can be simulated.
"""

from __future__ import annotations

import random

from .. import cards as C
from ..engine import is_legal
from ..moves import draw_actions, meld_candidates, take_pile_candidates
from ..state import GameState


def choose(obs: GameState, seat: int, rng: random.Random) -> dict:
    if obs.phase == "answer":
        return {"type": "answer", "yes": rng.random() < 0.8}
    if obs.phase == "draw":
        takes = take_pile_candidates(obs, seat)
        if takes and rng.random() < 0.7:
            return rng.choice(takes)
        return rng.choice(draw_actions(obs) or [{"type": "draw"}])
    me = obs.players[seat]
    if me.knee_ready and is_legal(obs, {"type": "pick_up_knee"}):
        return {"type": "pick_up_knee"}
    hand = me.hand
    if len(hand) <= 4 and obs.permission is None and is_legal(obs, {"type": "ask_to_go_out"}):
        return {"type": "ask_to_go_out"}
    if rng.random() < 0.9:
        melds = meld_candidates(obs, seat, checked=False)
        rng.shuffle(melds)
        for a in melds:
            if is_legal(obs, a):
                return a
    if obs.took_pile and is_legal(obs, {"type": "knock"}):
        return {"type": "knock"}
    cards = sorted(set(hand))
    rng.shuffle(cards)
    cards.sort(key=C.is_wild)
    for c in cards:
        a = {"type": "discard", "card": c}
        if (len(hand) > 1 and not C.is_red_three(c)) or is_legal(obs, a):
            return a
    return {"type": "knock"}
