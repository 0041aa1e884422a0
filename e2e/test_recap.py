"""After the bots' turns, at 390x844 and 360x640: the info area says what each
bot did, one whole line a turn, exactly the lines game.words.narrate derives from
the engine's log; no line is cut; the melds those turns made or grew carry
their mark until your next action, a reload included, and the other side's
melds unfolded by themselves fold again then; a card that can join a meld of
yours brings that meld into view; and no banner shown on the way covered the
hand, the action bar or the status.

The position is deal 1 of a seeded game of normal bots, planted as a save
just before South's discard that West answered by taking the pile and
picking up the knee; the page's bots play on from there.
"""

import pytest

import game
import harness
from game.runs import replay
from game.words import narrate
from pages import game_state, new_context, press, reopen, resume_at, table, wait_settled
from tests.helpers import before_wests_big_turn
from ui.core.selection import group_key
from ui.table import board_view

BANNERS = """() => {
  const seen = window.tpBanners = [];
  const rect = (sel) => { const e = document.querySelector(sel); if (!e) return null;
    const r = e.getBoundingClientRect(); return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; };
  new MutationObserver((records) => {
    for (const r of records) for (const el of r.addedNodes) {
      if (!el.classList || !el.classList.contains('motion-banner')) continue;
      const x = parseFloat(el.style.left), y = parseFloat(el.style.top), w = el.offsetWidth, h = el.offsetHeight;
      seen.push({text: el.textContent, box: {left: x - w / 2, right: x + w / 2, top: y - h / 2, bottom: y + h / 2},
                 keep: {hand: rect('#hand'), actions: rect('#actions'), status: rect('#status')}});
    }
  }).observe(document.body, {childList: true, subtree: true});
}"""


def box_of(page, selector):
    return page.locator(selector).bounding_box()


def overlap(a, b):
    return a["left"] < b["right"] and b["left"] < a["right"] and a["top"] < b["bottom"] and b["top"] < a["bottom"]


@pytest.mark.parametrize("size", ["phone", "small"])
def test_after_the_bots_round_each_turn_is_said_whole_and_marked(chromium, base_url, size):
    planted, card = before_wests_big_turn()
    page = new_context(chromium, size).new_page()
    resume_at(page, base_url, planted.clone(), query="?delay=250&seed=7")
    assert table(page, "phase") == "play" and table(page, "to-move") == "0"
    page.evaluate(BANNERS)
    press(page, f"#chip-{group_key(card)}", True)
    press(page, "#btn-discard", True)
    assert wait_settled(page, timeout_s=120) == "draw"
    page.wait_for_function("(d => d.motionDone === d.motionPlays)(document.documentElement.dataset)")

    played = game.GameState.from_json(game_state(page))
    steps = replay.steps(planted, played.log[len(planted.log):], 0)
    shown = narrate.since_last_turn(steps, 0)
    assert [seat for seat, _ in shown] == [1, 2, 3]
    expected, brief = board_view.recap_lines(shown)
    lines = page.eval_on_selector_all("#recap li", "els => els.map(e => e.textContent)")
    assert lines == expected
    assert page.get_attribute("#recap", "data-brief") == ("1" if brief else "0")
    harness.screenshot(page, f"{size}-recap-after-bots")

    # whole: no line cut or ellipsized; the tall phone shows every line, the short
    # one the newest (the older ones are in the Log)
    assert page.is_visible("#recap")
    cut = page.eval_on_selector_all("#recap li", """els => els.filter(e => { const s = getComputedStyle(e);
        return e.scrollWidth > e.clientWidth || s.textOverflow === 'ellipsis' || s.whiteSpace === 'nowrap'
               || s.display === 'none'; }).map(e => e.textContent)""")
    assert cut == ([] if size == "phone" else expected[:-1])
    height, whole = page.eval_on_selector("#recap", "e => [e.clientHeight, e.scrollHeight]")
    assert whole <= height + 1
    # the hand's first chip and the action bar stay on screen under it
    w, h = page.evaluate("[innerWidth, innerHeight]")
    for sel in ("#hand .chip", "#actions button"):
        b = page.locator(sel).first.bounding_box()
        assert b["y"] >= 0 and b["y"] + b["height"] <= h + 0.5, (sel, b)

    # the melds the bots' turns made or grew are marked, with a word, until your next action
    changed = narrate.changed_melds([s for _, turn in shown for s in turn])
    assert changed
    for meld_id, change in changed.items():
        assert "changed" in page.get_attribute(f"#meld-{meld_id}", "class")
        assert page.text_content(f"#meld-{meld_id} .m-change") == ("new" if change == "new" else f"+{change}")
    assert page.locator(".meld.changed").count() == len(changed)
    assert "melds changed" in page.text_content(".strip-side[data-side='1']")
    # their melds changed: at your turn they are unfolded in their row, yours still in view below it
    assert page.get_attribute("#btn-opponents", "aria-expanded") == "true" and page.is_visible("#side-1")
    first = box_of(page, "#side-1 .meld.changed >> nth=0")
    row = box_of(page, "#their-melds")
    assert row["x"] - 1 <= first["x"] and first["x"] + first["width"] <= row["x"] + row["width"] + 1
    assert box_of(page, "#meld-scroll")["y"] >= row["y"] + row["height"]
    harness.screenshot(page, f"{size}-recap-opponents-open")
    press(page, "#btn-opponents", True)
    assert page.is_hidden("#side-1")

    # banners showed at the side that acted, never over the hand, the bar or the status
    banners = page.evaluate("window.tpBanners")
    assert banners
    for b in banners:
        for name, kept in b["keep"].items():
            assert kept is None or not overlap(b["box"], kept), (b["text"], name, b["box"], kept)
        assert 0 <= b["box"]["top"] and b["box"]["bottom"] <= h and 0 <= b["box"]["left"] and b["box"]["right"] <= w

    # a reload shows the same recap and marks (rebuilt from the saved log)
    reopen(page, base_url + "?delay=250&seed=7", to_list=False)
    wait_settled(page)
    assert page.eval_on_selector_all("#recap li", "els => els.map(e => e.textContent)") == expected
    for meld_id, change in changed.items():
        assert page.text_content(f"#meld-{meld_id} .m-change") == ("new" if change == "new" else f"+{change}")
    assert page.get_attribute("#btn-opponents", "aria-expanded") == "true"

    # your draw takes the marks off and folds their melds again: yours show
    press(page, "#btn-draw", True)
    assert page.locator(".meld.changed").count() == 0
    assert page.text_content("#recap li").startswith("You drew ")
    assert page.get_attribute("#btn-opponents", "aria-expanded") == "false" and page.is_hidden("#side-1")

    # with theirs unfolded by a tap, a card that can join a meld of yours lights
    # that meld, in view
    press(page, "#btn-opponents", True)
    drawn = game.GameState.from_json(game_state(page))
    ours = {m.rank: m.id for m in drawn.sides[0].melds}
    card = next(c for c in drawn.players[0].hand if c[0] in ours and not game.cards.is_wild(c))
    target = f"#meld-{ours[card[0]]}"
    area = box_of(page, "#meld-scroll")
    press(page, f"#chip-{group_key(card)}", True)
    assert "target" in page.get_attribute(target, "class")
    shown = box_of(page, target)
    assert area["y"] - 1 <= shown["y"] and shown["y"] + shown["height"] <= area["y"] + area["height"] + 1
    harness.screenshot(page, f"{size}-recap-target-shown")
    page.context.close()

