"""What one seat can know about the cards it cannot see, read from its view alone.

Bots never get the full state, but the view holds the public log: every
discard, every pile taken (with the cards melded from the hand) and every
meld. From it a seat can tell which cards are unseen (not in its hand, on
the table or in the discard pile), which cards another player is known to
hold (picked up with a pile and not played since), and which ranks each
player has thrown away this deal. The same facts feed the discard choice of
``normal`` and the sampling of hidden cards of ``hard``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .. import cards as C
from ..state import GameState
from ..view import HIDDEN


@dataclass
class Knowledge:
    unseen: Counter            # cards whose place this seat cannot see
    held: list[Counter]        # per seat: cards known to be in that hand
    discarded: list[Counter]   # per seat: ranks discarded this deal
    last_taken: list[str | None]  # per seat: rank of the last pile top taken this deal


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


def read_table(obs: GameState, seat: int) -> Knowledge:
    """Track the discard pile through the deal's log to learn who holds what."""
    n = obs.num_players
    held = [Counter() for _ in range(n)]
    discarded = [Counter() for _ in range(n)]
    last_taken: list[str | None] = [None] * n
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
            if C.is_wild(card) and obs.rules.wild_discard_freezes:
                pile = []
            else:
                pile.append(card)
        elif kind == "take_pile":
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
    return Knowledge(unseen, held, discarded, last_taken)


def _played(held: Counter, action: dict) -> None:
    for pl in action.get("melds", []):
        for c in pl["cards"]:
            if held[c]:
                held[c] -= 1
