"""Bots: whole games without an illegal move, view-only decisions, partner
answers, the ``normal`` strategy's basics, ``hard``'s search and its
determinism (no clock, no shared stream), the tournament."""

import io
import itertools
import json
import math
import os
import random
import subprocess
import sys
import time
from collections import Counter
from contextlib import redirect_stderr, redirect_stdout
from itertools import islice
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import PRESETS, apply, new_game, observe
from game import cards as C
from game.bots import BOTS, get_bot, knowledge
from game.bots import hard as hard_module
from game.bots.determinize import hand_sampler, sample_world, unpicked_piles
from game.bots.hard import Hard
from game.bots.knowledge import current_deal_log, meld_caps, read_table
from game.bots.normal import fewest_left_plan, run_out_plan
from game.errors import RulesError
from game.hidden import cap_key
from game.runs.cli import main
from game.runs.simulate import play_game
from game.state import GameState, check_invariants
from tests.helpers import BOOK, SETTINGS, about_to_ask, asked, play_on, position, positions, redeal_hidden


def test_registry_has_every_level():
    assert {"random", "easy", "normal", "hard"} <= set(BOTS)


def test_an_old_saves_timed_hard_plays_as_hard():
    """Saves from before hard thought a fixed amount name it ``hard:MS``
    (game.load still accepts them): it is the same bot."""
    assert get_bot("hard:500") is get_bot("hard") is BOTS["hard"]
    for name in ("hard:", "hard:fast", "normal:500"):
        with pytest.raises(RulesError, match="Unknown bot"):
            get_bot(name)


@pytest.mark.parametrize("bots", [["easy"], ["normal"], ["easy", "normal"]])
def test_whole_games_without_an_illegal_move(bots):
    for seed in (1, 2):
        state = play_game("triple-play", seed, bots)  # raises on an illegal move
        assert state.phase == "game_end"


def test_a_light_hard_plays_a_whole_game():
    state = play_game("triple-play", 3, ["normal"], choosers=[Hard(1, 8), get_bot("normal")] * 2)
    assert state.phase == "game_end"


@pytest.mark.parametrize("preset,option", [("hand-and-foot", "yes_obliges"),
                                           ("triple-play-001", "empty_hand_opens_knee")])
def test_a_light_hard_plays_a_whole_game_under_the_house_options_for_the_other_readings(preset, option):
    """Issue 53: a yes that obliges going out, an emptied hand that opens the knee."""
    rules = PRESETS[preset].derive(**{option: True})
    state = play_game(rules, 3, ["normal"], choosers=[Hard(1, 8), get_bot("normal")] * 2)
    assert state.phase == "game_end"


@pytest.mark.parametrize("name", ["easy", "normal"])
@settings(SETTINGS, max_examples=3)
@given(st.integers(0, 10**6))
def test_decisions_depend_only_on_the_view(name, seed):
    """Re-dealing every card the seat cannot see (other hands, knees, feet,
    stock, even cards the log says were picked up) changes nothing it decides."""
    bot = get_bot(name)
    rng = random.Random(seed)
    checked = 0
    for state in positions(seed, bots=("easy", "normal"), every=37):
        seat = state.to_move()
        if seat is None:
            continue
        want = bot(observe(state, seat), seat, rng)
        for _ in range(2):
            other = redeal_hidden(state, seat, rng)
            assert observe(other, seat).to_json() == observe(state, seat).to_json()
            checked += other.to_json() != state.to_json()  # something hidden moved
            assert bot(observe(other, seat), seat, rng) == want
    assert checked > 20


# -- going out -------------------------------------------------------------------
@pytest.mark.parametrize("name", ["easy", "normal", "hard"])
def test_partner_says_yes_when_little_is_left(name):
    s = asked("4S 6C")
    bot = Hard(8) if name == "hard" else get_bot(name)
    assert bot(observe(s, 2), 2, random.Random(0)) == {"type": "answer", "yes": True}


@pytest.mark.parametrize("name", ["easy", "normal", "hard"])
def test_partner_says_no_with_knee_and_foot_to_play(name):
    s = asked("AS AH KD KC QS QH JD JC TS 9H 8D 8C 6S 6H 4D", in_foot=False)
    bot = Hard(8) if name == "hard" else get_bot(name)
    assert bot(observe(s, 2), 2, random.Random(0)) == {"type": "answer", "yes": False}


SEED_001_HAND = "KS 8D 9S 6C AH 4S TH QD"   # seed 001's example: 80 points against a 200 bonus


@pytest.mark.parametrize("name", ["easy", "normal", "hard"])
def test_partner_answers_seed_001s_example_yes(name):
    s = asked(SEED_001_HAND, opponents_hand="AS AH KD KC QS QH JD JC TS 9H")  # all in the foot
    bot = Hard(4) if name == "hard" else get_bot(name)
    assert bot(observe(s, 2), 2, random.Random(0)) == {"type": "answer", "yes": True}


@pytest.mark.parametrize("name", ["easy", "normal"])
def test_partner_weighs_the_cards_left_against_the_bonus(name):
    """The same position with 290 points left instead of 80: no (a blind yes fails here)."""
    s = asked("JK JK AS AH AD AC KS KH QS QH 8D 9S 6C 4S")
    assert get_bot(name)(observe(s, 2), 2, None) == {"type": "answer", "yes": False}


def test_partner_says_yes_when_the_opponents_are_about_to_go_out():
    s = asked("AS AH KD KC QS QH JD JC TS 9H", opponents_hand="4C 4D")
    assert get_bot("normal")(observe(s, 2), 2, None) == {"type": "answer", "yes": True}


@pytest.mark.parametrize("name", ["easy", "normal", "hard"])
def test_a_bot_asks_before_going_out_then_goes_out(name):
    s = position(hands={0: "9S 9H 9D 4C"}, piles={0: [], 2: []}, melds={0: list(BOOK)},
                 phase="play")
    bot = Hard(4) if name == "hard" else get_bot(name)
    while s.phase in ("play", "answer"):
        seat = s.to_move()
        apply(s, bot(observe(s, seat), seat, None))
    assert s.went_out == 0
    kinds = [a["type"] for a in s.log]
    assert kinds.index("ask_to_go_out") < kinds.index("answer")
    assert s.log[kinds.index("answer")]["yes"] is True


def test_hard_expects_its_own_partner_to_grant_going_out():
    """In hard's look-ahead our side's answers are yes (hard.GRANT), not
    normal's rule, which refuses here (290 points left in the partner's
    hand): asking then leads to going out."""
    hand = "JK JK AS AH AD AC KS KH QS QH 8D 9S 6C 4S"
    assert get_bot("normal")(observe(asked(hand), 2), 2, None) == {"type": "answer", "yes": False}
    world = about_to_ask(hand)
    Hard().look_ahead(world, {"type": "ask_to_go_out"}, 0, 2)
    assert world.went_out == 0


def test_a_pair_count_tells_when_no_take_is_offered():
    """``hard.lacks_pair``, the shortcut of its discard's sampled replies,
    agrees with ``take_pile_candidates`` (where the rules ask for a pair)."""
    rng = random.Random(5)
    deck = sorted(C.CODES) * 2
    checked = 0
    for state in islice(positions(11, every=13), 40):
        if state.phase != "draw" or not state.discard:
            continue
        seat = state.to_move()
        for _ in range(25):
            hand = rng.sample(deck, rng.randrange(1, 15))
            top = rng.choice(hand + [state.discard[-1]])
            state.players[seat].hand = hand
            state.discard[-1] = top
            offered = bool(hard_module.take_pile_candidates(state, seat))
            assert not (hard_module.lacks_pair(hand, top) and offered), (hand, top)
            checked += offered
    assert checked > 5


def test_hards_look_ahead_for_going_out_reaches_the_askers_next_turn():
    """Refused, seat 0 melds its 9s, keeps two cards (it may not be left with
    one it cannot throw), throws the black 3 and holds the 4; a round later it
    draws two more 4s, asks again and goes out. hard's look-ahead at an answer (or
    an ask) plays on past that turn (hard.HORIZON), so "no" is weighed as
    going out a round later, not as a deal still open; two or four turns
    stop before it."""
    s = position(hands={0: "9S 9H 9D 4C 3S", 1: "KS QD JH TC 8S 6D", 2: "AS KD QS JD TS 8D 6S",
                        3: "KH QC JS TD 8H 6C"}, piles={0: [], 1: [], 2: [], 3: []},
                 melds={0: list(BOOK), 1: list(BOOK)}, phase="play", stock_top="4S 4H 4D 4S 4H 4D 4S 4H")
    apply(s, {"type": "ask_to_go_out"})
    no = {"type": "answer", "yes": False}
    for turns, goes_out in ((hard_module.HORIZON["answer"], True), (4, False)):
        world = s.clone()
        Hard().look_ahead(world, no, 0, turns)
        assert (world.went_out == 0) is goes_out
    assert hard_module.HORIZON["ask_to_go_out"] == hard_module.HORIZON["answer"]


@pytest.mark.parametrize("deal, short, asks", [(4, -300, True), (4, 300, False), (4, 1000, False),
                                               (1, None, True)])
def test_hard_does_not_go_out_into_a_lost_game(deal, short, asks):
    """Seat 0 can go out; every hand is small and in the foot, so going out
    ends the deal a known few hundred points up. In the game's last deal,
    trailing by that gain plus ``short``, going out loses the game for sure
    when ``short`` > 0: hard plays on (it weighs the chance of winning the
    game, hard.worth, not points). When going out wins, or in a first deal
    where nobody leads, it asks."""
    s = about_to_ask("4S 6C", opponents_hand="4C 4D")
    world = s.clone()
    ask = {"type": "ask_to_go_out"}
    Hard().look_ahead(world, ask, 0, hard_module.HORIZON["ask_to_go_out"])
    gain = [row["total"] for row in world.deal_results[-1]["sides"]]
    s.deal = deal
    if short is not None:
        s.sides[1].total = 10_000
        s.sides[0].total = 10_000 - (gain[0] - gain[1]) - short
    action = Hard(8)(observe(s, 0), 0, random.Random(0))
    assert (action == ask) is asks


def test_a_look_ahead_is_worth_the_chance_of_winning_the_game():
    """An ended deal 240 up: in the last deal a sure win or loss by the
    game's lead; with three deals to come, each adds the spread of a whole
    deal (hard.spread at a full stock), so the chance is only a little
    above or below even."""
    world = about_to_ask("4S 6C", opponents_hand="4C 4D")
    Hard().look_ahead(world, {"type": "ask_to_go_out"}, 0, 2)
    diff = hard_module.score_difference(world, 0)
    assert world.phase == "deal_end" and diff > 0
    assert hard_module.worth(world, 0, None) == diff
    world.deal = 4
    assert hard_module.worth(world, 0, -diff + 100) == pytest.approx(1.0, abs=1e-6)
    assert hard_module.worth(world, 0, -diff - 100) == pytest.approx(0.0, abs=1e-6)
    world.deal = 1
    sd = 3 ** 0.5 * hard_module.spread(world.rules, 1.0)
    for lead in (-diff + 1000, -diff - 1000):
        want = 0.5 * (1 + math.erf((lead + diff) / (sd * 2 ** 0.5)))
        assert hard_module.worth(world, 0, lead) == pytest.approx(want, abs=1e-6)
        assert 0.4 < want < 0.6


# Throwing normal's discard at once, the melds kept in hand.
HOLD_4C = {"type": "discard", "card": "4C"}


def test_hard_weighs_melding_everything_against_holding_wilds():
    """normal keeps its wild cards here (they finish no canasta the side
    needs); hard also weighs laying everything, wilds included (normal's
    run-out plan): screens of 300 games against normal, margin +3,138 and
    +3,430 on two seeds against +2,515 and +2,098 without that candidate."""
    s = position(hands={0: "JK 2C 9H 9D 9S 4C 8S"}, melds={0: [("K", "KS KD KC")]}, phase="play")
    obs = observe(s, 0)
    bot = Hard()
    default = bot.choose(obs, 0)
    assert default == {"type": "meld", "melds": [{"cards": ["9H", "9D", "9S"]}]}
    everything = {"type": "meld", "melds": [{"to": 1, "cards": ["JK"]}, {"cards": ["9H", "9D", "9S", "2C"]}]}
    assert bot.candidates(obs, 0, default) == [default, everything, HOLD_4C]


def test_hard_weighs_keeping_its_melds_in_hand():
    """normal melds whatever it can; hard also weighs throwing normal's card
    at once (screens of 600 and 1,000 games against normal, on the same
    deals: +5.1 and +5.8 points of games won). Not where that discard is
    illegal: after taking the pile, a Triple Play turn ends with a knock."""
    s = position(hands={0: "JK 2C 9H 9D 9S 4C 8S"}, melds={0: [("K", "KS KD KC")]}, phase="play")
    bot = Hard()
    assert HOLD_4C in bot.candidates(observe(s, 0), 0, bot.choose(observe(s, 0), 0))
    s.took_pile = True
    assert all(a["type"] == "meld" for a in bot.candidates(observe(s, 0), 0, bot.choose(observe(s, 0), 0)))


def test_hard_keeping_its_melds_throws_the_card_it_would_at_any_discard(monkeypatch):
    """Once the search says hold, the card is chosen among normal's discards
    by the next player's sampled replies, and the figures that said hold are kept."""
    def look_ahead(self, world, action, side, turns, lead=None):
        return 0.75 if action["type"] == "discard" else 0.5

    weighed = []

    def discard_by_replies(self, obs, seat, options, rng):
        weighed.append(options)
        return options[-1]
        yield

    monkeypatch.setattr(Hard, "look_ahead", look_ahead)
    monkeypatch.setattr(Hard, "discard_by_replies", discard_by_replies)
    s = position(hands={0: "JK 2C 9H 9D 9S 4C 8S"}, melds={0: [("K", "KS KD KC")]}, phase="play")
    bot = Hard(16)
    action = bot(observe(s, 0), 0, None)
    assert weighed == [bot.candidates(observe(s, 0), 0, HOLD_4C)] and weighed[0][0] == HOLD_4C
    assert action == weighed[0][-1] != HOLD_4C
    assert bot.held == (0.75, 0.5)
    bot(observe(position(hands={0: "9H 9D 4C"}), 0), 0, None)  # the next decision, a draw
    assert bot.held is None


def foot_with_a_wild_meld_open(hand: str, *more):
    """Seat 0 in the foot, the basic book complete, a second wild meld open
    (meld 6) and ``more`` melds."""
    return position(hands={0: hand}, piles={0: [], 2: []},
                    melds={0: list(BOOK) + [("W", "2H 2D 2C"), *more]}, phase="play")


def test_hard_weighs_running_out_in_the_order_that_leaves_fewest():
    """Without leave to go out, normal puts its Joker on the wild meld; hard
    also weighs laying it with the Aces (one card fewer left)."""
    obs = observe(foot_with_a_wild_meld_open("AS JK 4D AD 7H 7D 7C 9S"), 0)
    bot = Hard()
    default = bot.choose(obs, 0)
    assert default == {"type": "meld", "melds": [{"to": 6, "cards": ["JK"]}, {"cards": ["7H", "7D", "7C"]}]}
    assert bot.candidates(obs, 0, default) == [
        default, {"type": "meld", "melds": [{"cards": ["7H", "7D", "7C"]}, {"cards": ["AS", "AD", "JK"]}]},
        {"type": "discard", "card": "4D"}]


# -- normal's basics ---------------------------------------------------------------
def test_running_out_tries_every_order_of_placing_wild_cards():
    """The Joker on the open wild meld leaves A A 4 (no going out); with the
    Aces it makes a meld and leaves the 4 to throw."""
    obs = observe(foot_with_a_wild_meld_open("AS JK 4D AD 7H 7D 7C"), 0)
    assert run_out_plan(obs, 0).left() == 3
    plan = fewest_left_plan(obs, 0)
    assert plan.left() == 1
    assert plan.placements() == [{"cards": ["7H", "7D", "7C"]}, {"cards": ["AS", "AD", "JK"]}]


def test_running_out_keeps_the_wild_meld_first_when_no_order_leaves_fewer():
    """The Joker fits the open Jacks (closer to a canasta) as well, but the
    wild meld comes first."""
    obs = observe(foot_with_a_wild_meld_open("JK 4D", ("J", "JS JH JD JC")), 0)
    assert fewest_left_plan(obs, 0).placements() == [{"to": 6, "cards": ["JK"]}]


def test_normal_throws_a_black_three_and_keeps_wilds():
    s = position(hands={0: "JK 2C 3S 9H 9D KH 4C 8S"}, melds={0: [("K", "KS KD KC")]},
                 phase="play")
    bot = get_bot("normal")
    first = bot(observe(s, 0), 0, None)
    assert first == {"type": "meld", "melds": [{"to": 1, "cards": ["KH"]}]}  # no wild spent
    apply(s, first)
    assert bot(observe(s, 0), 0, None) == {"type": "discard", "card": "3S"}


def test_normal_never_throws_a_wild_while_other_cards_are_left():
    s = position(hands={0: "JK 2C 9H 9D 4C 8S"}, melds={0: [("K", "KS KD KC")]}, phase="play")
    action = get_bot("normal")(observe(s, 0), 0, None)
    assert action["type"] == "discard" and not C.is_wild(action["card"])


def test_normal_does_not_feed_the_next_opponents_meld():
    """East (seat 1), next to play, melds 8s: 8S is the risky throw."""
    s = position(hands={0: "8S 6C 9D 4C TS QH"}, melds={0: [("K", "KS KD KC")], 1: [("8", "8H 8D 8C")]},
                 phase="play")
    action = get_bot("normal")(observe(s, 0), 0, None)
    assert action["type"] == "discard" and action["card"] != "8S"


def test_normal_takes_the_pile_with_a_pair():
    s = position(hands={0: "9H 9D KH 4C"}, melds={0: [("K", "KS KD KC")]}, discard="5C 6D 9S")
    action = get_bot("normal")(observe(s, 0), 0, None)
    assert action["type"] == "take_pile"


# -- hard --------------------------------------------------------------------------
def _next_holds(monkeypatch, hand: str):
    """hard's sampled hands for the next player are all ``hand``."""
    monkeypatch.setattr(Hard, "next_hands", staticmethod(lambda obs, seat, know, who: lambda rng: hand.split()))


def _discards(hand: str, pile_cards: int) -> tuple[str, str]:
    """(normal's, hard's) discard from ``hand`` onto a pile of ``pile_cards``,
    when East (next, its side open) holds a pair of kings."""
    pile = ["4D", "6H", "8C", "TD", "JS", "QC"] * 5
    s = position(hands={0: hand, 1: "KH KD 4C 8S 9C"}, melds={0: [("A", "AS AH AD")], 1: [("Q", "QS QH QD")]},
                 discard=" ".join(pile[:pile_cards]), phase="play")
    obs = observe(s, 0)
    bots = (get_bot("normal"), Hard(8))
    return tuple(bot(obs, 0, random.Random(0))["card"] for bot in bots)


def test_take_value_is_fitted_to_real_deals():
    """bench/fit_discard.py: a take is worth nothing to its taker while the pile
    is small, then a fitted amount a card, far steeper than normal's guess
    (40 + 15 a card): what any refit of real deals keeps (bench/notes/bots.md)."""
    free, per_card = hard_module.TAKE_FREE_CARDS, hard_module.TAKE_PER_CARD
    assert 0 < free < 15 and per_card > 15
    s = position(discard=" ".join((["4D", "6H", "8C", "TD", "JS", "QC"] * 3)[:free - 1]), phase="play")
    assert len(s.discard) + 1 == free and hard_module.take_value(s, 1, "9") == 0  # ours makes it ``free``
    values = []
    for _ in range(10):
        s.discard.append("4S")
        values.append(hard_module.take_value(s, 1, "9"))
    assert values == [per_card * n for n in range(1, 11)]


@pytest.mark.parametrize("hand, pile, normal, hard", [
    # 6 cards, then our king: a take of 7 is worth nothing, less than a pair
    # (120) is worth keeping; with normal's guess (40 + 15 a card) hard would
    # break the pair.
    ("KS 9H 9D JK", 6, "KS", "KS"),
    # 13 cards: East's take is worth 63 x 7 = 441, less than a 7 is worth
    # keeping (515; it would throw the 7 at normal's 300).
    ("KS 7C JK", 13, "KS", "KS"),
    # 16 cards: the take is worth 630, more than the 7 (with normal's guess,
    # 280, hard would feed the king).
    ("KS 7C JK", 16, "KS", "7C"),
])
def test_hard_weighs_feeding_the_pile_with_fitted_values(monkeypatch, hand, pile, normal, hard):
    """East, next, holds a pair of kings (hard's sampled hands are that hand);
    normal, which only estimates the chance, throws the king each time."""
    _next_holds(monkeypatch, "KH KD 4C 8S 9C")
    assert _discards(hand, pile) == (normal, hard)


def _after_east_threw(east_throws: str, top: str):
    """Our discard (South, seat 0: KS 4C JK) after we threw ``top``, East
    (next) drew, leaving it, and threw ``east_throws``, and we drew two aces
    and laid them on our aces; 18 cards below ours."""
    s = position(hands={0: f"KS 4C JK {top}", 1: "KC 8S 9C", 2: "5S 6C", 3: "5H 6D"},
                 melds={0: [("A", "AS AH AD")], 1: [("Q", "QS QH QD")]},
                 discard=" ".join(["4D", "6H", "8C", "TD", "JS", "QC"] * 2 + ["9D", "TH"]),
                 stock_top="TC JC 9S JD 8D 8H AC AD", phase="play")
    apply(s, {"type": "discard", "card": top})
    for seat, card in ((1, east_throws), (2, "5S"), (3, "5H"), (0, None)):
        apply(s, {"type": "draw"})
        if card:
            apply(s, {"type": "discard", "card": card})
    apply(s, {"type": "meld", "melds": [{"to": 1, "cards": ["AC", "AD"]}]})
    return observe(s, 0)


def test_read_table_tells_what_a_player_threw_and_refused_at_its_last_turn():
    know = read_table(_after_east_threw("KC", "6H"), 0)
    assert (know.thrown[1], know.refused[1]) == ("K", "6")
    assert (know.thrown[2], know.refused[2]) == ("5", "K")  # drew with East's king on top
    assert (know.thrown[0], know.refused[0]) == (None, "5")  # our turn: drawn, not thrown yet
    assert (know.thrown[3], know.refused[3]) == ("5", "5")


@pytest.mark.parametrize("preset", ["triple-play", "brouillette-partners"])
def test_read_table_reads_the_same_resumed_as_from_the_deal_start(preset):
    """Look-aheads read the table again every few actions and only the new
    log entries are walked; what they read never depends on that cache (a
    pile taken after the upcard was known changes where a walk starts)."""
    normal, rng, reads = get_bot("normal"), random.Random(3), 0
    state = new_game(preset, seed=17, bots=["normal"] * 4)
    for n in range(1500):
        if state.phase == "game_end":
            break
        if state.phase == "deal_end":
            apply(state, {"type": "next_deal"})
            continue
        if n % 23 == 0:
            world = state.clone()
            for _ in range(30):
                if world.phase not in ("draw", "play", "answer"):
                    break
                seat = world.to_move()
                resumed = read_table(world, seat, melding=True)
                knowledge._WALKS.clear()
                assert read_table(world, seat, melding=True) == resumed
                reads += 1
                apply(world, normal(world, seat, rng))
        apply(state, normal(state, state.to_move(), rng))
    assert reads > 100


def test_take_chance_is_fitted_to_real_takes():
    """bench/fit_take.py: normal keeps pairs, so a chance measured on hands
    dealt at random is too low (half the samples: more really), it grows with
    the measured chance, and a rank the next player just threw (or drew with
    on top) is rarely taken: what any refit of real takes keeps."""
    know = read_table(_after_east_threw("KC", "6H"), 0)
    chance = hard_module.take_chance
    assert 0.5 < chance(0.5, "9", know, 1) < 0.8
    assert chance(0.2, "9", know, 1) < chance(0.5, "9", know, 1) < chance(0.8, "9", know, 1)
    assert chance(0.5, "K", know, 1) < 0.03 < chance(0.5, "6", know, 1) < 0.4
    assert 0 < chance(0.0, "9", know, 1) < 0.02 < 0.98 < chance(1.0, "9", know, 1) < 1


@pytest.mark.parametrize("east_throws, top, hard", [
    ("KC", "6H", "KS"),   # East threw a king: it holds no pair of them
    ("8S", "KH", "KS"),   # East drew with a king on top: a pair is unlikely
    ("8S", "6H", "4C"),   # nothing known: the king is worth more to keep
])
def test_hard_reads_what_the_next_player_just_did(monkeypatch, east_throws, top, hard):
    """Half the sampled hands of East hold a pair of kings, half a pair of 4s;
    what East did at its last turn tells which pair is unlikely."""
    hands = itertools.cycle([h.split() for h in ("KH KD 9C 8S 7D", "4D 4H 9C 8S 7D")])
    monkeypatch.setattr(Hard, "next_hands", staticmethod(lambda obs, seat, know, who: lambda rng: next(hands)))
    obs = _after_east_threw(east_throws, top)
    assert Hard(8)(obs, 0, random.Random(0)) == {"type": "discard", "card": hard}


def test_hard_returns_at_once_when_nothing_is_to_decide(monkeypatch):
    s = position(hands={0: "9H 9D KH 4C"}, melds={0: [("K", "KS KD KC")]}, discard="5C 6D 9S")
    apply(s, {"type": "take_pile", "melds": [{"cards": ["9H", "9D"]}]})  # no discard follows

    def no_sampling(*args):
        raise AssertionError("a forced move needs no search")
    monkeypatch.setattr(Hard, "world", staticmethod(no_sampling))
    monkeypatch.setattr(Hard, "next_hands", staticmethod(no_sampling))
    bot = Hard()
    assert bot(observe(s, 0), 0, random.Random(0)) == get_bot("normal")(observe(s, 0), 0, None)


def test_hard_thinks_in_small_steps_to_the_same_move():
    """``think`` yields between units of work and ends with ``__call__``'s move."""
    bot = Hard(3)
    searched = 0
    for state in positions(6, every=5):
        seat = state.to_move()
        if seat is None:
            continue
        if searched == 12:
            break
        obs = observe(state, seat)
        steps = bot.think(obs, seat, random.Random(1))
        units = 0
        while True:
            try:
                next(steps)
                units += 1
            except StopIteration as done:
                assert done.value == bot(obs, seat, random.Random(1))
                break
        searched += units > 1
    assert searched > 10


def test_hard_stops_searching_once_its_leader_is_clear():
    """After CLEAR_MIN samples a search may stop: its leader ahead of every
    other candidate by more than CLEAR_Z standard errors of the paired
    difference, or tied with it in every sample (the same outcome)."""
    n = hard_module.CLEAR_MIN
    clear = [[1.0 + 0.1 * (i % 3), 0.2 * (i % 2)] for i in range(n)]
    assert not hard_module.settled(clear[:-1])
    assert hard_module.settled(clear)
    assert hard_module.settled([[0.3 * (i % 4), 0.3 * (i % 4)] for i in range(n)])
    assert not hard_module.settled([[i % 2, 1 - i % 2] for i in range(n)])
    # clear of the second candidate, not of the third
    assert not hard_module.settled([[1.0, 0.0, 1.0 + (0.1 if i % 2 else -0.1)] for i in range(n)])


def test_hard_stops_at_a_clear_meld_before_its_last_sample(monkeypatch):
    """A clear choice ends the search long before its last sample (400 here)."""
    drawn = []
    monkeypatch.setattr(Hard, "world", staticmethod(lambda *a: drawn.append(1) or sample_world(*a)))
    s = position(hands={0: "JK 2C 9H 9D 9S 4C 8S"}, melds={0: [("K", "KS KD KC")]}, phase="play")
    action = Hard(400)(observe(s, 0), 0, None)
    assert action == {"type": "meld", "melds": [{"cards": ["9H", "9D", "9S"]}]}
    assert hard_module.CLEAR_MIN <= len(drawn) < 100


# -- hard's determinism ------------------------------------------------------------
class _FakeClock:
    """A clock that reads ``step`` seconds later at every reading."""

    def __init__(self, step: float):
        self.now, self.step = 0.0, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def _tournament_on(monkeypatch, step: float) -> str:
    """The issue's tournament's printout with every clock of ``time`` faked."""
    clock = _FakeClock(step)
    for name in ("perf_counter", "monotonic", "time", "process_time"):
        monkeypatch.setattr(time, name, clock)
    out = io.StringIO()
    with redirect_stdout(out), redirect_stderr(io.StringIO()):
        assert main(["tournament", "--preset", "triple-play", "--bots", "hard,normal", "--games", "2",
                     "--seed", "4242", "--jobs", "1"]) == 0
    return out.getvalue()


def test_a_tournament_is_the_same_on_a_fast_and_a_slow_clock(monkeypatch):
    """Issue 55's tournament (with a lighter hard, for time), the clock
    faked to run a second between two readings (any time budget spent at
    once) or a nanosecond (never spent): the same games, byte for byte."""
    monkeypatch.setattr(BOTS["hard"], "samples", 4)
    monkeypatch.setattr(BOTS["hard"], "hands", 24)
    fast = _tournament_on(monkeypatch, 1.0)
    slow = _tournament_on(monkeypatch, 1e-9)
    assert fast == slow
    assert json.loads(fast)["games"] == 2


def test_hards_decision_leaves_the_callers_stream_alone():
    """hard samples from a stream of its own (``decision_rng``): the stream
    it is handed (in a simulation, the one the game's ``random`` bots draw
    from) is in the same state after its decision, and any stream, or none,
    gives the same decision from the same samples (what it measured)."""
    bot = Hard(4, 24)
    searched = 0
    for state in islice(positions(5, every=7), 40):
        seat = state.to_move()
        if seat is None:
            continue
        obs = observe(state, seat)
        shared = random.Random(11)
        before = shared.getstate()
        action, measured = bot(obs, seat, shared), bot.measured
        assert shared.getstate() == before
        searched += bool(measured)
        assert bot(obs, seat, random.Random(12)) == action and bot.measured == measured
        assert bot(obs, seat, None) == action and bot.measured == measured
    assert searched > 10


HARDS_DECISIONS = """
import json
from itertools import islice
from game import observe
from game.bots.hard import Hard
from tests.helpers import positions
bot = Hard(4, 24)
print(json.dumps([(bot(observe(s, s.to_move()), s.to_move(), None), bot.measured)
                  for s in islice(positions(5, every=7), 30) if s.to_move() is not None]))
"""


def test_hards_decisions_are_the_same_in_any_process():
    """Two interpreters with different string hashing (so a different order
    for any set of cards): the same decisions, from the same samples (what
    each measured), as on another device."""
    root = Path(__file__).resolve().parent.parent
    runs = [subprocess.run([sys.executable, "-c", HARDS_DECISIONS], cwd=root, capture_output=True,
                           text=True, check=True, env={**os.environ, "PYTHONHASHSEED": seed}).stdout
            for seed in ("1", "2")]
    assert runs[0] == runs[1] and len(json.loads(runs[0])) > 20


def _played_on(state, bot, rng: random.Random, until: int):
    """``state`` played by ``bot`` at every seat until its log holds ``until`` actions."""
    return play_on(state, lambda s: len(s.log) >= until, bot, rng)


def test_a_reopened_game_plays_on_as_if_never_saved():
    """hard at every seat (seat 0 standing for the person), one game played
    straight through, the other saved after 60 actions and loaded again (a
    new bot, handed a new stream, as the page does when it opens a save):
    the same actions after, as no decision depends on another's sampling."""
    straight = _played_on(new_game("triple-play", seed=21), Hard(2, 16), random.Random(1), 150)
    saved = _played_on(new_game("triple-play", seed=21), Hard(2, 16), random.Random(1), 60)
    reopened = GameState.from_json(json.loads(json.dumps(saved.to_json())))
    _played_on(reopened, Hard(2, 16), random.Random(2), 150)
    assert len(straight.log) == 150
    assert reopened.log == straight.log


def test_sampled_worlds_match_the_view():
    rng = random.Random(3)
    for state in positions(8, every=67):
        seat = state.to_move()
        obs = observe(state, seat)
        know = read_table(obs, seat)
        world = sample_world(obs, seat, know, rng)
        assert check_invariants(world) is None
        assert observe(world, seat).to_json() == obs.to_json()
        for s, p in enumerate(world.players):
            assert not know.held[s] - Counter(p.hand)
            assert not know.held[s] - Counter(state.players[s].hand)  # tracking is right
            if s != seat:
                assert not any(C.is_red_three(c) for c in p.hand)


def _over_caps(hand: list[str], caps: dict[str, int]) -> int:
    """Cards in ``hand`` beyond what ``meld_caps`` allows (3s are not limited)."""
    count = Counter(map(cap_key, hand))
    return sum(max(0, k - caps[kind]) for kind, k in count.items() if kind is not None)


def test_melding_tells_what_a_player_holds():
    # A bot melds every card it can: its real hand keeps to the caps read from
    # its melding (knowledge.meld_caps) but for rare turns where a meld was
    # not allowed, and the caps say something (ranks held not at all).
    checks = misses = zeros = 0
    for state in positions(4, every=1):
        if state.phase != "draw":
            continue
        seat = state.turn
        obs = observe(state, seat)
        caps = meld_caps(obs, current_deal_log(obs))
        for s, cap in enumerate(caps):
            if s != seat and cap is not None:
                checks += 1
                misses += _over_caps(state.players[s].hand, cap) > 0
                zeros += 0 in cap.values()
    assert checks > 300 and zeros > 100
    assert misses <= checks / 100


def test_sampled_hands_keep_to_what_melding_tells():
    rng = random.Random(5)
    kept = unkept = 0
    for state in positions(9, every=13):
        seat = state.to_move()
        obs = observe(state, seat)
        know = read_table(obs, seat, melding=True)
        world = sample_world(obs, seat, know, rng)
        blind = sample_world(obs, seat, read_table(obs, seat), rng)
        for s in range(obs.num_players):
            cap = know.caps[s]
            if s == seat or cap is None:
                continue
            assert _over_caps(world.players[s].hand, cap) == 0
            assert _over_caps(hand_sampler(obs, seat, know, s)(rng), cap) == 0
            kept += 1
            unkept += _over_caps(blind.players[s].hand, cap) > 0
    assert kept > 50 and unkept > 10  # without the caps, samples break them


# -- tournament --------------------------------------------------------------------
def test_tournament_command_prints_the_figures():
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        assert main(["tournament", "--bots", "normal,easy", "--games", "2", "--seed", "1"]) == 0
    timing = json.loads(err.getvalue())  # wall times apart: stdout is the same on any machine
    assert set(timing["seconds_per_move"]) == {"a", "b"} and timing["seconds"] >= 0
    data = json.loads(out.getvalue())
    assert data["games"] == 2 and data["bots"] == {"a": "normal", "b": "easy"}
    assert data["wins_a"] + data["wins_b"] + data["ties"] == 2
    assert 0 <= data["win_rate_a"] <= 1 and len(data["win_rate_a_ci95"]) == 2
    assert data["margin_a_ci95"][0] <= data["margin_a"] <= data["margin_a_ci95"][1]
    assert data["errors"] == [] and "timing" not in data
    # Where the margin came from: the parts of the deals' tallies add up to it.
    parts = data["margin_per_deal_by_part"]
    assert set(parts) == {"melded", "left", "natural canastas", "mixed canastas", "wild canastas",
                          "red 3s", "going out"}
    assert data["deals"] == 2 * PRESETS["triple-play"].deals
    assert sum(parts.values()) * data["deals"] / data["games"] == pytest.approx(data["margin_a"], abs=1)
    assert 0 <= data["deals_gone_out"]["a"] + data["deals_gone_out"]["b"] <= 1


def test_tournament_refuses_an_unknown_bot():
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["tournament", "--bots", "normal,nobody", "--games", "2"]) == 2
    assert "Unknown bot" in json.loads(out.getvalue())["error"]


def test_duplicate_deals_cancel_out_between_equal_bots():
    """Each seed is played with the sides swapped, so a bot against itself nets zero."""
    from game.runs.tournament import tournament
    data = tournament("triple-play", "normal", "normal", 2, seed=3)
    assert data["games"] == 2 and data["margin_a"] == 0 and data["win_rate_a"] == 0.5
    assert set(data["margin_per_deal_by_part"].values()) == {0}
    assert data["deals_gone_out"]["a"] == data["deals_gone_out"]["b"]


def test_a_side_of_two_bots_sits_at_its_own_seats_both_ways():
    """``hard+normal``: hard at the side's first seat, normal at its partner's,
    in both games of a duplicate pair."""
    from game.runs.tournament import seat_bots
    assert seat_bots("hard+normal", "normal", 0) == ["hard", "normal", "normal", "normal"]
    assert seat_bots("hard+normal", "normal", 1) == ["normal", "hard", "normal", "normal"]
    assert seat_bots("hard", "normal~1", 1) == ["normal~1", "hard", "normal~1", "hard"]


def test_where_each_plays_alone_a_side_is_the_two_players_at_its_seats():
    """Simpson: four players, each a side. A game is A's when one of A's two
    players finishes first; its margin is their average total less the others'."""
    from game.runs.tournament import play_pair, seat_bots
    data = play_pair("simpson", 5, "normal", "easy")
    for a_seats, margin, win in zip((0, 1), data["margins"], data["wins"]):
        state = play_game("simpson", 5, seat_bots("normal", "easy", a_seats), check_cards=False)
        totals = [side.total for side in state.sides]
        a = [totals[seat] for seat in range(4) if seat % 2 == a_seats]
        b = [totals[seat] for seat in range(4) if seat % 2 != a_seats]
        assert len(totals) == 4 and margin == sum(a) / 2 - sum(b) / 2
        assert win == (1.0 if max(a) > max(b) else 0.0 if max(b) > max(a) else 0.5)


def test_a_side_of_two_bots_plays_a_tournament():
    from game.runs.tournament import tournament
    data = tournament("triple-play", "normal+easy", "normal", 2, seed=3)
    assert data["games"] == 2 and not data["errors"]
    assert data["moves"]["a"] > 0 and data["moves"]["b"] > 0


def test_a_perturbed_normal_is_normal_with_its_numbers_moved(monkeypatch):
    """``normal~N`` (bench only): its numbers drawn from its perturbation and
    the game's seed, the same each time; unmoved, it plays normal's game."""
    from game.bots import perturbed
    assert perturbed.numbers(1, 5) == perturbed.numbers(1, 5) != perturbed.numbers(1, 6)
    assert perturbed.numbers(1, 5) != perturbed.numbers(2, 5)
    assert isinstance(get_bot("normal~3"), perturbed.PerturbedNormal)
    moved = play_game("triple-play", 4, ["normal", "normal~1"], check_cards=False)
    monkeypatch.setattr(perturbed, "numbers", lambda n, seed: {**perturbed.REALS, **perturbed.COUNTS})
    same = play_game("triple-play", 4, ["normal~1"], check_cards=False)
    assert same.log == play_game("triple-play", 4, ["normal"], check_cards=False).log != moved.log


def test_a_focused_hard_searches_only_the_kinds_it_names(monkeypatch):
    """``hard@answer`` (bench only): hard's search at its answers to "may I go
    out?", normal's choice at every other decision; a kind it does not know
    is refused in words."""
    from game.bots import focused, hard
    asked = []

    def searched(obs, seat, rng=None):
        asked.append(focused.kind_of(get_bot("normal")(obs, seat)))
        return get_bot("normal")(obs, seat)

    monkeypatch.setattr(hard, "choose", searched)
    bot = get_bot("hard@answer,draw")
    assert isinstance(bot, focused.Focused) and bot.kinds == {"answer", "draw"}
    state = play_game("triple-play", 4, ["normal"], choosers=[bot, get_bot("normal")] * 2)
    assert state.log == play_game("triple-play", 4, ["normal"]).log  # the stand-in plays normal
    assert set(asked) == {"answer", "draw"} and asked.count("draw") > 20
    for name in ("hard@", "hard@bluff", "normal@answer"):
        with pytest.raises(RulesError, match="Unknown bot"):
            get_bot(name)


def test_the_seer_samples_the_real_deal_as_the_game_goes_on():
    """``seer`` (bench only): hard whose one sample is the real position,
    rebuilt from the view's seed and log, action by action and afresh for a
    new game; its discards are weighed against the next player's real hand."""
    seer, normal = get_bot("seer"), get_bot("normal")
    for seed in (5, 6):
        state = new_game(PRESETS["triple-play"], seed=seed)
        rng = random.Random(seed)
        for step in range(400):
            if state.phase != "play" and state.phase != "draw":
                break
            seat = state.to_move()
            obs = observe(state, seat)
            if step % 37 == 0:
                world = seer.world(obs, seat, None, None)
                assert [(p.hand, p.piles) for p in world.players] == [(p.hand, p.piles) for p in state.players]
                assert world.stocks == state.stocks and world.log == state.log
                nxt = (seat + 1) % state.num_players
                assert seer.next_hands(obs, seat, None, nxt)(rng) == state.players[nxt].hand
            apply(state, (seer if seat == 0 else normal)(obs, seat, rng))
        assert step > 100
    assert play_game("triple-play", 3, ["normal"], choosers=[seer, normal] * 2).phase == "game_end"


def test_the_hand_seer_knows_every_hand_and_deals_the_piles_afresh():
    """``seer@hands`` (bench only): the real hands, the knees, feet and stock
    dealt from their own cards at random, each pile its size."""
    seer, normal = get_bot("seer@hands"), get_bot("normal")
    state = new_game(PRESETS["triple-play"], seed=7)
    rng = random.Random(7)
    for step in range(200):
        seat = state.to_move()
        obs = observe(state, seat)
        if step % 29 == 0:
            world = seer.world(obs, seat, None, random.Random(step))
            assert [p.hand for p in world.players] == [p.hand for p in state.players]
            piles, real = unpicked_piles(world), unpicked_piles(state)
            assert [len(p) for p in piles] == [len(p) for p in real] and piles != real
            assert Counter(c for p in piles for c in p) == Counter(c for p in real for c in p)
        apply(state, normal(obs, seat, rng))
    assert state.phase in ("draw", "play")


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_level_plays_every_preset(name):
    """easy, normal and hard side by side, at the preset's largest table and
    its smallest: a whole game with no illegal move (issue: every preset)."""
    counts = [n for n, _, _ in PRESETS[name].seatings]
    for players in sorted({min(counts), max(counts)}):
        choosers = [(get_bot("easy"), get_bot("normal"), Hard(1, 8))[i % 3] for i in range(players)]
        state = play_game(name, 7, ["normal"], players=players, choosers=choosers)
        assert state.phase == "game_end"
