"""The ``random`` bot: a random choice among sensible legal moves.

Sensible means: take the pile only when it can, meld what it can (once a
turn: a random set of the candidate melds that the engine accepts
together), pick up the knee when allowed, ask to go out when close, and
discard a random card (keeping wild cards when it can). It exists so whole
games can be simulated, so it is also kept cheap.
"""

from __future__ import annotations

import random

from .. import cards as C
from .. import melds as M
from ..engine import is_legal, opening_minimum
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
    if len(hand) <= 4 and not me.piles and obs.permission is None and is_legal(obs, {"type": "ask_to_go_out"}):
        return {"type": "ask_to_go_out"}
    melded = obs.log and obs.log[-1]["type"] == "meld"  # by this player, this turn
    if not melded and rng.random() < 0.9:
        meld = _meld(obs, seat, rng)
        if meld is not None:
            return meld
    if obs.took_pile and is_legal(obs, {"type": "knock"}):
        return {"type": "knock"}
    return _discard(obs, hand, rng)


def _meld(obs: GameState, seat: int, rng: random.Random) -> dict | None:
    """The candidate melds in random order, each kept if it shares no card
    with those kept before and the engine accepts them all together (one
    check per candidate); None if none is accepted."""
    candidates = meld_candidates(obs, seat, checked=False)
    rng.shuffle(candidates)
    side = obs.side_of(seat)
    minimum = 0 if obs.sides[side].opened else opening_minimum(obs, side)
    kept, used = [], set()
    for a in candidates:
        cards = _cards(a["melds"])
        if not cards.isdisjoint(used):
            continue
        trial = {"type": "meld", "melds": kept + a["melds"]}
        # below the opening minimum the engine would refuse it: no need to ask
        if (not minimum or _value(trial) >= minimum) and is_legal(obs, trial, trusted=True):
            kept, used = trial["melds"], used | cards
    return {"type": "meld", "melds": kept} if kept else None


def _cards(placements: list[dict]) -> set[str]:
    return {c for pl in placements for c in pl["cards"]}


def _value(action: dict) -> int:
    return sum(M.card_value(c) for pl in action["melds"] for c in pl["cards"])


def _discard(obs: GameState, hand: list[str], rng: random.Random) -> dict:
    """A random card, plain ones before wild ones; a red 3 or the last card
    only if the engine allows it, else a knock."""
    cards = sorted(set(hand))
    if len(hand) > 1:
        for pool in ([c for c in cards if c not in C.WILDS and c not in C.RED_THREES],
                     [c for c in cards if c in C.WILDS]):
            if pool:
                return {"type": "discard", "card": rng.choice(pool)}
    legal = [a for a in ({"type": "discard", "card": c} for c in cards) if is_legal(obs, a)]
    return rng.choice(legal) if legal else {"type": "knock"}
