"""A first visit's new-game screen while the engine downloads (ui/early.js):
readable and choosable before Python is ready, its choice acted on at ready
(ui/setup/early.py, the controller's take_early). The Pyodide wasm is held back so
the page stays loading for as long as the test needs."""

import random

import pytest

import harness
from game.friends import invites, links
from game.friends.record import Friends
from game.presets import DEFAULT_PRESET, PRESETS, get_preset
from pages import QUERY, SMALL, assert_readable, axe_serious, game_state, press, release, reload_held

SIZES = {"small": SMALL, "phone": harness.PHONE, "desktop": harness.DESKTOP}


@pytest.fixture
def context(chromium, request):
    """A fresh context of the size the test's ``size`` parameter names, without
    the service worker (its cache would answer the held wasm request)."""
    context = chromium.new_context(service_workers="block", **SIZES[request.param])
    yield context
    context.close()


def held_first_visit(context, base_url, name):
    """A first visit held loading, its early screen checked and photographed."""
    page = context.new_page()
    held = reload_held(page, base_url + QUERY)
    assert page.get_attribute("html", "data-app-state") == "loading"
    assert page.is_visible("#early") and page.is_enabled("#early-play")
    assert not page.is_visible("#app") and not page.is_visible("#btn-menu")  # nothing that needs Python
    assert page.is_visible("#boot-progress") and page.is_visible("#boot-stage")
    w = page.evaluate("innerWidth")
    assert page.evaluate("document.scrollingElement.scrollWidth") <= w, "horizontal scroll"
    # the progress sits below the choices, covering none of them
    boot = page.locator(".boot-box").bounding_box()
    for control in ("#early-lesson", "#early-preset", "#early-play", "#early-wait"):
        box = page.locator(control).bounding_box()
        assert box["y"] + box["height"] <= boot["y"], control
    harness.screenshot(page, f"early-{name}")
    return page, held


@pytest.mark.parametrize("context", ["phone"], indirect=True)
def test_play_with_a_preset_chosen_while_loading_starts_that_game_at_ready(context, base_url):
    page, held = held_first_visit(context, base_url, "phone")
    options = page.eval_on_selector_all("#early-preset option", "els => els.map(e => [e.value, e.textContent])")
    assert options == [[name, rules.title] for name, rules in PRESETS.items()]  # written by the build
    assert page.input_value("#early-preset") == DEFAULT_PRESET
    page.select_option("#early-preset", "simpson")
    press(page, "#early-play", True)
    assert page.text_content("#early-wait") == "Starting as soon as the game is loaded…"
    assert page.get_attribute("#early-play", "aria-pressed") == "true"
    assert page.is_visible("#boot-progress")  # the download's progress, still in view
    harness.screenshot(page, "early-phone-waiting")

    release(page, held)
    assert page.get_attribute("#app", "data-screen") == "table" and not page.is_visible("#early")
    assert game_state(page)["rules"] == "simpson"
    assert page.evaluate("localStorage.getItem('tp.current')")  # saved, as after a tap on Play


@pytest.mark.parametrize("context", ["small"], indirect=True)
def test_learn_to_play_chosen_by_keyboard_while_loading_starts_the_lesson_at_ready(context, base_url):
    page, held = held_first_visit(context, base_url, "small")
    assert_readable(page, "early screen, 360x640")
    assert axe_serious(page) == []
    page.keyboard.press("Tab")  # the first control: the offer to learn
    assert page.evaluate("document.activeElement.id") == "early-lesson"
    page.keyboard.press("Enter")
    assert page.text_content("#early-wait") == "The lesson starts as soon as the game is loaded…"

    release(page, held)
    assert page.get_attribute("html", "data-lesson") == "1"
    assert page.get_attribute("#app", "data-screen") == "table"


@pytest.mark.parametrize("context", ["desktop"], indirect=True)
def test_a_preset_chosen_while_loading_is_the_new_game_screens_at_ready(context, base_url):
    page, held = held_first_visit(context, base_url, "desktop")
    page.focus("#early-preset")
    page.select_option("#early-preset", "hand-and-foot")
    assert page.text_content("#early-wait") == ""  # nothing starts: the screen waits for Play
    release(page, held)
    assert page.get_attribute("#app", "data-screen") == "setup"
    assert page.input_value("#setup-preset") == "hand-and-foot"
    assert page.evaluate("document.activeElement.id") == "setup-preset"  # the keyboard's place kept
    assert page.is_visible("#btn-start") and page.is_visible("#btn-lesson")


@pytest.mark.parametrize("context", ["phone"], indirect=True)
def test_no_offer_to_learn_once_the_lesson_was_played_to_its_end(context, base_url):
    page = context.new_page()
    page.goto(base_url + "rules/simpson.html")  # the origin's storage, before the visit
    page.evaluate("localStorage.setItem('tp.tutorial.done', '1')")
    held = reload_held(page, base_url + QUERY)
    assert page.is_visible("#early-play") and not page.is_visible("#early-lesson")
    release(page, held)


@pytest.mark.parametrize("context", ["phone"], indirect=True)
def test_an_invitation_joined_while_loading_joins_at_ready(context, base_url):
    """An invitation to a game across phones, opened while the engine loads: the
    words and Join show at once; a tap on Join is kept, and at ready this phone
    joins (its keys made) and its answer, sent at the next tap, is one the host
    (here a phone in CPython, tests/phones.py) takes."""
    pytest.importorskip("cryptography")
    from tests import phones as P
    host = P.Phone("host")
    host.record = Friends.host(get_preset("triple-play"), ["Ann", "West", "Tom", "East"], [0, "easy", 1, "easy"],
                               host.sign_key, host.seal_key, random.Random(3))
    page = context.new_page()
    page.add_init_script("navigator.share = async (data) => { window.e2eShared = data.url; };")
    held = reload_held(page, base_url + "#f=" + invites.invite_link(host.record, 2))
    page.wait_for_function("document.getElementById('early-invite').textContent.includes('invites you')")
    assert page.text_content("#early-invite") == "Ann invites you to play Triple Play (Hand, Knee and Foot) as Tom."
    assert not page.is_visible("#early-play") and not page.is_visible("#app")
    press(page, "#early-join", True)
    assert page.text_content("#early-join-wait").startswith("Joining as soon as the game is loaded")
    harness.screenshot(page, "early-invite-joining")

    release(page, held)
    page.wait_for_selector("#btn-friend-answer")
    assert page.text_content("#friends-message") == "You joined: send your answer to Ann."
    press(page, "#btn-friend-answer", True)
    answer = page.wait_for_function("window.e2eShared").json_value()
    host.run(invites.open_join(host.record, *links.decode(answer.split("#f=", 1)[1])))
    assert not host.record.missing()  # Tom's phone joined
