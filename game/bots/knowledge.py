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

from .. import cards as C
from ..rules import MELD_RANKS
from ..state import GameState
from ..view import HIDDEN
from .melding import BIG_RANKS


@dataclass
class Knowledge:
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
    out = obs.expected_cards()
    out.subtract(obs.players[seat].hand)
    out.subtract(obs.discard)
    out.subtract(obs.dead)
    for side in obs.sides:
        out.subtract(side.red3)
        for m in side.melds:
            out.subtract(m.cards)
    out.pop(HIDDEN, None)
    return +out


def current_deal_log(obs: GameState) -> list[dict]:
    """The log entries since the current deal began."""
    log = obs.log
    for i in range(len(log) - 1, -1, -1):
        if log[i]["type"] == "next_deal":
            return log[i + 1:]
    return log


def read_table(obs: GameState, seat: int, melding: bool = False) -> Knowledge:
    """Track the discard pile through the deal's log to learn who holds what;
    ``melding``: also what each player's melding says of its hand (``caps``,
    for sampling hidden hands)."""
    n = obs.num_players
    held = [Counter() for _ in range(n)]
    discarded = [Counter() for _ in range(n)]
    last_taken: list[str | None] = [None] * n
    thrown: list[str | None] = [None] * n
    refused: list[str | None] = [None] * n
    log = current_deal_log(obs)
    took_any = any(a["type"] == "take_pile" for a in log)
    # Before the first take the upcard is still at the bottom of the pile.
    pile = [] if took_any or not obs.discard else [obs.discard[0]]
    for a in log:
        kind = a["type"]
        s = a.get("seat")
        if kind == "discard":
            card = a["card"]
            if held[s][card]:
                held[s][card] -= 1
            discarded[s][C.rank(card)] += 1
            thrown[s] = C.rank(card)
            if C.is_wild(card) and obs.rules.wild_discard_freezes:
                pile = []
            else:
                pile.append(card)
        elif kind == "draw":
            thrown[s], refused[s] = None, C.rank(pile[-1]) if pile else None
        elif kind == "take_pile":
            thrown[s], refused[s] = None, None
            _played(held[s], a)
            if pile:
                last_taken[s] = C.rank(pile[-1])
                held[s].update(pile[:-1])
            pile = []
        elif kind == "meld":
            _played(held[s], a)
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
    return Knowledge(unseen, held, discarded, last_taken, thrown, refused,
                     meld_caps(obs, log) if melding else None)


def cap_key(card: str) -> str | None:
    """What ``meld_caps`` limits a card under: its rank, ``C.WILD``, or None for a 3."""
    if C.is_wild(card):
        return C.WILD
    return None if card[0] == "3" else C.rank(card)


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
    opened. The hand stays the same until that player's next turn.
    """
    r = obs.rules
    ends = [i for i, a in enumerate(log) if a["type"] in ("discard", "knock")]
    first_turn = obs.turn_number - len(ends)
    # Melds are numbered as they are made: the k-th new meld in the log has
    # the k-th smallest id of the deal's melds.
    melds = sorted((m for side in obs.sides for m in side.melds), key=lambda m: m.id)
    made = [i for i, a in enumerate(log) if a["type"] in ("meld", "take_pile")
            for pl in a["melds"] if "to" not in pl]
    out: list[dict[str, int] | None] = [None] * obs.num_players
    if len(made) != len(melds):
        return out
    last = {log[end]["seat"]: (end, first_turn + k) for k, end in enumerate(ends)}
    for s, (end, turn) in last.items():
        ids = {m.id for m in obs.sides[obs.side_of(s)].melds}
        before = [m for m, at in zip(melds, made) if at < end and m.id in ids]
        if not before:
            continue
        any_number = len(obs.players[s].hand)
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
        out[s] = caps
    return out


def _played(held: Counter, action: dict) -> None:
    for pl in action.get("melds", []):
        for c in pl["cards"]:
            if held[c]:
                held[c] -= 1
