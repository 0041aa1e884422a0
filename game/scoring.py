"""The score of a deal, per side, with every part shown.

Order follows the usual tally (seed 000, reply to Marilyn E. Carter): melded
cards, minus cards left in hands, knees and feet, plus canasta bonuses, red
3s and going out (less the penalty for each yes not used, where a yes
obliges). The parts add up to ``total``.
"""

from __future__ import annotations

from . import melds as M
from .names import MeldKind
from .state import GameState


def _public_parts(state: GameState, s_index: int) -> dict:
    """What a side has on the table: melded cards, canastas and red 3s.
    Every part is public, so it reads the same from any seat's view."""
    r = state.rules
    side = state.sides[s_index]
    melded = sum(M.melded_value(r, c) for m in side.melds for c in m.cards)
    canastas = {k: [0, 0] for k in MeldKind.ALL}
    ranks_paid = set()  # ranks whose bonus the side has had, when it is paid once
    for rank, kind in M.canastas(side.melds, r.canasta_size):
        canastas[kind][0] += 1
        again = kind == MeldKind.NATURAL and rank in ranks_paid
        canastas[kind][1] += r.bonus_natural if again else M.canasta_bonus(r, rank, kind)
        if kind == MeldKind.NATURAL and not r.rank_bonus_repeats and r.natural_bonus(rank) != r.bonus_natural:
            ranks_paid.add(rank)
    n3 = len(side.red3)
    red3 = n3 * r.red3_value + (r.red3_set_bonus if r.red3_set_size and n3 >= r.red3_set_size else 0)
    return {"melded": melded,
            "canastas": {k: {"count": v[0], "points": v[1]} for k, v in canastas.items()},
            "red3": {"count": n3, "points": red3}}


def table_points(state: GameState, s_index: int) -> int:
    """This deal's points so far for a side from what lies on the table (melds,
    canasta bonuses, red 3s), without the cards still held: the live score a
    player may see during the deal (``state`` may be a seat's observation)."""
    parts = _public_parts(state, s_index)
    return parts["melded"] + sum(v["points"] for v in parts["canastas"].values()) + parts["red3"]["points"]


def deal_breakdown(state: GameState) -> list[dict]:
    r = state.rules
    out = []
    for s_index in range(len(state.sides)):
        seats = state.seats_of(s_index)
        parts = _public_parts(state, s_index)
        left = 0
        for i in seats:
            p = state.players[i]
            left += sum(M.left_value(r, c) for c in p.hand)
            left += sum(M.left_value(r, c) for pile in p.piles for c in pile)
        going_out = r.going_out_bonus if state.went_out is not None and state.went_out in seats else 0
        going_out -= state.sides[s_index].unused_yes * r.unused_yes_penalty
        bonus = sum(v["points"] for v in parts["canastas"].values())
        total = parts["melded"] + left + bonus + parts["red3"]["points"] + going_out
        out.append({
            "side": s_index, "players": [state.players[i].name for i in seats],
            "melded": parts["melded"], "left": left, "canastas": parts["canastas"],
            "red3": parts["red3"], "going_out": going_out, "total": total,
        })
    return out
