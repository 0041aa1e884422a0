"""The shape of a turn, shared by the hand-written bots.

A bot is asked for one action at a time, so the turn is rebuilt from the
view at every call: answer if asked; draw or take the pile; pick up the knee
as soon as allowed; meld while the policy has something to meld; ask to go
out when the policy can; end with a discard (or a knock after taking the
pile where the rules have no discard then: the engine refuses any meld that
would leave a card which may not be thrown). Subclasses fill in the
choices; the skeleton keeps every bot legal and deterministic.
"""

from __future__ import annotations

import random

from ..engine import is_legal
from ..moves import draw_actions, take_pile_candidates
from ..names import Act, Phase
from ..state import GameState
from . import going_out

KNOCK = {"type": Act.KNOCK}
KNEE = {"type": Act.PICK_UP_KNEE}
ASK = {"type": Act.ASK}


def draw_action(obs: GameState) -> dict:
    """The first legal draw from the stock (any pile with enough cards)."""
    draws = draw_actions(obs)
    return draws[0] if draws else {"type": Act.DRAW}


class Policy:
    """A deterministic bot: ``choose`` walks the turn, the hooks decide."""

    def __call__(self, obs: GameState, seat: int, rng: random.Random | None = None) -> dict:
        return self.choose(obs, seat)

    def choose(self, obs: GameState, seat: int) -> dict:
        if obs.phase == Phase.ANSWER:
            return self.answer(obs, seat)
        if obs.phase == Phase.DRAW:
            take = self.take(obs, seat, take_pile_candidates(obs, seat))
            return take or draw_action(obs)
        if obs.players[seat].knee_ready and is_legal(obs, KNEE):
            return KNEE
        meld = self.meld(obs, seat)
        if meld is not None:
            return meld
        if obs.permission is None and self.wants_out(obs, seat) and is_legal(obs, ASK):
            return ASK
        return self.end_turn(obs, seat)

    def end_turn(self, obs: GameState, seat: int) -> dict:
        hand = obs.players[seat].hand
        if obs.took_pile and not obs.rules.discard_after_pile or not hand:
            return KNOCK
        for card in self.discard_order(obs, seat) + sorted(set(hand)):  # then any card at all
            a = {"type": Act.DISCARD, "card": card}
            if is_legal(obs, a):
                return a
        return KNOCK

    # -- hooks ----------------------------------------------------------------
    def answer(self, obs: GameState, seat: int) -> dict:
        return going_out.answer(obs, seat)

    def take(self, obs: GameState, seat: int, takes: list[dict]) -> dict | None:
        raise NotImplementedError

    def meld(self, obs: GameState, seat: int) -> dict | None:
        raise NotImplementedError

    def wants_out(self, obs: GameState, seat: int) -> bool:
        raise NotImplementedError

    def discard_order(self, obs: GameState, seat: int) -> list[str]:
        raise NotImplementedError
