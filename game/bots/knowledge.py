"""What one seat can know about the cards it cannot see, read from its view alone.

Bots never get the full state, but the view holds the public log: every
discard, every pile taken (with the cards melded from the hand) and every
meld. From it a seat can tell which cards are unseen (not in its hand, on
the table or in the discard pile), which cards another player is known to
hold (picked up with a pile and not played since), which ranks each
player has thrown away this deal, and what it threw and left on the pile
at its last turn. The same facts feed the discard choice of
``normal`` and, in ``hard``, the sampling of hidden cards and the chance
that the next player takes the pile.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from .. import cards as C
from ..names import Act
from ..rules import MELD_RANKS, RuleSet
from ..state import GameState
from .melding import BIG_RANKS


@dataclass
class Knowledge:
    """What ``read_table`` tells; read only (its counters may be shared with later reads)."""

    unseen: Counter            # cards whose place this seat cannot see
    held: list[Counter]        # per seat: cards known to be in that hand
    discarded: list[Counter]   # per seat: ranks discarded this deal
    last_taken: list[str | None]  # per seat: rank of the last pile top taken this deal
    # per seat, at its last turn: the rank it threw, and the rank on top of
    # the pile it drew instead of taking (a player who keeps pairs and takes
    # when it can holds few of either)
    thrown: list[str | None]
    refused: list[str | None]
    # per seat: the most cards of each rank ("W" for wild cards) it can hold
    # if it melds as the bots do; None when nothing is known (``meld_caps``)
    caps: list[dict[str, int] | None] | None = None


def unseen_cards(obs: GameState, seat: int) -> Counter:
    """The full deck minus everything visible to ``seat``."""
    seen = obs.players[seat].hand + obs.discard + obs.dead
    for side in obs.sides:
        seen += side.red3
        for m in side.melds:
            seen += m.cards
    return _every_card(obs.rules, obs.num_players) - Counter(seen)


@lru_cache(maxsize=16)
def _every_card(rules: RuleSet, players: int) -> Counter:
    """``GameState.expected_cards`` for these rules and players (not to be changed)."""
    _, decks = rules.seating(players)
    return Counter(C.full_deck(decks, rules.jokers_per_deck))


current_deal_log = GameState.deal_log  # (obs) -> the log entries since the current deal began


class _Walk:
    """What the deal's log says so far, entry by entry (the part of
    ``read_table`` that is the same for every seat)."""

    def __init__(self, n: int, pile: list[str]):
        self.origin = tuple(pile)   # the pile it started from
        self.took = False           # a pile was taken in the entries walked
        self.held = [Counter() for _ in range(n)]
        self.discarded = [Counter() for _ in range(n)]
        self.last_taken: list[str | None] = [None] * n
        self.thrown: list[str | None] = [None] * n
        self.refused: list[str | None] = [None] * n
        self.pile = pile

    def copy(self) -> "_Walk":
        out = _Walk(0, self.pile[:])
        out.origin, out.took = self.origin, self.took
        out.held = [c.copy() for c in self.held]
        out.discarded = [c.copy() for c in self.discarded]
        out.last_taken, out.thrown, out.refused = self.last_taken[:], self.thrown[:], self.refused[:]
        return out

    def step(self, a: dict, freezes: bool) -> None:
        kind = a["type"]
        s = a.get("seat")
        held = self.held
        if kind == Act.DISCARD:
            card = a["card"]
            if held[s][card]:
                held[s][card] -= 1
            self.discarded[s][C.rank(card)] += 1
            self.thrown[s] = C.rank(card)
            if C.is_wild(card) and freezes:
                self.pile = []
            else:
                self.pile.append(card)
        elif kind == Act.DRAW:
            self.thrown[s], self.refused[s] = None, C.rank(self.pile[-1]) if self.pile else None
        elif kind == Act.TAKE_PILE:
            self.took = True
            self.thrown[s], self.refused[s] = None, None
            _played(held[s], a)
            if self.pile:
                self.last_taken[s] = C.rank(self.pile[-1])
                held[s].update(self.pile[:-1])
            self.pile = []
        elif kind == Act.MELD:
            _played(held[s], a)


# Walks of logs read lately, by (length, id of the last entry): a look-ahead
# extends the log it started from by a few entries between two reads, so
# each read walks only the new entries. The entry itself is kept with the
# walk, so its id cannot be reused while the walk is cached.
_WALKS: dict[tuple[int, int], tuple[dict, _Walk]] = {}
_WALKS_KEPT = 512
_RESUME_WITHIN = 24   # how many entries back a cached walk is looked for


def _origin(obs: GameState, took_any: bool) -> list[str]:
    """The pile a walk of the deal starts from: before the first take the
    upcard is still at its bottom (after one, it is not known)."""
    return [] if took_any or not obs.discard else [obs.discard[0]]


def _walk(obs: GameState) -> tuple[_Walk, list[dict] | None]:
    """The walk of the current deal's log (cached: not to be changed), and
    that log if it was walked from its start (else None). A
    cached walk is resumed only where walking from the start would have
    begun from the same pile, so the result never depends on the cache."""
    log = obs.log
    freezes = obs.rules.wild_discard_freezes
    walk, deal_log = None, None
    for k in range(len(log), max(0, len(log) - _RESUME_WITHIN), -1):
        hit = _WALKS.get((k, id(log[k - 1])))
        if hit is None or hit[0] is not log[k - 1]:
            continue
        new = log[k:]
        if any(a["type"] == Act.NEXT_DEAL for a in new):
            break
        cached = hit[1]
        took = cached.took or any(a["type"] == Act.TAKE_PILE for a in new)
        if tuple(_origin(obs, took)) != cached.origin:
            break
        if not new:
            return cached, None
        walk = cached.copy()
        for a in new:
            walk.step(a, freezes)
        break
    if walk is None:
        deal_log = current_deal_log(obs)
        walk = _Walk(obs.num_players, _origin(obs, any(a["type"] == Act.TAKE_PILE for a in deal_log)))
        for a in deal_log:
            walk.step(a, freezes)
    if log:
        if len(_WALKS) >= _WALKS_KEPT:
            del _WALKS[next(iter(_WALKS))]
        _WALKS[(len(log), id(log[-1]))] = (log[-1], walk)
    return walk, deal_log


def read_table(obs: GameState, seat: int, melding: bool = False) -> Knowledge:
    """Track the discard pile through the deal's log to learn who holds what;
    ``melding``: also what each player's melding says of its hand (``caps``,
    for sampling hidden hands)."""
    n = obs.num_players
    walk, log = _walk(obs)
    held = walk.held[:]
    unseen = unseen_cards(obs, seat)
    held[seat] = Counter()
    budget = unseen.copy()
    for s in range(n):
        # Keep the tracking consistent with the counts (it can miss a card
        # the rules moved without a log entry, such as a frozen pile).
        keep = Counter()
        room = len(obs.players[s].hand)
        for card, k in sorted(held[s].items()):
            k = min(k, budget[card], room)
            if k > 0:
                keep[card] = k
                budget[card] -= k
                room -= k
        held[s] = keep
    if melding and log is None:
        log = current_deal_log(obs)
    return Knowledge(unseen, held, walk.discarded[:], walk.last_taken[:], walk.thrown[:], walk.refused[:],
                     meld_caps(obs, log) if melding else None)


def meld_caps(obs: GameState, log: list[dict]) -> list[dict[str, int] | None]:
    """Per seat, what its last turn's melding says about its hand now: the
    most cards of each rank (``C.WILD`` for wild cards; 3s are not limited)
    it can hold. None: nothing is known.

    The bots (and most players) end a turn with every natural card that fits
    one of their side's unfinished melds on it, and start a meld with any
    three of a kind: so a player whose side had opened holds none of a rank
    the side was building (in the foot, any number of a plain rank kept back
    for the partner) and at most two of any other it could start a meld of.
    Nothing is known of a player who has not ended a turn since its side
    opened, nor of one left with a few cards that may not run out: it must
    keep two after melding (one to throw, one to hold), so it may have kept
    back cards it could meld. The hand stays the same until that player's
    next turn.
    """
    ends = [i for i, a in enumerate(log) if a["type"] in (Act.DISCARD, Act.KNOCK)]
    first_turn = obs.turn_number - len(ends)
    # Melds are numbered as they are made: the k-th new meld in the log has
    # the k-th smallest id of the deal's melds.
    melds = sorted((m for side in obs.sides for m in side.melds), key=lambda m: m.id)
    made = [i for i, a in enumerate(log) if a["type"] in (Act.MELD, Act.TAKE_PILE)
            for pl in a["melds"] if "to" not in pl]
    out: list[dict[str, int] | None] = [None] * obs.num_players
    if len(made) != len(melds):
        return out
    last = {log[end]["seat"]: (end, first_turn + k) for k, end in enumerate(ends)}
    for s, (end, turn) in last.items():
        ids = {m.id for m in obs.sides[obs.side_of(s)].melds}
        before = [m for m, at in zip(melds, made) if at < end and m.id in ids]
        if before:
            out[s] = _caps_after(obs, s, before, turn)
    return out


def _caps_after(obs: GameState, s: int, before: list, turn: int) -> dict[str, int] | None:
    """``meld_caps`` of seat ``s``, whose side had made the melds ``before``
    when its last turn (number ``turn``) ended."""
    r = obs.rules
    any_number = len(obs.players[s].hand)
    if any_number <= r.meld_min + 1 and not _pile_open_to(obs, s):
        return None  # it may have kept cards back to keep two (one to throw, one to hold)
    building = {m.rank for m in before if m.completed_turn < 0 or m.completed_turn > turn}
    caps = {}
    for rank in [*MELD_RANKS, C.WILD]:
        if rank in building:
            # In the foot a plain canasta may be left unfinished for the
            # partner, with any number of its cards kept back.
            plain = rank not in BIG_RANKS and obs.players[s].on_last_pile()
            caps[rank] = any_number if plain else 0
        elif rank == C.WILD and not r.wild_melds or \
                r.one_meld_per_rank and any(m.rank == rank for m in before):
            caps[rank] = any_number   # no meld of it can be started
        else:
            caps[rank] = r.meld_min - 1
    return caps


def _pile_open_to(obs: GameState, seat: int) -> bool:
    """Whether the seat may run out of cards into its next pile (its knee
    opens with its side's first canasta, or on an emptied hand where the rules
    say so; a foot after the hand or knee is open)."""
    p = obs.players[seat]
    return bool(p.piles) and (len(p.piles) == 1 or obs.rules.empty_hand_opens_knee
                              or obs.sides[obs.side_of(seat)].knee_unlocked)


def _played(held: Counter, action: dict) -> None:
    for pl in action.get("melds", []):
        for c in pl["cards"]:
            if held[c]:
                held[c] -= 1
