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

from . import cards as C
from .errors import RulesError, StateError
from .presets import PRESETS, get_preset
from .rules import RuleSet

VERSION = 1
PHASES = ("draw", "play", "answer", "deal_end", "game_end")


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
            return "wild"
        return "mixed" if self.wilds else "natural"

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

    def to_json(self) -> dict:
        return {"melds": [m.to_json() for m in self.melds], "red3": list(self.red3),
                "opened": self.opened, "knee_unlocked": self.knee_unlocked,
                "total": self.total}


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
    phase: str = "draw"
    took_pile: bool = False
    permission: bool | None = None   # partner's answer this turn
    answering: list[int] = field(default_factory=list)  # seats still to answer
    went_out: int | None = None      # seat that went out this deal
    next_meld_id: int = 1
    deal_results: list[dict] = field(default_factory=list)
    log: list[dict] = field(default_factory=list)
    observer: int | None = None      # set on a seat's observation (game.view.observe)

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
        return self.phase in ("deal_end", "game_end")

    def to_move(self) -> int | None:
        if self.phase == "answer":
            return self.answering[0]
        if self.phase in ("draw", "play"):
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
        out.observer = None
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
        }

    @classmethod
    def from_json(cls, data: object) -> "GameState":
        """Load and verify a state; raise ``StateError`` naming the first problem."""
        try:
            state = _load(data)
        except StateError:
            raise
        except RulesError as e:
            raise StateError(f"The rule set is invalid: {e}") from None
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
            raise StateError(f"The game state is malformed ({type(e).__name__}: {e}).") from None
        problem = check_invariants(state)
        if problem:
            raise StateError(problem)
        return state


def _need(cond: bool, message: str) -> None:
    if not cond:
        raise StateError(message)


def _cards(value, where: str) -> list[str]:
    _need(isinstance(value, list), f"{where} must be a list of cards.")
    for c in value:
        _need(C.is_valid_code(c), f"{where} holds {c!r}, which is not a card code.")
    return list(value)


def _bool(d: dict, key: str) -> bool:
    v = d[key]
    _need(isinstance(v, bool), f"{key} must be true or false.")
    return v


def _int(d: dict, key: str) -> int:
    v = d[key]
    _need(isinstance(v, int) and not isinstance(v, bool), f"{key} must be a whole number.")
    return v


def _load(data) -> GameState:
    _need(isinstance(data, dict), "A game state must be a JSON object.")
    _need(data.get("version") == VERSION,
          f"This game state has version {data.get('version')!r}; this program reads version {VERSION}.")
    r = data["rules"]
    rules = get_preset(r) if isinstance(r, str) else RuleSet.from_dict(r)
    players = []
    _need(isinstance(data["players"], list), "players must be a list.")
    for i, p in enumerate(data["players"]):
        _need(isinstance(p, dict), "Each player must be an object.")
        name = p["name"]
        _need(isinstance(name, str) and 0 < len(name) <= 40, f"Player {i + 1}'s name must be 1 to 40 characters.")
        bot = p["bot"]
        _need(bot is None or isinstance(bot, str), f"Player {i + 1}'s bot must be a name or null.")
        _need(isinstance(p["piles"], list), "piles must be a list.")
        players.append(Player(
            name=name, bot=bot, hand=_cards(p["hand"], f"{name}'s hand"),
            piles=[_cards(x, f"{name}'s piles") for x in p["piles"]],
            knee_ready=_bool(p, "knee_ready"), pending_pickup=_bool(p, "pending_pickup"),
            foot_played=_bool(p, "foot_played")))
    per_side, _ = rules.seating(len(players))
    sides = []
    _need(isinstance(data["sides"], list) and len(data["sides"]) == len(players) // per_side,
          f"{len(players)} players make {len(players) // per_side} sides.")
    for s in data["sides"]:
        melds = []
        for m in s["melds"]:
            melds.append(Meld(id=_int(m, "id"), rank=m["rank"], cards=_cards(m["cards"], "A meld"),
                              book=_bool(m, "book"), completed_turn=_int(m, "completed_turn")))
        sides.append(Side(melds=melds, red3=_cards(s["red3"], "Red 3s"), opened=_bool(s, "opened"),
                          knee_unlocked=_bool(s, "knee_unlocked"), total=_int(s, "total")))
    stocks = data["stocks"]
    _need(isinstance(stocks, list) and len(stocks) == rules.stock_piles,
          f"The rules use {rules.stock_piles} stock pile(s).")
    answering = data["answering"]
    _need(isinstance(answering, list) and all(isinstance(a, int) for a in answering), "answering must list seats.")
    permission = data["permission"]
    _need(permission in (None, True, False), "permission must be true, false or null.")
    went_out = data["went_out"]
    _need(went_out is None or (isinstance(went_out, int) and 0 <= went_out < len(players)), "went_out must be a seat.")
    _need(isinstance(data["deal_results"], list), "deal_results must be a list.")
    _need(isinstance(data["log"], list) and all(isinstance(a, dict) for a in data["log"]),
          "log must be a list of actions.")
    seed = _int(data, "seed")
    return GameState(
        rules=rules, seed=seed, players=players, sides=sides,
        stocks=[_cards(s, "The stock") for s in stocks], discard=_cards(data["discard"], "The discard pile"),
        dead=_cards(data["dead"], "The dead pile"), deal=_int(data, "deal"), dealer=_int(data, "dealer"),
        turn=_int(data, "turn"), turn_number=_int(data, "turn_number"), phase=data["phase"],
        took_pile=_bool(data, "took_pile"), permission=permission, answering=list(answering),
        went_out=went_out, next_meld_id=_int(data, "next_meld_id"),
        deal_results=data["deal_results"], log=list(data["log"]))


def check_invariants(state: GameState) -> str | None:
    """The first broken invariant as a sentence, or None if the state is sound."""
    from .melds import meld_problem  # melds imports state's Meld

    r = state.rules
    n = state.num_players
    if state.phase not in PHASES:
        return f"Unknown phase {state.phase!r}."
    if not 1 <= state.deal <= r.deals:
        return f"Deal {state.deal} is outside a {r.deals}-deal game."
    for name, seat in (("dealer", state.dealer), ("turn", state.turn)):
        if not 0 <= seat < n:
            return f"The {name} must be a seat from 0 to {n - 1}."
    if state.phase == "answer" and not state.answering:
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
    return None
