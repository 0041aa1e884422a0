"""The table's layout on a phone and a desktop: the hand and the action bar
always on screen, readable text, big enough tap targets, no serious
accessibility violation (axe-core), and a screenshot of every screen.

Crowded positions (20+ melds a side, a 70-card hand, 5 and 6 seats) are
built with the engine (pages.crowded, from tests/helpers.py) and planted as
a save (pages.resume_at).
"""

import json

import pytest

import harness
from game import apply
from harness import traced_context
from pages import (
    MELDED,
    OPPONENT,
    QUERY,
    assert_in_view,
    assert_readable,
    axe_serious,
    boxes,
    crowded,
    new_context,
    open_new_game,
    press,
    resume_at,
    select_rank,
    start_game,
    table,
    wait_settled,
)
from tests.helpers import BOOK, position


@pytest.mark.parametrize("size", ["phone", "small"])
def test_crowded_table_keeps_hand_and_actions_in_view(chromium, base_url, size):
    """Draw and play phases with 20 melds a side and a 70-card hand; then
    with the opponents' melds open and a meld's cards shown."""
    page = new_context(chromium, size).new_page()
    resume_at(page, base_url, crowded())
    assert table(page, "phase") == "draw" and table(page, "hand-count") == "70"
    assert page.locator("#hand .chip").count() == 14
    assert_in_view(page, f"{size} draw", hand_fits=size == "phone")
    harness.screenshot(page, f"{size}-crowded-draw")
    press(page, "#btn-draw", True)
    assert table(page, "phase") == "play"
    assert_in_view(page, f"{size} play", hand_fits=size == "phone")
    press(page, "#btn-opponents", True)
    assert page.locator("#side-1").is_visible()
    assert_in_view(page, f"{size} opponents open")
    harness.screenshot(page, f"{size}-crowded-opponents-open")
    press(page, "#side-1 .meld >> nth=0", True)
    assert page.locator("#meld-detail").is_visible()
    assert_in_view(page, f"{size} meld shown")
    page.context.close()


def box(page, selector):
    return page.locator(selector).bounding_box()


@pytest.mark.parametrize("size", ["phone", "small"])
def test_new_wild_cards_keep_their_divider_and_seats_name_bot_levels(chromium, base_url, size):
    """The first wild chip holding new cards: the divider where the wild cards
    begin stays clear of the chip's dashed "new" outline (1 px off the chip,
    3 px wide), and "new" never covers the count. Bots of three levels: each
    seat says which."""
    page = new_context(chromium, size).new_page()
    hand = "KS KH 9C 9D 9H 5C 5D 6D 8H JH QC 4S 2H"
    resume_at(page, base_url, position(hands={0: hand}, stock_top="2C 2D"),
              bots=("easy", "normal", "hard"))
    assert page.eval_on_selector_all("#seats .seat-level", "els => els.map(e => e.textContent)") \
        == ["easy bot", "normal bot", "hard bot"]
    press(page, "#btn-draw", True)
    assert page.get_attribute("#chip-2", "data-new") == "2"
    page.eval_on_selector("#chip-2", "e => e.scrollIntoView({block: 'nearest'})")
    divider, chip = box(page, ".chip-slot.wild-first .wild-divider"), box(page, "#chip-2")
    assert divider["height"] > 0.5 * chip["height"]
    assert divider["x"] + divider["width"] <= chip["x"] - 4
    new, count = box(page, "#chip-2 .c-new"), box(page, "#chip-2 .c-count")
    apart = new["x"] + new["width"] <= count["x"] or new["y"] + new["height"] <= count["y"]
    assert apart, (new, count)
    harness.screenshot(page, f"{size}-new-wild-cards")
    page.context.close()


def test_desktop_hand_cards_are_bigger_than_the_phones(chromium, base_url):
    heights = {}
    for size, device in (("phone", harness.PHONE), ("desktop", harness.DESKTOP)):
        page = traced_context(chromium, **dict(device, has_touch=True)).new_page()
        resume_at(page, base_url, position(hands={0: "KS KH 9C 9D 9H 5C"}))
        heights[size] = box(page, "#chip-K .mc.front")["height"]
        page.context.close()
    # a tall phone (390x844) draws its cards big too; the desktop's read across the room
    assert heights["phone"] >= 52 and heights["desktop"] >= 1.25 * heights["phone"], heights


@pytest.mark.parametrize("rules,players", [("hand-and-foot", 5), ("hand-and-foot", 6),
                                           ("brouillette-partners", 6)])
def test_five_and_six_seats_fit_the_small_phone(chromium, base_url, rules, players):
    page = new_context(chromium, "small").new_page()
    resume_at(page, base_url, crowded(rules, players))
    assert page.locator("#seats .seat").count() == players - 1
    assert_in_view(page, f"{rules} {players} draw")
    harness.screenshot(page, f"small-{rules}-{players}")
    press(page, "#actions [data-cmd=draw]", True)  # with two stock piles: draw both from A
    assert_in_view(page, f"{rules} {players} play")
    page.context.close()


def go_out(page, touch):
    """Holding 9S 9H 9D 4C with the book made: ask, meld the 9s, discard the 4."""
    press(page, "#btn-ask", touch)
    wait_settled(page)
    select_rank(page, "9", touch)
    press(page, "#btn-meld", touch)
    press(page, "#chip-4", touch)
    press(page, "#btn-discard", touch)
    wait_settled(page)


@pytest.mark.parametrize("size", ["phone", "small"])
def test_answer_and_deal_end_keep_actions_in_view(chromium, base_url, size):
    """North asks to go out (you answer), then a deal you end by going out."""
    hand = " ".join(r + s for r in MELDED + "4" for s in "SHDC") + " 2S 2H JK 3S"
    state = position(hands={2: "9S 9H 9D 4C", 0: hand, 1: OPPONENT, 3: OPPONENT},
                     piles={2: []}, melds={0: list(BOOK), 1: list(BOOK)}, phase="play", turn=2)
    apply(state, {"type": "ask_to_go_out"})
    page = new_context(chromium, size).new_page()
    resume_at(page, base_url, state)
    assert table(page, "phase") == "answer"
    assert_in_view(page, f"{size} answer")
    harness.screenshot(page, f"{size}-answer")
    page.context.close()

    page = new_context(chromium, size).new_page()
    resume_at(page, base_url, position(
        hands={0: "9S 9H 9D 4C", 2: "4S 6C", 1: OPPONENT, 3: OPPONENT}, piles={0: [], 2: []},
        melds={0: list(BOOK), 1: list(BOOK)}, phase="play"))
    go_out(page, True)
    assert wait_settled(page) == "deal_end"
    assert_in_view(page, f"{size} deal end")
    page.context.close()


# -- text sizes and tap targets -----------------------------------------------------
def every_screen(page, touch, shot):
    """Visit setup, rules, the table (draw, play, meld shown), the games list and
    the score sheet; call shot(name) on each."""
    open_new_game(page, page.base_url, QUERY)
    shot("setup")
    press(page, "#btn-house", touch)
    shot("setup-house")
    press(page, "#btn-setup-rules", touch)
    shot("rules")
    press(page, "#btn-back", touch)
    start_game(page, touch)
    wait_settled(page)
    shot("table-draw")
    # a refusal stands in the status area: the melds give it room, the hand,
    # the piles and the action bar stay where they were
    before = boxes(page, "#hand, #piles, #actions")
    press(page, "#btn-take", touch)  # nothing selected: the engine refuses
    assert page.locator("#message").is_visible()
    assert boxes(page, "#hand, #piles, #actions") == before
    toast = boxes(page, "#message")[0]
    for other in before + boxes(page, "#status"):
        assert min(toast["bottom"], other["bottom"]) <= max(toast["top"], other["top"]) \
            or min(toast["right"], other["right"]) <= max(toast["left"], other["left"]), (toast, other)
    shot("table-toast")
    press(page, "#btn-draw", touch)
    shot("table-play")
    press(page, "#btn-menu", touch)
    shot("games")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_sizes_and_accessibility_on_every_screen(chromium, base_url, scheme):
    context = traced_context(chromium, **harness.PHONE, color_scheme=scheme)
    page = context.new_page()
    page.base_url = base_url
    found = {}

    def shot(name):
        found[name] = axe_serious(page)
        assert_readable(page, name)

    every_screen(page, True, shot)
    # a crowded table with the opponents' melds and a meld's cards open
    resume_at(page, base_url, crowded())
    press(page, "#btn-opponents", True)
    press(page, "#side-1 .meld >> nth=0", True)
    shot("table-crowded")
    # the score sheet after a deal
    resume_at(page, base_url, position(
        hands={0: "9S 9H 9D 4C", 2: "4S 6C", 1: OPPONENT, 3: OPPONENT}, piles={0: [], 2: []},
        melds={0: list(BOOK), 1: list(BOOK)}, phase="play"))
    go_out(page, True)
    assert table(page, "phase") == "deal_end"
    shot("sheet")
    bad = {k: v for k, v in found.items() if v}
    assert not bad, json.dumps(bad, indent=1)
    context.close()


COLOURS = """() => [document.documentElement.dataset.theme, getComputedStyle(document.body).backgroundColor,
  getComputedStyle(document.querySelector('#hand .mc')).backgroundColor,
  document.querySelector('meta[name=theme-color]').content]"""


def test_dark_scheme_follows_the_system_and_the_setting_overrides_it(chromium, base_url):
    """The system's dark scheme darkens the felt and the cards; ⚙ Colours:
    Light wins over it, kept across a reload and applied before Python runs."""
    context = traced_context(chromium, **harness.PHONE, color_scheme="dark")
    page = context.new_page()
    resume_at(page, base_url, position(hands={0: "KS KH 9C 9D 9H 5C"}))
    dark = page.evaluate(COLOURS)
    page.emulate_media(color_scheme="light")  # the system's scheme changes: the page follows
    page.wait_for_function("document.documentElement.dataset.theme === 'light'")
    light = page.evaluate(COLOURS)
    assert dark[0] == "dark" and light[0] == "light"
    assert all(a != b for a, b in zip(dark[1:], light[1:])), (dark, light)
    harness.screenshot(page, "scheme-light")
    page.emulate_media(color_scheme="dark")
    press(page, "#btn-settings", True)
    press(page, "#set-theme-light", True)
    assert page.get_attribute("#set-theme-light", "aria-pressed") == "true"
    press(page, "#btn-settings-close", True)
    assert page.evaluate(COLOURS) == light
    page.reload()
    # boot.js applies the stored choice before the engine is ready
    assert page.evaluate("document.documentElement.dataset.theme") == "light"
    page.evaluate("localStorage.setItem('tp.settings', JSON.stringify({theme: 'neon'}))")
    page.reload()
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"  # unknown: the system's
    context.close()


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_screenshots_of_every_screen(chromium, base_url, size):
    """Written into e2e/screenshots/ for a person to look at."""
    # touch on the desktop too: resume_at taps
    context = traced_context(chromium, **(harness.PHONE if size == "phone" else dict(harness.DESKTOP, has_touch=True)))
    page = context.new_page()
    page.base_url = base_url
    touch = size == "phone"
    every_screen(page, touch, lambda name: harness.screenshot(page, f"layout-{size}-{name}"))
    resume_at(page, base_url, crowded())
    harness.screenshot(page, f"layout-{size}-crowded")
    if touch:
        press(page, "#btn-opponents", touch)
        harness.screenshot(page, f"layout-{size}-opponents-open")
    press(page, "#side-1 .meld >> nth=0", touch)
    assert page.locator("#meld-detail").is_visible()
    harness.screenshot(page, f"layout-{size}-meld-shown")
    resume_at(page, base_url, position(
        hands={0: "9S 9H 9D 4C", 2: "4S 6C", 1: OPPONENT, 3: OPPONENT}, piles={0: [], 2: []},
        melds={0: list(BOOK), 1: list(BOOK)}, phase="play"))
    go_out(page, touch)
    harness.screenshot(page, f"layout-{size}-sheet")
    context.close()
