"""Hints (game.advice.hints): hard's next move from the seat's view, with a reason
that names facts true in the position."""

import random
import re
from itertools import islice

import pytest

from game import apply, is_legal, new_game, observe
from game import cards as C
from game import melds as M
from game.advice.hints import (
    HOLD,
    Advice,
    explain,
    hint,
    lead,
    placement_effects,
    reason,
    take_shares,
    think,
)
from game.advice.past import HintPast, seat_turn
from game.bots import get_bot
from game.bots.hard import Hard, action_key
from game.engine import book_status, opening_minimum
from game.errors import IllegalMove
from game.moves import take_pile_candidates
from game.runs.simulate import play_game
from tests.helpers import BOOK, about_to_ask, asked, position, positions, redeal_hidden

SAMPLES = 4       # a lighter hard, for time
NORMAL = get_bot("normal")


def advise(state, seat=None):
    seat = state.to_move() if seat is None else seat
    return hint(state, seat, samples=SAMPLES)


def some_positions():
    """Positions along a game between normal bots, each with a seat to move."""
    return [s.clone() for s in islice(positions(5, every=29), 12) if s.to_move() is not None]


def test_the_same_view_gets_the_same_advice_whatever_the_hidden_cards():
    rng = random.Random(1)
    moved = 0
    for state in some_positions():
        seat = state.to_move()
        want = advise(state)
        other = redeal_hidden(state, seat, rng)
        assert observe(other, seat).to_json() == observe(state, seat).to_json()
        moved += other.to_json() != state.to_json()
        assert advise(other) == want
    assert moved >= 10


def preset_positions(preset, seed, every=9):
    """Positions along one deal of ``preset`` between normal bots."""
    state = new_game(preset, seed=seed)
    n = 0
    while not state.deal_over:
        seat = state.to_move()
        n += 1
        if n % every == 0:
            yield state
        apply(state, NORMAL(observe(state, seat), seat, None))


def test_a_player_without_partners_is_told_you_not_your_side():
    lines = []
    state = new_game("hand-and-foot", seed=4, players=2)
    while not state.deal_over:
        seat = state.to_move()
        obs = observe(state, seat)
        action = NORMAL(obs, seat, None)
        lines.append(reason(obs, seat, action, {}))
        apply(state, action)
    assert not [line for line in lines if "your side" in line or "you has" in line]
    assert any(line.startswith("Meld: ") for line in lines)


@pytest.mark.parametrize("preset", ["triple-play", "hand-and-foot", "brouillette-partners"])
def test_the_hint_is_legal_and_is_hards_choice_with_the_same_samples(preset):
    kinds = set()
    for i, state in enumerate(preset_positions(preset, 2)):
        seat = state.to_move()
        got = hint(state, seat, samples=2)
        assert isinstance(got, Advice) and got.reason and "\n" not in got.reason
        assert is_legal(state, got.action)
        assert got.action == Hard(2)(observe(state, seat), seat, random.Random(i))
        kinds.add(got.action["type"])
    assert len(kinds) >= 3


def test_the_hint_is_the_hard_bots_move_in_that_seat():
    """The hint thinks as much as the ``hard`` bot, from the same stream (the
    game's seed, the seat, the position): a player told a move sees the
    move a hard bot in their seat would make."""
    searched = 0
    for state in some_positions()[:6]:
        seat = state.to_move()
        bot = get_bot("hard")
        assert hint(state, seat).action == bot(observe(state, seat), seat, random.Random(0))
        searched += bool(bot.measured)
    assert searched >= 2


def test_think_yields_between_units_and_only_for_the_seat_to_move():
    yields = 0
    for state in some_positions():
        steps = think(state, state.to_move(), SAMPLES)
        while True:
            try:
                assert next(steps) is None
                yields += 1
            except StopIteration as done:
                assert is_legal(state, done.value.action)
                break
    assert yields > 0
    with pytest.raises(IllegalMove):
        next(think(state, (state.to_move() + 1) % 4))


VERBS = {"draw": ("Draw",), "take_pile": ("Take the pile",), "pick_up_knee": ("Pick up your knee",),
         "meld": ("Meld",), "discard": ("Discard", "Keep"), "knock": ("Knock",),
         "ask_to_go_out": ("Ask to go out",), "answer": ("Say yes", "Say no")}


def test_every_kind_of_decision_gets_a_reason_in_words():
    seen = set()

    def explained(obs, seat, rng):
        """normal's move, its reason checked on the way (play_game plays it)."""
        action = NORMAL(obs, seat, rng)
        why = reason(obs, seat, action, {})
        kind = action["type"]
        seen.add(kind)
        assert why.startswith(VERBS[kind]) and why.endswith(".") and "\n" not in why, why
        if kind == "answer":
            assert why.startswith("Say yes" if action["yes"] else "Say no")
        if kind == "discard":
            card = action["card"]
            assert C.label(card) in why or C.is_black_three(card) and "black 3" in why
        return action

    for seed in (1, 2):
        play_game("triple-play", seed, ["normal"], check_cards=False, choosers=[explained] * 4)
    assert seen == set(VERBS)


# -- reasons on chosen positions ------------------------------------------------
def test_take_the_pile_names_its_size_and_what_the_meld_reaches():
    s = position(hands={0: "7C 7S 9H 9D KS QH JD 4C 4D 6H 8S"},
                 melds={0: [("7", "7S 7H 7D")], 1: [("K", "KS KH KD")]},
                 discard="4S 5D 6C 8H 9S TS JC QD KC AS 6D 8D 9C 7D")
    got = advise(s)
    assert got.action["type"] == "take_pile"
    assert got.reason.startswith(f"Take the pile: {len(s.discard)} cards, and your 7s reach six")
    apply(s, got.action)
    assert len(next(m for m in s.sides[0].melds if m.rank == "7").cards) == 6


def test_keep_the_5s_when_the_book_needs_them():
    s = position(hands={0: "5S 5H 9C KD 4H 6C 8D"},
                 melds={0: [("7", "7S 7H 7D 7C 7S 7H 7D"), ("Q", "QS QH QD")],
                        1: [("K", "KS KH KD")]},
                 discard="4S 6D", phase="play")
    got = advise(s)
    assert got.action["type"] == "discard" and got.action["card"][0] != "5"
    assert got.reason.startswith("Keep the 5s: your side's book needs a clean canasta of 5s, "
                                 "and you hold two;")
    assert "a clean canasta of 5s" in book_status(s, 0)


def test_discard_the_black_3_to_block_the_next_player():
    s = position(hands={0: "3S 9C KD 4H 6C 8D JH"},
                 melds={0: [("Q", "QS QH QD")], 1: [("K", "KS KH KD")]},
                 discard="4S 6D 8C 9D", phase="play")
    got = advise(s)
    assert got.action == {"type": "discard", "card": "3S"}
    west = s.players[1].name
    assert got.reason == f"Discard the black 3: {west} cannot take the pile with it on top."
    apply(s, got.action)
    assert s.to_move() == 1 and not take_pile_candidates(s, 1)


def test_pick_up_the_knee_after_the_first_canasta():
    s = position(hands={0: "9C KD 4H 6C 8D JH"},
                 melds={0: [("Q", "QS QH QD QC QS QH QD")], 1: [("K", "KS KH KD")]},
                 discard="4S 6D", phase="play", knee_ready=(0,))
    got = advise(s)
    assert got.action == {"type": "pick_up_knee"}
    assert s.sides[0].knee_unlocked
    assert got.reason == (f"Pick up your knee: your side has its first canasta, and its "
                          f"{len(s.players[0].piles[0])} cards join your hand.")


def test_answer_the_partner_names_the_lead():
    s = asked("4H")
    s.sides[0].total = 3000
    got = advise(s)
    assert got.action == {"type": "answer", "yes": True}
    assert lead(s, 0) > 0 and not book_status(s, 0)
    assert got.reason.startswith(f"Say yes: your side has its book and leads by {lead(s, 0)}")


def test_ask_to_go_out_names_the_book_and_the_cards_to_play():
    s = about_to_ask("4H 5C 6D 8S 9H KD QC JC TH")
    got = advise(s)
    assert got.action == {"type": "ask_to_go_out"} and not book_status(s, 0)
    assert len(s.players[0].hand) == 3
    assert got.reason.startswith("Ask to go out: your side has its book, and you can play out "
                                 "the three cards in your hand")


def test_say_no_when_a_big_canasta_is_one_turn_away():
    s = position(hands={0: "9S 9H 9D", 2: "5S 5H 5D 8C"}, piles={0: [], 2: []},
                 melds={0: [*BOOK, ("5", "5S 5H 5D 5C")], 1: [("K", "KS KH KD")]}, phase="play")
    apply(s, {"type": "ask_to_go_out"})
    got = advise(s)
    assert got.action == {"type": "answer", "yes": False}
    fives = next(m for m in s.sides[0].melds if m.rank == "5" and len(m.cards) < 7)
    held = sum(c[0] == "5" for c in s.players[2].hand)
    assert len(fives.cards) + held == s.rules.canasta_size
    bonus = s.rules.natural_bonus("5")
    assert got.reason.startswith(f"Say no: you can finish a canasta worth {bonus} on your next")


def test_take_shares_come_only_from_a_discard_chosen_by_replies():
    throw = {"type": "discard", "card": "9S"}
    assert take_shares({action_key(throw): 0.25}) == {"9S": 0.25}
    # a search's figures (an ask against discards) are chances of winning, not takes
    assert take_shares({action_key({"type": "ask_to_go_out"}): 0.6, action_key(throw): 0.5}) == {}


def test_a_meld_keeps_the_wild_card_the_book_needs():
    s = position(hands={0: "9S 9H 9D JK 4C 6H KD"},
                 melds={0: [("Q", "QS QH QD")], 1: [("K", "KS KH KD")]},
                 discard="4S 6D", phase="play")
    got = advise(s)
    assert got.action == {"type": "meld", "melds": [{"cards": ["9S", "9H", "9D"]}]}
    assert "a wild canasta" in book_status(s, 0)
    assert got.reason.startswith("Meld: a new meld of 9s; keep your wild card for the wild "
                                 "canasta your book needs")


def test_a_big_melding_turn_tells_alike_effects_once():
    """Canastas finished together are named in one phrase and new melds of a
    rank are counted, so the hint of a crowded turn stays short."""
    s = position(hands={0: "AS KH 7D 4S 4H 4D 4C 4S 4H 4D 9S 9H 9D 9C 9S 9H 6C"},
                 melds={0: [("A", "AS AH AD AC AS AH"), ("K", "KS KH KD KC KS KH"), ("7", "7S 7H 7C")]},
                 discard="4S 6D", phase="play")
    ace, king, seven = (m.id for m in s.sides[0].melds)
    melds = [{"to": ace, "cards": ["AS"]}, {"to": king, "cards": ["KH"]}, {"to": seven, "cards": ["7D"]},
             {"cards": ["4S", "4H", "4D", "4C", "4S", "4H", "4D"]},
             {"cards": ["9S", "9H", "9D"]}, {"cards": ["9C", "9S", "9H"]}]
    assert placement_effects(s, 0, melds) == [
        "your Aces and Kings become canastas", "your 7s reach four", "a canasta of 4s", "two new melds of 9s"]
    assert placement_effects(s, 0, melds[1:2] + melds[3:4] * 2) == [
        "your Kings become a canasta", "two canastas of 4s"]


def test_taking_the_pile_to_open_names_the_points_against_the_minimum():
    s = position(hands={0: "KS KH 9D 9H 9S 4C 6H 8D 5C"}, melds={1: [("Q", "QS QH QD")]},
                 discard="4S 6D 7C JD TC KD")
    got = advise(s)
    assert got.action["type"] == "take_pile" and not s.sides[0].opened
    points = sum(M.card_value(c) for pl in got.action["melds"] for c in pl["cards"]) + 10
    assert opening_minimum(s, 0) <= points
    assert got.reason.startswith(
        f"Take the pile: 6 cards, and a new meld of Kings and a new meld of 9s; with the top "
        f"card they make {points} points, enough for your side's first meld, which needs "
        f"{opening_minimum(s, 0)}")


# -- the discard's reason: the risk, and the 5s only when they are a plan ---------------
def west_took_a_pile_with_two_8s():
    """West throws 8♥, North 8♣, East 5♦, South 9♦; West takes the pile with
    9♠ 9♥ (so every seat knows West holds 8♥ 8♣); North and East play; South
    has drawn and holds 8♦ (its knee and foot still to come)."""
    s = position(hands={0: "8D 9C KD 4H 9D", 1: "8H 9S 9H 4C 6D", 2: "8C QS QD 6H",
                        3: "5D KS 4D JD"},
                 melds={1: [("J", "JS JH JD")]}, turn=1, phase="play")
    for seat, action in ((1, "8H"), (2, "8C"), (3, "5D"), (0, "9D"),
                         (1, {"type": "take_pile", "melds": [{"cards": ["9S", "9H"]}]}),
                         (1, {"type": "knock"}), (2, "6H"), (3, "4D"), (0, None)):
        if isinstance(action, dict):
            apply(s, action)
            continue
        if seat != 1 or action != "8H":
            apply(s, {"type": "draw"})
        if action:
            apply(s, {"type": "discard", "card": action})
    assert s.to_move() == 0 and s.phase == "play" and {"8H", "8C"} <= set(s.players[1].hand)
    return s


def test_a_discard_the_next_player_is_known_to_take_says_the_risk():
    s = west_took_a_pile_with_two_8s()
    why = reason(observe(s, 0), 0, {"type": "discard", "card": "8D"}, {})
    pile = len(s.discard) + 1
    assert why == (f"Discard the 8♦, though West may take the {pile}-card pile with it (they "
                   "hold two 8s they picked up): every other card costs your side more.")
    apply(s, {"type": "discard", "card": "8D"})  # and it is so: West can take it
    assert take_pile_candidates(s, 1)


def test_a_discard_with_a_measured_risk_says_it_and_a_safe_one_does_not():
    s = west_took_a_pile_with_two_8s()
    obs = observe(s, 0)
    likely = {action_key({"type": "discard", "card": c}): share
              for c, share in (("9C", 0.9), ("KD", 0.05))}
    risky = reason(obs, 0, {"type": "discard", "card": "9C"}, likely)
    assert risky.startswith("Discard the 9♣, though West may take the") and "a chance of about" in risky
    safe = reason(obs, 0, {"type": "discard", "card": "KD"}, likely)
    assert safe.startswith("Discard the K♦: West's chance of taking the") and safe.endswith("is only about 5%.")


def test_the_5s_are_named_only_when_the_seat_is_building_them():
    def why(hand, melds=()):
        s = position(hands={0: hand}, melds={0: [("Q", "QS QH QD"), *melds],
                                             1: [("K", "KS KH KD")]},
                     discard="4S 6D", phase="play")
        return reason(observe(s, 0), 0, {"type": "discard", "card": "9C"}, {})

    assert not why("5S 9C KD 4H 6C 8D JH").startswith("Keep")  # one 5, no meld of 5s
    assert why("5S 5H 9C KD 4H 6C 8D").startswith(
        "Keep the 5s: your side's book needs a clean canasta of 5s, and you hold two;")
    assert why("5S 9C KD 4H 6C 8D JH", [("5", "5D 5C 5H 5D")]).startswith(
        "Keep the 5s: your side's book needs a clean canasta of 5s, and you hold one and your "
        "side has four down;")


def test_discard_reasons_vary_with_the_position():
    """Along a game of normal bots, the discards get different reasons, and
    "Keep the 5s" (or 7s) only from a hand with a pair of them or a card for
    the side's meld of them."""
    said = set()

    def discard_reason(obs, seat, rng):
        action = NORMAL(obs, seat, rng)
        if action["type"] == "discard":
            why = reason(obs, seat, action, {})
            said.add(why.split(":")[0].split(",")[0].replace(C.label(action["card"]), "X"))
            if why.startswith("Keep the"):
                rank = "5" if why.startswith("Keep the 5s") else "7"
                held = sum(C.rank(c) == rank for c in obs.players[seat].hand)
                down = any(m.rank == rank and len(m.cards) < obs.rules.canasta_size
                           for m in obs.sides[obs.side_of(seat)].melds)
                assert held >= 2 or held and down, why
        return action

    play_game("triple-play", 3, ["normal"], check_cards=False, choosers=[discard_reason] * 4)
    assert len(said) >= 3, said


def test_keeping_the_melds_in_hand_says_so_with_hards_figures(monkeypatch):
    """hard could meld and its search found throwing a card at once better:
    the hint says to keep the melds (once it was explained to the seat),
    with the figures that said so, or too close to tell, what holding keeps."""
    s = position(hands={0: "JK 2C 9H 9D 9S 4C 8S"}, melds={0: [("K", "KS KD KC")]}, phase="play")
    obs = observe(s, 0)
    told = HintPast().told(HOLD, (s.deal, s.turn_number - 8))
    discard = {"type": "discard", "card": "8S"}
    assert reason(obs, 0, discard, {}, (0.64, 0.58), told).startswith(
        "Keep your melds in hand for now: your side's chance to win the game is about 64% this "
        "way, 58% after melding. Discard the 8♠")
    assert reason(obs, 0, discard, {}, (0.64, 0.635), told).startswith(
        "Keep your melds in hand for now: while you hold them, your pairs can take the pile. "
        "Discard the 8♠")
    assert reason(obs, 0, discard, {}).startswith("Discard the 8♠")

    def look_ahead(self, world, action, side, turns, lead=None):
        return 0.75 if action["type"] == "discard" else 0.5

    monkeypatch.setattr(Hard, "look_ahead", look_ahead)
    got = hint(s, 0, samples=SAMPLES, past=told)
    assert got.action["type"] == "discard"
    assert got.reason.startswith("Keep your melds in hand for now: your side's chance to win the "
                                 "game is about 75% this way, 50% after melding. Discard the ")
    assert got.past == told.told(HOLD, seat_turn(s, 0))


def test_keeping_the_melds_in_hand_is_said_to_a_player_without_partners():
    s = position("hand-and-foot", players=2, hands={0: "9H 9D 9S 4C 8S"}, phase="play")
    obs = observe(s, 0)
    discard = {"type": "discard", "card": "8S"}
    why, past = explain(obs, 0, discard, {}, (0.64, 0.58))
    assert why.startswith("Keep your melds in hand for now: your pairs can still take the pile, and "
                          "no one sees your plan; meld them on a later turn. Discard the 8♠")
    assert "your side" not in why
    s.turn_number += 4  # the seat's turn after next (two players)
    why = reason(observe(s, 0), 0, discard, {}, (0.64, 0.58), past)
    assert why.startswith("Keep your melds in hand for now: your chance to win the game is about "
                          "64% this way, 58% after melding. Discard the 8♠")


# -- reasons a beginner can follow (issue 75) ----------------------------------------------
SENTENCE = re.compile(r"[A-Z][^:]*: \w")  # the advice, then why after a colon
STATISTICS = ("sampled", "samples", "deals", "of the hands")


@pytest.mark.parametrize("preset, players", [("triple-play", None), ("hand-and-foot", 2),
                                             ("brouillette-partners", None)])
def test_every_hint_says_why_in_a_players_words(preset, players):
    """Along two deals, the hint for every seat to move (each remembering its
    hints; every third hint played, else normal's move): every sentence gives the advice, then why after a
    colon; a meld says what it gains besides what it makes; no statistician's
    words; the figures come as a chance to win."""
    pasts, lines = {}, []
    for seed in (2, 3):
        state = new_game(preset, seed=seed, players=players)
        while not state.deal_over:
            seat = state.to_move()
            got = hint(state, seat, samples=SAMPLES, past=pasts.get((seed, seat)))
            pasts[seed, seat] = got.past
            lines.append((got.action, got.reason))
            apply(state, NORMAL(observe(state, seat), seat, None) if len(lines) % 3 else got.action)
    for action, why in lines:
        assert why and "\n" not in why and len(why) < 300, why
        for sentence in re.split(r"(?<=\.) (?=[A-Z])", why):
            assert SENTENCE.match(sentence), why
        assert not [w for w in STATISTICS if w in why], why
        if action["type"] == "meld":  # "Meld: a new meld of 9s: what that gains"
            assert why.count(":") >= 2 or "; keep your" in why, why
    figures = [why for _, why in lines if "%" in why]
    assert figures and all("chance" in why for why in figures)
    assert {a["type"] for a, _ in lines} >= {"draw", "meld", "discard"}


def test_a_meld_of_wild_cards_says_what_the_wild_canasta_is_worth_and_that_the_book_needs_it():
    s = position(hands={0: "JK 2C 2D 2S 9H 4C 8S"}, melds={0: [("Q", "QS QH QD")], 1: [("K", "KS KH KD")]},
                 discard="4S 6D", phase="play")
    got = advise(s)
    assert got.action == {"type": "meld", "melds": [{"cards": ["JK", "2C", "2D", "2S"]}]}
    assert "a wild canasta" in book_status(s, 0)
    bonus = M.canasta_bonus(s.rules, C.WILD, "wild")
    assert got.reason.startswith(f"Meld: a new meld of wild cards: the wild canasta your book needs "
                                 f"is worth {bonus}, and melded wild cards no longer cost you")
    s = position(hands={0: "JK 2C 2H 9H 4C 8S"}, melds={0: [("Q", "QS QH QD QC QS QH QD"),
                                                           ("W", "2S 2H 2D JK")]}, phase="play")
    wild = s.sides[0].melds[1].id
    why = reason(observe(s, 0), 0, {"type": "meld", "melds": [{"to": wild, "cards": ["JK", "2C", "2H"]}]}, {})
    assert why == (f"Meld: your wild cards become a canasta: a {bonus}-point bonus, and the wild canasta "
                   "your book needs.")
    s = position(hands={0: "JK 2C 9H 9D 9S 4C 8S"}, melds={0: [("9", "9C 9C 9S 9H"), ("W", "2S 2H 2D")]},
                 phase="play")
    nines, wild = (m.id for m in s.sides[0].melds)
    both = {"type": "meld", "melds": [{"to": nines, "cards": ["9H", "9D", "9S"]}, {"to": wild, "cards": ["JK"]}]}
    natural = M.canasta_bonus(s.rules, "9", "natural")
    assert reason(observe(s, 0), 0, both, {}).startswith(  # the canasta made is told beside the wild meld
        f"Meld: your 9s become a canasta and your wild cards reach four: your side's first canasta, which "
        f"opens your knee; {natural} points of canasta bonus; the wild canasta your book needs is worth {bonus}")


def held_position():
    s = position(hands={0: "JK 2C 9H 9D 9S 4C 8S"}, melds={0: [("K", "KS KD KC")]}, phase="play")
    return s, {"type": "discard", "card": "8S"}


def test_holding_melds_is_explained_the_first_time_and_briefly_later():
    s, discard = held_position()
    first, past = explain(observe(s, 0), 0, discard, {}, (0.64, 0.58))
    assert first.startswith("Keep your melds in hand for now: your pairs can still take the pile, "
                            "and no one sees your plan; meld them on a later turn. Discard the 8♠")
    assert reason(observe(s, 0), 0, discard, {}, (0.64, 0.58), past) == first  # asked again, same turn
    s.turn_number += 8  # the seat's turn after next
    later = reason(observe(s, 0), 0, discard, {}, (0.64, 0.58), past)
    assert later.startswith("Keep your melds in hand for now: your side's chance to win the game is "
                            "about 64% this way, 58% after melding. Discard the 8♠")
    assert len(later) < len(first) + 10 and "no one sees" not in later
    loose = position("triple-play-001", hands={0: "9H 9D 9S 4C 8S KD"}, phase="play")  # no pair needed
    assert not loose.rules.pile_pair
    assert reason(observe(loose, 0), 0, discard, {}, (0.6, 0.5)).startswith(
        "Keep your melds in hand for now: you keep cards to throw, and no one sees your plan")


def test_advice_repeated_at_the_seats_next_turn_says_still_and_why():
    s, discard = held_position()
    _, past = explain(observe(s, 0), 0, discard, {}, (0.64, 0.58))
    _, past = explain(observe(s, 0), 0, discard, {}, (0.64, 0.58), past)  # twice in one turn
    s.turn_number += 4  # the seat's next turn
    assert reason(observe(s, 0), 0, discard, {}, (0.64, 0.58), past).startswith(
        "Still keep your melds in hand: your side's chance to win the game is about 64% this way, "
        "58% after melding. Discard the 8♠")
    assert reason(observe(s, 0), 0, discard, {}, (0.64, 0.635), past).startswith(
        "Still keep your melds in hand: while you hold them, your pairs can take the pile. Discard")
    assert reason(observe(s, 0), 0, discard, {}, None, past).startswith("Discard the 8♠")
    s.deal += 1  # a new deal starts afresh
    assert not reason(observe(s, 0), 0, discard, {}, (0.64, 0.58), past).startswith("Still")


def test_passing_up_the_pile_again_says_still_and_a_plain_draw_does_not():
    s = position(hands={0: "9C 9D KS 4H 6C 8D JH"}, melds={0: [("Q", "QS QH QD")], 1: [("K", "KS KH KD")]},
                 discard="4S 6D 8C TS 5H 7C 9H")
    assert take_pile_candidates(s, 0)
    draw = {"type": "draw"}
    first, past = explain(observe(s, 0), 0, draw, {})
    assert first.startswith("Draw rather than take the pile: it would make a new meld of 9s, but its "
                            "other six cards would crowd your hand")
    s.turn_number += 4
    assert reason(observe(s, 0), 0, draw, {}, None, past) == "Still d" + first[1:]
    s.discard.append("3S")  # blocked: nothing to pass up
    assert reason(observe(s, 0), 0, draw, {}, None, past) == "Draw: a black 3 on top blocks the pile."


def test_a_seats_turn_while_it_answers_its_partner_is_its_latest_turn():
    s = asked("4H")
    assert s.to_move() == 2 and seat_turn(s, 0) == (s.deal, s.turn_number)
    assert seat_turn(s, 2) == (s.deal, s.turn_number - 2)
