"""Saved games: named slots in the browser's localStorage, in plain Python.

The store works over a tiny storage interface (``get``/``set``/``remove``/
``keys``, strings only) so CPython tests run it against a dict; ui.dom adapts
window.localStorage to it. Rules that keep games safe:

- every record carries ``format`` and ``version``; an older version is
  migrated through ``MIGRATIONS`` or refused with a sentence saying why;
- a record that fails to read is moved byte for byte under a ``tp.bad.`` key
  (never over another key) and reported, so nothing is lost and it stops
  failing on every visit;
- imports and shared games always get a fresh slot: nothing is overwritten;
- a full storage raises ``StorageFull`` for the page to report.
"""

import json
from collections import Counter
from datetime import datetime

import game
from game.cards import is_valid_code
from game.load import MAX_TEXT as MAX_STATE_TEXT
from game.load import int_in, is_int, read_json
from ui.core import text as T
from ui.core.selection import GROUP_KEYS
from ui.seats import seating as P

FORMAT = "triple-play-save"
VERSION = 1
# version n -> function turning a version-n record into a version n+1 record
MIGRATIONS = {}
SAVE = "tp.save."
BAD = "tp.bad."
CURRENT = "tp.current"
MAX_TEXT = MAX_STATE_TEXT  # characters of a save or an imported file
FULL_NEW = "Storage is full: delete or export a game first."  # a game or file that would be added
MAX_LOG = 200           # table log lines kept
MAX_LINE = 300
MAX_NAME = 60
MAX_SEATS = 8           # seats a save's per-seat figures may name
MAX_STAGED = 30         # placements waiting to be sent in a saved turn


class StorageFull(Exception):
    """The browser refused to store more (QuotaExceededError)."""


class SaveError(Exception):
    """A save or file that cannot be read; the message is for the player."""


class MemoryStorage:
    """The storage interface over a dict: tests, and browsers that block localStorage."""

    def __init__(self, data=None):
        self.data = dict(data or {})

    def get(self, key):
        return self.data.get(key)

    def set(self, key, value):
        self.data[key] = value

    def remove(self, key):
        self.data.pop(key, None)

    def keys(self):
        return list(self.data)


def summary(state):
    """What the games list shows of a game: rules, deal, scores."""
    v = P.shared(state, game.view(state, P.first(state), log=False))
    return {"title": state.rules.title, "deal": v["deal"], "deals": v["deals"], "phase": v["phase"],
            "turn": state.turn_number + 1,
            "players": [p.name for p in state.players],
            "scores": [[T.side_name(v, s), side["total"]] for s, side in enumerate(v["sides"])]}


def _summary_ok(meta):
    """The shape ``summary`` writes, so the list can show a stored summary as is."""
    if not isinstance(meta, dict):
        return False
    ints = [meta.get(k) for k in ("deal", "deals", "turn")]
    scores, players = meta.get("scores"), meta.get("players")
    return (isinstance(meta.get("title"), str) and isinstance(meta.get("phase"), str)
            and all(isinstance(n, int) for n in ints)
            and isinstance(players, list) and all(isinstance(p, str) for p in players)
            and isinstance(scores, list) and all(
                isinstance(x, list) and len(x) == 2 and isinstance(x[0], str) and isinstance(x[1], int)
                for x in scores))


ORIGINAL_KEYS = {"game", "deal", "seat", "scores"}


def original_ok(original):
    """The shape of a same-deal game's ``original``: the game (slot) and deal whose
    cards it deals, the seat whose cards the person holds, that deal's scores by side."""
    return (isinstance(original, dict) and original.keys() == ORIGINAL_KEYS
            and isinstance(original["game"], str) and 0 < len(original["game"]) <= MAX_NAME
            and int_in(original["deal"], 1, 20) and int_in(original["seat"], 0, 7)
            and isinstance(original["scores"], list) and 0 < len(original["scores"]) <= 8
            and all(int_in(x, -10**15, 10**15) for x in original["scores"]))


def _cards_held(cards, hand):
    """A list of card codes, every one in ``hand`` (copies counted)."""
    return (isinstance(cards, list) and len(cards) <= len(hand)
            and all(is_valid_code(c) for c in cards) and not Counter(cards) - Counter(hand))


def _picked_ok(picked, hand):
    return (isinstance(picked, dict) and len(picked) <= len(GROUP_KEYS)
            and all(k in GROUP_KEYS and int_in(n, 1, len(hand)) for k, n in picked.items()))


def _staged_ok(staged, hand, meld_ids):
    return (isinstance(staged, list) and len(staged) <= MAX_STAGED
            and all(isinstance(pl, dict) and pl.keys() <= {"to", "cards"}
                    and isinstance(pl.get("cards"), list) and pl["cards"]
                    and ("to" not in pl or is_int(pl["to"]) and pl["to"] in meld_ids) for pl in staged)
            and _cards_held([c for pl in staged for c in pl["cards"]], hand))


def pending_checked(pending, state):
    """The person's unsent choices kept with a save (``seat``: the seat the page
    showed, a person's, written only when it is not the first person's, so
    every save from before pass-and-play means South; ``picked``: selected
    cards by hand group, ``staged``: placements, ``fresh``: cards new this
    turn), each part checked against that seat's hand and side in ``state``;
    a malformed part is dropped (the game itself still opens), and None if
    nothing is left. A seat that is no person's drops every part: they were
    someone else's choices."""
    if not isinstance(pending, dict):
        return None
    seat = pending.get("seat", P.first(state))
    if "seat" in pending and not (is_int(seat) and seat in P.people(state)):
        return None
    hand = state.players[seat].hand
    meld_ids = {m.id for m in state.sides[state.side_of(seat)].melds}
    checks = {"picked": lambda x: _picked_ok(x, hand), "staged": lambda x: _staged_ok(x, hand, meld_ids),
              "fresh": lambda x: _cards_held(x, hand)}
    out = {k: pending[k] for k, ok in checks.items() if k in pending and ok(pending[k])}
    if "seat" in pending:
        out["seat"] = seat
    return out or None


def _hints_ok(hints):
    """A save's ``hints``: one count per seat, or a whole number (saves from
    before pass-and-play: seat 0's)."""
    return int_in(hints, 0, P.MAX_HINTS) or (
        isinstance(hints, list) and len(hints) <= MAX_SEATS and all(int_in(n, 0, P.MAX_HINTS) for n in hints))


def _check(cond, message):
    if not cond:
        raise SaveError(message)


def _migrate(record):
    version = record.get("version")
    _check(is_int(version),
           "It has no format version, so it is not a save of this game.")
    _check(version <= VERSION, f"It was made by a newer version of this game (save format {version}; "
                               f"this page reads {VERSION}). Reload the page to update it.")
    while version < VERSION:
        _check(version in MIGRATIONS, f"Its save format {version} is too old for this page "
                                      f"(it reads format {VERSION}).")
        record = MIGRATIONS[version](record)
        version = record["version"] = version + 1
    return record


def parse(text, check_state=True):
    """A save record from JSON text, migrated and checked; raise SaveError saying why not.

    ``check_state=False`` skips the (slower) full game check, for listing.
    """
    _check(isinstance(text, str) and len(text) <= MAX_TEXT, "It is empty or far too large.")
    try:
        record = read_json(text, "it", MAX_TEXT)
    except game.StateError as e:
        raise SaveError(f"It is not readable: {e}") from None
    _check(isinstance(record, dict) and record.get("format") == FORMAT,
           "It is not a Triple Play saved game.")
    record = _migrate(record)
    name, log, meta = record.get("name"), record.get("log"), record.get("meta")
    _check(isinstance(name, str) and 0 < len(name) <= MAX_NAME, "Its name is missing or too long.")
    _check(isinstance(log, list) and len(log) <= MAX_LOG
           and all(isinstance(x, str) and len(x) <= MAX_LINE for x in log), "Its table log is malformed.")
    _check(all(isinstance(record.get(k), str) for k in ("created", "updated")), "Its dates are missing.")
    _check(_summary_ok(meta), "Its summary is missing or malformed.")
    _check("original" not in record or original_ok(record["original"]),
           "Its record of the deal it plays again is malformed.")
    hints = record.setdefault("hints", 0)  # saves made before hints were counted have none
    _check(_hints_ok(hints), "Its count of hints used is malformed.")
    if check_state:
        try:
            record["game"] = game.GameState.from_json(record.get("state"))
            record["meta"] = summary(record["game"])  # never trust a stored summary
            record["pending"] = pending_checked(record.get("pending"), record["game"])
            record["hints"] = P.hint_counts(hints, record["game"].num_players)
        except game.StateError as e:
            raise SaveError(f"Its game does not check out: {e}") from None
        except Exception as e:  # a position the loader missed must not stop the page
            raise SaveError(f"Its game cannot be shown ({type(e).__name__}).") from None
    return record


class SaveStore:
    """The saved games of one browser: list, save, load, delete, export, import."""

    def __init__(self, storage, now=lambda: datetime.now().astimezone(), kept=True):
        self.storage = storage
        self.now = now
        self.kept = kept  # False: the browser refuses storage, the games last this visit only

    # -- slots ------------------------------------------------------------------
    def ids(self):
        return sorted(k[len(SAVE):] for k in self.storage.keys() if k.startswith(SAVE))

    @property
    def current(self):
        slot = self.storage.get(CURRENT)
        return slot if slot in self.ids() else None

    @current.setter
    def current(self, slot):
        if slot is None:
            self.storage.remove(CURRENT)
        else:
            self.storage.set(CURRENT, slot)

    def list(self):
        """([slot summaries, newest first], [problems]); unreadable saves are set aside.

        Each save is read on its own (bounded before parsing, so no text can
        stop the page); the game inside is checked in full when it is opened.
        """
        slots, problems = [], []
        for slot in self.ids():
            try:
                record = parse(self.storage.get(SAVE + slot), check_state=False)
            except SaveError as e:
                problems.append(self.quarantine(slot, e))
                continue
            slots.append({"id": slot, "name": record["name"], "updated": record["updated"],
                          **record["meta"]})
        slots.sort(key=lambda s: s["updated"], reverse=True)
        return slots, problems

    def _new_id(self):
        base = self.now().strftime("%Y%m%d-%H%M%S")
        taken = set(self.ids())
        slot, n = base, 1
        while slot in taken:
            n += 1
            slot = f"{base}-{n}"
        return slot

    def save(self, slot, state, log, name=None, original=None, hints=None, pending=None):
        """Write a game into its slot (a new slot when ``slot`` is None); return the slot.
        ``original``: for the same deal played again, what it plays again (kept on later saves).
        ``hints``: the hints used in this game, a count per seat (None keeps the slot's).
        ``pending``: the person's unsent choices this turn (see ``pending_checked``), if any.

        Raises StorageFull if the browser refuses; the old copy then stays as it was.
        """
        now = self.now().isoformat(timespec="seconds")
        old = None
        if slot is not None:
            try:
                old = read_json(self.storage.get(SAVE + slot) or "null", "It", MAX_TEXT)
            except game.StateError:
                old = None
        if not isinstance(old, dict):
            old = {}
            slot = slot or self._new_id()
        if hints is None:
            hints = old.get("hints", 0) if _hints_ok(old.get("hints", 0)) else 0
        record = {"format": FORMAT, "version": VERSION, "name": name or old.get("name") or state.rules.title,
                  "created": old.get("created", now), "updated": now, "meta": summary(state),
                  "state": state.to_json(), "log": [line[:MAX_LINE] for line in log[-MAX_LOG:]],
                  "hints": hints}
        original = original or old.get("original")
        if original_ok(original):
            record["original"] = original
        if pending:
            record["pending"] = pending
        self.storage.set(SAVE + slot, json.dumps(record, separators=(",", ":")))
        return slot

    def load(self, slot):
        """(state, log) of a slot; a save that fails is set aside and SaveError says why."""
        record = self.load_record(slot)
        return record["game"], record["log"]

    def load_record(self, slot):
        """A slot's whole checked record (``game``: the state, ``log``, ``hints``, ...);
        a save that fails is set aside and SaveError says why."""
        text = self.storage.get(SAVE + slot)
        if text is None:
            raise SaveError("That saved game is no longer here.")
        try:
            return parse(text)
        except SaveError as e:
            raise SaveError(self.quarantine(slot, e)) from None

    def original(self, slot):
        """What a same-deal game plays again (see ``save``), or None."""
        try:
            return parse(self.storage.get(SAVE + slot), check_state=False).get("original")
        except SaveError:
            return None

    def delete(self, slot):
        self.storage.remove(SAVE + slot)
        if self.storage.get(CURRENT) == slot:
            self.storage.remove(CURRENT)

    def quarantine(self, slot, error):
        """Move an unreadable save, untouched, to a tp.bad. key of its own; say so."""
        raw = self.storage.get(SAVE + slot)
        key, n = BAD + slot, 1
        while self.storage.get(key) is not None:
            n += 1
            key = f"{BAD}{slot}.{n}"
        try:
            self.storage.set(key, raw)
        except StorageFull:
            return f"Saved game {slot} could not be read: {error} It stays where it is (storage is full)."
        self.storage.remove(SAVE + slot)
        if self.storage.get(CURRENT) == slot:
            self.storage.remove(CURRENT)
        return f"Saved game {slot} could not be read: {error} It was kept aside as {key}."

    # -- files ------------------------------------------------------------------
    def export(self, slot):
        """(file name, JSON text) of a slot, for a download."""
        text = self.storage.get(SAVE + slot)
        if text is None:
            raise SaveError("That saved game is no longer here.")
        return f"triple-play-{slot}.json", text

    def import_text(self, text, name=None, prepare=None):
        """Store a checked copy of an exported game in a new slot (its game
        passed through ``prepare`` first, if given); return the slot."""
        try:
            record = parse(text)
        except SaveError as e:
            raise SaveError(f"This file cannot be imported: {e}") from None
        state = prepare(record["game"]) if prepare else record["game"]
        return self.save(None, state, record["log"], name=name or record["name"],
                         hints=record["hints"])
