"""Sampling the hidden cards: one full game state consistent with a seat's view.

Every "??" in the view (other hands, every unpicked knee and foot, the
stock) gets a card from the unseen ones. Cards another player is known to
hold (picked up with a pile and not played since) go back into that hand;
red 3s never go into a hand while the rules lay them at once, since the
holder would have laid them. The rest is shuffled at random.
"""

from __future__ import annotations

import random

from .. import cards as C
from ..state import GameState
from .knowledge import Knowledge


def red3_never_held(obs: GameState, seat: int) -> bool:
    """A red 3 in this seat's hand would already be on the table."""
    r = obs.rules
    return r.red3_laid and (not r.red3_after_opening or obs.sides[obs.side_of(seat)].opened)


def sample_world(obs: GameState, seat: int, know: Knowledge, rng: random.Random) -> GameState:
    """A copy of ``obs`` with every hidden card filled in."""
    world = obs.clone()
    pool = know.unseen.copy()
    for held in know.held:
        pool.subtract(held)
    loose = list(pool.elements())
    rng.shuffle(loose)
    # Red 3s last: hands that cannot hold one take from the front.
    loose.sort(key=C.is_red_three)
    for s, p in enumerate(world.players):
        if s == seat:
            continue
        known = list(know.held[s].elements())
        need = len(p.hand) - len(known)
        if red3_never_held(obs, s):
            fill, loose = loose[:need], loose[need:]
        else:
            picks = set(rng.sample(range(len(loose)), need))
            fill = [c for i, c in enumerate(loose) if i in picks]
            loose = [c for i, c in enumerate(loose) if i not in picks]
        p.hand = known + fill
    rng.shuffle(loose)
    for pile in [pile for p in world.players for pile in p.piles] + world.stocks:
        k = len(pile)
        pile[:], loose = loose[:k], loose[k:]
    return world


def hand_sampler(obs: GameState, seat: int, know: Knowledge, who: int):
    """``rng -> hand``: deals ``who``'s hand alone as ``sample_world`` would,
    for questions where no other hidden card matters."""
    pool = know.unseen.copy()
    for held in know.held:
        pool.subtract(held)
    no_red3 = red3_never_held(obs, who)
    loose = [c for c in pool.elements() if not (no_red3 and C.is_red_three(c))]
    known = list(know.held[who].elements())
    need = min(len(obs.players[who].hand) - len(known), len(loose))
    return lambda rng: known + rng.sample(loose, need)
