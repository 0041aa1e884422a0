"""Starting games and deals, and the automatic card movements between turns.

Randomness comes only from the game's seed: deal *d* is shuffled with
``random.Random(f"{seed}:{d}")``, so a seed and the action log reproduce a
game exactly, in CPython and in Pyodide alike.
"""

from __future__ import annotations

import random

from . import cards as C
from .errors import RulesError
from .events import LaidRed3, PickedUpPile
from .names import Phase
from .presets import get_preset
from .rules import RuleSet
from .state import GameState, Player, Redeal, Side

SEAT_NAMES = {
    2: ["South", "North"],
    3: ["South", "West", "East"],
    4: ["South", "West", "North", "East"],
    5: ["South", "Southwest", "Northwest", "Northeast", "Southeast"],
    6: ["South", "Southwest", "Northwest", "North", "Northeast", "Southeast"],
}


def new_game(rules: RuleSet | str = "triple-play", seed: int = 0, players: int | None = None,
             names: list[str] | None = None, bots: list[str | None] | None = None,
             dealt_from: tuple[int, int, int] | None = None,
             redealt: tuple[Redeal, ...] = (), mask=None) -> GameState:
    """A fresh game, dealt and ready for the first player's draw; ``dealt_from``:
    its deals are another game's, from another seat (see GameState.dealt_from);
    ``redealt``: deals dealt again (see GameState.redealt); ``mask``: see GameState.mask."""
    if isinstance(rules, str):
        rules = get_preset(rules)
    n = players or rules.players
    per_side, _ = rules.seating(n)
    names = names or SEAT_NAMES.get(n) or [f"Player {i + 1}" for i in range(n)]
    if len(names) != n:
        raise RulesError(f"{n} players need {n} names.")
    bots = bots if bots is not None else [None] * n
    if len(bots) != n:
        raise RulesError(f"{n} players need {n} bot settings.")
    state = GameState(
        rules=rules, seed=seed,
        players=[Player(name=names[i], bot=bots[i]) for i in range(n)],
        sides=[Side() for _ in range(n // per_side)],
        stocks=[[] for _ in range(rules.stock_piles)],
        dealer=first_dealer(seed, n), dealt_from=dealt_from, redealt=redealt, mask=mask)
    if dealt_from is not None:
        # the dealer of the cards dealt, seen from the seat that now holds them
        source, deal, shift = dealt_from
        state.dealer = (first_dealer(source, n) + deal - 1 - shift) % n
    start_deal(state)
    return state


def first_dealer(seed: int, players: int) -> int:
    return random.Random(f"{seed}:dealer").randrange(players)


def deal_key(state: GameState, deal: int | None = None) -> str:
    """What the shuffles of ``deal`` (default: the current one) are seeded
    with: "seed:deal", of the game the cards come from (GameState.dealt_from),
    or of the fresh seed of the last re-deal before it (GameState.redealt)."""
    deal = deal or state.deal
    later = [r.seed for r in state.redealt if r.deal < deal]
    if later:
        return f"{later[-1]}:{deal}"
    if state.dealt_from is None:
        return f"{state.seed}:{deal}"
    seed, first, _ = state.dealt_from
    return f"{seed}:{first + deal - 1}"


def deal_deck(state: GameState, deal: int | None = None) -> list[str]:
    """Every card in the order ``deal`` (default: the current one) is dealt
    from: its re-dealt deck if it has one, else shuffled by ``deal_key``."""
    deal = deal or state.deal
    for r in state.redealt:
        if r.deal == deal:
            return list(r.deck)
    _, decks = state.rules.seating(state.num_players)
    deck = C.full_deck(decks, state.rules.jokers_per_deck)
    random.Random(deal_key(state, deal)).shuffle(deck)
    return deck


def start_deal(state: GameState, deck: list[str] | None = None) -> None:
    """Deal every card of ``deck`` (default: ``deal_deck``) into the piles,
    turn the upcard, lay red 3s."""
    r = state.rules
    n = state.num_players
    deck = deal_deck(state) if deck is None else deck
    for p in state.players:
        p.hand, p.piles = [], []
        p.knee_ready = p.pending_pickup = p.foot_played = False
    for s in state.sides:
        s.melds, s.red3, s.opened, s.knee_unlocked, s.unused_yes = [], [], False, False, 0
    dealt = [[] for _ in range(n)]
    for size in r.piles:
        for i in range(n):
            dealt[i].append([deck.pop() for _ in range(size)])
    shift = state.dealt_from[2] if state.dealt_from else 0
    for i, p in enumerate(state.players):
        piles = dealt[(i + shift) % n]
        p.hand, p.piles = piles[0], piles[1:]
    state.stocks = [deck[i::r.stock_piles] for i in range(r.stock_piles)]
    state.discard, state.dead = [], []
    state.went_out = None
    state.took_pile, state.permission, state.answering = False, None, []
    if r.upcard:
        _turn_upcard(state)
    first = state.dealer if r.dealer_starts else (state.dealer + 1) % n
    for i in range(n):
        lay_red_threes(state, (first + i) % n)
    state.turn = first
    state.turn_number = 1  # counters restart each deal, so a deal replays from its start alone
    state.next_meld_id = 1
    state.phase = Phase.DRAW


def _turn_upcard(state: GameState) -> None:
    stock = state.stocks[0]
    bury = state.rules.upcard_bury
    # Bounded: a stock made only of buried kinds cannot start a discard pile.
    for _ in range(len(stock)):
        card = stock.pop()
        if not _upcard_kind(card) & set(bury):
            state.discard.append(card)
            return
        stock.insert(len(stock) // 2, card)


def _upcard_kind(card: str) -> set[str]:
    if C.is_red_three(card):
        return {"R3", "3"}
    if C.is_black_three(card):
        return {"B3", "3"}
    return {C.rank(card)}


def in_first_pile(state: GameState, seat: int) -> bool:
    return len(state.players[seat].piles) == len(state.rules.piles) - 1


def lay_red_threes(state: GameState, seat: int) -> None:
    """Lay the red 3s a player holds, replacing them where the rules say."""
    r = state.rules
    side_index = state.side_of(seat)
    side = state.sides[side_index]
    if not r.red3_laid or (r.red3_after_opening and not side.opened):
        return
    mask = state.mask
    if mask is not None and mask.lays_for(state, seat):
        return
    p = state.players[seat]
    laid = []
    while True:
        threes = [c for c in p.hand if c in C.RED_THREES]
        if threes:
            laid.append(tuple(threes))
            lay_these(state, seat, threes)
        if not threes or len(state.events[-1].replacements) < len(threes):  # not replaced, or the stock ran dry
            if mask is not None:
                mask.heard(seat, tuple(laid))
            return


def lay_these(state: GameState, seat: int, threes: list[str]) -> None:
    """Lay these red 3s from the seat's hand and draw what replaces them."""
    r = state.rules
    side_index = state.side_of(seat)
    p = state.players[seat]
    for c in threes:
        p.hand.remove(c)
        state.sides[side_index].red3.append(c)
    replace = r.red3_replace == "always" or (r.red3_replace == "hand" and in_first_pile(state, seat))
    drawn = [take_from_stock(state, 0) for _ in threes] if replace else []
    drawn = into_hand(state, seat, [c for c in drawn if c is not None])
    state.events.append(LaidRed3(seat, side_index, tuple(threes), tuple(drawn)))


def into_hand(state: GameState, seat: int, cards: list[str]) -> list[str]:
    """Stock cards into the seat's hand, as this position may know them
    (GameState.mask); returns them so."""
    if state.mask is not None:
        cards = state.mask.seen(seat, cards)
    state.players[seat].hand.extend(cards)
    return cards


def take_from_stock(state: GameState, index: int) -> str | None:
    """The top card of a stock pile, falling back to the other pile, or None."""
    refill_stock(state)
    if state.stocks[index]:
        return state.stocks[index].pop()
    for i in range(len(state.stocks)):
        if state.stocks[i]:
            return state.stocks[i].pop()
    return None


def refill_stock(state: GameState) -> None:
    """When frozen piles are out of play and the stock runs low, they go under it."""
    if state.dead and state.stock_count() < state.rules.draw_count:
        dead = state.dead
        random.Random(f"{deal_key(state)}:{state.turn_number}").shuffle(dead)
        state.stocks[0][:0] = dead
        state.dead = []


def pick_up_next_pile(state: GameState, seat: int, chosen: bool = False) -> None:
    """The seat's next pile (knee, then foot) into its hand; ``chosen``: by the
    pick_up_knee action, not as the side effect of a canasta or an empty hand."""
    p = state.players[seat]
    state.events.append(PickedUpPile(seat, "knee" if len(p.piles) == 2 else "foot", len(p.piles[0]), chosen))
    p.hand.extend(p.piles.pop(0))
    p.knee_ready = False
    p.pending_pickup = False
    lay_red_threes(state, seat)
