"""How taps become moves (issue 44): one more card per tap, "−" for one
fewer, a long press for the whole rank, Meld that adds to the only meld the
cards can join, Discard only with exactly one card, the knee and asking to go
out greyed until the engine allows them, refusals that clear on the next
tap, new cards marked, and drag and drop, so a typical turn is 3 gestures.

Positions are laid out in Python (tests/helpers.py) and resumed from a save
(see pages.resume_at), so each test starts where the tap matters.
"""


import harness
from game.presets import TRIPLE_PLAY
from pages import chip, game_state, grey, message, press, resume_at, selected, table, tap_anyway, wait_settled
from tests.helpers import BOOK, position

HAND = "KS KH 9C 9D 9H 5C 5D 6D 8H JH QC 4S"
KINGS = ("K", "KD KC KS")


def hand_count(page):
    return int(table(page, "hand-count"))


def centre(page, selector):
    box = page.locator(selector).bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def touch(cdp, kind, x=0, y=0):
    """One touch event through the DevTools protocol (Playwright has no touch move)."""
    points = [] if kind == "touchEnd" else [{"x": x, "y": y}]
    cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})


def long_press(page, selector):
    """A finger held still on the chip ``selector`` until the page's hold
    (500 ms) has selected its whole rank, then lifted."""
    page.locator(selector).scroll_into_view_if_needed()
    cdp = page.context.new_cdp_session(page)
    touch(cdp, "touchStart", *centre(page, selector))
    page.wait_for_function(
        "s => { const c = document.querySelector(s); return c.dataset.selected === c.dataset.count; }", arg=selector)
    touch(cdp, "touchEnd")


def drag(page, source, target, finger=True):
    """Press on ``source``, move in steps, release over ``target`` (a finger, or the mouse)."""
    page.locator(source).scroll_into_view_if_needed()
    x, y = centre(page, source)
    tx, ty = centre(page, target)
    if not finger:
        page.mouse.move(x, y)
        page.mouse.down()
        page.mouse.move(tx, ty, steps=8)
        page.mouse.up()
        return
    cdp = page.context.new_cdp_session(page)
    touch(cdp, "touchStart", x, y)
    for i in range(1, 9):
        touch(cdp, "touchMove", x + (tx - x) * i / 8, y + (ty - y) * i / 8)
    touch(cdp, "touchEnd")


def my_last_discard(state):
    """The card South last threw (the bots may have played since)."""
    return [a for a in state["log"] if a.get("seat") == 0 and a["type"] == "discard"][-1]["card"]


def at_play(page, base_url, touch=True):
    """South to play (drawn already) in a planted position; the Kings meld is id 1."""
    resume_at(page, base_url, position(hands={0: HAND}, melds={0: [KINGS]}, phase="play"), touch)
    assert table(page, "phase") == "play" and table(page, "to-move") == "0"


def test_a_tap_selects_one_card_and_minus_takes_one_back(phone_context, base_url):
    page = phone_context.new_page()
    at_play(page, base_url)
    assert page.is_visible("#hand-hint")  # the gestures are told the first time
    press(page, "#chip-9", True)
    assert selected(page, "9") == 1
    press(page, "#chip-9", True)
    assert selected(page, "9") == 2
    box = page.locator("#less-9").bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44
    harness.screenshot(page, "phone-taps-two-selected")
    press(page, "#less-9", True)
    assert selected(page, "9") == 1
    press(page, "#chip-9", True)
    press(page, "#chip-9", True)
    assert selected(page, "9") == 3
    press(page, "#chip-9", True)  # all selected: a tap clears
    assert selected(page, "9") == 0 and page.locator("#less-9").count() == 0


def test_a_long_press_selects_the_whole_rank(phone_context, base_url):
    page = phone_context.new_page()
    at_play(page, base_url)
    long_press(page, "#chip-9")
    assert selected(page, "9") == 3  # not 3 and then one more from the release
    assert page.locator("#hand-hint").count() == 0  # learnt: the hint goes


def test_discard_needs_exactly_one_card_and_names_it(phone_context, base_url):
    page = phone_context.new_page()
    at_play(page, base_url)
    before = hand_count(page)
    assert grey(page, "#btn-discard")
    tap_anyway(page, "#btn-discard")
    assert "Select the card to discard" in message(page)
    assert hand_count(page) == before and table(page, "to-move") == "0"
    press(page, "#chip-9", True)
    assert not grey(page, "#btn-discard")
    assert message(page) == ""  # the refusal went with the next tap
    assert page.text_content("#btn-discard").startswith("Discard 9")
    press(page, "#chip-9", True)
    assert grey(page, "#btn-discard")
    assert "2 selected" in page.text_content("#btn-discard")
    tap_anyway(page, "#btn-discard")
    assert "2 cards are selected" in message(page)
    assert hand_count(page) == before and table(page, "to-move") == "0"
    harness.screenshot(page, "phone-discard-refused")
    press(page, "#less-9", True)
    press(page, "#btn-discard", True)
    assert my_last_discard(game_state(page))[0] == "9"
    assert hand_count(page) == before - 1


def test_meld_adds_two_kings_to_the_kings_meld(phone_context, base_url):
    page = phone_context.new_page()
    at_play(page, base_url)
    press(page, "#chip-9", True)
    assert "target" not in page.get_attribute("#meld-1", "class")  # a 9 cannot go to the Kings
    press(page, "#less-9", True)
    press(page, "#chip-K", True)
    press(page, "#chip-K", True)
    assert "target" in page.get_attribute("#meld-1", "class")
    harness.screenshot(page, "phone-meld-target")
    press(page, "#btn-meld", True)
    assert message(page) == ""
    kings = game_state(page)["sides"][0]["melds"][0]
    assert kings["id"] == 1 and len(kings["cards"]) == 5
    assert chip(page, "K").count() == 0


def test_knee_greyed_until_legal_then_picked_up(phone_context, base_url):
    page = phone_context.new_page()
    reminder = TRIPLE_PLAY.derive(knee_reminder=True)
    no_canasta = position(rules=reminder, hands={0: HAND}, melds={0: [KINGS]}, phase="play")
    resume_at(page, base_url, no_canasta)
    assert grey(page, "#btn-knee")
    why = page.get_attribute("#btn-knee", "title")
    assert "canasta" in why
    tap_anyway(page, "#btn-knee")
    assert message(page) == why  # the engine's own reason
    assert len(game_state(page)["players"][0]["piles"]) == 2
    press(page, "#chip-5", True)
    assert message(page) == ""
    canasta = position(rules=reminder, hands={0: HAND}, melds={0: [("7", "7S 7H 7D 7C 7S 7H 7D")]},
                       phase="play", knee_ready=[0])
    resume_at(page, base_url, canasta)
    assert not grey(page, "#btn-knee") and page.get_attribute("#btn-knee", "data-ready") == "1"
    before = hand_count(page)
    press(page, "#btn-knee", True)
    assert message(page) == ""
    assert len(game_state(page)["players"][0]["piles"]) == 1
    assert hand_count(page) > before
    fresh = page.eval_on_selector_all("#hand .chip.fresh", "els => els.map(e => Number(e.dataset.new))")
    assert sum(fresh) == hand_count(page) - before  # the knee's cards are marked new
    harness.screenshot(page, "phone-knee-picked-up")


def test_typical_turn_in_three_gestures(phone_context, base_url):
    """Draw, a new meld of three, discard: tap Draw, drag the 9s to the melds,
    drag a 5 to the discard pile (one card of the two goes); the drags by finger."""
    page = phone_context.new_page()
    resume_at(page, base_url, position(hands={0: HAND}, melds={0: [KINGS]}, stock_top="TC JD"))
    assert table(page, "phase") == "draw"
    before = hand_count(page)
    gestures = 0
    press(page, "#btn-draw", True)
    gestures += 1
    drawn = hand_count(page) - before
    assert sorted(k for k in page.eval_on_selector_all(
        "#hand .chip.fresh", "els => els.map(e => e.dataset.rank)")) == ["J", "T"]
    drag(page, "#chip-9", "#side-0")
    gestures += 1
    assert message(page) == ""
    melds = game_state(page)["sides"][0]["melds"]
    assert sorted(melds[-1]["cards"]) == ["9C", "9D", "9H"]
    drag(page, "#chip-5", "#pile-discard")
    gestures += 1
    state = game_state(page)
    assert my_last_discard(state)[0] == "5"
    assert sum(c[0] == "5" for c in state["players"][0]["hand"]) == 1  # one card, never more
    assert len(state["players"][0]["hand"]) == before + drawn - 3 - 1
    assert gestures <= 4
    print(f"typical turn: {gestures} gestures")
    wait_settled(page)


def test_drop_on_a_meld_adds_to_it(phone_context, base_url):
    page = phone_context.new_page()
    at_play(page, base_url)
    drag(page, "#chip-K", "#meld-1")
    assert message(page) == ""
    assert len(game_state(page)["sides"][0]["melds"][0]["cards"]) == 5


def test_desktop_clicks_and_drags_the_same_way(desktop_context, base_url):
    page = desktop_context.new_page()
    at_play(page, base_url, touch=False)
    press(page, "#chip-K", False)
    press(page, "#chip-K", False)
    assert selected(page, "K") == 2 and "target" in page.get_attribute("#meld-1", "class")
    harness.screenshot(page, "desktop-meld-target")
    press(page, "#less-K", False)
    assert selected(page, "K") == 1
    drag(page, "#chip-9", "#side-0", finger=False)  # the 9s alone: the King stays in the hand
    state = game_state(page)
    assert sorted(state["sides"][0]["melds"][-1]["cards"]) == ["9C", "9D", "9H"]
    assert len(state["sides"][0]["melds"][0]["cards"]) == 3


def test_ask_to_go_out_greyed_with_the_engines_reason(phone_context, base_url):
    """In the foot without the book: asking is refused, and says why."""
    page = phone_context.new_page()
    resume_at(page, base_url, position(hands={0: "9S 9H 9D 4C", 2: "4S 6C"}, piles={0: [], 2: []},
                                       melds={0: [KINGS], 1: list(BOOK)}, phase="play"))
    assert grey(page, "#btn-ask")
    why = page.get_attribute("#btn-ask", "title")
    assert "to go out" in why
    tap_anyway(page, "#btn-ask")
    assert message(page) == why
    assert game_state(page)["permission"] is None


def focused(page):
    return page.evaluate("document.activeElement && document.activeElement.id")


def tap_beside(page, selector):
    """A tap on a spot of the page that is no control (the middle of ``selector``)."""
    page.touchscreen.tap(*centre(page, selector))


def test_escape_or_a_tap_beside_closes_what_is_open(phone_context, base_url):
    """The settings and log panels, a meld's cards and the other sides' melds
    close on Escape and on a tap beside them (a panel's backdrop), topmost
    first, and the focus goes back to the control that opened them."""
    page = phone_context.new_page()
    resume_at(page, base_url, position(hands={0: HAND}, melds={0: [KINGS], 1: [("Q", "QD QH QS")]},
                                       phase="play"))
    for name in ("settings", "log"):
        panel = f"#{name}-panel"
        press(page, f"#btn-{name}", True)
        assert page.is_visible(panel)
        page.keyboard.press("Escape")
        assert page.is_hidden(panel) and focused(page) == f"btn-{name}"
        press(page, f"#btn-{name}", True)
        tap_beside(page, f"{panel} h2")  # inside the panel: it stays
        assert page.is_visible(panel)
        page.touchscreen.tap(195, 20)  # the dimmed backdrop above it
        assert page.is_hidden(panel) and focused(page) == f"btn-{name}"

    press(page, "#meld-1", True)
    assert page.is_visible("#meld-detail")
    tap_beside(page, "#meld-detail .detail-cards")  # its own cards: it stays
    press(page, "#btn-settings", True)
    page.keyboard.press("Escape")  # the panel on top goes first
    assert page.is_hidden("#settings-panel") and page.is_visible("#meld-detail")
    page.keyboard.press("Escape")
    assert page.locator("#meld-detail").count() == 0 and focused(page) == "meld-1"
    press(page, "#meld-1", True)
    tap_beside(page, "#status")
    assert page.locator("#meld-detail").count() == 0 and focused(page) == "meld-1"

    strip = "#btn-opponents"
    for close in (lambda: page.keyboard.press("Escape"), lambda: tap_beside(page, "#status")):
        press(page, strip, True)
        assert page.get_attribute(strip, "aria-expanded") == "true" and page.is_visible("#side-1")
        tap_beside(page, "#side-1 .side-head")  # their melds themselves: they stay open
        assert page.get_attribute(strip, "aria-expanded") == "true"
        close()
        assert page.get_attribute(strip, "aria-expanded") == "false" and page.is_hidden("#side-1")
        assert focused(page) == "btn-opponents"
    assert table(page, "phase") == "play" and hand_count(page) == 12  # nothing else changed
