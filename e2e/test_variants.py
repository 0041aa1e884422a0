"""Every rule system through the page: 2 to 6 players, two stock piles,
house rules and the rules reference, on a phone with touch taps.

A simple player draws (choosing a stock pile where there are two), melds
whole groups the engine accepts and discards its loneliest card.
"""

import harness
from pages import (
    PHONE_W,
    discard_loneliest,
    message,
    open_house_rules,
    open_new_game,
    press,
    simple_turn,
    table,
    wait_settled,
    wider_than_page,
)


def choose_game(page, preset, players, bots="random"):
    page.select_option("#setup-preset", preset)
    page.select_option("#setup-players", str(players))
    for seat in range(1, players):
        page.select_option(f"#setup-bot-{seat}", bots)


def start(page, touch=True):
    press(page, "#btn-start", touch)
    page.wait_for_function("document.getElementById('table').dataset.phase !== 'setup'")


def stock_counts(page):
    return page.eval_on_selector_all("#piles [id^=pile-stock]", "els => els.map(e => Number(e.dataset.count))")


def assert_no_horizontal_scroll(page):
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= PHONE_W, f"horizontal scroll: {width}px"
    wide = wider_than_page(page, "#app *:not(option)")
    assert not wide, wide[:5]


def play_deal_simply(page, shot, shot_turn, turns):
    """Simple turns until the deal ends (or ``turns`` run out), with a
    screenshot and a layout check at turn ``shot_turn``."""
    for turn in range(turns):
        if turn == shot_turn:
            harness.screenshot(page, shot)
            assert_no_horizontal_scroll(page)
        if not simple_turn(page):
            return


def test_six_players_three_sides_play_a_whole_deal(phone_context, base_url, record):
    page = phone_context.new_page()
    open_new_game(page, base_url)
    log = record(page)  # from the ready page on: start-up has its own tests
    choose_game(page, "brouillette-partners", 6)
    roles = page.text_content("#setup")
    assert "North partner" in roles and "Southwest opponent" in roles
    harness.screenshot(page, "phone-new-game-6")
    assert_no_horizontal_scroll(page)
    start(page)
    wait_settled(page)
    assert page.locator("#seats .seat").count() == 5
    assert page.locator("#melds .side").count() == 3
    assert page.locator("#scores .score").count() == 3
    assert page.locator("#melds .side").last.get_attribute("id") == "side-0"  # ours nearest the hand
    assert page.locator("#pile-knee").count() == 0 and "knee" not in page.text_content("#status").lower()
    assert len(stock_counts(page)) == 2
    play_deal_simply(page, "phone-table-6", shot_turn=3, turns=400)
    assert table(page, "phase") == "deal_end"
    assert page.is_visible("#sheet table.sheet-table")
    assert page.locator("#sheet-summary thead th").count() == 4  # "Deal" and three sides
    assert "Wild canastas" not in page.text_content("#sheet")  # no wild melds in these rules
    harness.screenshot(page, "phone-score-sheet-6")
    assert_no_horizontal_scroll(page)
    assert log.console_errors == [] and log.failures == []


def test_three_players_draw_from_a_chosen_stock_pile(phone_context, base_url):
    page = phone_context.new_page()
    open_new_game(page, base_url)
    choose_game(page, "simpson", 3)
    assert "Everyone plays alone" in page.text_content("#setup")
    assert page.locator("#setup-opt-knee_reminder").count() == 0  # no knee in these rules
    start(page)
    wait_settled(page)
    assert page.locator("#seats .seat[data-role=opponent]").count() == 2
    assert page.locator("#melds .side").count() == 3
    before = stock_counts(page)
    press(page, "#btn-draw-1-1", True)  # both cards from stock B
    assert not message(page), message(page)
    assert stock_counts(page) == [before[0], before[1] - 2]
    assert "from stock B" in page.text_content("#log")
    harness.screenshot(page, "phone-table-3")
    assert page.locator("#btn-ask").count() == 0  # nobody to ask without partners
    assert discard_loneliest(page)
    for _ in range(4):  # a few more turns, drawing one card from each pile
        assert simple_turn(page, draw="#btn-draw-0-1")
    assert_no_horizontal_scroll(page)


def test_house_rules_refused_with_the_reason_then_on_the_score_sheet(phone_context, base_url):
    page = phone_context.new_page()
    open_new_game(page, base_url)
    open_house_rules(page)
    page.evaluate("document.getElementById('house').scrollIntoView()")
    harness.screenshot(page, "phone-house-rules")
    page.fill("#house-meld_min", "9")
    press(page, "#btn-start", True)
    assert "smallest meld must have between 1 and canasta-size" in page.text_content("#setup-message")
    assert "smallest meld" in page.text_content("#house-error")
    assert page.get_attribute("html", "data-screen") == "setup"
    page.locator("#house-error").scroll_into_view_if_needed()
    harness.screenshot(page, "phone-house-rules-refused")
    page.fill("#house-meld_min", "3")
    page.fill("#house-bonus_natural", "600")
    page.fill("#house-draw_count", "12")  # a short deal: the stock soon runs out
    press(page, "#btn-rules", True)  # the reference describes the rules being chosen
    assert "clean canasta 600" in page.text_content("#rules")
    assert "Clean canasta bonus: 600 (preset: 500)" in page.text_content("#house-rules")
    assert page.get_attribute("#rules-source", "href") == "rules/triple-play.html"
    harness.screenshot(page, "phone-rules")
    press(page, "#btn-back", True)
    assert page.input_value("#house-bonus_natural") == "600"
    start(page)
    for _ in range(100):
        if not simple_turn(page):
            break
    assert table(page, "phase") == "deal_end"
    note = page.text_content("#sheet")
    assert "with house rules" in note and "Clean canasta bonus: 600 (preset: 500)" in note
    assert "Cards drawn: 12 (preset: 2)" in note


def test_rules_reference_from_the_table_and_its_source_page(desktop_context, base_url):
    page = desktop_context.new_page()
    open_new_game(page, base_url)
    page.select_option("#setup-preset", "hand-and-foot")
    harness.screenshot(page, "desktop-new-game")
    page.select_option("#setup-players", "4")
    start(page, touch=False)
    wait_settled(page)
    press(page, "#btn-rules", False)
    text = page.text_content("#rules")
    assert "Hand and Foot" in text and "a hand of 13 and a foot of 13" in text
    harness.screenshot(page, "desktop-rules")
    href = page.get_attribute("#rules-source", "href")
    source = page.context.new_page()
    source.goto(base_url + href)
    assert "hand-and-foot" in source.text_content("h2")
    source.close()
    press(page, "#btn-back", False)
    assert page.get_attribute("html", "data-screen") == "table"


def test_five_players_alone_fit_a_phone(phone_context, base_url):
    page = phone_context.new_page()
    open_new_game(page, base_url)
    choose_game(page, "simpson", 5)
    open_house_rules(page)
    page.fill("#house-draw_count", "12")
    start(page)
    play_deal_simply(page, "phone-table-5", shot_turn=2, turns=100)
    assert page.locator("#sheet-summary thead th").count() == 6
    harness.screenshot(page, "phone-score-sheet-5")
    assert_no_horizontal_scroll(page)
