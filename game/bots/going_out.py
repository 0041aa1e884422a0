"""Going out: when to ask the partner, and how to answer "may I go out?".

Going out ends the deal: the asker's side gains the going-out bonus and
stops paying for nothing more, but every card still in the answerer's hand,
knee and foot counts against the side (seed 001's example: 80 points left
against a 200 bonus means yes). Racing opponents who could go out first
turns a close call into a yes; a big canasta the answerer could finish on
the next turn (thousands for 7s, 5s or wilds) turns it into a no.
"""

from __future__ import annotations

from .. import cards as C
from .. import melds as M
from ..engine import book_status
from ..moves import groups, open_melds
from ..names import Act, MeldKind
from ..state import GameState
from .knowledge import unseen_cards


def cards_left_cost(obs: GameState, seat: int) -> float:
    """Points the side loses for this seat's hand and unpicked piles if the deal ends now."""
    r = obs.rules
    me = obs.players[seat]
    cost = -sum(M.left_value(r, c) for c in me.hand)
    hidden = sum(len(p) for p in me.piles)
    if hidden:
        unseen = unseen_cards(obs, seat)
        total = sum(unseen.values())
        mean = -sum(M.left_value(r, c) * k for c, k in unseen.items()) / total if total else 10.0
        cost += hidden * mean
    return cost


def opponents_close(obs: GameState, seat: int, cards: int = 4) -> bool:
    """An opponent is in the foot with few cards and a complete basic book."""
    mine = obs.side_of(seat)
    for s, p in enumerate(obs.players):
        side = obs.side_of(s)
        if side != mine and p.on_last_pile() and len(p.hand) <= cards and not book_status(obs, side):
            return True
    return False


def canasta_within_reach(obs: GameState, seat: int) -> int:
    """The bonus of the best big canasta (7s, 5s, wild) this seat could finish
    from its own hand on its next turn."""
    by_rank, wilds = groups(obs.players[seat].hand)
    best = 0
    for rank, m in open_melds(obs, seat).items():
        if rank not in ("7", "5", C.WILD):
            continue
        have = len(wilds) if rank == C.WILD else len(by_rank.get(rank, []))
        if have >= obs.rules.canasta_size - len(m.cards):
            kind = MeldKind.WILD if rank == C.WILD else MeldKind.NATURAL
            best = max(best, M.canasta_bonus(obs.rules, rank, kind))
    return best


def answer(obs: GameState, seat: int) -> dict:
    """Yes when the bonus outweighs this seat's cards left, or the opponents are close."""
    if opponents_close(obs, seat):
        return {"type": Act.ANSWER, "yes": True}
    loss = cards_left_cost(obs, seat) + canasta_within_reach(obs, seat) / 2
    return {"type": Act.ANSWER, "yes": loss <= obs.rules.going_out_bonus}
