"""Learning from the bots on the page: a hint shown on the table and followed,
the hints counted on the score sheet and in the save, and the coach after a
deal (skippable, then its costliest decisions, each with its position).

The coach needs a finished deal: it starts from the late position
(pages.open_planted: deal 1 near its end, planted as a save), as the
motion tests do.
"""

import json

import harness
from harness import traced_context
from pages import (
    assert_readable,
    axe_serious,
    boxes,
    crowded,
    discard_loneliest,
    game_state,
    new_context,
    open_new_game,
    open_planted,
    play_to_deal_end,
    press,
    resume_at,
    start_game,
    storage,
    table,
    wait_settled,
)

STILL = "#hand, #piles, #melds, #actions"  # the table a hint must not move
HINT_TIMEOUT_MS = 60_000
COACH_TIMEOUT_MS = 240_000


def ask_hint(page, touch=True):
    """Tap Hint and wait for the bubble; return the advised action."""
    press(page, "#btn-hint", touch)
    page.wait_for_function("document.getElementById('table').dataset.hint === 'shown'",
                           timeout=HINT_TIMEOUT_MS)
    return json.loads(page.get_attribute("#hint-bubble", "data-action"))


def advised(page):
    """{element id: data-advised} of what the hint points at."""
    return dict(page.eval_on_selector_all("[data-advised]",
                                          "els => els.map(e => [e.id, e.dataset.advised])"))


def follow(page, touch=True):
    """Tap "Do it"; return the log entry it added (the move the engine applied)."""
    n = len(game_state(page)["log"])
    press(page, "#btn-hint-do", touch)
    page.wait_for_function(f"JSON.parse(tpGameState()).log.length > {n}")
    return game_state(page)["log"][n]


def saved_hints(page):
    return [json.loads(v)["hints"] for k, v in storage(page).items() if k.startswith("tp.save.")]


def test_a_hint_is_shown_on_the_table_and_followed(phone_context, base_url):
    page = phone_context.new_page()
    open_new_game(page, base_url)
    start_game(page, True)
    assert wait_settled(page) == "draw"
    before = boxes(page, STILL)
    action = ask_hint(page)
    assert action["type"] in ("draw", "take_pile")
    reason = page.locator("#hint-reason")
    assert reason.is_visible() and len(reason.text_content().strip()) > len("Hint: ")
    assert boxes(page, STILL) == before  # the bubble floats: nothing on the table moved
    marks = advised(page)
    assert ("btn-draw" if action["type"] == "draw" else "btn-take") in marks
    assert table(page, "hints-used") == "1"
    assert follow(page) == dict(action, seat=0)
    page.wait_for_function("document.getElementById('table').dataset.hint === ''")
    assert advised(page) == {} and not page.locator("#hint-bubble").is_visible()

    # after the draw: a meld or a discard, shown on the hand's chips
    assert table(page, "phase") == "play"
    action = ask_hint(page)
    marks = advised(page)
    assert action["type"] in ("meld", "discard", "pick_up_knee")
    if action["type"] != "pick_up_knee":
        assert any(k.startswith("chip-") for k in marks), marks
    harness.screenshot(page, "phone-hint")
    assert_readable(page, "hint")
    assert axe_serious(page) == []
    assert follow(page) == dict(action, seat=0)
    assert table(page, "hints-used") == "2"
    assert saved_hints(page) == [[2, 0, 0, 0]]  # counted in the game's save, one count a seat

    # a move made by hand instead clears the hint too
    wait_settled(page)
    ask_hint(page)
    if table(page, "phase") == "draw":
        press(page, "#btn-draw", True)
    else:
        assert discard_loneliest(page)
    assert table(page, "hint") == "" and advised(page) == {}
    assert saved_hints(page) == [[3, 0, 0, 0]]


def test_a_hint_on_the_desktop(desktop_context, base_url):
    page = desktop_context.new_page()
    open_new_game(page, base_url)
    start_game(page, False)
    wait_settled(page)
    press(page, "#btn-draw", False)
    action = ask_hint(page, touch=False)
    assert advised(page) and action["type"] != "draw"
    harness.screenshot(page, "desktop-hint")
    assert axe_serious(page) == []


# What is drawn at the middle of the hand's first chip: the chip, not the bubble.
HIT_FIRST_CHIP = """() => {
  const r = document.querySelector('#hand .chip-slot:first-child .chip').getBoundingClientRect();
  return !!document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2).closest('#hand');
}"""


def assert_above_hand(page):
    """The hint's panel sits between the top bar (the scores) and the hand,
    with Do it inside it and on screen."""
    panel, hand, do_it, bar = (boxes(page, sel)[0] for sel in (".hint-panel", "#hand", "#btn-hint-do", ".topbar"))
    assert bar["bottom"] <= panel["top"] and panel["bottom"] <= hand["top"], (bar, panel, hand)
    assert panel["top"] <= do_it["top"] and do_it["bottom"] <= panel["bottom"], (panel, do_it)
    assert page.evaluate(HIT_FIRST_CHIP)


def test_a_big_melding_turn_hint_on_a_small_phone_leaves_the_hand_in_view(chromium, base_url):
    """20 melds a side and a 72-card hand at 360x640: the hint of a 61-card meld
    is short enough to read, stays above the hand, and Do it plays it."""
    context = new_context(chromium, "small")
    page = context.new_page()
    resume_at(page, base_url, crowded())
    press(page, "#actions [data-cmd=draw]", True)
    action = ask_hint(page)
    assert action["type"] == "meld" and len(action["melds"]) == 13
    assert sum(len(pl["cards"]) for pl in action["melds"]) == 61
    reason = page.text_content("#hint-reason")
    assert "Kings, Queens, Jacks" in reason and "two canastas of 4s" in reason, reason
    assert "4\u00a0×12" in page.text_content(".hint-cards")
    assert_above_hand(page)
    harness.screenshot(page, "small-crowded-hint")
    # however long the words (a larger text setting, a longer reason), they scroll and Do it stays in view
    page.eval_on_selector("#hint-reason", "e => e.append(' ' + e.textContent.repeat(3))")
    assert page.eval_on_selector("#hint-reason", "e => e.scrollHeight > e.clientHeight + 100")
    assert_above_hand(page)
    page.set_viewport_size({"width": 300, "height": 667})  # a larger text size: the top bar takes three lines
    assert_above_hand(page)
    entry = follow(page)
    assert entry["type"] == "meld" and len(entry["melds"]) == 13
    assert len(game_state(page)["players"][0]["hand"]) == 72 - sum(len(pl["cards"]) for pl in action["melds"])
    context.close()


SKIP_WHEN_SHOWN = """() => {
  const progress = document.getElementById('coach-progress');
  const skip = document.getElementById('btn-coach-skip');
  if (!skip || !progress || !progress.getClientRects().length) return false;
  skip.click();
  return true;
}"""


def wait_coach(page, status):
    page.wait_for_function(f"document.getElementById('coach')?.dataset.status === '{status}'",
                           timeout=COACH_TIMEOUT_MS)


def test_the_coach_after_a_deal_skips_then_lists_the_costliest_decisions(phone_context, base_url):
    page = phone_context.new_page()
    open_planted(page, base_url, query="?delay=0&seed=7")
    press(page, "#btn-continue", True)
    wait_settled(page)
    ask_hint(page)
    press(page, "#btn-hint-close", True)  # closed unfollowed: it still counts
    assert not page.locator("#hint-bubble").is_visible() and advised(page) == {}
    assert play_to_deal_end(page) == "deal_end"

    assert page.text_content("#hint-count").strip() == "Hints used this game: 1"
    assert saved_hints(page) == [[1, 0, 0, 0]]
    # the review starts by itself, with its progress; Skip stops it at once. It
    # may take only seconds: Skip is clicked the moment it shows (a tap would
    # first wait for the page to be still)
    page.wait_for_function(SKIP_WHEN_SHOWN, timeout=COACH_TIMEOUT_MS)
    assert page.get_attribute("#coach", "data-status") == "skipped"
    runs = int(page.get_attribute("html", "data-coach-runs"))

    # Run starts a new review only while the last one stays stopped (a stale
    # one that went on to "done" would leave Run doing nothing)
    press(page, "#btn-coach-run", True)
    page.wait_for_function(f"document.documentElement.dataset.coachRuns === '{runs + 1}'")
    wait_coach(page, "running")
    harness.screenshot(page, "phone-coach-running")
    wait_coach(page, "done")
    entries = page.locator("#coach-list .coach-entry")
    assert entries.count() <= 3
    if not entries.count():
        assert page.locator("#coach-none").is_visible()
        return
    costs = [int(c) for c in page.eval_on_selector_all("#coach-list li",
                                                       "els => els.map(e => e.dataset.cost)")]
    assert costs == sorted(costs, reverse=True)
    for i in range(entries.count()):
        text = entries.nth(i).text_content()
        assert all(words in text for words in ("Your turn ", "You: ", "Hard: ", "cost about"))
    press(page, "#coach-0", True)
    position = page.locator("#coach-position")
    assert position.is_visible() and "Your hand" in position.text_content()
    assert page.get_attribute("#coach-0", "aria-expanded") == "true"
    position.scroll_into_view_if_needed()
    harness.screenshot(page, "phone-coach")
    assert_readable(page, "coach")
    assert axe_serious(page) == []


def test_the_coach_on_the_desktop(chromium, base_url):
    context = traced_context(chromium, **harness.DESKTOP, has_touch=True)  # play_to_deal_end taps
    page = context.new_page()
    open_planted(page, base_url, query="?delay=0&seed=7")
    press(page, "#btn-continue", False)
    assert play_to_deal_end(page) == "deal_end"
    wait_coach(page, "done")
    if page.locator("#coach-0").count():
        press(page, "#coach-0", False)
    harness.screenshot(page, "desktop-coach")
    assert axe_serious(page) == []
    context.close()
