"""The hint and the coach on the page, as plain Python: where a hint points
(ids that the table's own render draws), the score sheet's hints line and
coach states, the position shown for a decision, and the page's slices."""

import asyncio
import random
import time
from collections import Counter

import pytest

import game
from game.advice.coach import Mistake
from game.advice.hints import hint
from game.bots import get_bot
from tests.helpers import position
from ui.core import slices
from ui.core.html import Node
from ui.core.selection import Selection
from ui.core.table_view import page_view
from ui.learn import learn_view as V
from ui.learn.learn_view import CoachRun
from ui.table import bar_view, board_view, hand_view


def ids(nodes):
    """Every id in a list of element trees."""
    out = set()
    for node in nodes:
        if isinstance(node, Node):
            if node.attrs.get("id"):
                out.add(node.attrs["id"])
            out |= ids(node.children)
    return out


def text(nodes):
    return "".join(n if isinstance(n, str) else text(n.children) for n in nodes if n is not None)


def table_ids(state):
    """The ids the table draws for seat 0 in this position (its regions, as the
    controller mounts them)."""
    v = page_view(state, 0, log=False)
    sel = Selection()
    return ids(hand_view.hand(sel.groups(v["hand"])) + hand_view.hand_head(len(v["hand"]), can_stage=False,
                                                                           can_clear=False)
               + bar_view.actions(v, selected=[], has_staged=False, can_undo=False,
                                can_knock=game.is_legal(state, {"type": "knock"}), busy=False,
                                refusals={})
               + board_view.piles(v)
               + board_view.meld_area(v, [], adding=False, targets=[], theirs_open=False,
                                  shown_meld=None))


OPENED = dict(hands={0: "9H 9C 9S KS KD 7H 3C 5D", 1: "4C 4D", 2: "6C 6D", 3: "8C 8D"},
              melds={0: [("7", "7C 7D 7S")]}, discard="4S KH KC", opened=(0,))


@pytest.mark.parametrize("action, expected", [
    ({"type": "draw"}, {"btn-draw": "1", "pile-stock": "1"}),
    ({"type": "take_pile", "melds": [{"cards": ["KS", "KD"]}]},
     {"btn-take": "1", "pile-discard": "1", "chip-K": "2"}),
], ids=["draw", "take"])
def test_a_hint_at_the_draw_points_at_what_the_table_draws(action, expected):
    state = position(**OPENED)
    assert game.is_legal(state, action)
    marks = V.advised(action, page_view(state, 0, log=False))
    assert marks == expected
    assert set(marks) <= table_ids(state)


@pytest.mark.parametrize("action, expected", [
    ({"type": "meld", "melds": [{"cards": ["9H", "9C", "9S"]}, {"to": 1, "cards": ["7H"]}]},
     {"btn-meld": "1", "chip-9": "3", "chip-7": "1", "meld-1": "1"}),
    ({"type": "discard", "card": "3C"}, {"btn-discard": "1", "pile-discard": "1", "chip-3b": "1"}),
], ids=["meld", "discard"])
def test_a_hint_in_play_points_at_chips_melds_and_the_button(action, expected):
    state = position(**OPENED)
    game.apply(state, {"type": "draw"})
    assert game.is_legal(state, action)
    marks = V.advised(action, page_view(state, 0, log=False))
    assert marks == expected
    assert set(marks) <= table_ids(state)


def test_the_hints_own_move_is_marked_on_ids_the_table_draws():
    """Whatever hard advises over a few turns of a real game, its marks are
    elements of the table (the button, the chips, the piles, the melds)."""
    state = game.new_game("triple-play", seed=5, bots=[None, "normal", "normal", "normal"])
    rng = random.Random(5)
    seen = Counter()
    while sum(seen.values()) < 8:
        seat = state.to_move()
        if seat == 0:
            action = hint(state, 0, samples=4).action
            seen[action["type"]] += 1
            marks = V.advised(action, page_view(state, 0, log=False))
            assert marks and set(marks) <= table_ids(state), (action, marks)
        else:
            action = get_bot("normal")(game.observe(state, seat), seat, rng)
        game.apply(state, action)
    assert {"draw", "discard"} <= set(seen)


def test_the_hint_bubble_says_why_and_offers_to_do_it():
    class Advice:
        action = {"type": "discard", "card": "3C"}
        reason = "Discard the black 3: West cannot take the pile with it on top."
    nodes = V.hint_bubble(Advice(), thinking=False)
    assert Advice.reason in text(nodes) and "Cards: 3♣" in text(nodes)
    assert {"btn-hint-do", "btn-hint-close"} <= ids(nodes)
    assert text(V.hint_bubble(None, thinking=True)) == "Thinking…"
    assert V.hint_bubble(None, thinking=False) == []


def test_a_big_meld_lists_its_cards_as_the_hand_counts_them():
    small = {"type": "meld", "melds": [{"cards": ["9H", "9C", "2S"]}]}
    assert V.cards_line(small) == "9♥ 9♣ 2♠"
    big = {"type": "meld", "melds": [{"to": 2, "cards": ["AS", "AH", "AD", "AC"]},
                                     {"cards": ["4S", "4H", "4D", "4C", "4S", "2H", "2D"]},
                                     {"cards": ["JK", "JK", "JK", "TS", "TH", "TD", "3C"]}]}
    assert V.cards_line(big) == "A\u00a0×4, 4\u00a0×5, 2\u00a0×2, Joker\u00a0×3, 10\u00a0×3, 3♣"


def mistake(index, cost):
    return Mistake(turn=3, index=index, done={"type": "discard", "card": "9H"},
                   preferred={"type": "draw"}, cost=cost, reason="Keep the 9s.",
                   done_text="You discarded 9♥.", preferred_text="You drew 2 cards.")


@pytest.mark.parametrize("status, has, words", [
    ("running", {"coach-progress", "coach-fill", "btn-coach-skip"}, "Decision 3 of 10"),
    ("skipped", {"btn-coach-run"}, "Coach skipped."),
    ("failed", {"btn-coach-run"}, "could not run"),
    ("done", {"coach-none"}, "as good"),
])
def test_the_coach_on_the_sheet_in_each_state(status, has, words):
    run = CoachRun(deal=2, key=(1, 2), status=status, done=2, total=10, error="ValueError.")
    nodes = V.sheet_extras(4, run)
    assert "Hints used this game: 4" in text(nodes) and "Coach: deal 2" in text(nodes)
    assert has <= ids(nodes) and words in text(nodes)


def test_the_coachs_decisions_and_the_position_of_the_one_opened():
    state = game.new_game("triple-play", seed=3, bots=[None, "normal", "normal", "normal"])
    rng = random.Random(3)
    for _ in range(12):
        seat = state.to_move()
        game.apply(state, get_bot("normal")(game.observe(state, seat), seat, rng))
    index = max(i for i, a in enumerate(state.log) if a.get("seat") == 0)
    before = game.view(state, 0, log=False)["hand"]
    at = V.position_at(state, index, 0)
    assert len(state.log[:index]) == index and at["to_move"] == 0
    run = CoachRun(deal=1, key=(1, 1), status="done",
                   mistakes=[mistake(index, 540), mistake(2, 25)], open=0, position=at)
    nodes = V.sheet_extras(0, run)
    words = text(nodes)
    assert "You: discarded 9♥." in words and "Hard: drew 2 cards." in words
    assert "cost about 540 points" in words and "Your turn 3" in words
    assert {"coach-0", "coach-1", "coach-position"} <= ids(nodes)
    box = text([V.position_box(at)])
    assert f"Your hand ({len(at['hand'])})" in box and "Discard pile" in box
    assert at["hand"] != before or state.log[index]["type"] == "draw"  # the hand then, not now
    run.open = run.position = None
    assert "coach-position" not in ids(V.sheet_extras(0, run))


def test_side_line_names_canastas_and_melds_being_built():
    melds = [{"rank": "7", "cards": ["7C"] * 7, "canasta": True, "kind": "natural"},
             {"rank": "K", "cards": ["KS"] * 4, "canasta": False, "kind": "natural"}]
    assert V.side_line(melds) == "1 canasta (7s) · Kings ×4"
    assert V.side_line([]) == "no melds"


def steps(n, fail_at=None):
    for i in range(n):
        if i == fail_at:
            raise ValueError("boom")
        yield (i, n)
    return "done"


def test_slices_run_to_the_value_and_report_progress():
    seen = []
    value, spent = asyncio.run(slices.run(steps(3), progress=seen.append))
    assert value == "done" and seen == []  # three tiny units: one slice, no pause
    assert 0 <= spent < slices.SLICE_S


def napping(n, seconds):
    for i in range(n):
        time.sleep(seconds)
        yield i
    return "done"


def test_slices_count_the_time_inside_the_steps_not_the_pauses():
    """Four units of 20 ms fill more than one slice of 35 ms (a pause, and
    progress, between them): the time spent is the steps' 80 ms or more,
    never the pauses too."""
    seen = []
    start = time.perf_counter()
    value, spent = asyncio.run(slices.run(napping(4, 0.02), progress=seen.append))
    wall = time.perf_counter() - start
    assert value == "done" and seen and seen == sorted(set(seen))
    assert 0.08 <= spent <= wall


def test_slices_stop_between_slices_when_told(monkeypatch):
    """On a clock that each unit of work moves on by 10 ms, a slice of 35 ms
    runs four units; told to stop after two slices, the work stops there,
    with the progress of each slice."""
    clock = [0.0]
    monkeypatch.setattr(slices.time, "perf_counter", lambda: clock[0])

    def slow():
        for i in range(1000):
            clock[0] += 0.01
            yield (i, 1000)
        return "never"
    seen = []
    with pytest.raises(slices.Stopped):
        asyncio.run(slices.run(slow(), go_on=lambda: len(seen) < 2, progress=seen.append))
    assert seen == [(3, 1000), (7, 1000)]
    with pytest.raises(ValueError):
        asyncio.run(slices.run(steps(3, fail_at=1)))
