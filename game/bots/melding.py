"""Meld plans: which cards a bot lays down this turn, as one ``meld`` action.

``MeldPlan`` works on a copy of the seat's hand and of the side's unfinished
melds, so several placements can be combined into one action (a meld
completed in the plan may be followed by a new meld of the same rank). The
policies (``easy``, ``normal``) decide which steps to run and in what
order; the engine still has the last word: ``first_legal`` keeps the
longest prefix of the placements that ``is_legal`` accepts.
"""

from __future__ import annotations

from .. import cards as C
from .. import melds as M
from ..engine import is_legal, opening_minimum
from ..moves import groups, open_melds
from ..names import Act
from ..state import GameState

BIG_RANKS = ("7", "5", C.WILD)   # canastas worth thousands (natural 7s, 5s, wild)


class MeldPlan:
    """Placements built step by step on a virtual hand and virtual melds."""

    def __init__(self, obs: GameState, seat: int):
        self.obs = obs
        self.rules = obs.rules
        self.size = obs.rules.canasta_size
        self.side_index = obs.side_of(seat)
        self.side = obs.sides[self.side_index]
        hand = obs.players[seat].hand
        self.threes = sum(1 for c in hand if c[0] == "3")   # never melded
        by_rank, wilds = groups(hand)
        self.naturals = {r: list(cs) for r, cs in by_rank.items()}
        self.wilds = sorted(wilds, key=lambda c: c != C.JOKER)  # Jokers first: they weigh more
        # rank -> (meld id or None for a new one, its cards as planned so far)
        self.open = {r: (m.id, list(m.cards)) for r, m in open_melds(obs, seat).items()}
        self.added: dict[int, list[str]] = {}   # meld id -> cards added to it
        self.new: list[tuple[str, list[str]]] = []  # (rank, cards) of melds started here

    # -- state of the plan --------------------------------------------------
    def left(self) -> int:
        """Cards still in hand after the plan."""
        return sum(len(v) for v in self.naturals.values()) + len(self.wilds) + self.threes

    def cards_in(self, rank: str) -> list[str]:
        entry = self.open.get(rank)
        return entry[1] if entry else []

    def room(self, rank: str) -> int:
        entry = self.open.get(rank)
        return self.size - len(entry[1]) if entry else 0

    def placements(self) -> list[dict]:
        out = [{"to": mid, "cards": added} for mid, added in self.added.items()]
        out += [{"cards": cards} for _, cards in self.new]
        return out

    # -- steps ----------------------------------------------------------------
    def add(self, rank: str, cards: list[str]) -> None:
        """Add cards to the rank's unfinished meld (which must exist and have room)."""
        mid, planned = self.open[rank]
        planned.extend(cards)   # for a meld started in this plan, the list in self.new
        if mid is not None:
            self.added.setdefault(mid, []).extend(cards)
        self._used(cards)
        if self.room(rank) <= 0:
            del self.open[rank]

    def start(self, rank: str, cards: list[str]) -> None:
        cards = list(cards)
        self.new.append((rank, cards))
        self._used(cards)
        if len(cards) < self.size:
            self.open[rank] = (None, cards)

    def _used(self, cards: list[str]) -> None:
        for c in cards:
            if C.is_wild(c):
                self.wilds.remove(c)
            else:
                self.naturals[c[0]].remove(c)

    def accepts_wild(self, rank: str, count: int = 1) -> bool:
        if rank not in self.open:
            return False
        cards = self.cards_in(rank) + self.wilds[:count]
        return len(self.wilds) >= count and len(cards) <= self.size and \
            M.meld_problem(self.rules, rank, cards) is None

    def naturals_to_melds(self, hold: bool = False) -> None:
        """Every natural card onto its unfinished meld; ``hold`` stops one short
        of completing a plain (not 5s/7s) canasta."""
        for rank, cards in self.naturals.items():
            if rank in self.open and cards:
                room = self.room(rank)
                if hold and rank not in BIG_RANKS and len(cards) >= room:
                    room -= 1
                if room > 0:
                    self.add(rank, cards[:room])

    def new_natural_melds(self, hold: bool = False) -> None:
        """Start a meld of every rank held three or more times (a full canasta
        and the rest when seven or more); ``hold`` as in ``naturals_to_melds``."""
        for rank in list(self.naturals):
            cards = self.naturals[rank]
            while len(cards) >= self.rules.meld_min and rank not in self.open:
                take = cards[:self.size]
                if hold and rank not in BIG_RANKS and len(take) >= self.size:
                    take = take[:self.size - 1]
                self.start(rank, take)
                if rank in self.open:
                    break

    def wild_meld(self, reserve: int = 0) -> None:
        """Wild cards onto the wild meld, or start one with three or more."""
        spare = len(self.wilds) - reserve
        if C.WILD in self.open:
            k = min(spare, self.room(C.WILD))
            if k > 0:
                self.add(C.WILD, self.wilds[:k])
        elif spare >= self.rules.meld_min and self.rules.wild_melds:
            self.start(C.WILD, self.wilds[:min(spare, self.size)])

    def complete_with_wilds(self, limit: int = 1, skip: frozenset = frozenset()) -> None:
        """Finish up to ``limit`` unfinished melds with the fewest wild cards
        (the fullest melds first): a mixed canasta, or the side's first one;
        none of the ranks in ``skip``."""
        for _ in range(limit):
            best = None
            for rank in self.open:
                if rank == C.WILD or rank in skip:
                    continue
                need = self.room(rank)
                if 0 < need <= len(self.wilds) and self.accepts_wild(rank, need) and \
                        (best is None or need < best[0]):
                    best = (need, rank)
            if best is None:
                return
            self.add(best[1], self.wilds[:best[0]])

    def wilds_anywhere(self, order=None) -> None:
        """Every wild card where one fits, by the steps of ``order``
        (``WILD_STEPS``: the wild meld, then a meld, then a pair)."""
        for step in order or WILD_STEPS:
            step(self)

    def wilds_onto_melds(self, skip: frozenset = frozenset()) -> None:
        """Wild cards onto unfinished melds, the closest to a canasta first
        (none of the ranks in ``skip``)."""
        for rank in sorted(self.open, key=self.room):
            while self.wilds and rank in self.open and rank not in skip and self.accepts_wild(rank):
                self.add(rank, self.wilds[:1])

    def wilds_with_pairs(self) -> None:
        """A new meld of each pair with one wild card."""
        for rank, cards in self.naturals.items():
            if len(cards) == 2 and self.wilds and rank not in self.open and \
                    M.meld_problem(self.rules, rank, cards + self.wilds[:1]) is None:
                self.start(rank, cards + self.wilds[:1])

    def opening(self) -> bool:
        """The side's first meld: natural groups, then a wild with the best pairs,
        until the deal's minimum is reached; False if it cannot be."""
        minimum = opening_minimum(self.obs, self.side_index)
        self.new_natural_melds()
        value = sum(M.card_value(c) for _, cards in self.new for c in cards)
        pairs = sorted((r for r, cs in self.naturals.items() if len(cs) == 2),
                       key=lambda r: (-M.card_value(r + "S"), r))
        for rank in pairs:
            if value >= minimum or not self.wilds:
                break
            cards = self.naturals[rank] + self.wilds[:1]
            if M.meld_problem(self.rules, rank, cards) is None:
                value += sum(M.card_value(c) for c in cards)
                self.start(rank, cards)
        if value < minimum and len(self.wilds) >= self.rules.meld_min:
            value += sum(M.card_value(c) for c in self.wilds)
            self.wild_meld()
        return value >= minimum


# Where wild cards go when everything is laid, in turn: the wild meld,
# unfinished melds, new melds with a pair.
WILD_STEPS = (MeldPlan.wild_meld, MeldPlan.wilds_onto_melds, MeldPlan.wilds_with_pairs)


def first_legal(obs: GameState, placements: list[dict]) -> dict | None:
    """The meld action of the longest legal prefix of ``placements``."""
    for k in range(len(placements), 0, -1):
        a = {"type": Act.MELD, "melds": placements[:k]}
        if is_legal(obs, a):
            return a
    return None
