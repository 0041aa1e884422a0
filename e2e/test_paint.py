"""Reopening the page to continue a game: the last table is painted from
tp.paint at once, inert until the engine is ready, then the live table takes
its place in the same boxes (ui/paint.js). A corrupt or hostile tp.paint is
ignored and removed: the page starts as it would without one."""

import json

import pytest

import harness
from game.cards import label
from pages import (
    QUERY,
    discard_loneliest,
    game_state,
    open_new_game,
    press,
    release,
    reload_held,
    start_game,
    table,
    wait_settled,
)

# ui/paint.js's write of tp.paint, due a moment after the table changed, is done.
NO_PAINT_PENDING = "!document.documentElement.dataset.paintPending"


@pytest.fixture
def phone(chromium):
    """A phone context without the service worker: its cache would answer the
    wasm request that these tests hold back (page.route cannot see those)."""
    context = chromium.new_context(service_workers="block", **harness.PHONE)
    yield context
    context.close()
# Every click that reaches an element with data-cmd (the page's controls).
WATCH_CLICKS = """window.__cmdClicks = [];
document.addEventListener('click', (e) => {
  const b = e.target.closest && e.target.closest('[data-cmd]');
  if (b) window.__cmdClicks.push(b.id || b.dataset.cmd);
}, true);"""


def mid_turn(page, base_url):
    """A game at the table, the card drawn and not yet discarded; its paint stored."""
    open_new_game(page, base_url, QUERY)
    start_game(page, touch=True)
    wait_settled(page)
    press(page, "#btn-draw", True)
    assert table(page, "phase") == "play"
    page.wait_for_function("JSON.parse(localStorage.getItem('tp.paint') || '{}').regions?.hand")


def boxes(page):
    return {sel: page.locator(sel).bounding_box() for sel in ("#hand", "#actions", "#hand .chip >> nth=0")}


def center(box):
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_last_table_is_painted_inert_then_goes_live(phone, base_url, record):
    page = phone.new_page()
    mid_turn(page, base_url)
    before, live_boxes = game_state(page), boxes(page)
    chips = page.locator("#hand .chip").count()
    log = record(page)
    page.add_init_script(WATCH_CLICKS)
    held = reload_held(page)

    assert page.get_attribute("html", "data-app-state") == "loading"
    assert page.get_attribute("html", "data-painted") == "1"
    assert page.locator("#hand .chip").count() == chips
    assert page.is_visible("#btn-discard") and page.is_visible(".boot-painted")
    assert not page.is_visible("#early")  # a first visit's new-game screen: not with a game to continue
    painted = boxes(page)
    harness.screenshot(page, "phone-painted")
    # Taps on the painted controls reach nothing: a chip, then Discard.
    for selector in ("#hand .chip >> nth=0", "#btn-discard"):
        page.touchscreen.tap(*center(page.locator(selector).bounding_box()))
    page.mouse.click(*center(page.locator("#btn-menu").bounding_box()))
    assert page.evaluate("window.__cmdClicks") == []

    release(page, held)
    assert page.get_attribute("html", "data-painted") is None
    assert page.evaluate("document.getElementById('app').inert") is False
    assert game_state(page) == before and table(page, "phase") == "play"
    for selector, box in boxes(page).items():  # the live table sits where the paint was
        for key in ("x", "y", "width", "height"):
            assert abs(box[key] - painted[selector][key]) <= 3, (selector, key, box, painted[selector])
            assert abs(box[key] - live_boxes[selector][key]) <= 3, (selector, key)
    press(page, "#hand .chip", True)  # and now it plays
    press(page, "#btn-discard", True)
    assert len(game_state(page)["log"]) > len(before["log"])
    assert log.failures == [] and log.console_errors == []


@pytest.mark.friends
def test_with_several_people_the_paint_is_the_hand_off_never_a_hand(phone, base_url):
    """Two people at the phone, one mid-turn: the reload paints "Pass the phone
    to Ann", with no card of a hand in the stored picture or on the page."""
    page = phone.new_page()
    open_new_game(page, base_url, QUERY)
    page.select_option("#setup-bot-2", "person")
    page.fill("#setup-name-0", "Ann")
    page.fill("#setup-name-2", "Bob")
    press(page, "#btn-start", True)
    page.wait_for_function("document.getElementById('app').dataset.screen === 'handoff'")
    while page.text_content("#btn-im") != "I'm Ann":  # Bob first: he plays a turn
        press(page, "#btn-im", True)
        if page.locator("#btn-show-hand").count():
            press(page, "#btn-show-hand", True)
        press(page, "#btn-draw", True)
        assert discard_loneliest(page)
        page.wait_for_function("document.getElementById('app').dataset.screen === 'handoff'")
    press(page, "#btn-im", True)
    if page.locator("#btn-show-hand").count():
        press(page, "#btn-show-hand", True)
    press(page, "#btn-draw", True)
    hand = game_state(page)["players"][0]["hand"]
    page.wait_for_function(NO_PAINT_PENDING)
    stored = page.evaluate("localStorage.getItem('tp.paint')")
    assert json.loads(stored)["regions"]["hand"] == [] and json.loads(stored)["data"]["app"]["data-screen"] == "handoff"
    assert not any(card in stored or label(card) in stored for card in hand)
    held = reload_held(page)
    assert page.get_attribute("html", "data-painted") == "1"
    assert page.get_attribute("#app", "data-screen") == "handoff"
    assert page.locator("#hand .chip").count() == 0 and "Pass the phone to Ann" in page.text_content("#handoff")
    release(page, held)
    assert page.get_attribute("#app", "data-screen") == "handoff" and page.text_content("#btn-im") == "I'm Ann"
    press(page, "#btn-im", True)
    assert table(page, "phase") == "play"  # Ann goes on where she was


# The painted state of the page when the runtime first asks for its lock file
# (Pyodide's loadPyodide fetches it before anything else it loads).
WATCH_RUNTIME_START = """window.__runtimeAsked = null;
const fetchAsIs = window.fetch;
window.fetch = function (input, init) {
  const url = String((input && input.url) || input);
  if (window.__runtimeAsked === null && url.includes('pyodide-lock.json'))
    window.__runtimeAsked = document.documentElement.dataset.painted || 'not painted';
  return fetchAsIs.apply(this, arguments);
};"""


def test_runtime_starts_after_the_paint(phone, base_url):
    """On a reload that paints, ui/start_pyodide.mjs calls loadPyodide, and
    PyScript, pyodide.asm.mjs and ui/boot.js's start-up preloads are asked
    for, only once the last table is painted (their downloads and evaluation
    would delay the paint); paint.js is held back here so that an early
    start would win.
    Each preloaded file is still fetched once."""
    page = phone.new_page()
    mid_turn(page, base_url)
    page.add_init_script(WATCH_RUNTIME_START)
    requests = []
    page.on("request", lambda request: requests.append(request.url))
    held = []
    page.route("**/ui/paint.js", lambda route: held.append(route))
    with page.expect_request("**/ui/paint.js"), page.expect_response("**/vendor/pyodide/pyodide.mjs"):
        page.reload(wait_until="commit")
    # start_pyodide.mjs's imports are loaded: an early start would run now; a
    # frame and a timer turn later it would have asked for the runtime
    page.evaluate("new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)))")
    assert held, "the page never asked for ui/paint.js"
    early = list(requests)
    assert not [u for u in early if "/vendor/pyscript/" in u
                or u.endswith(("pyscript.toml", "pyodide-lock.json", "pyodide.asm.mjs"))]
    assert page.evaluate("document.querySelector('link[href$=\"pyscript.toml\"]')") is None
    for route in held:
        route.continue_()
    page.unroute("**/ui/paint.js")
    assert harness.wait_ready(page, 60) == "ready"
    assert page.evaluate("window.__runtimeAsked") == "1"
    preloaded = page.eval_on_selector_all(
        "link[rel=modulepreload], link[rel=preload]", "links => links.map(l => l.href)")
    assert any(u.endswith("/pyscript.toml") for u in preloaded)
    assert {u: requests.count(u) for u in preloaded} == {u: 1 for u in preloaded}


def hostile_paints(good):
    """(name, tp.paint text) variants of a valid record ``good``."""
    rec = json.loads(good)

    def changed(edit):
        copy = json.loads(good)
        edit(copy)
        return json.dumps(copy)

    def first_button(nodes):
        for node in nodes:
            if isinstance(node, list):
                if node[0] == "button":
                    return node
                found = first_button(node[2])
                if found:
                    return found
        return None

    assert first_button(rec["regions"]["actions"]) is not None
    return [
        ("bad JSON", good[:-7]),
        ("huge", changed(lambda r: r["regions"]["log"].append("x" * 300_000))),
        ("onclick", changed(lambda r: first_button(r["regions"]["actions"])[1].update(
            onclick="window.__pwned = 'onclick'"))),
        ("script", changed(lambda r: r["regions"]["hand"].append(
            ["script", {}, ["window.__pwned = 'script'"]]))),
        ("style", changed(lambda r: r["regions"]["hand"].append(
            ["div", {"style": "background:url(http://example.invalid/x)"}, []]))),
        ("not a record", "[1, 2, 3]"),
    ]


def test_corrupt_or_hostile_paint_is_ignored(phone, base_url, record):
    page = phone.new_page()
    mid_turn(page, base_url)
    good = page.evaluate("localStorage.getItem('tp.paint')")
    log = record(page)
    for name, text in hostile_paints(good):
        page.wait_for_function(NO_PAINT_PENDING)  # the page's own write of tp.paint is done
        page.evaluate("t => localStorage.setItem('tp.paint', t)", text)
        held = reload_held(page)
        assert page.get_attribute("html", "data-painted") is None, name
        assert page.evaluate("localStorage.getItem('tp.paint')") is None, name  # removed
        assert page.evaluate("window.__pwned") is None, name
        assert page.locator("[onclick], #app script, [style*=example]").count() == 0, name
        release(page, held)
        assert page.is_visible("#btn-continue"), name  # started as without a paint
        press(page, "#btn-continue", True)  # back to the table: a valid paint again
        page.wait_for_function("localStorage.getItem('tp.paint') !== null")
        good = page.evaluate("localStorage.getItem('tp.paint')")
    assert page.evaluate("window.__pwned") is None
    assert log.failures == [] and log.console_errors == []


@pytest.mark.parametrize("where", ["share link", "games screen"])
def test_no_paint_unless_continuing(phone, base_url, where):
    """A share link, or a page left on the games screen, opens without a paint."""
    page = phone.new_page()
    mid_turn(page, base_url)
    if where == "share link":
        page.goto("about:blank")
        held = reload_held(page, base_url + QUERY + "#g=nothing")
    else:
        press(page, "#btn-menu", True)
        page.wait_for_function("localStorage.getItem('tp.paint') === null")
        held = reload_held(page)
    assert page.get_attribute("html", "data-painted") is None
    assert not page.is_visible("#early")  # nor a first visit's new-game screen
    release(page, held)
    assert page.get_attribute("#app", "data-screen") == "games"


def full_log(page):
    press(page, "#btn-log", True)
    page.wait_for_selector("#full-log")
    lines = page.eval_on_selector_all("#full-log li", "els => els.map(e => e.textContent)")
    press(page, "#btn-log-close", True)
    return lines


# Keep only the last lines of the current game's save, as a save of a long deal does.
KEEP_TAIL = """n => { const key = 'tp.save.' + localStorage.getItem('tp.current');
  const rec = JSON.parse(localStorage.getItem(key)); rec.log = rec.log.slice(-n);
  localStorage.setItem(key, JSON.stringify(rec)); }"""


def test_reopened_game_shows_its_saved_lines_and_the_full_log_on_demand(phone, base_url):
    """The deal's log is not replayed at start-up: the table shows the saved
    lines at once, and the Log panel rebuilds the whole deal when the save
    kept only its last lines."""
    page = phone.new_page()
    mid_turn(page, base_url)
    assert discard_loneliest(page)
    wait_settled(page)
    press(page, "#btn-draw", True)
    lines = full_log(page)
    shown = page.eval_on_selector_all("#log li", "els => els.map(e => e.textContent)")
    assert len(lines) > 5 and shown == lines[-len(shown):]
    page.wait_for_function(NO_PAINT_PENDING)  # the page's own write of tp.paint is done
    page.evaluate(KEEP_TAIL, 3)
    page.reload()
    assert harness.wait_ready(page, 60) == "ready"
    assert page.eval_on_selector_all("#log li", "els => els.map(e => e.textContent)") == shown[-3:]
    assert full_log(page) == lines
    page.reload()  # complete saved lines stand as they are
    assert harness.wait_ready(page, 60) == "ready"
    assert full_log(page) == lines
