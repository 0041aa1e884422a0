"""The table as a new player meets it on a phone (issue 72), at five moments
reached by taps: the start of a turn after the bots changed their melds,
just after drawing, with melds staged, right after picking up the knee, and
in the foot with few cards and many melds down; each at 360x640, 375x553
(an iPhone SE in Safari with its bars), 390x844, 412x915 and 844x390:

- at least two rows of your side's melds (all of them when fewer) in view;
- the newest move's line whole, every hand group's corner index in view, no
  text over other text, no empty band over 48 px between the top bar and
  the action bar;
- text at least 14 px, targets at least 44x44 px, and no serious axe-core
  violation in the light and the dark scheme.

One page plays the whole route: a size is a viewport change, not a new
page. The knee and the foot are reached from positions planted one move
before them (the deal that leads there by taps takes minutes).
"""

import harness
from pages import (
    CHIP_INDICES,
    TEXT_BOXES,
    assert_readable,
    axe_serious,
    chips,
    discard_loneliest,
    message,
    open_new_game,
    press,
    resume_at,
    select_rank,
    start_game,
    table,
    take_turn,
    wait_settled,
)
from tests.helpers import position

SIZES = [(360, 640), (375, 553), (390, 844), (412, 915), (844, 390)]
BAND_PX = 48

# Your side's melds and staged tokens: each one's box, and whether it is wholly
# in view (inside the viewport and every scrolling ancestor).
OUR_MELDS = """() => {
  const seen = (el) => {
    let r = el.getBoundingClientRect();
    let box = {top: r.top, bottom: r.bottom};
    for (let a = el.parentElement; a; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.overflowY !== 'visible') { const b = a.getBoundingClientRect();
        box = {top: Math.max(box.top, b.top), bottom: Math.min(box.bottom, b.bottom)}; }
    }
    return box.top >= r.top - 0.5 && box.bottom >= r.bottom - 0.5 && r.top >= 0 && r.bottom <= innerHeight + 0.5;
  };
  return [...document.querySelectorAll('#meld-scroll .side.mine .meld-list > *')]
    .map(e => ({top: Math.round(e.getBoundingClientRect().top), seen: seen(e)}));
}"""

# The newest move's line: the recap's last line, else the log's.
NEWEST = """() => {
  const li = document.querySelector('#recap li:last-child') || document.querySelector('#log li:last-child');
  if (!li) return null;
  const r = li.getBoundingClientRect();
  return {text: li.textContent, top: r.top, bottom: r.bottom, height: r.height,
          scroll: li.scrollHeight - li.clientHeight, shown: getComputedStyle(li).display !== 'none'};
}"""

# What is drawn between the top bar and the action bar: text, cards, buttons, and
# the boxes of the seats, the piles and the sides' melds.
DRAWN = """() => {
  const out = [];
  for (const el of document.querySelectorAll('#table :is(button, .mc, .pile, .seat, .meld, .side)'))
    if (el.getClientRects().length) { const r = el.getBoundingClientRect(); out.push([r.top, r.bottom]); }
  const top = document.querySelector('.topbar').getBoundingClientRect().bottom;
  const bar = document.querySelector('#actions').getBoundingClientRect();
  const bottom = bar.width > innerWidth * 0.9 ? bar.top : innerHeight;
  return {top, bottom, boxes: out};
}"""


def our_rows(page):
    """(rows of your side's melds, rows wholly in view)."""
    melds = page.evaluate(OUR_MELDS)
    rows = sorted({m["top"] for m in melds})
    shown = {m["top"] for m in melds if m["seen"]}
    return len(rows), sum(1 for r in rows if r in shown and all(m["seen"] for m in melds if m["top"] == r))


def widest_band(page):
    drawn = page.evaluate(DRAWN)
    spans = sorted([b for b in drawn["boxes"] if b[1] > drawn["top"] and b[0] < drawn["bottom"]]
                   + [[t["top"], t["bottom"]] for t in page.evaluate(TEXT_BOXES)])
    widest, edge = 0, drawn["top"]
    for top, bottom in spans:
        widest = max(widest, min(top, drawn["bottom"]) - edge)
        edge = max(edge, bottom)
    return max(widest, drawn["bottom"] - edge)


def check(page, where):
    """Every target of the issue at this moment and size."""
    rows, seen = our_rows(page)
    assert seen >= min(rows, 2), f"{where}: {seen} of {rows} rows of your melds in view"
    newest = page.evaluate(NEWEST)
    assert newest and newest["shown"] and newest["scroll"] <= 1, f"{where}: no newest line: {newest}"
    h = page.evaluate("innerHeight")
    assert newest["top"] >= 0 and newest["bottom"] <= h, f"{where}: the newest line is off screen"
    for chip in page.evaluate(CHIP_INDICES):
        assert chip["top"] >= 0 and chip["bottom"] <= h and not chip["covered"], \
            f"{where}: the {chip['rank']} group's index is not in view"
    texts = page.evaluate(TEXT_BOXES)
    for i, a in enumerate(texts):
        for b in texts[i + 1:]:
            if a["n"] != b["n"]:
                dx = min(a["right"], b["right"]) - max(a["left"], b["left"])
                dy = min(a["bottom"], b["bottom"]) - max(a["top"], b["top"])
                assert dx <= 1 or dy <= 1, f"{where}: text over text: {a} and {b}"
    if newest["text"]:  # the newest line is drawn clear of every other text
        line = next(t for t in texts if newest["text"].startswith(t["text"]))
        assert line["bottom"] - line["top"] > 1
    band = widest_band(page)
    assert band <= BAND_PX, f"{where}: an empty band of {band:.0f} px"
    assert_readable(page, where)
    assert axe_serious(page) == [], where


def at_every_size(page, moment, dark=False):
    for w, h in SIZES:
        page.set_viewport_size({"width": w, "height": h})
        page.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        check(page, f"{moment} at {w}x{h}")
        harness.screenshot(page, f"table-{moment}-{w}x{h}")
    if dark:
        page.evaluate("document.documentElement.dataset.theme = 'dark'")
        assert axe_serious(page) == [], f"{moment}, dark"
        page.evaluate("document.documentElement.dataset.theme = 'light'")
    page.set_viewport_size({"width": 360, "height": 640})


def knee_turn():
    """South, one tap from the knee, with four melds down and a hand of fifteen."""
    return position(hands={0: "9S 9H 9D 8S 8H 8D 6S 6H 6D KS QS QH JS AC 4C"},
                    melds={0: [("K", "KH KD KC KS KH KD KC"), ("Q", "QD QC QS"), ("J", "JD JC JH"),
                               ("A", "AS AH AD")],
                           1: [("7", "7S 7H 7D 7C 7S 7H 7D"), ("5", "5C 5S 5H")]},
                    phase="play", knee_ready=(0,))


def in_the_foot():
    """South in the foot with five cards, eight melds down a side, to draw."""
    return position(hands={0: "9S 6H 4D 2C JK"}, piles={0: []}, opened=(0, 1),
                    melds={0: [(r, f"{r}S {r}H {r}D {r}C {r}S {r}H {r}D") for r in "AKQ"]
                           + [(r, f"{r}H {r}D {r}C") for r in "JT875"],
                           1: [(r, f"{r}D {r}C {r}D {r}C {r}S {r}H {r}S") for r in "AK"]
                           + [(r, f"{r}H {r}D {r}S") for r in "QJT96"]})


def test_the_phone_table_at_five_moments_and_five_sizes(chromium, base_url):
    context = chromium.new_context(**dict(harness.PHONE, viewport={"width": 360, "height": 640}))
    page = context.new_page()
    open_new_game(page, base_url, "?delay=0&seed=11")
    start_game(page, True, bots=("normal", "normal", "normal"))
    seen = set()
    for _ in range(40):
        phase = wait_settled(page)
        if phase != "draw":
            take_turn(page, phase)
            continue
        if "start" not in seen and page.locator(".strip-side.changed").count():
            assert page.get_attribute("#btn-opponents", "aria-expanded") == "true"
            at_every_size(page, "start", dark=True)
            seen.add("start")
            press(page, "#btn-draw", True)
            at_every_size(page, "drawn")
            seen.add("drawn")
        else:
            press(page, "#btn-draw", True)
        staged = 0
        for rank, count in chips(page):
            if count >= 3 and rank not in ("3r", "3b", "2", "JK"):
                select_rank(page, rank, True)
                press(page, "#btn-stage", True)
                assert not message(page)
                staged += 1
        if staged >= 2 and "staged" not in seen:
            at_every_size(page, "staged", dark=True)
            seen.add("staged")
        if staged:
            press(page, "#btn-meld", True)
            if message(page):
                press(page, "#btn-clear", True)
        if table(page, "phase") == "play":
            assert discard_loneliest(page)
        if {"start", "staged"} <= seen:
            break
    assert seen == {"start", "drawn", "staged"}, seen

    resume_at(page, base_url, knee_turn())
    press(page, "#btn-knee", True)
    page.wait_for_function("document.getElementById('table').dataset.busy === '0'")
    assert int(table(page, "hand-count")) > 15
    at_every_size(page, "knee", dark=True)

    resume_at(page, base_url, in_the_foot())
    press(page, "#btn-draw", True)
    assert table(page, "phase") == "play"
    at_every_size(page, "foot", dark=True)
    context.close()
