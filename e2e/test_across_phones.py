"""Friends on their own phones (ui/linked, game/friends), by taps.

Each phone is a browser context of its own (its storage, its keys in
IndexedDB); ``navigator.share`` is stubbed to record the link a phone sends,
and the other phone opens it with ``goto``, as a tap on a link in a chat
would. At every step, on every phone, no other person's hidden card is
anywhere a person or a program could read it: checked against the cards
each person's own phone holds (the true deal), in the page's markup, its
text, its accessibility tree, localStorage, IndexedDB and every link.
"""

import json
import re
import zlib

import pytest

import harness
from game import cards as C
from game.friends import links
from game.friends.links import PREFIX, unb64
from pages import SMALL, game_state, open_new_game, press, table, take_turn

pytestmark = pytest.mark.friends

SHARE = """navigator.share = async (data) => {
  const sent = JSON.parse(localStorage.getItem('e2e.sent') || '[]');
  sent.push(data.url); localStorage.setItem('e2e.sent', JSON.stringify(sent)); };"""
SENT = "JSON.parse(localStorage.getItem('e2e.sent') || '[]')"
FRIEND = 2
# the page's markup without its scripts and styles
MARKUP = """() => { const body = document.body.cloneNode(true);
  for (const el of body.querySelectorAll('script, style, template')) el.remove();
  return body.outerHTML; }"""
# every database of IndexedDB, each store's keys
INDEXED = """async () => { const out = {};
  for (const {name} of await indexedDB.databases()) {
    const db = await new Promise((ok, no) => { const r = indexedDB.open(name); r.onsuccess = () => ok(r.result);
                                                r.onerror = no; });
    for (const store of db.objectStoreNames) {
      out[name + '/' + store] = await new Promise((ok) => { db.transaction(store).objectStore(store)
        .getAllKeys().onsuccess = (e) => ok(e.target.result); });
    }
    db.close();
  }
  return out; }"""
READ = "document.documentElement.dataset.friendsRead"


def sent(page, count):
    page.wait_for_function(f"{SENT}.length >= {count}", timeout=30_000)
    return page.evaluate(SENT)[-1]


def open_link(page, url):
    """Open a link as a tap in a chat would, and wait until the page has read it
    (<html data-friends-read> counts the links read: a new page, or one more)."""
    if page.url.startswith("http"):
        page.evaluate(f"window.e2eRead = {READ}")
    page.goto(url)
    assert harness.wait_ready(page, 60) == "ready", page.text_content("#boot")
    page.wait_for_function(f"{READ} && {READ} !== window.e2eRead", timeout=30_000)
    page.wait_for_function("document.getElementById('table')?.dataset.busy !== '1'", timeout=60_000)


def link_text(url):
    body = url.split("#f=", 1)[1][len(PREFIX):]
    return zlib.decompress(unb64(body, 10**6)).decode()


def record_of(page):
    """The game across phones as this phone keeps it (its localStorage record)."""
    saved = [json.loads(v) for k, v in all_storage(page).items() if k.startswith("tp.friends.")]
    assert len(saved) == 1
    return saved[0]


def all_storage(page):
    """Every key of localStorage but the test's record of the links sent (the chat's)."""
    return page.evaluate("Object.fromEntries(Object.entries(localStorage).filter(([k]) => k !== 'e2e.sent'))")


def masked(page, seat):
    state = game_state(page)
    player = state["players"][seat]
    return all(c == C.HIDDEN for c in player["hand"] + [c for p in player["piles"] for c in p])


def codes(node):
    """Every card code in a JSON-ready value."""
    if isinstance(node, str):
        return {node} if C.is_valid_code(node) else set()
    items = node.values() if isinstance(node, dict) else node if isinstance(node, list) else ()
    return set().union(*map(codes, items)) if items else set()


def held(state, seats):
    """The codes of the cards in these seats' hands and piles to come."""
    return {c for s in seats for c in state["players"][s]["hand"] + [c for p in state["players"][s]["piles"]
                                                                     for c in p]} - {C.HIDDEN}


class Phones:
    """The phones at the table (pages[i] is phone i, its person at seats[i]) and
    what each person holds, as their own phone last showed it (a phone's own
    cards are the true deal's)."""

    def __init__(self, pages, seats):
        self.pages, self.seats = pages, seats
        self.links = []          # every link sent, in order
        self.sealed = []         # (deal, link) sent before that deal's end (after it, a link shows its sender's cards)
        self.own = {}            # seat: (deal, the codes of that person's hidden cards, as their phone holds them)
        self.dealt = {}          # (seat, deal): that person's dealt piles, as their phone keeps them (its record)
        self.checked = 0         # hidden codes checked absent, over the game (the check has something to find)
        self.hidden = {}         # phone: the other people's codes its last check looked for

    def check(self, phone):
        """No hidden card of another seat on this phone: none in the page (markup,
        text, accessibility tree); until the deal's end, no other person's in its
        storage or any link (quoted as a card, or a run of their dealt piles);
        nothing of any game in IndexedDB."""
        page, me = self.pages[phone], self.seats[phone]
        state = game_state(page)
        deal = state["deal"]
        self.own[me] = deal, held(state, [me])
        mine = record_of(page).get("mine", {}).get(str(deal), {}).get(str(me))
        if mine:
            self.dealt[me, deal] = mine["p"]
        # what its position shows it: its own cards, the melds, the piles, the moves (not the
        # stock, the bots' cards or the deck each deal was dealt from, which it holds to play them)
        public = dict(state, players=[p for s, p in enumerate(state["players"]) if s == me], stocks=[], redealt=[])
        shown = codes(public)
        # this deal's cards only: a code names several cards (several decks), and one of an
        # earlier deal's links may have shown another copy face up (a red three laid down)
        people = set().union(*(cards for s, (d, cards) in self.own.items() if s != me and d == deal)) - shown
        bots = held(state, [s for s, p in enumerate(state["players"]) if p["bot"]]) | codes(state["stocks"])
        deck = next(r["deck"] for r in state["redealt"] if r["deal"] == deal)
        theirs = [len(p) // 2 for (s, d), piles in self.dealt.items() if s != me and d == deal for p in piles]
        over = state["phase"] in ("deal_end", "game_end")  # every hand shown: the true deal's deck
        assert over or deck.count(C.HIDDEN) >= sum(theirs)  # the other people's dealt cards are not in its deck
        markup, text = page.evaluate(MARKUP), page.inner_text("body")
        tree = page.locator("body").aria_snapshot()
        for code in people | ((bots | codes(deck)) - shown):
            assert not re.search(rf"(?<![A-Za-z0-9]){code}(?![A-Za-z0-9])", markup), code
            if code != C.JOKER:  # "Joker" is also a word of the rules' text
                assert C.label(code) not in text and C.label(code) not in tree, code
        stored = json.dumps(all_storage(page)) if not over else ""
        texts = [stored] + [link_text(u) for d, u in self.sealed if d == deal]
        for code in people:
            assert f'\\"{code}\\"' not in stored and all(f'"{code}"' not in t for t in texts[1:]), code
        for (seat, dealt), piles in self.dealt.items():
            if seat != me and dealt == deal:
                for pile in piles:
                    assert all(pile[i:i + 16] not in t for t in texts for i in range(0, len(pile) - 16, 2))
        indexed = page.evaluate(INDEXED)  # this phone's keys; nothing of any game (PyScript's own stores empty)
        assert indexed.pop("tp-friends/keys") == ["phone"] and not any(indexed.values()), indexed
        self.checked += len(people)
        self.hidden[phone] = people

    def send(self, phone):
        """Tap Send on this phone; the phone the link is for, once it read it
        (None: no link, this phone showed the deal's last cards and deals next)."""
        page = self.pages[phone]
        self.check(phone)
        count = len(page.evaluate(SENT))
        over = table(page, "phase") in ("deal_end", "game_end")
        deal = game_state(page)["deal"]
        press(page, "#btn-friend-send", True)
        page.wait_for_function(f"{SENT}.length > {count} || document.querySelector('#actions #btn-friend-deal')",
                               timeout=30_000)
        if len(page.evaluate(SENT)) == count:
            return None  # this phone showed the deal's last cards: it deals next
        self.links.append(page.evaluate(SENT)[-1])
        if not over:
            self.sealed.append((deal, self.links[-1]))
        to = links.decode(self.links[-1].split("#f=", 1)[1])[0]["to"]
        open_link(self.pages[to], self.links[-1])
        self.check(to)
        return to


def finds_a_planted_card(phones, phone):
    """The check fails on a page that shows one of the hidden cards it looks for."""
    page = phones.pages[phone]
    code = sorted(phones.hidden[phone] - {C.JOKER})[0]
    page.evaluate("""(text) => { const p = document.createElement('p');
      p.id = 'planted'; p.textContent = text; document.body.append(p); }""", C.label(code))
    with pytest.raises(AssertionError):
        phones.check(phone)
    page.evaluate("document.getElementById('planted').remove()")


def play_until_send(page):
    """The person's turns by taps (the bots play theirs) until the bar offers
    to send the turn ("send") or to deal the next deal ("deal")."""
    for _ in range(12):
        page.wait_for_function("document.getElementById('table').dataset.busy === '0'", timeout=60_000)
        if page.locator("#actions #btn-friend-send").count():
            assert not page.text_content("#btn-friend-send").endswith("again"), "nothing new to send"
            return "send"
        if page.locator("#actions #btn-friend-deal").count():
            return "deal"
        take_turn(page, table(page, "phase"))
    raise AssertionError("the bar never offered the link")


def test_two_friends_and_two_bots_play_a_whole_deal(base_url, chromium):
    """Hand and Foot, the host on a small phone (360x640), the friend on
    390x844, two normal bots: invitation, answer, a whole deal by links to its
    score sheet, then the next deal's first link; the friend's phone offline
    after its first visit."""
    pages = []
    for size in (SMALL, harness.PHONE):
        context = harness.traced_context(chromium, **size)
        context.add_init_script(SHARE)
        pages.append(context.new_page())
    host, friend = pages
    open_new_game(host, base_url, "?delay=0")
    host.select_option("#setup-preset", "hand-and-foot")
    for seat in (1, 3):
        host.select_option(f"#setup-bot-{seat}", "normal")
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

    open_link(host, answer)
    host.wait_for_selector("#btn-friend-deal:not([disabled])")
    press(host, "#btn-friend-deal", True)
    host.wait_for_function("document.getElementById('app').dataset.screen === 'table'")
    friend.wait_for_function("navigator.serviceWorker.controller?.state === 'activated'", timeout=120_000)
    phones = Phones(pages, [0, FRIEND])
    current, shots = 0, set()
    for _ in range(300):
        page = phones.pages[current]
        if play_until_send(page) == "deal":
            break
        assert masked(page, FRIEND - phones.seats[current])
        if len(phones.links) == 2:  # the friend's phone offline from here: links open in a new tab, from its cache
            friend.context.set_offline(True)
            pages[1] = friend = friend.context.new_page()
        to = phones.send(current)
        if to is None:
            break
        current = to
        if len(phones.links) == 1:
            finds_a_planted_card(phones, current)
        if current not in shots:
            harness.screenshot(phones.pages[current], f"across-opened-{current}")
            shots.add(current)
    else:
        raise AssertionError("the deal never ended")
    assert current == 0 and table(host, "phase") == "deal_end"
    harness.screenshot(host, "across-deal-end")

    # the next deal: its first link brings the friend the host's last cards, if it lacks them
    press(host, "#btn-friend-deal", True)
    host.wait_for_function("document.getElementById('table').dataset.phase !== 'deal_end'")
    assert play_until_send(host) == "send"
    phones.send(0)
    results = [game_state(p)["deal_results"] for p in (host, friend)]
    assert results[0] == results[1] and len(results[0]) == 1  # every phone scored the deal alike
    assert phones.checked > 0  # the checks had hidden cards to look for (and find one planted: above)

    # ☰ lists the game with the others, with whose turn it is; Play puts it back where it was
    press(friend, "#btn-menu", True)
    friend.wait_for_selector("#friends-games")
    harness.screenshot(friend, "across-games")
    assert "Your turn" in friend.text_content("#friends-games")
    press(friend, "#friends-games [data-role=resume]", True)
    friend.wait_for_function("document.getElementById('app').dataset.screen === 'table'")

    # the same link again changes nothing; a turn for the other phone is refused
    open_link(friend, phones.links[-1])
    assert "already opened" in friend.text_content("#message")
    open_link(host, phones.links[-1])
    host.wait_for_selector("#friends-message")
    assert "This turn is for North" in host.text_content("#friends-message")


def test_four_friends_play_a_round(base_url, chromium):
    """Four phones, every seat a person: each turn goes to the next phone by
    its link, and at every step each phone sees every other hand masked."""
    pages = []
    for _ in range(4):
        context = harness.traced_context(chromium, **harness.PHONE)
        context.add_init_script(SHARE)
        pages.append(context.new_page())
    host = pages[0]
    open_new_game(host, base_url, "?delay=0")
    for seat in (1, 2, 3):
        host.select_option(f"#setup-bot-{seat}", "friend")
    press(host, "#btn-start", True)
    for seat in (1, 2, 3):
        host.wait_for_selector(f"#btn-invite-{seat}")
        press(host, f"#btn-invite-{seat}", True)
        open_link(pages[seat], sent(host, seat))
        pages[seat].wait_for_selector("#btn-friend-join")
        press(pages[seat], "#btn-friend-join", True)
        open_link(host, sent(pages[seat], 1))
        host.wait_for_selector(f"#friend-invites [data-friend='{seat}'][data-joined='1']")
    press(host, "#btn-friend-deal", True)
    host.wait_for_function("document.getElementById('app').dataset.screen === 'table'")
    phones = Phones(pages, [0, 1, 2, 3])
    current, turns = 0, 0
    while turns < 4:  # the host sends the deal on, then each phone plays its turn and sends it
        page = phones.pages[current]
        assert play_until_send(page) == "send"
        for seat in range(4):
            if seat != current:
                assert masked(page, seat)
        turns += table(page, "to-move") != str(current)
        current = phones.send(current)
    logs = [game_state(p)["log"] for p in pages]
    assert all(logs[current][:len(log)] == log for log in logs)  # every phone is where the game was
