"""The ``random`` bot: a random choice among sensible legal moves.

Sensible means: take the pile only when it can, meld what it can (once a
turn: a random set of the candidate melds that the engine accepts
together), pick up the knee when allowed, ask to go out when its melds
leave it a card or two, and discard a random card, keeping wild cards,
pairs, the ranks its side's book still needs and those of its unfinished
melds when it can (and wild cards out of natural melds until the book's
wild canasta is made). Without that it would almost never go out, deals
would run to the end of the stock, and the going-out rules would go
untested. It exists so whole games can be simulated, so it is also kept
cheap.
"""

from __future__ import annotations

import random

from .. import cards as C
from .. import melds as M
from ..engine import is_legal, opening_minimum
from ..moves import draw_actions, meld_candidates, take_pile_candidates
from ..names import Act, MeldKind, Phase
from ..state import GameState


def choose(obs: GameState, seat: int, rng: random.Random) -> dict:
    if obs.phase == Phase.ANSWER:
        return {"type": Act.ANSWER, "yes": rng.random() < 0.8}
    if obs.phase == Phase.DRAW:
        if rng.random() < 0.7:
            takes = take_pile_candidates(obs, seat, checked=False)
            rng.shuffle(takes)
            for a in takes:
                if is_legal(obs, a, trusted=True):
                    return a
        if obs.rules.stock_piles == 1:
            return {"type": Act.DRAW}  # always allowed: an empty stock ends the deal
        return rng.choice(draw_actions(obs) or [{"type": Act.DRAW}])
    me = obs.players[seat]
    if me.knee_ready and is_legal(obs, {"type": Act.PICK_UP_KNEE}):
        return {"type": Act.PICK_UP_KNEE}
    hand = me.hand
    melded = obs.log and obs.log[-1]["type"] == Act.MELD  # by this player, this turn
    if not melded and rng.random() < 0.9:
        meld = _meld(obs, seat, rng)
        if meld is not None:
            return meld
    if len(hand) <= 2 and not me.piles and obs.permission is None and is_legal(obs, {"type": Act.ASK}):
        return {"type": Act.ASK}
    if obs.took_pile and is_legal(obs, {"type": Act.KNOCK}):
        return {"type": Act.KNOCK}
    return _discard(obs, hand, _keep_ranks(obs, seat), rng)


def _meld(obs: GameState, seat: int, rng: random.Random) -> dict | None:
    """The candidate melds in random order, each kept if it shares no card
    with those kept before and the engine accepts them all together (one
    check per candidate); None if none is accepted."""
    candidates = meld_candidates(obs, seat, checked=False)
    rng.shuffle(candidates)
    side = obs.side_of(seat)
    minimum = 0 if obs.sides[side].opened else opening_minimum(obs, side)
    hoard = _needs_wild_canasta(obs, side)
    kept, used = [], set()
    for a in candidates:
        cards = _cards(a["melds"])
        if not cards.isdisjoint(used) or hoard and _mixes_wilds(obs, side, a["melds"]):
            continue
        trial = {"type": Act.MELD, "melds": kept + a["melds"]}
        # below the opening minimum the engine would refuse it: no need to ask
        if (not minimum or _value(trial) >= minimum) and is_legal(obs, trial, trusted=True):
            kept, used = trial["melds"], used | cards
    return {"type": Act.MELD, "melds": kept} if kept else None


def _needs_wild_canasta(obs: GameState, side: int) -> bool:
    """Whether the side's book still lacks a wild canasta (so wild cards
    are kept for it rather than spent on natural ranks)."""
    r = obs.rules
    wanted = sum(1 for kind, _ in r.books_for_deal(obs.deal) if kind == MeldKind.WILD)
    return wanted > sum(1 for rank, _ in M.canastas(obs.sides[side].melds, r.canasta_size) if rank == C.WILD)


def _mixes_wilds(obs: GameState, side: int, placements: list[dict]) -> bool:
    """Whether a placement puts wild cards into a meld of a natural rank."""
    ranks = {m.id: m.rank for m in obs.sides[side].melds}
    for pl in placements:
        cards = pl["cards"]
        if any(c in C.WILDS for c in cards) and (
                "to" in pl and ranks.get(pl["to"]) != C.WILD or any(c not in C.WILDS for c in cards)):
            return True
    return False


def _cards(placements: list[dict]) -> set[str]:
    return {c for pl in placements for c in pl["cards"]}


def _value(action: dict) -> int:
    return sum(M.card_value(c) for pl in action["melds"] for c in pl["cards"])


def _keep_ranks(obs: GameState, seat: int) -> set[str]:
    """Ranks worth keeping: those the side's book names and no canasta of
    its book has yet, and those of the side's unfinished melds (a single
    card can join them)."""
    size = obs.rules.canasta_size
    keep = {rank for _, rank in obs.rules.books_for_deal(obs.deal) if rank}
    for m in obs.sides[obs.side_of(seat)].melds:
        if len(m.cards) < size:
            keep.add(m.rank)
        elif m.book:
            keep.discard(m.rank)
    return keep


def _discard(obs: GameState, hand: list[str], keep: set[str], rng: random.Random) -> dict:
    """A random card: plain ones of ranks neither in ``keep`` nor paired in
    the hand first, then the other plain ones, then wild ones; a red 3 or
    the last card only if the engine allows it (it refuses melds that leave
    a last card which may not be thrown, so one always may)."""
    cards = sorted(set(hand))
    if len(hand) > 1:
        seen: set[str] = set()
        keep = set(keep)
        for c in hand:
            (keep if c[0] in seen else seen).add(c[0])
        plain = [c for c in cards if c not in C.WILDS and c not in C.RED_THREES]
        for pool in ([c for c in plain if c[0] not in keep], [c for c in plain if c[0] in keep],
                     [c for c in cards if c in C.WILDS]):
            if pool:
                return {"type": Act.DISCARD, "card": rng.choice(pool)}
    legal = [a for a in ({"type": Act.DISCARD, "card": c} for c in cards) if is_legal(obs, a)]
    return rng.choice(legal) if legal else {"type": Act.KNOCK}
