"""What makes a meld legal, what a canasta is worth, and the basic book.

Glossary: a *meld* is three or more cards of one rank owned by a side; a
*canasta* (book, pile) is a meld of ``canasta_size`` cards; *natural*
(clean) means no wild cards, *mixed* (dirty) some, *wild* only wilds. The
*basic book* is the list of canastas a side needs before it may go out.
"""

from __future__ import annotations

from collections.abc import Iterable

from . import cards as C
from .english import KIND_WORDS, plural
from .names import MeldKind
from .rules import Book, RuleSet

CARD_VALUES = {"*": 50, "2": 20, "A": 20, "K": 10, "Q": 10, "J": 10, "T": 10,
               "9": 10, "8": 10, "7": 5, "6": 5, "5": 5, "4": 5}


def card_value(card: str) -> int:
    """Value of a card in a meld or toward the first-meld minimum (3s: 0)."""
    return CARD_VALUES.get(C.rank(card), 0)


def left_value(rules: RuleSet, card: str) -> int:
    """What a card left in a player's hand, knee or foot costs (a negative number)."""
    if C.is_red_three(card):
        return rules.red3_left
    if C.is_black_three(card):
        return rules.black3_left
    return -card_value(card)


def melded_value(rules: RuleSet, card: str) -> int:
    if C.is_black_three(card):
        return rules.black3_melded
    return card_value(card)


def natural_rank(cards: Iterable[str]) -> str | None:
    """The one rank of the natural cards, ``WILD`` if none, None if mixed ranks."""
    ranks = {c[0] for c in cards if c not in C.WILDS}  # a natural card's rank is its letter
    if not ranks:
        return C.WILD
    return ranks.pop() if len(ranks) == 1 else None


MIXED_RANKS = "A meld holds cards of one rank only (plus wild cards)."


def new_meld_problem(rules: RuleSet, cards: list[str]) -> str | None:
    """Why these cards cannot be laid down as one new meld, or None: the engine's
    check of a new meld, and the page's of one staged (before Meld is tapped)."""
    rank = natural_rank(cards)
    if rank is None:
        return MIXED_RANKS
    if len(cards) > rules.canasta_size and rules.meld_growth != "always":
        return f"A meld holds at most {rules.canasta_size} cards."
    return meld_problem(rules, rank, cards, grown_ok=True)


def meld_problem(rules: RuleSet, rank: str, cards: list[str], grown_ok: bool = False) -> str | None:
    """Why these cards cannot form a meld of ``rank``, or None if they can.

    ``grown_ok`` allows more than ``canasta_size`` cards where the rule set
    lets canastas grow at all; whether this particular canasta may grow is
    the engine's question (it depends on the book and the turn).
    """
    n = len(cards)
    if n < rules.meld_min:
        return f"A meld needs at least {rules.meld_min} cards."
    limit = rules.canasta_size
    if n > limit and not (grown_ok and rules.meld_growth != "never"):
        return f"A meld holds at most {limit} cards."
    naturals = [c for c in cards if c not in C.WILDS]
    wilds = n - len(naturals)
    if rank == C.WILD:
        if naturals:
            return "A meld of wild cards holds only 2s and Jokers."
        if not rules.wild_melds:
            return "These rules allow no melds of wild cards."
        return None
    for c in naturals:
        if c[0] != rank:
            return f"{C.label(c)} does not belong in a meld of {C.rank_label(rank)}."
    if rank == "3":
        if any(C.is_red_three(c) for c in cards):
            return "Red 3s cannot be melded."
        if not rules.black3_melds:
            return "Black 3s cannot be melded."
        if wilds:
            return "A meld of black 3s takes no wild cards."
        return None
    if rank not in "AKQJT987654":
        return f"{C.rank_label(rank)} cannot be melded."
    if wilds:
        if rank in rules.no_wild_ranks:
            return f"Melds of {C.rank_label(rank)} take no wild cards."
        return wild_limit_problem(rules, len(naturals), wilds)
    return None


def wild_limit_problem(rules: RuleSet, naturals: int, wilds: int) -> str | None:
    if rules.max_wilds and wilds > rules.max_wilds:
        return f"A meld may hold at most {rules.max_wilds} wild cards."
    if naturals < rules.min_naturals:
        return f"A meld needs at least {rules.min_naturals} natural cards."
    need = rules.wild_ratio * wilds + rules.natural_surplus
    if naturals < need:
        return (f"{plural(wilds, 'wild card')} need{'s' if wilds == 1 else ''} at least {need} natural "
                f"cards in the meld; it has {naturals}.")
    return None


def canasta_bonus(rules: RuleSet, rank: str, kind: str) -> int:
    if kind == MeldKind.WILD:
        return rules.bonus_wild
    if kind == MeldKind.NATURAL:
        return rules.natural_bonus(rank)
    return rules.bonus_mixed


def fits_book(book: Book, rank: str, kind: str) -> bool:
    return book[0] == kind and (not book[1] or book[1] == rank)


def canastas(melds, size: int) -> list[tuple[str, str]]:
    """(rank, kind) of each of ``melds`` that is a canasta (``size`` cards or more)."""
    return [(m.rank, m.kind()) for m in melds if len(m.cards) >= size]


def book_shortfall(books: tuple[Book, ...], canastas: list[tuple[str, str]]) -> list[Book]:
    """The books not yet filled by ``canastas`` ((rank, kind) pairs).

    Each canasta fills one book. Books naming a rank are filled first; a
    canasta has one kind, so this greedy order finds the best matching.
    """
    free = list(canastas)
    missing = []
    for book in sorted(books, key=lambda b: b[1] == ""):
        for i, (rank, kind) in enumerate(free):
            if fits_book(book, rank, kind):
                del free[i]
                break
        else:
            missing.append(book)
    return missing


def describe_book(book: Book) -> str:
    kind, rank = book
    if kind == MeldKind.WILD:
        return "a wild canasta"
    return f"a {KIND_WORDS[kind]} canasta" + (f" of {C.rank_label(rank)}" if rank else "")
