"""The player's pending choices: selected cards and staged placements.

The hand is shown as one chip per group of equal-rank cards (red and black
3s apart, because they play differently). Tapping a chip selects one more
of its cards, so taking one King of four is one tap; a tap on a chip whose
cards are all selected clears it. ``fewer`` takes one back and ``pick_all``
selects the whole group (the chip's "−" and its long press). Staging
moves selected cards into placements ({"cards": [...]} for a new meld,
{"to": id, "cards": [...]} to add to a meld) that are sent together as one
action. Nothing here decides whether a move is legal: the engine does.
"""

from collections import Counter

from game import cards as C
from game.view import sort_key

RED3, BLACK3 = "3r", "3b"
GROUP_KEYS = frozenset([C.JOKER, RED3, BLACK3, *C.RANKS.replace("3", "")])  # every group_key


def group_key(card):
    if card == C.JOKER:
        return C.JOKER
    if card[0] == "3":
        return RED3 if C.is_red_three(card) else BLACK3
    return card[0]


def group_title(key):
    """Big text on a chip."""
    return {C.JOKER: "Jkr", RED3: "3", BLACK3: "3", "T": "10"}.get(key, key)


def group_name(key):
    """Words for screen readers."""
    return {C.JOKER: "Jokers", RED3: "red 3s", BLACK3: "black 3s"}.get(key) or C.rank_label(key)


class Selection:
    def __init__(self):
        self.picked = Counter()   # group key -> number of cards selected
        self.staged = []          # placements waiting to be sent

    def clear(self):
        self.picked.clear()
        self.staged = []

    def restore(self, picked, staged):
        """Choices kept with a saved game (ui.core.saves.pending_checked); counts the hand
        no longer holds are dropped by ``groups``."""
        self.picked = Counter(picked)
        self.staged = [dict(pl, cards=list(pl["cards"])) for pl in staged]

    # the hand, less what is staged --------------------------------------------
    def free_cards(self, hand):
        """The hand minus the staged cards, sorted for display."""
        left = Counter(hand)
        left.subtract(c for pl in self.staged for c in pl["cards"])
        return sorted(left.elements(), key=sort_key)

    def groups(self, hand):
        """[(key, cards, selected count)] in display order."""
        out = {}
        for card in self.free_cards(hand):
            out.setdefault(group_key(card), []).append(card)
        for key in list(self.picked):
            if key not in out:
                del self.picked[key]
            else:
                self.picked[key] = min(self.picked[key], len(out[key]))
        return [(key, cards, self.picked[key]) for key, cards in out.items()]

    def cards_of(self, hand, key):
        """The free cards of one group (none if the hand has no such group)."""
        return next((cards for k, cards, _ in self.groups(hand) if k == key), [])

    def _set(self, key, n):
        if n > 0:
            self.picked[key] = n
        else:
            self.picked.pop(key, None)

    def tap(self, hand, key):
        """One more card of the group: 0 -> 1 -> ... -> all; a tap on all clears it."""
        size, n = len(self.cards_of(hand, key)), self.picked[key]
        self._set(key, 0 if n >= size else n + 1)

    def fewer(self, hand, key):
        """One card of the group fewer."""
        self.groups(hand)  # drops counts the hand no longer holds
        self._set(key, self.picked[key] - 1)

    def pick_all(self, hand, key):
        """Every card of the group."""
        self._set(key, len(self.cards_of(hand, key)))

    def pick_group(self, hand, key):
        """What a chip dragged to the melds brings: the selection if the chip
        is part of it, else its whole group alone."""
        if not self.picked[key]:
            self.picked.clear()
            self.pick_all(hand, key)

    def selected_cards(self, hand):
        out = []
        for key, cards, n in self.groups(hand):
            out += cards[:n]
        return out

    # staging ---------------------------------------------------------------------
    def stage(self, hand, to=None):
        """Move the selected cards into a placement; returns it (or None)."""
        cards = self.selected_cards(hand)
        if not cards:
            return None
        if to is not None:
            for pl in self.staged:
                if pl.get("to") == to:
                    pl["cards"] += cards
                    break
            else:
                self.staged.append({"to": to, "cards": cards})
        else:
            self.staged.append({"cards": cards})
        self.picked.clear()
        return self.staged[-1]

    def unstage(self, index):
        if 0 <= index < len(self.staged):
            del self.staged[index]

    def placements(self, hand):
        """What to send: the staged placements, then the selection as a new meld."""
        out = [dict(pl, cards=list(pl["cards"])) for pl in self.staged]
        cards = self.selected_cards(hand)
        return out + ([{"cards": cards}] if cards else [])
