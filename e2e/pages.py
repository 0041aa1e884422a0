"""What the tests do on the page: read its state, press its controls, play
turns, plant positions as saves, check the layout; shared by the browser
tests (e2e/test_*.py), so that none imports another.

The page exposes its state as data-* attributes on #table (data-phase,
data-to-move, data-busy, data-hand-count, ...) and as window.tpGameState();
these helpers read those and act only through the page's controls.
Positions are laid out in Python (tests/helpers.py) and stored as a save
record by ui/core/saves.py into the page's localStorage.
"""

import json
import random
import re

import game
import harness
from game.bots import get_bot
from game.presets import PRESETS
from harness import traced_context
from tests.helpers import position
from ui.core.saves import MemoryStorage, SaveStore

# -- the page's state and controls -----------------------------------------------------------------
BOOT_TIMEOUT_S = 60
SEED = 7  # any seed works; a fixed one keeps failures reproducible
PHONE_W = 390
QUERY = "?delay=0&seed=7"


def press(page, selector, touch):
    """Tap or click; a greyed control (aria-disabled) is still tapped, as a
    person may, and answers with the engine's reason."""
    loc = page.locator(selector).first
    loc.scroll_into_view_if_needed()
    force = loc.get_attribute("aria-disabled") == "true"
    if touch:
        loc.tap(force=force)
    else:
        loc.click(force=force)


def table(page, key):
    return page.get_attribute("#table", f"data-{key}")


def wait_settled(page, timeout_s=60):
    """Bots done: the human must act, or the deal/game is over."""
    page.wait_for_function(
        """() => { const t = document.getElementById('table').dataset;
                   return t.busy === '0' && (t.toMove === '0' || t.phase === 'deal_end'
                          || t.phase === 'game_end'); }""", timeout=timeout_s * 1000)
    return table(page, "phase")


def game_state(page):
    """The whole game as the page holds it (its JSON save form)."""
    return json.loads(page.evaluate("tpGameState()"))


def message(page):
    return (page.text_content("#message") or "").strip()


def chips(page):
    """[(rank key, count)] of the hand's chips, in display order."""
    return page.eval_on_selector_all(
        "#hand .chip", "els => els.map(e => [e.dataset.rank, Number(e.dataset.count)])")


def chip(page, key):
    return page.locator(f"#chip-{key}")


def selected(page, key):
    return int(chip(page, key).get_attribute("data-selected"))


def grey(page, selector):
    return page.get_attribute(selector, "aria-disabled") == "true"


def tap_anyway(page, selector):
    """A tap on a greyed (aria-disabled) control, which must answer with a reason."""
    page.locator(selector).tap(force=True)


def select_rank(page, rank, touch):
    """Select every card of a rank: one tap per card (a tap selects one more)."""
    chip = f"#chip-{rank}"
    for _ in range(int(page.get_attribute(chip, "data-count"))):
        press(page, chip, touch)


# The boxes of `sel` (left and right edges) that a player could find past the
# page's sides: a box inside a row that scrolls sideways (their melds' row) is
# judged by that row's box, where a swipe brings it.
EDGES = """sel => [...document.querySelectorAll(sel)].filter(e => e.getClientRects().length).map(e => {
  let r = e.getBoundingClientRect();
  for (let a = e.parentElement; a; a = a.parentElement) {
    if (/auto|scroll/.test(getComputedStyle(a).overflowX)) { r = a.getBoundingClientRect(); break; }
  }
  return [e.id || e.className || e.tagName, r.left, r.right]; })"""


def wider_than_page(page, sel, width=PHONE_W):
    """Boxes of ``sel`` that reach past the page's sides (EDGES)."""
    return [(name, left, right) for name, left, right in page.evaluate(EDGES, sel)
            if left < -0.5 or right > width + 0.5]


def boxes(page, selector):
    return page.eval_on_selector_all(
        selector, "els => els.map(e => { const r = e.getBoundingClientRect();"
                  " return {id: e.id, top: r.top, bottom: r.bottom, left: r.left, right: r.right}; })")


PACKED_WASM = "**/pyodide.asm.wasm.xz"


# -- the page held loading (its context blocks service workers, which page.route cannot see) --
def reload_held(page, url=None):
    """Reload (or open ``url``) with the Pyodide wasm (its packed copy: these
    pages are never served by the offline copy) held back, so the page stays
    loading; returns the held routes (release them to go on)."""
    held = []
    page.route(PACKED_WASM, lambda route: held.append(route))
    with page.expect_request(PACKED_WASM):
        if url:
            page.goto(url, wait_until="commit")
        else:
            page.reload(wait_until="commit")
    page.wait_for_function("window.TriplePlayPaint")  # ui/paint.js has run
    assert held, "the page never asked for the Pyodide wasm"
    return held


def release(page, held):
    for route in held:
        route.continue_()
    page.unroute(PACKED_WASM)
    assert harness.wait_ready(page, 60) == "ready", page.text_content("#boot")


# -- a new game ------------------------------------------------------------------------------------
def open_new_game(page, base_url, query=f"?delay=0&seed={SEED}"):
    page.goto(base_url + query)
    assert harness.wait_ready(page, BOOT_TIMEOUT_S) == "ready", page.text_content("#boot")
    page.wait_for_selector("#btn-start")


def start_game(page, touch, knee_reminder=True, bots=("random", "random", "random")):
    for seat, bot in zip((1, 2, 3), bots):
        page.select_option(f"#setup-bot-{seat}", bot)
    if page.locator("#setup-opt-knee_reminder").count():  # on by default; some tests turn it off
        page.set_checked("#setup-opt-knee_reminder", knee_reminder)
    press(page, "#btn-start", touch)
    page.wait_for_function("document.getElementById('table').dataset.phase !== 'setup'")


def open_house_rules(page):
    press(page, "#btn-house", True)
    page.wait_for_selector("#house-meld_min")


# -- playing turns ---------------------------------------------------------------------------------
def discard_loneliest(page, touch=True, refused=None):
    """Discard the first card the engine accepts, the loneliest ranks first;
    True if one was accepted (refusals are appended to ``refused``)."""
    for rank, _count in sorted(chips(page), key=lambda rc: rc[1]):
        press(page, f"#chip-{rank}", touch)
        press(page, "#btn-discard", touch)
        if not message(page):
            return True
        if refused is not None:
            refused.append(message(page))
        press(page, "#btn-clear", touch)
    return False


def draw_and_discard(page):
    """One quick human turn; the bots then play theirs (delay=0)."""
    wait_settled(page)
    press(page, "#btn-draw", True)
    page.locator("#hand .chip").last.tap()
    press(page, "#btn-discard", True)
    wait_settled(page)


def simple_turn(page, draw="#actions [data-cmd=draw]"):
    """Draw, meld what the engine accepts, discard; returns False once the deal is over."""
    return take_turn(page, wait_settled(page), draw)


def take_turn(page, phase, draw="#actions [data-cmd=draw]"):
    """The shown seat's turn (or answer) by taps, as ``simple_turn``."""
    if phase in ("deal_end", "game_end"):
        return False
    if phase == "answer":
        press(page, "#btn-yes", True)
        return True
    press(page, draw, True)
    for i in range(page.locator("#actions [data-cmd=draw]").count()):
        if table(page, "phase") != "draw":
            break
        press(page, f"#actions [data-cmd=draw] >> nth={i}", True)  # that pile ran short: another
    if table(page, "phase") != "play":
        return table(page, "phase") not in ("deal_end", "game_end")
    for rank, count in chips(page):
        if count >= 3 and rank not in ("3r", "3b") and page.locator(f"#chip-{rank}").count():
            select_rank(page, rank, True)
            press(page, "#btn-meld", True)
            if message(page):
                press(page, "#btn-clear", True)
        if table(page, "phase") != "play":
            return table(page, "phase") not in ("deal_end", "game_end")
    if page.locator("#btn-knock").count():
        press(page, "#btn-knock", True)
        return True
    assert discard_loneliest(page), f"no discard accepted: {message(page)}"
    return table(page, "phase") not in ("deal_end", "game_end")


def play_to_deal_end(page, after_action=None, max_turns=40):
    """Our turns by taps (draw, discard the loneliest card) until the deal ends."""
    for _ in range(max_turns):
        phase = wait_settled(page, timeout_s=120)
        if phase in ("deal_end", "game_end"):
            return phase
        if phase == "answer":
            press(page, "#btn-yes", True)
        else:
            press(page, "#btn-draw", True)
            if after_action:
                after_action()
            if table(page, "phase") == "play":
                assert discard_loneliest(page)
        if after_action:
            after_action()
    raise AssertionError("the deal did not end")


# -- saves, and positions planted as saves ---------------------------------------------------------
def storage(page):
    """The saves in localStorage (not tp.paint, the last table's picture: ui/paint.js)."""
    return page.evaluate("Object.fromEntries(Object.entries(localStorage).filter(([k]) => k !== 'tp.paint'))")


def log_lines(page):
    return page.eval_on_selector_all("#log li", "els => els.map(e => e.textContent)")


def reopen(page, url, to_list=True):
    """Open the page again; a page left at a game's table continues that game,
    and ``to_list`` then goes on to the list of games (☰)."""
    page.goto(url)
    assert harness.wait_ready(page, 60) == "ready", page.text_content("#boot")
    if to_list and page.get_attribute("#app", "data-screen") in ("table", "sheet"):
        press(page, "#btn-menu", True)


OPPONENT = "5C 6D 8H JH KC 4H TC"


def resume_at(page, base_url, state, touch=True, bots=None, query=QUERY):
    """Store ``state`` as the only saved game and open it at the table
    (the other seats played by ``bots``, one name a seat; else normal bots)
    with the page's ``query`` (its pace, its seed)."""
    for seat in range(1, len(state.players)):
        state.players[seat].bot = bots[seat - 1] if bots else "normal"
    store = SaveStore(MemoryStorage())
    store.current = store.save(None, state, ["A hand-built position."])
    reopen(page, base_url + query)
    page.evaluate("data => { localStorage.clear(); for (const [k, v] of Object.entries(data)) "
                  "localStorage.setItem(k, v); }", store.storage.data)
    reopen(page, base_url + query)
    press(page, "#btn-continue", touch)
    wait_settled(page)


def plant(page, base_url, state, touch=True):
    """``state`` as the only saved game, seat 0 a person, bots in the seats with none; opened at its table."""
    state.players[0].bot = None
    for player in state.players[1:]:
        player.bot = player.bot or "normal"
    store = SaveStore(MemoryStorage())
    store.current = store.save(None, state, ["A planted game."])
    reopen(page, base_url + QUERY, to_list=False)
    page.evaluate("data => { localStorage.clear(); for (const [k, v] of Object.entries(data)) "
                  "localStorage.setItem(k, v); }", store.storage.data)
    reopen(page, base_url + QUERY)
    press(page, "#btn-continue", touch)
    page.wait_for_function("document.getElementById('app').dataset.screen === 'sheet'")
    # the coach reviews the deal and then redraws the sheet once: wait for that
    page.wait_for_function("['done', 'failed'].includes(document.getElementById('coach')?.dataset.status)",
                           timeout=120_000)


# the late position: deal 1 of this seed, played by normal bots until the stock holds
# STOCK_LEFT cards or fewer (e2e/test_motion.py, e2e/test_learn.py)
LATE_SEED = 21
STOCK_LEFT = 20


def late_position():
    """Deal 1 near its end, our turn to draw, as localStorage entries of one save."""
    state = game.new_game("triple-play", seed=LATE_SEED, bots=[None, "normal", "normal", "normal"])
    rng = random.Random(LATE_SEED)
    while not (state.phase == "draw" and state.to_move() == 0 and state.stock_count() <= STOCK_LEFT):
        seat = state.to_move()
        game.apply(state, get_bot("normal")(game.observe(state, seat), seat, rng))
    store = SaveStore(MemoryStorage())
    store.current = store.save(None, state, ["(planted)"])
    return store.storage.data


def open_planted(page, base_url, query="?seed=7", settings=None):
    """The page with the late position saved, on the games screen (Continue not yet pressed)."""
    reopen(page, base_url + query)
    data = late_position()
    if settings:
        data["tp.settings"] = json.dumps(settings)
    page.evaluate("data => { localStorage.clear(); Object.entries(data).forEach(([k, v]) => "
                  "localStorage.setItem(k, v)); }", data)
    reopen(page, base_url + query)
    page.wait_for_selector("#btn-continue")


# -- crowded positions, and a small phone ----------------------------------------------------------
SMALL = dict(harness.PHONE, viewport={"width": 360, "height": 640})
MELDED = "AKQJT98765"


def crowded(rules="triple-play", players=4):
    """20 melds a side (a canasta and an unfinished meld of each rank A to 5;
    the canastas alone where the rules allow one meld of a rank),
    a 70-card hand of every group (naturals, black 3s, 2s, jokers), you to
    draw: a position the loader accepts, with every suit of each rank used up."""
    melds = {0: [m for r in MELDED for m in ((r, f"{r}S {r}H {r}D {r}C {r}S {r}H {r}D"), (r, f"{r}C {r}S {r}H"))],
             1: [m for r in MELDED for m in ((r, f"{r}D {r}C {r}D {r}C {r}S {r}H {r}S"), (r, f"{r}H {r}D {r}C"))]}
    hand = (" ".join(r + s for r in MELDED for s in "SHDC") + " 4S 4H 4D 4C" * 3 + " 3S 3C" * 4
            + " 2S 2H 2D 2C 2S 2H JK JK JK JK")
    others = {seat: "2D 2C JK" for seat in range(1, players)}
    r = PRESETS[rules]
    if r.one_meld_per_rank:  # only the canastas: one meld of a rank a side
        melds = {side: items[::2] for side, items in melds.items()}
    red3 = {0: "3H", 1: "3D"} if r.red3_laid else None
    state = position(rules, players=players, hands={0: hand, **others},
                     piles={seat: [] for seat in range(players)}, melds=melds, red3=red3, discard="4C 4S")
    assert len(state.players[0].hand) == 70 and len(state.sides[0].melds) == (10 if r.one_meld_per_rank else 20)
    return state


def new_context(chromium, size):
    return traced_context(chromium, **(SMALL if size == "small" else harness.PHONE))


# -- layout: in view, readable, accessible ---------------------------------------------------------
def assert_in_view(page, where, hand_fits=False):
    """No page scroll either way; the action bar's buttons and the hand's first
    chip inside the viewport, and its last chip too once the hand's own area
    is scrolled to it (``hand_fits``: without that scroll)."""
    w, h = page.evaluate("[innerWidth, innerHeight]")

    def inside(sel):
        found = boxes(page, sel)
        assert found, f"{where}: no {sel}"
        for b in found:
            assert b["top"] >= 0 and b["bottom"] <= h + 0.5 and b["left"] >= 0 and b["right"] <= w + 0.5, \
                f"{where}: {sel} #{b['id']} at {b} outside {w}x{h}"

    def page_still():
        width, top = page.evaluate("[document.scrollingElement.scrollWidth, document.scrollingElement.scrollTop]")
        assert width <= w, f"{where}: horizontal scroll {width} > {w}"
        assert top == 0, f"{where}: the page scrolled"

    page_still()
    inside("#actions button")
    if page.get_attribute("#app", "data-screen") != "table":
        return
    inside("#hand .chip-slot:first-child .chip")
    if not hand_fits:
        page.eval_on_selector("#hand .chip-slot:last-child .chip", "e => e.scrollIntoView({block: 'nearest'})")
        page_still()
    inside("#hand .chip-slot:last-child .chip")


# Every leaf of text on the table as the rectangle a person sees: clipped by
# each scrolling or hidden-overflow ancestor, and skipped when invisible.
TEXT_BOXES = """() => {
  const out = [];
  const clip = (el, r) => {
    for (let a = el; a; a = a.parentElement) {  // its own overflow too (text hidden in a 1px box)
      const s = getComputedStyle(a);
      if (s.overflowX !== 'visible' || s.overflowY !== 'visible') {
        const b = a.getBoundingClientRect();
        r = {left: Math.max(r.left, b.left), right: Math.min(r.right, b.right),
             top: Math.max(r.top, b.top), bottom: Math.min(r.bottom, b.bottom)};
      }
    }
    return r;
  };
  for (const root of document.querySelectorAll('#table, #actions')) {
    const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(), n = 0; node; node = walk.nextNode(), n++) {
      const el = node.parentElement;
      if (!node.textContent.trim() || el.closest('.sr-only, [hidden], details:not([open]) > :not(summary)')) continue;
      const s = getComputedStyle(el);
      if (s.visibility === 'hidden' || Number(s.opacity) === 0 || !el.getClientRects().length) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rr of range.getClientRects()) {
        const r = clip(el, {left: rr.left, right: rr.right, top: rr.top, bottom: rr.bottom});
        if (r.right - r.left > 1 && r.bottom - r.top > 1)
          out.push({n: root.id + n, text: node.textContent.trim().slice(0, 30), id: el.id || el.className, ...r});
      }
    }
  }
  return out;
}"""

# Each chip's front card, its corner index (rank and suit), and its count and
# new cards: in view, inside the hand, and the top element at the centre of
# each belongs to that chip (nothing covers it).
CHIP_INDICES = """() => [...document.querySelectorAll('#hand .chip')].map(chip => {
  const parts = [...chip.querySelectorAll('.mc.front, .mc.front > span, .c-badges > span')]
    .map(e => e.getBoundingClientRect()).filter(r => r.width && r.height);
  const covered = parts.some(r => {
    const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    return !(hit && chip.contains(hit)); });
  return {rank: chip.dataset.rank, top: Math.min(...parts.map(r => r.top)),
          bottom: Math.max(...parts.map(r => r.bottom)), left: Math.min(...parts.map(r => r.left)),
          right: Math.max(...parts.map(r => r.right)), covered};
})"""

SMALL_TEXT = """() => {
  const out = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const el = n.parentElement;
    if (!n.textContent.trim() || !el || !el.getClientRects().length) continue;
    const st = getComputedStyle(el);
    if (st.visibility === 'hidden' || el.closest('[aria-hidden=true]') && !el.closest('.fan')) continue;
    const r = el.getBoundingClientRect();
    if (r.width < 2 || r.height < 2) continue;  // visually hidden (screen readers only)
    const size = parseFloat(st.fontSize);
    if (size < 14) out.push(`${el.tagName}.${el.className} "${n.textContent.trim().slice(0, 30)}" ${size}px`);
  }
  return out;
}"""


SMALL_TARGETS = """() => {
  const out = [];
  for (const el of document.querySelectorAll('button, [role=button], select, input, summary')) {
    if (!el.getClientRects().length || getComputedStyle(el).visibility === 'hidden') continue;
    const target = el.tagName === 'INPUT' && el.closest('label') || el;  // a label is the input's target
    const r = target.getBoundingClientRect();
    if (r.width < 43.5 || r.height < 43.5)
      out.push(`${el.tagName}#${el.id}.${el.className} ${Math.round(r.width)}x${Math.round(r.height)}`);
  }
  return out;
}"""


def assert_readable(page, where):
    assert page.evaluate(SMALL_TEXT) == [], where
    assert page.evaluate(SMALL_TARGETS) == [], where


AXE = harness.ROOT / "node_modules" / "axe-core" / "axe.min.js"


def axe_serious(page):
    """axe's serious and critical violations; its colour-contrast check must have run."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    result = page.evaluate("axe.run(document).then(r => ({passed: r.passes.map(p => p.id), "
                           "violations: r.violations.map(v => "
                           "({id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 4).map(n => n.target.join(' ') + ': '"
                           " + (n.any[0] || n.all[0] || {}).message)}))}))")
    assert "color-contrast" in result["passed"] + [v["id"] for v in result["violations"]]
    return [v for v in result["violations"] if v["impact"] in ("serious", "critical")]


# -- offline ---------------------------------------------------------------------------------------
def precache(site_dir):
    """(VERSION, FILES) written into site/sw.js by scripts/build_site.py."""
    text = (site_dir / "sw.js").read_text()
    version = re.search(r'const VERSION = "([0-9a-f]+)";', text).group(1)
    files = json.loads(re.search(r"const FILES = (\[.*?\]);", text, re.S).group(1))
    return version, files
