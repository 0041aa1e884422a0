"""Dealing a game played across phones, and checking each deal at its end.

The phone that deals shuffles from fresh randomness and splits the deal it
made with the engine into three parts:

- what everyone sees at once: the red 3s each person lays at the start, and
  a commitment to each person's cards (a hash with a secret salt);
- what every seat's phone may read (sealed under the game's table key,
  game.friends.record): the undealt cards (the stock and the upcard), the
  bots' cards, and the seed the deal's later shuffles use;
- what only one person may read (sealed to that person's phone): the cards
  dealt to them, and the salt.

Every phone, the dealer's too once it has forgotten the deal, rebuilds its
own position from these parts (``start_position``): the others' cards masked
(game.friends.masking). At the deal's end every person's cards are revealed,
checked against the commitments, and the whole deal is replayed on the true
cards (``true_deal``): a move the true cards refuse, or a red 3 told that was
not laid, names the seat whose cards do not add up.
"""

from __future__ import annotations

import hashlib
import random

from game import cards as C
from game.engine import apply
from game.errors import IllegalMove, StateError
from game.friends.masking import Lay, Mask
from game.names import Act
from game.rules import RuleSet
from game.state import GameState, Redeal

SALT_BYTES = 16
COMMIT_BYTES = 16


def compose_deck(rules: RuleSet, dealt: list[list[list[str]]], rest: list[str]) -> list[str]:
    """The deck ``game.deal.start_deal`` deals ``dealt`` (per seat, per pile) from, ``rest`` left over."""
    popped = [c for k in range(len(rules.piles)) for seat in dealt for c in seat[k]]
    return rest + popped[::-1]


def decompose_deck(rules: RuleSet, players: int, deck: list[str]) -> tuple[list[list[list[str]]], list[str]]:
    """``compose_deck`` undone: (per seat, per pile, the cards dealt), the rest."""
    left = list(deck)
    dealt = [[] for _ in range(players)]
    for size in rules.piles:
        for seat in dealt:
            seat.append([left.pop() for _ in range(size)])
    return dealt, left


def commitment(game_id: bytes, deal: int, seat: int, salt: bytes, piles: list[list[str]]) -> bytes:
    """What binds the dealer to a person's cards before anyone may see them."""
    text = f"{deal}:{seat}:" + "|".join("".join(p) for p in piles)
    return hashlib.sha256(game_id + salt + text.encode()).digest()[:COMMIT_BYTES]


def begin(before: GameState | None, rules: RuleSet, names: list[str], bots: list[str | None],
          seed: int, deck: list[str], mask: Mask) -> GameState:
    """The position after dealing ``deck``: deal 1 of a new game, or the deal after ``before``'s."""
    from game.deal import new_game  # the engine's own start, so every phone deals as the dealer did
    if before is None:
        return new_game(rules, seed=seed, players=len(names), names=names, bots=bots,
                        redealt=(Redeal(1, seed, tuple(deck)),), mask=mask)
    state = before.clone()
    state.redealt = state.redealt + (Redeal(state.deal + 1, seed, tuple(deck)),)
    state.mask = mask
    apply(state, {"type": Act.NEXT_DEAL})
    return state


class Dealt:
    """A deal as its dealer made it: the parts it seals, and nothing kept after."""

    def __init__(self, public: dict, table: dict, persons: dict[int, dict]):
        self.public = public      # {"lays": {seat: [Lay]}, "commit": {seat: bytes}}
        self.table = table        # {"seed", "rest", "bots": {seat: piles}}
        self.persons = persons    # {seat: {"piles", "salt"}}


def deal(before: GameState | None, game_id: bytes, rules: RuleSet, names: list[str],
         bots: list[str | None], rng: random.Random) -> Dealt:
    """Shuffle with ``rng`` (fresh randomness on the page) and split the deal."""
    n = len(names)
    _, decks = rules.seating(n)
    deck = C.full_deck(decks, rules.jokers_per_deck)
    rng.shuffle(deck)
    seed = rng.randrange(10**15)
    persons = {s for s in range(n) if bots[s] is None}
    mask = Mask(set(), persons)
    begin(before, rules, names, bots, seed, deck, mask)
    dealt, rest = decompose_deck(rules, n, deck)
    secrets = {}
    for s in sorted(persons):
        salt = rng.randbytes(SALT_BYTES)
        secrets[s] = {"piles": dealt[s], "salt": salt}
    public = {"lays": {s: mask.said[s] for s in sorted(persons)},
              "commit": {s: commitment(game_id, _deal_number(before), s, v["salt"], v["piles"])
                         for s, v in secrets.items()}}
    table = {"seed": seed, "rest": rest, "bots": {s: dealt[s] for s in range(n) if s not in persons}}
    return Dealt(public, table, secrets)


def _deal_number(before: GameState | None) -> int:
    return 1 if before is None else before.deal + 1


def start_position(before: GameState | None, rules: RuleSet, names: list[str], bots: list[str | None],
                   public: dict, table: dict, mine: dict[int, list[list[str]]]) -> GameState:
    """This phone's position at the deal's start: its own people's cards
    (``mine``), the table's, and every other person's masked."""
    n = len(names)
    persons = {s for s in range(n) if bots[s] is None}
    dealt = []
    for s in range(n):
        if s in mine:
            dealt.append(mine[s])
        elif s in persons:
            dealt.append([[C.HIDDEN] * size for size in rules.piles])
        else:
            dealt.append(table["bots"][s])
    mask = Mask(persons - set(mine), set(mine))
    for s in mask.masked:
        mask.told[s] = list(public["lays"].get(s, []))
    state = begin(before, rules, names, bots, table["seed"], compose_deck(rules, dealt, table["rest"]), mask)
    if not mask.all_told():
        raise StateError("The deal's red 3s do not match its cards.")
    for s in mine:
        mask.take_said(s)  # the start's lays are public already
    return state


def true_deal(before: GameState | None, game_id: bytes, rules: RuleSet, names: list[str],
              bots: list[str | None], public: dict, table: dict, revealed: dict[int, dict],
              moves: list[tuple[int, dict]], told: dict[int, list[Lay]], seats: list | None = None) -> GameState:
    """The deal replayed on every true card: ``revealed`` (each person's piles
    and salt), ``moves`` (seat, action) in order, ``told`` (each person's lays
    after the start, as its phone sent them). StateError naming the seat whose
    cards do not add up.

    With ``seats`` (the phone of each seat: Head.seats) the moves are (phone,
    action) instead, as a saved record read back holds them for a deal it does
    not replay masked (Friends.load): each is the true position's mover's, who
    must be a person of that phone or a bot, the deal must end with the last,
    and ``moves`` then names their seats."""
    n = len(names)
    persons = {s for s in range(n) if bots[s] is None}
    number = _deal_number(before)
    dealt = []
    for s in range(n):
        if s not in persons:
            dealt.append(table["bots"][s])
            continue
        r = revealed.get(s)
        if r is None or commitment(game_id, number, s, r["salt"], r["piles"]) != public["commit"].get(s):
            raise StateError(cards_do_not_add_up(names[s]))
        dealt.append(r["piles"])
    mask = Mask(set(), persons)
    state = begin(before, rules, names, bots, table["seed"], compose_deck(rules, dealt, table["rest"]), mask)
    for s in sorted(persons):
        if mask.take_said(s) != list(public["lays"].get(s, [])):
            raise StateError("The deal's red 3s do not match its cards.")
    for i, (seat, action) in enumerate(moves):
        if seats is not None:
            phone, seat = seat, state.to_move()
            check_mover(names, seats, bots, seat, phone)
            moves[i] = (seat, action)
        try:
            apply(state, action)
        except IllegalMove:
            raise StateError(cards_do_not_add_up(names[seat])) from None
    if seats is not None and not state.deal_over:
        raise StateError(SHOWN_EARLY)
    for s in sorted(persons):
        if mask.take_said(s) != list(told.get(s, [])):
            raise StateError(cards_do_not_add_up(names[s]))
    state.mask = None
    return state


AFTER_END = "This link holds a move after the deal ended."
SHOWN_EARLY = "This link shows cards before the deal ended."


def check_mover(names: list[str], seats: list, bots: list[str | None], seat: int | None, phone: int) -> None:
    """A move sent by ``phone`` for the position's mover ``seat``: refused unless
    that phone plays the seat (its person) or the seat is a bot's."""
    if seat is None:
        raise StateError(AFTER_END)
    if not (seats[seat] == phone or bots[seat]):
        raise StateError(f"This link holds a move for {names[seat]} that their phone did not make.")


def cards_do_not_add_up(name: str) -> str:
    return f"{name}'s cards do not add up: this deal cannot be scored."
