"""Several people at one phone (pass-and-play), by taps at 390x844.

At every hand-off ("Pass the phone to Bob") no card of any person's hand or
unpicked piles may be in the page: not in its markup, not in its text, not
in its accessibility tree. The hand-off screen empties the table's regions
(ui/handoff/handoff.py); these tests read the game's state (tpGameState) and look
for each hidden card's code and words.
"""

import re

import pytest

import harness
from game import cards as C
from pages import game_state, open_new_game, press, reopen, table, take_turn
from tests.helpers import about_to_ask
from ui.core.saves import MemoryStorage, SaveStore

pytestmark = pytest.mark.friends

QUERY = "?delay=0&seed=5"
# the page's markup without its scripts and styles
MARKUP = """() => { const body = document.body.cloneNode(true);
  for (const el of body.querySelectorAll('script, style, template')) el.remove();
  return body.outerHTML; }"""
# the hand-off screen, or the end of the deal (the score sheet is everyone's)
NEXT = """() => document.getElementById('app').dataset.screen === 'handoff'
  || (document.getElementById('table').dataset.busy === '0'
      && ['deal_end', 'game_end'].includes(document.getElementById('table').dataset.phase))"""


def hidden(state):
    """The codes of every card in a person's hand or unpicked piles."""
    return {c for p in state["players"] if p["bot"] is None
            for c in p["hand"] + [c for pile in p["piles"] for c in pile]}


def assert_nothing_hidden(page):
    assert page.get_attribute("#app", "data-screen") == "handoff"
    codes = hidden(game_state(page))
    markup, text = page.evaluate(MARKUP), page.inner_text("body")
    tree = page.locator("body").aria_snapshot()
    assert "chip" not in markup and not page.locator("#hand *").count()
    for code in codes:
        assert not re.search(rf"(?<![A-Za-z0-9]){code}(?![A-Za-z0-9])", markup), code
        assert C.label(code) not in text and C.label(code) not in tree, code


def start_people(page, base_url, people, bots="normal"):
    """A new game: seat 0 and the seats in ``people`` ({seat: name}) people, the others bots."""
    open_new_game(page, base_url, QUERY)
    for seat in (1, 2, 3):
        page.select_option(f"#setup-bot-{seat}", "person" if seat in people else bots)
    for seat, name in people.items():
        page.fill(f"#setup-name-{seat}", name)
    press(page, "#btn-start", True)


def take_phone(page, since_shots=None):
    """Tap "I'm ..." at the hand-off; past the turns since, to the hand."""
    name = page.text_content("#btn-im").removeprefix("I'm ")
    press(page, "#btn-im", True)
    page.wait_for_function("document.getElementById('app').dataset.screen !== 'handoff'")
    if page.locator("#since").count():
        if since_shots is not None and not since_shots:
            harness.screenshot(page, "friends-since")
            since_shots.append(True)
        press(page, "#btn-show-hand", True)
    return name


def background_and_back(page):
    """The page goes to the background and comes back: the hand is put away."""
    page.evaluate("""() => { Object.defineProperty(document, 'hidden', {value: true, configurable: true});
                             document.dispatchEvent(new Event('visibilitychange')); }""")
    page.wait_for_function("document.getElementById('app').dataset.screen === 'handoff'")
    assert_nothing_hidden(page)
    assert "background" in page.text_content("#handoff")
    page.evaluate("() => { delete document.hidden; document.dispatchEvent(new Event('visibilitychange')); }")


def test_two_partners_and_two_bots_play_a_whole_deal_passing_the_phone(phone_context, base_url):
    page = phone_context.new_page()
    start_people(page, base_url, {0: "Ann", 2: "Bob"})
    names, shots = [], []
    for turn in range(200):
        page.wait_for_function(NEXT, timeout=120_000)
        if page.get_attribute("#app", "data-screen") != "handoff":
            break
        assert_nothing_hidden(page)
        if turn == 0:
            harness.screenshot(page, "friends-handoff")
        names.append(take_phone(page, shots))
        assert table(page, "to-move") == ("0" if names[-1] == "Ann" else "2")
        if turn == 3:  # in the middle of a turn, the page goes to the background
            background_and_back(page)
            assert take_phone(page) == names[-1]
        take_turn(page, table(page, "phase"))
    else:
        raise AssertionError("the deal did not end")
    assert table(page, "phase") in ("deal_end", "game_end")
    assert len(names) >= 10 and set(names) == {"Ann", "Bob"}
    assert all(a != b for a, b in zip(names, names[1:]))  # the phone went from one to the other
    assert "Ann" in page.text_content("#sheet") or "Us" in page.text_content("#sheet")


def test_four_people_each_see_only_their_own_hand(phone_context, base_url):
    page = phone_context.new_page()
    people = {0: "Ann", 1: "Cat", 2: "Bob", 3: "Dan"}
    start_people(page, base_url, people)
    seen = []
    for _ in range(4):
        page.wait_for_function(NEXT, timeout=60_000)
        assert_nothing_hidden(page)
        name = take_phone(page)
        seat = next(s for s, n in people.items() if n == name)
        state = game_state(page)
        assert table(page, "to-move") == str(seat)
        assert int(table(page, "hand-count")) == len(state["players"][seat]["hand"])
        seen.append(seat)
        take_turn(page, table(page, "phase"))
    assert sorted(seen) == [0, 1, 2, 3]


def plant_people(page, base_url, state):
    """``state`` as the only saved game, continued from the games list."""
    store = SaveStore(MemoryStorage())
    store.current = store.save(None, state, ["A planted game."])
    reopen(page, base_url + QUERY, to_list=False)
    page.evaluate("data => { localStorage.clear(); for (const [k, v] of Object.entries(data)) "
                  "localStorage.setItem(k, v); }", store.storage.data)
    reopen(page, base_url + QUERY, to_list=False)
    press(page, "#btn-continue", True)


def test_the_person_partner_answers_may_i_go_out_on_a_hand_off_of_their_own(phone_context, base_url):
    state = about_to_ask("4S 4H 4D 8C")
    for seat, bot in enumerate([None, "normal", None, "normal"]):
        state.players[seat].bot = bot
    page = phone_context.new_page()
    plant_people(page, base_url, state)
    page.wait_for_function("document.getElementById('app').dataset.screen === 'handoff'")  # a game opened hands off
    assert take_phone(page) == "South"
    press(page, "#btn-ask", True)
    page.wait_for_function(NEXT)
    assert_nothing_hidden(page)
    assert "South asks North: may I go out?" in page.text_content("#handoff")
    assert take_phone(page) == "North"
    press(page, "#btn-yes", True)
    page.wait_for_function(NEXT)
    assert_nothing_hidden(page)
    assert take_phone(page) == "South"
    assert table(page, "phase") == "play"  # South may go out now
