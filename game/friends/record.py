"""A game played across phones, as one phone holds it, and the links it sends.

The game is a chain of batches: each batch is the moves one phone made (its
people's and the bots' that followed), as exact text, signed by that phone
and chained to everything before by a hash, so a link can be checked move
by move and a second, different continuation of one position is seen for
what it is. Batch 0 is the game's head: rules, names, which phone plays
which seat, every phone's signing key. The host's batches also deal: the
public part of each deal, the table's part sealed under the game's table
key (game.friends.deals says what each holds). What is sealed to one phone
(its people's cards, the table key) travels beside the batches, each piece
only until that phone has it.

``Friends`` is the saved record (``to_json``) and the position rebuilt from
it (``load``). Steps that need cryptography are generators of
game.friends.crypto requests: ``load``, ``open_link``, ``close_turn``,
``deal_next``. A link is refused in one sentence (StateError) and the
record is changed only when all of it was accepted.
"""

from __future__ import annotations

import hashlib
import json
import random

from game.engine import apply
from game.errors import IllegalMove, RulesError, StateError
from game.friends import deals, links, secrets
from game.friends.crypto import Lock, Seal, Sign, Unlock, Unseal, Verify, compress, decompress
from game.friends.links import CHANGED, b64, unb64
from game.friends.masking import BAD_LAY, Lay, show
from game.invariants import bot_problem
from game.links.share import card_list, decode_action, encode_action, packed_rules, unpacked_rules
from game.load import MAX_NAME, is_int, is_player_name
from game.names import Phase
from game.rules import RuleSet
from game.state import GameState
from game.words.reasons import said, with_said

VERSION = 1
ID_BYTES = 16
KEY_BYTES = 32
MAX_PHONES = 6
MAX_MOVES = 400           # moves in one batch
EVERYONE = -1             # a link any phone of the game may open (the last of a game)

DAMAGED = "This saved game is damaged."
OTHER_GAME = "This link belongs to a game this phone is not playing."
OLD = "This link is older than the game on this phone."
SAME = "This phone has already opened this link."
GAP = "This link follows moves this phone has not seen: ask for the latest link."
FORK = "This link continues the game differently from the moves this phone already has, so it is refused."


def chain(before: bytes, text: str) -> bytes:
    return hashlib.sha256(before + text.encode("utf-8")).digest()


def chain_start(game_id: bytes) -> bytes:
    return hashlib.sha256(b"hand-knee-foot friends:" + game_id).digest()


def _aad(game_id: bytes, *parts) -> bytes:
    return game_id + ("|" + "|".join(str(p) for p in parts)).encode()


def _need(cond, message: str = CHANGED) -> None:
    if not cond:
        raise StateError(message)


def _piles(rules: RuleSet, value) -> list[list[str]]:
    _need(isinstance(value, list) and len(value) == len(rules.piles)
          and all(isinstance(p, str) and len(p) == 2 * n for p, n in zip(value, rules.piles)))
    return [card_list(p) for p in value]


def _lays_text(lays: list[Lay]) -> str:
    return "|".join(".".join("".join(r) for r in lay) for lay in lays)


def _lays_read(text) -> list[Lay]:
    _need(isinstance(text, str) and len(text) < 4000)
    out = []
    for call in text.split("|"):
        rounds = tuple(tuple(card_list(r)) for r in call.split(".")) if call else ()
        _need(all(rounds))
        out.append(rounds)
    return out


class Head:
    """Batch 0: the rules, the seats and the phones."""

    def __init__(self, game_id: bytes, rules: RuleSet, names: list[str], seats: list, keys: list[bytes],
                 host_seal: bytes):
        self.id = game_id
        self.rules = rules
        self.names = names
        self.seats = seats          # per seat: the phone that plays it, or a bot's name
        self.keys = keys            # per phone: its signing key, compressed
        self.host_seal = host_seal  # the host's sealing key, compressed

    @property
    def bots(self) -> list[str | None]:
        return [s if isinstance(s, str) else None for s in self.seats]

    def people(self, phone: int) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s == phone]

    def phone_of(self, seat: int) -> int | None:
        s = self.seats[seat]
        return s if isinstance(s, int) else None

    def phone_name(self, phone: int) -> str:
        return " and ".join(self.names[s] for s in self.people(phone))

    def to_json(self) -> dict:
        return {"id": b64(self.id), "r": packed_rules(self.rules), "n": self.names, "s": self.seats,
                "k": [b64(k) for k in self.keys], "e": b64(self.host_seal)}

    @classmethod
    def read(cls, d) -> "Head":
        _need(isinstance(d, dict) and set(d) == {"id", "r", "n", "s", "k", "e"})
        try:
            rules = unpacked_rules(d["r"])
        except (RulesError, StateError, KeyError, TypeError, ValueError):
            raise StateError("This link's rules are not a rule set this page plays.") from None
        names, seats, keys = d["n"], d["s"], d["k"]
        _need(isinstance(names, list) and isinstance(seats, list) and len(names) == len(seats))
        _need(all(is_player_name(n) and len(n) <= MAX_NAME for n in names))
        try:
            rules.seating(len(names))
        except RulesError:
            raise StateError(CHANGED) from None
        _need(isinstance(keys, list) and 1 <= len(keys) <= MAX_PHONES)
        for s in seats:
            _need((is_int(s) and 0 <= s < len(keys)) or (isinstance(s, str) and bot_problem(s) is None))
        keys = [unb64(k, 64) for k in keys]
        _need(all(k == b"" or decompress(k) for k in keys))
        head = cls(unb64(d["id"], 64), rules, names, seats, keys, unb64(d["e"], 64))
        _need(len(head.id) == ID_BYTES and decompress(head.host_seal) is not None)
        _need(all(head.people(p) for p in range(len(keys))), CHANGED)
        return head


class Friends:
    """One phone's record of a game across phones, and its position."""

    def __init__(self, head: Head, me: int):
        self.head = head
        self.me = me
        self.batches: list[tuple[str, bytes]] = []
        self.wraps: dict[int, bytes] = {}                 # the table key sealed to each phone
        self.blobs: dict[int, dict[int, bytes]] = {}      # deal -> seat -> cards sealed to that person
        self.mine: dict[int, dict[int, dict]] = {}        # deal -> my seat -> {"piles", "salt"}
        self.seals: dict[int, bytes] = {}                 # the host's: each phone's sealing key
        self.pending: list[str] = []                      # my moves not yet in a batch
        # rebuilt from the above by ``load``, never saved
        self.table_key: bytes | None = None
        self.tables: dict[int, dict] = {}
        self.publics: dict[int, dict] = {}
        self.setups: dict[int, int] = {}                  # deal -> index of the batch that dealt it
        self.position: GameState | None = None
        self.truth: dict[int, GameState] = {}
        self.revealed: dict[int, dict[int, dict]] = {}
        self.told: dict[int, dict[int, list[Lay]]] = {}
        self.moves: dict[int, list[tuple[int, dict]]] = {}
        self.quick: set[int] = set()                      # while ``load`` runs: the deals it replays only on
        self.hash = chain_start(head.id)                  # the true cards (the chain shows every hand of them)
        self.deal_made: dict | None = None                # a deal of mine not yet in a batch
        self.look = None                                  # deal_steps' view of a position, while it replays
        self.steps: list[tuple] = []

    # who and where ------------------------------------------------------------
    @property
    def deal(self) -> int:
        return self.position.deal if self.position else 0

    def is_host(self) -> bool:
        return self.me == 0

    def last_signed(self, phone: int) -> int:
        for i in range(len(self.batches) - 1, -1, -1):
            if self._content(i)["p"] == phone:
                return i
        return -1

    def _content(self, i: int) -> dict:
        return json.loads(self.batches[i][0])

    def to_move(self) -> int | None:
        return None if self.position is None else self.position.to_move()

    def plays_here(self, seat: int) -> bool:
        """Whether this phone makes this seat's moves (its people, and the bots)."""
        s = self.head.seats[seat]
        return s == self.me or isinstance(s, str)

    def has_news(self) -> bool:
        """Whether this phone has something for a batch: moves, a deal, its people's
        red 3s, or their cards once the deal is over."""
        if self.pending or self.deal_made is not None:
            return True
        pos = self.position
        if pos is None:
            return False
        if pos.mask is not None and any(pos.mask.said[s] for s in pos.mask.mine):
            return True
        shown = self.revealed.get(self.deal, {})
        return pos.deal_over and any(s not in shown for s in self.mine.get(self.deal, {}))

    def waiting_for(self) -> int | None:
        """The phone the game waits for, None when it waits for this one; EVERYONE when it is over."""
        if self.position is None:
            return None if self.is_host() else 0
        if not self.position.deal_over:
            seat = self.position.to_move()
            return None if self.plays_here(seat) else self.head.phone_of(seat)
        shown = self.revealed.get(self.deal, {})
        if any(s not in shown for s in self.head.people(self.me)):
            return None
        phones = len(self.head.keys)
        for k in range(1, phones):
            q = (self.me + k) % phones
            if any(s not in shown for s in self.head.people(q)):
                return q
        if self.deal in self.truth and self.truth[self.deal].phase != Phase.GAME_END:
            return None if self.is_host() else 0
        return EVERYONE

    # saving ------------------------------------------------------------------------
    def to_json(self) -> dict:
        return {"v": VERSION, "head": self.head.to_json(), "me": self.me,
                "batches": [[t, b64(s)] for t, s in self.batches],
                "wraps": {str(k): b64(v) for k, v in self.wraps.items()},
                "blobs": {str(d): {str(s): b64(b) for s, b in v.items()} for d, v in self.blobs.items()},
                "mine": {str(d): {str(s): {"p": ["".join(p) for p in x["piles"]], "s": b64(x["salt"])}
                                  for s, x in v.items()} for d, v in self.mine.items()},
                "seals": {str(k): b64(v) for k, v in self.seals.items()},
                "pending": list(self.pending)}

    def copy(self) -> "Friends":
        out = Friends(self.head, self.me)
        out.__dict__.update(self.__dict__)
        out.batches = list(self.batches)
        out.wraps = dict(self.wraps)
        out.blobs = {d: dict(v) for d, v in self.blobs.items()}
        out.mine = {d: dict(v) for d, v in self.mine.items()}
        out.seals = dict(self.seals)
        out.pending = list(self.pending)
        out.tables = dict(self.tables)
        out.publics = dict(self.publics)
        out.setups = dict(self.setups)
        out.truth = dict(self.truth)
        out.revealed = {d: dict(v) for d, v in self.revealed.items()}
        out.told = {d: {s: list(x) for s, x in v.items()} for d, v in self.told.items()}
        out.moves = {d: list(v) for d, v in self.moves.items()}
        if self.position is not None:
            out.position = self.position.clone()
            out.position.mask = self.position.mask and self.position.mask.copy()
        return out

    # playing on this phone -------------------------------------------------------
    def play(self, action: dict) -> GameState:
        """A move of this phone's (a person's here or a bot's); IllegalMove as the engine says."""
        seat = self.to_move()
        if seat is None or not self.plays_here(seat):
            raise IllegalMove("It is not a move this phone makes.")
        token = encode_action(action)
        apply(self.position, decode_action(token))
        self.pending.append(token)
        self.moves.setdefault(self.deal, []).append((seat, decode_action(token)))
        return self.position

    def deal_steps(self, seat: int, look) -> list[tuple]:
        """(action, mover, before, after) for each move of the current deal so
        far, the views ``look(state, seat)`` (as game.runs.replay.steps gives
        them): the table's lines for the moves that came by links."""
        if self.deal not in self.setups:
            return []
        return self._replayed(self.pending, lambda state: look(state, seat)).steps

    def rewind(self, count: int) -> GameState:
        """Undo: this phone's moves not yet sent, but the first ``count``, taken
        back; the position rebuilt from the deal's start (a new object)."""
        work = self._replayed(self.pending[:count])
        self.position, self.pending = work.position, work.pending
        self.moves[self.deal], self.told[self.deal] = work.moves[self.deal], work.told[self.deal]
        return self.position

    def _replayed(self, pending: list[str], look=None) -> "Friends":
        """A copy of this record with the current deal replayed from its start:
        the batches since it was dealt, then ``pending``; ``look``: each move's
        views before and after are kept in its ``steps``."""
        number = self.deal
        work = self.copy()
        work.look, work.steps, work.pending = look, [], []
        setup = self.setups[number]
        dealt = self.deal_made if setup == len(self.batches) else \
            _read_content(self.batches[setup][0], setup, len(self.head.keys))["d"]
        work._start_deal(number, dealt, self.tables[number])
        for index in range(setup, len(self.batches)):
            content = _read_content(self.batches[index][0], index, len(self.head.keys))
            if "m" in content or "l" in content:
                work._moves(content["p"], content.get("m", ""), content.get("l", {}))
        for token in pending:
            before = look(work.position) if look else None
            action = decode_action(token)
            mover = work.position.to_move()
            words = said(work.position, mover, action) if look else None
            work.play(action)
            if look:
                work.steps.append((action, mover, before, with_said(look(work.position), words)))
        return work

    def close_turn(self):
        """Steps: sign what this phone did since its last batch (its moves,
        its people's red 3s, their cards once the deal is over, a deal it
        made) as one batch."""
        content = {"i": len(self.batches), "p": self.me}
        if self.deal_made is not None:
            content["d"] = self.deal_made
        if self.pending:
            content["m"] = ",".join(self.pending)
        mask = self.position.mask if self.position else None
        said = {s: list(mask.said[s]) for s in self.head.people(self.me) if mask is not None and mask.said[s]}
        if said:
            content["l"] = {str(s): _lays_text(v) for s, v in said.items()}
        if self.position is not None and self.position.deal_over:
            shown = self.revealed.get(self.deal, {})
            mine = {str(s): ["".join(p) for p in x["piles"]] + [b64(x["salt"])]
                    for s, x in self.mine.get(self.deal, {}).items() if s not in shown}
            if mine:
                content["r"] = mine
        text = json.dumps(content, separators=(",", ":"))
        digest = chain(self.hash, text)
        signature = yield Sign(digest)
        self.batches.append((text, signature))
        self.hash = digest
        self.pending = []
        self.deal_made = None
        for s, lays in said.items():
            mask.take_said(s)
            self.told[self.deal].setdefault(s, []).extend(lays)
        if "r" in content:
            self._reveal(self.me, content["r"])
        return self

    # the host ------------------------------------------------------------------------
    @classmethod
    def host(cls, rules: RuleSet, names: list[str], seats: list, sign_key: bytes, seal_key: bytes,
             rng: random.Random) -> "Friends":
        """A new game on the host's phone, waiting for its friends' keys
        (``joined``); ``seats`` as Head.seats, the host's people phone 0."""
        phones = max([s for s in seats if isinstance(s, int)] + [0]) + 1
        keys = [compress(sign_key)] + [b""] * (phones - 1)
        head = Head(rng.randbytes(ID_BYTES), rules, names, seats, keys, compress(seal_key))
        out = cls(head, 0)
        out.seals[0] = compress(seal_key)
        return out

    def joined(self, phone: int, sign_key: bytes, seal_key: bytes) -> None:
        """A friend's keys, from the link its phone sent back."""
        self.head.keys[phone] = compress(sign_key)
        self.seals[phone] = compress(seal_key)

    def missing(self) -> list[int]:
        """The phones whose keys the host still waits for."""
        return [p for p in range(len(self.head.keys)) if p not in self.seals]

    def deal_next(self, rng: random.Random):
        """Steps (the host's): deal the next deal (the first one starts the
        game): shuffle, seal each part, keep only this phone's own cards."""
        h = self.head
        if not self.batches:
            content = {"i": 0, "p": 0, "g": h.to_json()}
            text = json.dumps(content, separators=(",", ":"))
            self.hash = chain(self.hash, text)
            self.batches.append((text, (yield Sign(self.hash))))
            self.table_key = rng.randbytes(KEY_BYTES)
            for phone, key in self.seals.items():
                self.wraps[phone] = yield Seal(decompress(key), _aad(h.id, "w", phone), self.table_key)
        before = self.truth.get(self.deal)
        number = self.deal + 1
        made = deals.deal(before, h.id, h.rules, h.names, h.bots, rng)
        table = made.table
        plain = secrets.table_bytes(table["seed"], table["rest"], table["bots"])
        blob = yield Lock(self.table_key, _aad(h.id, "t", number), plain)
        self.blobs[number] = {}
        for seat, secret in made.persons.items():
            plain = secrets.person_bytes(secret["salt"], secret["piles"])
            peer = decompress(self.seals[h.phone_of(seat)])
            self.blobs[number][seat] = yield Seal(peer, _aad(h.id, "h", number, seat), plain)
            if h.phone_of(seat) == 0:
                self.mine.setdefault(number, {})[seat] = secret
        self.deal_made = {"d": number, "t": b64(blob),
                          "c": {str(s): b64(c) for s, c in made.public["commit"].items()},
                          "l": {str(s): _lays_text(v) for s, v in made.public["lays"].items() if v}}
        self._start_deal(number, self.deal_made, table)
        return self

    # links ------------------------------------------------------------------------------
    def link_for(self, phone: int) -> str:
        """The link that brings ``phone`` (or EVERYONE) up to this phone's position."""
        phones = [q for q in range(len(self.head.keys)) if q != self.me] if phone == EVERYONE else [phone]
        first = min(self.last_signed(q) for q in phones) + 1
        first = min(first, len(self.batches))
        wraps = {str(q): b64(w) for q, w in self.wraps.items() if self.last_signed(q) < 0 and q != self.me}
        blobs = {}
        for number, index in self.setups.items():
            if index < first:
                continue
            for seat, blob in self.blobs.get(number, {}).items():
                q = self.head.phone_of(seat)
                if q != self.me and self.last_signed(q) < index:
                    blobs.setdefault(str(number), {})[str(seat)] = b64(blob)
        head = {"v": 1, "k": links.TURN, "g": b64(self.head.id), "to": phone, "from": first}
        if wraps and first == 0:
            head["w"] = wraps
        if blobs:
            head["h"] = blobs
        return links.encode(head, self.batches[first:])

    def open_link(self, head: dict, batches: list[tuple[str, bytes]]):
        """Steps: take a turn link (decoded by game.friends.links) into a copy
        of this record, checking every part; the copy, or StateError."""
        _need(head.get("k") == links.TURN and unb64(head.get("g"), 64) == self.head.id, OTHER_GAME)
        to, first = head.get("to"), head.get("from")
        _need(is_int(to) and (to == EVERYONE or 0 <= to < len(self.head.keys)))
        if to not in (EVERYONE, self.me):
            raise StateError(f"This turn is for {self.head.phone_name(to)}.")
        _need(is_int(first) and first >= 0)
        if first > len(self.batches):
            raise StateError(GAP)
        have = len(self.batches)
        for j, (text, _sig) in enumerate(batches[:max(0, have - first)]):
            if text != self.batches[first + j][0]:
                raise StateError(FORK)
        new = batches[max(0, have - first):]
        if not new:
            raise StateError(SAME if first + len(batches) == have else OLD)
        if self.pending:  # moves made here after the position the link continues: a fork
            raise StateError(FORK)
        work = self.copy()
        yield from work._take_attachments(head)
        for text, sig in new:
            content = _read_content(text, len(work.batches), len(self.head.keys))
            digest = chain(work.hash, text)
            key = decompress(work.head.keys[content["p"]] or b"")
            _need(key is not None and (yield Verify(key, digest, sig)) is True)
            yield from work._apply(content)
            work.batches.append((text, sig))
            work.hash = digest
        return work

    def _take_attachments(self, head: dict):
        wraps, blobs = head.get("w", {}), head.get("h", {})
        _need(isinstance(wraps, dict) and isinstance(blobs, dict) and len(wraps) <= MAX_PHONES)
        for q, w in wraps.items():
            _need(q.isdigit() and int(q) < MAX_PHONES)
            self.wraps[int(q)] = unb64(w, 256)
        _need(len(blobs) <= 2)
        for d, v in blobs.items():
            _need(d.isdigit() and isinstance(v, dict) and len(v) <= 8)
            for s, b in v.items():
                _need(s.isdigit() and int(s) < len(self.head.names))
                self.blobs.setdefault(int(d), {})[int(s)] = unb64(b, 1024)
        yield from self._unwrap()

    def _unwrap(self):
        """Steps: the table key from its copy sealed to this phone, if not yet at hand."""
        if self.table_key is None and self.me in self.wraps:
            key = yield Unseal(decompress(self.head.host_seal), _aad(self.head.id, "w", self.me),
                               self.wraps[self.me])
            _need(key is not None and len(key) == KEY_BYTES)
            self.table_key = key

    # applying a batch --------------------------------------------------------------------
    def _apply(self, content: dict):
        """Steps: one checked batch's effect on the position."""
        h = self.head
        phone = content["p"]
        if "g" in content:
            self.head = h = _agreed_head(h, Head.read(content["g"]), self.me)
        if "d" in content:
            _need(phone == 0)
            setup = content["d"]
            number = setup["d"]
            _need(number == self.deal + 1 and (self.position is None or number - 1 in self.truth))
            _need(self.table_key is not None, "This link lacks this phone's key to the table.")
            plain = yield Unlock(self.table_key, _aad(h.id, "t", number), unb64(setup["t"], 2048))
            _need(plain is not None)
            table = secrets.read_table(h.rules, [i for i, b in enumerate(h.bots) if b], plain)
            for seat in h.people(self.me):
                if seat in self.mine.get(number, {}):
                    continue
                blob = self.blobs.get(number, {}).get(seat)
                _need(blob is not None, "This link lacks this phone's cards.")
                plain = yield Unseal(decompress(h.host_seal), _aad(h.id, "h", number, seat), blob)
                _need(plain is not None)
                salt, piles = secrets.read_person(h.rules, plain)
                commit = unb64(setup["c"].get(str(seat)), 64)
                _need(deals.commitment(h.id, number, seat, salt, piles) == commit,
                      "The cards this phone was dealt do not match the deal.")
                self.mine.setdefault(number, {})[seat] = {"piles": piles, "salt": salt}
            self._start_deal(number, setup, table)
        if "m" in content:
            self._moves(phone, content["m"], content.get("l", {}))
        elif "l" in content:
            self._moves(phone, "", content["l"])
        if "r" in content:
            self._reveal(phone, content["r"])

    def _start_deal(self, number: int, setup: dict, table: dict) -> None:
        h = self.head
        commits = setup.get("c")
        lays = setup.get("l", {})
        _need(isinstance(commits, dict) and isinstance(lays, dict))
        public = {"commit": {int(s): unb64(c, 64) for s, c in commits.items() if s.isdigit()},
                  "lays": {int(s): _lays_read(v) for s, v in lays.items() if s.isdigit()}}
        _need(set(public["commit"]) == {i for i, b in enumerate(h.bots) if b is None})
        mine = {s: x["piles"] for s, x in self.mine.get(number, {}).items()}
        for s, x in self.mine.get(number, {}).items():
            _need(deals.commitment(h.id, number, s, x["salt"], x["piles"]) == public["commit"].get(s),
                  "The cards this phone was dealt do not match the deal.")
        before = self.truth.get(number - 1)
        try:
            self.position = deals.start_position(before, h.rules, h.names, h.bots, public, table, mine)
        except (IllegalMove, IndexError, ValueError):
            raise StateError(CHANGED) from None
        self.tables[number] = table
        self.publics[number] = public
        self.setups[number] = len(self.batches)
        self.moves[number] = []
        self.told[number] = {}
        self.revealed[number] = {}

    def _moves(self, phone: int, tokens: str, lays: dict) -> None:
        h = self.head
        state = self.position
        _need(state is not None and isinstance(tokens, str) and isinstance(lays, dict))
        told = {}
        for s, text in lays.items():
            _need(s.isdigit() and int(s) < len(h.names) and h.seats[int(s)] == phone)
            told[int(s)] = _lays_read(text)
        mask = state.mask
        pending = dict(told)
        number = state.deal
        for seat, lay in told.items():
            self.told[number].setdefault(seat, []).extend(lay)
        actions = [decode_action(t) for t in tokens.split(",")] if tokens else []
        _need(len(actions) <= MAX_MOVES)
        if number in self.quick:  # replayed once every hand is shown (true_deal names the seats)
            _need(not actions or not self.revealed[number], deals.SHOWN_EARLY)
            self.moves[number] += [(phone, action) for action in actions]
            return
        for action in actions:
            seat = state.to_move()
            deals.check_mover(h.names, h.seats, h.bots, seat, phone)
            if seat in pending and mask is not None and seat in mask.masked:
                mask.tell(state, seat, pending.pop(seat))
            if mask is not None and seat in mask.masked:
                show(state, seat, action)
            before = self.look(state) if self.look else None
            words = said(state, seat, action) if self.look else None
            try:
                apply(state, action)
            except IllegalMove as e:
                raise StateError(f"This link holds a move the rules refuse: {e}") from None
            self.moves[number].append((seat, action))
            if self.look:
                self.steps.append((action, seat, before, with_said(self.look(state), words)))
        for seat, lay in pending.items():
            if mask is not None and seat in mask.masked:
                mask.tell(state, seat, lay)
        if mask is not None:
            _need(not any(mask.told[s] for s in told if s in mask.masked), BAD_LAY)
            for s in told:
                if s in mask.mine:
                    mask.take_said(s)

    def _reveal(self, phone: int, revealed: dict) -> None:
        h = self.head
        state = self.position
        _need(state is not None and (state.deal_over or state.deal in self.quick) and isinstance(revealed, dict))
        number = state.deal
        for s, value in revealed.items():
            _need(s.isdigit() and int(s) < len(h.names) and h.seats[int(s)] == phone)
            _need(isinstance(value, list) and len(value) == len(h.rules.piles) + 1)
            self.revealed[number][int(s)] = {"piles": _piles(h.rules, value[:-1]), "salt": unb64(value[-1], 64)}
        persons = [i for i, b in enumerate(h.bots) if b is None]
        if all(s in self.revealed[number] for s in persons):
            truth = deals.true_deal(self.truth.get(number - 1), h.id, h.rules, h.names, h.bots,
                                    self.publics[number], self.tables[number], self.revealed[number],
                                    self.moves[number], self.told[number],
                                    h.seats if number in self.quick else None)
            self.truth[number] = truth
            self.position = truth.clone()

    # loading -----------------------------------------------------------------------------
    @classmethod
    def load(cls, data):
        """Steps: a saved record read strictly and its position rebuilt; StateError if it does not hold together."""
        _need(isinstance(data, dict) and data.get("v") == VERSION, "This saved game is not one this page reads.")
        try:
            head = Head.read(data["head"])
            me = data["me"]
            _need(is_int(me) and 0 <= me < len(head.keys))
            out = cls(head, me)
            out.wraps = {int(k): unb64(v, 256) for k, v in data["wraps"].items()}
            out.blobs = {int(d): {int(s): unb64(b, 1024) for s, b in v.items()} for d, v in data["blobs"].items()}
            out.seals = {int(k): unb64(v, 64) for k, v in data["seals"].items()}
            out.mine = {int(d): {int(s): {"piles": _piles(head.rules, x["p"]), "salt": unb64(x["s"], 64)}
                                 for s, x in v.items()} for d, v in data["mine"].items()}
            saved = [(t, unb64(s, 64)) for t, s in data["batches"]]
            pending = list(data["pending"])
            _need(all(isinstance(t, str) for t, _ in saved) and all(isinstance(t, str) for t in pending))
        except (KeyError, TypeError, ValueError, AttributeError):
            raise StateError(DAMAGED) from None
        _need(all(decompress(k) for k in out.seals.values()) and set(out.seals) <= set(range(len(head.keys))),
              DAMAGED)
        _need(all(set(v) <= set(head.people(me)) for v in out.mine.values()), DAMAGED)
        _need(me != 0 or not saved or set(out.seals) == set(range(len(head.keys))), DAMAGED)  # the host deals on
        yield from out._unwrap()
        contents = [_read_content(text, i, len(head.keys)) for i, (text, _) in enumerate(saved)]
        out.quick = _shown_deals(contents, {i for i, b in enumerate(head.bots) if b is None})
        for (text, sig), content in zip(saved, contents):
            yield from out._apply(content)
            out.hash = chain(out.hash, text)
            out.batches.append((text, sig))
        out.quick = set()
        _need(set(out.mine) <= set(out.setups), DAMAGED)
        try:
            for token in pending:
                out.play(decode_action(token))
        except IllegalMove:
            raise StateError(DAMAGED) from None
        return out


def _agreed_head(known: Head, given: Head, me: int) -> Head:
    """The head batch 0 gives, if it is the game this phone joined: the same
    game, rules and seats, the host's keys and this phone's own."""
    a, b = known.to_json(), given.to_json()
    same = all(a[k] == b[k] for k in ("id", "r", "n", "s", "e"))
    _need(same and a["k"][0] == b["k"][0] and a["k"][me] == b["k"][me] and all(given.keys))
    return given


def _shown_deals(contents: list[dict], persons: set[int]) -> set[int]:
    """The deals in which these batches show every person's cards (their moves
    need no masked replay: the true one checks them)."""
    deal, shown, out = 0, set(), set()
    for content in contents:
        if "d" in content:
            deal, shown = content["d"]["d"], set()
        revealed = content.get("r")
        shown |= {int(s) for s in revealed if s.isdigit()} if isinstance(revealed, dict) else set()
        if deal and persons <= shown:
            out.add(deal)
    return out


def _read_content(text: str, index: int, phones: int) -> dict:
    content = links.read_line(text)
    _need(isinstance(content, dict) and set(content) <= {"i", "p", "g", "d", "m", "l", "r"})
    _need(content.get("i") == index and is_int(content.get("p")) and 0 <= content["p"] < phones)
    _need(("g" in content) == (index == 0))
    d = content.get("d")
    if d is not None:
        _need(isinstance(d, dict) and set(d) <= {"d", "t", "c", "l"} and is_int(d.get("d")))
    return content


