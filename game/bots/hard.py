"""The ``hard`` bot: Monte Carlo over sampled hidden cards (determinization).

At a decision with a real choice it lists a few candidates from
``normal``'s own generators and, until its time budget is spent, samples
full deals consistent with its view (``determinize``), trying every
candidate in the same sample:

- draw or take the pile, which meld plan, ask to go out, answer the
  partner: each candidate is followed by ``normal`` for every seat until
  the next player has drawn (a turn further for going out: will the
  opponents go out first if we play on?) and the result is scored
  (``evaluate``); an ended deal scores exactly. The best mean wins, but a
  challenger that only changes a discard or the draw must beat
  ``normal``'s choice by ``MARGIN``, because one reply is a noisier judge
  of those than ``normal``'s rules.
- which card to throw: ``normal``'s keep scores, with the chance that the
  next player takes the pile measured (the sampled next player, playing
  ``normal``, is shown each candidate) instead of estimated.

Forced moves and single options return at once; the search is anytime and
stops before the budget runs out.
"""

from __future__ import annotations

import random
import time

from .. import cards as C
from ..engine import apply, is_legal
from ..moves import take_pile_candidates
from ..state import GameState
from .determinize import sample_world
from .evaluate import score_difference
from .knowledge import read_table
from .melding import first_legal
from .normal import (
    Normal,
    feeding_risk,
    keep_scores,
    pick_take,
    pile_gain,
    run_out_plan,
)
from .policy import draw_action

DEFAULT_BUDGET_MS = 500
DISCARDS = 5          # how many of normal's preferred discards to compare
# Points a challenger must gain over normal's choice, by the challenger's
# kind (tournaments: searching the going-out questions and meld plans freely
# gained about 1300 points a game; discards and draws searched freely did not help).
MARGIN = {"discard": 300.0, "draw": 300.0, "take_pile": 300.0}
# Turns a look-ahead crosses before it stops after the next draw: one (the
# next player's answer to our move), two for going out (will the opponents
# go out first if we play on?).
HORIZON = {"answer": 2, "ask_to_go_out": 2}
MAX_ACTIONS = 60      # a guard on one look-ahead


class Hard(Normal):
    """``normal`` with a look-ahead at each decision; ``budget_ms`` per decision."""

    def __init__(self, budget_ms: float = DEFAULT_BUDGET_MS):
        self.budget = budget_ms / 1000.0
        self.rollout = Normal()

    def __call__(self, obs: GameState, seat: int, rng: random.Random | None = None) -> dict:
        start = time.perf_counter()
        default = self.choose(obs, seat)
        options = self.candidates(obs, seat, default)
        if len(options) < 2:
            return default
        deadline = start + self.budget * 0.9
        rng = rng or random.Random(0)
        if default["type"] == "discard":
            return self.discard_by_replies(obs, seat, options, rng, deadline)
        return self.search(obs, seat, options, rng, deadline)

    def candidates(self, obs: GameState, seat: int, default: dict) -> list[dict]:
        """normal's choice first, then the alternatives worth comparing."""
        kind = default["type"]
        out = [default]
        if kind == "answer":
            out.append({"type": "answer", "yes": not default["yes"]})
        elif obs.phase == "draw":
            takes = take_pile_candidates(obs, seat)
            if kind == "take_pile":
                out.append(draw_action(obs))
            elif takes:
                out.append(pick_take(obs, seat, takes))
        elif kind == "meld":
            out.append(first_legal(obs, run_out_plan(obs, seat).placements()))
        elif kind in ("discard", "ask_to_go_out") and not obs.took_pile:
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
        turns = HORIZON.get(options[0]["type"], 1)
        totals = [0.0] * len(options)
        samples = 0
        spent = 0.0
        while True:
            start = time.perf_counter()
            if start + spent > deadline:  # the next sample would likely overrun
                break
            world = sample_world(obs, seat, know, rng)
            values = [self.look_ahead(world.clone(), a, side, turns, deadline) for a in options]
            if None in values:
                break  # out of time mid-sample: compare only whole samples
            totals = [t + v for t, v in zip(totals, values)]
            samples += 1
            spent = time.perf_counter() - start
        if samples == 0:
            return options[0]
        means = [t / samples - (MARGIN.get(a["type"], 0.0) if i else 0.0)
                 for i, (t, a) in enumerate(zip(totals, options))]
        return options[max(range(len(options)), key=means.__getitem__)]

    def discard_by_replies(self, obs: GameState, seat: int, options: list[dict], rng: random.Random,
                           deadline: float) -> dict:
        """normal's discard rule, with the chance that the next player takes the
        pile measured instead of estimated: in each sampled deal, throw each
        candidate and ask the next player (playing ``normal``) what they draw."""
        nxt = (seat + 1) % obs.num_players
        know = read_table(obs, seat)
        risk = feeding_risk(obs, seat, know)
        taken = {a["card"]: 0 for a in options}
        samples = 0
        spent = 0.0
        while True:
            start = time.perf_counter()
            if start + spent > deadline:
                break
            world = sample_world(obs, seat, know, rng)
            for card in taken:
                w = world.clone()
                apply(w, {"type": "discard", "card": card})
                if w.phase == "draw" and w.turn == nxt and \
                        self.rollout.choose(w, nxt)["type"] == "take_pile":
                    taken[card] += 1
            samples += 1
            spent = time.perf_counter() - start
        if samples and obs.side_of(nxt) != obs.side_of(seat):
            for card, k in taken.items():
                rank = C.rank(card)
                risk[rank] = k / samples * pile_gain(obs, nxt, rank)
        scores = keep_scores(obs, seat, risk)
        return {"type": "discard", "card": min(taken, key=lambda c: (scores[c], c))}

    def look_ahead(self, world: GameState, action: dict, side: int, turns: int,
                   deadline: float) -> float | None:
        """The action, then ``normal`` for every seat until ``turns`` turns have
        ended and the next player has drawn or taken the pile; None if time ran out."""
        stop = world.turn_number + turns
        apply(world, action)
        for _ in range(MAX_ACTIONS):
            if world.phase not in ("draw", "play", "answer") or \
                    world.turn_number >= stop and world.phase == "play":
                break
            if time.perf_counter() > deadline:
                return None
            seat = world.to_move()
            apply(world, self.rollout.choose(world, seat))
        return score_difference(world, side)


choose = Hard()
