"""The ``easy`` bot: legal, sensible moves with no planning ahead.

It always takes the pile when it can, melds every whole group and every
card that joins a meld, spends wild cards wherever they fit, asks to go out
as soon as it may, and throws its cheapest loose card.
"""

from __future__ import annotations

from .. import cards as C
from .. import melds as M
from ..engine import go_out_problem
from ..state import GameState
from .melding import MeldPlan, first_legal
from .policy import Policy


def _plan(obs: GameState, seat: int) -> MeldPlan:
    plan = MeldPlan(obs, seat)
    if not plan.side.opened:
        if not plan.opening():
            return MeldPlan(obs, seat)
        return plan
    plan.naturals_to_melds()
    plan.new_natural_melds()
    plan.wilds_anywhere()
    return plan


class Easy(Policy):
    def take(self, obs, seat, takes):
        return takes[0] if takes else None

    def meld(self, obs, seat):
        return first_legal(obs, _plan(obs, seat).placements())

    def wants_out(self, obs, seat):
        return obs.players[seat].on_last_pile() and go_out_problem(obs, seat, asking=True) is None \
            and _plan(obs, seat).left() <= 1

    def discard_order(self, obs, seat):
        held = not obs.rules.red3_laid  # then red 3s only cost points: out first
        hand = [c for c in obs.players[seat].hand if held or not C.is_red_three(c)]
        n = {c[0]: 0 for c in hand}
        for c in hand:
            n[c[0]] += 1
        return sorted(hand, key=lambda c: (not C.is_red_three(c), C.is_wild(c), n[c[0]] > 1, M.card_value(c), c))


choose = Easy()
