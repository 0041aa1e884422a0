"""What each player did since your last turn: game.words.narrate's turn lines,
checked against the engine's log (game.runs.replay.steps), for a seeded deal of
normal bots and planted turns (a pile take that picks up the knee, a draw
of red 3s)."""

import random

import pytest

import game
from game.bots import get_bot
from game.runs import replay
from game.words import narrate
from tests.helpers import position
from ui.core import motion_steps as MV

BOTS = [None, "normal", "normal", "normal"]
SEED = 12  # deal 1 holds a pile take by West that makes canastas and picks up the knee


def seeded_deal(seed=SEED):
    """Deal 1 of a seeded game, every seat played by normal bots, as steps of seat 0's views."""
    state = game.new_game("triple-play", seed=seed, bots=BOTS)
    rng = random.Random(seed)
    while state.phase == "play" or state.phase in ("draw", "answer"):
        seat = state.to_move()
        game.apply(state, get_bot("normal")(game.observe(state, seat), seat, rng))
    return replay.steps(game.new_game("triple-play", seed=seed, bots=BOTS), state.log, 0)


def test_turns_group_a_seats_actions_and_answers_join_the_asker():
    steps = seeded_deal()
    grouped = narrate.turns(steps)
    assert [step for _, turn in grouped for step in turn] == steps
    for (seat, turn), (following, _) in zip(grouped, grouped[1:]):
        assert seat != following
        assert all(s == seat or a["type"] == "answer" for a, s, *_ in turn)


def test_each_turn_line_says_what_the_log_did():
    """Every bot turn of the deal: how it began, the canastas made, the piles
    picked up, the discard, and the side's jump in table points."""
    steps = seeded_deal()
    pile_and_knee = 0
    for seat, turn in narrate.turns(steps):
        line = narrate.turn_line(seat, turn)
        before, after = turn[0][2], turn[-1][3]
        side = before["players"][seat]["side"]
        assert line.startswith(narrate.seat_name(before, seat) + " ") and line.endswith("."), line
        assert "…" not in line
        kinds = [a["type"] for a, *_ in turn]
        if kinds[0] == "take_pile":
            assert f"took the {len(before['discard'])}-card pile" in line, line
        for action, *_ in turn:
            if action["type"] == "discard":
                assert f"discarded {game.cards.label(action['card'])}" in line, line
        was = {m["id"] for m in before["sides"][side]["melds"] if m["canasta"]}
        for meld in after["sides"][side]["melds"]:
            if meld["canasta"] and meld["id"] not in was:
                assert narrate.meld_rank_label(meld["rank"]) in line.split("made ")[1], line
        picked = len(before["players"][seat]["pile_counts"]) - len(after["players"][seat]["pile_counts"])
        if after["deal"] == before["deal"] and after["went_out"] is None:
            assert line.count("picked up the ") == picked, line
        jump = after["sides"][side]["table_points"] - before["sides"][side]["table_points"]
        if jump and after["phase"] == "play":
            sign = "+" if jump > 0 else "−"
            assert f": {narrate.side_name(after, side)} {sign}{abs(jump):,}" in line, line
        elif after["phase"] == "play":
            assert ": " not in line.split("(")[-1], line
        if kinds[0] == "take_pile" and picked and seat != 0:
            pile_and_knee += 1
            assert "picked up the knee" in line
    assert pile_and_knee, "the seeded deal should hold a bot's pile take with the knee"


def test_a_pile_take_that_makes_a_canasta_and_picks_up_the_knee():
    state = position(hands={1: "KH KD 7C 8D 9H TC JD QS 5C 6D 4H"}, melds={1: [("K", "KS KH KD KC")]},
                     discard="5C 9D KS", turn=1)
    steps = replay.steps(state, [{"type": "take_pile", "melds": [{"to": 1, "cards": ["KH", "KD"]}]}], 0)
    assert narrate.turn_line(1, steps) == ("West took the 3-card pile, added to the Kings, made a canasta "
                                          "of Kings and picked up the knee: Them +530.")
    assert narrate.turn_line(1, steps, brief=True) == ("West took the 3-card pile, melded 3 cards, made 1 canasta "
                                                      "and picked up the knee: Them +530.")
    assert narrate.changed_melds(steps) == {1: 3}
    assert narrate.turn_line(1, steps, number=lambda n: f"<{n}>").endswith("Them +<530>.")


def test_a_draw_of_red_threes_says_them_and_flies_them_to_their_side():
    state = position(hands={0: "AS AH 7C 8D 9H TC JD QS 5C 6D 4H 4S 8C 9C JH"}, stock_top="3H 3D 9C 9S")
    steps = replay.steps(state, [{"type": "draw"}], 0)
    action, seat, before, after = steps[0]
    said = "You drew 4 cards (2 red 3s laid, replaced by 2 more)"
    assert narrate.summarize(action, seat, before, after) == said + "."
    assert narrate.turn_line(0, steps) == said + ": Us +200."
    assert narrate.turn_line(0, steps, brief=True) == "You drew 4 cards (2 red 3s laid): Us +200."
    flights = [m for m in MV.moves(action, seat, before, after) if m.get("to", [""])[0] == "#red3-side-0"]
    assert sorted(m["card"] for m in flights) == sorted(["3♦", "3♥"])
    banner = next(m for m in MV.moves(action, seat, before, after) if m.get("tone") == "red3")
    assert banner["banner"] == "You lay 2 red 3s" and banner["at"][0] == "#red3-side-0"


def test_since_last_turn_shows_the_others_then_your_own_turn():
    steps = seeded_deal()
    grouped = narrate.turns(steps)
    mine = [i for i, (seat, _) in enumerate(grouped) if seat == 0]
    first, second = mine[0], mine[1]
    # just before your second turn: the three turns after your first
    before_second = [s for _, turn in grouped[:second] for s in turn]
    assert [seat for seat, _ in narrate.since_last_turn(before_second, 0)] == [1, 2, 3]
    # once you have drawn: your own turn so far
    drawn = before_second + grouped[second][1][:1]
    assert [(seat, len(turn)) for seat, turn in narrate.since_last_turn(drawn, 0)] == [(0, 1)]
    assert narrate.since_last_turn([s for _, turn in grouped[:first] for s in turn], 0) == grouped[:first]


def test_changed_melds_are_the_new_and_the_grown():
    steps = seeded_deal()
    turn = next(t for seat, t in narrate.turns(steps) if seat == 1 and any(a["type"] == "meld" for a, *_ in t))
    changed = narrate.changed_melds(turn)
    before, after = turn[0][2], turn[-1][3]
    was = {m["id"]: len(m["cards"]) for s in before["sides"] for m in s["melds"]}
    for meld in after["sides"][1]["melds"]:
        if meld["id"] not in was:
            assert changed[meld["id"]] == "new"
        elif len(meld["cards"]) > was[meld["id"]]:
            assert changed[meld["id"]] == len(meld["cards"]) - was[meld["id"]]
        else:
            assert meld["id"] not in changed
    assert changed


def test_the_turns_since_yours_are_rebuilt_from_the_log_at_any_point():
    """A reloaded page shows the recap it showed before: at every point of a
    seeded game (two deals, the second partly played), the steps rebuilt from
    the log are those the page kept while playing (each action's steps from
    the start of seat 0's last turn in the current deal)."""
    state = game.new_game("triple-play", seed=SEED, bots=BOTS)
    rng = random.Random(SEED)
    kept = []
    while state.deal < 3:
        seat = state.to_move()
        if seat is None:  # a deal's end: the next deal's first tap, kept by no step
            game.apply(state, {"type": "next_deal"})
            kept = []
        else:
            action = get_bot("normal")(game.observe(state, seat), seat, rng)
            step = replay.steps(state, [action], 0)[0]
            game.apply(state, action)
            step = (state.log[-1], *step[1:])  # the action as logged (with its seat)
            grouped = narrate.turns(kept + [step])
            mine = [i for i, (who, _) in enumerate(grouped) if who == 0]
            kept = [s for _, turn in grouped[mine[-1] if mine else 0:] for s in turn]
        if len(state.log) % 7 == 0 or seat is None:
            assert replay.since_turn_of(state, 0) == kept, len(state.log)
    assert state.deal == 3


def test_a_position_its_log_does_not_lead_to_has_no_rebuilt_turns():
    """A hand-built position (as the tests plant): a log that does not replay,
    or that replays to other cards, is refused rather than told wrong."""
    planted = position(hands={0: "9S 9H 9D 4C"}, phase="play")
    with pytest.raises(game.StateError, match="does not replay to this position"):
        replay.since_turn_of(planted, 0)
    game.apply(planted, {"type": "discard", "card": "4C"})
    with pytest.raises(game.StateError, match="does not replay"):
        replay.since_turn_of(planted, 0)
