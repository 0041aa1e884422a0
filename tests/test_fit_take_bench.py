"""bench/fit_take.py: each card hard compares is measured from the thrower's
view and taken or not with the real hand, and the logistic fit recovers known
weights."""

import math
import random

import pytest

from bench import fit_take as fit
from game import observe
from game.bots import get_bot
from game.bots import hard as H
from tests.helpers import position


def test_each_card_is_measured_and_taken_with_the_real_hand():
    """East (next) really holds a pair of kings: our king is taken, nothing else is."""
    s = position(hands={0: "KS 9H 7C 4D JK", 1: "KH KD 4C 8S 9C"},
                 melds={0: [("A", "AS AH AD")], 1: [("Q", "QS QH QD")]},
                 discard="4D 6H 8C TD JS QC 5S 5H 5D", phase="play")
    obs = observe(s, 0)
    cards = fit.measured_discard(s, obs, 0, get_bot("normal")(obs, 0, None), random.Random(0), 40)
    assert {"KS", "9H", "4D"} <= set(cards)
    assert [c for c, row in cards.items() if row[1]] == ["KS"]
    for features, _, keep, value in cards.values():
        assert features[0] == 1.0 and features[2:] == [0.0, 0.0]  # nothing in the log
        assert value == H.take_value(obs, 1, "9") == 3 * H.TAKE_PER_CARD
    assert cards["9H"][2] > cards["4D"][2]  # keep scores: a 9 counts more than a 4


def test_the_fit_recovers_known_weights():
    truth = [0.4, 0.9, -4.0, -1.2]
    rng = random.Random(2)
    xs, ys = [], []
    for _ in range(4000):
        x = [1.0, rng.uniform(-6, 6), float(rng.random() < 0.2), float(rng.random() < 0.2)]
        xs.append(x)
        ys.append(rng.random() < 1 / (1 + math.exp(-sum(a * b for a, b in zip(truth, x)))))
    weights, halves = fit.logistic(xs, ys)
    for w, t, h in zip(weights, truth, halves):
        assert abs(w - t) < h < 1.0


def test_the_shortfall_counts_what_a_wrong_guess_costs():
    # Two cards: keeping the first is worth 10, the second 50; the first is
    # really taken (value 100). Guessing no take throws the first: 110 - 50 lost.
    # Reading the features right (the first card's says "taken") loses nothing.
    rows = [[([1.0, 1.0], True, 10.0, 100.0), ([1.0, 0.0], False, 50.0, 100.0)]]
    assert fit.shortfall(rows, lambda x: 0.0) == pytest.approx(60.0)
    assert fit.shortfall(rows, lambda x: x[1]) == 0.0
