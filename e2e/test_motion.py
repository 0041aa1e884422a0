"""Every move seen: motion per bot action at normal speed, none at instant speed,
the deal's full log (kept across a reload), and settings that persist.

The whole deals by taps start from a new game with a house rule of 12
cards drawn a turn, so the stock runs out after about a dozen turns (some
40 bot actions: about a minute at normal speed). The other tests start
from a late position planted as a save (pages.open_planted): deal 1 played
by normal bots until the stock is down to 20 cards or fewer and it is our
turn to draw. The save keeps one log line only, so a full log after the
reload proves it was rebuilt from the engine's action log.
"""

import json

import pytest

import harness
from pages import (
    discard_loneliest,
    game_state,
    open_house_rules,
    open_new_game,
    open_planted,
    play_to_deal_end,
    press,
    reopen,
    wait_settled,
)

WATCH = """() => {
  const seen = window.tpSeen = { events: [], animateCalls: 0, cssAnimations: 0 };
  const names = { 'data-bot-actions': 'bot', 'data-motion-plays': 'play', 'data-motion-done': 'done' };
  new MutationObserver((records) => {
    for (const r of records) seen.events.push(names[r.attributeName]);
  }).observe(document.documentElement, { attributes: true, attributeFilter: Object.keys(names) });
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (...args) {
    seen.animateCalls += 1;
    return animate.apply(this, args);
  };
  for (const kind of ['animationstart', 'transitionstart']) {
    document.addEventListener(kind, () => { seen.cssAnimations += 1; }, true);
  }
}"""


def seen(page):
    return page.evaluate("window.tpSeen")


def motion_figure(page, name):
    return int(page.get_attribute("html", f"data-motion-{name}") or 0)


def start_short_deal(page, base_url, speed, sound=False):
    """A new game at the settings' pace (no ?delay), normal bots, drawing 12
    cards a turn (a house rule) so the stock runs out after a dozen turns."""
    open_new_game(page, base_url, query="?seed=7")
    press(page, "#btn-settings", True)
    press(page, f"#set-speed-{speed}", True)
    if sound:
        press(page, "#set-sound", True)
        press(page, "#set-vibrate", True)
    press(page, "#btn-settings-close", True)
    for seat in (1, 2, 3):
        page.select_option(f"#setup-bot-{seat}", "normal")
    open_house_rules(page)
    page.fill("#house-draw_count", "12")
    page.evaluate(WATCH)
    press(page, "#btn-start", True)


@pytest.mark.slow
def test_a_whole_deal_by_taps_shows_each_bot_move_before_the_next(phone_context, base_url):
    page = phone_context.new_page()
    start_short_deal(page, base_url, "normal", sound=True)
    shots = []

    def snap():
        if not shots and page.locator(".flyer").count():
            shots.append(harness.screenshot(page, "phone-motion-flyer"))

    assert play_to_deal_end(page, after_action=snap) == "deal_end"
    events = seen(page)["events"]
    bots = events.count("bot")
    assert bots >= 15, events
    # each bot action is shown at once (a play starts), and every move shown
    # has landed (its play is done) before the next bot acts
    for i, event in enumerate(events):
        if event == "bot":
            assert events[i + 1:i + 2] == ["play"], events
            assert events[:i].count("play") == events[:i].count("done"), (i, events)
    page.wait_for_function(  # the last moves land too
        "(d => d.motionDone === d.motionPlays && d.motionLanded === d.motionFlyers)"
        "(document.documentElement.dataset)")
    assert motion_figure(page, "flyers") >= bots // 2
    # sound on: at least "your turn" each time the bots hand back, and going out or the stock's end
    assert motion_figure(page, "sounds") >= 2


@pytest.mark.slow
def test_instant_speed_finishes_a_whole_deal_without_animation(phone_context, base_url):
    page = phone_context.new_page()
    start_short_deal(page, base_url, "instant")
    counts = []
    phase = play_to_deal_end(page, after_action=lambda: counts.append(
        page.evaluate("document.getAnimations().length")))
    assert phase == "deal_end"
    watched = seen(page)
    assert "bot" in watched["events"] and "play" not in watched["events"]
    assert counts and set(counts) == {0}
    assert watched["animateCalls"] == 0 and watched["cssAnimations"] == 0
    assert page.get_attribute("html", "data-motion-plays") is None
    assert page.locator(".flyer, .motion-banner").count() == 0


def full_log(page):
    press(page, "#btn-log", True)
    page.wait_for_selector("#full-log")
    lines = page.eval_on_selector_all("#full-log li", "els => els.map(e => e.textContent)")
    return lines


def test_full_log_shows_the_whole_deal_and_survives_a_reload(phone_context, base_url):
    page = phone_context.new_page()
    open_planted(page, base_url, query="?delay=0&seed=7")
    press(page, "#btn-continue", True)
    wait_settled(page)
    press(page, "#btn-draw", True)
    assert discard_loneliest(page)
    wait_settled(page)
    state = game_state(page)
    lines = full_log(page)
    harness.screenshot(page, "phone-full-log")
    assert lines[0].startswith("New game: Triple Play") and lines[0].endswith("Deal 1 begins.")
    assert len(lines) == 1 + len(state["log"]) > 200  # every action, more than the save keeps
    names = [p["name"] for p in state["players"]]
    for line, action in zip(lines[1:], state["log"]):
        who = "You" if action["seat"] == 0 else names[action["seat"]]
        assert line.startswith(who + " "), (line, action)
    assert lines[-1] == page.text_content("#log li:last-child")  # newest last
    last = page.locator("#full-log li").last.bounding_box()
    assert last["y"] + last["height"] <= 844  # scrolled to the newest
    press(page, "#btn-log-close", True)
    assert page.is_hidden("#log-panel")

    reopen(page, base_url + "?delay=0&seed=7")
    press(page, "#btn-continue", True)
    assert full_log(page) == lines


def pressed(page, selector):
    return page.get_attribute(selector, "aria-pressed") == "true"


def test_settings_persist_and_a_corrupt_value_falls_back(phone_context, base_url):
    page = phone_context.new_page()
    reopen(page, base_url + "?seed=7")
    box = page.locator("#btn-settings").bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44
    assert page.get_attribute("#btn-settings", "aria-label") == "Settings"
    press(page, "#btn-settings", True)
    assert pressed(page, "#set-speed-normal") and not pressed(page, "#set-sound")
    assert not pressed(page, "#set-vibrate")
    harness.screenshot(page, "phone-settings")
    press(page, "#set-speed-slow", True)
    press(page, "#set-sound", True)
    assert pressed(page, "#set-speed-slow") and not pressed(page, "#set-speed-normal")
    stored = json.loads(page.evaluate("localStorage.getItem('tp.settings')"))
    assert stored == {"speed": "slow", "sound": True, "vibrate": False, "theme": "system"}

    reopen(page, base_url + "?seed=7")
    press(page, "#btn-settings", True)
    assert pressed(page, "#set-speed-slow") and pressed(page, "#set-sound") and not pressed(page, "#set-vibrate")

    for bad in ("{not json", '{"speed": "warp", "sound": "loud"}', "[]"):
        page.evaluate("bad => localStorage.setItem('tp.settings', bad)", bad)
        reopen(page, base_url + "?delay=0&seed=7")
        press(page, "#btn-settings", True)
        assert pressed(page, "#set-speed-normal") and not pressed(page, "#set-sound"), bad
        press(page, "#btn-settings-close", True)
        press(page, "#btn-start", True)  # the table still opens
        page.wait_for_function("document.getElementById('table').dataset.phase !== 'setup'")
        wait_settled(page)
        page.evaluate("localStorage.clear()")


def test_reduced_motion_shows_moves_still_at_the_chosen_pace(chromium, base_url):
    context = chromium.new_context(**harness.PHONE, reduced_motion="reduce")
    page = context.new_page()
    open_planted(page, base_url)
    page.evaluate(WATCH)
    press(page, "#btn-continue", True)
    press(page, "#btn-draw", True)
    assert discard_loneliest(page)
    page.wait_for_function("Number(document.documentElement.dataset.botActions) >= 3")
    events = seen(page)["events"]
    assert events.count("play") >= 3  # each move still shown, and waited for
    assert motion_figure(page, "flyers") == 0 and seen(page)["animateCalls"] == 0
    assert page.evaluate("document.getAnimations().length") == 0
    context.close()


def test_desktop_motion_and_log(desktop_context, base_url):
    page = desktop_context.new_page()
    open_planted(page, base_url)
    press(page, "#btn-continue", False)
    press(page, "#btn-draw", False)
    assert discard_loneliest(page, touch=False)
    page.wait_for_selector(".motion-banner, .flyer", timeout=30000)
    harness.screenshot(page, "desktop-motion")
    wait_settled(page)
    press(page, "#btn-log", False)
    harness.screenshot(page, "desktop-full-log")
    press(page, "#btn-log-close", False)
    press(page, "#btn-settings", False)
    harness.screenshot(page, "desktop-settings")
