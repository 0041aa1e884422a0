"""Replays, the same deal again, statistics, at phone size (390x844).

A game whose first deal is over (short deals: 12 cards a draw) is planted
as the only save (pages.plant, as pages.resume_at plants positions); the page
continues it at its score sheet.
"""

import game
import harness
from game import engine
from game.runs.replay import DealReplay
from game.view import sort_key
from pages import assert_readable, axe_serious, game_state, plant, press, simple_turn, table
from tests.helpers import played

SAVES = "Object.entries(localStorage).filter(([k]) => k.startsWith('tp.save.'))"


def shown_hand(page, seat):
    """The cards the replay shows for a seat (its screen-reader list), or None if hidden."""
    loc = page.locator(f"#replay-seats [data-seat='{seat}'] .rp-cards")
    return loc.get_attribute("data-cards") if loc.count() else None


def words(cards):
    return " ".join(sorted(cards, key=sort_key))


def step(page):
    return int(page.get_attribute("#replay-step", "data-step"))


def test_a_replay_stepped_to_the_end_and_back(phone_context, base_url):
    state = played(seed=11, deals=1)
    replay = DealReplay(state, 1)
    first, last = replay.positions[0], replay.positions[-1]
    page = phone_context.new_page()
    plant(page, base_url, state)
    assert_readable(page, "sheet with replay tools")
    harness.screenshot(page, "phone-sheet-replay-tools")
    press(page, "#btn-replay-1", True)
    assert page.get_attribute("#app", "data-screen") == "replay"
    assert step(page) == 0 and "As dealt" in page.text_content("#replay-step")
    assert shown_hand(page, 0) == words(first.players[0].hand)
    assert shown_hand(page, 1) is None  # the player's own view: the others' hands hidden
    assert page.is_disabled("#btn-replay-back") and page.is_disabled("#btn-replay-start")
    harness.screenshot(page, "phone-replay-start")
    for n in (1, 2, 3):
        press(page, "#btn-replay-forward", True)
        assert step(page) == n
    press(page, "#btn-replay-end", True)
    end = len(replay) - 1
    assert step(page) == end and page.is_disabled("#btn-replay-forward")
    assert shown_hand(page, 0) == words(last.players[0].hand)
    totals = [f"{row['total']:,}".replace(",", "\u202f") for row in last.deal_results[0]["sides"]]
    assert all(t in page.text_content("#replay-end") for t in totals)
    press(page, "#btn-replay-open", True)  # every hand open
    for seat in range(4):
        assert shown_hand(page, seat) == words(last.players[seat].hand)
    assert axe_serious(page) == []
    assert_readable(page, "replay")
    harness.screenshot(page, "phone-replay-end-open")
    press(page, "#btn-replay-back", True)
    assert step(page) == end - 1
    press(page, "#btn-replay-start", True)
    assert step(page) == 0
    for seat in range(4):
        assert shown_hand(page, seat) == words(first.players[seat].hand)
    press(page, "#btn-replay-close", True)
    assert page.get_attribute("#app", "data-screen") == "sheet"
    assert table(page, "phase") == "deal_end"


def test_a_replay_from_the_games_list_changes_nothing(phone_context, base_url):
    page = phone_context.new_page()
    plant(page, base_url, played(seed=12, deals=1))
    saved = page.evaluate(SAVES)
    press(page, "#btn-menu", True)
    assert_readable(page, "games list with Replay")
    harness.screenshot(page, "phone-games-replay")
    press(page, "[data-role=replay]", True)
    assert page.get_attribute("#app", "data-screen") == "replay"
    press(page, "#btn-replay-end", True)
    press(page, "#btn-replay-close", True)
    assert page.get_attribute("#app", "data-screen") == "games"
    assert page.evaluate(SAVES) == saved


def test_the_same_deal_again_from_another_seat_then_both_scores(phone_context, base_url):
    original = played(seed=13, deals=1)
    dealt = DealReplay(original, 1).positions[0]
    page = phone_context.new_page()
    plant(page, base_url, original)
    press(page, "#btn-same-deal-1", True)
    assert page.get_attribute("#app", "data-screen") == "replay"
    assert page.locator("#replay-again").get_attribute("open") is not None
    assert_readable(page, "same deal: choose a seat")
    harness.screenshot(page, "phone-same-deal-choose")
    press(page, "#btn-same-deal-as-1", True)  # hold West's cards
    page.wait_for_function("document.getElementById('app').dataset.screen !== 'replay'")
    again = game.GameState.from_json(game_state(page))
    assert again.dealt_from == (original.seed, 1, 1) and again.rules.deals == 1
    as_dealt = engine.restart(again)
    for seat in range(4):  # seat i now holds what seat i + 1 was dealt
        assert as_dealt.players[seat].hand == dealt.players[(seat + 1) % 4].hand
        assert as_dealt.players[seat].piles == dealt.players[(seat + 1) % 4].piles
    assert engine.replay(again).to_json() == again.to_json()
    for _ in range(100):
        if not simple_turn(page):
            break
    assert table(page, "phase") == "game_end"
    assert page.is_hidden("#boot-error")  # nothing failed at the game's end (its statistics counted)
    finished = game.GameState.from_json(game_state(page))
    rows = page.eval_on_selector_all(
        "#same-deal-compare tbody tr", "rs => rs.map(r => [...r.cells].map(c => c.textContent))")
    now = [row["total"] for row in finished.deal_results[0]["sides"]]
    before = [row["total"] for row in original.deal_results[0]["sides"]]
    fmt = lambda n: f"{n:,}".replace(",", "\u202f")  # noqa: E731
    # with West's cards, this game's sides hold what the original's other side held
    assert rows == [["Us", fmt(now[0]), fmt(before[1])], ["Them", fmt(now[1]), fmt(before[0])]]
    assert axe_serious(page) == []
    harness.screenshot(page, "phone-same-deal-compare")
    # that game is in the statistics (the planted deal ended before the page had it)
    press(page, "#btn-menu", True)
    press(page, "#btn-stats", True)
    assert page.get_attribute("#app", "data-screen") == "stats"
    figures = dict(page.eval_on_selector_all(
        "#stats-0 tr", "rs => rs.map(r => [r.cells[0].textContent, r.cells[1].textContent])"))
    won = int(now[0] > now[1])
    assert figures["Games won"] == f"{won} of 1 ({100 * won}%)"
    assert figures["Average margin a game"] == ("+" if won else "−") + fmt(abs(now[0] - now[1]))
    assert "Triple Play" in page.text_content("#stats-0 caption")
    assert axe_serious(page) == []
    assert_readable(page, "statistics")
    harness.screenshot(page, "phone-stats")
    press(page, "#btn-stats-reset", True)
    assert page.text_content("#btn-stats-reset") == "Tap again to reset every figure"
    assert page.locator("#stats-0").count() == 1  # one tap resets nothing
    press(page, "#btn-stats-reset", True)
    assert page.text_content("#stats-note") == "Statistics reset."
    assert page.locator("#stats-0").count() == 0 and page.locator("#stats-empty").count() == 1
    assert page.evaluate("JSON.parse(localStorage.getItem('tp.stats')).rows") == []


def test_corrupt_statistics_are_reset_with_a_message(phone_context, base_url):
    page = phone_context.new_page()
    plant(page, base_url, played(seed=14, deals=1))
    page.evaluate("localStorage.setItem('tp.stats', '{\"version\": 1, \"rows\": 7')")
    press(page, "#btn-menu", True)
    press(page, "#btn-stats", True)
    assert page.get_attribute("#app", "data-screen") == "stats"
    note = page.text_content("#stats-note")
    assert "not valid JSON" in note and note.endswith("They start again from zero.")
    assert page.locator("#stats-empty").count() == 1
    press(page, "#btn-stats-close", True)
    assert page.get_attribute("#app", "data-screen") == "games"


def test_replay_and_statistics_on_a_desktop(desktop_context, base_url):
    page = desktop_context.new_page()
    plant(page, base_url, played(seed=15, deals=1), touch=False)
    press(page, "#btn-replay-1", False)
    press(page, "#btn-replay-open", False)
    for _ in range(6):
        press(page, "#btn-replay-forward", False)
    assert step(page) == 6
    assert axe_serious(page) == []
    harness.screenshot(page, "desktop-replay")
    press(page, "#btn-replay-close", False)
    press(page, "#btn-menu", False)
    press(page, "#btn-stats", False)
    assert page.locator("#stats-empty").count() == 1
    harness.screenshot(page, "desktop-stats-empty")
