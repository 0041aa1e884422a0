"""Every rule of ``triple-play`` (RULES.md section 1, seed 000), one test each.

Sources: "seed 000" = Denexa Games, "Triple Play (Hand, Knee, and Foot)",
https://www.denexa.com/blog/triple-play-hand-knee-and-foot/ (section or
commenter named); "RULES" = the project's rulings where it is silent
(docs/presets/triple-play.md).
"""

from collections import Counter

import pytest

from game import apply, new_game
from game import cards as C
from game.engine import opening_minimum
from game.scoring import deal_breakdown
from tests.helpers import BOOK, add, meld, position, refused, take


# -- deal (RULES: 4 players, 6 decks with jokers (324); deal 15/13/11) -----------
def test_six_decks_with_jokers_make_324_cards():
    s = new_game("triple-play", seed=1)
    total = s.all_cards()
    assert sum(total.values()) == 324
    assert total["JK"] == 12 and total["AS"] == 6 and total["3H"] == 6


def test_deal_is_15_13_11_and_partners_sit_opposite():
    s = new_game("triple-play", seed=2)
    for p in s.players:
        assert [len(x) for x in p.piles] == [13, 11]
        assert len(p.hand) == 15  # red 3s laid from the hand are replaced
    assert s.partners(0) == [2] and s.partners(1) == [3]


@pytest.mark.parametrize("seed", range(40))
def test_upcard_is_never_joker_two_red3_five_or_seven(seed):
    """Seed 000 'Deal': bury a joker, 2, red 3, 5 or 7 and turn another."""
    s = new_game("triple-play", seed=seed)
    assert len(s.discard) == 1
    up = s.discard[0]
    assert not (C.is_wild(up) or C.is_red_three(up) or up[0] in "57")


def test_buried_upcard_goes_into_the_middle_of_the_stock():
    for seed in range(200):
        s = new_game("triple-play", seed=seed)
        deck_top = _initial_stock_top(seed)
        if deck_top and (C.is_wild(deck_top) or deck_top[0] in "57" or C.is_red_three(deck_top)):
            stock = s.stocks[0]
            mid = len(stock) // 2
            assert deck_top in stock[mid - 3: mid + 3]
            return
    pytest.fail("no seed buried an upcard")


def _initial_stock_top(seed):
    import random
    deck = C.full_deck(6)
    random.Random(f"{seed}:1").shuffle(deck)
    return deck[-(4 * 39) - 1]


def test_red_threes_in_the_dealt_hand_are_laid_and_replaced():
    """Seed 000 'Play of the hand': red 3s laid face up and a new card drawn."""
    for seed in range(30):
        s = new_game("triple-play", seed=seed)
        for p in s.players:
            assert not any(C.is_red_three(c) for c in p.hand)
            assert len(p.hand) == 15
        if any(s.sides[i].red3 for i in range(2)):
            return
    pytest.fail("no red 3 dealt in 30 seeds")


def test_player_left_of_dealer_starts_and_deal_passes_left():
    s = new_game("triple-play", seed=5)
    assert s.turn == (s.dealer + 1) % 4
    dealer = s.dealer
    s.phase = "deal_end"
    apply(s, {"type": "next_deal"})
    assert s.dealer == (dealer + 1) % 4 and s.deal == 2 and s.turn == (dealer + 2) % 4


def test_four_deals_make_a_game():
    s = new_game("triple-play", seed=5)
    for deal in (1, 2, 3):
        s.phase = "deal_end"
        apply(s, {"type": "next_deal"})
        assert s.deal == deal + 1
    s.stocks = [[]]
    apply(s, {"type": "draw"})  # stock exhausted ends deal 4
    assert s.phase == "game_end"
    refused(s, {"type": "next_deal"}, "game is over")


# -- drawing and the discard pile ---------------------------------------------
def test_draw_two_from_the_stock():
    s = position(hands={0: "4S 6D 9C"}, stock_top="KH QH")
    apply(s, {"type": "draw"})
    assert Counter(s.players[0].hand) == Counter("4S 6D 9C KH QH".split())
    assert s.phase == "play"
    refused(s, {"type": "draw"}, "already drawn")


def test_take_the_pile_with_two_naturals_then_no_discard():
    """RULES: take the whole pile; after taking it the turn ends with a knock."""
    s = position(hands={0: "9H 9C 4S 6D"}, discard="KS QD 8C 9S", opened=[0])
    apply(s, take("9H 9C"))
    assert s.discard == []
    assert Counter(s.players[0].hand) == Counter("4S 6D KS QD 8C".split())
    assert s.sides[0].melds[-1].cards.count("9S") == 1
    refused(s, {"type": "discard", "card": "4S"}, "knock")
    apply(s, {"type": "knock"})
    assert s.turn == 1 and s.phase == "draw"


def test_pile_needs_two_naturals_not_a_wild():
    s = position(hands={0: "9H 2C 4S 6D"}, discard="KS 9S", opened=[0])
    refused(s, take("9H 2C"), "with two 9s from your hand")


def test_black_three_on_top_blocks_the_pile():
    s = position(hands={0: "3S 3S 4S 6D"}, discard="KS 3C", opened=[0])
    refused(s, take("3S 3S"), "black 3 on top blocks")


def test_joker_on_top_needs_two_jokers():
    """Seed 000 reply to Ron: two jokers for a joker, two 2s for a 2, no mixing."""
    s = position(hands={0: "JK 2S 4S 6D 7C"}, discard="KS JK", opened=[0])
    refused(s, take("JK 2S"), "two Jokers")
    s = position(hands={0: "JK JK 4S 6D 7C"}, discard="KS JK", opened=[0])
    apply(s, take("JK JK"))
    assert s.sides[0].melds[-1].rank == C.WILD


def test_two_on_top_needs_two_twos():
    s = position(hands={0: "JK JK 4S 6D"}, discard="KS 2D", opened=[0])
    refused(s, take("JK JK"), "two 2s")
    s = position(hands={0: "2S 2C 4S 6D"}, discard="KS 2D", opened=[0])
    apply(s, take("2S 2C"))


def test_first_meld_with_the_pile_counts_the_top_card_and_hand_cards_only():
    """RULES: more cards from the hand may join; the rest of the pile never counts."""
    s = position(hands={0: "9H 9C 4S 6D KH KC KD"}, discard="AS AD AC 9S")
    refused(s, take("9H 9C"), "needs 50 points", "make 30")
    apply(s, take("9H 9C", "KH KC KD"))
    assert s.sides[0].opened


def test_first_meld_pile_cards_cannot_be_melded_with_the_top_card():
    s = position(hands={0: "9H 9C 4S 6D"}, discard="9D 9S")
    # the buried 9D is not in the hand, so it cannot be used to open
    refused(s, take("9H 9C 9D"), "do not hold")


@pytest.mark.parametrize("deal,minimum", [(1, 50), (2, 90), (3, 120), (4, 150)])
def test_first_meld_minimum_by_deal(deal, minimum):
    """RULES / seed 000: 50, 90, 120, 150 in deals 1-4 (card values, not bonuses)."""
    s = position(hands={0: "AS AH AD AC AS AH AD KS KH KC 4D 5D"}, phase="play", deal=deal)
    assert opening_minimum(s, 0) == minimum
    aces = ["AS", "AH", "AD", "AC", "AS", "AH", "AD"]
    n_aces = minimum // 20
    short = aces[: n_aces - 1] if minimum % 20 == 0 else aces[:n_aces]
    if len(short) >= 3:
        refused(s, {"type": "meld", "melds": [{"cards": short}]},
                f"needs {minimum} points", f"make {20 * len(short)}")
    # exactly the minimum (or just above when not a multiple of 20) opens
    need = -(-minimum // 20)
    if need <= 7:
        apply(s, {"type": "meld", "melds": [{"cards": aces[:need]}]})
        assert s.sides[0].opened


def test_a_dealt_canasta_of_fours_does_not_open_deal_one():
    """Seed 000 reply to Pat Thaxton: seven 4s are 35 points, under 50."""
    s = position(hands={0: "4S 4S 4H 4H 4D 4D 4C 9S 8S"}, phase="play")
    refused(s, meld("4S 4S 4H 4H 4D 4D 4C"), "needs 50 points", "make 35")


def test_opening_may_use_several_melds():
    s = position(hands={0: "KS KH KD 9S 9H 9D 4C 6C"}, phase="play")
    apply(s, meld("KS KH KD", "9S 9H 9D"))
    assert len(s.sides[0].melds) == 2


def test_later_melds_have_no_minimum_and_partner_shares_the_opening():
    s = position(hands={2: "4S 4H 4D 9C 8C"}, melds={0: [("K", "KS KH KD")]}, turn=2, phase="play")
    apply(s, meld("4S 4H 4D"))  # 15 points: no minimum once the side has melded
    assert [m.rank for m in s.sides[0].melds] == ["K", "4"] and s.players[2].hand == ["9C", "8C"]
    s = position(hands={2: "4S 4H 4D 9C 8C"}, turn=2, phase="play")
    refused(s, meld("4S 4H 4D"), "50")


# -- melds ---------------------------------------------------------------------
def test_melds_have_three_to_seven_cards():
    s = position(hands={0: "9S 9H 4C 6C"}, phase="play", opened=[0])
    refused(s, meld("9S 9H"), "at least 3")
    s = position(hands={0: "9S 4C 6C"}, melds={0: [("9", "9H 9D 9C 9S 9H 9D 9C")]}, phase="play")
    refused(s, add(1, "9S"), "complete", "new meld")


@pytest.mark.parametrize("cards,ok", [
    ("9S 9H 2C", True), ("9S 9H 2C 2D", False), ("9S 9H 9D 2C 2D", False),
    ("9S 9H 9D 9C 2C 2D", True), ("9S 9H 9D 9C 9S 2C 2D", True), ("9S 9H 9D 9C 2C 2D JK", False),
    ("9S 9H 9D 9C 9S JK", True),
])
def test_wild_limits_one_in_three_to_five_two_in_six_or_seven(cards, ok):
    s = position(hands={0: cards + " 4C 6C"}, phase="play", opened=[0])
    if ok:
        apply(s, meld(cards))
    else:
        refused(s, meld(cards), "wild")


@pytest.mark.parametrize("rank", ["5", "7"])
def test_fives_and_sevens_take_no_wilds(rank):
    s = position(hands={0: f"{rank}S {rank}H {rank}D 2C 4C 6C"}, phase="play", opened=[0])
    refused(s, meld(f"{rank}S {rank}H {rank}D 2C"), "take no wild cards")


def test_black_threes_cannot_be_melded():
    s = position(hands={0: "3S 3S 3C 4C 6C"}, phase="play", opened=[0])
    refused(s, meld("3S 3S 3C"), "Black 3s cannot be melded")


def test_meld_of_wilds_is_allowed_and_takes_only_wilds():
    s = position(hands={0: "2S 2H JK 9C 4C 6C"}, phase="play", opened=[0])
    apply(s, meld("2S 2H JK"))
    m = s.sides[0].melds[-1]
    assert m.rank == C.WILD and m.kind() == "wild"
    refused(s, add(m.id, "9C"), "only 2s and Jokers")


def test_all_wild_canasta_is_only_a_wild_canasta():
    """Seed 000 reply to Barbara: a canasta of wild cards is only a wild canasta."""
    s = position(melds={0: [("W", "2S 2H 2D 2C JK JK 2S"), ("W", "2H 2D 2C JK JK 2S 2H")]})
    row = deal_breakdown(s)[0]
    assert row["canastas"]["wild"]["count"] == 2 and row["canastas"]["natural"]["count"] == 0


def test_new_meld_of_a_rank_after_its_canasta_but_never_two_unfinished():
    s = position(hands={0: "9S 9H 9D 9C 9S 9H 9D 4C 6C"}, melds={0: [("9", "9D 9C 9S")]}, phase="play")
    refused(s, meld("9S 9H 9D"), "two unfinished melds of 9s")
    apply(s, add(1, "9C 9S 9H 9S"))
    assert len(s.sides[0].melds[0].cards) == 7


def test_second_meld_after_canasta_is_allowed():
    s = position(hands={0: "9S 9H 9D 4C 6C"}, melds={0: [("9", "9D 9C 9S 9H 9D 9C 9S")]}, phase="play")
    apply(s, meld("9S 9H 9D"))
    assert [len(m.cards) for m in s.sides[0].melds] == [7, 3]


def test_no_adding_to_the_opponents_melds():
    s = position(hands={0: "9S 4C 6C"}, melds={0: [("K", "KS KH KD")], 1: [("9", "9D 9C 9H")]}, phase="play")
    refused(s, add(2, "9S"), "opponents' melds")


def test_a_meld_holds_one_rank():
    s = position(hands={0: "9S 9H 8D 4C 6C"}, phase="play", opened=[0])
    refused(s, meld("9S 9H 8D"), "one rank")


def test_seven_on_the_pile_with_five_sevens_melded_cannot_be_taken():
    """Seed 000 reply to Marilyn: the eighth 7 would be a one-card meld."""
    s = position(hands={0: "7S 7H 4C 6C"}, melds={0: [("7", "7D 7C 7S 7H 7D")]}, discard="KS 7C")
    refused(s, take({"to": 1, "cards": ["7S", "7H"]}), "at most 7")
    refused(s, take("7S 7H"), "two unfinished melds of 7s")


def test_pile_top_completes_a_meld_and_starts_another():
    """Seed 003 example (eights): finish the pile with the top card, start a new meld."""
    s = position(hands={0: "8S 8H 8D 2C 4C"}, melds={0: [("8", "8C 8S 8H 8D 8C")]}, discard="KS 8S")
    apply(s, take({"to": 1, "cards": ["8S"]}, {"cards": ["8H", "8D", "2C"]}))
    assert [len(m.cards) for m in s.sides[0].melds] == [7, 3]


# -- knee and foot -----------------------------------------------------------------
def test_maker_of_first_canasta_picks_up_knee_at_once_partner_after_drawing():
    s = position(hands={0: "9S 9H 4C 6C 8C"}, melds={0: [("9", "9D 9C 9S 9H 9D")]}, phase="play",
                 piles={0: ["KS KH KD", "QS QH QD"]})
    apply(s, add(1, "9S 9H"))
    assert Counter(s.players[0].hand) == Counter("4C 6C 8C KS KH KD".split())
    assert len(s.players[0].piles) == 1
    partner = s.players[2]
    assert partner.knee_ready and len(partner.piles) == 2


def test_partner_picks_up_knee_only_after_drawing():
    s = position(hands={2: "4C 6C"}, melds={0: [("9", "9D 9C 9S 9H 9D 9C 9S")]}, turn=2,
                 knee_ready=[2], discard="KS 4S")
    refused(s, {"type": "pick_up_knee"}, "Draw first")
    apply(s, {"type": "draw"})
    apply(s, {"type": "pick_up_knee"})
    assert len(s.players[2].hand) == 2 + 2 + 13
    refused(s, {"type": "pick_up_knee"}, "already")


def test_knee_cannot_help_take_the_pile_on_the_pickup_turn():
    """Seed 000 replies to Jacque/Pat/Laura: the knee is picked up after drawing."""
    s = position(hands={2: "4C 6C"}, piles={2: ["KS KH 8S", "QS QH QD"]},
                 melds={0: [("9", "9D 9C 9S 9H 9D 9C 9S")]}, turn=2, knee_ready=[2], discard="4S KD")
    refused(s, take("KS KH"), "do not hold")


def test_no_knee_before_the_sides_first_canasta():
    s = position(hands={0: "4C 6C"}, melds={0: [("9", "9D 9C 9S")]})
    apply(s, {"type": "draw"})
    refused(s, {"type": "pick_up_knee"}, "first canasta")


def test_knee_reminder_option_shows_when_the_knee_may_be_taken():
    """RULES: the game never reminds a player unless "knee reminder" is on."""
    from game.presets import TRIPLE_PLAY
    from ui.core.table_view import page_view
    s = position(hands={2: "4C 6C"}, melds={0: [("9", "9D 9C 9S 9H 9D 9C 9S")]}, turn=2, knee_ready=[2])
    assert page_view(s, 2)["knee_ready"] is None
    s.rules = TRIPLE_PLAY.derive(knee_reminder=True)
    assert page_view(s, 2)["knee_ready"] is True


def test_red_threes_replaced_in_the_hand_but_not_from_the_knee_on():
    s = position(hands={0: "4C 6C"}, stock_top="3H KS QS")
    apply(s, {"type": "draw"})
    assert s.sides[0].red3 == ["3H"]
    assert Counter(s.players[0].hand) == Counter("4C 6C KS QS".split())
    s = position(hands={0: "4C 6C"}, piles={0: ["JS JS JS"]}, stock_top="3H KS QS",
                 melds={0: [("9", "9D 9C 9S 9H 9D 9C 9S")]})
    apply(s, {"type": "draw"})
    assert s.sides[0].red3 == ["3H"]
    assert Counter(s.players[0].hand) == Counter("4C 6C KS".split())


def test_meld_out_of_the_knee_picks_up_the_foot_at_once():
    s = position(hands={0: "9S 9H 9D"}, piles={0: ["QS QH QD"]}, phase="play",
                 melds={0: [("K", "KS KH KD KC KS KH KD")]})
    apply(s, meld("9S 9H 9D"))
    assert Counter(s.players[0].hand) == Counter("QS QH QD".split()) and s.players[0].piles == []


def test_discard_out_of_the_knee_picks_up_the_foot_next_turn():
    s = position(hands={0: "4C"}, piles={0: ["QS QH QD"]}, phase="play",
                 melds={0: [("K", "KS KH KD KC KS KH KD")]})
    apply(s, {"type": "discard", "card": "4C"})
    assert s.players[0].hand == [] and s.players[0].piles == [["QS", "QH", "QD"]]
    for _ in range(3):
        apply(s, {"type": "draw"})
        apply(s, {"type": "discard", "card": s.players[s.turn].hand[0]})
    assert s.turn == 0 and Counter(s.players[0].hand) == Counter("QS QH QD".split())


def test_no_one_is_left_without_cards_before_the_knee_is_open():
    s = position(hands={0: "9S 9H 9D"}, phase="play", opened=[0])
    refused(s, meld("9S 9H 9D"), "last card", "canasta")
    s = position(hands={0: "9S"}, phase="play", opened=[0])
    refused(s, {"type": "discard", "card": "9S"}, "last card")


def test_partner_with_knee_ready_may_meld_out_of_the_hand_into_the_knee():
    s = position(hands={2: "4S 4H 4D"}, piles={2: ["QS QH QD", "JS JH JD"]}, turn=2, phase="play",
                 knee_ready=[2], melds={0: [("K", "KS KH KD KC KS KH KD")]})
    apply(s, meld("4S 4H 4D"))
    assert Counter(s.players[2].hand) == Counter("QS QH QD".split())


# -- going out ---------------------------------------------------------------------
def foot_position(hand="9S 9H 9D", book=BOOK, **kw):
    return position(hands={0: hand}, piles={0: [], 2: []}, melds={0: list(book)}, phase="play", **kw)


def test_going_out_needs_the_basic_book():
    s = foot_position(book=BOOK[1:])
    refused(s, {"type": "ask_to_go_out"}, "clean canasta of 7s")
    s = foot_position(book=BOOK[:4])
    refused(s, {"type": "ask_to_go_out"}, "dirty canasta")


def test_going_out_needs_the_partners_yes_which_binds():
    s = foot_position()
    refused(s, meld("9S 9H 9D"), "Ask your partner")
    apply(s, {"type": "ask_to_go_out"})
    assert s.phase == "answer" and s.to_move() == 2
    refused(s, meld("9S 9H 9D"), "must first answer")
    apply(s, {"type": "answer", "yes": False})
    refused(s, meld("9S 9H 9D"), "said no")
    refused(s, {"type": "ask_to_go_out"}, "already asked")


def test_going_out_by_melding_every_card():
    s = foot_position()
    apply(s, {"type": "ask_to_go_out"})
    apply(s, {"type": "answer", "yes": True})
    apply(s, meld("9S 9H 9D"))
    assert s.phase == "deal_end" and s.went_out == 0
    assert s.deal_results[0]["sides"][0]["going_out"] == 200


def test_going_out_by_discarding_the_last_card():
    """RULES ruling: going out may be by discarding the last card."""
    s = foot_position(hand="9S 9H 9D 4C")
    apply(s, {"type": "ask_to_go_out"})
    apply(s, {"type": "answer", "yes": True})
    apply(s, meld("9S 9H 9D"))
    apply(s, {"type": "discard", "card": "4C"})
    assert s.phase == "deal_end" and s.went_out == 0


def test_going_out_only_from_the_foot():
    s = position(hands={0: "9S 9H 9D"}, piles={0: ["4C 4D 4S"]}, melds={0: list(BOOK)}, phase="play")
    refused(s, {"type": "ask_to_go_out"}, "only from your foot")


def test_without_permission_the_foot_player_must_keep_a_card():
    s = foot_position(hand="9S")
    refused(s, {"type": "discard", "card": "9S"}, "last card", "Ask your partner")


# -- end of deal ---------------------------------------------------------------------
def test_stock_exhausted_ends_the_deal_without_going_out_bonus():
    """RULES: the deal ends as soon as a player must draw and cannot."""
    s = position(hands={0: "4C 6C"})
    s.discard = s.stocks[0][:-1] + s.discard
    s.stocks[0] = s.stocks[0][-1:]
    apply(s, {"type": "draw"})
    assert s.phase == "deal_end" and s.went_out is None
    assert all(row["going_out"] == 0 for row in s.deal_results[0]["sides"])


# -- scoring ------------------------------------------------------------------------------
def test_scoring_values_bonuses_and_penalties():
    s = position(melds={0: list(BOOK), 1: [("A", "AS AH AD")]}, red3={0: "3H 3D"},
                 hands={0: "3S 3H KS", 1: "4C", 2: "JK", 3: "2C"},
                 piles={0: [], 1: [], 2: [], 3: []})
    rows = deal_breakdown(s)
    mine = rows[0]
    assert mine["melded"] == sum(
        {"7": 5, "5": 5, "2": 20, "J": 50, "K": 10, "Q": 10}[c[0]] for _, t in BOOK for c in t.split())
    assert mine["left"] == -100 - 500 - 10 - 50
    assert mine["canastas"]["natural"]["points"] == 5000 + 3000 + 500
    assert mine["canastas"]["wild"]["points"] == 2500
    assert mine["canastas"]["mixed"]["points"] == 300
    assert mine["red3"] == {"count": 2, "points": 200}
    assert mine["total"] == mine["melded"] + mine["left"] + 11300 + 200
    assert rows[1]["total"] == 60 - 5 - 20


def test_ten_red_threes_score_1300():
    """Seed 000 reply to Gill Hurd: 10 x 100 + 300 for seven or more."""
    s = position(red3={0: "3H 3H 3H 3H 3H 3H 3D 3D 3D 3D"})
    assert deal_breakdown(s)[0]["red3"]["points"] == 1300


def test_two_canastas_of_sevens_score_10000():
    """Seed 000 reply to Shirley: every canasta earns its bonus."""
    s = position(melds={0: [("7", "7S 7H 7D 7C 7S 7H 7D"), ("7", "7C 7S 7H 7D 7C 7S 7H")]})
    assert deal_breakdown(s)[0]["canastas"]["natural"]["points"] == 10000


def test_side_without_its_book_scores_as_usual():
    """Seed 000 reply to Linwood Jackson: the book only matters for going out."""
    s = position(melds={1: [("K", "KS KH KD KC KS KH KD")]}, hands={1: "4C", 3: "4D"},
                 piles={1: [], 3: []})
    assert deal_breakdown(s)[1]["total"] == 70 + 500 - 10


def test_cards_left_in_unpicked_knee_and_foot_count_against():
    """RULES: minus every card left in hands, knees and feet (red 3 -500, black 3 -100)."""
    s = position(hands={0: "4C", 2: "AS"}, piles={0: ["KS KH", "3H 3S"], 2: ["JK"]}, opened=[0])
    assert deal_breakdown(s)[0]["left"] == -5 - 20 - 500 - 100 - 20 - 50


def test_winner_is_the_side_ahead_after_the_last_deal():
    from game import winner
    s = position(totals={0: 1000, 1: 2000})
    assert winner(s) == [1]
    s = position(totals={0: 50, 1: 50})
    assert winner(s) == [0, 1]
