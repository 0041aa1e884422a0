"""Asking a partner to go out, both ways, from hand-built positions.

A position is laid out in Python (tests/helpers.py), stored as a save
record by ui/core/saves.py into the page's localStorage, and resumed with
Continue (pages.resume_at), so each test starts exactly where the
question arises (seed 000: "ask your partner; if the partner says yes you
must go out").
"""


import harness
from game import apply
from pages import OPPONENT, game_state, log_lines, press, resume_at, select_rank, table, wait_settled
from tests.helpers import BOOK, position


def test_you_ask_and_the_bot_partner_answers(phone_context, base_url):
    """You are in the foot with the book made; North holds two cards, so says yes."""
    page = phone_context.new_page()
    resume_at(page, base_url, position(
        hands={0: "9S 9H 9D 4C", 2: "4S 6C", 1: OPPONENT, 3: OPPONENT}, piles={0: [], 2: []},
        melds={0: list(BOOK), 1: list(BOOK)}, phase="play"))
    assert table(page, "phase") == "play"
    press(page, "#btn-ask", True)
    wait_settled(page)
    assert any("asked North for leave to go out." in line for line in log_lines(page))
    assert any("North answered yes" in line for line in log_lines(page))
    assert game_state(page)["permission"] is True
    assert page.locator("#btn-ask").count() == 0  # asked once a turn
    harness.screenshot(page, "phone-partner-said-yes")
    # now you must go out: meld the 9s, throw the 4
    select_rank(page, "9", True)
    press(page, "#btn-meld", True)
    press(page, "#chip-4", True)
    press(page, "#btn-discard", True)
    assert wait_settled(page) == "deal_end"


def test_the_bot_partner_asks_and_you_answer(phone_context, base_url):
    """North is in the foot with two cards and asks; you still hold your knee
    and foot, so you say no, and North plays on without going out."""
    state = position(hands={2: "9S 9H 9D 4C", 0: "AS AH KD KC QS QH JD JC TS 9C 8D 8C 6S 6H 4D",
                            1: OPPONENT, 3: OPPONENT},
                     piles={2: []}, melds={0: list(BOOK), 1: list(BOOK)}, phase="play", turn=2)
    apply(state, {"type": "ask_to_go_out"})
    page = phone_context.new_page()
    resume_at(page, base_url, state)
    assert table(page, "phase") == "answer" and table(page, "to-move") == "0"
    assert "North asks: may I go out?" in page.text_content("#status")
    assert page.is_visible("#btn-yes") and page.is_visible("#btn-no")
    harness.screenshot(page, "phone-partner-asks")
    press(page, "#btn-no", True)
    assert wait_settled(page) == "draw"  # North played on; the turn came round to you
    played = game_state(page)
    assert {"type": "answer", "yes": False, "seat": 0} in played["log"]
    assert played["deal"] == 1 and played["went_out"] is None  # North did not go out
