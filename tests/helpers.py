"""Helpers shared by the engine tests (tests/test_*.py), e2e/ and bench/, so
that no module imports a test module.

``position`` builds exact positions for rule tests, the way one would lay
out cards by hand. Cards not placed anywhere go to the bottom of the stock,
so every position still holds exactly the rule set's decks (the engine's
invariants hold). Then: positions along random and played games, actions
and refusals, the basic book, share-link payloads, issue 45's pool of
real positions and their structure-aware mutations, and the fake page the
controller is driven through under CPython (``FakePage``, ``settle``).
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import random
import zlib
from collections import Counter
from datetime import datetime, timezone
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, settings

import game
from game import IllegalMove, apply, new_game, observe
from game import cards as C
from game.bots import get_bot
from game.links.share import encode
from game.presets import PRESETS
from game.state import GameState, Meld
from game.words import narrate
from game.words.reasons import said, with_said
from ui.controller import Controller
from ui.core.html import Node
from ui.core.saves import MemoryStorage
from ui.core.table_view import page_view
from ui.core.text import HUMAN
from ui.table import deal_log
from ui.table.turn import hand as held

# -- the two tiers -----------------------------------------------------------------------------------
# The quick tier (plain pytest, ``scripts/test.sh --engine``) plays few random
# games and hypothesis examples; the deep tier (TP_DEEP=1, which the full
# ``scripts/test.sh`` and so CI set) plays many more.
DEEP_TIER = os.environ.get("TP_DEEP") == "1"


def tier(quick, deep):
    """``quick`` in the quick tier, ``deep`` in the deep one."""
    return deep if DEEP_TIER else quick


# -- positions laid out by hand --------------------------------------------------------------------
def cards(text: str) -> list[str]:
    return text.split()


def position(rules="triple-play", players=None, hands=None, piles=None, melds=None,
             discard="", stock_top="", turn=0, phase="draw", deal=1, opened=(),
             red3=None, totals=None, knee_ready=(), dealer=None) -> GameState:
    """A position with the given cards; others go to the stock in a fixed order.

    hands: {seat: "9H 9C ..."}; piles: {seat: ["knee cards", "foot cards"]}
    (default: piles of the rules' sizes from the pool, or none for seats in
    ``hands`` given as already in the foot via piles={seat: []});
    melds: {side: [(rank, "cards"), ...]}; discard: bottom to top;
    stock_top: the next cards drawn, in order.
    """
    state = new_game(rules, seed=0, players=players)
    r = state.rules
    pool = state.expected_cards()
    hands = hands or {}
    piles = piles or {}
    melds = melds or {}

    def take(text: str) -> list[str]:
        out = cards(text)
        need = Counter(out)
        short = need - pool
        assert not short, f"not enough cards for {sorted(short.elements())}"
        pool.subtract(need)
        return out

    for p in state.players:
        p.hand, p.piles, p.knee_ready, p.pending_pickup, p.foot_played = [], [], False, False, False
    for s in state.sides:
        s.melds, s.red3, s.opened, s.knee_unlocked = [], [], False, False
    next_id = 1
    for side, items in melds.items():
        for rank, text in items:
            m = Meld(next_id, rank, take(text))
            if len(m.cards) >= r.canasta_size:
                m.completed_turn = 0
            state.sides[side].melds.append(m)
            next_id += 1
        state.sides[side].opened = True
        state.sides[side].knee_unlocked = any(len(m.cards) >= r.canasta_size
                                              for m in state.sides[side].melds)
    state.next_meld_id = next_id
    for side in opened:
        state.sides[side].opened = True
    for side, text in (red3 or {}).items():
        state.sides[side].red3 = take(text)
    for side, total in (totals or {}).items():
        state.sides[side].total = total
    for seat, text in hands.items():
        state.players[seat].hand = take(text)
    state.discard = take(discard)
    top = take(stock_top)
    for seat, given in piles.items():
        state.players[seat].piles = [take(t) for t in given]
    # Red 3s sort first: fillers are taken from the end, so no default hand,
    # pile or stock top holds a red 3 unless a test puts it there.
    rest = sorted(pool.elements(), key=lambda c: (c not in C.RED_THREES, c))
    for i, p in enumerate(state.players):
        if i not in hands:
            p.hand = [rest.pop() for _ in range(r.piles[0])]
        if i not in piles:
            p.piles = [[rest.pop() for _ in range(size)] for size in r.piles[1:]]
    for seat in knee_ready:
        state.players[seat].knee_ready = True
    state.stocks = [list(rest) + list(reversed(top))] + [[] for _ in range(r.stock_piles - 1)]
    state.deal = deal
    if dealer is not None:
        state.dealer = dealer
    state.turn = turn
    state.phase = phase
    # the first turn number from 5 on that falls to ``turn`` (the loader checks it)
    first = state.dealer if r.dealer_starts else (state.dealer + 1) % len(state.players)
    state.turn_number = 5 + (turn - first - 4) % len(state.players)
    state.log = []
    assert state.all_cards() == state.expected_cards()
    return state


def play_on(state, stop, bot=None, rng=None):
    """``bot`` (random by default) plays every seat of ``state`` on, through
    the deals' ends, until ``stop(state)`` or the game's end."""
    bot, rng = bot or get_bot("random"), rng or random.Random(1)
    while not stop(state) and state.phase != "game_end":
        if state.phase == "deal_end":
            game.apply(state, {"type": "next_deal"})
            continue
        seat = state.to_move()
        game.apply(state, bot(game.observe(state, seat), seat, rng))
    return state


def play_until(state, deals, seed=1):
    """Random bots play ``state`` on until ``deals`` deals are scored (and no further)."""
    return play_on(state, lambda s: len(s.deal_results) >= deals, rng=random.Random(seed))


# -- positions along random games ------------------------------------------------------------------
SETTINGS = settings(max_examples=tier(4, 12), deadline=None, suppress_health_check=[HealthCheck.too_slow])


def random_positions(seed: int, every: int = 7, bots=("random",)):
    """Yield states along a game between ``bots`` (every ``every`` actions)."""
    state = new_game("triple-play", seed=seed, bots=[bots[i % len(bots)] for i in range(4)])
    choosers = [get_bot(p.bot) for p in state.players]
    rng = random.Random(seed)
    n = 0
    while state.phase != "game_end":
        if state.phase == "deal_end":
            apply(state, {"type": "next_deal"})
            continue
        seat = state.to_move()
        apply(state, choosers[seat](observe(state, seat), seat, rng))
        n += 1
        if n % every == 0:
            yield state


def positions(seed: int, bots=("normal",), every: int = 41):
    """States along a game between ``bots`` (every ``every`` actions)."""
    return random_positions(seed, every, bots)


def redeal_hidden(state: GameState, seat: int, rng: random.Random) -> GameState:
    """The same position with every card ``seat`` cannot see shuffled among hidden places."""
    other = GameState.from_json(state.to_json())
    slots = []
    for i, p in enumerate(other.players):
        if i != seat:
            slots.append(p.hand)
        slots.extend(p.piles)
    slots.extend(other.stocks)
    pool = [c for s in slots for c in s]
    rng.shuffle(pool)
    for s in slots:
        s[:] = [pool.pop() for _ in range(len(s))]
    return other


ACTION_TYPES = ["draw", "take_pile", "meld", "discard", "knock", "pick_up_knee",
                "ask_to_go_out", "answer", "next_deal", "bogus"]


def random_action(rng: random.Random, state: GameState) -> object:
    kind = rng.choice(ACTION_TYPES)
    seat = state.to_move() or 0
    hand = state.players[seat].hand or ["AS"]
    pool = hand + ["JK", "3S", "3H", "7D", "2C", "XX", 5]
    melds = [m.id for s in state.sides for m in s.melds] + [999]
    if kind in ("meld", "take_pile"):
        placements = []
        for _ in range(rng.randint(0, 3)):
            pl = {"cards": [rng.choice(pool) for _ in range(rng.randint(0, 8))]}
            if rng.random() < 0.4:
                pl["to"] = rng.choice(melds)
            placements.append(pl)
        return {"type": kind, "melds": placements}
    if kind == "discard":
        return {"type": kind, "card": rng.choice(pool)}
    if kind == "answer":
        return {"type": kind, "yes": rng.choice([True, False, "yes"])}
    if kind == "bogus":
        return rng.choice([None, [], {"type": 3}, {"type": "draw", "extra": 1}, "draw"])
    return {"type": kind}


# -- actions, and refusals that change nothing -----------------------------------------------------
def meld(*groups):
    return {"type": "meld", "melds": [{"cards": g.split()} for g in groups]}


def add(meld_id, text):
    return {"type": "meld", "melds": [{"to": meld_id, "cards": text.split()}]}


def take(*groups):
    return {"type": "take_pile", "melds": [g if isinstance(g, dict) else {"cards": g.split()} for g in groups]}


def refused(state, action, *words):
    """The action is refused with a reason containing ``words``; nothing changes."""
    before = state.to_json()
    with pytest.raises(IllegalMove) as e:
        apply(state, action)
    assert state.to_json() == before
    for w in words:
        assert w in str(e.value), str(e.value)
    return str(e.value)


# -- going out -------------------------------------------------------------------------------------
# The basic book (game.rules.TRIPLE_PLAY_BOOK) as one side's melds: natural canastas
# of 7s and 5s, a wild one, a natural one (Kings) and a mixed one (Queens).
BOOK = [("7", "7S 7H 7D 7C 7S 7H 7D"), ("5", "5S 5H 5D 5C 5S 5H 5D"), ("W", "2S 2H 2D 2C JK JK 2S"),
        ("K", "KS KH KD KC KS KH KD"), ("Q", "QS QH QD QC QS QH 2D")]


def about_to_ask(answerer_hand: str, in_foot: bool = True, opponents_hand: str = "") -> object:
    """Seat 0 (book complete, in the foot) can go out by melding its 9s;
    seat 2 would answer."""
    hands = {0: "9S 9H 9D", 2: answerer_hand}
    piles = {0: [], 2: []} if in_foot else {0: []}
    if opponents_hand:
        hands.update({1: opponents_hand, 3: opponents_hand})
        piles.update({1: [], 3: []})
    return position(hands=hands, piles=piles, melds={0: list(BOOK), 1: list(BOOK)}, phase="play")


def asked(answerer_hand: str, in_foot: bool = True, opponents_hand: str = "") -> object:
    """Seat 0 has asked; seat 2 answers."""
    s = about_to_ask(answerer_hand, in_foot, opponents_hand)
    apply(s, {"type": "ask_to_go_out"})
    assert s.to_move() == 2
    return s


# -- games played on -------------------------------------------------------------------------------
def play(seed, deals=1):
    """[(action, seat, before, after)] of ``deals`` deals, and the live log lines."""
    state = game.new_game("triple-play", seed=seed, bots=[None, "normal", "normal", "normal"])
    rng = random.Random(seed)
    steps, lines = [], [deal_log.first_line(state)]
    while state.phase != "game_end" and (state.deal < deals or state.phase != "deal_end"):
        if state.phase == "deal_end":
            action, seat = {"type": "next_deal"}, 0
        else:
            seat = state.to_move()
            action = get_bot("normal")(game.observe(state, seat), seat, rng)
        before = page_view(state, 0, log=False)
        words = said(state, state.to_move(), action)  # as the page's board lands a move
        game.apply(state, action)
        after = with_said(page_view(state, 0, log=False), words)
        line = narrate.summarize(action, seat, before, after)
        lines = [line] if action["type"] == "next_deal" else lines + [line]
        steps.append((action, seat, before, after))
    return state, steps, lines


SHORT = game.get_preset("triple-play").derive(draw_count=12)  # the stock runs out in a few turns


def played(seed=5, deals=2):
    """A game of random bots played until ``deals`` deals are scored (and no further)."""
    return play_until(game.new_game(SHORT, seed=seed, bots=["random"] * 4), deals, seed)


def before_wests_big_turn(seed=12):
    """Deal 1 of a seeded game of normal bots, just before the person's discard
    that West answers by taking the pile, making canastas and picking up the
    knee: (that position, the card South discarded)."""
    state, steps, _ = play(seed)
    grouped = narrate.turns(steps)
    for i, (seat, turn) in enumerate(grouped):
        if seat == 1 and turn[0][0]["type"] == "take_pile" and "knee" in narrate.turn_line(seat, turn):
            south = grouped[i - 1][1]
            done = sum(len(t) for _, t in grouped[:i]) - 1  # all but South's discard
            planted = game.new_game("triple-play", seed=seed, bots=[None, "normal", "normal", "normal"])
            for action in state.log[:done]:
                game.apply(planted, action)
            return planted, south[-1][0]["card"]
    raise AssertionError("no pile take with the knee in the seeded deal")


# -- melding several ranks at once (game.moves.meld_placements) ------------------------------------
# South's hand beside a side's 8s and 4s melds: tests/test_meld_placements.py, e2e/test_controls.py
HAND = "8H 4D 9C 9D 9H KS KH 2C 6D 7S"


# -- share links -----------------------------------------------------------------------------------
def pack(payload) -> str:
    raw = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
    return "g1." + base64.urlsafe_b64encode(zlib.compress(raw)).decode().rstrip("=")


def _good():
    s = new_game("triple-play", seed=9)
    apply(s, {"type": "draw"})
    return s


def payload():
    text = encode(_good())[3:]
    return json.loads(zlib.decompress(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))))


BAD = [
    ("", "not a game link"),
    ("https://example.com", "not a game link"),
    ("g1.@@@@", "bad characters"),
    ("g1.AAAA", "does not unpack"),
    (encode(_good())[:40], "cut short"),
    ("g1." + "A" * 9000, "far too long"),
    (pack(b"\xff\xfe"), "not readable"),
    (pack(b"[1,2]"), "malformed"),
    (pack(dict(payload(), v=7)), "version 7"),
    (pack(dict(payload(), r="poker")), "Unknown preset"),
    (pack(dict(payload(), r={"deals": -1})), "rules are invalid"),
    (pack(dict(payload(), r=["triple-play", {"bogus": 1}])), "Unknown rule option"),
    (pack(dict(payload(), r=["poker", {}])), "Unknown preset"),
    (pack(dict(payload(), R=[{"deal": 1, "seed": 1, "deck": "2H3"}])), "broken list"),
    (pack(dict(payload(), p=[["<script>alert(1)</script>" * 3, None]] * 4)), "1 to 40 characters"),
    (pack(dict(payload(), p=[["A", None]] * 5)), "not 5"),
    (pack(dict(payload(), d=9)), "impossible"),
    (pack(dict(payload(), a="d,d")), "do not replay"),
    (pack(dict(payload(), a="d,xZZ")), "not a card"),
    (pack(dict(payload(), a="q")), "unknown move"),
    (pack(dict(payload(), a="d,m9H9")), "broken list"),
    (pack(dict(payload(), h=[[None, [[1, 2]]]])), "does not match"),
    (pack(b"[" * 20000 + b"]" * 20000), "not readable"),
    ("g1." + base64.urlsafe_b64encode(zlib.compress(b" " * 200000)).decode(), "far too much"),
]


# -- a pool of real positions (issue 45) -----------------------------------------------------------
@lru_cache(maxsize=None)
def pool() -> tuple:
    """(state JSON text, ...) at random points of one random/easy-bot game per preset and player count."""
    out = []
    rng = random.Random(45)
    for name, rules in sorted(PRESETS.items()):
        for n, _, _ in rules.seatings:
            bots = ["random" if i % 2 else "easy" for i in range(n)] if n == 4 else ["random"] * n
            state = new_game(name, seed=rng.randrange(10**6), players=n, bots=bots)
            choosers = [get_bot(b) for b in bots]
            picks = set(rng.sample(range(400), 3))
            step = 0
            while state.phase != "game_end":
                if step in picks or (state.phase == "deal_end" and state.deal == 1):
                    out.append(json.dumps(state.to_json()))
                if state.phase == "deal_end":
                    apply(state, {"type": "next_deal"})
                else:
                    seat = state.to_move()
                    apply(state, choosers[seat](observe(state, seat), seat, rng))
                step += 1
            out.append(json.dumps(state.to_json()))
    return tuple(out)


# -- structure-aware mutations ---------------------------------------------------------------------
DEEP, BIG = "@deep@", "@big@"   # placeholders swapped for raw text after json.dumps


def _places(obj, path=()):
    """Every (path, value) inside a JSON value."""
    yield path, obj
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from _places(v, path + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from _places(v, path + (i,))


def _set(obj, path, value):
    for k in path[:-1]:
        obj = obj[k]
    obj[path[-1]] = value


def _is_cards(v):
    return isinstance(v, list) and all(C.is_valid_code(c) for c in v)


def mutate(obj, rng: random.Random):
    """A copy of a JSON value with one damage of each kind the issue lists (chosen by ``rng``)."""
    obj = json.loads(json.dumps(obj))
    # one part of the top level first, so a long log does not draw most of the damage
    top = rng.choice(sorted(obj, key=str)) if isinstance(obj, dict) and obj else None
    places = list(_places(obj[top], (top,))) if top is not None else list(_places(obj))
    inner = [(p, v) for p, v in places if p]
    kind = rng.choice(["drop", "duplicate", "retype", "renumber", "move", "deepen", "enlarge", "swap"])
    path, value = rng.choice(inner) if inner else ((), obj)
    if kind == "drop":
        dicts = [(p, v) for p, v in places if isinstance(v, dict) and v]
        if dicts:
            p, d = rng.choice(dicts)
            del d[rng.choice(sorted(d))]
    elif kind == "duplicate":
        lists = [v for _, v in places if isinstance(v, list) and v]
        if lists:
            target = rng.choice(lists)
            target.insert(rng.randrange(len(target) + 1), json.loads(json.dumps(rng.choice(target))))
    elif kind == "retype" and path:
        _set(obj, path, rng.choice([None, True, False, 0, -1, "", "x", "JK", [], {}, [None], 2.5, 1.0,
                                    str(value)[:10], [value]]))
    elif kind == "renumber":
        ints = [p for p, v in inner if type(v) is int]
        if ints:
            _set(obj, rng.choice(ints), rng.choice([-2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 13, 99]))
    elif kind == "move":
        piles = [v for _, v in places if _is_cards(v)]
        full = [v for v in piles if v]
        if full and piles:
            src = rng.choice(full)
            rng.choice(piles).append(src.pop(rng.randrange(len(src))))
    elif kind == "swap":
        full = [v for _, v in places if _is_cards(v) and v]
        if full:
            pile = rng.choice(full)
            pile[rng.randrange(len(pile))] = rng.choice(sorted(C.CODES))
    elif kind == "deepen" and path:
        _set(obj, path, DEEP + str(rng.choice([1, 3, 19, 25, 5000])))
    elif kind == "enlarge" and path:
        lists = [p for p, v in inner if isinstance(v, list) and v]
        if lists and rng.random() < 0.3:
            p = rng.choice(lists)
            _set(obj, p, [x for x in dict(places)[p] for _ in range(rng.choice([2, 50]))])
        else:
            _set(obj, path, BIG + str(rng.choice([7, 12, 15, 16, 40, 4000])))
    return obj


def to_text(obj) -> str:
    """JSON text with the deepening and enlarging placeholders written out raw."""
    text = json.dumps(obj)
    while DEEP in text:
        start = text.index('"' + DEEP)
        end = text.index('"', start + 1)
        k = int(text[start + len(DEEP) + 1:end])
        text = text[:start] + "[" * k + "0" + "]" * k + text[end + 1:]
    while BIG in text:
        start = text.index('"' + BIG)
        end = text.index('"', start + 1)
        text = text[:start] + "9" * int(text[start + len(BIG) + 1:end]) + text[end + 1:]
    return text


# -- the page's element trees (ui.core.html) ------------------------------------------------------------
def nodes(trees):
    """Every element of ``trees`` (ui.core.html Nodes and strings), depth first."""
    for n in trees:
        if isinstance(n, Node):
            yield n
            yield from nodes(n.children)


def texts(trees):
    """Every text of ``trees``, depth first."""
    for n in trees:
        if isinstance(n, Node):
            yield from texts(n.children)
        elif n is not None:
            yield str(n)


# -- the page's controller under CPython (tests/test_controller.py, tests/test_later.py) --
class FakePage:
    """ui/core/page.py's interface over dicts: what each region shows, each element's
    attributes, <html>'s data-*, and what went to the console."""

    def __init__(self, storage=None, fragment="", painted=False, form=None, early=None):
        self.regions = {}     # element id -> its nodes, as last mounted
        self.attrs = {}       # element id -> {attribute: value}
        self.root = {}        # <html> data-* key -> value
        self.errors, self.warnings = [], []
        self.store = MemoryStorage() if storage is None else storage
        self.fragment, self.is_painted, self.form = fragment, painted, dict(form or {})
        self.early = early    # ui/early.js's choice as JSON text, None: no early screen
        self.handler = None
        self.scrolls = 0
        self.revealed = []    # selectors scrolled into view (``reveal``), in order
        self.focused = None
        self.downloads, self.exposed, self.cues = [], {}, []
        self.captured = []    # each move's motion steps, as captured before a render
        self.shared = []      # links offered to the share sheet
        self.qr = {}          # <img> id -> the text its QR code holds
        self.phone = None     # the keys of games across phones (tests/phones.py), made when asked

    # drawing
    def mount(self, element_id, nodes):
        self.regions[element_id] = [nodes] if isinstance(nodes, (Node, str)) else list(nodes)

    def set_attrs(self, element_id, attrs):
        mine = self.attrs.setdefault(element_id, {})
        for key, value in attrs.items():
            if value is None or value is False:
                mine.pop(key, None)
            else:
                mine[key] = "" if value is True else str(value)

    def set_root_data(self, key, value):
        self.root[key] = str(value)

    def marks(self, attr, values):
        self.root["marks:" + attr] = str(sorted(values))

    def mark(self, attr, selector):
        self.root["mark:" + attr] = str(selector)

    def reveal(self, selector):
        self.revealed.append(selector)

    def focused_id(self):
        return self.focused

    def focus(self, element_id):
        self.focused = element_id

    def scroll_to_top(self):
        self.scrolls += 1

    def scroll_to_end(self, element_id):
        pass

    def apply_theme(self, setting):
        self.root["theme"] = setting

    def painted(self):
        return self.is_painted

    # input
    def on_command(self, handler):
        self.handler = handler

    def form_value(self, element_id):
        return self.form.get(element_id)

    def file_text(self, element_id):
        return None

    # the browser
    def storage(self):
        return self.store

    def local_now(self):
        return datetime(2026, 1, 2, 3, 4, tzinfo=timezone.utc)

    def take_fragment(self):
        fragment, self.fragment = self.fragment, ""
        return fragment

    def early_choice(self):
        return self.early

    def page_url(self):
        return "https://example.test/"

    async def share_url(self, url, title):
        self.shared.append(url)
        return "copied"

    def draw_qr(self, element_id, text):
        self.qr[element_id] = text

    async def friends_answer(self, kind, args):
        """ui/friends.js's answers, from a phone of tests/phones.py (real P-256 keys)."""
        from tests.phones import Phone
        from ui.linked.steps import REQUESTS
        if self.phone is None:
            self.phone = Phone("page")
        if kind == "keys":
            return [self.phone.sign_key, self.phone.seal_key]
        return self.phone.answer(REQUESTS[kind](*args))

    def download(self, filename, text):
        self.downloads.append((filename, text))

    def expose(self, name, fn):
        self.exposed[name] = fn

    # motion
    def capture_moves(self, steps):
        self.captured.append(steps)

    async def _landed(self):
        pass

    def play_moves(self, ms):
        return self._landed()

    def cue(self, name, sound, vibrate):
        self.cues.append(name)

    def console_error(self, text):
        self.errors.append(str(text))

    def console_warn(self, text):
        self.warnings.append(str(text))

    # what the tests read
    def text(self, element_id):
        return " ".join(texts(self.regions.get(element_id, [])))

    def cmds(self, element_id):
        """The (data-cmd, data-arg) of the region's controls."""
        return [(n.attrs["data-cmd"], n.attrs.get("data-arg"))
                for n in nodes(self.regions.get(element_id, [])) if n.attrs.get("data-cmd")]

    def screen(self):
        return self.root.get("screen")


async def settle(ctl):
    """Let the bots play until it is the person's turn (or the game ends)."""
    for _ in range(10_000):
        if not ctl.session.busy:
            return
        await asyncio.sleep(0)
    raise AssertionError("the bots never stopped")


# -- the page's rooms under CPython (tests/test_controller.py, tests/test_page_*.py) ------------------------------
SEED = 11


EASY = {f"setup-bot-{seat}": "easy" for seat in range(1, 4)}


def run(scenario, delay_ms=0, **page_options):
    """Run ``scenario(controller, page)`` (a coroutine function) in an event
    loop, on a started controller with a fixed seed, at instant speed
    (``delay_ms``: the bots' pause, and cards fly)."""
    page = FakePage(**page_options)

    async def main():
        ctl = Controller(page, delay_ms=delay_ms, seed=SEED)
        ctl.start()
        await scenario(ctl, page)
        await settle(ctl)
        assert page.errors == []

    asyncio.run(main())
    return page


async def started(ctl, page):
    """A new game of easy bots, the person to draw."""
    page.form.update(EASY)
    ctl.run_command("start", None)
    await settle(ctl)
    assert ctl.session.state.to_move() == HUMAN and ctl.session.state.phase == "draw"


def tap_cards(ctl, cards):
    """Select these cards of the hand by tapping their chips (ui.core.selection)."""
    hand = held(ctl.session)
    for card in cards:
        key = next(k for k, group, _ in ctl.session.sel.groups(hand) if card in group)
        ctl.run_command("pick", key)


def new_meld(state):
    """A legal meld of new melds only, if the person holds one."""
    return next((a for a in game.legal_actions(state)
                 if a["type"] == "meld" and all("to" not in m for m in a["melds"])), None)


def with_people(state, *seats):
    """A copy of ``state`` with these seats people's (named after their seat)."""
    state = game.GameState.from_json(state.to_json())
    for seat in seats:
        state.players[seat].bot = None
    return state


PARTNERS = [None, "easy", None, "easy"]  # South and North are people at one phone


def people_game(bots=PARTNERS, seed=3):
    return game.new_game("triple-play", seed=seed, bots=list(bots))
