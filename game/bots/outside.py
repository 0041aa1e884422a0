"""The ``outside`` bot (the bench only): a plain heuristic player in a style
nobody here wrote, to measure ``normal`` and ``hard`` against.

It follows the heuristic bot an open-source Hand and Foot project describes
in words (jcj59/hand-and-foot: built from its description, none of its
code), adapted to partnerships (the side's melds are "my melds"):

- take the pile when a lay-down plan uses it and it holds at most two red 3s;
- get down as soon as the minimum is reached;
- once down, lay every natural card;
- keep wild cards off the clean book while the side still needs one;
- in the hand, spend wild cards only to finish a book; from the foot, spend
  them all;
- discard the least useful card (ties: the one worth the most points);
- go out as soon as allowed (and let the partner go out whenever asked).
"""

from __future__ import annotations

from collections import Counter

from .. import cards as C
from .. import melds as M
from ..engine import go_out_problem
from ..moves import open_melds
from ..names import Act, MeldKind
from ..state import GameState
from .melding import MeldPlan, first_legal
from .policy import Policy

MOST_RED_THREES = 2   # a pile with more is left where it is


def clean_book(obs: GameState, seat: int) -> frozenset:
    """The ranks of the side's melds kept clean for a natural book it still
    needs: the book's rank, or for a book of any rank the side's fullest clean meld."""
    side = obs.side_of(seat)
    canastas = M.canastas(obs.sides[side].melds, obs.rules.canasta_size)
    needed = [rank for kind, rank in M.book_shortfall(obs.rules.books_for_deal(obs.deal), canastas)
              if kind == MeldKind.NATURAL]
    ranks = {rank for rank in needed if rank}
    if "" in needed:
        clean = [m for rank, m in open_melds(obs, seat).items()
                 if rank != C.WILD and not any(C.is_wild(c) for c in m.cards)]
        if clean:
            ranks.add(max(clean, key=lambda m: (len(m.cards), m.rank)).rank)
    return frozenset(ranks)


def plan(obs: GameState, seat: int) -> MeldPlan:
    """This turn's lay-down: the opening once it reaches the minimum; once
    down, every natural card, then the wild cards as the hand or the foot allows."""
    out = MeldPlan(obs, seat)
    if not out.side.opened:
        return out if out.opening() else MeldPlan(obs, seat)
    out.naturals_to_melds()
    out.new_natural_melds()
    skip = clean_book(obs, seat)
    if obs.players[seat].on_last_pile():
        out.wild_meld()
        out.wilds_onto_melds(skip)
        out.wilds_with_pairs()
    else:
        out.complete_with_wilds(limit=len(out.open), skip=skip)
    return out


class Outside(Policy):
    def take(self, obs, seat, takes):
        red_threes = sum(1 for c in obs.discard if C.is_red_three(c))
        return takes[0] if takes and red_threes <= MOST_RED_THREES else None

    def meld(self, obs, seat):
        return first_legal(obs, plan(obs, seat).placements())

    def wants_out(self, obs, seat):
        return obs.players[seat].on_last_pile() and go_out_problem(obs, seat, asking=True) is None \
            and plan(obs, seat).left() <= 1

    def answer(self, obs, seat):
        return {"type": Act.ANSWER, "yes": True}

    def discard_order(self, obs, seat):
        hand = obs.players[seat].hand
        melded = {m.rank for m in obs.sides[obs.side_of(seat)].melds}
        count = Counter(c[0] for c in hand)

        def use(card):
            if C.rank(card) == "3":
                return 0          # a 3 melds with nothing
            if C.is_wild(card):
                return 3
            return 2 if card[0] in melded or count[card[0]] > 1 else 1
        return sorted(hand, key=lambda c: (use(c), -M.card_value(c), c))


choose = Outside()
