"""A phone's position in a game by link: every card it may not know masked.

Each phone of a game played across phones holds the true stock and the bots'
cards (sealed to every seat, game.friends.deals) and its own people's cards,
but of every other person only how many cards they hold: ``HIDDEN`` codes.
The engine plays on such a position as on any other, with a ``Mask``
(GameState.mask) standing in where it would look at a hidden card:

- a card an action names (a meld, a discard) is shown from the seat's
  hidden cards just before the action (``show``);
- stock cards drawn into a masked hand arrive as ``HIDDEN`` (``seen``);
- a red 3 the engine would lay from a masked hand is laid as its player's
  phone told (``lays_for``): each phone hears its own people's lays
  (``heard``) and sends them with its moves. A lay the engine asks for before
  that phone's word has come (the start of that person's turn, after another
  seat's move) is owed, and made as soon as the word arrives, before that
  person's first move: nothing touches the stock in between.

What a phone was told is checked at the deal's end, when every hand is
revealed and the whole deal is replayed on the true cards (game.friends.deals).
"""

from __future__ import annotations

from collections import Counter

from game import cards as C
from game.deal import lay_these
from game.errors import StateError
from game.names import Act
from game.state import GameState

BAD_LAY = "The link's red 3s do not match the cards its player holds."

# One lay as a phone hears it: the red 3s laid in each round of laying (a
# replacement may be a red 3 too), in order; () when the call laid nothing.
Lay = tuple[tuple[str, ...], ...]


class Mask:
    """Which seats' hidden cards a position lacks, what it was told of their
    red 3s, and what it heard its own people lay."""

    def __init__(self, masked: set[int], mine: set[int]):
        self.masked = frozenset(masked)
        self.mine = frozenset(mine)
        self.told: dict[int, list[Lay]] = {s: [] for s in self.masked}
        self.owed: dict[int, int] = dict.fromkeys(self.masked, 0)
        self.said: dict[int, list[Lay]] = {s: [] for s in self.mine}

    def copy(self) -> "Mask":
        out = Mask(set(self.masked), set(self.mine))
        out.told = {s: list(v) for s, v in self.told.items()}
        out.owed = dict(self.owed)
        out.said = {s: list(v) for s, v in self.said.items()}
        return out

    # engine-facing ----------------------------------------------------------
    def lays_for(self, state: GameState, seat: int) -> bool:
        """Lay a masked seat's red 3s as told (or owe the lay); False for a
        seat whose cards this position holds."""
        if seat not in self.masked:
            return False
        if self.told[seat]:
            _lay(state, seat, self.told[seat].pop(0))
        else:
            self.owed[seat] += 1
        return True

    def heard(self, seat: int, lay: Lay) -> None:
        if seat in self.mine:
            self.said[seat].append(lay)

    def seen(self, seat: int, cards: list[str]) -> list[str]:
        return [C.HIDDEN] * len(cards) if seat in self.masked else cards

    # protocol-facing --------------------------------------------------------
    def tell(self, state: GameState, seat: int, lays: list[Lay]) -> None:
        """What the seat's phone says it laid: owed lays are made now, the
        rest wait for the engine to ask."""
        queue = self.told[seat]
        queue.extend(lays)
        while self.owed[seat] and queue:
            self.owed[seat] -= 1
            _lay(state, seat, queue.pop(0))

    def all_told(self) -> bool:
        """Whether every lay told has been made."""
        return not any(self.told.values())

    def take_said(self, seat: int) -> list[Lay]:
        out, self.said[seat] = self.said[seat], []
        return out


def _lay(state: GameState, seat: int, lay: Lay) -> None:
    hand = state.players[seat].hand
    for i, threes in enumerate(lay):
        if not threes or not all(C.is_red_three(c) for c in threes) or hand.count(C.HIDDEN) < len(threes):
            raise StateError(BAD_LAY)
        for c in threes:
            hand[hand.index(C.HIDDEN)] = c
        lay_these(state, seat, list(threes))
        short = len(state.events[-1].replacements) < len(threes)
        if short and i < len(lay) - 1:  # no replacement, so no further round of laying
            raise StateError(BAD_LAY)


def named_cards(action: dict) -> list[str]:
    """The cards an action takes from its player's hand."""
    if action["type"] == Act.DISCARD:
        return [action["card"]]
    if action["type"] in (Act.MELD, Act.TAKE_PILE):
        return [c for pl in action["melds"] for c in pl["cards"]]
    return []


def show(state: GameState, seat: int, action: dict) -> None:
    """Turn masked cards of the seat into the cards its action names (those
    it is not already known to hold); the engine then judges the action."""
    hand = state.players[seat].hand
    need = Counter(named_cards(action)) - Counter(hand)
    for card, n in need.items():
        if not C.is_valid_code(card):
            continue
        for _ in range(n):
            if C.HIDDEN not in hand:
                return
            hand[hand.index(C.HIDDEN)] = card
