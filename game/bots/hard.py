"""The ``hard`` bot: Monte Carlo over sampled hidden cards (determinization).

At a decision with a real choice it lists a few candidates from
``normal``'s own generators and, for a fixed number of samples or until its
leader is clear (``settled``), samples full deals consistent with its view
and with how each player has melded (``determinize``; a player who melds
what it can holds none of a rank its side is building), trying every
candidate in the same sample:

- draw or take the pile, which meld plan (normal's; the same without
  holding cards back for the partner; everything it can lay, wild cards
  included, which normal keeps for canastas it needs; the same with
  its wild cards placed in the order that leaves fewest; or none of them:
  throw normal's discard at once and keep the melds in hand; if that
  wins, the card is then chosen as at any discard, below), ask to go out,
  answer the partner: each candidate is followed by ``normal`` for every
  seat (our side's answers excepted: ``GRANT``) until the next player has
  drawn (for going out, until the asker's next turn has ended: will it go
  out a round later, or the opponents first?) and the result is scored
  (``evaluate``, whose weights are fitted to real deal results); an ended
  deal scores exactly. The best mean wins. What counts is winning the
  game, not points: a look-ahead is worth the chance that the side ends
  the game ahead (``worth``), the rest of this deal and each deal to come
  taken as a normal spread around the evaluation. That matters late in a
  game: it does not, for one, go out into a lost game.
- which card to throw: ``normal``'s keep scores, with the chance that the
  next player takes the pile measured (the sampled next player, playing
  ``normal``, is shown each candidate) instead of estimated. Only that
  player's hand matters there, so only it is sampled. What a take is worth
  to its taker, and what a 5 or 7 is worth keeping, are fitted to real
  deal results (``bench/fit_discard.py``) rather than normal's guesses; the
  measured chance is corrected by what that player did at its last turn
  (``take_chance``, fitted by ``bench/fit_take.py``).

Forced moves and single options return at once. ``think`` is the search
as a generator that yields after each small unit of work (one look-ahead,
eight sampled hands), so the page can keep drawing between units.

A decision depends on the seat's view alone: its thinking is a fixed
amount of work, never a time budget, and its samples come from a stream of
its own (``decision_rng``: the game's seed, the seat and the position),
never from the stream its caller hands it. So the same seed and the same
moves give the same game on any machine, however busy.
"""

from __future__ import annotations

import json
import math
import random

from .. import cards as C
from ..engine import apply, is_legal
from ..generators import run_to_end
from ..moves import take_pile_candidates
from ..names import Act, Phase
from ..rules import RuleSet
from ..state import GameState
from . import fitted
from .determinize import decision_rng, hand_sampler, sample_world
from .evaluate import FITS, ahead_of_best, fit_name, score_difference, stock_share
from .knowledge import Knowledge, read_table
from .melding import first_legal
from .normal import (
    Normal,
    build_plan,
    canasta_gain,
    feeding_risk,
    fewest_left_plan,
    keep_scores,
    pick_take,
    run_out_plan,
)
from .policy import draw_action

# One decision's thinking, fixed (bench/bots.py times it on the phone
# profile): a search samples at most SAMPLES deals (fewer once its leader is
# clear), at most LONG_SAMPLES where its look-aheads cross the six turns of
# going out (an ask compares up to six candidates over them, an answer two);
# a discard deals the next player HANDS hands.
SAMPLES = 48
LONG_SAMPLES = {Act.ANSWER: 24, Act.ASK: 16}
HANDS = 400           # enough to measure a chance within a few points
HANDS_PER_UNIT = 8    # sampled hands of the next player between two yields
DISCARDS = 5          # how many of normal's preferred discards to compare
# Turns a look-ahead crosses before it stops after the next draw: one (the
# next player's answer to our move); for going out, six: past the asker's
# next turn, where a refused asker asks again (will it go out a round later,
# or the opponents first?).
HORIZON = {Act.ANSWER: 6, Act.ASK: 6}
MAX_ACTIONS = 150     # a guard on one look-ahead
# A search stops before its last sample once its leader is clear: after CLEAR_MIN
# samples, ahead of every other candidate by more than CLEAR_Z standard
# errors of their paired difference (or tied with it in every sample: the
# same outcome).
CLEAR_MIN = 16
CLEAR_Z = 3.0
# Weighing a discard (fitted by bench/fit_discard.py, in fitted.json): the
# next player's take is worth nothing to them while the pile holds
# TAKE_FREE_CARDS cards or fewer, then TAKE_PER_CARD a card; a 5 or 7 is
# worth keeping BIG_KEEP (in normal's keep-score points).
_DISCARD = fitted.VALUES["discard"]
TAKE_FREE_CARDS = _DISCARD["take_free_cards"]
TAKE_PER_CARD = _DISCARD["take_per_card"]
BIG_KEEP = _DISCARD["big_keep"]
# The measured chance of a take, corrected by a logistic fit to what the
# next player really did (bench/fit_take.py, in fitted.json; weights of
# ``take_features``): the sampled hands are dealt at random, but a player
# who keeps pairs holds more of them, and few of a rank it threw or refused
# at its last turn. A chance of 0 counts as MIN_CHANCE (the samples are finite).
TAKE_WEIGHTS = tuple(fitted.VALUES["take"]["weights"])
MIN_CHANCE = 0.002
# In a look-ahead our own side's answer to "may I go out?" is yes, not
# normal's rule (cards left against the 200 bonus, which mostly refuses):
# a hard partner searches too and grants far more often, and an asker who
# expects a refusal sees no point in asking.
GRANT = {"type": Act.ANSWER, "yes": True}
# What a look-ahead cannot see (the rest of the deal beyond the evaluation,
# and each deal to come) is taken as a normal spread: its standard deviation
# a line in the share of the stock left, (at an empty stock, per share
# left), fitted per preset by bench/fit_eval.py (in fitted.json).
RESIDUAL_SD = {preset: tuple(fit["residual_sd"]) for preset, fit in FITS.items()}
_NORMAL = Normal()


def action_key(action: dict) -> str:
    """An action as text, to look it up in ``Hard.measured``."""
    return json.dumps(action, sort_keys=True)


def horizon(options: list[dict]) -> int:
    """The turns every candidate's look-ahead crosses, set by the kind of
    decision (``options[0]``, normal's choice): the same for all of them."""
    return HORIZON.get(options[0]["type"], 1)


def sample_count(options: list[dict]) -> int:
    """How many deals a search samples at most, set like ``horizon``."""
    return LONG_SAMPLES.get(options[0]["type"], SAMPLES)


def leader(rows: list[list[float]]) -> int:
    """The candidate with the best mean over a search's samples (one row of
    candidate values each); the earliest on a tie."""
    totals = [sum(col) for col in zip(*rows)]
    return max(range(len(totals)), key=totals.__getitem__)


def settled(rows: list[list[float]]) -> bool:
    """Whether a search's samples already name their leader clearly enough
    to stop (``CLEAR_MIN``, ``CLEAR_Z``)."""
    n = len(rows)
    if n < CLEAR_MIN:
        return False
    best = leader(rows)
    for other in range(len(rows[0])):
        diffs = [row[best] - row[other] for row in rows]
        if not any(diffs):
            continue  # the leader itself, or a candidate tied in every sample
        mean = sum(diffs) / n
        sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
        if mean <= CLEAR_Z * sd / math.sqrt(n):
            return False
    return True


def take_value(obs: GameState, taker: int, rank: str) -> float:
    """What taking the pile, once we throw ``rank`` on it, is worth to ``taker``."""
    cards = len(obs.discard) + 1
    return TAKE_PER_CARD * max(0, cards - TAKE_FREE_CARDS) + canasta_gain(obs, taker, rank)


def lacks_pair(hand: list[str], top: str) -> bool:
    """``hand`` holds fewer than two cards ``take_pile_candidates`` would pair
    with ``top`` (it then offers no take where the rules ask for a pair):
    a count, without building the candidates."""
    if top in C.WILDS:
        r = C.rank(top)
        return sum(1 for c in hand if c in C.WILDS and C.rank(c) == r) < 2
    r = top[0]
    return r == "3" or sum(1 for c in hand if c[0] == r and c not in C.WILDS) < 2


def takers(after: dict[str, GameState], taker: int, hand: list[str]) -> list[str]:
    """The cards (keys of ``after``: the table once each is thrown) with which
    ``taker``, holding ``hand`` and playing ``normal``, takes the pile."""
    out = []
    for card, w in after.items():
        if w.rules.pile_pair and lacks_pair(hand, card):
            continue  # most sampled hands: no take is offered at all
        w.players[taker].hand = hand
        if _NORMAL.take(w, taker, take_pile_candidates(w, taker)) is not None:
            out.append(card)
    return out


def take_features(measured: float, rank: str, know: Knowledge, taker: int) -> list[float]:
    """What ``take_chance`` weighs: a constant, the logit of the share of
    sampled hands that took, whether ``taker`` threw ``rank`` at its last
    turn, whether it drew with ``rank`` on top of the pile then."""
    m = min(1 - MIN_CHANCE, max(MIN_CHANCE, measured))
    return [1.0, math.log(m / (1 - m)), float(know.thrown[taker] == rank), float(know.refused[taker] == rank)]


def take_chance(measured: float, rank: str, know: Knowledge, taker: int) -> float:
    """The chance that ``taker`` takes the pile with ``rank`` on it."""
    z = sum(w * x for w, x in zip(TAKE_WEIGHTS, take_features(measured, rank, know, taker)))
    return 1 / (1 + math.exp(-z))


def game_lead(obs: GameState, side: int) -> float:
    """How far ``side`` leads the game: its total before this deal less the
    best other side's."""
    return ahead_of_best([s.total for s in obs.sides], side)


def spread(rules: RuleSet, share: float) -> float:
    """How far a deal's final difference may stray from the evaluation with
    ``share`` of the stock left (a standard deviation), under ``rules``."""
    end, per_share = RESIDUAL_SD[fit_name(rules)]
    return end + per_share * share


def worth(world: GameState, side: int, lead: float | None) -> float:
    """Where a look-ahead stopped, for ``side``: with ``lead`` (the game's,
    before this deal) the chance that the side wins the game, the deal's
    score difference breaking ties between equal chances; without it, that
    difference alone."""
    diff = score_difference(world, side)
    if lead is None:
        return diff
    later = world.rules.deals - world.deal
    sd = math.sqrt((0.0 if world.deal_over else spread(world.rules, stock_share(world))) ** 2
                   + later * spread(world.rules, 1.0) ** 2)
    ahead = lead + diff
    if sd == 0:
        chance = 1.0 if ahead > 0 else 0.5 if ahead == 0 else 0.0
    else:
        chance = 0.5 * (1 + math.erf(ahead / (sd * math.sqrt(2))))
    return chance + diff * 1e-9


class _Rollout(Normal):
    """``normal`` for every seat in a look-ahead, but the searching side grants going out."""

    def __init__(self, side: int):
        self.side = side

    def answer(self, obs, seat):
        return GRANT if obs.side_of(seat) == self.side else super().answer(obs, seat)


class Hard(Normal):
    """``normal`` with a look-ahead at each decision. ``samples`` and ``hands``
    replace ``sample_count``'s and ``HANDS`` (a lighter hard, for tests)."""

    # The hidden cards' samplers: a deal consistent with the view, and the
    # next player's hand alone (game/bots/seer.py tells the real ones instead).
    world = staticmethod(sample_world)
    next_hands = staticmethod(hand_sampler)

    def __init__(self, samples: int | None = None, hands: int = HANDS):
        self.samples = samples
        self.hands = hands
        # What the last decision measured, for a hint's reason (``game.advice.hints``):
        # per candidate action (as JSON text), its mean look-ahead value, or
        # for a discard the share of sampled next hands that took the pile.
        self.measured: dict[str, float] = {}
        # When the last decision kept its melds in hand (``hold``): the
        # search's chance of winning the game that way, and after the best meld.
        self.held: tuple[float, float] | None = None

    def __call__(self, obs: GameState, seat: int, rng: random.Random | None = None) -> dict:
        return run_to_end(self.think(obs, seat, rng))

    def think(self, obs: GameState, seat: int, rng: random.Random | None = None):
        """The decision as a generator: yields between units of work, returns
        the action. ``rng``, the caller's stream, is left alone: the samples
        come from ``decision_rng``."""
        self.measured = {}
        self.held = None
        default = self.choose(obs, seat)
        options = self.candidates(obs, seat, default)
        if len(options) < 2:
            return default
        own = decision_rng(obs, seat, "hard")
        if default["type"] == Act.DISCARD:
            return (yield from self.discard_by_replies(obs, seat, options, own))
        choice = yield from self.search(obs, seat, options, own)
        if default["type"] == Act.MELD and choice["type"] == Act.DISCARD:
            return (yield from self.hold(obs, seat, options, choice, own))
        return choice

    def candidates(self, obs: GameState, seat: int, default: dict) -> list[dict]:
        """normal's choice first, then the alternatives worth comparing."""
        kind = default["type"]
        out = [default]
        if kind == Act.ANSWER:
            out.append({"type": Act.ANSWER, "yes": not default["yes"]})
        elif obs.phase == Phase.DRAW:
            takes = take_pile_candidates(obs, seat)
            if kind == Act.TAKE_PILE:
                out.append(draw_action(obs))
            elif takes:
                out.append(pick_take(obs, seat, takes))
        elif kind == Act.MELD:
            for plan in (build_plan(obs, seat, hold=False), run_out_plan(obs, seat),
                         fewest_left_plan(obs, seat)):
                out.append(first_legal(obs, plan.placements()))
            hold = {"type": Act.DISCARD, "card": self.discard_order(obs, seat)[0]}
            if is_legal(obs, hold):
                out.append(hold)
        elif kind in (Act.DISCARD, Act.ASK) and not obs.took_pile:
            hand = obs.players[seat].hand
            for card in self.discard_order(obs, seat)[:DISCARDS]:
                a = {"type": Act.DISCARD, "card": card}
                if len(hand) > 1 or is_legal(obs, a):
                    out.append(a)
        unique = []
        for a in out:
            if a is not None and a not in unique:
                unique.append(a)
        return unique

    def search(self, obs: GameState, seat: int, options: list[dict], rng: random.Random):
        know = read_table(obs, seat, melding=True)
        side = obs.side_of(seat)
        turns = horizon(options)
        lead = game_lead(obs, side)
        most = self.samples or sample_count(options)
        rows = []
        while len(rows) < most and not settled(rows):
            world = self.world(obs, seat, know, rng)
            values = []
            for a in options:
                values.append(self.look_ahead(world.clone(), a, side, turns, lead))
                yield
            rows.append(values)
        means = (sum(col) / len(rows) for col in zip(*rows))
        self.measured = {action_key(a): m for a, m in zip(options, means)}
        return options[leader(rows)]

    def hold(self, obs: GameState, seat: int, options: list[dict], discard: dict, rng: random.Random):
        """A meld decision whose search (over ``options``) chose to throw
        ``discard`` at once: the melds stay in hand (``held`` keeps the
        figures that said so) and the card is chosen as at any discard."""
        held = (self.measured[action_key(discard)],
                max(self.measured[action_key(a)] for a in options if a["type"] == Act.MELD))
        options = self.candidates(obs, seat, discard)
        choice = discard if len(options) < 2 else \
            (yield from self.discard_by_replies(obs, seat, options, rng))
        self.held = held
        return choice

    def discard_by_replies(self, obs: GameState, seat: int, options: list[dict], rng: random.Random):
        """normal's discard rule, with the chance that the next player takes the
        pile measured instead of estimated: throw each candidate in a sampled
        deal, then deal the next player sampled hands and ask them (playing
        ``normal``) whether they take the pile. The chances are weighed with
        the fitted values (``take_value``, ``BIG_KEEP``); with nothing
        measured (no opponent next), normal's card stands."""
        nxt = (seat + 1) % obs.num_players
        if obs.side_of(nxt) == obs.side_of(seat):
            return options[0]  # no opponent to feed: normal's choice
        know = read_table(obs, seat, melding=True)
        cards = [a["card"] for a in options]
        world = self.world(obs, seat, know, rng)
        after = {}
        for card in cards:
            w = world.clone()
            apply(w, {"type": Act.DISCARD, "card": card})
            if w.phase == Phase.DRAW and w.turn == nxt:
                after[card] = w
        if not after:
            return options[0]  # no throw leaves the next player to draw: nothing to measure
        taken = dict.fromkeys(after, 0)
        deal_hand = self.next_hands(obs, seat, know, nxt)
        for n in range(1, self.hands + 1):
            for card in takers(after, nxt, deal_hand(rng)):
                taken[card] += 1
            if n % HANDS_PER_UNIT == 0:
                yield
        self.measured = {action_key({"type": "discard", "card": c}): k / self.hands
                         for c, k in taken.items()}
        risk = feeding_risk(obs, seat, know)
        for card, k in taken.items():
            rank = C.rank(card)
            risk[rank] = take_chance(k / self.hands, rank, know, nxt) * take_value(obs, nxt, rank)
        scores = keep_scores(obs, seat, risk, BIG_KEEP)
        return {"type": Act.DISCARD, "card": min(cards, key=lambda c: (scores[c], c))}

    def look_ahead(self, world: GameState, action: dict, side: int, turns: int,
                   lead: float | None = None) -> float:
        """The action, then ``normal`` for every seat until ``turns`` turns have
        ended and the next player has drawn or taken the pile."""
        stop = world.turn_number + turns
        rollout = _Rollout(side)
        apply(world, action)
        for _ in range(MAX_ACTIONS):
            if world.phase not in (Phase.DRAW, Phase.PLAY, Phase.ANSWER) or \
                    world.turn_number >= stop and world.phase == Phase.PLAY:
                break
            apply(world, rollout.choose(world, world.to_move()))
        return worth(world, side, lead)


choose = Hard()
