"""The save store (ui/core/saves.py) over a dict: slots, versions, quarantine,
full storage, and checked export/import."""

import json
import random
from datetime import datetime, timedelta, timezone

import pytest

import game
from game.bots import get_bot
from ui.core import saves
from ui.core.saves import MemoryStorage, SaveError, SaveStore, StorageFull
from ui.core.selection import group_key
from ui.seats import seating as seats


class FullStorage(MemoryStorage):
    """Refuses every write, like a localStorage over its quota."""

    def set(self, key, value):
        raise StorageFull("QuotaExceededError")


def clock():
    t = [datetime(2026, 11, 22, 9, 0, tzinfo=timezone.utc)]

    def now():
        t[0] += timedelta(minutes=1)
        return t[0]
    return now


def played(seed=3, actions=40):
    state = game.new_game("triple-play", seed=seed, bots=[None, "random", "random", "random"])
    rng = random.Random(seed)
    for _ in range(actions):
        seat = state.to_move()
        game.apply(state, get_bot("random")(game.observe(state, seat), seat, rng))
    return state


@pytest.fixture
def store():
    return SaveStore(MemoryStorage(), now=clock())


def test_save_load_round_trip_and_slot_list(store):
    a, b = played(1), played(2, 60)
    slot_a = store.save(None, a, ["New game.", "You drew."])
    slot_b = store.save(None, b, ["line"], name="Evening game")
    assert slot_a != slot_b
    state, log = store.load(slot_a)
    assert state.to_json() == a.to_json() and log == ["New game.", "You drew."]
    slots, problems = store.list()
    assert problems == []
    assert [s["id"] for s in slots] == [slot_b, slot_a]  # newest first
    assert slots[0]["name"] == "Evening game" and slots[1]["name"] == a.rules.title
    assert slots[0]["deal"] == 1 and slots[0]["deals"] == 4
    assert [name for name, _ in slots[0]["scores"]] == ["Us", "Them"]
    assert slots[0]["updated"].startswith("2026-11-22T09:")


def test_saving_again_keeps_slot_name_and_creation(store):
    state = played(1)
    slot = store.save(None, state, [], name="Mine")
    created = json.loads(store.storage.get(saves.SAVE + slot))["created"]
    game.apply(state, {"type": "draw"} if state.phase == "draw" else game.legal_actions(state)[0])
    assert store.save(slot, state, ["more"]) == slot
    record = json.loads(store.storage.get(saves.SAVE + slot))
    assert record["name"] == "Mine" and record["created"] == created and record["updated"] > created
    assert store.ids() == [slot]


def test_current_slot_and_delete(store):
    slot = store.save(None, played(), [])
    store.current = slot
    assert store.current == slot
    store.delete(slot)
    assert store.current is None and store.ids() == []


CORRUPTIONS = [  # (what, text of a good save -> corrupt text, words of the message)
    ("not json", lambda good: "{oops", "not readable"),
    ("other format", lambda good: json.dumps({"format": "x"}), "not a Triple Play saved game"),
    ("newer version", lambda good: good.replace('"version":1', '"version":7', 1), "newer version"),
    ("no version", lambda good: good.replace('"version":1,', "", 1), "no format version"),
    ("bad game", lambda good: good.replace('"seed":', '"seed":"x","was":', 1), "does not check out"),
    ("cards added", lambda good: good.replace('"hand":["', '"hand":["AS","', 1), "does not check out"),
    ("bad summary", lambda good: good.replace('"deal":1,', '"deal":"1",', 1), "summary"),
    ("hints negative", lambda good: good.replace('"hints":0', '"hints":-1', 1), "hints used"),
    ("hints a flag", lambda good: good.replace('"hints":0', '"hints":true', 1), "hints used"),
    ("hints text", lambda good: good.replace('"hints":0', '"hints":"2"', 1), "hints used"),
    ("hints absurd", lambda good: good.replace('"hints":0', f'"hints":{seats.MAX_HINTS + 1}', 1),
     "hints used"),
    ("hints a list too long", lambda good: good.replace('"hints":0', '"hints":[0,0,0,0,0,0,0,0,0]', 1),
     "hints used"),
    ("hints a list of text", lambda good: good.replace('"hints":0', '"hints":[0,"1",0,0]', 1), "hints used"),
]


@pytest.mark.parametrize("name, corrupt, words", CORRUPTIONS, ids=[c[0] for c in CORRUPTIONS])
def test_a_bad_save_is_set_aside_untouched(store, name, corrupt, words):
    keep = store.save(None, played(1), ["keep me"])
    keep_text = store.storage.get(saves.SAVE + keep)
    bad = store.save(None, played(2), [])
    store.current = bad
    bad_text = corrupt(store.storage.get(saves.SAVE + bad))
    store.storage.set(saves.SAVE + bad, bad_text)
    with pytest.raises(SaveError, match=words):
        store.load(bad)
    assert store.storage.get(saves.BAD + bad) == bad_text  # byte for byte
    assert store.ids() == [keep] and store.current is None
    assert store.storage.get(saves.SAVE + keep) == keep_text


def test_listing_sets_aside_unreadable_saves_without_clobbering(store):
    keep = store.save(None, played(1), [])
    store.storage.set(saves.SAVE + "x", "garbage 1")
    store.storage.set(saves.BAD + "x", "an older quarantined copy")
    slots, problems = store.list()
    assert [s["id"] for s in slots] == [keep]
    assert len(problems) == 1 and "tp.bad.x.2" in problems[0]
    assert store.storage.get(saves.BAD + "x") == "an older quarantined copy"
    assert store.storage.get(saves.BAD + "x.2") == "garbage 1"


def test_older_versions_migrate_or_are_refused(store, monkeypatch):
    slot = store.save(None, played(1), ["a line"])
    text = store.storage.get(saves.SAVE + slot)
    old = json.loads(text)
    old["version"] = 0
    old["table_log"] = old.pop("log")  # pretend format 0 named it so
    with pytest.raises(SaveError, match="too old"):
        saves.parse(json.dumps(old))
    monkeypatch.setitem(saves.MIGRATIONS, 0, lambda r: {**r, "log": r.pop("table_log")})
    record = saves.parse(json.dumps(old))
    assert record["version"] == saves.VERSION and record["log"] == ["a line"]


def test_full_storage_raises_and_keeps_the_old_copy():
    store = SaveStore(MemoryStorage(), now=clock())
    state = played(1)
    slot = store.save(None, state, ["one"])
    before = dict(store.storage.data)
    full = SaveStore(FullStorage(before), now=clock())
    with pytest.raises(StorageFull):
        full.save(slot, played(2), ["two"])
    assert full.storage.data == before
    # an unreadable save cannot be moved aside: it stays, and the message says so
    full.storage.data[saves.SAVE + "bad"] = "{"
    _, problems = full.list()
    assert "stays where it is" in problems[0] and full.storage.data[saves.SAVE + "bad"] == "{"


def test_export_then_import_makes_a_new_slot(store):
    slot = store.save(None, played(1), ["x"], name="Shared <b>")
    filename, text = store.export(slot)
    assert filename.endswith(".json")
    again = store.import_text(text)
    assert again != slot and set(store.ids()) == {slot, again}
    state, log = store.load(again)
    assert state.to_json() == store.load(slot)[0].to_json() and log == ["x"]
    assert store.list()[0][0]["name"] == "Shared <b>"  # kept as text; the page renders text nodes


@pytest.mark.parametrize("text, words", [
    ("", "not readable"),
    ("[]", "not a Triple Play"),
    ("x" * (saves.MAX_TEXT + 1), "far too large"),
    (json.dumps({"format": saves.FORMAT, "version": 1, "name": "n", "log": [], "created": "", "updated": "",
                 "meta": saves.summary(game.new_game("triple-play", seed=1)), "state": {"version": 1}}),
     "does not check out"),
])
def test_import_refuses_bad_files_and_changes_nothing(store, text, words):
    slot = store.save(None, played(1), [])
    before = dict(store.storage.data)
    with pytest.raises(SaveError, match=words):
        store.import_text(text)
    assert store.storage.data == before and store.ids() == [slot]


def test_import_recomputes_the_summary(store):
    slot = store.save(None, played(1), [])
    record = json.loads(store.export(slot)[1])
    record["meta"].update(title="Lies", deal=99)
    again = store.import_text(json.dumps(record))
    listed = {s["id"]: s for s in store.list()[0]}
    assert listed[again]["title"] != "Lies" and listed[again]["deal"] == 1


def test_hints_used_are_kept_with_the_game(store):
    """The count of hints a game used, per seat: written by the page, kept when
    a save does not give it, carried by export and import; a save from before
    pass-and-play has seat 0's alone, and one from before hints were counted none."""
    state = played(1)
    slot = store.save(None, state, [], hints=[3, 0, 1, 0])
    assert store.load_record(slot)["hints"] == [3, 0, 1, 0]
    game.apply(state, game.legal_actions(state)[0])
    store.save(slot, state, [])  # a save that does not say keeps the count
    assert store.load_record(slot)["hints"] == [3, 0, 1, 0]
    again = store.import_text(store.export(slot)[1])
    assert store.load_record(again)["hints"] == [3, 0, 1, 0]
    old = json.loads(store.storage.get(saves.SAVE + slot))
    old["hints"] = 3
    store.storage.set(saves.SAVE + slot, json.dumps(old))
    assert store.load_record(slot)["hints"] == [3, 0, 0, 0]
    del old["hints"]
    store.storage.set(saves.SAVE + slot, json.dumps(old))
    assert store.load_record(slot)["hints"] == [0, 0, 0, 0] and store.load(slot)[0].to_json() == state.to_json()


def pending_for(state, seat=0):
    """A turn's choices over ``seat``'s real hand: two cards picked, one staged, two new."""
    hand = sorted(state.players[seat].hand)
    return {"picked": {group_key(hand[0]): 1}, "staged": [{"cards": hand[1:2]}], "fresh": hand[2:4]}


def reopened(store, state, pending):
    """Save with ``pending`` as it would be stored, load it back, the checked pending."""
    slot = store.save(None, state, [])
    record = json.loads(store.storage.get(saves.SAVE + slot))
    record["pending"] = pending
    store.storage.set(saves.SAVE + slot, json.dumps(record))
    return store.load_record(slot)["pending"]


def test_the_turns_choices_are_kept_with_the_game(store):
    state = played()
    pending = pending_for(state)
    slot = store.save(None, state, [], pending=pending)
    assert store.load_record(slot)["pending"] == pending
    assert store.load_record(store.save(None, state, []))["pending"] is None  # saves without it read as before


@pytest.mark.parametrize("part, bad", [
    ("fresh", ["AS"] * 40),                      # more than the hand holds
    ("fresh", "KS"),                             # not a list
    ("picked", {"Z": 1}),                        # no such group
    ("picked", {"K": 0}),                        # a count out of range
    ("staged", [{"cards": []}]),                 # an empty placement
    ("staged", [{"to": 999, "cards": None}]),    # no such meld, no cards
    ("staged", [{"to": [1], "cards": ["KS"]}]),  # a meld id that is not a number
])
def test_a_malformed_part_is_dropped_and_the_game_still_opens(store, part, bad):
    state = played()
    pending = pending_for(state)
    kept = reopened(store, state, dict(pending, **{part: bad}))
    assert kept == {k: v for k, v in pending.items() if k != part}


def test_cards_not_in_the_hand_are_dropped(store):
    state = played()
    missing = next(c for c in ("AS", "KH", "QD", "JC", "9S") if c not in state.players[0].hand)
    assert reopened(store, state, {"fresh": [missing]}) is None
    assert reopened(store, state, "nonsense") is None


def old_save(state, pending, hints=2):
    """A save as the page wrote it before pass-and-play: hints a whole number,
    no seat among the turn's choices."""
    return json.dumps({"format": saves.FORMAT, "version": 1, "name": "Old game", "created": "2026-01-01T10:00:00",
                       "updated": "2026-01-01T10:05:00", "meta": saves.summary(state), "state": state.to_json(),
                       "log": ["New game: Triple Play. Deal 1 begins."], "hints": hints, "pending": pending})


def test_an_old_save_reads_as_one_person_at_south(store):
    state = played()
    pending = pending_for(state)
    store.storage.set(saves.SAVE + "old", old_save(state, pending))
    record = store.load_record("old")
    assert record["pending"] == pending and "seat" not in record["pending"]
    assert record["hints"] == [2, 0, 0, 0] and record["game"].to_json() == state.to_json()


def test_the_seat_shown_is_kept_and_checked_against_its_own_hand(store):
    state = game.GameState.from_json(played().to_json())
    state.players[2].bot = None  # two people: South and North
    north = pending_for(state, 2)
    assert reopened(store, state, dict(north, seat=2)) == dict(north, seat=2)
    assert reopened(store, state, {"seat": 2}) == {"seat": 2}  # nothing chosen yet, the seat still kept
    only_south = next(c for c in state.players[0].hand if c not in state.players[2].hand)
    assert reopened(store, state, {"seat": 2, "fresh": [only_south]}) == {"seat": 2}
    for seat in (1, 4, -1, True, "2", None):  # a bot's seat, no seat, not a seat: nothing is kept
        assert reopened(store, state, dict(north, seat=seat)) is None
