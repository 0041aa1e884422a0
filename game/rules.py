"""The rule set: every way the supported rule systems differ, as named data.

One frozen dataclass holds all options. Presets (``game.presets``) are
instances built from one another with ``derive``; the engine reads options
and never asks which preset it is playing. ``RuleSet.from_dict`` is strict:
unknown names, wrong types and inconsistent combinations are refused with a
sentence naming the rule, never silently replaced.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, fields

from .english import plural
from .errors import RulesError, brief
from .load import is_int
from .names import MeldKind

# A book requirement is (kind, rank): kind is "natural", "mixed" or "wild";
# rank is a rank letter or "" for any rank.
Book = tuple[str, str]

TRIPLE_PLAY_BOOK: tuple[Book, ...] = (
    (MeldKind.NATURAL, "7"), (MeldKind.NATURAL, "5"), (MeldKind.WILD, ""), (MeldKind.NATURAL, ""), (MeldKind.MIXED, ""))


@dataclass(frozen=True)
class RuleSet:
    """All options of a rule system. Field comments say what each one governs."""

    name: str = "custom"
    title: str = "Custom rules"

    # -- players, cards, deal ------------------------------------------------
    players: int = 4                      # default number of players
    # (players, players per side, decks) for every allowed player count
    seatings: tuple[tuple[int, int, int], ...] = ((4, 2, 6),)
    jokers_per_deck: int = 2
    piles: tuple[int, ...] = (15, 13, 11)  # hand, knee, foot; two sizes = no knee
    stock_piles: int = 1                  # 2: draw from either pile
    draw_count: int = 2
    upcard: bool = True                   # turn a card to start the discard pile
    # cards that may not be the upcard: rank letters, "*" joker, "R3", "B3"
    upcard_bury: tuple[str, ...] = ("*", "2", "R3", "5", "7")
    deals: int = 4
    dealer_starts: bool = False           # False: the player left of the dealer

    # -- card values ---------------------------------------------------------
    black3_left: int = -100               # each black 3 left in hand, knee, foot
    red3_left: int = -500                 # each red 3 not laid at the end
    black3_melded: int = 0                # each black 3 in a meld (brouillette -5)

    # -- red threes ----------------------------------------------------------
    red3_laid: bool = True                # laid face up at once (else held/discarded)
    red3_replace: str = "hand"            # "hand" (first pile only), "always", "never"
    red3_after_opening: bool = False      # laid only once the side has melded
    red3_value: int = 100
    red3_set_size: int = 7                # this many laid earn red3_set_bonus
    red3_set_bonus: int = 300

    # -- melds ---------------------------------------------------------------
    meld_min: int = 3
    canasta_size: int = 7
    # growth past canasta_size: "never", "always", "extra" (canastas outside the
    # basic book only)
    meld_growth: str = "never"
    growth_not_same_turn: bool = False    # no growth in the turn a canasta is made
    one_meld_per_rank: bool = False       # False: a new meld once the last is complete
    # wild limits: naturals >= wild_ratio * wilds + natural_surplus,
    # wilds <= max_wilds (0 = no cap), naturals >= min_naturals
    wild_ratio: int = 2
    natural_surplus: int = 0
    max_wilds: int = 0
    min_naturals: int = 1
    no_wild_ranks: tuple[str, ...] = ("5", "7")
    wild_melds: bool = True
    black3_melds: bool = False

    # -- first meld ----------------------------------------------------------
    opening_by_deal: tuple[int, ...] = (50, 90, 120, 150)
    # if set: ((from_score, minimum), ...) ascending; the side's running score
    # picks the last row it reaches; below the first row: opening_by_deal[0]
    opening_by_score: tuple[tuple[int, int], ...] = ()
    hidden_canasta_deals: tuple[int, ...] = ()  # opening must be a 7-card canasta from the hand

    # -- discard pile --------------------------------------------------------
    pile_pair: bool = True                # two naturals of the top rank from the hand
    pile_take_max: int = 0                # 0: the whole pile
    pile_min_size: int = 0
    pile_wild_top: bool = True            # a wild on top taken with two of the same wild
    pile_top_only_before_opening: bool = False
    discard_after_pile: bool = False      # False: the turn ends with a knock
    wild_discard_freezes: bool = False    # a discarded wild sends the pile out of play

    # -- knee and foot -------------------------------------------------------
    knee_reminder: bool = False           # table option: show when the knee may be taken
    # the partners of a side's first canasta's maker hold their knee from the
    # start of their next turn (so it counts for taking the pile); False: they
    # pick it up after drawing
    partner_knee_at_turn_start: bool = False
    # a player who empties the hand picks up the knee even before the side's
    # first canasta (at once after a meld, at the next turn after a discard)
    empty_hand_opens_knee: bool = False

    # -- going out -----------------------------------------------------------
    going_out_discard: str = "optional"   # "optional", "required", "forbidden"
    ask_partner: bool = True
    partner_in_foot: bool = False         # partner must have played from the foot
    # a partner's yes obliges the player to go out that turn: a turn ended
    # without going out after a yes costs the side unused_yes_penalty at the
    # deal's scoring (False: a yes permits going out, never obliges)
    yes_obliges: bool = False
    unused_yes_penalty: int = 100
    books_required: bool = True           # the basic book is needed to go out
    books: tuple[Book, ...] = TRIPLE_PLAY_BOOK
    books_by_deal: tuple[tuple[int, tuple[Book, ...]], ...] = ()  # overrides per deal

    # -- scoring -------------------------------------------------------------
    bonus_natural: int = 500
    bonus_mixed: int = 300
    bonus_wild: int = 2500
    bonus_natural_rank: tuple[tuple[str, int], ...] = (("7", 5000), ("5", 3000))
    rank_bonus_repeats: bool = True       # False: only a side's first clean canasta of the rank earns it
    going_out_bonus: int = 200

    # ------------------------------------------------------------------------
    def __post_init__(self) -> None:
        problems = _problems(self)
        if problems:
            raise RulesError(problems[0])

    def derive(self, **changes) -> "RuleSet":
        """A new rule set with some options changed (validated)."""
        return dataclasses.replace(self, **changes)

    # derived facts ------------------------------------------------------------
    @property
    def has_knee(self) -> bool:
        return len(self.piles) == 3

    def seating(self, players: int) -> tuple[int, int]:
        """(players per side, decks) for a player count, or refuse it."""
        for n, per_side, decks in self.seatings:
            if n == players:
                return per_side, decks
        allowed = ", ".join(str(s[0]) for s in self.seatings)
        raise RulesError(f"{self.title} is played by {allowed} players, not {players}.")

    def books_for_deal(self, deal: int) -> tuple[Book, ...]:
        """The canastas a side needs to go out in this deal (none if not required)."""
        if not self.books_required:
            return ()
        for d, books in self.books_by_deal:
            if d == deal:
                return books
        return self.books

    def natural_bonus(self, rank: str) -> int:
        for r, bonus in self.bonus_natural_rank:
            if r == rank:
                return bonus
        return self.bonus_natural

    # serialisation --------------------------------------------------------------
    def to_dict(self) -> dict:
        out = {}
        for f in fields(self):
            out[f.name] = _to_json(getattr(self, f.name))
        return out

    @classmethod
    def from_dict(cls, data: dict) -> "RuleSet":
        if not isinstance(data, dict):
            raise RulesError("A rule set must be a JSON object of named options.")
        known = {f.name: f for f in fields(cls)}
        unknown = sorted(set(data) - set(known))
        if unknown:
            raise RulesError(f"Unknown rule option: {unknown[0][:30]}.")
        kwargs = {}
        for name, value in data.items():
            default = getattr(_DEFAULTS, name)
            kwargs[name] = _from_json(name, value, default)
        return cls(**kwargs)


def _to_json(value):
    if isinstance(value, tuple):
        return [_to_json(v) for v in value]
    return value


def _from_json(name: str, value, default):
    """Convert a JSON value to the type of the option's default, or refuse it."""
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise RulesError(f"Rule option {name} must be true or false.")
        return value
    if isinstance(default, int):
        if isinstance(value, bool) or not isinstance(value, int):
            raise RulesError(f"Rule option {name} must be a whole number.")
        return value
    if isinstance(default, str):
        if not isinstance(value, str):
            raise RulesError(f"Rule option {name} must be text.")
        return value
    if isinstance(default, tuple):
        if not isinstance(value, list):
            raise RulesError(f"Rule option {name} must be a list.")
        return _deep_tuple(name, value)
    raise RulesError(f"Rule option {name} has an unsupported value.")  # pragma: no cover


def _deep_tuple(name, value):
    if isinstance(value, list):
        return tuple(_deep_tuple(name, v) for v in value)
    if isinstance(value, (str, int)) and not isinstance(value, bool):
        return value
    raise RulesError(f"Rule option {name} holds a value of the wrong kind.")


MELD_RANKS = "AKQJT987654"

# Bounds that keep a rule set from a file or link small enough to play:
# nothing it allocates or loops over grows past a few thousand cards.
MAX_DECKS = 12
MAX_DEALS = 20
MAX_PILE = 30
MAX_DRAW = 30           # a house rule may draw many (short deals); never more than a pile
MAX_JOKERS = 4
MAX_CANASTA = 20
MAX_NUMBER = 1_000_000   # any point value or threshold
MAX_ENTRIES = 24         # entries of any list option
MAX_TEXT = 60            # characters of any text option


def _ints(t, size=None) -> bool:
    return isinstance(t, tuple) and all(is_int(v) for v in t) and (size is None or len(t) == size)


def _texts(t) -> bool:
    return isinstance(t, tuple) and all(isinstance(v, str) for v in t)


def _pairs(t, first, second) -> bool:
    return isinstance(t, tuple) and all(
        isinstance(v, tuple) and len(v) == 2 and first(v[0]) and second(v[1]) for v in t)


def _books(t) -> bool:
    return _pairs(t, lambda k: isinstance(k, str), lambda r: isinstance(r, str))


# the shape of every list option, so the checks below can trust it
SHAPES = {
    "seatings": lambda t: isinstance(t, tuple) and all(_ints(row, 3) for row in t),
    "piles": _ints, "upcard_bury": _texts, "no_wild_ranks": _texts, "opening_by_deal": _ints,
    "opening_by_score": lambda t: _pairs(t, is_int, is_int), "hidden_canasta_deals": _ints,
    "books": _books, "books_by_deal": lambda t: _pairs(t, is_int, _books),
    "bonus_natural_rank": lambda t: _pairs(t, lambda k: isinstance(k, str), is_int),
}


def _leaves(value):
    if isinstance(value, tuple):
        for v in value:
            yield from _leaves(v)
    else:
        yield value


def _size_problem(r: RuleSet) -> str | None:
    """A list option of the wrong shape, or any value past the bounds above."""
    for f in fields(r):
        value = getattr(r, f.name)
        if f.name in SHAPES and not SHAPES[f.name](value):
            return f"Rule option {f.name} holds a value of the wrong kind."
        if isinstance(value, tuple) and (len(value) > MAX_ENTRIES or any(
                isinstance(v, tuple) and len(v) > MAX_ENTRIES for v in value)):
            return f"Rule option {f.name} has too many entries."
        for leaf in _leaves(value):
            if is_int(leaf) and abs(leaf) > MAX_NUMBER:
                return f"Rule option {f.name} holds a number far too large."
            if isinstance(leaf, str) and len(leaf) > MAX_TEXT:
                return f"Rule option {f.name} holds text longer than {MAX_TEXT} characters."
    return None


def _problems(r: RuleSet) -> list[str]:
    """Every inconsistency in a rule set, each as a sentence naming the rule."""
    size = _size_problem(r)
    if size:
        return [size]  # the checks below read the options as numbers, texts and pairs
    return (_choice_problems(r) + _seating_problems(r) + _range_problems(r) + _combination_problems(r)
            + _book_problems(r) + _deal_number_problems(r) + _upcard_problems(r))


def _choice_problems(r: RuleSet) -> list[str]:
    """The options that name one of a few choices."""
    p = []
    choice = {
        "red3_replace": ("hand", "always", "never"),
        "meld_growth": ("never", "always", "extra"),
        "going_out_discard": ("optional", "required", "forbidden"),
    }
    for name, allowed in choice.items():
        if getattr(r, name) not in allowed:
            p.append(f"Rule option {name} must be one of {', '.join(allowed)}.")
    return p


def _seating_problems(r: RuleSet) -> list[str]:
    """Player counts, sides and decks, and enough cards to deal."""
    p = []
    if not r.seatings:
        p.append("The rule set must allow at least one player count.")
    for row in r.seatings:
        if len(row) != 3:
            p.append("Each seating is (players, players per side, decks).")
            continue
        n, per_side, decks = row
        if not 2 <= n <= 8:
            p.append(f"{n} players is not supported (2 to 8).")
        elif per_side < 1 or n % per_side:
            p.append(f"{n} players cannot form sides of {per_side}.")
        elif per_side > 1 and n // per_side < 2:
            p.append(f"{n} players in sides of {per_side} leave no opponents.")
        if not 1 <= decks <= MAX_DECKS:
            p.append(f"A game uses 1 to {MAX_DECKS} decks, not {decks}.")
    if r.seatings and all(len(s) == 3 for s in r.seatings):
        if r.players not in [s[0] for s in r.seatings]:
            p.append(f"The default of {r.players} players is not an allowed player count.")
        for n, _, decks in r.seatings:
            cards = decks * (52 + r.jokers_per_deck)
            if n * sum(r.piles) + 20 > cards:
                p.append(f"{decks} decks are too few to deal {n} players and keep a stock.")
    return p


def _range_problems(r: RuleSet) -> list[str]:
    """Each number within its bounds."""
    p = []
    if len(r.piles) not in (2, 3) or any(not 1 <= size <= MAX_PILE for size in r.piles):
        p.append(f"Piles are hand and foot, or hand, knee and foot, each of 1 to {MAX_PILE} cards.")
    if not 0 <= r.jokers_per_deck <= MAX_JOKERS:
        p.append(f"A deck has 0 to {MAX_JOKERS} jokers.")
    if r.stock_piles not in (1, 2):
        p.append("There are one or two stock piles.")
    if not 1 <= r.draw_count <= MAX_DRAW:
        p.append(f"A player draws 1 to {MAX_DRAW} cards.")
    if not 1 <= r.deals <= MAX_DEALS:
        p.append(f"A game has 1 to {MAX_DEALS} deals.")
    if r.canasta_size > MAX_CANASTA:
        p.append(f"A canasta has at most {MAX_CANASTA} cards.")
    if not 1 <= r.meld_min <= r.canasta_size:
        p.append("The smallest meld must have between 1 and canasta-size cards.")
    if r.unused_yes_penalty < 0:
        p.append("The penalty for a yes not used must not be negative.")
    if r.wild_ratio < 0 or r.natural_surplus < 0 or r.max_wilds < 0 or r.min_naturals < 1:
        p.append("Wild-card limits must not be negative; a meld needs a natural card.")
    if not r.opening_by_deal:
        p.append("A first-meld minimum is needed (opening_by_deal).")
    scores = [row[0] for row in r.opening_by_score]
    if scores != sorted(scores):
        p.append("First-meld minimums by score must be in ascending order of score.")
    return p


def _combination_problems(r: RuleSet) -> list[str]:
    """Options that only make sense together."""
    p = []
    if not r.pile_pair and r.pile_top_only_before_opening:
        p.append("Taking only the top card before opening needs the pair rule.")
    if r.growth_not_same_turn and r.meld_growth == "never":
        p.append("growth_not_same_turn only matters when melds may grow.")
    if r.one_meld_per_rank and r.meld_growth == "never":
        p.append("With one meld per rank, melds must be able to grow past a canasta.")
    if r.empty_hand_opens_knee and not r.has_knee:
        p.append("An emptied hand can open the knee only where there is a knee.")
    if r.red3_after_opening and not r.red3_laid:
        p.append("red3_after_opening needs red 3s to be laid.")
    return p


def _book_problems(r: RuleSet) -> list[str]:
    """The books required to go out must be canastas a side can make."""
    p = []
    for books in [r.books] + [b for _, b in r.books_by_deal]:
        for book in books:
            if len(book) != 2 or book[0] not in MeldKind.ALL:
                p.append("Each book is (natural|mixed|wild, rank or empty).")
            elif book[1] and book[1] not in MELD_RANKS + "3":
                p.append(f"A book of rank {brief(book[1])} is impossible.")
            elif book[0] == MeldKind.WILD and book[1]:
                p.append("A wild book has no rank.")
            elif book[0] == MeldKind.WILD and not r.wild_melds:
                p.append("A wild canasta is required to go out, but wild melds are not allowed.")
            elif book[0] == MeldKind.MIXED and book[1] in r.no_wild_ranks:
                p.append(f"A mixed book of {book[1]}s is impossible: they take no wild cards.")
    return p


def _deal_number_problems(r: RuleSet) -> list[str]:
    """Options naming a deal must name one the game has."""
    p = []
    for d, _ in r.books_by_deal:
        if not 1 <= d <= r.deals:
            p.append(f"Deal {d} has book requirements but the game has {plural(r.deals, 'deal')}.")
    for d in r.hidden_canasta_deals:
        if not 1 <= d <= r.deals:
            p.append(f"Deal {d} needs a hidden canasta but the game has {plural(r.deals, 'deal')}.")
    return p


def _upcard_problems(r: RuleSet) -> list[str]:
    p = []
    for item in r.upcard_bury:
        if item not in ("*", "R3", "B3") and (len(item) != 1 or item not in MELD_RANKS + "2"):
            p.append(f"Unknown upcard kind {brief(item)}.")
    return p


_DEFAULTS = RuleSet.__new__(RuleSet)
for _f in fields(RuleSet):
    object.__setattr__(_DEFAULTS, _f.name, _f.default)
