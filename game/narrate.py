"""The log's words: one line for each action, as the table's log and the
coach tell it ("West drew 2 cards and melded 9 9 9"), and one line for each
turn, what a player did since your last turn ("West took the 14-card pile,
made a canasta of Aces and discarded 7♣: Them +1,450").

A line compares two views of one seat, before and after the action (that
seat is "You"); it describes, it never judges legality. A turn is a list
of steps, ``(action, seat, before, after)``, as ``game.replay.steps`` or a
live table records them.
"""

from game import cards as C
from game.english import join_words, plural

STOCK_NAMES = "AB"  # two stock piles: stock A and stock B
SHORT = {"Southwest": "SW", "Northwest": "NW", "Northeast": "NE", "Southeast": "SE"}


def seat_name(view, seat, you="You"):
    """A seat's name in ``view``: ``you`` for the seat the view is from."""
    return you if seat == view["seat"] else view["players"][seat]["name"]


def short_name(name):
    """Compass names that crowd a phone's top bar, abbreviated: "Southwest" -> "SW"."""
    return SHORT.get(name, name)


def side_name(view, side, short=False):
    """"Us"/"Them" for two sides of partners; else player names (``short``: abbreviated)."""
    members = [p for p in view["players"] if p["side"] == side]
    if side == view["my_side"]:
        return "Us" if len(members) > 1 else "You"
    if len(view["sides"]) == 2 and len(members) > 1:
        return "Them"
    return " & ".join(short_name(p["name"]) if short else p["name"] for p in members)


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
        if _ran_out(before, after):
            return f"{who} drew, but the stock ran out: the deal is over."
        parts.append(_drew(action, seat, before, after))
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
        parts.append(_asked(before, after))
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


def _ran_out(before, after):
    """A draw that found the stock too small, so the deal ended."""
    return after["phase"] in ("deal_end", "game_end") and before["phase"] == "draw"


def _asked(before, after):
    """"asked North for leave to go out"."""
    partner = join_words([seat_name(before, s, "you") for s in after["answering"]]) or "their partner"
    return f"asked {partner} for leave to go out"


def _drew(action, seat, before, after, say_replaced=True):
    """"drew 4 cards (2 red 3s laid, replaced by 2 more)": every card the draw took
    from the stock, the red 3s' replacements included."""
    laid = _red3_laid(before, after, seat)
    taken = after["players"][seat]["hand_count"] - before["players"][seat]["hand_count"] + laid
    line = f"drew {plural(taken, 'card')}" + _stocks_drawn(action, before)
    if laid:
        replaced = max(0, taken - len(action.get("from", [0] * before["draw_count"])))
        more = f", replaced by {replaced} more" if replaced and say_replaced else ""
        line += f" ({plural(laid, 'red 3')} laid{more})"
    return line


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


# -- turns: what each player did since your last turn ------------------------------------
def turns(steps):
    """The steps grouped into turns, ``(seat, steps)``: one seat's actions in a
    row; an answer to "may I go out?" belongs to the turn of the one who asked."""
    out = []
    for step in steps:
        action, seat = step[0], step[1]
        if out and (out[-1][0] == seat or action["type"] == "answer"):
            out[-1][1].append(step)
        else:
            out.append((seat, [step]))
    return out


def since_last_turn(steps, seat):
    """The turns after ``seat``'s last turn; that turn itself while nothing has followed it."""
    grouped = turns(steps)
    mine = [i for i, (who, _) in enumerate(grouped) if who == seat]
    if not mine:
        return grouped
    return grouped[mine[-1] + 1:] or grouped[mine[-1]:]


def grouped(n):
    """1,450: a figure with its thousands grouped."""
    return f"{n:,}"


def turn_line(seat, steps, brief=False, number=grouped):
    """One line for one turn: how it began, the melds and canastas it made, the
    piles picked up, how it ended, and the acting side's jump in table points
    ("Them +1,450"). ``brief`` counts the cards melded and the canastas instead
    of naming them, and leaves out the red 3s' replacements and a knock (for a
    small screen)."""
    before, after = steps[0][2], steps[-1][3]
    side = before["players"][seat]["side"]
    parts = [words for action, who, b, a in steps for words in _turn_step(action, who, b, a, brief)]
    parts[1:1] = _turn_melds(before, after, side, brief)  # after the draw or the pile, before the rest
    line = f"{seat_name(before, seat)} " + join_words(parts)
    jump = after["sides"][side]["table_points"] - before["sides"][side]["table_points"]
    if jump and after["deal"] == before["deal"]:
        line += f": {side_name(after, side)} {'+' if jump > 0 else '−'}{number(abs(jump))}"
    if after["went_out"] is not None and before["went_out"] is None:
        line += f". {seat_name(after, after['went_out'])} went out"
    elif after["phase"] in ("deal_end", "game_end") and before["phase"] not in ("deal_end", "game_end"):
        line += ". The deal is over"
    return line + "."


def _turn_step(action, seat, before, after, brief):
    """The phrases of one step of a turn (melds are said for the whole turn)."""
    kind = action["type"]
    if kind == "draw":
        if _ran_out(before, after):
            return ["drew, but the stock ran out"]
        return [_drew(action, seat, before, after, say_replaced=not brief)]
    words = []
    if kind == "take_pile":
        words.append(f"took the {len(before['discard'])}-card pile")
    elif kind == "discard":
        words.append(f"discarded {C.label(action['card'])}")
    elif kind == "knock" and not brief:  # brief: after a pile take the knock goes without saying
        words.append("knocked")
    elif kind == "ask_to_go_out":
        words.append(_asked(before, after))
    elif kind == "answer":
        words.append(f"{seat_name(before, seat)} said {'yes' if action['yes'] else 'no'}")
    words += _pickups(before, after, seat)
    laid = _red3_laid(before, after, seat)
    if laid and len(words) > 0 and words[-1].startswith("picked up"):
        words[-1] += f" ({plural(laid, 'red 3')} laid)"
    elif laid:
        words.append(f"laid {plural(laid, 'red 3')}")
    return words


def _turn_melds(before, after, side, brief):
    """"melded 9s and Kings", "added to the Aces", "made a canasta of Aces" for a
    side over a turn (``brief``: "melded 7 cards" and the canastas)."""
    was = {m["id"]: m for m in before["sides"][side]["melds"]}
    now = after["sides"][side]["melds"]
    new = [m for m in now if m["id"] not in was]
    grown = [m for m in now if m["id"] in was and len(m["cards"]) > len(was[m["id"]]["cards"])]
    canastas = [m for m in now if m["canasta"] and not (m["id"] in was and was[m["id"]]["canasta"])]
    out = []
    if brief and (new or grown):
        count = sum(len(m["cards"]) for m in new) + sum(len(m["cards"]) - len(was[m["id"]]["cards"]) for m in grown)
        out.append(f"melded {plural(count, 'card')}")
    else:
        if new:
            out.append("melded " + _ranks(new))
        if grown:
            out.append("added to the " + _ranks(grown))
    if canastas and brief:
        out.append(f"made {plural(len(canastas), 'canasta')}")
    elif canastas:
        ranks = _ranks(canastas)
        out.append(f"made {'a canasta' if len(canastas) == 1 else 'canastas'} of {ranks}")
    return out


def _ranks(melds):
    """"Aces, 9s and wild cards": the melds' ranks, each named once."""
    return join_words(list(dict.fromkeys(meld_rank_label(m["rank"]) for m in melds)))


def changed_melds(steps):
    """{meld id: "new" or cards added} for every meld the steps made or added to."""
    if not steps:
        return {}
    before, after = steps[0][2], steps[-1][3]
    was = {m["id"]: len(m["cards"]) for s in before["sides"] for m in s["melds"]}
    out = {}
    for s in after["sides"]:
        for m in s["melds"]:
            if m["id"] not in was:
                out[m["id"]] = "new"
            elif len(m["cards"]) > was[m["id"]]:
                out[m["id"]] = len(m["cards"]) - was[m["id"]]
    return out
