"""Sampling the hidden cards: one full game state consistent with a seat's view.

Every "??" in the view (other hands, every unpicked knee and foot, the
stock) gets a card from the unseen ones. Cards another player is known to
hold (picked up with a pile and not played since) go back into that hand;
red 3s never go into a hand while the rules lay them at once, since the
holder would have laid them; and, when the caller read them
(``read_table(melding=True)``), no hand gets more of a rank than its
player's melding allows (``knowledge.meld_caps``: a player who melds what
it can holds none of a rank its side is building). The rest is shuffled
at random, from the decision's own stream (``decision_rng``).
"""

from __future__ import annotations

import random
from collections import Counter

from .. import cards as C
from ..hidden import deal_hands, fit_hand, red3_never_held
from ..state import GameState
from .knowledge import Knowledge


def _unplaced(know: Knowledge) -> Counter:
    """Unseen cards not known to be in any hand: the ones a sample places freely."""
    pool = know.unseen.copy()
    for held in know.held:
        pool.subtract(held)
    return pool


def decision_rng(obs: GameState, seat: int, purpose: str) -> random.Random:
    """The random stream of one decision: a hash of the game's seed, the
    seat, the position (how many actions the log holds) and ``purpose``
    (what samples it), and of nothing else, so the decision is the same on
    any machine, whatever was sampled before it."""
    return random.Random(f"{obs.seed}:{purpose}:{seat}:{len(obs.log)}")


def sample_world(obs: GameState, seat: int, know: Knowledge, rng: random.Random) -> GameState:
    """A copy of ``obs`` with every hidden card filled in."""
    world = obs.clone()
    known = {s: list(know.held[s].elements()) for s in range(obs.num_players)}
    needs = {s: len(p.hand) - len(known[s]) for s, p in enumerate(world.players)}
    fills, loose = deal_hands(obs, seat, list(_unplaced(know).elements()), needs, known, know.caps, rng)
    for s, fill in fills.items():
        world.players[s].hand = known[s] + fill
    deal_piles(world, loose)
    return world


def unpicked_piles(world: GameState) -> list[list[str]]:
    """Every knee and foot not yet picked up, then the stock."""
    return [pile for p in world.players for pile in p.piles] + world.stocks


def deal_piles(world: GameState, cards: list[str]) -> None:
    """Deal ``cards``, in order, into ``unpicked_piles``."""
    deal_into(unpicked_piles(world), cards)


def deal_into(piles: list[list[str]], cards: list[str]) -> None:
    """Deal ``cards``, in order, into ``piles`` (their sizes kept)."""
    for pile in piles:
        pile[:], cards = cards[:len(pile)], cards[len(pile):]


def hand_sampler(obs: GameState, seat: int, know: Knowledge, who: int):
    """``rng -> hand``: deals ``who``'s hand alone as ``sample_world`` would,
    for questions where no other hidden card matters."""
    no_red3 = red3_never_held(obs, who)
    loose = [c for c in _unplaced(know).elements() if not (no_red3 and C.is_red_three(c))]
    known = list(know.held[who].elements())
    need = min(len(obs.players[who].hand) - len(known), len(loose))
    caps = know.caps and know.caps[who]
    drawn = min(len(loose), 3 * need if caps else need)  # mostly plenty to find a hand

    def deal(rng: random.Random) -> list[str]:
        hand, fits = fit_hand(rng.sample(loose, drawn), need, known, caps)
        if not fits:  # most ranks capped: look through the whole pool
            hand, _ = fit_hand(rng.sample(loose, len(loose)), need, known, caps)
        return known + hand
    return deal
