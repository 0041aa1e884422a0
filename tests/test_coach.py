"""The coach (game.advice.coach): the costliest decisions of the last finished deal,
judged from the seat's view; and the hint and review commands."""

import io
import json
import random
from contextlib import redirect_stdout
from itertools import islice

import pytest

from game import apply, is_legal, observe
from game import cards as C
from game.advice.coach import cost_of, deal_span, judge, review, review_steps, same_choice
from game.bots import get_bot
from game.bots.hard import Hard
from game.deal import new_game
from game.errors import StateError
from game.generators import run_to_end
from game.moves import legal_actions
from game.presets import PRESETS
from game.runs.cli import main
from tests.helpers import position, positions, redeal_hidden

SAMPLES = 8
ONE_DEAL = PRESETS["triple-play"].derive(deals=1)   # the deal decides the game
NORMAL = get_bot("normal")


def scripted_deal(seed=19):
    """A one-deal game of ``normal`` bots in which South (seat 0) makes three
    planted mistakes: it throws a wild card at its first discard, draws
    instead of taking a pile of 8 or more, and answers no when its partner
    asks to go out. Returns the game and the log positions of the three."""
    s = new_game(ONE_DEAL, seed=seed)
    planted = {}
    while not s.deal_over:
        seat = s.to_move()
        a = NORMAL(observe(s, seat), seat, None)
        if seat == 0:
            wilds = sorted(c for c in s.players[0].hand if C.is_wild(c))
            if "wild" not in planted and a["type"] == "discard" and wilds:
                planted["wild"], a = len(s.log), {"type": "discard", "card": wilds[0]}
            elif "pile" not in planted and a["type"] == "take_pile" and len(s.discard) >= 8:
                planted["pile"], a = len(s.log), {"type": "draw"}
            elif "out" not in planted and a["type"] == "answer":
                planted["out"], a = len(s.log), {"type": "answer", "yes": False}
        apply(s, a)
    return s, planted


def instead(state, index, action=None):
    """The same game with ``action`` at ``index`` (normal's if None), played on by
    normal to the deal's end."""
    g = new_game(ONE_DEAL, seed=state.seed)
    for a in state.log[:index]:
        apply(g, a)
    apply(g, action or NORMAL(observe(g, g.to_move()), g.to_move(), None))
    while not g.deal_over:
        seat = g.to_move()
        apply(g, NORMAL(observe(g, seat), seat, None))
    return g


def canastas(state, side=0):
    return sum(len(m.cards) >= state.rules.canasta_size for m in state.sides[side].melds)


def test_the_coach_finds_three_planted_mistakes():
    s, planted = scripted_deal()
    assert set(planted) == {"wild", "pile", "out"}
    # as played, South's side lost the game; taking the pile would have won
    # canastas, and a yes would have won the game
    lost = s.deal_results[-1]["totals"]
    assert lost[0] < lost[1]
    took = instead(s, planted["pile"])
    assert took.log[planted["pile"]]["type"] == "take_pile" and canastas(took) > canastas(s)
    won = instead(s, planted["out"], {"type": "answer", "yes": True}).deal_results[-1]["totals"]
    assert won[0] > won[1]
    found = review(s, 0)  # the coach's own thinking: a lighter one misses the answer
    assert sorted(m.index for m in found) == sorted(planted.values())
    assert [m.cost for m in found] == sorted((m.cost for m in found), reverse=True)
    by_index = {m.index: m for m in found}
    wild = by_index[planted["wild"]]
    assert C.is_wild(wild.done["card"]) and not C.is_wild(wild.preferred.get("card", "4C"))
    assert wild.reason.startswith(f"Keep the {C.label(wild.done['card'])}")
    assert wild.done_text == f"You discarded {C.label(wild.done['card'])}."
    pile = by_index[planted["pile"]]
    assert pile.preferred["type"] == "take_pile" and pile.done == {"type": "draw"}
    assert pile.reason.startswith("Take the pile: ") and pile.done_text.startswith("You drew")
    out = by_index[planted["out"]]
    assert out.preferred == {"type": "answer", "yes": True} and out.reason.startswith("Say yes")
    assert (out.done_text, out.preferred_text) == ("You answered no.", "You answered yes.")
    for m in found:
        assert m.cost > 0 and s.log[m.index]["seat"] == 0
        # the turn is South's own count of turns begun in the deal, up to that action
        assert m.turn == sum(a.get("seat") == 0 and a["type"] in ("draw", "take_pile")
                             for a in s.log[:m.index + 1])


def test_both_moves_meet_the_same_sampled_deals():
    # common random numbers: a move compared with itself costs exactly nothing,
    # and a wild card thrown instead of a black 3 costs the same in every run
    s, planted = scripted_deal()
    g = new_game(ONE_DEAL, seed=s.seed)
    for a in s.log[:planted["wild"]]:
        apply(g, a)
    obs = observe(g, 0)
    thrown = {k: v for k, v in s.log[planted["wild"]].items() if k != "seat"}
    bot = Hard(SAMPLES)
    assert run_to_end(cost_of(bot, obs, 0, thrown, thrown, SAMPLES)) == 0
    card = next(c for c in obs.players[0].hand if C.is_black_three(c))
    black3 = {"type": "discard", "card": card}
    costs = {run_to_end(cost_of(bot, obs, 0, thrown, black3, SAMPLES))
             for _ in range(2)}
    assert len(costs) == 1 and costs.pop() > 0


def test_progress_counts_the_seats_decisions():
    s, _ = scripted_deal()
    steps = review_steps(s, 0, SAMPLES)
    seen = []
    while True:
        try:
            seen.append(next(steps))
        except StopIteration:
            break
    start, end = deal_span(s)
    total = sum(a.get("seat") == 0 for a in s.log[start:end])
    assert seen[0] == (0, total) and seen[-1] == (total, total)
    assert all(b[0] >= a[0] and b[1] == total for a, b in zip(seen, seen[1:]))


def test_the_last_finished_deal_is_reviewed_and_a_game_without_one_is_refused():
    s = new_game("triple-play", seed=3)
    with pytest.raises(StateError):
        review(s, 0)
    while not s.deal_over:
        seat = s.to_move()
        apply(s, NORMAL(observe(s, seat), seat, None))
    ended = len(s.log)
    apply(s, {"type": "next_deal"})
    for _ in range(5):
        seat = s.to_move()
        apply(s, NORMAL(observe(s, seat), seat, None))
    assert deal_span(s) == (0, ended)
    with pytest.raises(StateError):
        review(s, 4)
    s.log = s.log[:-1]   # a log that no longer replays to the position
    with pytest.raises(StateError, match="does not replay"):
        review(s, 0)
    s.log[3] = {"type": "discard", "card": "JK", "seat": s.log[3]["seat"]}   # nor one refused
    with pytest.raises(StateError, match="does not replay"):
        review(s, 0)


def test_judging_a_decision_sees_only_the_seats_view():
    rng = random.Random(2)
    checked = 0
    for state in islice(positions(6, every=23), 14):
        seat = state.to_move()
        if seat is None:
            continue
        done = random.Random(checked).choice(legal_actions(state))
        other = redeal_hidden(state, seat, rng)
        want = run_to_end(judge(state, seat, done, SAMPLES))
        assert run_to_end(judge(other, seat, done, SAMPLES)) == want
        checked += 1
    assert checked >= 10


def test_a_meld_hard_would_keep_in_hand_is_judged_with_its_figures(monkeypatch):
    """The player melded where hard's search found throwing a card at once
    better: the review says to keep the melds, and why holding helps (the
    coach remembers no hints: it explains every time)."""
    def look_ahead(self, world, action, side, turns, lead=None):
        return 100.0 if action["type"] == "discard" else 0.0

    monkeypatch.setattr(Hard, "look_ahead", look_ahead)
    s = position(hands={0: "JK 2C 9H 9D 9S 4C 8S"}, melds={0: [("K", "KS KD KC")]}, phase="play")
    done = NORMAL(observe(s, 0), 0, None)
    assert done["type"] == "meld"
    preferred, cost, why = run_to_end(judge(s, 0, done, SAMPLES))
    assert preferred["type"] == "discard" and cost == 100.0
    assert why.startswith("Keep your melds in hand for now: your pairs can still take the pile, "
                          "and no one sees your plan; meld them on a later turn. Discard the ")


def test_same_choice_ignores_order_and_suits_only():
    assert same_choice({"type": "discard", "card": "9S"}, {"type": "discard", "card": "9H"})
    assert not same_choice({"type": "discard", "card": "3S"}, {"type": "discard", "card": "3H"})
    a = {"type": "meld", "melds": [{"cards": ["9S", "9H", "9D"]}, {"to": 2, "cards": ["KS"]}]}
    b = {"type": "meld", "melds": [{"to": 2, "cards": ["KH"]}, {"cards": ["9C", "9H", "9D"]}]}
    assert same_choice(a, b)
    assert not same_choice(a, {"type": "meld", "melds": [{"to": 2, "cards": ["KH"]}]})
    assert same_choice({"type": "draw"}, {"type": "draw", "from": [0, 0]})
    assert not same_choice({"type": "answer", "yes": True}, {"type": "answer", "yes": False})


# -- command line ---------------------------------------------------------------------
def cli(*args):
    out = io.StringIO()
    with redirect_stdout(out):
        try:
            code = main(list(args))
        except SystemExit as e:   # bad arguments
            code = e.code
    return code, json.loads(out.getvalue())


def test_hint_command(tmp_path):
    s = next(p for p in positions(5, every=29) if p.phase == "play")
    path = tmp_path / "state.json"
    path.write_text(json.dumps(s.to_json()))
    code, out = cli("hint", "--state", str(path))
    assert code == 0 and set(out) == {"action", "reason"}
    assert is_legal(s, out["action"]) and out["reason"]
    assert cli("hint", "--state", str(tmp_path / "missing.json"))[0] == 2
    path.write_text('{"version": 1}')
    code, out = cli("hint", "--state", str(path))
    assert code == 2 and "error" in out


def test_review_command(tmp_path):
    s, planted = scripted_deal()
    path = tmp_path / "state.json"
    path.write_text(json.dumps(s.to_json()))
    code, out = cli("review", "--state", str(path), "--seat", "0")
    assert code == 0 and out["seat"] == 0 and len(out["mistakes"]) <= 3
    for m in out["mistakes"]:
        assert {"turn", "index", "done", "preferred", "cost", "reason"} <= set(m)
        assert m["cost"] > 0 and s.log[m["index"]]["seat"] == 0
    code, out = cli("review", "--state", str(path), "--seat", "9")
    assert code == 2 and out == {"error": "No such seat."}
    assert cli("review", "--state", str(path))[0] == 2
