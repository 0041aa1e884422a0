"""game.moves.meld_targets: which of the side's melds a set of cards may join.

The page highlights these melds and lets Meld add cards to the only one they
can go to; the answer must be the engine's, so each case is checked against
``apply``.
"""

from game import apply
from game.moves import meld_targets
from tests.helpers import position

HAND = "KS KH 9C 9D 2H 5C 6D 8H JH QC"


def table():
    """South to play, the side has a Kings meld (id 1) and an Aces meld (id 2) down."""
    return position(hands={0: HAND}, melds={0: [("K", "KD KC KS"), ("A", "AS AH AD")]},
                    phase="play")


def test_two_kings_can_join_the_kings_meld_only():
    s = table()
    assert meld_targets(s, ["KS", "KH"]) == [1]
    apply(s, {"type": "meld", "melds": [{"to": 1, "cards": ["KS", "KH"]}]})  # the engine agrees
    assert len(s.sides[0].melds[0].cards) == 5


def test_cards_of_a_rank_with_no_meld_have_no_target():
    assert meld_targets(table(), ["9C", "9D"]) == []


def test_a_wild_card_may_join_either_meld():
    assert meld_targets(table(), ["2H"]) == [1, 2]


def test_placements_of_the_same_move_count():
    """Both Kings already go to the Kings meld in this move: the hand has no
    third King to send anywhere."""
    s = table()
    assert meld_targets(s, ["KS"]) == [1]
    assert meld_targets(s, ["KS"], placements=[{"to": 1, "cards": ["KS", "KH"]}]) == []


def test_no_target_before_the_draw():
    s = position(hands={0: HAND}, melds={0: [("K", "KD KC KS")]}, phase="draw")
    assert meld_targets(s, ["KS", "KH"]) == []
