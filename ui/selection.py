"""The player's pending choices: selected cards and staged placements.

The hand is shown as one chip per group of equal-rank cards (red and black
3s apart, because they play differently). Tapping a chip cycles how many of
its cards are selected: all, then one fewer each tap, then none. Staging
moves selected cards into placements ({"cards": [...]} for a new meld,
{"to": id, "cards": [...]} to add to a meld) that are sent together as one
action. Nothing here decides whether a move is legal: the engine does.
"""

from collections import Counter

from game import cards as C
from game.view import sort_key

RED3, BLACK3 = "3r", "3b"


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

    def tap(self, hand, key):
        """Cycle the selection of one group: none -> all -> one fewer ... -> none."""
        cards = dict((k, c) for k, c, _ in self.groups(hand)).get(key, [])
        n = self.picked[key]
        self.picked[key] = len(cards) if n == 0 else n - 1
        if not self.picked[key]:
            del self.picked[key]

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
