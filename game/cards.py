"""Card codes and the facts every rule system shares about a single card.

A card is a short string: rank then suit (``"TD"``, ``"3H"``) or ``"JK"``
for a joker. Copies from different decks are interchangeable, so a card
needs no deck id and a pile is just a list of codes.
"""

RANKS = "AKQJT98765432"
SUITS = "SHDC"
JOKER = "JK"
WILD = "W"  # the rank of a meld made only of wild cards
RED_THREES = ("3H", "3D")
BLACK_THREES = ("3S", "3C")
WILDS = frozenset([JOKER] + ["2" + s for s in SUITS])  # sets: hot loops test membership inline
CODES = frozenset([JOKER] + [r + s for r in RANKS for s in SUITS])
HIDDEN = "??"  # a card a seat may not see (game.view, game.events)

RANK_NAMES = {
    "A": "Ace", "K": "King", "Q": "Queen", "J": "Jack", "T": "10", "9": "9",
    "8": "8", "7": "7", "6": "6", "5": "5", "4": "4", "3": "3", "2": "2",
    WILD: "wild",
}
SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}


def rank(card: str) -> str:
    """The rank letter; a joker's rank is ``"*"`` (``"J"`` is the Jack)."""
    return "*" if card == JOKER else card[0]


def is_wild(card: str) -> bool:
    return card in WILDS


def is_red_three(card: str) -> bool:
    return card in RED_THREES


def is_black_three(card: str) -> bool:
    return card in BLACK_THREES


def is_valid_code(card: object) -> bool:
    return isinstance(card, str) and card in CODES


def full_deck(decks: int, jokers_per_deck: int = 2) -> list[str]:
    """Every card of ``decks`` standard decks, in a fixed order (shuffled later)."""
    one = [r + s for s in SUITS for r in RANKS] + [JOKER] * jokers_per_deck
    return one * decks


def label(card: str) -> str:
    """Human text for a card, e.g. ``10♦`` or ``Joker``."""
    if card == JOKER:
        return "Joker"
    r = "10" if card[0] == "T" else card[0]
    return r + SUIT_SYMBOLS[card[1]]


def rank_label(r: str, plural: bool = True) -> str:
    """``"9s"``, ``"Aces"``, ``"wilds"`` for messages."""
    if r == "*":
        return "Jokers" if plural else "Joker"
    name = RANK_NAMES.get(r, r)
    return name + "s" if plural else name
