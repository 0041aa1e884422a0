"""The guided first game's script (ui/lesson/lesson.json) replayed through the engine:
every tap makes the action it claims, legal in its position, and teaches
what it says; the stored progress is read strictly."""

import importlib.util
import random
import re
import string
from pathlib import Path

import pytest

import game
from game import cards as C
from game import melds as M
from game.advice.hints import count_word
from game.bots import get_bot
from game.engine import book_status
from game.english import plural
from ui.core.selection import Selection
from ui.lesson import lesson as L
from ui.table import deal_log

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = L.load()
SOUTH = 0


def make_lesson_script():
    path = ROOT / "scripts" / "make_lesson.py"
    spec = importlib.util.spec_from_file_location("make_lesson", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def hand_of(state):
    return game.view(state, SOUTH, log=False)["hand"]


def tap_action(cmd, arg, sel, hand):
    """What the page's control sends for one tap (ui/controller.py's do_*);
    None for a tap that only selects or stages cards."""
    if cmd == "pick":
        assert sel.cards_of(hand, arg), f"no {arg} chip in the hand"
        sel.tap(hand, arg)
        return None
    if cmd == "add-to":
        assert sel.stage(hand, to=int(arg)) is not None, "nothing selected to add"
        return None
    if cmd == "discard":
        cards = sel.selected_cards(hand)
        assert len(cards) == 1, "Discard needs exactly one selected card"
        return {"type": "discard", "card": cards[0]}
    simple = {"draw": "draw", "knock": "knock", "knee": "pick_up_knee", "ask": "ask_to_go_out"}
    if cmd in simple:
        return {"type": simple[cmd]}
    kind = {"take": "take_pile", "meld": "meld"}[cmd]
    return {"type": kind, "melds": sel.placements(hand)}


def answers(state, rng):
    """The partner's answer, by the lesson's bots, as the page runs them."""
    bot = get_bot(SCRIPT["bots"])
    while state.phase == "answer":
        seat = state.to_move()
        game.apply(state, bot(game.observe(state, seat), seat, rng))


def facts(state):
    side = state.sides[SOUTH]
    return {"hand": len(hand_of(state)), "piles": len(state.players[SOUTH].piles),
            "opened": side.opened, "melds": {m.id: len(m.cards) for m in side.melds},
            "book": book_status(state, SOUTH),
            "to_move": state.to_move(), "draw": state.rules.draw_count}


TEACHES = {
    "drew": lambda b, a, s: a["hand"] == b["hand"] + b["draw"],
    "opened": lambda b, a, s: not b["opened"] and a["opened"],
    "melded": lambda b, a, s: len(a["melds"]) > len(b["melds"]),
    "added": lambda b, a, s: any(a["melds"][i] > n for i, n in b["melds"].items()),
    "knee": lambda b, a, s: (b["piles"], a["piles"]) == (2, 1),
    "took_pile": lambda b, a, s: s.took_pile and not s.discard,
    "foot": lambda b, a, s: (b["piles"], a["piles"]) == (1, 0) and a["hand"] > 0,
    "book": lambda b, a, s: b["book"] and not a["book"],
    "discarded": lambda b, a, s: a["to_move"] != SOUTH,
    "asked": lambda b, a, s: s.permission is True,
    "went_out": lambda b, a, s: s.went_out == SOUTH and s.phase in ("deal_end", "game_end"),
}


def play_lesson(index):
    """Play one lesson's taps from its position; yields (step, action, before, after, state)."""
    state = L.position(SCRIPT, index)
    rng = random.Random(SCRIPT["seed"])  # the page seeds the bots so when it plants a lesson
    sel = Selection()
    for step in SCRIPT["lessons"][index]["steps"]:
        cmd, arg = L.split(step["tap"])
        before = facts(state)
        action = None
        for _ in range(step.get("times", 1)):
            assert state.to_move() == SOUTH
            action = tap_action(cmd, arg, sel, hand_of(state))
        if action is not None:
            game.apply(state, action)  # an illegal move fails here with the engine's reason
            if cmd not in ("knee", "ask"):
                sel.clear()
            answers(state, rng)
        yield step, action, before, facts(state), state


@pytest.mark.parametrize("index", range(len(SCRIPT["lessons"])))
def test_each_lesson_replays_legally_and_teaches_what_it_claims(index):
    assert L.position(SCRIPT, index).to_move() == SOUTH
    for step, action, before, after, state in play_lesson(index):
        assert (action or {}).get("type") == step.get("expect"), step["tap"]
        if "teaches" in step:
            taught = TEACHES[step["teaches"]](before, after, state)
            assert taught, f"{step['tap']} does not teach {step['teaches']}"


def test_the_lesson_covers_every_moment_of_the_brief():
    taught = [s.get("teaches") for lesson in SCRIPT["lessons"] for s in lesson["steps"]]
    assert set(taught) - {None} == set(TEACHES)


def test_a_lesson_that_goes_on_in_the_same_turn_starts_where_the_last_one_ended():
    for index, lesson in enumerate(SCRIPT["lessons"]):
        if index == 0 or lesson["later"]:
            continue
        *_, (_, _, _, _, ended) = play_lesson(index - 1)
        planted = L.position(SCRIPT, index)
        assert sorted(hand_of(ended)) == sorted(hand_of(planted))
        assert [(m.rank, sorted(m.cards)) for m in ended.sides[SOUTH].melds] == \
               [(m.rank, sorted(m.cards)) for m in planted.sides[SOUTH].melds]


def test_the_recorded_deal_is_the_bots_play_of_its_seed():
    state = make_lesson_script().play_deal(SCRIPT["seed"])
    assert state.log == SCRIPT["log"]


def test_every_tap_names_a_control_to_point_at():
    for index, lesson in enumerate(SCRIPT["lessons"]):
        melds = {m.id: m.rank for m in L.position(SCRIPT, index).sides[SOUTH].melds}
        for step in lesson["steps"]:
            words, selector = L.control(step["tap"], melds)
            assert words and selector.startswith("#")


@pytest.mark.parametrize("text", [
    None, "", "garbage", "[", '{"lesson": 99}', '{"lesson": -1}', '{"lesson": true}',
    '{"lesson": 1.0}', '{"lesson": "1"}', '{"lesson": 1, "x": 2}', "[" * 5000 + "]" * 5000,
    '{"lesson": 1' + " " * 300 + "}", '{"lesson": 1e999}', "\udcff"])
def test_a_corrupt_progress_value_means_start_over(text):
    assert L.read_progress(text, len(SCRIPT["lessons"])) is None


def test_a_stored_progress_value_is_read_back():
    n = len(SCRIPT["lessons"])
    assert [L.read_progress(L.progress_text(i), n) for i in range(n)] == list(range(n))


# -- the words against the table ------------------------------------------------------
SEAT_NAMES = ("South", "West", "North", "East")


def seen_facts(index):
    """What lesson ``index``'s words may name, found as the player finds it:
    in the page's log lines of the deal so far and South's view (after the
    lesson's draw for the hand, when it begins with one), not through
    ui.lesson.lesson.facts."""
    state = L.position(SCRIPT, index)
    v = game.view(state, SOUTH, log=False)
    lines = deal_log.deal_lines(state, SOUTH)
    me = v["players"][SOUTH]
    mine = v["sides"][v["my_side"]]
    mates = [p["name"] for p in v["players"] if p["side"] == v["my_side"] and p["seat"] != SOUTH]
    names = ["You"] + mates
    # the first canasta opens the knee of the player who made it, in the same line
    knee_lines = [line.split()[0] for line in lines
                  if "picked up the knee" in line and line.split()[0] in names]
    missing = len(mine["book_missing"])
    out = {"partner": mates[0], "minimum": str(mine["opening_minimum"]),
           "meld_min": str(state.rules.meld_min), "canasta": str(state.rules.canasta_size),
           "pile": plural(len(v["discard"]), "card"),
           "Missing": f"{plural(missing, 'canasta', count_word).capitalize()} "
                      f"{'is' if missing == 1 else 'are'} missing"}
    if knee_lines:
        out["canasta_by"] = "You" if knee_lines[0] == "You" else knee_lines[0]
    if len(me["pile_counts"]) == 2:
        out["knee"] = plural(me["pile_counts"][0], "card")
    thrown = [line for line in lines if re.fullmatch(r"\w+ discarded \S+\.", line)]
    if thrown and v["discard"]:
        who, _, card = thrown[-1][:-1].split()
        top = v["discard"][-1]
        assert C.label(top) == card, "the pile's top is the last card the log says was thrown"
        out |= {"thrower": who, "top": card, "top_rank": C.rank_label(C.rank(top)),
                "top_held": count_word(sum(C.rank(c) == C.rank(top) for c in v["hand"]))}
    hand = v["hand"]
    if SCRIPT["lessons"][index]["steps"][0].get("expect") == "draw":
        drawn = state.clone()
        game.apply(drawn, {"type": "draw"})
        hand = hand_of(drawn)
        out["draw"] = plural(len(hand) - len(v["hand"]), "card")
    for card in hand:
        same = [c for c in hand if C.rank(c) == C.rank(card)]
        out |= {f"Held_{C.rank(card)}": count_word(len(same)).capitalize(),
                f"value_{C.rank(card)}": str(M.card_value(card)),
                f"points_{C.rank(card)}": str(sum(map(M.card_value, same)))}
    return out


def fields(template):
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("index", range(len(SCRIPT["lessons"])))
def test_every_seat_card_and_count_a_lesson_names_is_the_tables(index):
    """Lesson 3 once said "West threw a 10" where the log said East discarded
    10♦: the words name no seat or card of their own, only fields, and each
    field filled on the page is what the log and the view show."""
    known, seen = L.facts(SCRIPT, index), seen_facts(index)
    for step in SCRIPT["lessons"][index]["steps"]:
        template = step["say"]
        assert not [w for w in SEAT_NAMES if w in template], template
        assert not set(template) & set(C.SUIT_SYMBOLS.values()), template
        for name in fields(template) - {"times"}:
            assert name in seen, f"{template!r}: {name} is not on the table"
            assert known[name] == seen[name], f"{template!r}: {name}"
        assert L.say(step, known) == template.format(times=L.times_words(step.get("times", 1)),
                                                     **seen)


def test_lesson_3_names_the_player_who_threw_the_pile_top():
    index = next(i for i, lesson in enumerate(SCRIPT["lessons"]) if lesson["title"] == "Taking the pile")
    first = L.say(SCRIPT["lessons"][index]["steps"][0], L.facts(SCRIPT, index))
    thrower = next(a for a in reversed(SCRIPT["log"][:SCRIPT["lessons"][index]["at"]])
                   if a["type"] == "discard")
    assert first.startswith(f"{SEAT_NAMES[thrower['seat']]} discarded the {C.label(thrower['card'])} ")
