"""Issue 45: nothing a user can open, paste, import or store breaks the game.

Property tests mutate real positions (taken from simulated games of every
preset and player count) the way damage, old releases and pranks would:
drop a key, duplicate an entry, retype a value, renumber ids and seats, move
cards, deepen nesting, enlarge numbers and lists (the pool and ``mutate``
are in tests/helpers.py, shared with bench/hostile.py). Every state file,
action, share link and save built so is either refused with the loader's own
error and a one-line message, or is a real position: it passes the
independent checks below and play goes on from it. Then one direct test per
finding.
"""

import base64
import json
import random
import subprocess
import sys
import time
import zlib
from collections import Counter
from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import IllegalMove, StateError, apply, legal_actions, new_game, observe, view
from game import cards as C
from game.bots import get_bot
from game.links.share import decode, encode
from game.load import MAX_MESSAGE, read_json
from game.presets import PRESETS
from game.state import GameState
from tests.helpers import mutate, pack, payload, play_on, pool, position, tier, to_text
from ui.core import saves
from ui.core.saves import MemoryStorage, SaveStore

SETTINGS = dict(deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


# -- what a refusal and a real position look like -----------------------------------------------
def assert_clean_refusal(e: Exception):
    message = str(e)
    assert message and "\n" not in message and len(message) <= MAX_MESSAGE, message


def expected_cards(state) -> Counter:
    """The rule set's decks, counted here without the engine's helper."""
    decks = next(d for n, _, d in state.rules.seatings if n == len(state.players))
    one = [r + s for r in C.RANKS for s in C.SUITS] + ["JK"] * state.rules.jokers_per_deck
    return Counter(one * decks)


def assert_real(state: GameState, rng: random.Random):
    """Independent checks of a loaded position, then play goes on from it."""
    held = Counter()
    for p in state.players:
        held.update(p.hand)
        for pile in p.piles:
            held.update(pile)
    for s in state.sides:
        held.update(s.red3)
        for m in s.melds:
            held.update(m.cards)
    for pile in state.stocks + [state.discard, state.dead]:
        held.update(pile)
    assert held == expected_cards(state)
    ids = [m.id for s in state.sides for m in s.melds]
    assert len(set(ids)) == len(ids) and all(0 < i < state.next_meld_id for i in ids)
    for i, side in enumerate(state.sides):
        assert side.total == sum(r["sides"][i]["total"] for r in state.deal_results)
    assert (state.phase == "game_end") == (state.deal_over and state.deal == state.rules.deals)
    assert GameState.from_json(json.loads(json.dumps(state.to_json()))).to_json() == state.to_json()
    for seat in range(state.num_players):
        view(state, seat)
    try:
        decode(encode(state))
    except StateError as e:  # a link replays the deal from the seed; a moved card may not replay
        assert_clean_refusal(e)
    bot = get_bot("random")
    for _ in range(4):
        if state.phase == "game_end":
            break
        if state.phase == "deal_end":
            apply(state, {"type": "next_deal"})
        else:
            seat = state.to_move()
            assert legal_actions(state)
            apply(state, bot(observe(state, seat), seat, rng))
    GameState.from_json(state.to_json())  # what the engine makes from a real position stays real


def unpack(link: str):
    """A link's payload as JSON (what tests.helpers.pack packs)."""
    text = link[3:]
    return json.loads(zlib.decompress(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))))


def load_state_text(text: str) -> GameState:
    """The command line's and the page's way in: bounded text, then the checked state."""
    return GameState.from_json(read_json(text, "The state file"))


# -- properties ---------------------------------------------------------------------------------------
@pytest.mark.slow
@settings(max_examples=tier(80, 900), **SETTINGS)
@given(st.integers(0, 10**6), st.randoms(use_true_random=False), st.integers(1, 3))
def test_damaged_state_files_are_refused_or_real(index, rng, rounds):
    obj = json.loads(pool()[index % len(pool())])
    for _ in range(rounds):
        obj = mutate(obj, rng)
    try:
        state = load_state_text(to_text(obj))
    except StateError as e:
        assert_clean_refusal(e)
        return
    assert_real(state, rng)


@lru_cache(maxsize=None)
def playable() -> tuple:
    """(state, its legal actions) for each position of the pool where someone is to move."""
    states = [GameState.from_json(json.loads(t)) for t in pool()]
    return tuple((s, legal_actions(s)) for s in states if s.to_move() is not None)


@pytest.mark.slow
@settings(max_examples=tier(30, 300), **SETTINGS)
@given(st.integers(0, 10**6), st.randoms(use_true_random=False))
def test_damaged_actions_are_refused_or_leave_a_real_position(index, rng):
    original, actions = playable()[index % len(playable())]
    state = original.clone()
    action = mutate(rng.choice(actions), rng)
    before = state.to_json()
    try:
        apply(state, read_json(to_text(action), "The action", 20_000))
    except (IllegalMove, StateError) as e:
        assert_clean_refusal(e)
        assert state.to_json() == before
        return
    assert_real(state, rng)


@pytest.mark.slow
@settings(max_examples=tier(40, 400), **SETTINGS)
@given(st.integers(0, 10**6), st.randoms(use_true_random=False))
def test_damaged_links_are_refused_or_real(index, rng):
    state = GameState.from_json(json.loads(pool()[index % len(pool())]))
    link = pack(to_text(mutate(unpack(encode(state)), rng)).encode())
    try:
        again = decode(link)
    except StateError as e:
        assert_clean_refusal(e)
        return
    assert_real(again, rng)


@pytest.mark.slow
@settings(max_examples=tier(40, 400), **SETTINGS)
@given(st.integers(0, 10**6), st.randoms(use_true_random=False))
def test_damaged_saves_are_set_aside_and_the_others_stay(index, rng):
    store = SaveStore(MemoryStorage())
    states = pool()
    good = store.save(None, GameState.from_json(json.loads(states[0])), ["a line"])
    good_text = store.storage.get(saves.SAVE + good)
    record = json.loads(store.storage.get(saves.SAVE + good))
    record["state"] = json.loads(states[index % len(states)])
    store.storage.set(saves.SAVE + "damaged", to_text(mutate(record, rng)))
    slots, problems = store.list()
    assert good in [s["id"] for s in slots] and store.storage.get(saves.SAVE + good) == good_text
    if problems:
        assert len(problems) == 1 and saves.BAD + "damaged" in problems[0]
        assert "\n" not in problems[0]
        return
    try:
        state, _ = store.load("damaged")  # the game inside is checked when it is opened
    except saves.SaveError as e:
        assert "\n" not in str(e) and saves.BAD + "damaged" in str(e)
        assert store.ids() == [good]
        return
    assert_real(state, rng)


# -- one test per finding of the issue -------------------------------------------------------------------
def real(preset="triple-play", seed=5, actions=150, until=None):
    """A real position: a random-bot game after ``actions`` actions (or once ``until(state)``)."""
    state = new_game(preset, seed=seed, bots=["random"] * 4)
    return play_on(state, until or (lambda s: len(s.log) >= actions), rng=random.Random(seed))


def with_melds(state):
    return all(s.melds for s in state.sides) and any(
        len(m.cards) >= state.rules.canasta_size for s in state.sides for m in s.melds) and state.phase == "play"


def refused(data, words):
    with pytest.raises(StateError) as e:
        GameState.from_json(data)
    assert_clean_refusal(e.value)
    assert words in str(e.value), str(e.value)


def test_real_positions_of_every_preset_load():
    names = set()
    for text in pool():
        data = json.loads(text)
        state = GameState.from_json(data)
        assert state.to_json() == data
        names.add(state.rules.name)
    assert names == set(PRESETS)


@pytest.mark.parametrize("version", [True, 1.0, "1", None])
def test_version_must_be_the_number_1(version):
    data = new_game("triple-play", seed=1).to_json()
    data["version"] = version
    refused(data, "version")


def test_a_meld_with_a_null_rank_is_refused():
    data = real(until=with_melds).to_json()
    data["sides"][0]["melds"][0]["rank"] = None
    refused(data, "rank")


def test_a_billion_decks_is_refused_at_once():
    data = new_game("triple-play", seed=1).to_json()
    data["rules"] = dict(PRESETS["triple-play"].to_dict(), seatings=[[4, 2, 10**9]])
    t0 = time.perf_counter()
    refused(data, "rule set is invalid")
    assert time.perf_counter() - t0 < 5  # not a timing test: a billion decks would take minutes


@pytest.mark.parametrize("damage,words", [
    (lambda d: d["deal_results"][0]["sides"][0].update(total="lots"), "whole number"),
    (lambda d: d["deal_results"][0].pop("totals"), "malformed"),
    (lambda d: d["deal_results"].append(d["deal_results"][0]), "one entry per finished deal"),
    (lambda d: d["deal_results"][0]["sides"][0]["canastas"]["mixed"].update(count=-1, points=-300),
     "dirty canastas"),
    (lambda d: d["deal_results"][0]["sides"][0].update(going_out=777), "going-out"),
    (lambda d: d["sides"][0].update(total=d["sides"][0]["total"] + 5), "totals do not match"),
    (lambda d: d["log"].append("draw"), "not an action"),
    (lambda d: d["log"].append({"type": "draw", "seat": 9}), "no seat"),
    (lambda d: d["log"].append({"type": "draw"}), "no seat"),
])
def test_the_score_sheet_and_the_log_are_checked(damage, words):
    data = real(until=lambda s: s.deal == 2 and s.phase == "play").to_json()
    damage(data)
    refused(data, words)


@pytest.mark.parametrize("bot", ["godlike", "hard:0", "hard:1e9", "hard:", 3, True])
def test_unknown_bots_are_refused(bot):
    data = new_game("triple-play", seed=1).to_json()
    data["players"][1]["bot"] = bot
    refused(data, "bot")


@pytest.mark.parametrize("bot", ["random", "easy", "normal", "hard", "hard:50", None])
def test_known_bots_load(bot):
    data = new_game("triple-play", seed=1).to_json()
    data["players"][1]["bot"] = bot
    assert GameState.from_json(data).players[1].bot == bot


def test_meld_ids_start_at_1_and_next_meld_id_follows():
    data = real(until=with_melds).to_json()
    data["sides"][0]["melds"][0]["id"] = 0
    refused(data, "Meld id")
    data = new_game("triple-play", seed=1).to_json()
    data["next_meld_id"] = 0
    refused(data, "next_meld_id")


def test_book_and_completed_turn_only_on_canastas():
    state = real(until=with_melds)
    data = state.to_json()
    small = next(m for s in data["sides"] for m in s["melds"] if len(m["cards"]) < 7)
    small["book"] = True
    refused(data, "not one")
    data = state.to_json()
    small = next(m for s in data["sides"] for m in s["melds"] if len(m["cards"]) < 7)
    small["completed_turn"] = 3
    refused(data, "not one")


def in_turn(state):
    """A hand-laid position (tests.helpers.position) with the turn matching its turn number, as JSON."""
    state.turn = (state.dealer + state.turn_number) % state.num_players
    return state.to_json()


def test_two_unfinished_melds_of_one_rank_are_refused():
    GameState.from_json(in_turn(position(melds={0: [("K", "KS KD KC"), ("9", "9S 9D 9C")]})))
    refused(in_turn(position(melds={0: [("K", "KS KD KC"), ("K", "KH KS KD")]})), "two unfinished melds")


@pytest.mark.parametrize("damage,words", [
    (lambda d: d.update(phase="game_end"), "cannot be over in deal 1"),
    (lambda d: d.update(turn_number=d["turn_number"] + 1), "not seat"),
    (lambda d: d.update(went_out=d["turn"]), "went out"),
    (lambda d: d.update(took_pile=True), "taken before"),
    (lambda d: d.update(permission=True), "answer is recorded"),
    (lambda d: d.update(answering=[(d["turn"] + 2) % 4]), "answer phase"),
    (lambda d: d["players"][0].update(knee_ready=True), "knee"),
    (lambda d: d["players"][0].update(pending_pickup=True), "waits to pick up"),
    (lambda d: d["players"][0].update(foot_played=True), "foot"),
    (lambda d: d["sides"][0].update(opened=True), "opened"),
    (lambda d: d["sides"][0].update(knee_unlocked=True), "first-canasta"),
    (lambda d: d["players"][0]["piles"][0].append(d["stocks"][0].pop()), "sizes"),
])
def test_phase_seat_and_flags_must_agree(damage, words):
    data = new_game("triple-play", seed=1).to_json()
    damage(data)
    refused(data, words)


def test_next_deal_checks_its_seat_and_logs_none():
    state = real(until=lambda s: s.phase == "deal_end")
    with pytest.raises(IllegalMove, match="No such seat"):
        apply(state, {"type": "next_deal", "seat": 77})
    assert state.phase == "deal_end"
    apply(state, {"type": "next_deal", "seat": 1})
    assert state.log[-1] == {"type": "next_deal"}


def test_a_long_action_is_refused_in_a_short_line():
    state = new_game("triple-play", seed=1)
    for action in ({"type": "x" * 100_000}, {"type": "discard", "card": "Q" * 100_000},
                   {"type": "draw", "y" * 100_000: 1}):
        with pytest.raises(IllegalMove) as e:
            apply(state, action)
        assert len(str(e.value)) <= MAX_MESSAGE


# -- links ---------------------------------------------------------------------------------
def _link(**changes):
    return pack(dict(payload(), **changes))


@pytest.mark.parametrize("link,words", [
    (_link(v=True), "version"),
    (_link(v=1.0), "not readable"),
    (_link(p=["ab", "cd", "ef", "gh"]), "malformed"),
    (pack(b'{"v":1,"s":' + b"9" * 5000 + b"}"), "number far too large"),
    (pack(b'{"v":1,"r":' + b"[" * 5000 + b"]" * 5000 + b"}"), "nested far too deeply"),
    (_link(r=dict(PRESETS["triple-play"].to_dict(), seatings=[[4, 2, 10**6]])), "rules are invalid"),
    (_link(p=[["A", "skynet"], ["B", None], ["C", None], ["D", None]]), "bot"),
])
def test_hostile_links_are_refused(link, words):
    with pytest.raises(StateError) as e:
        decode(link)
    assert_clean_refusal(e.value)
    assert words in str(e.value), str(e.value)


def _sheet_link(change):
    state = real(until=lambda s: s.deal == 2 and s.phase == "play")
    payload = unpack(encode(state))
    change(payload["h"][0][1][0])
    return pack(payload)


@pytest.mark.parametrize("change", [
    lambda nums: nums.__setitem__(slice(2, 4), [-1, -500]) or nums.__setitem__(11, nums[11] - 500 - nums[3]),
    lambda nums: nums.__setitem__(10, 777) or nums.__setitem__(11, nums[11] + 777 - nums[10]),
    lambda nums: nums.__setitem__(0, 10**15) or nums.__setitem__(11, nums[11] + 10**15 - nums[0]),
], ids=["negative canastas", "going out 777", "10^15 points"])
def test_impossible_score_sheets_in_links_are_refused(change):
    with pytest.raises(StateError) as e:
        decode(_sheet_link(change))
    assert_clean_refusal(e.value)


# -- the command line -------------------------------------------------------------------------------
def cli(*args):
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True,
                          cwd=Path(__file__).resolve().parent.parent)


@pytest.mark.parametrize("content", [b"\xff\xfe{}", b"[" * 100_000 + b"]" * 100_000,
                                     b'{"version": 1, "seed": ' + b"9" * 5000 + b"}",
                                     b'{"version": 1.0}'], ids=["not utf-8", "deep", "huge int", "float"])
def test_cli_bad_state_files_exit_2_without_a_traceback(tmp_path, content):
    path = tmp_path / "s.json"
    path.write_bytes(content)
    p = cli("legal", "--state", str(path))
    assert p.returncode == 2 and b"Traceback" not in p.stderr
    assert_clean_refusal(StateError(json.loads(p.stdout)["error"]))


@pytest.mark.parametrize("action", ['{"type": "draw", "seat": ' + "9" * 5000 + "}", "[" * 50_000,
                                    '{"type": "' + "x" * 100_000 + '"}', "nope"])
def test_cli_bad_actions_exit_2_without_a_traceback(tmp_path, action):
    path = tmp_path / "s.json"
    path.write_text(json.dumps(new_game("triple-play", seed=2).to_json()))
    p = cli("apply", "--state", str(path), "--action", action)
    assert p.returncode == 2 and b"Traceback" not in p.stderr
    assert_clean_refusal(StateError(json.loads(p.stdout)["error"]))


def test_cli_bad_arguments_are_json_too():
    p = cli("new", "--seed", "seven")
    assert p.returncode == 2 and "error" in json.loads(p.stdout)


# -- saves ----------------------------------------------------------------------------------------
def _record(game_state, **changes):
    store = SaveStore(MemoryStorage())
    slot = store.save(None, game_state, ["x"])
    record = json.loads(store.storage.get(saves.SAVE + slot))
    record.update(changes)
    return record


def test_each_save_is_read_on_its_own_and_bad_ones_are_set_aside():
    good_state = real(actions=40)
    store = SaveStore(MemoryStorage())
    good = store.save(None, good_state, ["kept"])
    sheet = real(until=lambda s: s.deal == 2 and s.phase == "play").to_json()
    sheet["deal_results"][0]["sides"][0]["canastas"] = "many"
    absurd = good_state.to_json()
    absurd["rules"] = dict(PRESETS["triple-play"].to_dict(), deals=10**9)
    robot = good_state.to_json()
    robot["players"][2]["bot"] = "skynet"
    bad = {
        "deep": json.dumps(_record(good_state))[:-1] + ',"x":' + "[" * 5000 + "]" * 5000 + "}",
        "sheet": json.dumps(_record(good_state, state=sheet)),
        "absurd": json.dumps(_record(good_state, state=absurd)),
        "robot": json.dumps(_record(good_state, state=robot)),
        "huge": json.dumps(_record(good_state))[:-1] + ',"x":' + "9" * 5000 + "}",
    }
    for slot, text in bad.items():
        store.storage.set(saves.SAVE + slot, text)
    slots, problems = store.list()  # unreadable ones at once, the others when opened
    assert sorted(s["id"] for s in slots) == sorted([good, "sheet", "absurd", "robot"])
    assert len(problems) == 2 and all("\n" not in p for p in problems)
    for slot in ("sheet", "absurd", "robot"):
        with pytest.raises(saves.SaveError, match="does not check out") as e:
            store.load(slot)
        assert "\n" not in str(e.value)
    assert [s["id"] for s in store.list()[0]] == [good]
    for slot, text in bad.items():
        assert store.storage.get(saves.BAD + slot) == text
    state, log = store.load(good)
    assert state.to_json() == good_state.to_json() and log == ["kept"]
