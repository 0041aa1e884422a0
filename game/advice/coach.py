"""The coach: after a deal, the player's costliest decisions and what ``hard`` prefers.

The game is re-dealt from its seed (``engine.restart``) and its log replayed
up to the last finished deal. At each of the seat's decisions in that deal
the coach observes the table from the seat (never more), asks ``hard``
what it would do there, and where the player did something else estimates
what that cost with hard's own look-ahead: the same sampled deals (hidden
cards filled in consistently with the seat's view) are played on from both
actions by ``normal`` for every seat, and the mean difference of the side's
score lead where they stop is the cost in points (common random numbers:
both actions meet the same cards, so the difference is far steadier than
either value). Hard's choice is the one a ``hard`` bot makes in that seat
(and the hint gives there); the cost's deals come from a stream of the
position's own (``decision_rng``), so a review is the same on any machine.
The three costliest decisions above ``MIN_COST`` are kept, with hard's
reason (``advice.reason``) and both actions in the log's words.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from game import cards as C
from game.advice.hints import reason, take_shares
from game.bots.determinize import decision_rng, sample_world, unpicked_piles
from game.bots.hard import Hard, horizon
from game.bots.knowledge import read_table
from game.engine import apply
from game.errors import StateError
from game.generators import run_to_end
from game.names import Act
from game.runs.replay import replayed
from game.state import GameState
from game.view import observe, view
from game.words.narrate import summarize  # the log's words for an action

SHOWN = 3            # decisions listed
MIN_COST = 20.0      # points: a smaller estimated loss is not worth a word
COST_SAMPLES = 24    # sampled deals for one cost
PLAIN = "4C"         # a hidden card in the words for a move not made (never a red 3)
FEED_NOTED = 0.1     # a thrown card's chance of feeding the next player worth a word


@dataclass(frozen=True)
class Mistake:
    turn: int            # the seat's turn in the deal, from 1 (an answer: the seat's last turn)
    index: int           # the action's position in the game's log
    done: dict           # what the player did
    preferred: dict      # what hard prefers
    cost: float          # the estimated points lost (positive, rounded to a whole point)
    reason: str          # why hard prefers its move, one line
    done_text: str       # both actions in the log's words
    preferred_text: str


def deal_span(state: GameState) -> tuple[int, int]:
    """The log positions (start, end) of the game's last finished deal."""
    starts = [0] + [i + 1 for i, a in enumerate(state.log) if a["type"] == Act.NEXT_DEAL]
    if state.deal_over:
        return starts[-1], len(state.log)
    if len(starts) < 2:
        raise StateError("No deal of this game has finished yet.")
    return starts[-2], starts[-1] - 1


def review_steps(state: GameState, seat: int, samples: int | None = None):
    """A generator: yields ``(done, total)`` (the seat's decisions reviewed,
    and in the deal) between small units of work; returns at most ``SHOWN``
    mistakes of the last finished deal, the costliest first. ``samples``
    replaces hard's sample counts and the cost's (a lighter review, for tests)."""
    if not 0 <= seat < state.num_players:
        raise StateError("No such seat.")
    start, end = deal_span(state)
    total = sum(state.log[i].get("seat") == seat for i in range(start, end))
    game = yield from _relay(replayed(state, start), (0, total))
    found: list[Mistake] = []
    reviewed = turns = 0
    yield reviewed, total
    for index in range(start, end):
        logged = state.log[index]
        if logged.get("seat") == seat:
            turns += logged["type"] in (Act.DRAW, Act.TAKE_PILE)
            done = {k: v for k, v in logged.items() if k != "seat"}
            judging = judge(game, seat, done, samples)
            judged = yield from _relay(judging, (reviewed, total))
            if judged is not None:
                preferred, cost, why = judged
                found.append(Mistake(max(turns, 1), index, done, preferred, round(cost), why,
                                     _text(game, seat, logged), _text(observe(game, seat), seat,
                                                                      preferred)))
            reviewed += 1
            yield reviewed, total
        apply(game, logged)
    found.sort(key=lambda m: (-m.cost, m.index))
    return found[:SHOWN]


def review(state: GameState, seat: int, *, samples: int | None = None) -> list[Mistake]:
    """``review_steps`` run to the end."""
    return run_to_end(review_steps(state, seat, samples))


def judge(state: GameState, seat: int, done: dict, samples: int | None = None):
    """A generator returning (hard's action, the estimated cost of ``done``,
    hard's reason) if the seat's choice ``done`` differs from hard's and
    costs more than ``MIN_COST``, else None. Sees only ``seat``'s view."""
    obs = observe(state, seat)
    bot = Hard(samples)
    preferred = yield from bot.think(obs, seat)
    if same_choice(done, preferred):
        return None
    cost = yield from cost_of(bot, obs, seat, done, preferred, samples)
    if cost < MIN_COST:
        return None
    why = wild_note(done, preferred) + reason(obs, seat, preferred, bot.measured, bot.held)
    return preferred, cost, why + feed_note(obs, seat, done, bot.measured)


def wild_note(done: dict, preferred: dict) -> str:
    """"Keep the Joker: ..." when ``done`` spends wild cards that ``preferred`` keeps."""
    spent = Counter(c for c in _cards(done) if C.is_wild(c))
    spent.subtract(c for c in _cards(preferred) if C.is_wild(c))
    kept = sorted(+spent)
    if not kept:
        return ""
    names = " and ".join(dict.fromkeys(C.label(c) for c in kept))
    return f"Keep the {names}: wild cards finish canastas and build the wild one. "


def feed_note(obs: GameState, seat: int, done: dict, measured: dict[str, float]) -> str:
    """" East's chance of taking the pile with the 9♠ was about 30%." when hard measured the card thrown."""
    share = take_shares(measured).get(done.get("card")) if done["type"] == Act.DISCARD else None
    if not share or share < FEED_NOTED:
        return ""
    name = obs.players[(seat + 1) % obs.num_players].name
    return f" {name}'s chance of taking the pile with the {C.label(done['card'])} was about {share:.0%}."


def _cards(action: dict) -> list[str]:
    """The cards an action takes from the hand."""
    if action["type"] == Act.DISCARD:
        return [action["card"]]
    return [c for pl in action.get("melds", []) for c in pl["cards"]]


def same_choice(a: dict, b: dict) -> bool:
    """Whether two actions are the same decision: any draw, any way of
    taking the pile, a card of the same rank thrown (red and black 3s
    apart), the same melds in any order."""
    if a["type"] != b["type"]:
        return False
    if a["type"] in (Act.DRAW, Act.TAKE_PILE):
        return True
    if a["type"] == Act.DISCARD:
        return _discard_kind(a["card"]) == _discard_kind(b["card"])
    if a["type"] == Act.MELD:
        return _melds(a) == _melds(b)
    return a == b


def _discard_kind(card: str) -> str:
    return card if C.rank(card) == "3" else C.rank(card)


def _melds(action: dict) -> list:
    return sorted((pl.get("to", 0), sorted(map(C.rank, pl["cards"]))) for pl in action["melds"])


def cost_of(bot: Hard, obs: GameState, seat: int, done: dict, preferred: dict,
            samples: int | None = None):
    """A generator returning the mean points by which ``preferred`` beats
    ``done`` over the same sampled deals (hard's look-ahead, both crossing
    the turns the longer of the two needs)."""
    know = read_table(obs, seat, melding=True)
    side = obs.side_of(seat)
    turns = max(horizon([done]), horizon([preferred]))
    rng = decision_rng(obs, seat, "cost")
    diffs = []
    for _ in range(samples or COST_SAMPLES):
        world = sample_world(obs, seat, know, rng)
        better = bot.look_ahead(world.clone(), preferred, side, turns)
        worse = bot.look_ahead(world, done, side, turns)
        diffs.append(better - worse)
        yield
    return sum(diffs) / len(diffs)


def _relay(steps, progress):
    """``yield from`` a generator that yields nothing useful, yielding ``progress``
    in its place; returns its value."""
    while True:
        try:
            next(steps)
        except StopIteration as finished:
            return finished.value
        yield progress


def _text(state: GameState, seat: int, action: dict) -> str:
    """``action`` in the log's words, played on a copy of ``state`` (for a
    move the player did not make, their observation: it shows nothing
    hidden, the cards it would draw or pick up standing as a plain card, as
    the words count cards and never name them)."""
    after = state.clone()
    if state.observer is not None:
        for pile in unpicked_piles(after):
            pile[:] = [PLAIN] * len(pile)
    apply(after, action)
    return summarize(action, seat, view(state, seat, log=False), view(after, seat, log=False))
