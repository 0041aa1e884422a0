"""The log's words: one line for each action, as the table's log and the
coach tell it ("West drew 2 cards and melded 9 9 9"), and one line for each
turn, what a player did since your last turn ("West took the 14-card pile,
made a canasta of Aces and discarded 7♣: Them +1,450").

A line tells the events of an action (game/events.py), as the view of one
seat just after it holds them (that seat is "You"; the view before gives
the names and counts as they were); it describes, it never judges
legality. A bot's reason (``after["said"]``, game.words.reasons) is quoted
after the phrase it explains. A turn is a list of steps, ``(action, seat,
before, after)``, as ``game.runs.replay.steps`` or a live table records them.
"""

from game import cards as C
from game.english import join_words, plural
from game.names import Act, Ev

STOCK_NAMES = "AB"  # two stock piles: stock A and stock B
SHORT = {"Southwest": "SW", "Northwest": "NW", "Northeast": "NE", "Southeast": "SE"}


def seat_name(view, seat, you="You"):
    """A seat's name in ``view``: ``you`` for the seat the view is from."""
    return you if seat == view["seat"] else view["players"][seat]["name"]


def short_name(name):
    """Compass names that crowd a phone's top bar, abbreviated: "Southwest" -> "SW"."""
    return SHORT.get(name, name)


def side_name(view, side, short=False):
    """"Us"/"Them" for two sides of partners; else player names (``short``:
    abbreviated), as in a view from no seat (``my_side`` None: a sheet that
    several people read)."""
    members = [p for p in view["players"] if p["side"] == side]
    if side == view["my_side"]:
        return "Us" if len(members) > 1 else "You"
    if len(view["sides"]) == 2 and len(members) > 1 and view["my_side"] is not None:
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


def _events(view, name, seat=None):
    """The events ``name`` of the action that led to ``view`` (those of ``seat``, if given)."""
    return [e for e in view["events"] if e["event"] == name and (seat is None or e["seat"] == seat)]


def _placed(e):
    """The cards a Melded event put on the meld, the pile's top card included."""
    return e["cards"] + ([e["top"]] if e["top"] else [])


def deal_begins(deal):
    """The log's first line of a deal after the first."""
    return f"Deal {deal} begins."


def _placement(e):
    """"melded 9 9 9 2" or "added 2 to the 9s"."""
    if e["new"]:
        return f"melded {cards_text(_placed(e))}"
    return f"added {cards_text(_placed(e))} to the {meld_rank_label(e['rank'])}"


def summarize(action, seat, before, after):
    """One line for the log: what ``seat`` did, from the views' seat's point of view.
    ``after``'s events say what ``action`` did (``before`` gives the names and
    counts as they were)."""
    who = seat_name(before, seat)
    began = _events(after, Ev.DEAL_BEGAN)
    if began:
        return deal_begins(began[0]["deal"])
    if _events(after, Ev.STOCK_RAN_OUT):
        return f"{who} drew, but the stock ran out: the deal is over."
    parts = [_with_said(_LOG_WORDS[e["event"]](e, before, after), e, after) for e in after["events"]
             if e["event"] in _LOG_WORDS and e["seat"] == seat]
    parts = [words for words in parts if words]
    if not _events(after, Ev.DREW):  # a draw says its red 3s itself
        laid = _red3_laid(after, seat)
        if laid:
            parts.append(f"laid {plural(laid, 'red 3')}")
    parts += _pickups(after, seat, chosen=False)
    return f"{who} " + join_words(parts) + _deal_end(after) + "."


_LOG_WORDS = {  # the log's words for each event that is the action itself, as (event, before, after)
    Ev.DREW: lambda e, before, after: _drew(e, before, after),
    Ev.TOOK_PILE: lambda e, before, after: (f"took the pile ({plural(e['size'], 'card')}) with "
                                            + cards_text(_events(after, Ev.MELDED)[0]["cards"])),
    Ev.MELDED: lambda e, before, after: _placement(e),
    Ev.DISCARDED: lambda e, before, after: f"discarded {C.label(e['card'])}",
    Ev.KNOCKED: lambda e, before, after: "knocked to end the turn",
    Ev.PICKED_UP: lambda e, before, after: f"picked up the {e['pile']}" if e["chosen"] else None,
    Ev.ASKED: lambda e, before, after: _asked(e, before),
    Ev.ANSWERED: lambda e, before, after: "answered yes" if e["yes"] else "answered no",
    Ev.UNUSED_YES: lambda e, before, after: _unused_yes(e),
}


def _deal_end(after):
    """". West went out" or ". The deal is over" when the action ended the deal."""
    for out in _events(after, Ev.WENT_OUT):
        return f". {seat_name(after, out['seat'])} went out" + _quote(after.get("said"))
    return ". The deal is over" if _events(after, Ev.DEAL_OVER) else ""


# The events a bot's reason (``after["said"]``, game.words.reasons) is told with,
# unless the move went out: then with the going out.
SAID_WITH = {Ev.TOOK_PILE, Ev.ASKED, Ev.ANSWERED, Ev.DISCARDED}


def _quote(said):
    """" (“our book is complete”)": a bot's reason, in its words."""
    return f" (“{said}”)" if said else ""


def _with_said(words, e, after):
    """The phrase of event ``e``, with the bot's reason where it belongs."""
    if not words or e["event"] not in SAID_WITH or _events(after, Ev.WENT_OUT):
        return words
    return words + _quote(after.get("said"))


def _unused_yes(e):
    """"did not go out after the yes (−100)"."""
    return f"did not go out after the yes (−{grouped(e['points'])})"


def _asked(e, view):
    """"asked North for leave to go out"."""
    partner = join_words([seat_name(view, s, "you") for s in e["partners"]]) or "their partner"
    return f"asked {partner} for leave to go out"


def _drew(e, before, after, say_replaced=True):
    """"drew 4 cards (2 red 3s laid, replaced by 2 more)": every card the draw took
    from the stock, the red 3s' replacements included."""
    laid = _red3_laid(after, e["seat"])
    replaced = sum(len(r["replacements"]) for r in _events(after, Ev.RED3, e["seat"]))
    line = f"drew {plural(len(e['cards']) + replaced, 'card')}" + _stocks_drawn(e, before)
    if laid:
        more = f", replaced by {replaced} more" if replaced and say_replaced else ""
        line += f" ({plural(laid, 'red 3')} laid{more})"
    return line


def _stocks_drawn(e, before):
    """" from stock A and B" when there are two stock piles."""
    if len(before["stock_counts"]) < 2 or not e["piles"]:
        return ""
    return " from stock " + " and ".join(STOCK_NAMES[i] for i in sorted(set(e["piles"])))


def _red3_laid(after, seat):
    return sum(len(e["cards"]) for e in _events(after, Ev.RED3, seat))


def _pickups(after, seat, chosen=None):
    """"picked up the knee" for each pile ``seat`` picked up (``chosen``: only
    those by the knee action, or only the side effects; None: all)."""
    return [f"picked up the {e['pile']}" for e in _events(after, Ev.PICKED_UP, seat)
            if chosen is None or e["chosen"] == chosen]


# -- turns: what each player did since your last turn ------------------------------------
def turns(steps):
    """The steps grouped into turns, ``(seat, steps)``: one seat's actions in a
    row; an answer to "may I go out?" belongs to the turn of the one who asked."""
    out = []
    for step in steps:
        action, seat = step[0], step[1]
        if out and (out[-1][0] == seat or action["type"] == Act.ANSWER):
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
    parts = [words for _, who, b, a in steps for words in _turn_step(who, b, a, brief)]
    parts[1:1] = _turn_melds(steps, side, brief)  # after the draw or the pile, before the rest
    line = f"{seat_name(before, seat)} " + join_words(parts)
    jump = after["sides"][side]["table_points"] - before["sides"][side]["table_points"]
    if jump and after["deal"] == before["deal"]:
        line += f": {side_name(after, side)} {'+' if jump > 0 else '−'}{number(abs(jump))}"
    return line + "".join(_deal_end(a) for *_, a in steps) + "."


def _turn_step(seat, before, after, brief):
    """The phrases of one step of a turn (melds are said for the whole turn)."""
    if _events(after, Ev.STOCK_RAN_OUT):
        return ["drew, but the stock ran out"]
    for drew in _events(after, Ev.DREW):
        return [_drew(drew, before, after, say_replaced=not brief)]
    words = [_with_said(_TURN_WORDS[e["event"]](e, before, brief), e, after) for e in after["events"]
             if e["event"] in _TURN_WORDS and e["seat"] == seat]
    words = [w for w in words if w] + _pickups(after, seat)
    laid = _red3_laid(after, seat)
    if laid and len(words) > 0 and words[-1].startswith("picked up"):
        words[-1] += f" ({plural(laid, 'red 3')} laid)"
    elif laid:
        words.append(f"laid {plural(laid, 'red 3')}")
    return words


_TURN_WORDS = {  # a turn's words for each event that is the action itself, as (event, before, brief)
    Ev.TOOK_PILE: lambda e, before, brief: f"took the {e['size']}-card pile",
    Ev.DISCARDED: lambda e, before, brief: f"discarded {C.label(e['card'])}",
    # brief: after a pile take the knock goes without saying
    Ev.KNOCKED: lambda e, before, brief: None if brief else "knocked",
    Ev.ASKED: lambda e, before, brief: _asked(e, before),
    Ev.ANSWERED: lambda e, before, brief: f"{seat_name(before, e['seat'])} said {'yes' if e['yes'] else 'no'}",
    Ev.UNUSED_YES: lambda e, before, brief: _unused_yes(e),
}


def _turn_events(steps, name):
    return [e for *_, after in steps for e in _events(after, name)]


def _turn_melds(steps, side, brief):
    """"melded 9s and Kings", "added to the Aces", "made a canasta of Aces" for a
    side over a turn (``brief``: "melded 7 cards" and the canastas)."""
    placed = [e for e in _turn_events(steps, Ev.MELDED) if e["side"] == side]
    new = sorted({e["meld"]: e for e in placed if e["new"]}.values(), key=lambda e: e["meld"])
    grown = sorted({e["meld"]: e for e in placed if not e["new"]}.values(), key=lambda e: e["meld"])
    grown = [e for e in grown if e["meld"] not in {n["meld"] for n in new}]
    canastas = sorted((e for e in _turn_events(steps, Ev.CANASTA) if e["side"] == side), key=lambda e: e["meld"])
    out = []
    if brief and placed:
        out.append(f"melded {plural(sum(len(_placed(e)) for e in placed), 'card')}")
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
    out = {}
    for e in _turn_events(steps, Ev.MELDED):
        if e["new"]:
            out[e["meld"]] = "new"
        elif out.get(e["meld"]) != "new":
            out[e["meld"]] = out.get(e["meld"], 0) + len(_placed(e))
    return out
