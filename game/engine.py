"""Checking and applying actions: the only code that changes a game state.

Every action goes through ``plan``: it checks the whole action against the
position and returns a plan, or raises ``IllegalMove`` with the reason in
words. ``apply`` carries out a plan only after it was fully checked, so a
refused action leaves the state exactly as it was. ``legal_actions`` uses
the same checks. ``ACTIONS`` (at the end) is the one table from an action's
type to its planner (every check) and its executor (the change it makes).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import NamedTuple

from . import cards as C
from . import events as E
from . import melds as M
from .actions import parse_action
from .deal import (
    in_first_pile,
    into_hand,
    lay_red_threes,
    new_game,
    pick_up_next_pile,
    refill_stock,
    start_deal,
    take_from_stock,
)
from .english import join_words
from .errors import IllegalMove
from .names import Act, Phase
from .scoring import deal_breakdown
from .state import GameState, Meld


class Plan:
    """A checked action, ready to carry out (a plain class: one is made per check)."""

    __slots__ = ("action", "seat", "used", "changes", "new", "completed",
                 "empties_hand", "goes_out", "ends_deal", "taken")

    def __init__(self, action: dict, seat: int):
        self.action = action
        self.seat = seat
        self.used: dict = {}            # card -> copies leaving the hand
        self.changes: dict = {}         # meld id -> final cards
        self.new: list = []             # (rank, cards) of new melds
        self.completed: list = []       # (meld id or None, index into new)
        self.empties_hand = False
        self.goes_out = False
        self.ends_deal = False
        self.taken: list = []           # pile cards going to the hand


# -- public API -------------------------------------------------------------
def apply(state: GameState, action: dict) -> GameState:
    """Check and carry out an action for the player to move; returns the state,
    whose ``events`` say what the action did (game/events.py)."""
    if state.observer is not None:
        raise RuntimeError("An observation shares the table with the real game: clone() it to look ahead.")
    p = plan(state, action)
    _execute(state, p)
    return state


def check(state: GameState, action: dict) -> None:
    """Raise ``IllegalMove`` if the action is not legal now."""
    plan(state, action)


def is_legal(state: GameState, action: dict, trusted: bool = False) -> bool:
    """Whether ``plan`` accepts the action; ``trusted``: see ``plan``."""
    try:
        plan(state, action, trusted)
    except IllegalMove:
        return False
    return True


def opening_minimum(state: GameState, side_index: int) -> int:
    """The card value a side's first meld of this deal must reach."""
    r = state.rules
    if r.opening_by_score:
        minimum = r.opening_by_deal[0]
        total = state.sides[side_index].total
        for score, value in r.opening_by_score:
            if total >= score:
                minimum = value
        return minimum
    return r.opening_by_deal[min(state.deal, len(r.opening_by_deal)) - 1]


def go_out_problem(state: GameState, seat: int, extra_canastas=(), asking: bool = False) -> str | None:
    """Why this player may not go out now, or None. ``extra_canastas`` are
    (rank, kind) pairs the action under test would complete."""
    r = state.rules
    side = state.sides[state.side_of(seat)]
    canastas = M.canastas(side.melds, r.canasta_size) + list(extra_canastas)
    missing = M.book_shortfall(r.books_for_deal(state.deal), canastas)
    if missing:
        needs = join_words([M.describe_book(b) for b in missing])
        return f"Your side still needs {needs} to go out."
    partners = state.partners(seat)
    if r.partner_in_foot:
        for q in partners:
            if not (state.players[q].on_last_pile() and state.players[q].foot_played):
                return f"{state.players[q].name} must first play from their foot before anyone goes out."
    if r.ask_partner and partners and not asking:
        if state.permission is None:
            return "Ask your partner before going out."
        if state.permission is False:
            return "Your partner said no: you may not go out this turn."
    return None


def book_status(state: GameState, side_index: int) -> list[str]:
    """What the side's basic book still lacks, as phrases."""
    r = state.rules
    canastas = M.canastas(state.sides[side_index].melds, r.canasta_size)
    return [M.describe_book(b) for b in M.book_shortfall(r.books_for_deal(state.deal), canastas)]


# -- planning -----------------------------------------------------------------
def plan(state: GameState, action: dict, trusted: bool = False) -> Plan:
    """The checked plan of an action. ``trusted``: the action was built by
    ``game.moves``, well formed by construction, so its shape is not checked
    again (the moves list is the hot path of bots and simulations)."""
    if not trusted:
        action = parse_action(action)
    rule = ACTIONS[action["type"]]
    seat = -1 if rule.anyone else _mover(state, action)
    return rule.plan(state, seat, action)


def _mover(state: GameState, action: dict) -> int:
    """The seat that must act now; refuses an action by anyone else, or one
    that is not the answer the game waits for."""
    if state.deal_over:
        raise IllegalMove("The deal is over." if state.phase == Phase.DEAL_END else "The game is over.")
    seat = state.to_move()
    if "seat" in action and action["seat"] != seat:
        raise IllegalMove(f"It is {state.players[seat].name}'s move, not "
                          f"{state.players[action['seat']].name}'s."
                          if 0 <= action["seat"] < state.num_players else "No such seat.")
    if state.phase == Phase.ANSWER and action["type"] != Act.ANSWER:
        raise IllegalMove(f"{state.players[seat].name} must first answer whether "
                          f"{state.players[state.turn].name} may go out.")
    return seat


def _plan_next_deal(state: GameState, seat: int, action: dict) -> Plan:
    if state.phase != Phase.DEAL_END:
        raise IllegalMove("The deal is not over yet." if state.phase != Phase.GAME_END
                          else "The game is over.")
    if "seat" in action and not 0 <= action["seat"] < state.num_players:
        raise IllegalMove("No such seat.")
    return Plan({"type": Act.NEXT_DEAL}, -1)  # anyone may deal on: the log names no seat


def _plan_answer(state: GameState, seat: int, action: dict) -> Plan:
    if state.phase != Phase.ANSWER:
        raise IllegalMove("Nobody has asked to go out.")
    return Plan(action, seat)


def _plan_draw(state: GameState, seat: int, action: dict) -> Plan:
    r = state.rules
    if state.phase != Phase.DRAW:
        raise IllegalMove("You have already drawn this turn.")
    sizes = [len(s) for s in state.stocks]
    if sum(sizes) < r.draw_count:
        sizes[0] += len(state.dead)  # a frozen pile goes under the stock when needed
    if sum(sizes) < r.draw_count:
        p = Plan(action, seat)
        p.ends_deal = True
        return p
    picks = action.get("from", [0] * r.draw_count)
    if len(picks) != r.draw_count:
        raise IllegalMove(f"Draw {r.draw_count} cards.")
    for i in dict.fromkeys(picks):  # each pile once, in the order named
        n = picks.count(i)
        if not 0 <= i < r.stock_piles:
            raise IllegalMove("There is no such stock pile.")
        if sizes[i] < n:
            raise IllegalMove(f"That stock pile has only {sizes[i]} card(s); draw from the other.")
    return Plan(action, seat)


def _plan_take(state: GameState, seat: int, action: dict) -> Plan:
    r = state.rules
    side = state.sides[state.side_of(seat)]
    if state.phase != Phase.DRAW:
        raise IllegalMove("You may take the pile only instead of drawing.")
    if not state.discard:
        raise IllegalMove("The discard pile is empty.")
    if len(state.discard) < r.pile_min_size:
        raise IllegalMove(f"The pile may be taken only when it holds {r.pile_min_size} or more cards; "
                          f"it holds {len(state.discard)}.")
    top = state.discard[-1]
    if C.is_black_three(top):
        raise IllegalMove("A black 3 on top blocks the pile.")
    if C.is_red_three(top):
        raise IllegalMove("A red 3 on top cannot be melded, so the pile cannot be taken.")
    if C.is_wild(top) and not r.pile_wild_top:
        raise IllegalMove("A wild card on top cannot be taken.")
    if not side.opened and state.deal in r.hidden_canasta_deals:
        raise IllegalMove(f"In deal {state.deal} your side must open with a hidden canasta "
                          "from the hand before taking the pile.")
    if not action["melds"]:
        raise IllegalMove("Meld the top card of the pile to take it.")
    if r.pile_pair:
        used = Counter(c for pl in action["melds"] for c in pl["cards"])
        if C.is_wild(top):
            same = sum(n for c, n in used.items() if C.rank(c) == C.rank(top))
            if same < 2:
                what = "two Jokers" if top == C.JOKER else "two 2s"
                raise IllegalMove(f"To take a {C.label(top)} you must meld it with {what} from your hand.")
        else:
            same = sum(n for c, n in used.items() if not C.is_wild(c) and C.rank(c) == C.rank(top))
            if same < 2:
                raise IllegalMove(f"To take the pile you must meld its top card, {C.label(top)}, with two "
                                  f"{C.rank_label(C.rank(top))} from your hand.")
    p = _plan_melds(state, seat, action, top=top)
    if r.pile_top_only_before_opening and not side.opened:
        p.taken = []
    else:
        count = len(state.discard) - 1
        if r.pile_take_max:
            count = min(count, r.pile_take_max - 1)
        p.taken = state.discard[len(state.discard) - 1 - count:-1]
    if p.empties_hand and p.taken:
        p.empties_hand = p.goes_out = False
    if r.discard_after_pile:
        _check_last_card(state, seat, p, len(state.players[seat].hand) - sum(p.used.values()) + len(p.taken))
    return p


def _plan_meld(state: GameState, seat: int, action: dict) -> Plan:
    if state.phase != Phase.PLAY:
        raise IllegalMove("Draw before melding.")
    if not action["melds"]:
        raise IllegalMove("Choose cards to meld.")
    p = _plan_melds(state, seat, action)
    if not state.took_pile or state.rules.discard_after_pile:
        _check_last_card(state, seat, p, len(state.players[seat].hand) - sum(p.used.values()))
    return p


def _plan_melds(state: GameState, seat: int, action: dict, top: str | None = None) -> Plan:
    """Check new melds and additions; ``top`` joins the first placement."""
    p = Plan(action, seat)
    side_index = state.side_of(seat)
    side = state.sides[side_index]
    by_id = {m.id: m for m in side.melds}
    _place(state, side_index, p, by_id, top)
    _check_cards_held(state.players[seat].hand, p.used)
    _check_additions(state, p, by_id)
    _check_new_melds(state, p)
    _check_rank_limits(state, side, p)
    if not side.opened:
        _check_opening(state, side_index, p, top)
    if len(state.players[seat].hand) == sum(p.used.values()):
        p.empties_hand = True
        r = state.rules
        if top is None or not state.discard[:-1] or (r.pile_top_only_before_opening and not side.opened):
            _check_empty_hand(state, seat, p)
    return p


def _place(state: GameState, side_index: int, p: Plan, by_id: dict, top: str | None) -> None:
    """Sort the placements into the plan: the cards used from the hand,
    the final cards of each meld added to, and the new melds."""
    side = state.sides[side_index]
    for i, pl in enumerate(p.action["melds"]):
        cards = list(pl["cards"])
        for c in cards:
            p.used[c] = p.used.get(c, 0) + 1
        if i == 0 and top is not None:
            cards.append(top)
        if "to" in pl:
            target = by_id.get(pl["to"])
            if target is None:
                raise IllegalMove("Your side has no such meld." if not _is_opponents(state, side_index, pl["to"])
                                  else "You may not add to the opponents' melds.")
            if not side.opened:  # pragma: no cover - a side with melds has opened
                raise IllegalMove("Your side has not opened yet.")
            if not cards:
                raise IllegalMove("Choose cards to add to the meld.")
            p.changes.setdefault(target.id, list(target.cards)).extend(cards)
        else:
            rank = M.natural_rank(cards)
            if rank is None:
                raise IllegalMove(M.MIXED_RANKS)
            p.new.append((rank, cards))


def _check_cards_held(hand: list[str], used: dict) -> None:
    for c, n in used.items():
        have = hand.count(c)
        if have < n:
            raise IllegalMove(f"You do not hold {'another ' if have else ''}{C.label(c)}.")
    for c in used:
        if c in C.RED_THREES:
            raise IllegalMove("Red 3s cannot be melded.")


def _check_additions(state: GameState, p: Plan, by_id: dict) -> None:
    """Each meld added to stays legal; note the canastas it completes."""
    r = state.rules
    for mid, final in p.changes.items():
        m = by_id[mid]
        before = len(m.cards)
        if len(final) > r.canasta_size:
            _check_growth(state, m, before)
        # a valid meld stays valid with more naturals of its rank: check only a change with wild cards
        if not all(c[0] == m.rank and c not in C.WILDS for c in final[before:]):
            problem = M.meld_problem(r, m.rank, final, grown_ok=True)
            if problem:
                raise IllegalMove(problem)
        if before < r.canasta_size <= len(final):
            p.completed.append((mid, None))


def _check_new_melds(state: GameState, p: Plan) -> None:
    """Each new meld is legal; note the canastas among them."""
    r = state.rules
    for idx, (_, cards) in enumerate(p.new):
        problem = M.new_meld_problem(r, cards)
        if problem:
            raise IllegalMove(problem)
        if len(cards) >= r.canasta_size:
            p.completed.append((None, idx))


def _is_opponents(state: GameState, side_index: int, meld_id) -> bool:
    return any(m.id == meld_id for i, s in enumerate(state.sides) if i != side_index for m in s.melds)


def _check_growth(state: GameState, m: Meld, before: int) -> None:
    r = state.rules
    size = r.canasta_size
    if r.meld_growth == "always":
        return
    if r.meld_growth == "never":
        if before >= size:
            raise IllegalMove(f"That canasta is complete; start a new meld of {C.rank_label(m.rank)} instead.")
        raise IllegalMove(f"A meld holds at most {size} cards.")
    if before < size:
        raise IllegalMove(f"A meld holds at most {size} cards until it is a canasta.")
    if m.book:
        raise IllegalMove("Canastas of the basic book take no extra cards.")
    if r.growth_not_same_turn and m.completed_turn == state.turn_number:
        raise IllegalMove("A canasta takes extra cards only after the turn it was made.")


def _check_rank_limits(state: GameState, side, p: Plan) -> None:
    """One unfinished meld per rank (or one meld per rank), after the plan."""
    r = state.rules
    ranks = {rank for rank, _ in p.new}
    if not ranks:
        return  # additions never create a second meld of a rank
    size = r.canasta_size
    counts = dict.fromkeys(ranks, 0)
    incomplete = dict.fromkeys(ranks, 0)
    for m in side.melds:
        if m.rank in ranks:
            counts[m.rank] += 1
            if len(p.changes.get(m.id, m.cards)) < size:
                incomplete[m.rank] += 1
    for rank, cards in p.new:
        counts[rank] += 1
        if len(cards) < size:
            incomplete[rank] += 1
    for rank in ranks:
        name = C.rank_label(rank)
        if r.one_meld_per_rank and counts[rank] > 1:
            raise IllegalMove(f"Your side may have only one meld of {name}; add to it instead.")
        if incomplete[rank] > 1:
            raise IllegalMove(f"Your side may not have two unfinished melds of {name}; "
                              "finish the first before starting another.")


def _check_opening(state: GameState, side_index: int, p: Plan, top: str | None) -> None:
    r = state.rules
    minimum = opening_minimum(state, side_index)
    value = sum(M.card_value(c) for _, cards in p.new for c in cards)
    if value < minimum:
        raise IllegalMove(f"Your side needs {minimum} points for its first meld; these cards make {value}.")
    if state.deal in r.hidden_canasta_deals:
        if top is not None or not any(len(cards) >= r.canasta_size for _, cards in p.new):
            raise IllegalMove(f"In deal {state.deal} your side's first meld must include a hidden canasta: "
                              f"{r.canasta_size} cards of one rank from your hand.")


def _check_empty_hand(state: GameState, seat: int, p: Plan) -> None:
    """A player may run out of cards only to pick up the next pile or go out."""
    player = state.players[seat]
    side = state.sides[state.side_of(seat)]
    if player.piles:
        if next_pile_open(state, seat, first_canasta=bool(p.completed) and not side.knee_unlocked):
            return
        raise IllegalMove("You may not meld your last card: you cannot pick up your knee "
                          "until your side has made a canasta.")
    if state.rules.going_out_discard == "required":
        raise IllegalMove("You must keep a card to discard when you go out.")
    problem = go_out_problem(state, seat, _completed_kinds(state, seat, p))
    if problem:
        raise IllegalMove(f"You may not meld your last card. {problem}")
    p.goes_out = True


def _check_last_card(state: GameState, seat: int, p: Plan, left: int) -> None:
    """A meld after which the turn ends with a discard must leave two cards,
    one to discard and one to hold, unless that discard may be the last card
    (the next pile is open, or the player may go out by discarding). Pagat,
    "Hand and Foot": "you are not allowed to leave yourself without any
    cards. That means that if you are playing from your foot, you must keep
    at least two cards in your hand after melding - one to discard and at
    least one to hold"; Denexa, "Triple Play": "a player that began their
    turn by drawing from the stock ends it by discarding a single card."."""
    if left != 1:
        return
    player = state.players[seat]
    side = state.sides[state.side_of(seat)]
    keep = "You must keep two cards after melding, one to discard and one to hold:"
    if player.piles:
        if not next_pile_open(state, seat, first_canasta=bool(p.completed) and not side.knee_unlocked):
            raise IllegalMove(f"{keep} you cannot pick up your knee until your side has made a canasta.")
        return
    if state.rules.going_out_discard == "forbidden":
        raise IllegalMove(f"{keep} going out means melding every card, with no discard.")
    problem = go_out_problem(state, seat, _completed_kinds(state, seat, p))
    if problem:
        raise IllegalMove(f"{keep} you may not go out yet. {problem}")


def next_pile_open(state: GameState, seat: int, first_canasta: bool = False) -> bool:
    """Whether the seat may run out of cards into its next pile: a foot
    always; the knee once the side's first canasta opened it (``first_canasta``:
    the action under test makes it), or on an emptied hand where the rules say so."""
    player = state.players[seat]
    if not player.piles:
        return False
    is_knee = len(player.piles) == 2
    return not is_knee or player.knee_ready or first_canasta or state.rules.empty_hand_opens_knee


def _completed_kinds(state: GameState, seat: int, p: Plan) -> list[tuple[str, str]]:
    """(rank, kind) of canastas this plan completes, and of grown ones changing kind."""
    side = state.sides[state.side_of(seat)]
    r = state.rules
    out = []
    for m in side.melds:
        cards = p.changes.get(m.id)
        if cards is not None and len(m.cards) < r.canasta_size <= len(cards):
            out.append((m.rank, _kind(m.rank, cards)))
    for rank, cards in p.new:
        if len(cards) >= r.canasta_size:
            out.append((rank, _kind(rank, cards)))
    return out


def _kind(rank: str, cards: list[str]) -> str:
    return Meld(0, rank, cards).kind()


def _plan_discard(state: GameState, seat: int, action: dict) -> Plan:
    r = state.rules
    player = state.players[seat]
    if state.phase != Phase.PLAY:
        raise IllegalMove("Draw before discarding.")
    if state.took_pile and not r.discard_after_pile:
        raise IllegalMove("You took the pile, so you do not discard: knock to end your turn.")
    card = action["card"]
    if card not in player.hand:
        raise IllegalMove(f"You do not hold {C.label(card)}.")
    if C.is_red_three(card) and r.red3_laid:
        raise IllegalMove("Red 3s are laid on the table, not discarded.")
    p = Plan(action, seat)
    if len(player.hand) == 1:
        p.empties_hand = True
        if next_pile_open(state, seat):
            return p
        if player.piles:
            raise IllegalMove("You may not discard your last card: you cannot pick up your knee "
                              "until your side has made a canasta.")
        if r.going_out_discard == "forbidden":
            raise IllegalMove("You may not discard your last card: going out means melding every card.")
        problem = go_out_problem(state, seat)
        if problem:
            raise IllegalMove(f"You may not discard your last card. {problem}")
        p.goes_out = True
    return p


def _plan_knock(state: GameState, seat: int, action: dict) -> Plan:
    if state.phase != Phase.PLAY:
        raise IllegalMove("Draw before ending your turn.")
    if state.took_pile and not state.rules.discard_after_pile:
        return Plan(action, seat)
    if any(is_legal(state, {"type": Act.DISCARD, "card": c}) for c in set(state.players[seat].hand)):
        raise IllegalMove("End your turn by discarding a card.")
    # Rare, since melds keep two cards: a player holding one card drew only red
    # 3s, which are not replaced from the knee on; that card may not be thrown,
    # so the turn ends without a discard (docs/presets/triple-play.md, rulings).
    return Plan(action, seat)


def _plan_knee(state: GameState, seat: int, action: dict) -> Plan:
    player = state.players[seat]
    if not state.rules.has_knee:
        raise IllegalMove("These rules have no knee.")
    if len(player.piles) != 2:
        raise IllegalMove("You have already picked up your knee.")
    if not player.knee_ready:
        raise IllegalMove("You may pick up your knee only after your side has made its first canasta.")
    if state.phase != Phase.PLAY:
        raise IllegalMove("Draw first, then pick up your knee.")
    return Plan(action, seat)


def _plan_ask(state: GameState, seat: int, action: dict) -> Plan:
    player = state.players[seat]
    if state.phase != Phase.PLAY:
        raise IllegalMove("Draw before asking to go out.")
    if not state.partners(seat) or not state.rules.ask_partner:
        raise IllegalMove("You have no partner to ask.")
    if state.permission is not None:
        raise IllegalMove("You have already asked this turn.")
    if player.piles:
        raise IllegalMove("You can go out only from your foot.")
    problem = go_out_problem(state, seat, asking=True)
    if problem:
        raise IllegalMove(problem)
    return Plan(action, seat)


# -- carrying out ---------------------------------------------------------------
def _execute(state: GameState, p: Plan) -> None:
    """Carry out a checked plan: log it, make its own change, then (for a move
    in the turn) the turn's bookkeeping: the foot played, going out. Each
    change notes its events as it happens."""
    entry = dict(p.action)
    if p.seat >= 0:
        entry["seat"] = p.seat
    state.log.append(entry)
    state.events = []
    rule = ACTIONS[p.action["type"]]
    if p.ends_deal:  # a draw from a stock too small: the deal ends, nothing moves
        state.events.append(E.StockRanOut(p.seat))
        _end_deal(state)
        return
    if not rule.in_turn:
        rule.execute(state, p)
        return
    player = state.players[p.seat]
    was_on_last = player.on_last_pile()
    rule.execute(state, p)
    if was_on_last:
        player.foot_played = True
    if p.goes_out:
        state.went_out = p.seat
        state.events.append(E.WentOut(p.seat))
        _end_deal(state)
        return
    if rule.then is not None:
        rule.then(state, p)


def _do_draw(state: GameState, p: Plan) -> None:
    refill_stock(state)
    picks = p.action.get("from", [0] * state.rules.draw_count)
    drawn = into_hand(state, p.seat, [c for c in (take_from_stock(state, i) for i in picks) if c is not None])
    state.events.append(E.Drew(p.seat, tuple(drawn), tuple(p.action.get("from", ()))))
    lay_red_threes(state, p.seat)
    state.phase = Phase.PLAY


def _do_take(state: GameState, p: Plan) -> None:
    state.events.append(E.TookPile(p.seat, state.discard[-1], len(state.discard)))
    _execute_melds(state, p, state.discard[-1])
    del state.discard[len(state.discard) - len(p.taken) - 1:]
    state.players[p.seat].hand.extend(p.taken)
    state.took_pile = True
    state.phase = Phase.PLAY
    lay_red_threes(state, p.seat)


def _do_discard(state: GameState, p: Plan) -> None:
    card = p.action["card"]
    state.players[p.seat].hand.remove(card)
    state.events.append(E.Discarded(p.seat, card))
    if C.is_wild(card) and state.rules.wild_discard_freezes:
        state.dead.extend(state.discard)
        state.dead.append(card)
        state.discard = []
    else:
        state.discard.append(card)


def _do_ask(state: GameState, p: Plan) -> None:
    state.answering = state.partners(p.seat)
    state.phase = Phase.ANSWER
    state.events.append(E.Asked(p.seat, tuple(state.answering)))


def _do_answer(state: GameState, p: Plan) -> None:
    state.events.append(E.Answered(p.seat, p.action["yes"]))
    state.answering.pop(0)
    if not p.action["yes"]:
        state.permission = False
        state.answering = []
    elif not state.answering:
        state.permission = True
    if not state.answering:
        state.phase = Phase.PLAY


def _do_knee(state: GameState, p: Plan) -> None:
    pick_up_next_pile(state, p.seat, chosen=True)


def _do_knock(state: GameState, p: Plan) -> None:
    """A knock moves no card: the turn's end does the rest."""
    state.events.append(E.Knocked(p.seat))


def _next_pile_if_empty(state: GameState, p: Plan) -> None:
    """A player who melded every card picks up the next pile, if any."""
    player = state.players[p.seat]
    if not player.hand and player.piles:
        pick_up_next_pile(state, p.seat)


def _end_turn_after_discard(state: GameState, p: Plan) -> None:
    """The discard ends the turn; a player who threw their last card picks
    up the next pile at their next turn."""
    if not state.players[p.seat].hand:
        state.players[p.seat].pending_pickup = True
    _next_turn(state)


def _end_turn(state: GameState, p: Plan) -> None:
    _next_turn(state)


def _execute_melds(state: GameState, p: Plan, top: str | None = None) -> None:
    """Move the planned cards (the pile's ``top`` card is already in the first placement)."""
    r = state.rules
    player = state.players[p.seat]
    side_index = state.side_of(p.seat)
    side = state.sides[side_index]
    for c, n in p.used.items():
        for _ in range(n):
            player.hand.remove(c)
    by_id = {m.id: m for m in side.melds}
    completed = []
    for mid, final in p.changes.items():
        m = by_id[mid]
        if len(m.cards) < r.canasta_size <= len(final):
            completed.append(m)
        m.cards = list(final)
    first_new = state.next_meld_id
    for rank, cards in p.new:
        m = Meld(state.next_meld_id, rank, list(cards))
        state.next_meld_id += 1
        side.melds.append(m)
        if len(cards) >= r.canasta_size:
            completed.append(m)
    side.opened = True
    _note_placements(state, p, side_index, by_id, first_new, top)
    state.events += [E.MadeCanasta(side_index, m.id, m.rank, m.kind()) for m in sorted(completed, key=lambda m: m.id)]
    for m in completed:
        m.completed_turn = state.turn_number
        books = [(b.rank, b.kind()) for b in side.melds if b.book]
        missing = M.book_shortfall(r.books_for_deal(state.deal), books)
        kind = m.kind()
        m.book = any(M.fits_book(b, m.rank, kind) for b in missing)
    if completed and not side.knee_unlocked:
        side.knee_unlocked = True
        if r.has_knee:
            for q in [p.seat] + state.partners(p.seat):
                if len(state.players[q].piles) == 2:
                    state.players[q].knee_ready = True
            if state.players[p.seat].knee_ready:  # its maker may be past the knee already
                pick_up_next_pile(state, p.seat)
    lay_red_threes(state, p.seat)


def _note_placements(state: GameState, p: Plan, side_index: int, by_id: dict, first_new: int,
                     top: str | None) -> None:
    """One Melded event per placement, in the action's order: new melds took
    the ids from ``first_new`` on, in that order; ``top`` joined the first."""
    new_id = first_new
    for i, pl in enumerate(p.action["melds"]):
        if "to" in pl:
            meld, rank, new = pl["to"], by_id[pl["to"]].rank, False
        else:
            meld, rank, new = new_id, p.new[new_id - first_new][0], True
            new_id += 1
        state.events.append(E.Melded(p.seat, side_index, meld, rank, tuple(pl["cards"]), top if i == 0 else None, new))


def _next_turn(state: GameState) -> None:
    if state.permission and state.rules.yes_obliges:
        _unused_yes(state)
    seat = (state.turn + 1) % state.num_players
    state.turn = seat
    state.turn_number += 1
    state.took_pile = False
    state.permission = None
    state.phase = Phase.DRAW
    player = state.players[seat]
    if player.pending_pickup or player.knee_ready and state.rules.partner_knee_at_turn_start:
        pick_up_next_pile(state, seat)
    lay_red_threes(state, seat)


def _unused_yes(state: GameState) -> None:
    """The turn ends without going out after a yes that obliged it: the
    side pays for it at the deal's scoring (docs/presets/hand-and-foot.md)."""
    side = state.side_of(state.turn)
    state.sides[side].unused_yes += 1
    state.events.append(E.UnusedYes(state.turn, side, state.rules.unused_yes_penalty))


def _end_deal(state: GameState) -> None:
    result = deal_breakdown(state)
    for side, row in zip(state.sides, result):
        side.total += row["total"]
    state.deal_results.append({
        "deal": state.deal, "went_out": state.went_out, "sides": result,
        "totals": [s.total for s in state.sides]})
    state.events.append(E.DealOver(state.deal))
    state.phase = Phase.GAME_END if state.deal >= state.rules.deals else Phase.DEAL_END


def _next_deal(state: GameState, p: Plan) -> None:
    state.deal += 1
    state.dealer = (state.dealer + 1) % state.num_players
    state.events.append(E.DealBegan(state.deal))
    start_deal(state)


class ActionRule(NamedTuple):
    """How the engine checks and carries out one type of action."""

    plan: Callable[[GameState, int, dict], Plan]  # (state, seat, action): every check
    execute: Callable[[GameState, Plan], None]     # its own change to the state
    then: Callable[[GameState, Plan], None] | None = None  # after the turn's bookkeeping
    in_turn: bool = True   # a move in the turn: the foot played, going out (see _execute)
    anyone: bool = False   # any seat may send it (no player to move)


ACTIONS: dict[str, ActionRule] = {
    Act.DRAW: ActionRule(_plan_draw, _do_draw),
    Act.TAKE_PILE: ActionRule(_plan_take, _do_take, _next_pile_if_empty),
    Act.MELD: ActionRule(_plan_meld, _execute_melds, _next_pile_if_empty),
    Act.PICK_UP_KNEE: ActionRule(_plan_knee, _do_knee),
    Act.DISCARD: ActionRule(_plan_discard, _do_discard, _end_turn_after_discard),
    Act.KNOCK: ActionRule(_plan_knock, _do_knock, _end_turn),
    Act.ASK: ActionRule(_plan_ask, _do_ask),
    Act.ANSWER: ActionRule(_plan_answer, _do_answer, in_turn=False),
    Act.NEXT_DEAL: ActionRule(_plan_next_deal, _next_deal, in_turn=False, anyone=True),
}


def restart(state: GameState) -> GameState:
    """The game as it was dealt: the same rules, seed, players and re-dealt decks, no action yet."""
    return new_game(state.rules, seed=state.seed, players=state.num_players,
                    names=[p.name for p in state.players], bots=[p.bot for p in state.players],
                    dealt_from=state.dealt_from, redealt=state.redealt)


def replay(state: GameState) -> GameState:
    """The game re-created from its seed, players and action log alone."""
    fresh = restart(state)
    for action in state.log:
        apply(fresh, action)
    return fresh


def winner(state: GameState) -> list[int]:
    """The side(s) with the highest total (several on a tie)."""
    best = max(s.total for s in state.sides)
    return [i for i, s in enumerate(state.sides) if s.total == best]


__all__ = ["apply", "check", "is_legal", "plan", "opening_minimum", "go_out_problem",
           "book_status", "next_pile_open", "winner", "restart", "replay", "in_first_pile"]
