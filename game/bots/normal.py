"""The ``normal`` bot: a club player's hand-written strategy, no search.

- Builds the basic book on purpose: natural 7s and 5s (no wild ever goes
  near them), wild cards saved for the wild canasta (2500), one or two
  wilds spent only to finish the side's first canasta (the knees) or its
  mixed canasta.
- Keeps pairs in hand to take the pile, and takes it unless that would
  bury a nearly finished foot under a big pile.
- Discards black 3s first (they block the next player and cost 100 each
  if caught), never wild cards, and scores every other card by what it is
  worth to keep against how likely the next opponent can take the pile
  with it (``knowledge``: cards they picked up, ranks they meld, ranks
  they threw), times the size of the pile.
- In the foot before the partner, it stops one card short of finishing
  plain canastas so the partner keeps melds to play on (seed 003, Advice
  on Tactics), unless the opponents are about to go out.
- Runs out of the hand or knee when it can do so this turn, and asks to
  go out once the book is complete and it can play every card, trying
  every order of placing its wild cards (the wild meld, unfinished melds,
  pairs) to find one that plays every card.

Deterministic: no randomness; ties go to the card code order.
"""

from __future__ import annotations

from collections import Counter
from itertools import permutations

from .. import cards as C
from .. import melds as M
from ..engine import book_status, go_out_problem, next_pile_open
from ..moves import open_melds
from ..names import MeldKind
from ..state import GameState
from . import going_out
from .knowledge import Knowledge, read_table
from .melding import BIG_RANKS, WILD_STEPS, MeldPlan, first_legal
from .policy import Policy

WILD_KEEP = 2000       # never throw a wild card while anything else is left
BLACK3_KEEP = -1000    # always throw a black 3 first
RED3_HELD_KEEP = -2000  # before it, a red 3 the rules do not lay (it costs more)
PAIR_KEEP = 120        # a pair can take the pile
MELD_KEEP = 60         # a card of a rank the side is building
BIG_KEEP = 300         # 5s and 7s: a natural canasta is worth thousands


def may_run_out(obs: GameState, seat: int) -> bool:
    """Emptying the hand is allowed now: the next pile is open, or going out is granted."""
    if obs.players[seat].piles:
        return next_pile_open(obs, seat)
    return obs.permission is True


def holds_for_partner(obs: GameState, seat: int) -> bool:
    """In the foot while a partner is not: leave plain melds unfinished for them."""
    me = obs.players[seat]
    side = obs.sides[obs.side_of(seat)]
    return me.on_last_pile() and side.knee_unlocked and \
        any(obs.players[q].piles for q in obs.partners(seat)) and \
        not going_out.opponents_close(obs, seat, cards=8)


def run_out_plan(obs: GameState, seat: int, order=None) -> MeldPlan:
    """Everything that can be melded this turn, wild cards included (placed
    by the steps of ``order``, ``WILD_STEPS`` if not given)."""
    plan = MeldPlan(obs, seat)
    plan.naturals_to_melds()
    plan.new_natural_melds()
    plan.wilds_anywhere(order)
    return plan


def fewest_left_plan(obs: GameState, seat: int) -> MeldPlan:
    """The run-out plan, over every order of placing wild cards, that leaves
    the fewest cards; ``run_out_plan``'s own order on a tie."""
    return min((run_out_plan(obs, seat, order) for order in permutations(WILD_STEPS)),
               key=MeldPlan.left)


def build_plan(obs: GameState, seat: int, hold: bool | None = None) -> MeldPlan:
    """This turn's melds when not running out: groups, the wild meld, and
    wilds only where they finish a canasta the side needs. ``hold`` overrides
    ``holds_for_partner`` (``hard`` compares both)."""
    plan = MeldPlan(obs, seat)
    if not plan.side.opened:
        return plan if plan.opening() else MeldPlan(obs, seat)
    hold = holds_for_partner(obs, seat) if hold is None else hold
    plan.naturals_to_melds(hold)
    plan.new_natural_melds(hold)
    plan.wild_meld()
    if not plan.side.knee_unlocked or MeldKind.MIXED in missing_book_kinds(obs, plan.side_index):
        plan.complete_with_wilds(1)
    return plan


def missing_book_kinds(obs: GameState, side_index: int) -> set[str]:
    """Kinds of canasta ("natural", "mixed", "wild") the side's basic book still lacks."""
    r = obs.rules
    canastas = M.canastas(obs.sides[side_index].melds, r.canasta_size)
    return {kind for kind, _ in M.book_shortfall(r.books_for_deal(obs.deal), canastas)}


def pick_take(obs: GameState, seat: int, takes: list[dict]) -> dict:
    """The way of taking the pile that uses the fewest wild cards and the most naturals."""
    def score(a):
        cards = [c for pl in a["melds"] for c in pl["cards"]]
        wilds = sum(C.is_wild(c) for c in cards)
        joins = any("to" in pl for pl in a["melds"])
        return (wilds, -joins, -len(cards))
    return min(takes, key=score)


def pile_is_worth_it(obs: GameState, seat: int) -> bool:
    """Taking is right (more cards, more melds, no discard) unless it buries a
    nearly finished foot under a big pile."""
    rest = obs.discard[:-1]
    me = obs.players[seat]
    near_out = me.on_last_pile() and len(me.hand) <= 3 and not book_status(obs, obs.side_of(seat))
    return not (near_out and len(rest) >= 4 and C.rank(obs.discard[-1]) not in BIG_RANKS)


def _take_chance(holds: int, copies: int, hand: int, unseen: int) -> float:
    """Chance a hand of ``hand`` unknown cards holds ``2 - holds`` of ``copies``
    among ``unseen`` (binomial approximation)."""
    need = 2 - holds
    if need <= 0:
        return 1.0
    if copies < need or hand <= 0 or unseen <= 0:
        return 0.0
    p = min(1.0, copies / unseen)
    none = (1 - p) ** hand
    if need == 1:
        return 1 - none
    return max(0.0, 1 - none - hand * p * (1 - p) ** (hand - 1))


def feeding_risk(obs: GameState, seat: int, know: Knowledge) -> dict[str, float]:
    """Per rank: the expected points the next player gains if we throw it
    (chance they can take the pile with it, times what the pile is worth)."""
    nxt = (seat + 1) % obs.num_players
    return {rank: chance * pile_gain(obs, nxt, rank)
            for rank, chance in take_chances(obs, seat, know).items()}


def take_chances(obs: GameState, seat: int, know: Knowledge) -> dict[str, float]:
    """Per rank: the chance that the next player, an opponent, can take the
    pile if we throw it, as far as ``seat``'s view tells ({} for a partner)."""
    nxt = (seat + 1) % obs.num_players
    if obs.side_of(nxt) == obs.side_of(seat):
        return {}
    their = open_melds(obs, nxt)
    held = Counter()
    for c, k in know.held[nxt].items():
        held[C.rank(c)] += k
    unseen = Counter()
    for c, k in know.unseen.items():
        unseen[C.rank(c)] += k
    unknown_hand = len(obs.players[nxt].hand) - sum(held.values())
    total_unseen = sum(unseen.values()) - sum(held.values())
    out = {}
    for rank in set(unseen) | set(their):
        chance = _take_chance(held[rank], unseen[rank] - held[rank], unknown_hand, total_unseen)
        if rank in their or know.last_taken[nxt] == rank:
            chance = min(1.0, chance * 2)
        if know.discarded[nxt][rank]:
            chance /= 2
        out[rank] = chance
    return out


def pile_gain(obs: GameState, taker: int, rank: str) -> float:
    """What the pile is worth to ``taker`` with ``rank`` on top."""
    return 40 + 15 * len(obs.discard) + canasta_gain(obs, taker, rank)


def canasta_gain(obs: GameState, taker: int, rank: str) -> float:
    """What ``rank`` on top of the pile adds for a taker who melds it: a
    quarter of the bonus of a big natural canasta."""
    if rank in BIG_RANKS and rank in open_melds(obs, taker):
        return M.canasta_bonus(obs.rules, rank, MeldKind.NATURAL) // 4
    return 0


def keep_scores(obs: GameState, seat: int, risk: dict[str, float],
                big_keep: float = BIG_KEEP, pair_keep: float = PAIR_KEEP,
                meld_keep: float = MELD_KEEP) -> dict[str, float]:
    """Per card in hand: what keeping it is worth (the lowest is thrown);
    ``risk``: per rank, what throwing it may feed the next player;
    ``big_keep``, ``pair_keep``, ``meld_keep``: what a 5 or 7, a pair, a
    rank the side is building adds."""
    hand = obs.players[seat].hand
    ours = open_melds(obs, seat)
    ranks = Counter(C.rank(c) for c in hand)
    out = {}
    for c in set(hand):
        if C.is_red_three(c):
            if not obs.rules.red3_laid:  # held red 3s only cost points: out first
                out[c] = RED3_HELD_KEEP
            continue
        if C.is_black_three(c):
            out[c] = BLACK3_KEEP
            continue
        if C.is_wild(c):
            out[c] = WILD_KEEP + M.card_value(c)
            continue
        rank = C.rank(c)
        score = M.card_value(c) / 4 + risk.get(rank, 0.0)
        if ranks[rank] >= 2:
            score += pair_keep
        if rank in ours:
            score += meld_keep
        if rank in BIG_RANKS:
            score += big_keep
        out[c] = score
    return out


def by_keep_score(scores: dict[str, float]) -> list[str]:
    """Cards, the one to throw first."""
    return sorted(scores, key=lambda c: (scores[c], c))


def meld_out(obs, seat):
    """Where the player may run out: the meld of every card but at most one
    (going out, or down to the discard), if the engine takes it whole; else None."""
    if may_run_out(obs, seat):
        plan = fewest_left_plan(obs, seat)
        if plan.left() <= 1:
            a = first_legal(obs, plan.placements())
            if a is not None and len(a["melds"]) == len(plan.placements()):
                return a
    return None


class Normal(Policy):
    def take(self, obs, seat, takes):
        if not takes or not pile_is_worth_it(obs, seat):
            return None
        return pick_take(obs, seat, takes)

    def meld(self, obs, seat):
        return meld_out(obs, seat) or first_legal(obs, build_plan(obs, seat).placements())

    def wants_out(self, obs, seat):
        return obs.players[seat].on_last_pile() and go_out_problem(obs, seat, asking=True) is None \
            and fewest_left_plan(obs, seat).left() <= 1

    def discard_order(self, obs, seat):
        know = read_table(obs, seat)
        return by_keep_score(keep_scores(obs, seat, feeding_risk(obs, seat, know)))


choose = Normal()
