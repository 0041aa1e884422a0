"""Playing through the page: a whole deal against bots, layout, screenshots.

The page exposes its state as data-* attributes on #table (data-phase,
data-to-move, data-busy, data-hand-count, ...); the tests read those and
act only through buttons, with touch taps on the phone.
"""

from collections import Counter

import pytest

import game
import harness
from pages import (
    PHONE_W,
    SEED,
    chips,
    discard_loneliest,
    game_state,
    message,
    open_new_game,
    press,
    resume_at,
    select_rank,
    start_game,
    table,
    wait_settled,
    wider_than_page,
)
from tests.helpers import position


def send_meld(page, touch, stats, counter):
    """Press Meld: count it under ``counter`` if accepted, else note the
    refusal and clear the selection. True if accepted."""
    press(page, "#btn-meld", touch)
    if message(page):
        stats["refused"].append(message(page))
        press(page, "#btn-clear", touch)
        return False
    stats[counter] += 1
    return True


def play_turn(page, touch, stats):
    """One human turn: draw, meld what the engine accepts, discard."""
    phase = table(page, "phase")
    if phase == "answer":
        press(page, "#btn-yes", touch)
        return
    if phase == "draw":
        if not stats["refused"]:
            # Taking the pile with nothing selected is always refused: the
            # engine's reason must show in the alert area.
            press(page, "#btn-take", touch)
            assert message(page), "a refused move must show the engine's reason"
            assert page.get_attribute("#message", "role") == "alert"
            assert table(page, "phase") == "draw"
            stats["refused"].append(message(page))
        top = page.get_attribute("#pile-discard", "data-top")
        key = top and ("JK" if top == "JK" else top[0])
        chip = page.locator(f"#chip-{key}") if key and key != "3" else None
        if chip is not None and chip.count() and int(chip.get_attribute("data-count")) >= 2:
            select_rank(page, key, touch)  # the pair (or more) joins the top card
            press(page, "#btn-take", touch)
            if not message(page):
                stats["takes"] += 1
                assert table(page, "took-pile") == "1"
            else:
                stats["refused"].append(message(page))
                press(page, "#btn-clear", touch)
        if table(page, "phase") == "draw":
            press(page, "#btn-draw", touch)
            if table(page, "phase") != "play":
                return  # the stock ran out: the deal is over
            stats["draws"] += 1
    knee = page.locator("#btn-knee")
    if knee.count() and knee.get_attribute("data-ready") == "1":
        if touch and not stats["knees"]:
            harness.screenshot(page, "phone-knee-ready")
        press(page, "#btn-knee", touch)  # the knee reminder is on in these tests
        assert not message(page), message(page)
        stats["knees"] += 1
    for rank, count in chips(page):
        if table(page, "phase") != "play" or table(page, "to-move") != "0":
            return
        target = page.locator(f'#side-0 button.meld[data-rank="{rank}"][data-canasta="0"]')
        if target.count() and page.locator(f"#chip-{rank}").count():
            # stage an addition by tapping our meld, then send it
            select_rank(page, rank, touch)
            press(page, f'#side-0 button.meld[data-rank="{rank}"][data-canasta="0"]', touch)
            assert table(page, "staged") == "1"
            send_meld(page, touch, stats, "adds")
            continue
        if count < 3 or rank in ("3b", "3r"):
            continue
        if page.locator(f"#chip-{rank}").count() == 0:
            continue
        select_rank(page, rank, touch)
        if send_meld(page, touch, stats, "melds"):
            if stats["melds"] == 1:
                # Undo goes back to just before the meld: the cards return to
                # the hand and the meld leaves the log; then meld again.
                after, moves = table(page, "hand-count"), len(game_state(page)["log"])
                assert page.locator("#btn-undo").count(), "no Undo after a meld"
                press(page, "#btn-undo", touch)
                assert int(table(page, "hand-count")) == int(after) + count
                assert len(game_state(page)["log"]) < moves
                stats["undos"] += 1
                select_rank(page, rank, touch)
                press(page, "#btn-meld", touch)
                assert not message(page), message(page)
    if table(page, "phase") != "play" or table(page, "to-move") != "0":
        return
    if page.locator("#btn-knock").count():
        press(page, "#btn-knock", touch)
        return
    # Discard: try the loneliest cards first.
    before = table(page, "hand-count")
    if discard_loneliest(page, touch, stats["refused"]):
        stats["discards"] += 1
        return
    raise AssertionError(f"no discard accepted: {stats['refused'][-3:]}, hand {before}")


def play_deal(page, touch, stats, shots=None, max_turns=200):
    for turn in range(max_turns):
        phase = wait_settled(page)
        if phase in ("deal_end", "game_end"):
            return phase
        if shots and turn == shots[0]:
            shots[1]()
        play_turn(page, touch, stats)
    raise AssertionError("the deal did not end")


def new_stats():
    return {"draws": 0, "melds": 0, "discards": 0, "knees": 0, "undos": 0, "takes": 0, "adds": 0, "refused": []}


@pytest.mark.slow
def test_phone_plays_a_whole_deal(phone_context, base_url, record):
    page = phone_context.new_page()
    open_new_game(page, base_url)
    log = record(page)  # from the ready page on: start-up has its own tests
    harness.screenshot(page, "phone-new-game")
    assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE_W
    start_game(page, touch=True)
    stats = new_stats()

    def mid_deal():
        harness.screenshot(page, "phone-table")
        page.screenshot(path=str(harness.SCREENSHOTS / "phone-table-full.png"), full_page=True)

    phase = play_deal(page, True, stats, shots=(6, mid_deal))
    assert phase == "deal_end"
    assert stats["draws"] >= 1 and stats["melds"] >= 1 and stats["discards"] >= 1, stats
    # the seeded deal has a pile take of ours (its knee: test_the_knee_button_puts_the_knee_in_the_hand)
    assert stats["refused"] and stats["adds"] >= 1 and stats["undos"] == 1 and stats["takes"] >= 1, stats
    # every pile take, knee and meld the test counted is the engine's, and no more
    mine = Counter(a["type"] for a in game_state(page)["log"] if a.get("seat") == 0)
    assert (mine["take_pile"], mine["pick_up_knee"]) == (stats["takes"], stats["knees"]), (mine, stats)
    print(f"\n{stats['draws']} draws, {stats['melds']} melds, {stats['knees']} knees, "
          f"{stats['undos']} undos, {stats['takes']} pile takes, {stats['adds']} additions; refused:",
          *sorted(set(stats["refused"])), sep="\n  ")
    assert page.is_visible("#sheet table.sheet-table")
    assert page.is_visible("#btn-next-deal")
    sheet = page.text_content("#sheet")
    for word in ("Melded cards", "Cards left", "Red 3s", "Running total"):
        assert word in sheet
    harness.screenshot(page, "phone-score-sheet")
    page.screenshot(path=str(harness.SCREENSHOTS / "phone-score-sheet-full.png"), full_page=True)

    press(page, "#btn-next-deal", True)
    page.wait_for_function("document.getElementById('table').dataset.deal === '2'")
    assert wait_settled(page) in ("draw", "answer")
    assert log.console_errors == [] and log.failures == []
    median = page.get_attribute("html", "data-bot-ms-median")
    assert median is not None and float(median) < 1000


def test_the_knee_button_puts_the_knee_in_the_hand(phone_context, base_url):
    """North made our side's first canasta: after our draw the knee button is
    ready (the knee reminder is on), and a tap adds the knee to the hand."""
    rules = game.get_preset("triple-play").derive(name="house", knee_reminder=True)
    state = position(rules, hands={0: "4C 6C 8S"}, melds={0: [("K", "KS KH KD KC KS KH KD")]}, knee_ready=(0,))
    page = phone_context.new_page()
    resume_at(page, base_url, state)
    press(page, "#btn-draw", True)
    assert table(page, "hand-count") == "5" and page.get_attribute("#btn-knee", "data-ready") == "1"
    press(page, "#btn-knee", True)
    assert not message(page), message(page)
    assert table(page, "hand-count") == "18"
    assert [a["type"] for a in game_state(page)["log"]][-2:] == ["draw", "pick_up_knee"]


@pytest.mark.slow
def test_bots_of_every_level_play_in_the_page(phone_context, base_url, record):
    """The new-game screen's three levels play side by side: easy (West),
    normal (North, our partner) and hard (East, which searches in slices
    between renders) each take their turns, round after round."""
    page = phone_context.new_page()
    open_new_game(page, base_url)
    log = record(page)
    levels = {1: "easy", 2: "normal", 3: "hard"}
    start_game(page, touch=True, bots=tuple(levels.values()))
    for seat, level in levels.items():
        assert page.get_attribute(f"#seat-{seat}", "title").endswith(f"{level} bot")
    stats = new_stats()
    for _ in range(6):
        if wait_settled(page, timeout_s=120) in ("deal_end", "game_end"):
            break
        play_turn(page, True, stats)
    wait_settled(page, timeout_s=120)
    ended = Counter(a["seat"] for a in game_state(page)["log"] if a["type"] in ("discard", "knock"))
    assert all(ended[seat] >= 4 for seat in levels), ended
    assert log.console_errors == [] and log.failures == []


def assert_fits_phone(page):
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= PHONE_W, f"horizontal scroll: {width}px"
    selectors = ["#hand", "#hand .chip", "#pile-discard", "#pile-stock", "#actions button",
                 "#melds .meld", "#seats .seat"]
    for sel in selectors:
        assert page.locator(sel).count(), sel
        assert wider_than_page(page, sel) == [], sel


def test_phone_layout_fits_without_horizontal_scroll(phone_context, base_url):
    page = phone_context.new_page()
    open_new_game(page, base_url)
    start_game(page, touch=True)
    stats = new_stats()
    for _ in range(8):  # a few turns in: melds on the table, a grown hand
        assert wait_settled(page) in ("draw", "play", "answer")
        play_turn(page, True, stats)
    wait_settled(page)
    assert_fits_phone(page)
    for sel in ("#hand", "#pile-discard", "#btn-draw", "#btn-take"):
        assert page.is_visible(sel), sel
    # the action bar stays on screen (sticky) wherever the page is scrolled
    box = page.locator("#actions").bounding_box()
    assert box["y"] + box["height"] <= 844 + 0.5


def test_desktop_screens(desktop_context, base_url):
    page = desktop_context.new_page()
    open_new_game(page, base_url)
    harness.screenshot(page, "desktop-new-game")
    start_game(page, touch=False)
    stats = new_stats()
    phase = play_deal(page, False, stats,
                      shots=(6, lambda: harness.screenshot(page, "desktop-table")))
    assert phase == "deal_end"
    harness.screenshot(page, "desktop-score-sheet")


def test_keyboard_and_labels(desktop_context, base_url):
    """Controls are buttons reachable by keyboard; cards and melds have labels."""
    page = desktop_context.new_page()
    open_new_game(page, base_url)
    page.focus("#btn-start")
    page.keyboard.press("Enter")
    page.wait_for_function("document.getElementById('table').dataset.phase !== 'setup'")
    wait_settled(page)
    interactive = page.eval_on_selector_all("[data-cmd]", "els => els.map(e => e.tagName)")
    assert interactive and set(interactive) == {"BUTTON"}
    # each chip is named in words (a screen-reader-only span; the fan of mini cards is aria-hidden)
    labels = page.eval_on_selector_all("#hand .chip", "els => els.map(e => e.querySelector('.sr-only').textContent)")
    assert labels and all(labels)
    assert page.get_attribute("#pile-discard", "aria-label").startswith("Discard pile")
    page.focus("#btn-draw")
    page.keyboard.press("Enter")
    page.wait_for_function("document.getElementById('table').dataset.phase !== 'draw'")


@pytest.mark.slow
def test_whole_game_to_the_winner(phone_context, base_url):
    """Four deals of draw-and-discard end on the winner and the whole sheet."""
    page = phone_context.new_page()
    open_new_game(page, base_url, query="?delay=0&seed=11")
    start_game(page, touch=True, knee_reminder=False)
    for _ in range(600):
        phase = wait_settled(page)
        if phase == "game_end":
            break
        if phase == "deal_end":
            press(page, "#btn-next-deal", True)
            continue
        if phase == "answer":
            press(page, "#btn-yes", True)
            continue
        if phase == "draw":
            press(page, "#btn-draw", True)
            if table(page, "phase") != "play":
                continue
        if page.locator("#btn-knock").count():
            press(page, "#btn-knock", True)
            continue
        discard_loneliest(page)
    assert table(page, "phase") == "game_end"
    assert page.is_visible("#winner")
    assert page.locator("#sheet table.sheet-table[data-deal]").count() == 4
    assert page.is_visible("#sheet-summary")
    harness.screenshot(page, "phone-game-end")
    press(page, "#btn-new-game", True)
    page.wait_for_selector("#btn-start")


def test_leaving_a_game_while_bots_play(phone_context, base_url, record):
    """☰ leaves for the games screen (the game stays saved); a new game
    starts cleanly even mid bot turn."""
    page = phone_context.new_page()
    open_new_game(page, base_url, query=f"?delay=300&seed={SEED}")
    log = record(page)
    start_game(page, touch=True, knee_reminder=False)
    wait_settled(page)
    fresh = page.get_attribute("#pile-stock", "aria-label")
    press(page, "#btn-draw", True)
    page.locator("#hand .chip").last.tap()
    press(page, "#btn-discard", True)
    assert table(page, "busy") == "1"  # West is thinking
    press(page, "#btn-menu", True)
    press(page, "#btn-games-new", True)
    page.wait_for_selector("#btn-start")
    start_game(page, touch=True, knee_reminder=False)  # the old bot loop must stop
    assert wait_settled(page) == "draw"
    assert table(page, "hand-count") == "15" and "New game" in page.text_content("#log")
    assert page.get_attribute("#pile-stock", "aria-label") == fresh
    # A round of the new game (each bot thinks 300 ms, as long as a stale loop
    # sleeps): every seat plays one turn in order, and no one else moves.
    press(page, "#btn-draw", True)
    page.locator("#hand .chip").last.tap()
    press(page, "#btn-discard", True)
    wait_settled(page)
    turns = [a["seat"] for a in game_state(page)["log"] if a["type"] in ("draw", "take_pile")]
    assert turns[:4] == [0, 1, 2, 3] and turns[4:] in ([], [0])
    assert log.console_errors == []
