"""Games of ``normal`` bots walked decision by decision, for the bench
scripts that try other moves at real decisions (decisions.py, fit_discard.py)."""

import argparse
import random
from concurrent.futures import ProcessPoolExecutor

from game.bots import fitted
from game.bots.normal import Normal
from game.deal import new_game
from game.engine import apply
from game.presets import get_preset
from game.view import observe

NORMAL = Normal()


def normal_decisions(preset: str, seed: int, game: int):
    """Yields (state, seat, view, normal's action, rng) at every decision of
    game number ``game``; the action is played once the caller is done."""
    rules = get_preset(preset)
    state = new_game(rules, seed=seed * 1_000_003 + game, bots=["normal"] * rules.players)
    rng = random.Random(game)
    while state.phase != "game_end":
        if state.phase == "deal_end":
            apply(state, {"type": "next_deal"})
            continue
        seat = state.to_move()
        obs = observe(state, seat)
        action = NORMAL.choose(obs, seat)
        yield state, seat, obs, action, rng
        apply(state, action)


def opponent_discards(preset: str, games: range, seed: int, share: float):
    """``normal_decisions`` of each game in ``games``, only at a ``share`` of
    the discards made before an opponent's turn (the ones that can feed it)."""
    for g in games:
        for state, seat, obs, action, rng in normal_decisions(preset, seed, g):
            nxt = (seat + 1) % state.num_players
            if action["type"] == "discard" and state.side_of(nxt) != state.side_of(seat) \
                    and rng.random() < share:
                yield state, seat, obs, action, rng


def arguments(doc: str, games: int, seed: int, share: float, share_help: str) -> argparse.Namespace:
    """The command line of a script built on ``collect_all``."""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("--games", type=int, default=games)
    ap.add_argument("--seed", type=int, default=seed)
    ap.add_argument("--share", type=float, default=share, help=share_help)
    ap.add_argument("--preset", default="triple-play")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--write", action="store_true", help=fitted.WRITE_HELP)
    return ap.parse_args()


def collect_all(collect, a: argparse.Namespace) -> list:
    """``collect(preset, games, seed, share)``'s rows, the games shared out over ``a.jobs`` processes."""
    with ProcessPoolExecutor(a.jobs) as pool:
        parts = pool.map(collect, [a.preset] * a.jobs, [range(j, a.games, a.jobs) for j in range(a.jobs)],
                         [a.seed] * a.jobs, [a.share] * a.jobs)
        return [row for part in parts for row in part]
