"""The guided first game in the browser: played to the end by tapping only
what the coach mark outlines, a wrong tap refused with its reason and no
change, Skip, and the lesson resumed after a reload."""

import json
from pathlib import Path

import harness
from harness import traced_context
from pages import (
    BOOT_TIMEOUT_S,
    SMALL,
    assert_in_view,
    assert_readable,
    axe_serious,
    game_state,
    message,
    press,
    table,
    tap_anyway,
)
from ui.lesson import lesson as L

ROOT = Path(__file__).resolve().parent.parent

SCRIPT = L.load()
LESSONS = len(SCRIPT["lessons"])
SAVES = "Object.fromEntries(Object.keys(localStorage).filter(k => k.startsWith('tp.save.'))" \
        ".map(k => [k, localStorage.getItem(k)]))"


def open_page(page, base_url):
    page.goto(base_url + "?delay=0")
    assert harness.wait_ready(page, BOOT_TIMEOUT_S) == "ready", page.text_content("#boot")


def lesson_shown(page, index):
    """Wait until lesson ``index`` is on the table, still and waiting for a tap."""
    page.wait_for_function(
        """n => { const h = document.querySelector('#lesson .lesson-head');
                  const t = document.getElementById('table').dataset;
                  return h && h.textContent.startsWith('Lesson ' + n + ' of') && t.busy === '0'
                         && document.querySelector('[data-coach]'); }""",
        arg=index + 1, timeout=60_000)


def box(page, selector):
    return page.eval_on_selector(selector, "e => { const r = e.getBoundingClientRect();"
                                           " return [r.left, r.top, r.right, r.bottom]; }")


def assert_marked(page, selector, where):
    """The outlined control is the step's, visible, and not under the coach box."""
    marked = page.locator("[data-coach]")
    assert marked.count() == 1, where
    assert page.eval_on_selector(selector, "e => e.hasAttribute('data-coach')"), \
        f"{where}: {selector}"
    assert marked.is_visible(), where
    x0, y0, x1, y1 = box(page, "[data-coach]")
    c0, d0, c1, d1 = box(page, "#lesson-box")
    assert y0 >= d1 or y1 <= d0 or x0 >= c1 or x1 <= c0, f"{where}: the coach box covers {selector}"


def play_lesson(page, index, shot=None):
    """Tap through lesson ``index``, always on the outlined control (each
    checked to be the script's); ``shot(lesson, step)`` may take a screenshot."""
    lesson_shown(page, index)
    steps = SCRIPT["lessons"][index]["steps"]
    melds = {}
    for n, step in enumerate(steps):
        _, selector = L.control(step["tap"], melds)
        for _ in range(step.get("times", 1)):
            page.wait_for_function("document.getElementById('table').dataset.busy === '0'")
            where = f"lesson {index + 1} step {n + 1} ({step['tap']})"
            assert_marked(page, selector, where)
            if shot:
                shot(index, n)
            press(page, "[data-coach]", touch=True)
            assert message(page) == "", f"{where}: {message(page)}"


def test_lesson_3_names_the_seat_and_card_the_status_and_log_name(phone_context, base_url):
    index = next(i for i, lesson in enumerate(SCRIPT["lessons"]) if lesson["title"] == "Taking the pile")
    page = phone_context.new_page()
    open_page(page, base_url)
    page.evaluate(f"localStorage.setItem('tp.tutorial', '{L.progress_text(index)}')")
    open_page(page, base_url)
    lesson_shown(page, index)
    said = page.text_content("#lesson-say")
    lines = page.locator("#log li").all_text_contents()  # what just happened, as the table says it
    last = [line for line in lines if " discarded " in line][-1]
    thrower, _, card = last.split(" (“")[0].rstrip(".").partition(" discarded ")  # a bot's reason aside
    assert said.startswith(f"Later in the deal… {thrower} discarded the {card} "), (said, lines)
    harness.screenshot(page, "phone-lesson-take-pile")


def _shots(page, size):
    wanted = {(0, 1): "first-meld", (1, 1): "knee", (4, 0): "book", (5, 1): "ask"}

    def shot(index, n):
        if (index, n) in wanted:
            harness.screenshot(page, f"{size}-lesson-{wanted[(index, n)]}")
            if size == "phone":
                assert_in_view(page, f"lesson {index + 1}", hand_fits=True)
    return shot


def test_the_whole_lesson_by_taps_alone_at_phone_size(phone_context, base_url):
    page = phone_context.new_page()
    open_page(page, base_url)
    page.wait_for_selector("#btn-start")
    harness.screenshot(page, "phone-lesson-offer")
    press(page, "#btn-lesson", touch=True)  # offered on the first visit, next to starting a game
    shot = _shots(page, "phone")
    for index in range(LESSONS):
        play_lesson(page, index, shot)
    page.wait_for_selector("#btn-lesson-done")
    state = game_state(page)
    assert state["went_out"] == 0 and state["phase"] in ("deal_end", "game_end")
    harness.screenshot(page, "phone-lesson-done")
    assert page.evaluate("localStorage.getItem('tp.tutorial')") is None
    # the lesson's moves were the lesson's: the coach does not review its deal
    assert page.locator("#coach").count() == 0
    assert page.get_attribute("html", "data-coach-runs") is None
    press(page, "#btn-lesson-done", touch=True)
    page.wait_for_selector("#btn-start")
    keys = page.evaluate("Object.keys(localStorage)")
    assert not [k for k in keys if k.startswith("tp.save.")], "the lesson's game is never saved"
    assert page.locator("#btn-lesson").count() == 0, "the offer goes once the lesson is done"
    harness.screenshot(page, "phone-after-lesson-setup")
    press(page, "#btn-start", touch=True)  # the first game after the lesson: its first hint
    page.wait_for_function("document.getElementById('table').dataset.busy === '0'"
                           " && document.getElementById('table').dataset.phase === 'draw'")
    press(page, "#btn-hint", touch=True)
    page.wait_for_function("document.getElementById('table').dataset.hint === 'shown'")
    assert page.get_attribute("html", "data-coach-runs") is None, "no review ran before the hint"
    harness.screenshot(page, "phone-after-lesson-hint")
    open_page(page, base_url)  # still gone after a reload
    page.wait_for_selector("#btn-menu")
    press(page, "#btn-menu", touch=True)
    page.wait_for_selector("#btn-continue")
    assert page.locator("#btn-lesson").count() == 0


def test_a_wrong_tap_says_why_and_changes_nothing(phone_context, base_url):
    page = phone_context.new_page()
    open_page(page, base_url)
    press(page, "#btn-lesson", touch=True)
    lesson_shown(page, 0)
    before = game_state(page)
    press(page, "#btn-take", touch=True)  # Draw is outlined
    assert "Not this: tap Draw." in message(page)
    assert game_state(page) == before
    press(page, "#btn-draw", touch=True)
    page.wait_for_function("document.getElementById('table').dataset.phase === 'play'")
    before = game_state(page)
    tap_anyway(page, "#btn-knee")  # greyed, the engine refuses it: its reason, then what to tap
    text = message(page)
    assert "first canasta" in text and text.endswith("Not this: tap your Aces."), text
    press(page, "#chip-K", touch=True)    # a legal selection, but not this lesson's
    assert message(page) == "Not this: tap your Aces."
    assert page.get_attribute("#chip-K", "data-selected") == "0"
    assert game_state(page) == before
    assert_marked(page, "#chip-A", "after the wrong taps")
    harness.screenshot(page, "phone-lesson-wrong-tap")


def test_skip_ends_the_lesson_and_keeps_nothing(phone_context, base_url):
    page = phone_context.new_page()
    open_page(page, base_url)
    press(page, "#btn-lesson", touch=True)
    lesson_shown(page, 0)
    press(page, "#btn-draw", touch=True)
    press(page, "#btn-lesson-skip", touch=True)
    page.wait_for_selector("#btn-start")
    assert page.get_attribute("#app", "data-screen") == "setup"
    assert page.evaluate("localStorage.getItem('tp.tutorial')") is None
    assert page.locator("#btn-lesson").inner_text() == "Learn to play (5 min)"
    page.select_option("#setup-bot-1", "random")
    press(page, "#btn-start", touch=True)  # a real game starts as usual, not the lesson's
    page.wait_for_function("document.getElementById('table').dataset.phase === 'draw'")
    assert page.locator("#lesson-box").count() == 0 and page.locator("[data-coach]").count() == 0
    page.wait_for_function("document.getElementById('table').dataset.busy === '0'")
    saved = page.evaluate(SAVES)
    assert len(saved) == 1
    press(page, "#btn-menu", touch=True)  # the games list offers the lesson too
    page.wait_for_selector("#btn-lesson")
    press(page, "#btn-lesson", touch=True)
    lesson_shown(page, 0)
    press(page, "#btn-lesson-skip", touch=True)  # back to the games list, the game kept as it was
    page.wait_for_selector("#btn-continue")
    assert page.evaluate(SAVES) == saved
    assert page.locator("#app .slot").count() == 1


def test_progress_resumes_after_a_reload_and_a_corrupt_value_starts_over(phone_context, base_url):
    page = phone_context.new_page()
    open_page(page, base_url)
    press(page, "#btn-lesson", touch=True)
    play_lesson(page, 0)
    lesson_shown(page, 1)
    assert json.loads(page.evaluate("localStorage.getItem('tp.tutorial')")) == {"lesson": 1}
    open_page(page, base_url)
    lesson_shown(page, 1)  # straight back at the lesson reached
    assert table(page, "phase") == "draw"
    assert page.text_content("#status") == "Your turn: draw or take the pile."
    press(page, "#btn-menu", touch=True)  # leaving by ☰: the games list offers to go on
    page.wait_for_selector("#btn-lesson")
    assert page.locator("#btn-lesson").inner_text() == f"Continue learning (lesson 2 of {LESSONS})"
    press(page, "#btn-lesson", touch=True)
    lesson_shown(page, 1)
    page.evaluate("localStorage.setItem('tp.tutorial', '{\"lesson\": [[[')")
    open_page(page, base_url)
    page.wait_for_selector("#btn-lesson")
    assert page.locator("#btn-lesson").inner_text() == "Learn to play (5 min)"
    assert page.locator("#lesson-box").count() == 0


def test_the_coach_box_sits_beside_the_table_on_a_phone_on_its_side(chromium, base_url):
    """844x390: the box in the side column, right of the hand, clear of every
    control the first lesson outlines; the hand and the action bar in view."""
    page = chromium.new_context(**dict(harness.PHONE, viewport={"width": 844, "height": 390})).new_page()
    open_page(page, base_url)
    press(page, "#btn-lesson", touch=True)
    play_lesson(page, 0)
    lesson_shown(page, 1)
    assert_in_view(page, "on its side: lesson 2", hand_fits=True)
    assert box(page, "#lesson-box")[0] >= box(page, "#hand")[2], "the coach box is not beside the hand"
    harness.screenshot(page, "landscape-lesson-knee")


def test_coach_marks_fit_small_phones_and_desktop(chromium, base_url):
    """360x640: the hand and action bar stay in view, and at the first step
    your side's panel too; text and targets big enough; axe finds nothing
    serious. 1280x800: screenshots."""
    for size, kwargs in (("small", SMALL), ("desktop", harness.DESKTOP)):
        context = traced_context(chromium, **kwargs)
        page = context.new_page()
        open_page(page, base_url)
        press(page, "#btn-lesson", touch=size == "small")
        lesson_shown(page, 0)
        for index, name in ((0, "draw"), (4, "book")):  # the book has the longest words
            if index:  # straight to that lesson, as a reload resumes it
                page.evaluate(f"localStorage.setItem('tp.tutorial', '{L.progress_text(index)}')")
                open_page(page, base_url)
            lesson_shown(page, index)
            where = f"{size}: lesson {index + 1}"
            if size == "small":
                assert_in_view(page, where)
                if not index:  # the first step: your side's panel, still without melds, is whole in view
                    shown, whole = page.eval_on_selector("#meld-scroll", "e => [e.clientHeight, e.scrollHeight]")
                    assert whole <= shown, f"{where}: the melds area hides {whole - shown}px of your side"
            assert_readable(page, where)
            assert axe_serious(page) == [], where
            harness.screenshot(page, f"{size}-lesson-{name}")
        context.close()
