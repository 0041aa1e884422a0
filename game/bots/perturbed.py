"""A perturbed ``normal``, for the bench: is ``hard`` strong, or does it only
exploit its model of ``normal``?

``hard``'s look-aheads play every other seat as ``normal`` exactly. Against
an opponent that plays like normal but not exactly like it, a bot that
only exploits that model would lose its edge. This bot is ``normal`` with
its hand-set numbers (``normal`` has no fitted ones: its keep scores, its
guess at what the pile is worth, when it answers yes, when it takes the
pile, when it holds melds back for the partner) moved at random:

- every real number (``PAIR_KEEP``, ``MELD_KEEP``, ``BIG_KEEP``; the pile's
  worth, 40 + 15 a card, and a quarter of a big canasta's bonus; the
  going-out bonus its answer weighs the cards left against, and half the
  bonus of a canasta within reach) is multiplied by ``exp(N(0, SIGMA))``,
  so by 0.74 to 1.35 two times in three;
- every count (an opponent "close" to going out with 4 cards or fewer, 8
  for holding melds back; not taking a pile of 4 or more when 3 cards or
  fewer are left in the foot) moves by -1, 0 or +1.

The draw is seeded by the bot's name and the game's seed (``normal~7``:
perturbation 7), so each game meets another perturbed normal, the two
games of a duplicate pair the same one, and a tournament is the same on
any run. Both seats of the side play the same numbers.
"""

from __future__ import annotations

import math
import random

from .. import cards as C
from .. import melds as M
from ..engine import book_status
from ..moves import open_melds
from ..names import Act, MeldKind
from . import going_out
from .knowledge import read_table
from .melding import BIG_RANKS, first_legal
from .normal import (
    BIG_KEEP,
    MELD_KEEP,
    PAIR_KEEP,
    Normal,
    build_plan,
    by_keep_score,
    keep_scores,
    meld_out,
    pick_take,
    take_chances,
)

SIGMA = 0.3
REALS = {"pair_keep": PAIR_KEEP, "meld_keep": MELD_KEEP, "big_keep": BIG_KEEP,
         "pile_base": 40.0, "pile_per_card": 15.0, "canasta_share": 0.25,
         "answer_bonus": 1.0, "answer_reach": 0.5}
COUNTS = {"close_cards": 4, "hold_close_cards": 8, "near_out_hand": 3, "big_pile": 4}


def numbers(perturbation: int, game_seed: int) -> dict[str, float]:
    """The numbers of perturbation ``perturbation`` in the game ``game_seed``."""
    rng = random.Random(f"perturbed-normal:{perturbation}:{game_seed}")
    out = {k: v * math.exp(rng.gauss(0.0, SIGMA)) for k, v in REALS.items()}
    out.update({k: max(0, v + rng.choice((-1, 0, 1))) for k, v in COUNTS.items()})
    return out


class PerturbedNormal(Normal):
    def __init__(self, perturbation: int):
        self.perturbation = perturbation
        self._seed = None
        self.n: dict[str, float] = {}

    def choose(self, obs, seat):
        if obs.seed != self._seed:
            self._seed, self.n = obs.seed, numbers(self.perturbation, obs.seed)
        return super().choose(obs, seat)

    def answer(self, obs, seat):
        n = self.n
        if going_out.opponents_close(obs, seat, cards=n["close_cards"]):
            return {"type": Act.ANSWER, "yes": True}
        loss = going_out.cards_left_cost(obs, seat) + \
            going_out.canasta_within_reach(obs, seat) * n["answer_reach"]
        return {"type": Act.ANSWER, "yes": loss <= obs.rules.going_out_bonus * n["answer_bonus"]}

    def take(self, obs, seat, takes):
        if not takes:
            return None
        rest = obs.discard[:-1]
        me = obs.players[seat]
        near_out = me.on_last_pile() and len(me.hand) <= self.n["near_out_hand"] and \
            not book_status(obs, obs.side_of(seat))
        if near_out and len(rest) >= self.n["big_pile"] and C.rank(obs.discard[-1]) not in BIG_RANKS:
            return None
        return pick_take(obs, seat, takes)

    def meld(self, obs, seat):
        out = meld_out(obs, seat)
        if out is not None:
            return out
        me = obs.players[seat]
        side = obs.sides[obs.side_of(seat)]
        hold = me.on_last_pile() and side.knee_unlocked and \
            any(obs.players[q].piles for q in obs.partners(seat)) and \
            not going_out.opponents_close(obs, seat, cards=self.n["hold_close_cards"])
        return first_legal(obs, build_plan(obs, seat, hold=hold).placements())

    def discard_order(self, obs, seat):
        n = self.n
        know = read_table(obs, seat)
        nxt = (seat + 1) % obs.num_players
        risk = {}
        for rank, chance in take_chances(obs, seat, know).items():
            gain = n["pile_base"] + n["pile_per_card"] * len(obs.discard)
            if rank in BIG_RANKS and rank in open_melds(obs, nxt):
                gain += M.canasta_bonus(obs.rules, rank, MeldKind.NATURAL) * n["canasta_share"]
            risk[rank] = chance * gain
        return by_keep_score(keep_scores(obs, seat, risk, n["big_keep"], n["pair_keep"], n["meld_keep"]))
