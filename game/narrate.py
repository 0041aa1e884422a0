"""The log's words: one line for each action, as the table's log and the
coach tell it ("West drew 2 cards and melded 9 9 9").

A line compares two views of one seat, before and after the action (that
seat is "You"); it describes, it never judges legality.
"""

from game import cards as C
from game.english import join_words, plural

STOCK_NAMES = "AB"  # two stock piles: stock A and stock B


def seat_name(view, seat, you="You"):
    """A seat's name in ``view``: ``you`` for the seat the view is from."""
    return you if seat == view["seat"] else view["players"][seat]["name"]


def short(card):
    """Rank only, for summaries: "9", "10", "Jkr"."""
    if card == C.JOKER:
        return "Jkr"
    return "10" if card[0] == "T" else card[0]


def meld_rank_label(rank, plural=True):
    if rank == C.WILD:
        return "wild cards" if plural else "wild"
    return C.rank_label(rank, plural)


def cards_text(cards):
    return " ".join(short(c) for c in cards)


def _melds_by_id(view):
    return {m["id"]: m for s in view["sides"] for m in s["melds"]}


def _placements(action, before, top=None):
    """"melded 9 9 9 2", "added 2 to the 9s" for each placement."""
    melds = _melds_by_id(before)
    out = []
    for i, pl in enumerate(action.get("melds", [])):
        cards = list(pl["cards"]) + ([top] if i == 0 and top else [])
        if "to" in pl and pl["to"] in melds:
            target = meld_rank_label(melds[pl["to"]]["rank"])
            out.append(f"added {cards_text(cards)} to the {target}")
        else:
            out.append(f"melded {cards_text(cards)}")
    return out


def summarize(action, seat, before, after):
    """One line for the log: what ``seat`` did, from the views' seat's point of view."""
    who = seat_name(before, seat)
    kind = action["type"]
    parts = []
    if kind == "draw":
        if after["phase"] in ("deal_end", "game_end") and before["phase"] == "draw":
            return f"{who} drew, but the stock ran out: the deal is over."
        drawn = after["players"][seat]["hand_count"] - before["players"][seat]["hand_count"]
        laid = _red3_laid(before, after, seat)
        drawn += laid
        parts.append(f"drew {plural(drawn, 'card')}" + _stocks_drawn(action, before))
    elif kind == "take_pile":
        top = before["discard"][-1] if before["discard"] else None
        pair = action["melds"][0]["cards"] if action["melds"] else []
        n = len(before["discard"])
        parts.append(f"took the pile ({plural(n, 'card')}) with {cards_text(pair)}")
        parts += _placements(action, before, top)
    elif kind == "meld":
        parts += _placements(action, before)
    elif kind == "discard":
        parts.append(f"discarded {C.label(action['card'])}")
    elif kind == "knock":
        parts.append("knocked to end the turn")
    elif kind == "pick_up_knee":
        parts.append("picked up the knee")
    elif kind == "ask_to_go_out":
        partner = join_words([seat_name(before, s, "you") for s in after["answering"]]) or "their partner"
        parts.append(f"asked {partner} for leave to go out")
    elif kind == "answer":
        parts.append("answered yes" if action["yes"] else "answered no")
    elif kind == "next_deal":
        return f"Deal {after['deal']} begins."
    else:
        parts.append(kind)
    if kind != "draw":
        laid = _red3_laid(before, after, seat)
        if laid:
            parts.append(f"laid {plural(laid, 'red 3')}")
    if kind not in ("pick_up_knee", "next_deal"):
        parts += _pickups(before, after, seat)
    line = f"{who} " + join_words(parts)
    if after["went_out"] is not None and before["went_out"] is None:
        line += f". {seat_name(after, after['went_out'])} went out"
    elif after["phase"] in ("deal_end", "game_end") and before["phase"] not in ("deal_end", "game_end"):
        line += ". The deal is over"
    return line + "."


def _stocks_drawn(action, before):
    """" from stock A and B" when there are two stock piles."""
    if len(before["stock_counts"]) < 2 or "from" not in action:
        return ""
    return " from stock " + " and ".join(STOCK_NAMES[i] for i in sorted(set(action["from"])))


def _red3_laid(before, after, seat):
    side = before["players"][seat]["side"]
    return max(0, len(after["sides"][side]["red3"]) - len(before["sides"][side]["red3"]))


def _pickups(before, after, seat):
    """Piles picked up as a side effect (first canasta, last card melded)."""
    if after["deal"] != before["deal"] or after["phase"] in ("deal_end", "game_end"):
        return []
    was = len(before["players"][seat]["pile_counts"])
    now = len(after["players"][seat]["pile_counts"])
    names = {2: "knee", 1: "foot"}
    out = []
    for left in range(was, now, -1):
        pile = "knee" if left == 2 else "foot"
        out.append(f"picked up the {names.get(left, pile)}")
    return out
