"""One seat's view of the table: everything that seat may see, and no more.

``observe`` returns a copy of the state in which every card the seat cannot
see (other players' hands, knees and feet, every stock card, the seat's own
unpicked piles) is replaced by ``HIDDEN``. Bots get only this copy, so a bot
cannot leak what it was never given, yet it can still ask the engine whether
its own moves are legal: legality never depends on hidden cards. For speed
the observation shares the (public) melds with the state, so the engine
refuses to apply moves to it; a bot that looks ahead works on ``clone()``.
``view`` turns the same copy into JSON: the seat's observation only (what
the page shows or hides under a rule set is ui/core/table_view.py's). The log
holds no hidden cards (draws are logged without their cards); the events of
the last action (game/events.py) are the seat's: others' drawn cards masked.
"""

from __future__ import annotations

from .cards import HIDDEN, RANKS
from .engine import book_status, opening_minimum
from .events import seen_by, to_json
from .scoring import table_points
from .state import GameState, shallow_copy


def observe(state: GameState, seat: int) -> GameState:
    """The state as ``seat`` sees it, hidden cards masked. A player's only
    hidden fields are ``hand`` and ``piles``; the rest is copied as is."""
    players = []
    for i, p in enumerate(state.players):
        q = shallow_copy(p)
        q.hand = p.hand[:] if i == seat else [HIDDEN] * len(p.hand)
        q.piles = [[HIDDEN] * len(x) for x in p.piles]
        players.append(q)
    sides = []
    for s in state.sides:
        t = shallow_copy(s)
        t.melds = s.melds[:]
        t.red3 = s.red3[:]
        sides.append(t)
    out = shallow_copy(state)
    out.players = players
    out.sides = sides
    out.stocks = [[HIDDEN] * len(x) for x in state.stocks]
    out.discard = list(state.discard)
    out.dead = list(state.dead)
    out.answering = list(state.answering)
    out.log = state.log  # public, shared read-only
    out.events = seen_by(state.events, seat)
    out.observer = seat
    out.mask = None
    return out


def view(state: GameState, seat: int, log: bool = True, events: bool = True) -> dict:
    """JSON-ready view for ``seat``; ``log=False`` leaves out the action log,
    ``events=False`` what the last action did (the position alone)."""
    o = observe(state, seat)
    r = o.rules
    players = []
    for i, p in enumerate(o.players):
        players.append({
            "seat": i, "name": p.name, "bot": p.bot, "side": o.side_of(i),
            "hand_count": len(p.hand), "pile_counts": [len(x) for x in p.piles],
            "in_foot": p.on_last_pile(), "foot_played": p.foot_played,
        })
    sides = []
    for i, s in enumerate(o.sides):
        sides.append({
            "side": i, "opened": s.opened, "total": s.total, "red3": list(s.red3),
            "table_points": table_points(o, i),
            "melds": [m.to_json() | {"kind": m.kind(), "canasta": len(m.cards) >= r.canasta_size}
                      for m in s.melds],
            "opening_minimum": opening_minimum(o, i), "book_missing": book_status(o, i),
        })
    me = o.players[seat]
    out = {
        "seat": seat, "rules": r.name, "draw_count": r.draw_count, "deal": o.deal, "deals": r.deals,
        "dealer": o.dealer, "turn": o.turn, "to_move": o.to_move(),
        "phase": o.phase, "took_pile": o.took_pile, "permission": o.permission,
        "answering": list(o.answering), "players": players, "sides": sides,
        "my_side": o.side_of(seat), "hand": sorted(me.hand, key=sort_key),
        "knee_ready": me.knee_ready,
        "stock_counts": [len(x) for x in o.stocks], "dead_count": len(o.dead),
        "discard": list(o.discard), "went_out": o.went_out,
        "deal_results": o.deal_results,
    }
    if events:
        out["events"] = [to_json(e) for e in o.events]
    if log:
        out["log"] = [dict(a) for a in o.log]
    return out


_ORDER = {r: i for i, r in enumerate(RANKS)}


def sort_key(card: str):
    """Jokers first, then A K Q ... 2 (suit breaks ties)."""
    if card == "JK":
        return (-1, "")
    return (_ORDER[card[0]], card[1])
