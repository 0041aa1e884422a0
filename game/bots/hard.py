"""The ``hard`` bot: Monte Carlo over sampled hidden cards (determinization).

At a decision that matters (draw or take the pile, which card to throw,
meld now or hold, ask to go out, answer the partner) it lists a few
candidates drawn from ``normal``'s own choices, then, until its time
budget is spent, samples a full deal consistent with its view
(``determinize``), plays each candidate in that same sample followed by
``normal`` for every seat until the next player's turn is over, and scores
the result (``evaluate``). The candidate with the best mean wins; ``normal``'s
own choice keeps the benefit of the doubt (``PRIOR``) because a few noisy
samples should not overturn a sound rule. Forced moves return at once.
"""

from __future__ import annotations

import random
import time

from ..engine import apply, is_legal
from ..moves import take_pile_candidates
from ..state import GameState
from .determinize import sample_world
from .evaluate import score_difference
from .knowledge import read_table
from .normal import Normal, pick_take
from .policy import draw_action

DEFAULT_BUDGET_MS = 500
DISCARDS = 3          # how many of normal's preferred discards to compare
HORIZON_TURNS = 2     # play on until this many turns have ended (ours and the next)
PRIOR = 100.0         # points a challenger must gain over normal's choice
MAX_ACTIONS = 60      # a guard on one look-ahead


class Hard(Normal):
    """``normal`` with a look-ahead at each decision; ``budget_ms`` per decision."""

    def __init__(self, budget_ms: float = DEFAULT_BUDGET_MS):
        self.budget = budget_ms / 1000.0
        self.rollout = Normal()

    def __call__(self, obs: GameState, seat: int, rng: random.Random | None = None) -> dict:
        deadline = time.perf_counter() + self.budget * 0.9
        default = self.choose(obs, seat)
        options = self.candidates(obs, seat, default)
        if len(options) < 2:
            return default
        return self.search(obs, seat, options, rng or random.Random(0), deadline)

    def candidates(self, obs: GameState, seat: int, default: dict) -> list[dict]:
        """normal's choice first, then the alternatives worth comparing."""
        kind = default["type"]
        out = [default]
        if kind == "answer":
            out.append({"type": "answer", "yes": not default["yes"]})
        elif obs.phase == "draw":
            takes = take_pile_candidates(obs, seat)
            out.append(draw_action(obs) if kind == "take_pile" else pick_take(obs, seat, takes) if takes else None)
        elif kind in ("discard", "meld", "ask_to_go_out") and not obs.took_pile:
            hand = obs.players[seat].hand
            for card in self.discard_order(obs, seat)[:DISCARDS]:
                a = {"type": "discard", "card": card}
                if len(hand) > 1 or is_legal(obs, a):
                    out.append(a)
        unique = []
        for a in out:
            if a is not None and a not in unique:
                unique.append(a)
        return unique

    def search(self, obs: GameState, seat: int, options: list[dict], rng: random.Random,
               deadline: float) -> dict:
        know = read_table(obs, seat)
        side = obs.side_of(seat)
        totals = [0.0] * len(options)
        samples = 0
        spent = 0.0
        while True:
            start = time.perf_counter()
            if start + spent > deadline:  # the next sample would likely overrun
                break
            world = sample_world(obs, seat, know, rng)
            values = [self.look_ahead(world.clone(), a, side, deadline) for a in options]
            if None in values:
                break  # out of time mid-sample: compare only whole samples
            totals = [t + v for t, v in zip(totals, values)]
            samples += 1
            spent = time.perf_counter() - start
        if samples == 0:
            return options[0]
        means = [t / samples for t in totals]
        means[0] += PRIOR
        return options[max(range(len(options)), key=means.__getitem__)]

    def look_ahead(self, world: GameState, action: dict, side: int, deadline: float) -> float | None:
        """The action, then ``normal`` everywhere for the horizon; None if time ran out."""
        stop = world.turn_number + HORIZON_TURNS
        apply(world, action)
        for _ in range(MAX_ACTIONS):
            if world.phase not in ("draw", "play", "answer") or world.turn_number >= stop:
                break
            if time.perf_counter() > deadline:
                return None
            seat = world.to_move()
            apply(world, self.rollout.choose(world, seat))
        return score_difference(world, side)


choose = Hard()
