"""game.moves.meld_placements: Meld with cards of several ranks selected.

The page's Meld sends every selected rank at once when each rank has one
place to go (a new meld, else the one meld of the side it can join); where a
rank has none or several, or wild cards come with several ranks, the refusal
says what to do. Each accepted split is played through ``apply``.
"""

import pytest

from game import IllegalMove, apply
from game.moves import meld_placements
from tests.helpers import HAND, position


def table(rules="triple-play", melds=None):
    """South to play; the side has an 8s meld (id 1) and a 4s meld (id 2) down."""
    return position(rules, hands={0: HAND}, phase="play",
                    melds={0: melds or [("8", "8D 8C 8S"), ("4", "4S 4H 4C")]})


def play(state, cards):
    """Meld ``cards`` the way the page does; the melds' sizes after it."""
    apply(state, {"type": "meld", "melds": meld_placements(state, cards)})
    return {m.rank: len(m.cards) for m in state.sides[0].melds}


def refusal(state, cards, placements=()):
    with pytest.raises(IllegalMove) as e:
        meld_placements(state, cards, placements)
    return str(e.value)


def test_two_ranks_join_their_own_melds_at_once():
    s = table()
    assert meld_placements(s, ["8H", "4D"]) == [{"to": 1, "cards": ["8H"]}, {"to": 2, "cards": ["4D"]}]
    assert play(s, ["8H", "4D"]) == {"8": 4, "4": 4}


def test_a_new_meld_and_an_addition_in_one_move():
    s = table()
    assert play(s, ["9C", "9D", "9H", "8H"]) == {"8": 4, "4": 3, "9": 3}


def test_staged_placements_come_first_and_stay():
    s = table()
    staged = [{"cards": ["9C", "9D", "9H"]}]
    assert meld_placements(s, ["8H", "4D"], staged) == [*staged, {"to": 1, "cards": ["8H"]},
                                                      {"to": 2, "cards": ["4D"]}]


def test_wild_cards_with_several_ranks_are_refused_with_what_to_do():
    assert refusal(table(), ["8H", "4D", "2C"]) == (
        "Wild cards join one rank at a time: select them with that rank alone "
        "and tap Meld, then meld the other ranks.")


def test_wild_cards_with_one_rank_go_with_it():
    s = table()
    assert meld_placements(s, ["9C", "9D", "2C"]) == [{"cards": ["9C", "9D", "2C"]}]


def test_a_rank_with_no_place_names_the_rank_and_the_engines_reason():
    assert refusal(table(), ["8H", "KS", "KH"]) == "Your Kings: A meld needs at least 3 cards."


def test_a_rank_with_two_melds_to_join_says_what_to_do():
    """club-sheet: a finished canasta of 8s still takes cards, beside an unfinished 8s meld."""
    s = table("club-sheet", melds=[("8", "8D 8C 8S 8D 8C 8S 8D"), ("8", "8C 8S 8D"), ("4", "4S 4H 4C")])
    s.turn_number = 5  # the canasta was made before this turn
    assert refusal(s, ["8H", "4D"]) == ("Your 8s can join 2 melds: select the 8s alone "
                                        "and tap the meld you want, or Meld one rank at a time.")


def test_one_rank_with_two_melds_keeps_the_highlight_advice():
    s = table("club-sheet", melds=[("8", "8D 8C 8S 8D 8C 8S 8D"), ("8", "8C 8S 8D")])
    s.turn_number = 5
    assert refusal(s, ["8H"]).endswith(" Tap one of the highlighted melds to add them there.")


def test_one_rank_joins_its_only_meld_as_before():
    s = table()
    assert meld_placements(s, ["8H"]) == [{"to": 1, "cards": ["8H"]}]


def test_before_the_first_meld_the_ranks_count_together():
    """50 points needed: three 9s (30) and three Kings (30) reach it only
    together, so both start new melds and the engine judges them as one move."""
    s = position(hands={0: "9C 9D 9H KS KH KD 4D 6D"}, phase="play")
    melds = meld_placements(s, ["9C", "9D", "9H", "KS", "KH", "KD"])
    assert melds == [{"cards": ["9C", "9D", "9H"]}, {"cards": ["KS", "KH", "KD"]}]
    apply(s, {"type": "meld", "melds": melds})
    assert sorted(m.rank for m in s.sides[0].melds) == ["9", "K"]



@pytest.mark.parametrize("rules, cards", [
    ("triple-play", "JK JK 5C"), ("triple-play", "5C 5D"), ("triple-play", "5C 5D 6H"),
    ("hand-and-foot", "2C 2D 9H"), ("triple-play", "9C 9D 9H 2S"), ("simpson", "JK 2C 2D"),
])
def test_a_new_meld_s_problem_is_the_one_the_engine_refuses_it_with(rules, cards):
    """game.melds.new_meld_problem, which the page asks when a meld is staged,
    says what the engine says of that meld laid down (or that it is a meld)."""
    from game.melds import new_meld_problem
    from game.moves import refusal as engine_refusal
    hand = cards.split()
    state = position(rules, hands={0: " ".join(hand + ["KS", "QH", "7D"])}, phase="play",
                     melds={0: [("8", "8D 8C 8S")]})
    engine = engine_refusal(state, {"type": "meld", "melds": [{"cards": hand}]})
    assert new_meld_problem(state.rules, hand) == engine
