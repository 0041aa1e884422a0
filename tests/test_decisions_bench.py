"""bench/decisions.py: its candidates are played to the deal's end, and the
evaluation's pick is scored against normal's choice."""

import random

import pytest

from bench import decisions
from tests.helpers import asked


def test_a_candidate_that_ends_the_deal_is_scored_exactly_from_the_deciders_side():
    s = asked("4S 6C", opponents_hand="4D 6D")  # seat 2 answers its partner, who can go out
    worlds = [decisions.redeal_piles(s, random.Random(k)) for k in range(3)]
    value, result = decisions.play_out(s, worlds, {"type": "answer", "yes": True}, s.side_of(2), 6)
    assert s.phase == "answer"  # the position itself is untouched
    assert value == result  # every hand and foot is known: the exact score, from the same side
    assert result > 0  # seat 0's side went out with its book: it leads


def test_look_aheads_run_in_copies_whose_future_draws_are_shuffled():
    """Only the stock, knees and feet move: a look-ahead of several turns
    in the real deal would know what will be drawn."""
    s = asked("4S 6C")
    world = decisions.redeal_piles(s, random.Random(1))
    assert world.to_json() != s.to_json()
    assert [p.hand for p in world.players] == [p.hand for p in s.players]
    assert world.discard == s.discard and world.all_cards() == s.all_cards()
    assert world.stocks != s.stocks


def test_summary_scores_the_evaluations_pick_against_normals_choice():
    # Per decision: candidates' (evaluation, real result), normal's choice first.
    rows = [("meld", [(0, 100), (50, 300)]),      # the evaluation picks the second: +200
            ("meld", [(10, 0), (5, 200)]),        # it keeps normal's: 0 (though the other was better)
            ("meld", [(0, 40), (1, 0), (2, 10)])]  # it picks the third: -30
    s = decisions.summary(rows)["meld"]
    assert s["n"] == 3
    assert s["pick"] == pytest.approx((200 + 0 - 30) / 3)
    assert s["alt"] == pytest.approx((200 + 200 - 40 - 30) / 4)
