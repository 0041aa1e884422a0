"""The bench's ``outside`` bot (game/bots/outside.py), a heuristic described
by another project: each rule of it decides a position built for that rule,
and the same position with the rule's condition changed decides otherwise."""

import game
from game.bots import get_bot
from game.names import Act
from game.view import observe
from tests.helpers import position

RULES = "hand-and-foot"
BOOKS = [("K", "KS KH KD KC KS KH KD"), ("Q", "QS QH QD QC QS QH QD")]  # two clean books: none still needed


def act(state, seat=0):
    return get_bot("outside")(observe(state, seat), seat)


def cards_melded(action):
    return sorted(c for m in action["melds"] for c in m["cards"])


def test_takes_the_pile_a_meld_uses_unless_it_holds_three_red_threes():
    take = position(RULES, hands={0: "9H 9C 4S 6D 8C"}, discard="3H 5S 9S", melds={0: [("A", "AS AH AD")]})
    assert act(take)["type"] == Act.TAKE_PILE
    leave = position(RULES, hands={0: "9H 9C 4S 6D 8C"}, discard="3H 3D 3H 9S", melds={0: [("A", "AS AH AD")]})
    assert act(leave)["type"] == Act.DRAW


def test_gets_down_as_soon_as_the_minimum_is_reached():
    down = position(RULES, hands={0: "AS AH AD 4C 6D 8H"}, phase="play")  # 60 points, deal 1 asks 50
    assert act(down)["type"] == Act.MELD and cards_melded(act(down)) == ["AD", "AH", "AS"]
    short = position(RULES, hands={0: "KS KH KD 4C 6D 8H"}, phase="play")  # 30 points
    assert act(short)["type"] == Act.DISCARD


def test_once_down_lays_every_natural_card():
    state = position(RULES, hands={0: "9D 9S QH QS QC 4D JK"}, melds={0: [("9", "9H 9C 9H")]}, phase="play")
    assert cards_melded(act(state)) == ["9D", "9S", "QC", "QH", "QS"]  # the Joker kept: no book to finish


def test_keeps_wilds_off_the_clean_book_while_one_is_needed():
    nines = ("9", "9H 9C 9H 9C 9D 9S")
    needed = position(RULES, hands={0: "JK 4C 6D"}, melds={0: [nines]}, phase="play")
    assert act(needed)["type"] == Act.DISCARD
    done = position(RULES, hands={0: "JK 4C 6D"}, melds={0: BOOKS + [nines]}, phase="play")
    assert act(done)["type"] == Act.MELD and cards_melded(act(done)) == ["JK"]  # the book finished


def test_in_the_hand_wilds_only_finish_a_book_from_the_foot_all_are_spent():
    jacks = ("J", "JS JH JD JC")
    hand = position(RULES, hands={0: "JK 2C 4C 6D 8H"}, melds={0: BOOKS + [jacks]}, phase="play")
    assert act(hand)["type"] == Act.DISCARD  # two wilds cannot finish the Jacks
    foot = position(RULES, hands={0: "JK 2C 4C 6D 8H"}, piles={0: []}, melds={0: BOOKS + [jacks]}, phase="play")
    assert act(foot)["type"] == Act.MELD and cards_melded(act(foot)) == ["2C", "JK"]
    pair = position(RULES, hands={0: "JK 4C 4D 8H 9S"}, piles={0: []}, melds={0: BOOKS}, phase="play")
    assert cards_melded(act(pair)) == ["4C", "4D", "JK"]  # a wild with a pair, from the foot only
    in_hand = position(RULES, hands={0: "JK 4C 4D 8H 9S"}, melds={0: BOOKS}, phase="play")
    assert act(in_hand)["type"] == Act.DISCARD


def test_discards_the_least_useful_card_the_highest_of_equals():
    state = position(RULES, hands={0: "KS 4D 9H 9C 2D"}, melds={0: [("A", "AS AH AD")]}, phase="play")
    assert act(state) == {"type": Act.DISCARD, "card": "KS"}  # a lone King over a lone 4; never a pair or a wild
    three = position(RULES, hands={0: "KS 4D 3S"}, melds={0: [("A", "AS AH AD")]}, phase="play")
    assert act(three)["card"] == "3S"


def test_goes_out_as_soon_as_allowed_and_lets_its_partner():
    books = BOOKS + [("J", "JS JH JD JC JS 2C JK"), ("T", "TS TH TD TC TS 2D 2H"), ("W", "JK JK 2S 2S 2D 2H JK")]
    state = position(RULES, hands={0: "9S 9H 9D 4C"}, piles={0: [], 2: []}, melds={0: books}, phase="play")
    state.players[2].foot_played = True
    assert act(state)["type"] == Act.ASK  # the books are made and its cards would all go down
    game.apply(state, act(state))
    assert act(state, 2) == {"type": Act.ANSWER, "yes": True}
    game.apply(state, act(state, 2))
    game.apply(state, act(state))
    assert act(state) == {"type": Act.DISCARD, "card": "4C"} and state.players[0].hand == ["4C"]
    game.apply(state, act(state))
    assert state.deal_over and state.went_out == 0
    unfinished = position(RULES, hands={0: "9S 9H 9D 4C"}, piles={0: [], 2: []}, melds={0: books[:-1]},
                          phase="play")
    unfinished.players[2].foot_played = True
    assert act(unfinished)["type"] != Act.ASK  # the wild book is missing
