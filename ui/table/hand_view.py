"""The hand as ui.core.html trees: one chip per rank group, its cards
fanned, and the row of tools above it (the count, New meld, Clear)."""

from collections import Counter

from game import cards as C
from game.english import plural
from game.view import sort_key
from ui.core.html import button, h
from ui.core.pieces import SUIT_CLASS, sr_only
from ui.core.selection import group_name, group_title

WILD_KEYS = ("2", C.JOKER)


FAN = 4  # mini cards drawn per chip; a count says how many more


def display_order(groups):
    """The groups as the hand shows them: naturals and 3s, then the wild cards
    (2s and jokers) together at the right end."""
    return [g for g in groups if g[0] not in WILD_KEYS] + [g for g in groups if g[0] in WILD_KEYS]


def fan_cards(cards):
    """Up to FAN cards to draw, distinct cards first (each suit held is in the fan)."""
    shown, rest = [], []
    for c in cards:
        (rest if c in shown else shown).append(c)
    return sorted((shown + rest)[:FAN], key=sort_key)


def mini_card(card, up, front):
    """One card of a chip's fan; only the front one shows its corner index
    (the others show as edges behind it)."""
    colour = "joker" if card == C.JOKER else SUIT_CLASS[card[1]]
    face = None
    if front:
        suit = "★" if card == C.JOKER else C.SUIT_SYMBOLS[card[1]]
        face = [h("span", {"class": "mc-rank"}, "Jkr" if card == C.JOKER else group_title(card[0])),
                h("span", {"class": "mc-suit"}, suit)]
    return h("span", {"class": f"mc {colour}" + (" up" if up else "") + (" front" if front else "")}, face)


def chip_fan(cards, n):
    """A fanned stack of mini cards, the front one (last, its corner index shown)
    the card a tap selects first (``cards[0]``: a selection takes the group's
    cards in order); the ``n`` selected ones stand up, from the front."""
    drawn = fan_cards(cards)[::-1]
    up = min(n, len(drawn)) if n < len(cards) else len(drawn)
    minis = [mini_card(c, i >= len(drawn) - up, i == len(drawn) - 1) for i, c in enumerate(drawn)]
    return h("span", {"class": f"fan n{len(drawn)}", "aria-hidden": "true"}, minis)


HAND_HINT = "Tap: one more · −: one fewer · hold: all · drag to play"


def hand(groups, *, fresh=None, hint=False):
    """One chip per rank group, every group's corner index in view at once (a
    phone lays them seven to a row, so the largest hand fits in two rows); a
    selected chip has a "−" next to it, and the cards drawn or taken this turn
    (``fresh``, a Counter) are outlined and counted under it ("+2")."""
    fresh = fresh or Counter()
    chips = []
    ordered = display_order(groups)
    first_wild = next((key for key, _, _ in ordered if key in WILD_KEYS), None)
    for key, cards, n in ordered:
        new = sum(min(fresh[c], cards.count(c)) for c in set(cards))
        label = f"{group_name(key)}: {len(cards)} ({', '.join(C.label(c) for c in cards)})"
        if n:
            label += f", {n} selected"
        if new:
            label += f", {new} new this turn"
        count = f"{n}/{len(cards)}" if n else (f"×{len(cards)}" if len(cards) > 1 else "")
        chip = button(
            [sr_only(label), chip_fan(cards, n),
             h("span", {"class": "c-badges", "aria-hidden": "true"},
               h("span", {"class": "c-count" + ("" if count else " none")}, count),
               h("span", {"class": "c-new"}, f"+{new}") if 0 < new < len(cards) else None)],
            "pick", key, id=f"chip-{key}",
            cls="chip" + (" selected" if n else "") + (" fresh" if new else "")
                + (" wild" if key in WILD_KEYS else ""),
            pressed=bool(n), extra={"data-rank": key, "data-count": len(cards), "data-selected": n, "data-new": new})
        less = button("−", "fewer", key, id=f"less-{key}", cls="chip-less",
                      label=f"One {group_name(key)} fewer") if n else None
        # the wild cards begin here: a bar in the slot's own margin, clear of a "new" outline
        divider = h("span", {"class": "wild-divider", "aria-hidden": "true"}) if key == first_wild else None
        chips.append(h("div", {"class": "chip-slot" + (" wild-first" if divider else "")}, divider, chip, less))
    return [h("p", {"class": "hint", "id": "hand-hint"}, HAND_HINT) if hint and chips else None,
            h("div", {"class": "chips"}, chips or [h("span", {"class": "muted"}, "no cards")])]


def hand_head(total, *, can_stage, can_clear):
    """The hand's count and the selection's tools, in the row above the hand
    beside the Hint and Log buttons."""
    return [h("h2", {"class": "hand-title"}, sr_only("Your hand · "), plural(total, "card")),
            button("New meld", "stage", id="btn-stage", cls="tool", disabled=not can_stage,
                   label="Stage the selected cards as a new meld"),
            button("Clear", "clear", id="btn-clear", cls="tool", disabled=not can_clear,
                   label="Clear the selection and staged melds")]
