"""The complete position of a game, its JSON form, and the checks on loading.

The state is plain mutable data; ``game.engine`` is the only code that
changes it, and only after an action has been fully checked. Loading a
JSON state verifies the version and every invariant (card counts per rule
set, legal meld contents, consistent phase) so a hand-written or tampered
file is refused with a clear message instead of producing a broken game.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from itertools import chain
from typing import NamedTuple

from . import cards as C
from .errors import RulesError, StateError, brief
from .invariants import bot_problem, position_problem
from .load import MAX_NAME, is_int, is_player_name, one_line
from .melds import meld_problem
from .names import Act, MeldKind, Phase
from .presets import PRESETS, get_preset
from .rules import MAX_DEALS, RuleSet

VERSION = 1


def shallow_copy(obj):
    """``copy.copy`` for these plain classes, without its generic protocol (far slower)."""
    out = object.__new__(type(obj))
    out.__dict__.update(obj.__dict__)
    return out


@dataclass
class Meld:
    """Cards of one rank owned by a side. ``rank`` is a rank letter or ``"W"``."""

    id: int
    rank: str
    cards: list[str]
    book: bool = False          # counted toward the basic book when completed
    completed_turn: int = -1    # turn number in which it became a canasta

    @property
    def wilds(self) -> int:
        return sum(1 for c in self.cards if c in C.WILDS)

    @property
    def naturals(self) -> int:
        return len(self.cards) - self.wilds

    def kind(self) -> str:
        """``"wild"``, ``"natural"`` or ``"mixed"``."""
        if self.rank == C.WILD:
            return MeldKind.WILD
        return MeldKind.MIXED if self.wilds else MeldKind.NATURAL

    def copy(self) -> "Meld":
        m = shallow_copy(self)
        m.cards = self.cards[:]
        return m

    def to_json(self) -> dict:
        return {"id": self.id, "rank": self.rank, "cards": list(self.cards),
                "book": self.book, "completed_turn": self.completed_turn}


@dataclass
class Player:
    name: str
    bot: str | None                 # bot name, or None for a person
    hand: list[str] = field(default_factory=list)
    piles: list[list[str]] = field(default_factory=list)  # unpicked: [knee, foot] or [foot]
    knee_ready: bool = False        # may pick up the knee (after drawing)
    pending_pickup: bool = False    # emptied by a discard: next pile at the next turn
    foot_played: bool = False       # has acted while holding the last pile

    def on_last_pile(self) -> bool:
        return not self.piles

    def to_json(self) -> dict:
        return {"name": self.name, "bot": self.bot, "hand": list(self.hand),
                "piles": [list(p) for p in self.piles], "knee_ready": self.knee_ready,
                "pending_pickup": self.pending_pickup, "foot_played": self.foot_played}


@dataclass
class Side:
    melds: list[Meld] = field(default_factory=list)
    red3: list[str] = field(default_factory=list)
    opened: bool = False
    knee_unlocked: bool = False     # the side has completed its first canasta
    total: int = 0                  # running score before the current deal
    unused_yes: int = 0             # turns this deal ended without going out after a yes that obliged it

    def to_json(self) -> dict:
        out = {"melds": [m.to_json() for m in self.melds], "red3": list(self.red3),
               "opened": self.opened, "knee_unlocked": self.knee_unlocked,
               "total": self.total}
        if self.unused_yes:  # absent when none: states from before the option read the same
            out["unused_yes"] = self.unused_yes
        return out


class Redeal(NamedTuple):
    """A deal dealt again where the game was opened from a link or a file
    (game.links.redeal): its cards in the order dealt, and the fresh seed the later
    deals are shuffled with."""

    deal: int
    seed: int
    deck: tuple[str, ...]

    def to_json(self) -> dict:
        return {"deal": self.deal, "seed": self.seed, "deck": list(self.deck)}


@dataclass
class GameState:
    rules: RuleSet
    seed: int
    players: list[Player]
    sides: list[Side]
    stocks: list[list[str]]          # each pile's top is its last element
    discard: list[str] = field(default_factory=list)
    dead: list[str] = field(default_factory=list)  # frozen piles out of play
    deal: int = 1
    dealer: int = 0
    turn: int = 0                    # seat whose turn it is
    turn_number: int = 0
    phase: str = Phase.DRAW
    took_pile: bool = False
    permission: bool | None = None   # partner's answer this turn
    answering: list[int] = field(default_factory=list)  # seats still to answer
    went_out: int | None = None      # seat that went out this deal
    next_meld_id: int = 1
    deal_results: list[dict] = field(default_factory=list)
    log: list[dict] = field(default_factory=list)
    # (seed, deal, seat): this game's deal k is dealt as deal ``deal + k - 1`` of the
    # game with that seed, seat i here holding what seat (i + seat) % n held there
    # (the same deal played again from another seat); None: dealt from ``seed``
    dealt_from: tuple[int, int, int] | None = None
    # deals dealt again, by deal: each is dealt from its ``deck``, and the deals
    # after it (to the next one) are shuffled from its ``seed`` (game.deal.deal_deck)
    redealt: tuple[Redeal, ...] = ()
    observer: int | None = None      # set on a seat's observation (game.view.observe)
    # a phone's position in a game by link (game.friends.masking.Mask): the seats
    # whose hidden cards it does not hold; never saved, compared or cloned
    mask: object = field(default=None, compare=False, repr=False)
    # what the last action did (game/events.py), in order; derived, never saved or compared
    events: list = field(default_factory=list, compare=False, repr=False)

    # seating --------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return len(self.players)

    def side_of(self, seat: int) -> int:
        return seat % len(self.sides)

    def seats_of(self, side_index: int) -> list[int]:
        return [p for p in range(self.num_players) if self.side_of(p) == side_index]

    def partners(self, seat: int) -> list[int]:
        return [p for p in self.seats_of(self.side_of(seat)) if p != seat]

    @property
    def deal_over(self) -> bool:
        """The deal has been scored (and perhaps the game too): no one is to move."""
        return self.phase in (Phase.DEAL_END, Phase.GAME_END)

    def deal_start(self) -> int:
        """Index in ``log`` of the current deal's first action (just after
        the ``next_deal`` that began it; 0 in the first deal)."""
        log = self.log
        for i in range(len(log) - 1, -1, -1):
            if log[i]["type"] == Act.NEXT_DEAL:
                return i + 1
        return 0

    def deal_log(self) -> list[dict]:
        """The log entries of the current deal (a copy)."""
        return self.log[self.deal_start():]

    def to_move(self) -> int | None:
        if self.phase == Phase.ANSWER:
            return self.answering[0]
        if self.phase in (Phase.DRAW, Phase.PLAY):
            return self.turn
        return None

    def clone(self) -> "GameState":
        """An independent copy (for search and undo); shares only the rules and the past log."""
        out = shallow_copy(self)
        out.players = [shallow_copy(p) for p in self.players]
        for p in out.players:
            p.hand = p.hand[:]
            p.piles = [x[:] for x in p.piles]
        out.sides = [shallow_copy(s) for s in self.sides]
        for s in out.sides:
            s.melds = [m.copy() for m in s.melds]
            s.red3 = s.red3[:]
        out.stocks = [x[:] for x in self.stocks]
        out.discard = self.discard[:]
        out.dead = self.dead[:]
        out.answering = self.answering[:]
        out.deal_results = self.deal_results[:]
        out.log = self.log[:]
        out.events = self.events[:]
        out.observer = None
        out.mask = None
        return out

    def stock_count(self) -> int:
        return sum(len(s) for s in self.stocks)

    def all_cards(self) -> Counter:
        """Every card in every zone: the conservation invariant's left side."""
        zones = [self.discard, self.dead, *self.stocks]
        for p in self.players:
            zones.append(p.hand)
            zones.extend(p.piles)
        for s in self.sides:
            zones.append(s.red3)
            zones.extend(m.cards for m in s.melds)
        return Counter(chain.from_iterable(zones))

    def expected_cards(self) -> Counter:
        _, decks = self.rules.seating(self.num_players)
        return Counter(C.full_deck(decks, self.rules.jokers_per_deck))

    # JSON -------------------------------------------------------------------
    def to_json(self) -> dict:
        preset = PRESETS.get(self.rules.name)
        rules = self.rules.name if preset == self.rules else self.rules.to_dict()
        return {
            "version": VERSION, "rules": rules, "seed": self.seed,
            "players": [p.to_json() for p in self.players],
            "sides": [s.to_json() for s in self.sides],
            "stocks": [list(s) for s in self.stocks], "discard": list(self.discard),
            "dead": list(self.dead), "deal": self.deal, "dealer": self.dealer,
            "turn": self.turn, "turn_number": self.turn_number, "phase": self.phase,
            "took_pile": self.took_pile, "permission": self.permission,
            "answering": list(self.answering), "went_out": self.went_out,
            "next_meld_id": self.next_meld_id,
            "deal_results": self.deal_results, "log": [dict(a) for a in self.log],
        } | self.dealt_from_json() | self.redealt_json()

    def dealt_from_json(self) -> dict:
        """The optional ``dealt_from`` field (absent for a game dealt from its own seed)."""
        if self.dealt_from is None:
            return {}
        seed, deal, seat = self.dealt_from
        return {"dealt_from": {"seed": seed, "deal": deal, "seat": seat}}

    def redealt_json(self) -> dict:
        """The optional ``redealt`` field (absent for a game never re-dealt)."""
        if not self.redealt:
            return {}
        return {"redealt": [r.to_json() for r in self.redealt]}

    @classmethod
    def from_json(cls, data: object) -> "GameState":
        """Load and verify a state; raise ``StateError`` naming the first problem in one line."""
        try:
            state = _load(data)
            problem = check_invariants(state)
        except StateError as e:
            raise StateError(one_line(e)) from None
        except RulesError as e:
            raise StateError(one_line(f"The rule set is invalid: {e}")) from None
        except (KeyError, TypeError, ValueError, AttributeError, IndexError, RecursionError) as e:
            raise StateError(f"The game state is malformed ({type(e).__name__}).") from None
        if problem:
            raise StateError(one_line(problem))
        return state


MAX_NUMBER = 10**15         # any count or score (the JSON reader refuses longer numbers too)
MAX_LOG = 20_000            # actions in a game's log; the longest simulated games take about 1,500
MELD_RANKS = "AKQJT987654" + "3" + C.WILD
STATE_KEYS = {"version", "rules", "seed", "players", "sides", "stocks", "discard", "dead", "deal",
              "dealer", "turn", "turn_number", "phase", "took_pile", "permission", "answering",
              "went_out", "next_meld_id", "deal_results", "log"}
PLAYER_KEYS = {"name", "bot", "hand", "piles", "knee_ready", "pending_pickup", "foot_played"}
SIDE_KEYS = {"melds", "red3", "opened", "knee_unlocked", "total"}
SIDE_OPTIONAL_KEYS = {"unused_yes"}
MELD_KEYS = {"id", "rank", "cards", "book", "completed_turn"}
DEALT_FROM_KEYS = {"seed", "deal", "seat"}
REDEAL_KEYS = {"deal", "seed", "deck"}
OPTIONAL_KEYS = {"dealt_from", "redealt"}


def _need(cond: bool, message: str) -> None:
    if not cond:
        raise StateError(message)


def _object(value, keys: set, what: str) -> dict:
    """``value`` as an object with exactly these keys."""
    _need(isinstance(value, dict), f"{what} must be a JSON object.")
    missing = sorted(keys - value.keys())
    _need(not missing, f"The game state is malformed: {what} has no {missing[0] if missing else ''}.")
    _need(value.keys() <= keys, f"The game state is malformed: {what} has an unknown field.")
    return value


def _list(value, what: str, limit: int = MAX_LOG) -> list:
    _need(isinstance(value, list) and len(value) <= limit, f"{what} must be a list.")
    return value


def _cards(value, where: str) -> list[str]:
    _list(value, where)
    for c in value:
        _need(C.is_valid_code(c), f"{where} holds {brief(c, 8)}, which is not a card code.")
    return list(value)


def _bool(d: dict, key: str) -> bool:
    v = d[key]
    _need(isinstance(v, bool), f"{key} must be true or false.")
    return v


def _int(d: dict, key: str, low: int = -MAX_NUMBER, high: int = MAX_NUMBER, label: str = "") -> int:
    v = d[key]
    label = label or key
    _need(is_int(v), f"{label} must be a whole number.")
    _need(low <= v <= high, f"{label} is out of range.")
    return v


def _seat_or_null(v, n: int, key: str):
    _need(v is None or (is_int(v) and 0 <= v < n), f"{key} must be a seat or null.")
    return v


def _load(data) -> GameState:
    _need(isinstance(data, dict), "A game state must be a JSON object.")
    version = data.get("version")
    _need(is_int(version) and version == VERSION,
          f"This game state has version {brief(version)}; this program reads version {VERSION}.")
    _object(data, STATE_KEYS | (OPTIONAL_KEYS & data.keys()), "the state")
    r = data["rules"]
    rules = get_preset(r) if isinstance(r, str) else RuleSet.from_dict(r)
    players = [_load_player(p, i) for i, p in enumerate(_list(data["players"], "players", 8))]
    n = len(players)
    per_side, _ = rules.seating(n)
    _need(isinstance(data["sides"], list) and len(data["sides"]) == n // per_side,
          f"{n} players make {n // per_side} sides.")
    sides = [_load_side(s, i) for i, s in enumerate(data["sides"])]
    stocks = data["stocks"]
    _need(isinstance(stocks, list) and len(stocks) == rules.stock_piles,
          f"The rules use {rules.stock_piles} stock pile(s).")
    answering = _list(data["answering"], "answering", n)
    _need(all(is_int(a) for a in answering), "answering must list seats.")
    permission = data["permission"]
    _need(permission is None or isinstance(permission, bool), "permission must be true, false or null.")
    _need(isinstance(data["phase"], str) and data["phase"] in Phase.ALL, "Unknown phase.")
    return GameState(
        rules=rules, seed=_int(data, "seed"), players=players, sides=sides,
        stocks=[_cards(s, "The stock") for s in stocks], discard=_cards(data["discard"], "The discard pile"),
        dead=_cards(data["dead"], "The dead pile"), deal=_int(data, "deal"),
        dealer=_int(data, "dealer"), turn=_int(data, "turn"),
        turn_number=_int(data, "turn_number", 1, MAX_LOG), phase=data["phase"],
        took_pile=_bool(data, "took_pile"), permission=permission, answering=list(answering),
        went_out=_seat_or_null(data["went_out"], n, "went_out"),
        next_meld_id=_int(data, "next_meld_id", 1, MAX_LOG),
        deal_results=list(_list(data["deal_results"], "deal_results", rules.deals)),  # copies: the engine
        log=list(_list(data["log"], "log")),                                           # appends to both
        dealt_from=read_dealt_from(data["dealt_from"], n) if "dealt_from" in data else None,
        redealt=read_redealt(data["redealt"]) if "redealt" in data else ())


def read_dealt_from(value, players: int) -> tuple[int, int, int]:
    """A ``dealt_from`` object (see GameState) as (seed, deal, seat), or StateError."""
    _object(value, DEALT_FROM_KEYS, "dealt_from")
    return (_int(value, "seed", label="dealt_from's seed"),
            _int(value, "deal", 1, MAX_DEALS, "dealt_from's deal"),
            _int(value, "seat", 0, players - 1, "dealt_from's seat"))


def read_redealt(value) -> tuple[Redeal, ...]:
    """A ``redealt`` list (see GameState) as Redeal records, or StateError;
    game.load's position check matches them to the game."""
    out = []
    for r in _list(value, "redealt", MAX_DEALS):
        _object(r, REDEAL_KEYS, "a re-deal")
        out.append(Redeal(_int(r, "deal", 1, MAX_DEALS, "A re-deal's deal"),
                          _int(r, "seed", label="A re-deal's seed"),
                          tuple(_cards(r["deck"], "A re-dealt deck"))))
    return tuple(out)


def _load_player(p, i: int) -> Player:
    _object(p, PLAYER_KEYS, f"player {i + 1}")
    name = p["name"]
    _need(is_player_name(name), f"Player {i + 1}'s name must be 1 to {MAX_NAME} characters.")
    _need(bot_problem(p["bot"]) is None, f"Player {i + 1}: {bot_problem(p['bot'])}")
    return Player(
        name=name, bot=p["bot"], hand=_cards(p["hand"], f"Player {i + 1}'s hand"),
        piles=[_cards(x, f"Player {i + 1}'s piles") for x in _list(p["piles"], "piles", 2)],
        knee_ready=_bool(p, "knee_ready"), pending_pickup=_bool(p, "pending_pickup"),
        foot_played=_bool(p, "foot_played"))


def _load_side(s, i: int) -> Side:
    what = f"side {i + 1}"
    _need(isinstance(s, dict), f"{what} must be a JSON object.")
    _object(s, SIDE_KEYS | (SIDE_OPTIONAL_KEYS & s.keys()), what)
    melds = [_load_meld(m) for m in _list(s["melds"], "melds")]
    return Side(melds=melds, red3=_cards(s["red3"], "Red 3s"), opened=_bool(s, "opened"),
                knee_unlocked=_bool(s, "knee_unlocked"), total=_int(s, "total"),
                unused_yes=_int(s, "unused_yes", 0, MAX_LOG) if "unused_yes" in s else 0)


def _load_meld(m) -> Meld:
    _object(m, MELD_KEYS, "a meld")
    _need(isinstance(m["rank"], str) and len(m["rank"]) == 1 and m["rank"] in MELD_RANKS,
          "A meld's rank must be a rank letter (A to 4, 3 or W).")
    return Meld(id=_int(m, "id", 1, MAX_LOG, "Meld id"), rank=m["rank"],
                cards=_cards(m["cards"], "A meld"), book=_bool(m, "book"),
                completed_turn=_int(m, "completed_turn", -1, MAX_LOG))


def check_invariants(state: GameState) -> str | None:
    """The first broken invariant as a sentence, or None if the state is sound."""
    r = state.rules
    n = state.num_players
    if state.phase not in Phase.ALL:
        return "Unknown phase."
    if not 1 <= state.deal <= r.deals:
        return f"Deal {state.deal} is outside a {r.deals}-deal game."
    for name, seat in (("dealer", state.dealer), ("turn", state.turn)):
        if not 0 <= seat < n:
            return f"The {name} must be a seat from 0 to {n - 1}."
    if state.phase == Phase.ANSWER and not state.answering:
        return "The phase is answer but nobody is asked."
    for a in state.answering:
        if a not in state.partners(state.turn):
            return "Only the player's partners can be asked to go out."
    have, want = state.all_cards(), state.expected_cards()
    if have != want:
        extra = sorted((have - want).elements())
        missing = sorted((want - have).elements())
        detail = (f"extra {' '.join(extra[:5])}" if extra else "") + \
                 (" and " if extra and missing else "") + \
                 (f"missing {' '.join(missing[:5])}" if missing else "")
        return f"The cards do not add up to {sum(want.values())} for this rule set: {detail}."
    pile_count = len(r.piles) - 1
    for p in state.players:
        if len(p.piles) > pile_count:
            return f"{p.name} has more unpicked piles than the rules deal."
    ids = set()
    for s in state.sides:
        for m in s.melds:
            if m.id in ids or m.id >= state.next_meld_id:
                return f"Meld id {m.id} is repeated or out of range."
            ids.add(m.id)
            problem = meld_problem(r, m.rank, m.cards, grown_ok=True)
            if problem:
                return f"A meld on the table is illegal: {problem}"
        for c in s.red3:
            if not C.is_red_three(c):
                return f"{c} is among the laid red 3s."
    return position_problem(state)
