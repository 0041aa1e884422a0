"""Which of the table's controls the engine refuses now, and why: decided here only.

``refusals`` starts from the engine's own word on each kind of move
(game.moves.legal_summary) and narrows Meld and Discard to what is
selected, and each draw of two stock piles to its split. The action bar
greys every control refused (ui/table/bar_view.py), Meld and Discard say
the same reason on a tap, and the lesson tells a wrong tap the reason its
move would be refused (ui/lesson/tutorial.py).
"""

from game.errors import IllegalMove
from game.moves import legal_summary, meld_placements, refusal
from game.names import Act, Phase


def discard_refusal(selected):
    """Why Discard is refused with this many cards selected (None: exactly one)."""
    if selected == 1:
        return None
    if not selected:
        return "Select the card to discard: tap its rank once."
    return f"{selected} cards are selected: select exactly one to discard."


def draw_splits(view):
    """With two stock piles, the draws offered: all from A, an even split, all from B."""
    n, k = len(view["stock_counts"]), view["draw_count"]
    splits = [(i,) * k for i in range(n)]
    splits.insert(1, tuple(sorted(i % n for i in range(k))))
    return list(dict.fromkeys(splits))  # drawing one card, the split is a single pile again


def meld_action(seen, sel, hand):
    """(the meld action Meld would send, None) or (None, why it cannot): the
    staged placements and the selection, each selected rank to its one place
    (game.moves.meld_placements: a new meld, else the one meld it can join)."""
    cards = sel.selected_cards(hand)
    if not cards and not sel.staged:
        return None, "Select cards in your hand first."
    try:
        return {"type": Act.MELD, "melds": meld_placements(seen, cards, sel.staged)}, None
    except IllegalMove as e:
        return None, str(e)


def refusals(seen, seat, sel, view):
    """{control: None (allowed) or the engine's reason} for ``seat``'s turn
    (``seen``: its observation, ``view``: its page view): legal_summary's
    keys, ``meld`` and ``discard`` for the selection in play, and
    ``draw:0,1`` for each draw of two stock piles."""
    out = legal_summary(seen, seat)
    hand = view["hand"]
    if view["phase"] == Phase.PLAY and view["to_move"] == seat:
        selected = sel.selected_cards(hand)
        action, why = meld_action(seen, sel, hand)
        out[Act.MELD] = why or refusal(seen, action)
        # no card may be thrown now, else not exactly one selected, else that card is refused
        out[Act.DISCARD] = (out[Act.DISCARD] or discard_refusal(len(selected))
                            or refusal(seen, {"type": Act.DISCARD, "card": selected[0]}))
    elif view["phase"] == Phase.DRAW and len(view["stock_counts"]) > 1:
        for picks in draw_splits(view):
            out["draw:" + ",".join(map(str, picks))] = refusal(seen, {"type": Act.DRAW, "from": list(picks)})
    return out
