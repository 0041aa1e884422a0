"""Hints (game.advice): hard's next move from the seat's view, with a reason
that names facts true in the position."""

import random
from itertools import islice

import pytest

from game import apply, is_legal, new_game, observe
from game import cards as C
from game.advice import Advice, hint, lead, reason, think
from game.bots import get_bot, hard_bot
from game.engine import book_status
from game.errors import IllegalMove
from game.moves import take_pile_candidates
from tests.position import position
from tests.test_bots import about_to_ask, asked, positions
from tests.test_properties import _redeal_hidden

BUDGET = 10_000   # ms: never reached, so the sample cap alone decides (the same on any machine)
SAMPLES = 4
NORMAL = get_bot("normal")


def advise(state, seat=None, seed=0):
    seat = state.to_move() if seat is None else seat
    return hint(state, seat, budget_ms=BUDGET, seed=seed, samples=SAMPLES)


def some_positions():
    """Positions along a game between normal bots, each with a seat to move."""
    return [s.clone() for s in islice(positions(5, every=29), 12) if s.to_move() is not None]


def test_the_same_view_gets_the_same_advice_whatever_the_hidden_cards():
    rng = random.Random(1)
    moved = 0
    for state in some_positions():
        seat = state.to_move()
        want = advise(state)
        other = _redeal_hidden(state, seat, rng)
        assert observe(other, seat).to_json() == observe(state, seat).to_json()
        moved += other.to_json() != state.to_json()
        assert advise(other) == want
    assert moved >= 10


def test_the_hint_is_legal_and_is_hards_choice_with_the_same_samples():
    kinds = set()
    for i, state in enumerate(some_positions()):
        seat = state.to_move()
        got = advise(state, seed=i)
        assert isinstance(got, Advice) and got.reason and "\n" not in got.reason
        assert is_legal(state, got.action)
        bot = hard_bot(BUDGET, SAMPLES)
        assert got.action == bot(observe(state, seat), seat, random.Random(i))
        kinds.add(got.action["type"])
    assert len(kinds) >= 3


def test_think_yields_between_units_and_only_for_the_seat_to_move():
    yields = 0
    for state in some_positions():
        steps = think(state, state.to_move(), random.Random(0), BUDGET, SAMPLES)
        while True:
            try:
                assert next(steps) is None
                yields += 1
            except StopIteration as done:
                assert is_legal(state, done.value.action)
                break
    assert yields > 0
    with pytest.raises(IllegalMove):
        next(think(state, (state.to_move() + 1) % 4, random.Random(0)))


VERBS = {"draw": ("Draw",), "take_pile": ("Take the pile",), "pick_up_knee": ("Pick up your knee",),
         "meld": ("Meld",), "discard": ("Discard", "Keep"), "knock": ("Knock",),
         "ask_to_go_out": ("Ask to go out",), "answer": ("Say yes", "Say no")}


def test_every_kind_of_decision_gets_a_reason_in_words():
    seen = set()
    for seed in (1, 2):
        state = new_game("triple-play", seed=seed)
        while state.phase != "game_end":
            if state.phase == "deal_end":
                apply(state, {"type": "next_deal"})
                continue
            seat = state.to_move()
            obs = observe(state, seat)
            action = NORMAL(obs, seat, None)
            why = reason(obs, seat, action, {})
            kind = action["type"]
            seen.add(kind)
            assert why.startswith(VERBS[kind]) and why.endswith(".") and "\n" not in why, why
            if kind == "answer":
                assert why.startswith("Say yes" if action["yes"] else "Say no")
            if kind == "discard":
                card = action["card"]
                assert C.label(card) in why or C.is_black_three(card) and "black 3" in why
            apply(state, action)
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
    assert got.reason.startswith("Keep the 5s: your side needs a natural canasta of 5s")
    assert "a natural canasta of 5s" in book_status(s, 0)


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
