"""What an action visibly moved, for ui/motion.js to animate.

Built only from the engine action and seat 0's views before and after it
(never a hidden card): another player's drawn cards fly face down. Places
are CSS selectors, most specific first; motion.js uses the first one shown
on the page (a folded or scrolled-away meld falls back to its side's panel).

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
from game import narrate
from game.english import plural
from ui.selection import group_key
from ui.text import HUMAN


def _place(seat):
    return ["#hand"] if seat == HUMAN else [f"#seat-{seat}"]


def _from_hand(seat, cards):
    """Where cards leave from: their chip in our hand, else the seat."""
    if seat == HUMAN and cards:
        return [f"#chip-{group_key(cards[0])}", "#hand"]
    return _place(seat)


def _side_place(side):
    """A side's melds panel, else (folded on a phone) its part of the opponents' strip."""
    return [f"#side-{side}", f'.strip-side[data-side="{side}"]', "#btn-opponents"]


def _meld_place(side, meld_id):
    return [f'[data-meld="{meld_id}"]'] + _side_place(side)


def _banner(text, at, tone, seat):
    """A banner at ``at`` that leaves the acting seat's box in view."""
    return {"banner": text, "at": at, "tone": tone, "keep": [] if seat == HUMAN else _place(seat)}


def _stock(index, view):
    return "#pile-stock" if len(view["stock_counts"]) == 1 else f"#pile-stock-{index}"


def _face(card):
    return "Jkr" if card == C.JOKER else C.label(card)


def _drawn(before, after, side):
    """Our drawn cards: new in the hand, or laid at once as red 3s."""
    new = Counter(after["hand"]) - Counter(before["hand"])
    new += Counter(after["sides"][side]["red3"]) - Counter(before["sides"][side]["red3"])
    return list(new.elements())


def _meld_targets(action, before, after, side):
    """(meld id, cards) per placement; new melds matched to the ids they were given."""
    old = {m["id"] for m in before["sides"][side]["melds"]}
    fresh = [m for m in after["sides"][side]["melds"] if m["id"] not in old]
    out = []
    for pl in action.get("melds", []):
        if "to" in pl:
            out.append((pl["to"], pl["cards"]))
        elif fresh:
            out.append((fresh.pop(0)["id"], pl["cards"]))
    return out


def _canastas(before, after, side):
    was = {m["id"] for m in before["sides"][side]["melds"] if m["canasta"]}
    return [m for m in after["sides"][side]["melds"] if m["canasta"] and m["id"] not in was]


def moves(action, seat, before, after):
    """The steps that show ``seat`` playing ``action`` (views of seat 0)."""
    kind = action["type"]
    who = narrate.seat_name(before, seat)
    side = before["players"][seat]["side"]
    out = []
    if kind == "draw":
        if after["phase"] in ("deal_end", "game_end") and before["phase"] == "draw":
            out.append(_banner("The stock ran out", _place(seat), "info", seat))
        else:
            picks = action.get("from", [0] * before["draw_count"])
            mine = _drawn(before, after, side) if seat == HUMAN else []
            for i, index in enumerate(picks):
                out.append({"fly": [_stock(index, before)], "to": _place(seat),
                            "card": _face(mine[i]) if i < len(mine) else "", "n": 1})
    elif kind == "take_pile":
        top = before["discard"][-1] if before["discard"] else None
        out.append({"fly": ["#pile-discard"], "to": _place(seat), "card": _face(top) if top else "",
                    "n": len(before["discard"])})
        out.append(_banner(f"{who} take{'' if seat == HUMAN else 's'} the pile", _place(seat), "pile", seat))
    elif kind == "discard":
        out.append({"fly": _from_hand(seat, [action["card"]]), "to": ["#pile-discard"],
                    "card": _face(action["card"]), "n": 1})
        out.append({"mark": ["#pile-discard"]})
    elif kind == "knock":
        out.append(_banner(f"{who} knock{'' if seat == HUMAN else 's'}", _place(seat), "info", seat))
    elif kind == "ask_to_go_out":
        out.append(_banner(f"{who}: may I go out?", _place(seat), "ask", seat))
    elif kind == "answer":
        out.append(_banner(f"{who}: {'yes' if action['yes'] else 'no'}", _place(seat), "ask", seat))
    if kind in ("take_pile", "meld"):
        for meld_id, cards in _meld_targets(action, before, after, side):
            out.append({"fly": _from_hand(seat, cards), "to": _meld_place(side, meld_id),
                        "card": _face(cards[0]) if cards else "", "n": max(1, len(cards))})
            out.append({"mark": _meld_place(side, meld_id)})
    out += _moments(seat, who, side, before, after)
    return out


def _moments(seat, who, side, before, after):
    """Red 3s (each flies to its side's red 3s), canastas, knee and foot pickups,
    going out: a banner each, at the side that acted."""
    out = []
    red3 = list((Counter(after["sides"][side]["red3"]) - Counter(before["sides"][side]["red3"])).elements())
    if red3:
        place = [f"#red3-side-{side}"] + _side_place(side)
        out += [{"fly": _place(seat), "to": place, "card": _face(card), "n": 1} for card in red3]
        out.append({"mark": place})
        out.append(_banner(f"{who} lay{'' if seat == HUMAN else 's'} {plural(len(red3), 'red 3')}", place,
                           "red3", seat))
    for meld in _canastas(before, after, side):
        out.append(_banner(f"Canasta! {narrate.meld_rank_label(meld['rank'])}", _meld_place(side, meld["id"]),
                           "canasta", seat))
    if after["deal"] == before["deal"] and after["went_out"] is None:
        was = len(before["players"][seat]["pile_counts"])
        now = len(after["players"][seat]["pile_counts"])
        verb = "pick" if seat == HUMAN else "picks"
        for left in range(was, now, -1):
            pile = "knee" if left == 2 else "foot"
            source = [f"#pile-{pile}", "#piles"] if seat == HUMAN else _place(seat)
            n = before["players"][seat]["pile_counts"][was - left]
            out.append({"fly": source, "to": _place(seat), "card": "", "n": n})
            out.append(_banner(f"{who} {verb} up the {pile}", _place(seat), "pile", seat))
    if after["went_out"] is not None and before["went_out"] is None:
        out_seat = after["went_out"]
        out.append(_banner(f"{narrate.seat_name(after, out_seat)} go{'' if out_seat == HUMAN else 'es'} out",
                           _place(out_seat), "out", out_seat))
    return out


def cues(steps):
    """The moments of these steps that may sound or vibrate."""
    tones = {s.get("tone") for s in steps}
    return [c for c in ("canasta", "out") if c in tones]
