"""Find and record the deal the guided first game is played on.

The lesson (ui/lesson/lesson.json) plants positions of one real deal: every seat
played by the ``normal`` bot from fixed seeds, the way the bots would play
it. ``--search N`` lists deal seeds up to N where South alone does each
thing the lesson teaches (opens the side's melds, adds to a meld, takes the
pile, picks up the knee, completes the book, reaches the foot, asks to go
out and goes out). ``--write SEED`` records that deal's action log in
ui/lesson/lesson.json with the lessons below (LESSONS); a lesson names positions by
how many of the log's actions lead to them, so re-check them
(tests/test_tutorial.py) after a new recording or a change of the lessons.

A lesson's words are templates: every seat, card and count they name is a
``{field}`` filled on the page from the planted position and its log
(ui.lesson.lesson.facts), so the words cannot disagree with the table.

    python3 -m scripts.make_lesson --search 1000
    python3 -m scripts.make_lesson --write 58
"""

import argparse
import json
import random
from pathlib import Path

import game
from game.bots import get_bot
from game.engine import book_status, restart

ROOT = Path(__file__).resolve().parent.parent
LESSON = ROOT / "ui" / "lesson" / "lesson.json"
PRESET, LEVEL, SOUTH = "triple-play", "normal", 0
OPTIONS = {"knee_reminder": True}  # the table options the lesson is shown with
MOMENTS = ("open", "add", "take", "knee", "book", "foot", "ask")


def step(tap, say, **more):
    return {"tap": tap, "say": say, **more}


# The lessons: each a position of the deal (``at``: actions of the log before
# it) and its taps; ``{times}`` is the step's own taps in words, the other
# fields are ui.lesson.lesson.facts.
LESSONS = [
    {"at": 3, "title": "Your first turn", "later": False, "steps": [
        step("draw", "Each turn starts with a draw. Tap Draw: {draw} from the stock.",
             expect="draw", teaches="drew"),
        step("pick:A", "Your side's first meld must be worth {minimum} or more. Aces count "
             "{value_A} each: tap your Aces {times}.", times=3, note="[data-fact=opening]"),
        step("meld", "{Held_A} Aces make {points_A}: tap Meld to lay them down.",
             expect="meld", teaches="opened"),
        step("pick:8", "A meld is {meld_min} or more cards of one rank. Tap your 8s {times}…",
             times=2),
        step("pick:2", "…and your 2s once: 2s and Jokers are wild, one at most in a meld of "
             "{meld_min} to 5."),
        step("meld", "Tap Meld: your side has a new meld of 8s.", expect="meld", teaches="melded"),
        step("pick:J", "A turn ends with one discard. Tap your Jack…"),
        step("discard", "…then Discard. The others play their turns.",
             expect="discard", teaches="discarded")]},
    {"at": 19, "title": "The knee", "later": True, "steps": [
        step("draw", "{canasta_by} made your side's first canasta ({canasta} cards of a rank). "
             "Tap Draw.", expect="draw", teaches="drew"),
        step("knee", "The first canasta opens your knee: tap Pick up knee ★ to add its {knee} "
             "to your hand.", expect="pick_up_knee", teaches="knee"),
        step("pick:8", "Your side has 8s on the table: tap your 8s {times}…", times=3),
        step("add-to:12", "…then tap your side's 8s meld to add them to it."),
        step("meld", "Tap Meld: {canasta} cards make a canasta.", expect="meld", teaches="added"),
        step("pick:J", "Tap a Jack…"),
        step("discard", "…and Discard it.", expect="discard", teaches="discarded")]},
    {"at": 32, "title": "Taking the pile", "later": True, "steps": [
        step("pick:T", "{thrower} discarded the {top} and you hold {top_held} clean {top_rank}: "
             "tap your {top_rank} {times}.", times=2),
        step("take", "Tap Take pile: the {top} joins your two as a meld, and the whole pile ("
             "{pile} here) is yours.", expect="take_pile", teaches="took_pile"),
        step("knock", "After taking the pile there is no discard: tap Knock to end your turn.",
             expect="knock", teaches="discarded")]},
    {"at": 43, "title": "The foot", "later": True, "steps": [
        step("draw", "Play out your hand to reach your foot. Tap Draw.",
             expect="draw", teaches="drew"),
        step("pick:7", "Your 7s canasta is complete, so new 7s start a new meld: tap your 7s "
             "{times}.", times=3),
        step("meld", "Tap Meld.", expect="meld", teaches="melded"),
        step("pick:Q", "Now your Queens: tap them {times}…", times=2),
        step("pick:2", "…and your 2 once."),
        step("meld", "Tap Meld: your hand is empty, so you pick up your foot, your last pile.",
             expect="meld", teaches="foot")]},
    {"at": 45, "title": "The book", "later": False, "steps": [
        step("pick:5", "Going out needs a book of canastas: clean 5s and 7s, a wild, a clean and "
             "a dirty one. {Missing}: tap your 5…", note=".side.mine .book"),
        step("add-to:11", "…and your 5s meld: {canasta} clean 5s."),
        step("pick:2", "Tap your 2…"),
        step("add-to:13", "…and your 6s meld: a dirty canasta."),
        step("meld", "Tap Meld to complete the book.", expect="meld", teaches="book"),
        step("pick:3b", "A black 3 on the pile stops the next player taking it: tap your "
             "black 3…"),
        step("discard", "…and Discard it.", expect="discard", teaches="discarded")]},
    {"at": 117, "title": "Going out", "later": True, "steps": [
        step("draw", "You are in your foot and the book is complete. Tap Draw.",
             expect="draw", teaches="drew"),
        step("ask", "Going out needs your partner's yes: tap Ask to go out. {partner}'s answer "
             "binds you.", expect="ask_to_go_out", teaches="asked"),
        step("pick:9", "{partner} said yes: play every card. Tap your 9…"),
        step("add-to:20", "…and your side's 9s meld."),
        step("pick:K", "Tap your King…"),
        step("add-to:10", "…and your side's Kings."),
        step("meld", "Tap Meld.", expect="meld", teaches="added"),
        step("pick:5", "Tap your last card…"),
        step("discard", "…and Discard it: you go out and the deal ends.",
             expect="discard", teaches="went_out")]},
]


def play_deal(seed: int) -> game.GameState:
    """The first deal of ``seed`` played by the bot at every seat (its rng seeded with ``seed``)."""
    state = game.new_game(PRESET, seed=seed, players=4, bots=[None] + [LEVEL] * 3)
    bot, rng = get_bot(LEVEL), random.Random(seed)
    while state.to_move() is not None:
        seat = state.to_move()
        game.apply(state, bot(game.observe(state, seat), seat, rng))
    return state


def moments(state: game.GameState) -> dict:
    """{moment: index in the log of South's first action that shows it}."""
    fresh, found = restart(state), {}
    for i, action in enumerate(state.log):
        side, piles = fresh.sides[SOUTH], len(fresh.players[SOUTH].piles)
        opened, book = side.opened, book_status(fresh, SOUTH)
        game.apply(fresh, action)
        if action.get("seat") != SOUTH:
            continue
        kind = action["type"]
        seen = {"open": not opened and side.opened,
                "add": kind == "meld" and any("to" in p for p in action["melds"]),
                "take": kind == "take_pile", "knee": kind == "pick_up_knee",
                "book": bool(book) and not book_status(fresh, SOUTH),
                "foot": piles == 1 and not fresh.players[SOUTH].piles,
                "ask": kind == "ask_to_go_out"}
        for name, yes in seen.items():
            if yes:
                found.setdefault(name, i)
    return found


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    group = ap.add_mutually_exclusive_group(required=True)
    group.add_argument("--search", type=int, metavar="N", help="list the seeds up to N that fit")
    group.add_argument("--write", type=int, metavar="SEED", help="record this deal")
    args = ap.parse_args(argv)
    if args.search:
        for seed in range(1, args.search + 1):
            state = play_deal(seed)
            found = moments(state)
            if state.went_out == SOUTH and all(m in found for m in MOMENTS):
                print(seed, len(state.log), " ".join(f"{m}@{found[m]}" for m in MOMENTS))
        return
    state = play_deal(args.write)
    head = {"preset": PRESET, "seed": args.write, "bots": LEVEL, "options": OPTIONS,
            "lessons": LESSONS}
    head = json.dumps(head, indent=1, ensure_ascii=False)
    log = ",\n  ".join(json.dumps(action) for action in state.log)  # one action a line
    LESSON.write_text(head[:-2] + f',\n "log": [\n  {log}\n ]\n}}\n', encoding="utf-8")
    print(f"recorded deal {args.write}: {len(state.log)} actions in {LESSON.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
