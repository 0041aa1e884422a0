"""Friends on their own phones (ui/linked, game/friends), by taps at 390x844.

Each phone is a browser context of its own (its storage, its keys in
IndexedDB); ``navigator.share`` is stubbed to record the link a phone sends,
and the other phone opens it with ``goto``, as a tap on a link in a chat
would. At every step the phone's game holds no other person's hidden card:
its state shows them masked, and no link and no saved record holds the
text of any eight cards in a row of the other person's dealt piles.
"""

import json
import zlib

import pytest

import harness
from game import cards as C
from game.friends import links
from game.friends.links import PREFIX, unb64
from pages import SMALL, game_state, open_new_game, press, storage, table, take_turn

pytestmark = pytest.mark.friends

SHARE = """navigator.share = async (data) => {
  const sent = JSON.parse(localStorage.getItem('e2e.sent') || '[]');
  sent.push(data.url); localStorage.setItem('e2e.sent', JSON.stringify(sent)); };"""
SENT = "JSON.parse(localStorage.getItem('e2e.sent') || '[]')"
FRIEND = 2


def sent(page, count):
    page.wait_for_function(f"{SENT}.length >= {count}", timeout=30_000)
    return page.evaluate(SENT)[-1]


def open_link(page, url):
    page.goto(url)
    assert harness.wait_ready(page, 60) == "ready", page.text_content("#boot")


def link_text(url):
    body = url.split("#f=", 1)[1][len(PREFIX):]
    return zlib.decompress(unb64(body, 10**6)).decode()


def record_of(page):
    """The game across phones as this phone keeps it (its localStorage record)."""
    saved = [json.loads(v) for k, v in storage(page).items() if k.startswith("tp.friends.")]
    assert len(saved) == 1
    return saved[0]


def turn_until_send(page):
    """The person's turns by taps (the bots play theirs) until the bar offers the link."""
    for _ in range(6):
        page.wait_for_function("document.getElementById('table').dataset.busy === '0'", timeout=60_000)
        if page.locator("#btn-friend-send").count():
            return
        take_turn(page, table(page, "phase"))
    raise AssertionError("the bar never offered the link")


def masked(page, seat):
    state = game_state(page)
    player = state["players"][seat]
    return all(c == C.HIDDEN for c in player["hand"] + [c for p in player["piles"] for c in p])


def test_two_friends_and_two_bots_by_links(base_url, chromium):
    phones = []
    for size in (SMALL, harness.PHONE):  # the host on a small phone (360x640), the friend on 390x844
        context = harness.traced_context(chromium, **size)
        context.add_init_script(SHARE)
        phones.append(context.new_page())
    host, friend = phones
    open_new_game(host, base_url, "?delay=0")
    for seat in (1, 3):
        host.select_option(f"#setup-bot-{seat}", "easy")
    host.select_option(f"#setup-bot-{FRIEND}", "friend")
    press(host, "#btn-start", True)
    host.wait_for_selector("#btn-invite-2")
    harness.screenshot(host, "across-invite")
    press(host, "#btn-invite-2", True)
    invitation = sent(host, 1)

    friend.goto(invitation, wait_until="commit")  # read before the engine is ready (ui/early.js)
    friend.wait_for_function("document.getElementById('early-invite')?.textContent.includes('invites you to play')")
    assert harness.wait_ready(friend, 60) == "ready", friend.text_content("#boot")
    friend.wait_for_selector("#btn-friend-join")
    assert "invites you to play" in friend.text_content("#invitation")
    press(friend, "#btn-friend-join", True)
    answer = sent(friend, 1)
    keys = friend.evaluate("""() => new Promise((ok) => { const r = indexedDB.open('tp-friends');
      r.onsuccess = () => r.result.transaction('keys').objectStore('keys').getAllKeys().onsuccess =
        (e) => ok(e.target.result); })""")
    assert keys == ["phone"]  # IndexedDB holds the keys and nothing of any game

    open_link(host, answer)
    host.wait_for_selector("#btn-friend-deal:not([disabled])")
    press(host, "#btn-friend-deal", True)
    host.wait_for_function("document.getElementById('app').dataset.screen === 'table'")
    friend.wait_for_function("navigator.serviceWorker.controller?.state === 'activated'", timeout=120_000)
    sent_links = []
    for turn in range(3):
        if turn == 1:  # the friend's phone offline from here: a link opens in a new tab from the cache
            friend.context.set_offline(True)
            friend = friend.context.new_page()
        turn_until_send(host)
        assert masked(host, FRIEND)
        press(host, "#btn-friend-send", True)
        sent_links.append(sent(host, len(sent_links) // 2 + 2))
        harness.screenshot(host, "across-sent")
        open_link(friend, sent_links[-1])
        friend.wait_for_function("document.getElementById('app').dataset.screen === 'table'")
        harness.screenshot(friend, "across-opened")
        assert masked(friend, 0)
        turn_until_send(friend)
        press(friend, "#btn-friend-send", True)
        sent_links.append(sent(friend, len(sent_links) // 2 + 2))
        open_link(host, sent_links[-1])
        host.wait_for_function("document.getElementById('app').dataset.screen === 'table'")
    assert game_state(host)["log"] == game_state(friend)["log"]

    # nothing of the other person's dealt cards in any link or saved record
    for me, other, seat in ((host, friend, FRIEND), (friend, host, 0)):
        dealt = record_of(other)["mine"]["1"][str(seat)]["p"]
        texts = [json.dumps(record_of(me))] + [link_text(u) for u in sent_links]
        for pile in dealt:
            for i in range(0, len(pile) - 16, 2):
                assert all(pile[i:i + 16] not in t for t in texts)

    # the same link again changes nothing; a turn for the other phone is refused
    open_link(host, sent_links[-1])
    host.wait_for_function("document.getElementById('app').dataset.screen === 'table'")
    assert "already opened" in host.text_content("#message")
    open_link(friend, sent_links[-1])
    friend.wait_for_selector("#friends-message")
    assert "This turn is for South" in friend.text_content("#friends-message")


def test_four_friends_play_a_round(base_url, chromium):
    """Four phones, every seat a person: each turn goes to the next phone by
    its link, and at every step each phone sees every other hand masked."""
    phones = []
    for _ in range(4):
        context = harness.traced_context(chromium, **harness.PHONE)
        context.add_init_script(SHARE)
        phones.append(context.new_page())
    host = phones[0]
    open_new_game(host, base_url, "?delay=0")
    for seat in (1, 2, 3):
        host.select_option(f"#setup-bot-{seat}", "friend")
    press(host, "#btn-start", True)
    for seat in (1, 2, 3):
        host.wait_for_selector(f"#btn-invite-{seat}")
        press(host, f"#btn-invite-{seat}", True)
        open_link(phones[seat], sent(host, seat))
        phones[seat].wait_for_selector("#btn-friend-join")
        press(phones[seat], "#btn-friend-join", True)
        open_link(host, sent(phones[seat], 1))
        host.wait_for_selector(f"#friend-invites [data-friend='{seat}'][data-joined='1']")
    press(host, "#btn-friend-deal", True)
    host.wait_for_function("document.getElementById('app').dataset.screen === 'table'")
    counts = [1, 1, 1, 1]  # links each phone has sent (the host: its invitations)
    counts[0] = 3
    current, turns = 0, 0
    while turns < 4:  # the host sends the deal on, then each phone plays its turn and sends it
        page = phones[current]
        turn_until_send(page)
        for seat in range(4):
            if seat != current:
                assert masked(page, seat)
        turns += table(page, "to-move") != str(current)
        press(page, "#btn-friend-send", True)
        counts[current] += 1
        link = sent(page, counts[current])
        current = links.decode(link.split("#f=", 1)[1])[0]["to"]
        open_link(phones[current], link)
        phones[current].wait_for_function("document.getElementById('app').dataset.screen === 'table'")
    logs = [game_state(p)["log"] for p in phones]
    assert all(logs[current][:len(log)] == log for log in logs)  # every phone is where the game was
