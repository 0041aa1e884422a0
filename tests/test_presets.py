"""The rules that set each preset apart, citing sources.

Seeds (titles and addresses in docs/presets/*.md): 001 = Cool Old Games,
"Triple Play"; 002 = a club's printed sheet, "Triple Play: A Variation of
Canasta"; 003 = Pagat, "Hand and Foot"; 004 = "Hand, Knee and Foot" (TWR Times).
"""

import json
import os
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

import pytest

from game import RulesError, apply, legal_actions, new_game, view
from game import cards as C
from game.engine import opening_minimum
from game.invariants import row_problem
from game.presets import PRESETS, get_preset
from game.runs.simulate import play_game
from game.scoring import deal_breakdown
from game.state import GameState
from game.words import narrate
from tests.helpers import BOOK, add, meld, position, refused, take, tier


def go_out_ready(rules, hand, book, **kw):
    """Seat 0 in the foot with ``book`` melded and the partner's yes (when there is one)."""
    s = position(rules, hands={0: hand}, piles={i: [] for i in range(4)}, melds={0: list(book)},
                 phase="play", **kw)
    if s.partners(0) and s.rules.ask_partner:
        apply(s, {"type": "ask_to_go_out"})
        for _ in s.partners(0):
            apply(s, {"type": "answer", "yes": True})
    return s


# -- triple-play-001 (RULES section 2, seed 001) -----------------------------------
def test_001_melds_hold_two_naturals_and_up_to_three_wilds():
    """Seed 001 'Wilds': at least two non-wild cards, never more than three wildcards."""
    s = position("triple-play-001", hands={0: "9S 9H 2C 2D JK 8S 2S 2H 4C 6C"}, phase="play", opened=[0])
    apply(s, meld("9S 9H 2C 2D JK"))
    refused(s, meld("8S 2S 2H"), "at least 2 natural")
    s = position("triple-play-001", hands={0: "9S 9H 2C 2D JK 2S 4C"}, phase="play", opened=[0])
    refused(s, meld("9S 9H 2C 2D JK 2S"), "at most 3 wild")


def test_001_black_threes_left_count_zero():
    """Seed 001 'Tip 2': black 3s have a score of 0."""
    s = position("triple-play-001", hands={0: "3S 3C 4C", 2: ""}, piles={0: [], 2: []})
    assert deal_breakdown(s)[0]["left"] == -5


def test_001_red_three_left_in_an_unplayed_foot_counts_its_100_against():
    """Seed 001 Scoring: "Each card is scored individually, each having its own associated score.
    This score is the same value, whether subtracted or added to a partnership's final total."
    and "Red 3s (Always Unmelded) | 100 Points"."""
    s = position("triple-play-001", hands={0: "4C", 2: ""}, piles={0: ["3H 9S"], 2: []})
    assert deal_breakdown(s)[0]["left"] == -5 - 100 - 10
    s = position("triple-play", hands={0: "4C", 2: ""}, piles={0: ["3H 9S"], 2: []})
    assert deal_breakdown(s)[0]["left"] == -5 - 500 - 10  # seed 000 says -500


def test_001_red_threes_are_always_replaced():
    """Seed 001 'Red 3s': any red 3 drawn during the game follows the same procedure."""
    s = position("triple-play-001", hands={0: "4C 6C"}, piles={0: ["JS JS JS"]}, stock_top="3H KS QS",
                 melds={0: [("9", "9D 9C 9S 9H 9D 9C 9S")]})
    apply(s, {"type": "draw"})
    assert Counter(s.players[0].hand) == Counter("4C 6C KS QS".split())


def test_001_seven_red_threes_score_1000():
    """Seed 001 'Basic Book': a "Canasta" of seven red 3s, 300 more, 1000 in all."""
    s = position("triple-play-001", red3={0: "3H 3H 3H 3H 3D 3D 3D"})
    assert deal_breakdown(s)[0]["red3"]["points"] == 1000


def test_001_going_out_needs_no_basic_book_unless_the_option_is_on():
    """RULES section 2: seed 001 states no basic book (option off by default)."""
    s = go_out_ready("triple-play-001", "9S 9H 9D", [("K", "KS KH KD")])
    apply(s, meld("9S 9H 9D"))
    assert s.phase == "deal_end" and s.went_out == 0
    strict = get_preset("triple-play-001").derive(name="house", books_required=True)
    s = position(strict, hands={0: "9S 9H 9D"}, piles={0: [], 2: []}, melds={0: [("K", "KS KH KD")]},
                 phase="play")
    refused(s, {"type": "ask_to_go_out"}, "still needs")


def test_001_a_hand_is_not_emptied_before_the_sides_first_canasta():
    """Seed 001: "Players must empty their Hand first. Once that has been done, they may
    begin playing with the Knee cards." Read as the order of the piles: the knee opens with
    the side's first canasta (as in triple-play), so the hand's last card may not be played
    before it, melded or discarded (docs/presets/triple-play-001.md, rulings)."""
    for hand, action in (("9S 9H 9D", meld("9S 9H 9D")), ("4C", {"type": "discard", "card": "4C"})):
        s = position("triple-play-001", hands={0: hand}, phase="play", opened=[0])
        refused(s, action, "until your side has made a canasta")
    s = position("triple-play-001", hands={0: "9S 9H 9D 9C 9S 9H 9D"}, phase="play", opened=[0])
    apply(s, meld("9S 9H 9D 9C 9S 9H 9D"))  # the canasta opens the knee: the hand may empty into it
    assert len(s.players[0].hand) == 13 and len(s.players[0].piles) == 1
    assert not get_preset("triple-play-001").empty_hand_opens_knee  # the option keeps this reading


KNEE_001 = "KS KH KD KC KS KH KD 4C 6C 8S 8H TS TH"
FOOT_001 = "4D 4H 6D 6H 8D 8C TD TC JS JH QS"


def test_001_option_an_emptied_hand_opens_the_knee_without_a_canasta():
    """Seed 001's other reading of "Players must empty their Hand first. Once that has been done,
    they may begin playing with the Knee cards", the house option ``empty_hand_opens_knee``: a
    hand emptied by melding opens its knee at once, by discarding at the next turn (as a foot);
    the side's first canasta still opens the partners' knees, and its maker, already past the
    knee, does not pick up the foot (docs/presets/triple-play-001.md, rulings)."""
    rules = get_preset("triple-play-001").derive(empty_hand_opens_knee=True)
    s = position(rules, hands={0: "9S 9H 9D"}, piles={0: [KNEE_001, FOOT_001]}, phase="play", opened=[0])
    apply(s, meld("9S 9H 9D"))
    assert s.players[0].hand == KNEE_001.split() and len(s.players[0].piles) == 1
    assert not s.sides[0].knee_unlocked and GameState.from_json(s.to_json()).to_json() == s.to_json()
    apply(s, meld("KS KH KD KC KS KH KD"))  # the side's first canasta
    assert len(s.players[0].piles) == 1 and len(s.players[0].hand) == 6 and s.players[2].knee_ready
    s = position(rules, hands={0: "4C"}, phase="play")
    apply(s, {"type": "discard", "card": "4C"})
    assert s.players[0].pending_pickup and len(s.players[0].piles) == 2
    assert GameState.from_json(s.to_json()).to_json() == s.to_json()


@pytest.mark.parametrize("bots", [["random"], ["normal"], ["easy", "normal"]])
def test_001_option_bots_play_whole_games_with_the_knee_opened_by_an_empty_hand(bots):
    rules = get_preset("triple-play-001").derive(empty_hand_opens_knee=True)
    for seed in range(tier(2, 10)):
        assert play_game(rules, seed, bots).phase == "game_end"  # raises on an illegal move


def test_001_pile_taken_onto_own_meld_without_a_pair():
    """RULES section 2: the pile may be taken whenever its top card can be melded at once."""
    s = position("triple-play-001", hands={0: "4C 6C"}, melds={0: [("9", "9S 9H 9D")]}, discard="KS 9C")
    apply(s, take({"to": 1, "cards": []}))
    assert len(s.sides[0].melds[0].cards) == 4 and "KS" in s.players[0].hand


def test_001_no_laying_off_on_opponents_melds():
    """RULES section 2 ruling: melds belong to a side, so only the side's own."""
    s = position("triple-play-001", hands={0: "9S 4C 6C"}, melds={0: [("K", "KS KH KD")], 1: [("9", "9D 9C 9H")]},
                 phase="play")
    refused(s, add(2, "9S"), "opponents' melds")


# -- club-sheet (RULES section 3, seed 002) ----------------------------------------
@pytest.mark.parametrize("players,decks,sides", [(3, 7, 3), (4, 6, 2), (6, 7, 2)])
def test_club_sheet_players_and_decks(players, decks, sides):
    """Seed 002 'Players': 3 alone with 7 decks, 2 teams of 2 with 6, 2 teams of 3 with 7."""
    s = new_game("club-sheet", seed=1, players=players)
    assert sum(s.all_cards().values()) == decks * 54 and len(s.sides) == sides
    assert s.rules.deals == 6


def test_club_sheet_upcard_is_never_a_three_wild_five_or_seven():
    """Seed 002 'Dealing': if it is a 7, 5, wild, or red or black three, another card is turned."""
    for seed in range(60):
        up = new_game("club-sheet", seed=seed).discard[0]
        assert not (C.is_wild(up) or up[0] in "357")


@pytest.mark.parametrize("total,minimum", [(-500, 50), (14995, 50), (15000, 90), (29995, 90),
                                           (30000, 120), (50000, 120), (50005, 150)])
def test_club_sheet_first_meld_minimum_by_running_score(total, minimum):
    """Seed 002 'Meld': 0 up to 15,000: 50; to 30,000: 90; to 50,000: 120; over 50,000: 150."""
    assert opening_minimum(position("club-sheet", totals={0: total}), 0) == minimum


def test_club_sheet_first_meld_from_the_pile_takes_only_the_top_card():
    """Seed 002 'The Play': when the top card counts for the first meld only it is taken."""
    s = position("club-sheet", hands={0: "9H 9C KS KH KD 4C"}, discard="AS AD 9S")
    apply(s, take("9H 9C", "KS KH KD"))
    assert s.discard == ["AS", "AD"] and Counter(s.players[0].hand) == Counter(["4C"])


def test_club_sheet_after_melding_the_whole_pile_is_taken():
    s = position("club-sheet", hands={0: "9H 9C 4C"}, discard="AS AD 9S", opened=[0])
    apply(s, take("9H 9C"))
    assert s.discard == [] and Counter(s.players[0].hand) == Counter("4C AS AD".split())


@pytest.mark.parametrize("cards,ok", [("9S 9H 2C 2D", True), ("9S 2C 2D", False),
                                      ("9S 9H 9D 9C 2C 2D JK", False), ("9S 9H 9D 9C 9S 2C 2D", True)])
def test_club_sheet_never_more_wilds_than_naturals_and_at_most_two(cards, ok):
    """Seed 002 'Meld': never more wilds than value cards, no more than 2 wild cards."""
    s = position("club-sheet", hands={0: cards + " 4C 6C"}, phase="play", opened=[0])
    if ok:
        apply(s, meld(cards))
    else:
        refused(s, meld(cards), "wild")


def test_club_sheet_no_extra_cards_on_the_book_canastas():
    """Seed 002: cards for count may be added to canastas, but never to the basic Book."""
    s = position("club-sheet", hands={0: "KS KH KD 4C 6C"}, phase="play",
                 melds={0: [("K", "KS KH KD KC KS")]})
    apply(s, add(1, "KS KH"))
    assert s.sides[0].melds[0].book  # the side's first natural canasta fills the book
    s.turn_number += 4
    refused(s, add(1, "KD"), "basic book")


@pytest.mark.parametrize("down", [5, 6])
def test_club_sheet_a_pair_takes_no_pile_onto_five_or_six_of_the_rank_down(down):
    """Seed 002: "the entire discard pile is picked up by that team if they have two matching
    cards in their hand (but no more than five of the same cards already in their meld on the
    table)". Read through the sheet's meld rules: with six down the pair and the top card
    cannot go anywhere (nine cards in an unfinished meld, or a second unfinished meld of the
    rank); with five they would make eight at once, a canasta grown in the turn it is made,
    which "Cards for count may be added to any Canastas (except in the same turn that Canasta
    has been made)" forbids. With four down the take makes the canasta."""
    s = position("club-sheet", hands={0: "9H 9C 4C 6C KS"}, melds={0: [("9", " ".join(["9D"] * down))]},
                 discard="AS AD 9S")
    refused(s, take({"to": 1, "cards": ["9H", "9C"]}), "at most 7 cards")
    refused(s, take("9H 9C"), "two unfinished melds")
    s = position("club-sheet", hands={0: "9H 9C 4C 6C KS"}, melds={0: [("9", "9D 9D 9D 9D")]}, discard="AS AD 9S")
    apply(s, take({"to": 1, "cards": ["9H", "9C"]}))
    assert len(s.sides[0].melds[0].cards) == 7 and s.discard == []


def test_club_sheet_growth_waits_a_turn():
    s = position("club-sheet", hands={0: "KS KH KD 4C 6C"}, phase="play",
                 melds={0: [("K", "KS KH KD KC KS"), ("9", "9S 9H 9D 9C 9S 9H 9D"),
                            ("Q", "QS QH QD QC QS QH QD")]})
    s.sides[0].melds[1].book = True
    apply(s, add(1, "KS KH"))  # second natural canasta: not a book (the 9s fill it)
    assert not s.sides[0].melds[0].book
    refused(s, add(1, "KD"), "after the turn it was made")
    s.turn_number += 4
    apply(s, add(1, "KD"))
    assert len(s.sides[0].melds[0].cards) == 8


def test_club_sheet_six_players_ask_both_partners():
    """Seed 002 'Going out': he must ask his partner or partners and comply."""
    book = [(r, t) for r, t in BOOK]
    s = position("club-sheet", players=6, hands={0: "9S 9H 9D"}, piles={i: [] for i in range(6)},
                 melds={0: book}, phase="play")
    assert s.partners(0) == [2, 4]
    apply(s, {"type": "ask_to_go_out"})
    apply(s, {"type": "answer", "yes": True})
    assert s.phase == "answer" and s.to_move() == 4
    apply(s, {"type": "answer", "yes": False})
    refused(s, meld("9S 9H 9D"), "said no")


# -- hkf-sheet (RULES section 4, seed 004) --------------------------------------------
@pytest.mark.parametrize("players,decks,sides", [(3, 7, 3), (4, 6, 2), (6, 7, 2)])
def test_hkf_players_decks_and_upcard(players, decks, sides):
    """Seed 004: 3 alone with 7 decks, 2 teams of 2 with 6, 2 teams of 3 with 7; the
    upcard "cannot be a wild card, seven, five, black or red three"."""
    s = new_game("hkf-sheet", seed=1, players=players)
    assert sum(s.all_cards().values()) == decks * 54 and len(s.sides) == sides
    for seed in range(40):
        up = new_game("hkf-sheet", seed=seed, players=players).discard[0]
        assert not (C.is_wild(up) or up[0] in "357")


def test_hkf_going_out_does_not_wait_for_the_partners_piles():
    """Seed 004: "It is not necessary for all team members to be able play all their cards to go out."""
    s = position("hkf-sheet", hands={0: "9S 9H 9D"}, piles={0: [], 2: ["QS QH QD", "JS JH JD"]},
                 melds={0: list(BOOK)}, phase="play")
    apply(s, {"type": "ask_to_go_out"})
    apply(s, {"type": "answer", "yes": True})
    apply(s, meld("9S 9H 9D"))
    assert s.went_out == 0


def test_hkf_dealer_plays_first():
    """Seed 004: the dealer starts play."""
    s = new_game("hkf-sheet", seed=3)
    assert s.turn == s.dealer


@pytest.mark.parametrize("total,minimum", [(14995, 50), (15000, 90), (29995, 90), (30000, 120),
                                           (49995, 120), (50000, 150)])
def test_hkf_first_meld_minimum_by_running_score(total, minimum):
    """Seed 004: below 14,995: 50; 15,000-29,995: 90; 30,000-49,995: 120; over 50,000: 150."""
    assert opening_minimum(position("hkf-sheet", totals={0: total}), 0) == minimum


def test_hkf_red_threes_wait_until_the_side_has_melded():
    """Seed 004: once meld is made, red 3s in the hand are added and replaced."""
    s = position("hkf-sheet", hands={0: "3H 9H 9C 9D KS KH KD 4C"}, phase="play", stock_top="QS")
    assert s.sides[0].red3 == []
    refused(s, {"type": "discard", "card": "3H"}, "laid on the table")
    apply(s, meld("9H 9C 9D", "KS KH KD"))
    assert s.sides[0].red3 == ["3H"] and "QS" in s.players[0].hand


def test_hkf_red_three_book_is_worth_1000():
    s = position("hkf-sheet", red3={0: "3H 3H 3H 3H 3D 3D 3D"})
    assert deal_breakdown(s)[0]["red3"]["points"] == 1000


def test_hkf_going_out_needs_every_card_played_with_no_discard():
    """Seed 004 'In order to go out': play all cards with no discard."""
    s = go_out_ready("hkf-sheet", "9S 9H 9D 4C", BOOK)
    refused(s, meld("9S 9H 9D"), "no discard")  # its last card could not be discarded
    s = go_out_ready("hkf-sheet", "4C", BOOK)  # a one-card hand, built by hand
    refused(s, {"type": "discard", "card": "4C"}, "melding every card")
    s = go_out_ready("hkf-sheet", "9S 9H 9D", BOOK)
    apply(s, meld("9S 9H 9D"))
    assert s.went_out == 0


def test_hkf_partner_holds_the_knee_from_the_start_of_their_next_turn():
    """Seed 004: "Other players on that team may also pick up their KNEE at that
    time and play it at their turn": the knee counts for taking the pile."""
    s = position("hkf-sheet", hands={0: "9S 9H 4C 6C 8C", 1: "KD 5C 6D"}, phase="play",
                 melds={0: [("9", "9D 9C 9S 9H 9D")]}, piles={2: ["KS KH 8S", "QS QH QD"]})
    apply(s, add(1, "9S 9H"))
    assert s.players[2].knee_ready and len(s.players[2].piles) == 2
    apply(s, {"type": "discard", "card": "4C"})
    apply(s, {"type": "draw"})
    apply(s, {"type": "discard", "card": "KD"})
    assert s.turn == 2 and len(s.players[2].piles) == 1
    apply(s, take("KS KH"))
    assert s.took_pile


def test_hkf_partner_knee_is_a_house_option_other_presets_keep_the_draw_first_rule():
    from game.house import build, changes
    from game.words.describe import describe
    assert get_preset("hkf-sheet").partner_knee_at_turn_start
    assert not any(r.partner_knee_at_turn_start for n, r in PRESETS.items() if n != "hkf-sheet")
    house = build(PRESETS["triple-play"], {"partner_knee_at_turn_start": True})
    assert [c["option"] for c in changes(house)] == ["partner_knee_at_turn_start"]
    knee = dict(describe(get_preset("hkf-sheet")))["Knee and foot"]
    assert any("counts for taking the pile" in line for line in knee)
    assert not any("remind" in line for line in knee)  # nothing to remember: the knee comes by itself


def test_hkf_a_second_book_of_sevens_earns_the_sevens_bonus_again_unless_the_option_is_off():
    """Seed 004: "All non required books are scored at 500 points for a red book and 300 points
    for a black book", beside "Additional 'required' books must be the same color as original
    'required' books". Read: a second book of 7s is again a book of 7s (5,000), as in
    triple-play; ``rank_bonus_repeats`` off scores it as any other clean book (500)."""
    sevens = [("7", "7S 7H 7D 7C 7S 7H 7D"), ("7", "7S 7H 7D 7C 7S 7H 7D")]
    assert get_preset("hkf-sheet").rank_bonus_repeats
    row = deal_breakdown(position("hkf-sheet", melds={0: sevens}))[0]["canastas"]["natural"]
    assert row == {"count": 2, "points": 10000}
    house = get_preset("hkf-sheet").derive(name="house", rank_bonus_repeats=False)
    row = deal_breakdown(position(house, melds={0: sevens}))[0]["canastas"]["natural"]
    assert row == {"count": 2, "points": 5500}


def test_hkf_required_books_take_no_extra_cards_additional_books_may():
    """Seed 004: cards may not be buried to the required books; to additional books they may."""
    book = [(r, t) for r, t in BOOK]
    s = position("hkf-sheet", hands={0: "KS 8S 8H 8D 8C 8S 8H 8D 8C 4C"}, melds={0: book}, phase="play")
    for m in s.sides[0].melds:
        m.book = True
    refused(s, add(4, "KS"), "basic book")
    apply(s, meld("8S 8H 8D 8C 8S 8H 8D"))
    apply(s, add(6, "8C"))
    assert len(s.sides[0].melds[-1].cards) == 8


# -- hand-and-foot (RULES section 5, seed 003 Whitnack) ---------------------------------
def test_hand_and_foot_deal():
    """Seed 003: five decks with jokers (270), a hand and a foot of 13, no knee."""
    s = new_game("hand-and-foot", seed=2)
    assert sum(s.all_cards().values()) == 270
    assert all([len(p.hand), *map(len, p.piles)] == [13, 13] for p in s.players)


def test_hand_and_foot_has_no_knee_and_melding_out_picks_up_the_foot():
    s = position("hand-and-foot", hands={0: "9S 9H 9D"}, piles={0: ["QS QH QD"]}, opened=[0], phase="play")
    refused(s, {"type": "pick_up_knee"}, "no knee")
    apply(s, meld("9S 9H 9D"))
    assert Counter(s.players[0].hand) == Counter("QS QH QD".split())


def test_hand_and_foot_upcard_is_never_a_red_three_or_wild():
    """Seed 003 (Whitnack): "If this card is a red three or wild card (two or joker) it is buried"."""
    ups = [new_game("hand-and-foot", seed=seed).discard[0] for seed in range(60)]
    assert not any(C.is_wild(up) or C.is_red_three(up) for up in ups)
    assert any(up[0] in "57" for up in ups)  # 5s and 7s may start the pile here


def test_hand_and_foot_pile_take_is_at_most_seven_and_the_player_still_discards():
    """Seed 003: take the top seven cards; after picking up and melding, discard as usual."""
    s = position("hand-and-foot", hands={0: "9H 9C 4C"}, discard="AS AS AS AS AS KS KS KS KS 9S", opened=[0])
    apply(s, take("9H 9C"))
    assert s.discard == ["AS", "AS", "AS"] and len(s.players[0].hand) == 1 + 6
    apply(s, {"type": "discard", "card": "4C"})
    assert s.turn == 1


def test_hand_and_foot_whitnack_example_nines_and_a_two():
    """Seed 003 example: two 9s and a 2 in hand take the pile for a 50-point opening;
    not if the 2 is buried in the pile."""
    s = position("hand-and-foot", hands={0: "9H 9C 2S 4C"}, discard="KS 9S")
    apply(s, take("9H 9C 2S"))
    assert s.sides[0].opened
    s = position("hand-and-foot", hands={0: "9H 9C 4C"}, discard="2S KS 9S")
    refused(s, take("9H 9C"), "needs 50 points", "make 30")


def test_hand_and_foot_red_threes_replaced_even_from_the_foot():
    s = position("hand-and-foot", hands={0: "4C 6C"}, piles={0: []}, opened=[0], stock_top="3H KS QS")
    apply(s, {"type": "draw"})
    assert Counter(s.players[0].hand) == Counter("4C 6C KS QS".split())


def test_hand_and_foot_fives_and_sevens_take_wilds():
    s = position("hand-and-foot", hands={0: "7S 7H 2C 4C 6C"}, phase="play", opened=[0])
    apply(s, meld("7S 7H 2C"))
    assert [(m.rank, m.cards) for m in s.sides[0].melds] == [("7", ["7S", "7H", "2C"])]
    s = position("triple-play", hands={0: "7S 7H 2C 4C 6C"}, phase="play", opened=[0])
    refused(s, meld("7S 7H 2C"), "wild")  # where 5s and 7s take none


def test_hand_and_foot_scoring():
    """Seed 003 'Card Values' and 'Bonus Points'."""
    s = position("hand-and-foot", melds={0: [("W", "2S 2H 2D 2C JK JK 2S"), ("7", "7S 7H 7D 7C 7S 7H 7D")]},
                 hands={0: "3S 3H", 2: "4C"}, piles={0: [], 2: []}, red3={0: "3D 3D 3D 3H 3H 3H 3H"})
    row = deal_breakdown(s)[0]
    assert row["left"] == -5 - 100 - 5
    assert row["canastas"]["wild"]["points"] == 1500 and row["canastas"]["natural"]["points"] == 500
    assert row["red3"]["points"] == 700


HF_BOOK = [("K", "KS KH KD KC KS KH KD"), ("Q", "QS QH QD QC QS QH QD"), ("J", "JS JH JD JC JS JH 2D"),
           ("T", "TS TH TD TC TS TH 2D"), ("W", "2S 2H 2C JK JK 2S 2H")]


def test_hand_and_foot_going_out_needs_two_clean_two_dirty_one_wild_and_partner_in_foot():
    s = position("hand-and-foot", hands={0: "9S 9H 9D"}, piles={0: [], 2: []}, melds={0: HF_BOOK[:4]},
                 phase="play")
    refused(s, {"type": "ask_to_go_out"}, "wild canasta")
    s = position("hand-and-foot", hands={0: "9S 9H 9D"}, piles={0: [], 2: []}, melds={0: HF_BOOK}, phase="play")
    refused(s, {"type": "ask_to_go_out"}, "North must first play from their foot")
    s.players[2].foot_played = True
    apply(s, {"type": "ask_to_go_out"})
    apply(s, {"type": "answer", "yes": True})
    apply(s, meld("9S 9H 9D"))
    assert s.deal_results[0]["sides"][0]["going_out"] == 100


KEEP_6C = {"type": "discard", "card": "4C"}


def granted(rules, answer=True):
    """Hand-and-foot's seat 0 in the foot with the book asks, gets ``answer`` and melds
    three 9s, holding 4C 6C: discarding 4C (``KEEP_6C``) ends the turn without going out."""
    s = position(rules, hands={0: "9S 9H 9D 4C 6C"}, piles={0: [], 2: []}, melds={0: HF_BOOK}, phase="play")
    s.players[2].foot_played = True
    apply(s, {"type": "ask_to_go_out"})
    apply(s, {"type": "answer", "yes": answer})
    apply(s, meld("9S 9H 9D"))
    return s


def test_hand_and_foot_a_yes_permits_going_out_and_does_not_oblige_it():
    """Seed 003 (Whitnack): "If partner agrees you must meld all of your remaining cards, or
    meld all but one of your remaining cards and discard your last card." Read as the two ways
    the yes lets the player go out, not as a duty: a player who then keeps cards may discard
    and play on, and the yes ends with the turn (docs/presets/hand-and-foot.md, rulings)."""
    s = apply(granted("hand-and-foot"), KEEP_6C)
    assert s.went_out is None and s.turn == 1 and s.permission is None and s.players[0].hand == ["6C"]
    assert not s.rules.yes_obliges and s.sides[0].unused_yes == 0 and deal_breakdown(s)[0]["going_out"] == 0


def test_hand_and_foot_option_a_yes_obliges_and_a_yes_not_used_costs_the_penalty():
    """The other reading of the same sentence, the house option ``yes_obliges``: a player who
    ends the turn without going out after the yes costs the side ``unused_yes_penalty`` (100,
    the going-out bonus the yes was asked for) in the deal's going-out column, said by an
    event. Nothing is refused, so a player who cannot go out still has a move; a no costs
    nothing (docs/presets/hand-and-foot.md, rulings)."""
    rules = get_preset("hand-and-foot").derive(yes_obliges=True)
    s = granted(rules)
    before = view(s, 0)
    apply(s, KEEP_6C)
    assert s.turn == 1 and s.players[0].hand == ["6C"]
    assert [e.name for e in s.events][:2] == ["discarded", "unused_yes"] and s.events[1].points == 100
    assert narrate.summarize(KEEP_6C, 0, before, view(s, 0)) == \
        "You discarded 4♣ and did not go out after the yes (−100)."
    row = deal_breakdown(s)[0]
    assert s.sides[0].unused_yes == 1 and row["going_out"] == -100 and row_problem(s, 0, row, None) is None
    assert GameState.from_json(json.loads(json.dumps(s.to_json()))).sides[0].unused_yes == 1
    s.went_out = 0  # going out later in the deal earns the bonus, less the penalty
    assert deal_breakdown(s)[0]["going_out"] == 0 and row_problem(s, 0, deal_breakdown(s)[0], 0) is None
    s = apply(granted(rules.derive(unused_yes_penalty=250)), KEEP_6C)
    assert deal_breakdown(s)[0]["going_out"] == -250
    s = apply(granted(rules, answer=False), KEEP_6C)
    assert s.sides[0].unused_yes == 0 and "unused_yes" not in s.to_json()["sides"][0]


@pytest.mark.parametrize("bots", [["random"], ["normal"], ["easy", "normal"]])
def test_hand_and_foot_option_bots_play_whole_games_when_a_yes_obliges(bots):
    """Every position the rule makes loads back (the random bot leaves yeses unused)."""
    rules = get_preset("hand-and-foot").derive(yes_obliges=True)
    for seed in range(tier(2, 10)):
        state = play_game(rules, seed, bots)  # raises on an illegal move
        assert GameState.from_json(json.loads(json.dumps(state.to_json()))).to_json() == state.to_json()


@pytest.mark.parametrize("players,decks,sides", [(2, 3, 2), (3, 4, 3), (5, 6, 5), (6, 7, 2)])
def test_hand_and_foot_other_numbers_of_players(players, decks, sides):
    """Seed 003 'Other numbers of players': one deck more than players; 4 or 6 as partners."""
    s = new_game("hand-and-foot", seed=1, players=players)
    assert sum(s.all_cards().values()) == decks * 54 and len(s.sides) == sides


# -- saskatchewan (RULES section 6) -------------------------------------------------------
def test_saskatchewan_hand_eleven_foot_thirteen():
    s = new_game("saskatchewan", seed=2)
    assert all([len(p.hand), *map(len, p.piles)] == [11, 13] for p in s.players)


def test_saskatchewan_more_naturals_than_wilds_and_melds_grow_past_seven():
    s = position("saskatchewan", hands={0: "9S 9H 9D 9C 2C 2D JK 9S 8S 8H 2S 2H 4C"}, phase="play", opened=[0])
    refused(s, meld("8S 8H 2S 2H"), "wild")
    apply(s, meld("9S 9H 9D 9C 2C 2D JK"))
    apply(s, add(1, "9S"))
    assert len(s.sides[0].melds[0].cards) == 8


def test_saskatchewan_takes_the_whole_pile():
    s = position("saskatchewan", hands={0: "9H 9C 4C"}, discard="AS AS AS AS AS KS KS KS KS 9S", opened=[0])
    apply(s, take("9H 9C"))
    assert s.discard == []


def test_saskatchewan_deal_four_opens_only_with_a_hidden_canasta():
    """Seed 003 'Saskatchewan': in the fourth round you need a hidden canasta."""
    s = position("saskatchewan", deal=4, hands={0: "AS AH AD AC 4S 4H 4D 4C 4S 4H 4D 6C 9S 9H"},
                 discard="KS 9D")
    refused(s, take("9S 9H"), "hidden canasta")
    apply(s, {"type": "draw"})
    refused(s, meld("AS AH AD AC"), "hidden canasta")
    apply(s, meld("4S 4H 4D 4C 4S 4H 4D"))
    assert s.sides[0].opened


def test_saskatchewan_going_out_needs_one_clean_one_dirty_one_wild():
    s = position("saskatchewan", hands={0: "9S 9H 9D"}, piles={0: [], 2: []},
                 melds={0: [("K", "KS KH KD KC KS KH KD"), ("W", "2S 2H 2C JK JK 2S 2H")]}, phase="play")
    refused(s, {"type": "ask_to_go_out"}, "dirty canasta")


# -- simpson (RULES section 7) --------------------------------------------------------------
def test_simpson_is_played_alone_with_a_deck_more_than_players():
    for n in range(2, 7):
        s = new_game("simpson", seed=1, players=n)
        assert len(s.sides) == n and sum(s.all_cards().values()) == (n + 1) * 54
        assert s.partners(0) == []


def test_simpson_two_stock_piles_no_upcard_and_eleven_eleven():
    s = new_game("simpson", seed=1, players=3)
    assert len(s.stocks) == 2 and s.discard == []
    assert all([len(p.hand), *map(len, p.piles)] == [11, 11] for p in s.players)
    a, b = s.stocks[0][-1], s.stocks[1][-1]
    hand = list(s.players[s.turn].hand)
    apply(s, {"type": "draw", "from": [0, 1]})
    assert Counter(s.players[s.turn].hand) == Counter(hand + [a, b])


def test_simpson_red_threes_are_held_and_discarded_and_count_minus_500():
    s = position("simpson", hands={0: "3H 4C 6C"}, phase="play")
    refused(s, meld("3H 4C 6C"), "one rank")
    apply(s, {"type": "discard", "card": "3H"})
    s = position("simpson", hands={0: "3H"}, piles={0: []})
    assert deal_breakdown(s)[0]["left"] == -500


def test_simpson_one_more_natural_than_wilds():
    """Seed 003 (Simpson): "if you have three fives you can add up to two wild cards to the set"."""
    s = position("simpson", hands={0: "5S 5H 5D 2C JK 2D 4C 6C"}, phase="play", opened=[0])
    refused(s, meld("5S 5H 5D 2C JK 2D"), "3 wild cards need at least 4 natural cards")
    apply(s, meld("5S 5H 5D 2C JK"))


def test_simpson_no_wild_melds_and_one_meld_per_rank():
    s = position("simpson", hands={0: "2S 2H JK 9S 9H 9D 4C"}, melds={0: [("9", "9S 9H 9D 9C 9S 9H 9D")]},
                 phase="play")
    refused(s, meld("2S 2H JK"), "no melds of wild cards")
    refused(s, meld("9S 9H 9D"), "only one meld of 9s")
    apply(s, add(1, "9S 9H 9D"))
    assert len(s.sides[0].melds[0].cards) == 10


def test_simpson_pile_of_six_cannot_be_taken_seven_takes_top_seven():
    """Seed 003 'Simpson': at least seven cards in the discard pile; take the top seven."""
    s = position("simpson", hands={0: "9H 9C 4C"}, discard="KS KH KD KC QS 9S", opened=[0])
    refused(s, take("9H 9C"), "7 or more")
    s = position("simpson", hands={0: "9H 9C 4C"}, discard="AS AS KS KH KD KC QS QH 9S", opened=[0])
    apply(s, take("9H 9C"))
    assert s.discard == ["AS", "AS"]


@pytest.mark.parametrize("top", ["2S", "JK", "3S"])
def test_simpson_twos_threes_and_jokers_on_top_cannot_be_taken(top):
    s = position("simpson", hands={0: f"{top} {top} 4C"}, discard="KS KH KD KC QS QH " + top, opened=[0])
    refused(s, take(f"{top} {top}"))


def test_simpson_going_out_needs_clean_dirty_and_a_final_discard():
    book = [("K", "KS KH KD KC KS KH KD"), ("Q", "QS QH QD QC QS QH 2D")]
    s = position("simpson", hands={0: "9S 9H 9D"}, piles={0: []}, melds={0: book}, phase="play")
    refused(s, meld("9S 9H 9D"), "keep a card to discard")
    s = position("simpson", hands={0: "9S 9H 9D 4C"}, piles={0: []}, melds={0: book}, phase="play")
    apply(s, meld("9S 9H 9D"))
    apply(s, {"type": "discard", "card": "4C"})
    row = s.deal_results[0]["sides"][0]
    assert row["going_out"] == 100 and row["canastas"]["natural"]["points"] == 300
    assert row["canastas"]["mixed"]["points"] == 100


# -- brouillette (RULES section 8) ----------------------------------------------------------
def test_brouillette_discarded_wild_freezes_the_pile():
    """Seed 003 'Brouillette': a discarded wild card freezes the pile; it leaves play."""
    s = position("brouillette", hands={0: "2S 4C 6C"}, discard="KS QS", phase="play")
    apply(s, {"type": "discard", "card": "2S"})
    assert s.discard == [] and Counter(s.dead) == Counter("KS QS 2S".split())


def test_brouillette_frozen_cards_go_under_the_stock_when_needed():
    s = position("brouillette", hands={0: "4C 6C"})
    s.dead = s.stocks[0][:-1]
    s.stocks[0] = s.stocks[0][-1:]
    s.stocks[1] = []
    apply(s, {"type": "draw", "from": [0, 0]})
    assert s.phase == "play" and s.dead == [] and len(s.players[0].hand) == 4


def test_brouillette_black_three_meld_clean_bonus_minus_five_each():
    s = position("brouillette", hands={0: "3S 3S 3C 3C 3S 3C 3S 4C"}, phase="play", opened=[0])
    apply(s, meld("3S 3S 3C 3C 3S 3C 3S"))
    row = deal_breakdown(s)[0]
    assert row["melded"] == -35 and row["canastas"]["natural"]["points"] == 300


def test_brouillette_black_three_meld_is_among_the_legal_actions():
    """The bots choose among ``legal_actions``: a black-3 meld must be one of them where it is allowed."""
    hand = "3S 3S 3C 3C 4C 9S 9H 9D"
    melds = [a["melds"] for a in legal_actions(position("brouillette", hands={0: hand}, phase="play", opened=[0]))
             if a["type"] == "meld"]
    assert [{"cards": ["3S", "3S", "3C", "3C"]}] in melds
    melds = [a["melds"] for a in legal_actions(position("triple-play", hands={0: hand}, phase="play", opened=[0]))
             if a["type"] == "meld"]
    assert melds == [[{"cards": ["9S", "9H", "9D"]}]]


def test_brouillette_black_three_meld_takes_no_wilds():
    s = position("brouillette", hands={0: "3S 3S 3C 2C 4C"}, phase="play", opened=[0])
    refused(s, meld("3S 3S 3C 2C"), "no wild cards")


def test_brouillette_pair_of_black_threes_never_takes_the_pile():
    s = position("brouillette", hands={0: "3S 3S 4C"}, discard="KS KH KD KC QS QH 3C", opened=[0])
    refused(s, take("3S 3S"), "black 3 on top blocks")


def test_brouillette_deal_four_needs_two_clean_two_dirty():
    book = [("K", "KS KH KD KC KS KH KD"), ("Q", "QS QH QD QC QS QH 2D")]
    s = position("brouillette", deal=4, hands={0: "9S 9H 9D"}, piles={0: []}, melds={0: book}, phase="play")
    refused(s, meld("9S 9H 9D"), "a clean canasta and a dirty canasta")
    s = position("brouillette", deal=1, hands={0: "9S 9H 9D"}, piles={0: []}, melds={0: book}, phase="play")
    apply(s, meld("9S 9H 9D"))  # going out without a discard is allowed here
    assert s.went_out == 0


def test_brouillette_lower_scoring_option():
    low = get_preset("brouillette").derive(name="house", bonus_natural=300, bonus_mixed=100,
                                           bonus_natural_rank=(("3", 100),))
    s = position(low, melds={0: [("K", "KS KH KD KC KS KH KD"), ("Q", "QS QH QD QC QS QH 2D")]})
    row = deal_breakdown(s)[0]
    assert row["canastas"]["natural"]["points"] == 300 and row["canastas"]["mixed"]["points"] == 100


def test_brouillette_partners_books_by_deal():
    """Seed 003 'Partner version': two clean and two dirty in rounds 1-3, four of each in round 4."""
    r = get_preset("brouillette-partners")
    assert len(r.books_for_deal(1)) == 4 and len(r.books_for_deal(4)) == 8
    s = new_game(r, seed=1)
    assert s.partners(0) == [2]


# -- every preset ----------------------------------------------------------------------------
# Each preset's page documents what differs from the preset it is built on.
PARENT = {"saskatchewan": "hand-and-foot", "simpson": "hand-and-foot", "brouillette": "simpson",
          "brouillette-partners": "brouillette"}
PAGE = {"brouillette-partners": "brouillette"}


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_option_is_documented_with_its_source(name):
    import pathlib
    docs = pathlib.Path(__file__).resolve().parent.parent / "docs" / "presets"
    text, chain = "", name
    while True:
        text += (docs / f"{PAGE.get(chain, chain)}.md").read_text(encoding="utf-8")
        if chain not in PARENT:
            break
        chain = PARENT[chain]
    base = PRESETS["triple-play"].to_dict()
    for option, value in PRESETS[name].to_dict().items():
        if option not in ("name", "title") and value != base[option]:
            assert f"`{option}`" in text, f"the {name} page does not cite option {option}"
    assert "seed 0" in text


# -- random games: every preset and seating, until every rule it plays has come up --------------
def features(state) -> set[str]:
    """What a finished game did, as the rules tell it apart: each kind of
    action, new melds and additions (from the hand and with the pile), both
    answers, both ends of a deal and both ways out, each canasta kind, red 3s
    laid or discarded, a black-3 meld, a discarded wild, a draw from both stocks."""
    seen = set()
    for entry in state.log:
        kind = entry["type"]
        seen.add(kind)
        for m in entry.get("melds", ()):
            seen.add(f"{kind}:{'add' if 'to' in m else 'new'}")
            if m["cards"] and all(c in ("3S", "3C") for c in m["cards"]) and "to" not in m:
                seen.add("meld:black3")
        if kind == "answer":
            seen.add("answer:" + ("yes" if entry["yes"] else "no"))
        if kind == "draw" and len(set(entry.get("from", ()))) > 1:
            seen.add("draw:both-stocks")
        if kind == "discard":
            card = entry["card"]
            seen.add("discard:wild" if C.is_wild(card) else "discard:red3" if C.is_red_three(card) else "discard")
    ends = [i for i, e in enumerate(state.log) if e["type"] == "next_deal"] + [len(state.log)]
    for result, end in zip(state.deal_results, ends):
        if result["went_out"] is None:
            seen.add("end:stock")
        else:
            seen |= {"out", "out:" + state.log[end - 1]["type"]}
        for side in result["sides"]:
            seen.update(f"canasta:{k}" for k, v in side["canastas"].items() if v["count"])
            if side["red3"]["count"]:
                seen.add("red3:laid")
    return seen


def expected_features(rules, players) -> set[str]:
    """What random games of these rules must do: what every rule set plays,
    and what each option that sets this one apart adds."""
    alone = players == len(new_game(rules, seed=0, players=players).sides)
    want = {"draw", "discard", "discard:wild", "meld", "meld:new", "meld:add", "take_pile", "take_pile:new",
            "next_deal", "canasta:natural", "canasta:mixed", "end:stock", "out"}
    want |= {"canasta:wild"} if rules.wild_melds else set()
    want |= {"red3:laid"} if rules.red3_laid else {"discard:red3"}
    # a partner's knee is picked up by an action, unless it comes by itself
    want |= {"pick_up_knee"} if len(rules.piles) == 3 and not alone and not rules.partner_knee_at_turn_start else set()
    want |= {"knock"} if not rules.discard_after_pile else set()
    want |= {"take_pile:add"} if not rules.pile_pair else set()
    want |= {"draw:both-stocks"} if rules.stock_piles == 2 else set()
    want |= {"meld:black3"} if rules.black3_melds else set()
    want |= {"ask_to_go_out", "answer", "answer:yes", "answer:no"} if rules.ask_partner and not alone else set()
    want |= {"forbidden": {"out:meld"}, "required": {"out:discard"}}.get(rules.going_out_discard, set())
    return want


TABLES = [(name, n) for name, rules in sorted(PRESETS.items()) for n, _, _ in rules.seatings]
MIN_GAMES = tier(3, 40)  # per table; the deep tier (CI) plays 40: 1,200 random games in all
MAX_GAMES = 200
# Every third game seats `normal` bots beside the random ones: random bots
# alone rarely go out where the last card must be melded (hkf-sheet, 6 players).
LINEUPS = (["random"], ["random"], ["random", "normal"])


def _cover_table(table):
    """Random games of one table until it has played everything expected (at
    least MIN_GAMES, at most MAX_GAMES); ``play_game`` checks the cards after
    every action and raises on a refused move."""
    name, players = table
    want, seen, games = expected_features(PRESETS[name], players), set(), 0
    while games < MIN_GAMES or not want <= seen and games < MAX_GAMES:
        seen |= features(play_game(name, 5_000_000 + games, LINEUPS[games % 3], players=players))
        games += 1
    return name, players, games, sorted(want - seen)


@pytest.mark.slow
def test_every_preset_and_seating_plays_every_rule_it_sets_in_random_games():
    with ProcessPoolExecutor(os.cpu_count() or 1) as pool:
        for name, players, games, missing in pool.map(_cover_table, TABLES):
            assert missing == [], f"{name} with {players} players: {games} games never did {missing}"


def test_a_rule_no_game_plays_is_caught():
    """The coverage check can fail: features name what a game did, and a
    rule set's own option adds what it must do."""
    s = new_game("simpson", seed=1, players=3)
    assert features(s) == set()
    assert "draw:both-stocks" in expected_features(PRESETS["simpson"], 3)
    assert "answer:no" not in expected_features(PRESETS["simpson"], 3)
    assert "answer:no" in expected_features(PRESETS["club-sheet"], 6)


def test_unknown_player_count_is_refused():
    with pytest.raises(RulesError, match="played by 3, 4, 6 players, not 5"):
        new_game("club-sheet", players=5)
