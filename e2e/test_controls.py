"""Controls that tell the truth (issue 57): Meld with several ranks selected
plays each to its one place; Draw and Take pile are greyed with the engine's
reason when it refuses them, and a tap shows it; a reload keeps the
selection and the cards new this turn; the score sheet's head is short and
no button of it is under the sticky bar.

Positions are laid out in Python (tests/helpers.py) and resumed from a save
(pages.resume_at), at 390x844; the score sheet at 390x844 and 360x640.
"""

import pytest

import harness
from game import check
from pages import (
    QUERY,
    game_state,
    grey,
    message,
    new_context,
    plant,
    press,
    reopen,
    resume_at,
    selected,
    table,
    tap_anyway,
)
from tests.helpers import HAND, played, position

EIGHTS_AND_FOURS = [("8", "8D 8C 8S"), ("4", "4S 4H 4C")]


def meld_sizes(page):
    return {m["rank"]: len(m["cards"]) for m in game_state(page)["sides"][0]["melds"]}


def test_meld_plays_two_ranks_at_once(phone_context, base_url):
    page = phone_context.new_page()
    resume_at(page, base_url, position(hands={0: HAND}, melds={0: EIGHTS_AND_FOURS}, phase="play"))
    press(page, "#chip-8", True)
    press(page, "#chip-4", True)
    assert not grey(page, "#btn-meld")
    harness.screenshot(page, "phone-meld-two-ranks-selected")
    press(page, "#btn-meld", True)
    assert message(page) == ""
    assert meld_sizes(page) == {"8": 4, "4": 4}


def test_meld_with_a_wild_and_two_ranks_is_greyed_with_what_to_do(phone_context, base_url):
    page = phone_context.new_page()
    resume_at(page, base_url, position(hands={0: HAND}, melds={0: EIGHTS_AND_FOURS}, phase="play"))
    for key in ("8", "4", "2"):
        press(page, f"#chip-{key}", True)
    assert grey(page, "#btn-meld")
    tap_anyway(page, "#btn-meld")
    assert message(page).startswith("Wild cards join one rank at a time")
    assert meld_sizes(page) == {"8": 3, "4": 3}


def draw_phase(page, base_url, discard):
    """South to draw, the discard pile as given (bottom to top)."""
    state = position(hands={0: HAND}, melds={0: EIGHTS_AND_FOURS}, discard=discard)
    resume_at(page, base_url, state)
    assert table(page, "phase") == "draw" and table(page, "to-move") == "0"
    return state


def engine_reason(state, action):
    try:
        check(state, action)
    except Exception as e:  # IllegalMove: the reason the page must show
        return str(e)
    return None


def test_take_pile_is_greyed_with_the_engines_reason(phone_context, base_url):
    page = phone_context.new_page()
    for discard, name in (("", "empty"), ("9C 3S", "black-3")):
        state = draw_phase(page, base_url, discard)
        why = engine_reason(state, {"type": "take_pile", "melds": [{"cards": ["9C", "9D"]}]})
        assert why and grey(page, "#btn-take") and not grey(page, "#btn-draw")
        assert page.get_attribute("#btn-take", "title") == why
        harness.screenshot(page, f"phone-take-pile-{name}")
        tap_anyway(page, "#btn-take")
        assert message(page) == why
        assert table(page, "phase") == "draw"


def test_take_pile_reads_as_available_when_the_top_card_can_be_melded(phone_context, base_url):
    """The 9 on top melds with the 9s from the hand: the engine allows the take."""
    page = phone_context.new_page()
    draw_phase(page, base_url, "6C 9S")
    assert not grey(page, "#btn-take") and not grey(page, "#btn-draw")


def test_a_reload_keeps_the_selection_and_the_new_marks(phone_context, base_url):
    page = phone_context.new_page()
    resume_at(page, base_url, position(hands={0: HAND}, melds={0: EIGHTS_AND_FOURS},
                                       stock_top="JH JD"))
    press(page, "#btn-draw", True)
    press(page, "#chip-9", True)
    press(page, "#chip-9", True)
    new = page.eval_on_selector_all("#hand .chip.fresh", "els => els.map(e => e.dataset.rank)")
    assert new == ["J"]
    reopen(page, base_url + QUERY, to_list=False)  # left at the table: back at the table
    assert table(page, "phase") == "play" and table(page, "to-move") == "0"
    assert selected(page, "9") == 2
    assert page.eval_on_selector_all("#hand .chip.fresh", "els => els.map(e => e.dataset.rank)") == new
    assert page.get_attribute("#chip-J", "data-new") == "2"
    harness.screenshot(page, "phone-reload-kept-selection")


SHEET_BUTTONS = "#sheet button, #sheet summary"


def covered(page):
    """The sheet's controls whose centre is under another element (the sticky
    action bar) once scrolled into view from above, the least scroll that
    shows them (as a focus or a finger scrolling down stops): their ids or texts."""
    out = []
    for i in range(page.locator(SHEET_BUTTONS).count()):
        loc = page.locator(SHEET_BUTTONS).nth(i)
        if not loc.is_visible():
            continue
        page.evaluate("window.scrollTo(0, 0)")
        if not loc.evaluate("""e => { e.scrollIntoView({block: "nearest"});
                   const r = e.getBoundingClientRect();
                   const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
                   return hit !== null && e.contains(hit); }"""):
            out.append(loc.get_attribute("id") or loc.text_content())
    return out


@pytest.mark.parametrize("size", ["phone", "small"])
def test_the_score_sheet_head_is_one_row_and_its_buttons_uncovered(chromium, base_url, size):
    page = new_context(chromium, size).new_page()
    plant(page, base_url, played(seed=11, deals=1))
    harness.screenshot(page, f"{size}-sheet-top")
    scores, menu = (page.locator(sel).bounding_box() for sel in ("#scores", "#btn-menu"))
    assert scores["height"] <= menu["height"], "the scores above the sheet wrap past the buttons' row"
    assert covered(page) == []
    page.evaluate("window.scrollTo(0, 0)")
    page.locator("#btn-same-deal-1").evaluate("e => e.scrollIntoView({block: 'nearest'})")
    harness.screenshot(page, f"{size}-sheet-deal-tools")
    page.context.close()
