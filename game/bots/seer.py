"""``seer``: ``hard`` told every hidden card, for the bench only.

How far can ``hard``'s search reach? Its candidates, its one-turn
look-ahead and its evaluation, but every look-ahead played in the real
deal (every hand, knee, foot and the stock's order known, so one sample
is the truth) and every discard shown to the next player's real hand:
what ``hard`` would win if its sampling were perfect
(``python3 -m bench.screen --a seer``; bench/LOG.md). Its own choices
(``normal``'s, which the search starts from) still see only the view.

A view carries the game's seed and its action log, so the real position
is the deal rebuilt from the seed with the log applied to it
(game.engine.restart), kept between decisions and brought up to date one
action at a time. ``seer@hands`` is told the hands only: each sample
deals the knees, feet and stock afresh from their cards, so it tells what
reading the other players' hands perfectly could be worth. Not offered in
the page.
"""

from __future__ import annotations

import random

from ..engine import apply, restart
from ..state import GameState
from .determinize import deal_piles, unpicked_piles
from .hard import Hard


class Seer(Hard):
    """``hard`` whose one sample is the real deal."""

    def __init__(self):
        super().__init__(samples=1, hands=1)
        self.truth: GameState | None = None

    def real(self, obs: GameState) -> GameState:
        """The real position behind ``obs``, from its game's seed and log."""
        known = self.truth
        if known is None or known.seed != obs.seed or obs.log[:len(known.log)] != known.log:
            known = self.truth = restart(obs)
        for action in obs.log[len(known.log):]:
            apply(known, action)
        return known

    def world(self, obs, seat, know, rng):
        return self.real(obs).clone()

    def next_hands(self, obs, seat, know, who):
        hand = self.real(obs).players[who].hand
        return lambda rng: list(hand)


class HandSeer(Seer):
    """``seer`` told every hand but not the knees, feet or stock, searching as
    many deals as ``samples`` says (a screen's light ``hard``'s count)."""

    def __init__(self, samples: int | None = None):
        Hard.__init__(self, samples=samples, hands=1)  # the next hand is known: one is every one
        self.truth = None

    def world(self, obs, seat, know, rng: random.Random):
        world = self.real(obs).clone()
        cards = [c for pile in unpicked_piles(world) for c in pile]
        rng.shuffle(cards)
        deal_piles(world, cards)
        return world
