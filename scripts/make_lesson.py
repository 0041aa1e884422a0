"""Find and record the deal the guided first game is played on.

The lesson (ui/lesson.json) plants positions of one real deal: every seat
played by the ``normal`` bot from fixed seeds, the way the bots would play
it. ``--search N`` lists deal seeds up to N where South alone does each
thing the lesson teaches (opens the side's melds, adds to a meld, takes the
pile, picks up the knee, completes the book, reaches the foot, asks to go
out and goes out). ``--write SEED`` records that deal's action log in
ui/lesson.json, keeping its lessons; a lesson names positions by how many of
the log's actions lead to them, so re-check them (tests/test_tutorial.py)
after a new recording.

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
LESSON = ROOT / "ui" / "lesson.json"
PRESET, LEVEL, SOUTH = "triple-play", "normal", 0
MOMENTS = ("open", "add", "take", "knee", "book", "foot", "ask")


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
    data = json.loads(LESSON.read_text(encoding="utf-8")) if LESSON.exists() else {"lessons": []}
    head = {"preset": PRESET, "seed": args.write, "bots": LEVEL,
            "options": data.get("options", {}), "lessons": data["lessons"]}
    head = json.dumps(head, indent=1, ensure_ascii=False)
    log = ",\n  ".join(json.dumps(action) for action in state.log)  # one action a line
    LESSON.write_text(head[:-2] + f',\n "log": [\n  {log}\n ]\n}}\n', encoding="utf-8")
    print(f"recorded deal {args.write}: {len(state.log)} actions in {LESSON.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
