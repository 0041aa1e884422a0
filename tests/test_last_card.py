"""No one is left without a card: a meld after which the turn ends with a
discard must leave two cards (one to discard, one to hold) unless that
discard may be the last card. Pagat, "Hand and Foot"
(https://www.pagat.com/rummy/handfoot.html): "you are not allowed to leave
yourself without any cards. That means that if you are playing from your
foot, you must keep at least two cards in your hand after melding - one to
discard and at least one to hold". Denexa Games, "Triple Play (Hand, Knee,
and Foot)" (https://www.denexa.com/blog/triple-play-hand-knee-and-foot/):
"After melding, a player that began their turn by drawing from the stock
ends it by discarding a single card. If a player began their turn by
picking up the discard pile instead, they do not discard."
"""

import pytest

from game import apply, new_game
from game.presets import PRESETS
from game.runs.simulate import play_game
from tests.helpers import BOOK, add, meld, position, refused, take, tier

NO_BOOK = BOOK[:2]


def in_foot(rules="triple-play", hand="9S 9H 9D 4C", book=NO_BOOK, phase="play", **kw):
    """Seat 0 (and its partner) in the foot, after drawing unless ``phase`` says."""
    return position(rules, hands={0: hand}, piles={0: [], 2: []}, melds={0: list(book)}, phase=phase, **kw)


def test_in_the_foot_a_meld_may_not_leave_one_card_when_going_out_is_not_allowed():
    refused(in_foot(), meld("9S 9H 9D"), "keep two cards", "clean canasta")
    s = in_foot(hand="9S 9H 9D 4C 6C")
    apply(s, meld("9S 9H 9D"))  # two cards kept: one to discard, one to hold
    apply(s, {"type": "discard", "card": "4C"})
    assert s.players[0].hand == ["6C"] and s.turn == 1


def test_in_the_foot_with_the_book_a_meld_may_leave_one_card_only_after_the_partner_said_yes():
    s = in_foot(book=BOOK)
    refused(s, meld("9S 9H 9D"), "keep two cards", "Ask your partner")
    apply(s, {"type": "ask_to_go_out"})
    apply(s, {"type": "answer", "yes": False})
    refused(s, meld("9S 9H 9D"), "keep two cards", "said no")
    s = in_foot(book=BOOK)
    apply(s, {"type": "ask_to_go_out"})
    apply(s, {"type": "answer", "yes": True})
    apply(s, meld("9S 9H 9D"))
    apply(s, {"type": "discard", "card": "4C"})
    assert s.went_out == 0


def test_in_the_hand_a_meld_may_leave_one_card_only_when_the_knee_will_be_open():
    s = position(hands={0: "9S 9H 9D 4C"}, phase="play", opened=[0])
    refused(s, meld("9S 9H 9D"), "keep two cards", "knee")
    s = position(hands={0: "9S 9H 9D 4C"}, phase="play", opened=[0], knee_ready=[0],
                 melds={0: [("K", "KS KH KD KC KS KH KD")]})
    apply(s, meld("9S 9H 9D"))
    apply(s, {"type": "discard", "card": "4C"})
    assert s.players[0].pending_pickup


def test_a_meld_that_makes_the_first_canasta_may_leave_one_card_the_knee_comes_at_once():
    s = position(hands={0: "9S 9H 4C"}, melds={0: [("9", "9D 9C 9S 9H 9D")]}, phase="play")
    apply(s, add(1, "9S 9H"))
    assert len(s.players[0].hand) == 1 + 13


def test_after_taking_the_pile_one_card_may_be_kept_the_turn_ends_with_a_knock():
    """Denexa: after taking the pile there is no discard, so one card is enough."""
    s = position(hands={0: "KS KH 9S 9H 9D 4C"}, piles={0: [], 2: []}, discard="KD", opened=[0])
    apply(s, take("KS KH"))
    apply(s, meld("9S 9H 9D"))
    refused(s, {"type": "discard", "card": "4C"}, "knock")
    apply(s, {"type": "knock"})
    assert s.players[0].hand == ["4C"] and s.turn == 1


def test_where_the_player_discards_after_taking_the_pile_the_take_must_leave_two_cards():
    s = position("hand-and-foot", hands={0: "KS KH 4C"}, piles={0: [], 2: []}, discard="KD", opened=[0])
    refused(s, take("KS KH"), "keep two cards")


def test_going_out_without_a_discard_means_no_meld_down_to_one_card():
    """hkf-sheet: going out means every card played with no discard."""
    s = in_foot("hkf-sheet", book=BOOK)
    apply(s, {"type": "ask_to_go_out"})
    apply(s, {"type": "answer", "yes": True})
    refused(s, meld("9S 9H 9D"), "keep two cards", "no discard")


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_a_turn_ends_with_a_discard_when_one_may_be_made(name):
    s = position(name, hands={0: "9S 4C"}, phase="play", opened=[0])
    refused(s, {"type": "knock"}, "discarding a card")


def test_in_the_foot_two_red_threes_drawn_leave_one_card_and_the_turn_ends_without_a_discard():
    """The only turn that ends without a discard and without taking the pile:
    red 3s are not replaced from the knee on (Denexa), so a player holding one
    card in the foot who draws two red 3s still holds one card, which they may
    not throw (docs/presets/triple-play.md, rulings)."""
    s = in_foot(hand="4C", stock_top="3H 3D", phase="draw")
    apply(s, {"type": "draw"})
    assert s.players[0].hand == ["4C"] and len(s.sides[0].red3) == 2
    refused(s, {"type": "discard", "card": "4C"}, "last card")
    apply(s, {"type": "knock"})
    assert s.turn == 1 and s.players[0].hand == ["4C"]
    s = in_foot("hand-and-foot", hand="4C", stock_top="3H 3D", phase="draw")
    apply(s, {"type": "draw"})
    assert len(s.players[0].hand) == 3  # replaced wherever they are found: a discard follows
    refused(s, {"type": "knock"}, "discarding a card")


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(PRESETS))
def test_normal_bots_never_make_a_refused_move_and_discard_unless_they_may_not(name):
    """Three whole games per preset, fifteen in the deep tier (``play_game`` raises on any refused
    move; ``python3 -m game simulate`` runs hundreds, bench/LOG.md). Replayed,
    every knock ends a turn that took the pile under rules with no discard
    then, or the two-red-3s turn above."""
    rules = PRESETS[name]
    for seed in range(tier(3, 15)):
        game = play_game(rules, seed, ["normal"])
        state = new_game(rules, seed=seed, bots=[p.bot for p in game.players])
        for a in game.log:
            if a["type"] == "knock":
                player = state.players[a["seat"]]
                assert (state.took_pile and not rules.discard_after_pile
                        or len(player.hand) == 1 and not player.piles), (seed, a)
            apply(state, a)
