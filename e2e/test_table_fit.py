"""The table at the moments that matter, on a 390x844 and a 360x640 phone
(and, at its most crowded moments, a 360x800 and a 360x640 phone at 120%
text, whose pages are 300x667 and 300x533, and a 390x844 and a 375x667
phone on their sides, which get a layout of their own; a page under 640
pixels tall is drawn smaller):
every group of the hand shows its corner index without scrolling, the action
bar is on screen, no text is drawn over other text and nothing covers the hand.

Positions, planted as saves (pages.resume_at): a crowded
late deal that normal bots reached, the second deal's busy turn after the
bots melded (three lines of scores, a recap of three turns, a wild group on
the hand's second row), a 70-card hand with 20 melds a side,
bots of three levels with new wild cards drawn and the knee to come, the
turn just after picking up the knee with six melds staged and a refusal
shown, and crowded 5- and 6-seat tables.
"""

import random

import pytest

import game
import harness
from game.bots import get_bot
from game.runs import replay
from game.words import narrate
from pages import CHIP_INDICES, SMALL, TEXT_BOXES, crowded, press, resume_at, table
from tests.helpers import position
from ui.core.selection import group_key

SIZES = {"phone": harness.PHONE, "small": SMALL,
         "large-text": dict(harness.PHONE, viewport={"width": 300, "height": 667}),
         "small-large-text": dict(harness.PHONE, viewport={"width": 300, "height": 533}),
         "landscape": dict(harness.PHONE, viewport={"width": 844, "height": 390}),
         "landscape-small": dict(harness.PHONE, viewport={"width": 667, "height": 375})}
WHERE = ["late", "second", "seventy", "levels", "knee", "five", "six"]
# every position on both phones and on the shortest page (300x533); at 300x667 the most
# crowded of each kind; on their sides, a busy turn, a recap of three turns in the side
# column, a 70-card hand, six melds staged and six players (the other five in that column)
CASES = [(size, where) for size in ("phone", "small") for where in WHERE] + \
        [("large-text", where) for where in ("seventy", "knee", "six")] + \
        [("small-large-text", where) for where in WHERE] + \
        [(size, where) for size in ("landscape", "landscape-small")
         for where in ("late", "second", "seventy", "knee", "six")]

# What the status area shows (its laid-out lines, not the visually hidden
# ones, within its own box where it scrolls) that reaches into the piles' box,
# below it on a phone, beside it on a wider page.
INFO_OVER_PILES = """() => { const p = document.querySelector('.table .piles').getBoundingClientRect();
  const info = document.querySelector('.table .info');
  const clip = getComputedStyle(info).overflowY === 'visible' ? null : info.getBoundingClientRect();
  return [...info.children]
    .filter(e => e.getClientRects().length && getComputedStyle(e).position === 'static')
    .filter(e => { const r = e.getBoundingClientRect();
      const top = clip ? Math.max(r.top, clip.top) : r.top, bottom = clip ? Math.min(r.bottom, clip.bottom) : r.bottom;
      return Math.min(r.right, p.right) - Math.max(r.left, p.left) > 0.5
          && Math.min(bottom, p.bottom) - Math.max(top, p.top) > 0.5; })
    .map(e => e.className); }"""

SCROLLING = """sel => { const e = document.querySelector(sel);
  return e ? e.scrollHeight - e.clientHeight : 0; }"""


def late_deal(seed=3):
    """Normal bots play a deal until both sides have many melds and the
    person, with eleven cards or more, is to draw."""
    state = game.new_game("triple-play", seed=seed)
    rng = random.Random(seed)
    while not (state.to_move() == 0 and state.phase == "draw" and len(state.sides[0].melds) >= 7
               and len(state.sides[1].melds) >= 6 and len(state.players[0].hand) >= 11):
        assert state.phase != "deal_end", "the deal ended before the table filled"
        seat = state.to_move()
        game.apply(state, get_bot("normal")(game.observe(state, seat), seat, rng))
    return state


def second_deal(seed=1):
    """Deal 2, normal bots in every seat: South to draw holding eight groups or
    more with wild cards, knee and foot to come, after a round in which the
    others melded (the recap, rebuilt from the log, tells three turns; the
    scores take three lines)."""
    state = game.new_game("triple-play", seed=seed)
    rng = random.Random(seed)
    while True:
        seat = state.to_move()
        if seat is None:
            assert state.deal == 1, "the second deal ended before the table filled"
            game.apply(state, {"type": "next_deal"})
            continue
        if state.deal == 2 and seat == 0 and state.phase == "draw" and len(state.players[0].piles) == 2:
            groups = {group_key(c) for c in state.players[0].hand}
            turns = narrate.since_last_turn(replay.since_turn_of(state, 0), 0)
            melded = [a for _, turn in turns for a, *_ in turn if a["type"] in ("meld", "take_pile")]
            if len(groups) >= 8 and groups & {"2", "JK"} and len(turns) == 3 and len(melded) >= 2:
                return state
        game.apply(state, get_bot("normal")(game.observe(state, seat), seat, rng))


def levels():
    """Bots of three levels (each seat names its level), your knee to come, and
    two 2s just drawn: the first wild chip holds new cards."""
    return position(hands={0: "KS KH 9C 9D 9H 5C 5D 6D 8H JH QC 4S 2H"}, stock_top="2C 2D")


def knee_turn():
    """South, with a canasta down, may pick up the knee and holds three new
    melds and cards for three of the side's unfinished melds."""
    return position(hands={0: "9S 9H 9D 8S 8H 8D 6S 6H 6D KS QS QH JS AC 4C"},
                    melds={0: [("K", "KH KD KC KS KH KD KC"), ("Q", "QD QC QS"), ("J", "JD JC JH"),
                               ("A", "AS AH AD")],
                           1: [("7", "7S 7H 7D 7C 7S 7H 7D"), ("5", "5C 5S 5H")]},
                    phase="play", knee_ready=(0,))


def stage_six(page):
    """Pick up the knee, stage the 9s, 8s and 6s as new melds and add a Queen,
    a Jack and an Ace to the side's melds; a tap on Discard with nothing
    selected shows a refusal."""
    press(page, "#btn-knee", True)
    page.wait_for_function("document.getElementById('table').dataset.busy === '0'")
    for rank in "986":
        for _ in range(3):
            press(page, f"#chip-{rank}", True)
        press(page, "#btn-stage", True)
    for rank, meld in (("Q", 2), ("J", 3), ("A", 4)):
        press(page, f"#chip-{rank}", True)
        press(page, f"#meld-{meld}", True)
    assert table(page, "staged") == "6"
    press(page, "#btn-discard", True)
    assert table(page, "message") == "1"


def assert_fits(page, where):
    w, h = page.evaluate("[innerWidth, innerHeight]")
    width, top = page.evaluate("[document.scrollingElement.scrollWidth, document.scrollingElement.scrollTop]")
    assert width <= w and top == 0, f"{where}: the page scrolled ({width}, {top})"
    bar = """() => [...document.querySelectorAll('#actions button')].map(e => {
               const r = e.getBoundingClientRect(); return {id: e.id, top: r.top, bottom: r.bottom}; })"""
    for b in page.evaluate(bar):
        assert b["top"] >= 0 and b["bottom"] <= h + 0.5, f"{where}: #{b['id']} off screen"
    assert page.evaluate(SCROLLING, "#hand") <= 1, f"{where}: the hand scrolls"
    hand = page.locator("#hand").bounding_box()
    bar = page.locator("#actions").bounding_box()  # under the hand, or beside it on a phone on its side
    for chip in page.evaluate(CHIP_INDICES):
        under_bar = chip["right"] > bar["x"] and chip["left"] < bar["x"] + bar["width"]
        bottom = min(bar["y"] if under_bar else h, hand["y"] + hand["height"])
        assert chip["top"] >= hand["y"] - 0.5 and chip["bottom"] <= bottom + 0.5, \
            f"{where}: the {chip['rank']} group's index is not in view"
        assert not chip["covered"], f"{where}: something covers the {chip['rank']} group"
    assert page.evaluate(INFO_OVER_PILES) == [], f"{where}: the status area runs over the piles"
    texts = page.evaluate(TEXT_BOXES)
    for i, a in enumerate(texts):
        for b in texts[i + 1:]:
            if a["n"] == b["n"]:  # one text's lines
                continue
            dx = min(a["right"], b["right"]) - max(a["left"], b["left"])
            dy = min(a["bottom"], b["bottom"]) - max(a["top"], b["top"])
            assert dx <= 1 or dy <= 1, f"{where}: text over text: {a} and {b}"


@pytest.mark.parametrize(("size", "where"), CASES)
def test_the_table_fits_at_the_moments_that_matter(chromium, base_url, size, where):
    state = {"late": late_deal, "second": second_deal, "seventy": crowded, "levels": levels, "knee": knee_turn,
             "five": lambda: crowded("hand-and-foot", 5), "six": lambda: crowded("hkf-sheet", 6)}[where]()
    context = chromium.new_context(**SIZES[size])
    page = context.new_page()
    resume_at(page, base_url, state, bots=("easy", "normal", "hard") if where == "levels" else None)
    assert_fits(page, f"{size} {where}")
    if size.startswith("landscape"):  # laid out in 30rem of height, not the short page's 40
        root = page.evaluate("parseFloat(getComputedStyle(document.documentElement).fontSize)")
        assert root >= 12, f"{size} {where}: the text is drawn at {root / 16:.0%}"
    if where == "second":
        assert page.locator("#recap li").count() == 3
        harness.screenshot(page, f"{size}-second-deal")
    if where == "knee":
        stage_six(page)
        assert_fits(page, f"{size} {where} staged")
        harness.screenshot(page, f"{size}-knee-staged")
    elif table(page, "phase") == "draw":
        press(page, "#actions [data-cmd=draw]", True)
        page.wait_for_function("document.getElementById('table').dataset.phase === 'play'")
        assert_fits(page, f"{size} {where} drawn")
        harness.screenshot(page, f"{size}-{where}-drawn")
    context.close()
