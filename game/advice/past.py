"""What a seat was advised earlier in a game, so a hint can build on it.

A hint's words depend on it (game.advice.hints): holding melds back is
explained the first time it is advised to the seat, and advice against the
obvious move that comes back at the seat's next turn says "Still ..." with
what still holds. It is explicit input kept by the caller (ui.learn.learn,
per seat, for the game at the table): the game's state knows nothing of hints.

A seat's turn is (deal, turn number) of its current turn, or of its latest
one while it answers a partner. Turns go round the table in order
(game.invariants), so the seat's turn before is ``players`` turn numbers
earlier in the same deal. What was said at the turn at hand counts for
neither: the same position asked about twice gets the same words.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.state import GameState

Turn = tuple[int, int]  # (deal, turn number)


def seat_turn(obs: GameState, seat: int) -> Turn:
    """``seat``'s current turn, or its latest one (when it answers a partner)."""
    return obs.deal, obs.turn_number - (obs.turn - seat) % obs.num_players


@dataclass(frozen=True)
class HintPast:
    """The ideas of one seat's hints in one game, each with the seat's turn it was given at."""

    said: frozenset[tuple[str, Turn]] = frozenset()

    def told(self, idea: str, turn: Turn) -> HintPast:
        return HintPast(self.said | {(idea, turn)})

    def explained(self, idea: str, turn: Turn) -> bool:
        """Whether ``idea`` was advised at a turn before ``turn``."""
        return any(i == idea and t < turn for i, t in self.said)

    def repeats(self, idea: str, turn: Turn, players: int) -> bool:
        """Whether ``idea`` was advised at the seat's turn just before ``turn``."""
        return (idea, (turn[0], turn[1] - players)) in self.said
