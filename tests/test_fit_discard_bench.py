"""bench/fit_discard.py: each thrown card is played to the deal's end from the
thrower's side, and the fit recovers what each kind of card costs."""

import random

import pytest

from bench import fit_discard as fit
from game import observe
from tests.helpers import position


def test_a_card_is_thrown_in_the_real_deal_and_played_to_its_end():
    """East (next) holds a pair of kings: our king is taken, our 9 is not."""
    s = position(hands={0: "KS 9H 7C JK", 1: "KH KD 4C 8S 9C"},
                 melds={0: [("A", "AS AH AD")], 1: [("Q", "QS QH QD")]},
                 discard="4D 6H 8C TD JS QC", phase="play")
    result, took, pile = fit.thrown(s, "KS", 0)
    assert (took, pile) == (True, 7)
    assert s.phase == "play" and len(s.discard) == 6  # the position itself is untouched
    assert fit.thrown(s, "9H", 0)[1] is False
    obs = observe(s, 0)
    assert fit.kind(obs, 0, "KS") == [10, 0.0, 0.0, 0.0, 0.0]
    assert fit.kind(obs, 0, "7C") == [5, 0.0, 0.0, 1.0, 0.0]


def test_the_fit_recovers_known_weights():
    truth = [-2, -90, 40, -430, 130, -54]  # value, pair, meld, big, black 3, fed per card beyond 7
    rng = random.Random(1)
    rows = []
    for _ in range(200):
        cands = []
        for _ in range(3):
            k = [float(rng.choice([5, 10, 20]))] + [float(rng.random() < 0.3) for _ in range(4)]
            took, pile = rng.random() < 0.3, rng.randrange(1, 30)
            fed = [took * max(0, pile - 7)]
            cands.append((sum(w * x for w, x in zip(truth, k + fed)), took, pile, k))
        rows.append(cands)
    weights, halves = fit.regress(rows, lambda took, pile: [took * max(0, pile - 7)])
    assert weights == pytest.approx(truth)
    assert max(halves) < 1e-6  # an exact fit leaves no doubt
