"""What an action visibly moved, for ui/motion.js to animate.

Built from the events of the action (game/events.py) in the shown seat's
view after it (``view["seat"]``, the hand at the bottom of the page), which
masks every hidden card: another player's drawn cards fly face down.
Places are CSS selectors, most specific first; motion.js uses the first one
shown on the page (a folded or scrolled-away meld falls back to its side's
panel).

Each step is one of
  {"fly": [from...], "to": [to...], "card": label or "", "n": cards}
  {"mark": [selectors]}                      the target lights up
  {"banner": text, "at": [selectors], "tone": kind, "keep": [selectors]}
(motion.js keeps a banner off the hand, the action bar, the status and
what ``keep`` names: the seat box of the player who acted), and ``cues``
lists the moments that may sound or vibrate ("canasta", "out").
"""

from collections import Counter

from game import cards as C
from game.english import plural
from game.names import Ev
from game.view import sort_key
from game.words import narrate
from ui.core.selection import group_key


def _place(seat, me):
    """A seat's place: the hand for the seat shown (``me``), else its box."""
    return ["#hand"] if seat == me else [f"#seat-{seat}"]


def _from_hand(seat, me, cards):
    """Where cards leave from: their chip in our hand, else the seat."""
    if seat == me and cards:
        return [f"#chip-{group_key(cards[0])}", "#hand"]
    return _place(seat, me)


def _side_place(side):
    """A side's melds panel, else (folded on a phone) its part of the opponents' strip."""
    return [f"#side-{side}", f'.strip-side[data-side="{side}"]', "#btn-opponents"]


def _meld_place(side, meld_id):
    return [f'[data-meld="{meld_id}"]'] + _side_place(side)


def _banner(text, at, tone, seat, me):
    """A banner at ``at`` that leaves the acting seat's box in view."""
    return {"banner": text, "at": at, "tone": tone, "keep": [] if seat == me else _place(seat, me)}


def _stock(index, view):
    return "#pile-stock" if len(view["stock_counts"]) == 1 else f"#pile-stock-{index}"


def _face(card):
    return "Jkr" if card == C.JOKER else C.label(card)


def _events(after, name, seat):
    return [e for e in after["events"] if e["event"] == name and e["seat"] == seat]


def _drawn(draw, after):
    """Our drawn cards (their red 3s' replacements included): those kept in the
    hand in the hand's order, then those laid at once as red 3s."""
    laid = _events(after, Ev.RED3, draw["seat"])
    taken = Counter(draw["cards"] + [c for e in laid for c in e["replacements"]])
    threes = [c for e in laid for c in e["cards"]]
    return sorted((taken - Counter(threes)).elements(), key=sort_key) + threes


def moves(action, seat, before, after):
    """The steps that show ``seat`` playing ``action`` (views of the seat shown;
    ``after``'s events say what the action did)."""
    who = narrate.seat_name(before, seat)
    side = before["players"][seat]["side"]
    out = []
    for e in after["events"]:
        if e["event"] in _ACTION_STEPS and e["seat"] == seat:
            out += _ACTION_STEPS[e["event"]](e, who, before, after)
    out += _moments(seat, who, side, after, after["seat"])
    return out


def _ran_out(e, who, before, after):
    me = after["seat"]
    return [_banner("The stock ran out", _place(e["seat"], me), "info", e["seat"], me)]


def _draw(e, who, before, after):
    seat, me = e["seat"], after["seat"]
    picks = e["piles"] or [0] * len(e["cards"])
    mine = _drawn(e, after) if seat == me else []
    return [{"fly": [_stock(index, before)], "to": _place(seat, me), "card": _face(mine[i]) if i < len(mine) else "",
             "n": 1} for i, index in enumerate(picks)]


def _take(e, who, before, after):
    seat, me = e["seat"], after["seat"]
    return [{"fly": ["#pile-discard"], "to": _place(seat, me), "card": _face(e["top"]), "n": e["size"]},
            _banner(f"{who} take{'' if seat == me else 's'} the pile", _place(seat, me), "pile", seat, me)]


def _meld(e, who, before, after):
    place, cards = _meld_place(e["side"], e["meld"]), e["cards"]
    return [{"fly": _from_hand(e["seat"], after["seat"], cards), "to": place,
             "card": _face(cards[0]) if cards else "", "n": max(1, len(cards))},
            {"mark": place}]


def _discard(e, who, before, after):
    return [{"fly": _from_hand(e["seat"], after["seat"], [e["card"]]), "to": ["#pile-discard"],
             "card": _face(e["card"]), "n": 1},
            {"mark": ["#pile-discard"]}]


def _said(words):
    """A banner at the seat: ``words(event, who, you)`` (``you``: the seat shown
    acted) with the tone."""
    def steps(e, who, before, after):
        me = after["seat"]
        text, tone = words(e, who, e["seat"] == me)
        return [_banner(text, _place(e["seat"], me), tone, e["seat"], me)]
    return steps


_ACTION_STEPS = {  # the steps of each event that is the action itself
    Ev.STOCK_RAN_OUT: _ran_out,
    Ev.DREW: _draw,
    Ev.TOOK_PILE: _take,
    Ev.DISCARDED: _discard,
    Ev.KNOCKED: _said(lambda e, who, you: (f"{who} knock{'' if you else 's'}", "info")),
    Ev.ASKED: _said(lambda e, who, you: (f"{who}: may I go out?", "ask")),
    Ev.ANSWERED: _said(lambda e, who, you: (f"{who}: {'yes' if e['yes'] else 'no'}", "ask")),
    Ev.UNUSED_YES: _said(lambda e, who, you: (f"{who}: not out after the yes, −{e['points']:,}", "info")),
    Ev.MELDED: _meld,
}


def _moments(seat, who, side, after, me):
    """Red 3s (each flies to its side's red 3s), canastas, knee and foot pickups,
    going out: a banner each, at the side that acted."""
    out = []
    red3 = [c for e in _events(after, Ev.RED3, seat) for c in e["cards"]]
    if red3:
        place = [f"#red3-side-{side}"] + _side_place(side)
        out += [{"fly": _place(seat, me), "to": place, "card": _face(card), "n": 1} for card in red3]
        out.append({"mark": place})
        out.append(_banner(f"{who} lay{'' if seat == me else 's'} {plural(len(red3), 'red 3')}", place,
                           "red3", seat, me))
    for e in after["events"]:
        if e["event"] == Ev.CANASTA and e["side"] == side:
            out.append(_banner(f"Canasta! {narrate.meld_rank_label(e['rank'])}", _meld_place(side, e["meld"]),
                               "canasta", seat, me))
    verb = "pick" if seat == me else "picks"
    for e in _events(after, Ev.PICKED_UP, seat):
        source = [f"#pile-{e['pile']}", "#piles"] if seat == me else _place(seat, me)
        out.append({"fly": source, "to": _place(seat, me), "card": "", "n": e["size"]})
        out.append(_banner(f"{who} {verb} up the {e['pile']}", _place(seat, me), "pile", seat, me))
    for e in after["events"]:
        if e["event"] == Ev.WENT_OUT:
            out_seat = e["seat"]
            out.append(_banner(f"{narrate.seat_name(after, out_seat)} go{'' if out_seat == me else 'es'} out",
                               _place(out_seat, me), "out", out_seat, me))
    return out


def cues(steps):
    """The moments of these steps that may sound or vibrate."""
    tones = {s.get("tone") for s in steps}
    return [c for c in ("canasta", "out") if c in tones]
