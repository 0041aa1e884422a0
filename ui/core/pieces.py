"""Small trees more than one room draws: a card's face, a seat's piles to come,
a side's facts in words, the house rules in force, a control's words for
screen readers."""


from game import cards as C
from game.english import plural
from ui.core.html import h
from ui.core.text import fmt

SUIT_CLASS = {"H": "red", "D": "red", "S": "black", "C": "black"}
PILE_NAMES = ("knee", "foot")  # the piles after the hand, in the order they come


def sr_only(words):
    """A control's name in words, for screen readers; its short visible text is
    aria-hidden (an aria-label would have to repeat that text: WCAG 2.5.3)."""
    return h("span", {"class": "sr-only"}, words)


def card_face(card, cls="card"):
    if card == C.JOKER:
        return h("span", {"class": f"{cls} joker", "aria-hidden": "true"}, "Jkr")
    return h("span", {"class": f"{cls} {SUIT_CLASS[card[1]]}", "aria-hidden": "true"}, C.label(card))


def to_come(counts):
    """The names of a seat's piles still to pick up, from their counts."""
    return PILE_NAMES[len(PILE_NAMES) - len(counts):]


def pile_words(counts):
    """A seat's piles still to pick up, in words ("knee 13 · foot 11"); a
    line wraps between piles, never between a word and its count."""
    if not counts:
        return "in\u00a0foot"
    return " · ".join(f"{name}\u00a0{n}" for name, n in zip(to_come(counts), counts))


def pile_marks(counts):
    """The piles to come as small face-down cards lettered K and F (knee,
    foot), so a narrow seat box says "15 [K][F]" in one line; the words,
    pile_words, are for screen readers and wider seat boxes."""
    if not counts:
        return h("span", {"class": "pile-marks"}, "in\u00a0foot")
    return h("span", {"class": "pile-marks"},
             h("span", {"aria-hidden": "true"},
               [h("span", {"class": "pile-mark"}, name[0].upper()) for name in to_come(counts)]),
             sr_only(pile_words(counts)))


def side_facts(view, side):
    """["5 melds", "2 canastas", "red 3 ×1", "1 230 pts"] for one side (the points it has down: the last)."""
    s = view["sides"][side]
    canastas = sum(1 for m in s["melds"] if m["canasta"])
    parts = [plural(len(s["melds"]), "meld")]
    if canastas:
        parts.append(plural(canastas, "canasta"))
    if s["red3"]:
        parts.append(f"red 3 ×{len(s['red3'])}")
    parts.append(f"{fmt(s['table_points'])} pts")
    return parts


def house_note(changes):
    """The house rules in force, option by option (nothing for a preset)."""
    if not changes:
        return None
    return h("section", {"class": "note house-note", "id": "house-rules"},
             h("h3", None, "House rules"),
             h("ul", None, [h("li", {"data-option": c["option"]},
                              f"{c['label']}: {c['value']} (preset: {c['preset']})") for c in changes]))
