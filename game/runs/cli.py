"""Command line: ``python -m game {new,legal,apply,score,simulate,tournament,hint,review} ...``.

Every command prints JSON on stdout (a tournament's wall times go to
stderr: its stdout is the same on any machine). A refused action or a bad
input prints ``{"error": "..."}`` and exits with status 2.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys

from game.advice.coach import review
from game.advice.hints import hint
from game.deal import new_game
from game.engine import apply
from game.errors import IllegalMove, RulesError, StateError
from game.load import MAX_TEXT, one_line, read_json
from game.moves import legal_actions, meld_options
from game.names import Phase
from game.presets import DEFAULT_PRESET
from game.runs.simulate import simulate
from game.runs.tournament import tournament
from game.scoring import deal_breakdown
from game.state import GameState

MAX_ACTION = 20_000  # characters of --action; a real one is under 300


def _load_state(path: str) -> GameState:
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_TEXT + 1)
    except OSError as e:
        raise StateError(f"Cannot read the state file: {e.strerror}.") from None
    return GameState.from_json(read_json(raw, "The state file"))


def _print(obj) -> None:
    json.dump(obj, sys.stdout, indent=1)
    sys.stdout.write("\n")


def cmd_new(a) -> None:
    _print(new_game(a.preset, seed=a.seed, players=a.players).to_json())


def cmd_legal(a) -> None:
    state = _load_state(a.state)
    seat = state.to_move()
    out = {"to_move": seat, "phase": state.phase, "actions": legal_actions(state)}
    if seat is not None and state.phase == Phase.PLAY:
        out["meld_options"] = meld_options(state, seat)
    _print(out)


def cmd_apply(a) -> None:
    state = _load_state(a.state)
    try:
        action = read_json(a.action, "The action", MAX_ACTION)
    except StateError as e:
        raise IllegalMove(str(e)) from None
    apply(state, action)
    _print(state.to_json())


def cmd_score(a) -> None:
    state = _load_state(a.state)
    _print({"deal": state.deal, "sides": deal_breakdown(state),
            "totals_before_deal": [s.total for s in state.sides]})


def cmd_simulate(a) -> None:
    out = simulate(a.preset, a.games, a.seed, a.bots.split(","), a.players)
    _print(out)


def cmd_tournament(a) -> None:
    out = tournament(a.preset, *a.bots.split(",", 1), a.games, a.seed, a.jobs)
    print(json.dumps(out.pop("timing")), file=sys.stderr)
    _print(out)


def cmd_hint(a) -> None:
    state = _load_state(a.state)
    seat = state.to_move()
    if seat is None:
        raise IllegalMove("The deal is over: no one is to move.")
    advice = hint(state, seat)
    _print({"action": advice.action, "reason": advice.reason})


def cmd_review(a) -> None:
    state = _load_state(a.state)
    mistakes = review(state, a.seat)
    _print({"seat": a.seat, "mistakes": [dataclasses.asdict(m) for m in mistakes]})


class _Parser(argparse.ArgumentParser):
    """Bad arguments are reported like every other refusal: JSON, status 2."""

    def error(self, message):
        _print({"error": one_line(f"Bad arguments: {message}")})
        sys.exit(2)


def parser() -> argparse.ArgumentParser:
    ap = _Parser(prog="python -m game", description="Triple Play rules engine.")
    sub = ap.add_subparsers(dest="command", required=True)
    p = sub.add_parser("new", help="print a fresh game state")
    p.add_argument("--preset", default=DEFAULT_PRESET)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--players", type=int)
    p.set_defaults(func=cmd_new)
    p = sub.add_parser("legal", help="legal actions of the player to move")
    p.add_argument("--state", required=True)
    p.set_defaults(func=cmd_legal)
    p = sub.add_parser("apply", help="apply one action, print the new state")
    p.add_argument("--state", required=True)
    p.add_argument("--action", required=True)
    p.set_defaults(func=cmd_apply)
    p = sub.add_parser("score", help="the current deal's score breakdown")
    p.add_argument("--state", required=True)
    p.set_defaults(func=cmd_score)
    p = sub.add_parser("simulate", help="bot-against-bot games")
    p.add_argument("--preset", default=DEFAULT_PRESET)
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--bots", default="random")
    p.add_argument("--players", type=int)
    p.set_defaults(func=cmd_simulate)
    p = sub.add_parser("tournament", help="duplicate games of bot A (seats 0, 2) against bot B")
    p.add_argument("--preset", default=DEFAULT_PRESET)
    p.add_argument("--bots", default="normal,easy",
                   help="A,B; a side of two bots joins them with + (hard+normal: hard, its partner normal)")
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--jobs", type=int, default=1, help="processes to play on")
    p.set_defaults(func=cmd_tournament)
    p = sub.add_parser("hint", help="what hard would do for the player to move, and why")
    p.add_argument("--state", required=True)
    p.set_defaults(func=cmd_hint)
    p = sub.add_parser("review", help="a seat's costliest decisions in the last finished deal")
    p.add_argument("--state", required=True)
    p.add_argument("--seat", type=int, required=True)
    p.set_defaults(func=cmd_review)
    return ap


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        args.func(args)
    except (IllegalMove, RulesError, StateError) as e:
        _print({"error": one_line(e)})
        return 2
    except (Exception, MemoryError) as e:  # whatever the input, a message and never a traceback
        _print({"error": f"This input cannot be processed ({type(e).__name__})."})
        return 2
    return 0
