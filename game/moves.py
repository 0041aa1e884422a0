"""Concrete candidate moves for the player to move, and the legal-action list.

Listing every combination of cards that could be melded is needless (a
player with 30 cards has millions); instead this module proposes the moves
a player would consider (whole natural groups, completing melds, a wild card
where it fits, the pile with each way of using the top card) and keeps those
the engine accepts. ``meld_options`` lists, per rank, the cards that can
form or join a meld, for the page and the command line; ``meld_targets``
says which melds a chosen set of cards may join, and ``meld_placements``
where the page's Meld sends a selection of one or several ranks.
"""

from __future__ import annotations

from collections import defaultdict
from itertools import combinations_with_replacement

from . import cards as C
from .engine import check, is_legal
from .english import plural
from .errors import IllegalMove
from .names import Act, Phase
from .state import GameState


def groups(hand: list[str]) -> tuple[dict[str, list[str]], list[str]]:
    """Natural cards by meldable rank, and the wild cards."""
    by_rank: dict[str, list[str]] = defaultdict(list)
    wilds = []
    for c in hand:
        if c in C.WILDS:
            wilds.append(c)
        elif c[0] != "3":
            by_rank[c[0]].append(c)
    return by_rank, wilds


def open_melds(state: GameState, seat: int) -> dict[str, object]:
    """The side's unfinished meld of each rank (the one cards can join)."""
    r = state.rules
    out = {}
    for m in state.sides[state.side_of(seat)].melds:
        if len(m.cards) < r.canasta_size or r.meld_growth == "always" or r.one_meld_per_rank:
            out[m.rank] = m
    return out


def take_pile_candidates(state: GameState, seat: int, checked: bool = True) -> list[dict]:
    """Ways to take the pile: the top card with a pair, onto a meld, with extras;
    ``checked``: only those the engine accepts now (as in ``meld_candidates``)."""
    if state.phase != Phase.DRAW or not state.discard:
        return []
    top = state.discard[-1]
    hand = state.players[seat].hand
    by_rank, wilds = groups(hand)
    if C.is_wild(top):
        same = [c for c in wilds if C.rank(c) == C.rank(top)]
        rank = C.WILD
    else:
        same = by_rank.get(C.rank(top), [])
        rank = C.rank(top)
    pair = same[:2] if state.rules.pile_pair else []
    if state.rules.pile_pair and len(same) < 2:
        return []
    existing = open_melds(state, seat).get(rank)
    bases = [[{"cards": pair}]]
    if existing is not None:
        bases.append([{"to": existing.id, "cards": pair}])
        room = state.rules.canasta_size - len(existing.cards) - 1
        if 0 <= room < len(same):
            rest = same[room:]
            bases.append([{"to": existing.id, "cards": same[:room]}, {"cards": rest}])
    out = [{"type": Act.TAKE_PILE, "melds": b} for b in bases]
    side = state.sides[state.side_of(seat)]
    if not side.opened:
        extras = [{"cards": g} for r2, g in by_rank.items() if r2 != rank and len(g) >= 3]
        whole = [{"cards": same}] if len(same) > 2 else [{"cards": pair}]
        out.append({"type": Act.TAKE_PILE, "melds": whole + extras})
        if wilds and rank != C.WILD:
            one_wild = [{"cards": pair + wilds[:1]}]
            out.append({"type": Act.TAKE_PILE, "melds": one_wild + extras})
    return [a for a in out if is_legal(state, a, trusted=True)] if checked else out


def meld_candidates(state: GameState, seat: int, checked: bool = True) -> list[dict]:
    """Single melds and additions from the hand; ``checked``: only those the
    engine accepts now (unchecked is cheaper when a caller tries a few).
    Placements the rules refuse whatever the position (wild cards where
    none may go, overfilling an unfinished meld, a second unfinished meld
    of a rank) are not proposed at all."""
    if state.phase != Phase.PLAY:
        return []
    r = state.rules
    hand = state.players[seat].hand
    by_rank, wilds = groups(hand)
    black3 = [c for c in hand if C.is_black_three(c)]
    if r.black3_melds and black3:  # groups() leaves 3s out: only these rules meld black 3s
        by_rank["3"] = black3
    existing = open_melds(state, seat)
    side = state.sides[state.side_of(seat)]
    out = []
    placements = []
    for rank, cards in by_rank.items():
        m = existing.get(rank)
        wild_ok = rank not in r.no_wild_ranks
        if m is not None:
            if r.meld_growth == "always" or not len(m.cards) < r.canasta_size < len(m.cards) + len(cards):
                placements.append({"to": m.id, "cards": cards})
            if len(cards) > 1:
                placements.append({"to": m.id, "cards": cards[:1]})
        # a second meld of the rank would be refused while this one is unfinished
        second = m is not None and (r.one_meld_per_rank or len(m.cards) < r.canasta_size)
        if len(cards) >= 3 and not (second and len(cards) < r.canasta_size):
            placements.append({"cards": cards})
        if len(cards) >= 2 and wilds and wild_ok and not (second and len(cards) + 1 < r.canasta_size):
            placements.append({"cards": cards + wilds[:1]})
    if len(wilds) >= 3:
        placements.append({"cards": wilds})
    for m in existing.values():
        if wilds and m.rank not in r.no_wild_ranks:
            placements.append({"to": m.id, "cards": wilds[:1]})
    if side.opened:
        out = [{"type": Act.MELD, "melds": [pl]} for pl in placements]
    else:
        new = [pl for pl in placements if "to" not in pl]
        out = [{"type": Act.MELD, "melds": new}] if new else []
        out += [{"type": Act.MELD, "melds": [pl]} for pl in new]
    return [a for a in out if is_legal(state, a, trusted=True)] if checked else out


def meld_options(state: GameState, seat: int) -> list[dict]:
    """Per rank: the cards in hand that could form or join a meld, and where."""
    hand = state.players[seat].hand
    by_rank, wilds = groups(hand)
    existing = open_melds(state, seat)
    out = []
    for rank in sorted(set(by_rank) | set(existing), key=C.RANKS.find):
        m = existing.get(rank)
        out.append({"rank": rank, "cards": by_rank.get(rank, []),
                    "join": m.id if m is not None else None})
    out.append({"rank": C.WILD, "cards": wilds,
                "join": existing[C.WILD].id if C.WILD in existing else None})
    return out


def draw_actions(state: GameState) -> list[dict]:
    """The legal draws from the stock: with several stock piles, each choice
    of piles to draw from."""
    r = state.rules
    if r.stock_piles == 1:
        return [{"type": Act.DRAW}] if is_legal(state, {"type": Act.DRAW}) else []
    out = []
    for picks in combinations_with_replacement(range(r.stock_piles), r.draw_count):
        a = {"type": Act.DRAW, "from": list(picks)}
        if is_legal(state, a, trusted=True):
            out.append(a)
    return out


def legal_actions(state: GameState) -> list[dict]:
    """Concrete legal actions for the player to move (melds as candidates)."""
    seat = state.to_move()
    if state.phase == Phase.DEAL_END:
        return [{"type": Act.NEXT_DEAL}]
    if seat is None:
        return []
    if state.phase == Phase.ANSWER:
        return [{"type": Act.ANSWER, "yes": True}, {"type": Act.ANSWER, "yes": False}]
    out = []
    if state.phase == Phase.DRAW:
        return draw_actions(state) + take_pile_candidates(state, seat)
    out += meld_candidates(state, seat)
    for a in ({"type": Act.PICK_UP_KNEE}, {"type": Act.ASK}, {"type": Act.KNOCK}):
        if is_legal(state, a, trusted=True):
            out.append(a)
    for card in sorted(set(state.players[seat].hand)):
        a = {"type": Act.DISCARD, "card": card}
        if is_legal(state, a, trusted=True):
            out.append(a)
    return out


def meld_targets(state: GameState, cards: list[str], placements=()) -> list[int]:
    """Ids of the mover's side's melds that ``cards`` may join in one meld move
    with ``placements`` (other placements of the same move): the page
    highlights them, and adds cards on its own where only one is possible."""
    seat = state.to_move()
    if seat is None or state.phase != Phase.PLAY or not cards:
        return []
    return [m.id for m in state.sides[state.side_of(seat)].melds
            if is_legal(state, {"type": Act.MELD, "melds": [*placements, {"to": m.id, "cards": list(cards)}]})]


def rank_groups(cards: list[str]) -> dict[str, list[str]]:
    """The selected cards by natural rank, wild cards with the one rank there
    is (or as a group of their own when there is none); raise IllegalMove
    when wild cards come with several ranks: which rank they join is the
    player's choice."""
    by_rank: dict[str, list[str]] = {}
    for c in cards:
        if c not in C.WILDS:
            by_rank.setdefault(c[0], []).append(c)
    wilds = [c for c in cards if c in C.WILDS]
    if not wilds:
        return by_rank
    if len(by_rank) > 1:
        raise IllegalMove("Wild cards join one rank at a time: select them with that rank alone "
                          "and tap Meld, then meld the other ranks.")
    rank = next(iter(by_rank), C.WILD)
    return {rank: by_rank.get(rank, []) + wilds}


def _one_place(state: GameState, group: list[str], placements: list[dict], several: bool) -> dict:
    """Where one rank's cards go: a new meld if the engine accepts it, else the
    one meld of the side they can join; raise IllegalMove saying what to do
    (``several``: other ranks are selected too, so the reason names the rank)."""
    new = {"cards": group}
    why = refusal(state, {"type": Act.MELD, "melds": [*placements, new]})
    if why is None:
        return new
    targets = meld_targets(state, group, placements)
    if len(targets) == 1:
        return {"to": targets[0], "cards": group}
    natural = next((c for c in group if c not in C.WILDS), None)
    name = C.rank_label(natural[0]) if natural else "wild cards"
    if len(targets) > 1:
        if several:
            raise IllegalMove(f"Your {name} can join {plural(len(targets), 'meld')}: select the {name} alone "
                              "and tap the meld you want, or Meld one rank at a time.")
        raise IllegalMove(f"{why} Tap one of the highlighted melds to add them there.")
    raise IllegalMove(f"Your {name}: {why}" if several else why)


def meld_placements(state: GameState, cards: list[str], placements=()) -> list[dict]:
    """What the page's Meld sends for the selected ``cards`` after the staged
    ``placements``: each rank's cards to its one place (a new meld, else the
    one meld of the side they can join), all in one move. Raise IllegalMove
    with what to do when a rank has no place or several, or when wild cards
    come with several ranks. Before a side's first meld every rank starts a
    new meld (the minimum counts them together, so the engine judges them as
    one move)."""
    out = [dict(pl) for pl in placements]
    groups = rank_groups(cards)
    seat = state.to_move()
    if seat is None or not state.sides[state.side_of(seat)].opened:
        return out + [{"cards": g} for g in groups.values()]
    staged = list(out)
    for group in groups.values():
        out.append(_one_place(state, group, staged, len(groups) > 1))
    return out


SUMMARY = (Act.DRAW, Act.TAKE_PILE, Act.PICK_UP_KNEE, Act.ASK, Act.MELD, Act.DISCARD, Act.KNOCK)


def legal_summary(state: GameState, seat: int) -> dict[str, str | None]:
    """For the page's controls: each turn action type in ``SUMMARY`` mapped to
    None if ``seat`` may make such a move now, else the engine's reason in
    words (the refusal of the first candidate move tried)."""
    if seat != state.to_move():
        reason = refusal(state, {"type": Act.KNOCK, "seat": seat})
        return dict.fromkeys(SUMMARY, reason)
    hand = state.players[seat].hand
    tries = {
        Act.DRAW: draw_actions(state) or [{"type": Act.DRAW}],
        Act.TAKE_PILE: take_pile_candidates(state, seat, checked=False)
        or [{"type": Act.TAKE_PILE, "melds": [{"cards": []}]}],
        Act.PICK_UP_KNEE: [{"type": Act.PICK_UP_KNEE}],
        Act.ASK: [{"type": Act.ASK}],
        Act.MELD: meld_candidates(state, seat, checked=False),
        Act.DISCARD: [{"type": Act.DISCARD, "card": c} for c in sorted(set(hand))],
        Act.KNOCK: [{"type": Act.KNOCK}],
    }
    out = {}
    for kind in SUMMARY:
        reasons = [refusal(state, a) for a in tries[kind]]
        out[kind] = None if None in reasons else reasons[0] if reasons else _no_candidate(state, kind)
    return out


def refusal(state: GameState, action: dict) -> str | None:
    """The engine's reason ``action`` is refused now, or None if it is legal."""
    try:
        check(state, action)
    except IllegalMove as e:
        return str(e)
    return None


def _no_candidate(state: GameState, kind: str) -> str:
    """Why nothing of this kind can be tried: the engine's reason where the
    phase refuses it, else that no card in hand fits."""
    if kind == Act.MELD and state.phase != Phase.PLAY:
        return refusal(state, {"type": Act.MELD, "melds": [{"cards": []}]})
    return "You hold no cards that can be melded now." if kind == Act.MELD else "You hold no cards."
