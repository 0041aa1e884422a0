"""game.moves.legal_summary: which turn actions a seat may take now, with the
engine's reason for each it may not (the page's controls ask it instead of
re-deriving the rules)."""

import random

import pytest

from game import apply, check, legal_actions, new_game, observe
from game.bots import get_bot
from game.errors import IllegalMove
from game.moves import SUMMARY, legal_summary
from game.names import Act, Phase
from game.presets import PRESETS


def positions(preset: str, seed: int, every: int = 3):
    """States along a game of random bots, every ``every`` actions."""
    state = new_game(preset, seed=seed, bots=["random"] * PRESETS[preset].players)
    bot, rng = get_bot("random"), random.Random(seed)
    for n in range(600):
        if state.phase == Phase.GAME_END:
            return
        if state.phase == Phase.DEAL_END:
            apply(state, {"type": Act.NEXT_DEAL})
            continue
        if n % every == 0:
            yield state
        seat = state.to_move()
        apply(state, bot(observe(state, seat), seat, rng))


@pytest.mark.parametrize("preset", ["triple-play", "hand-and-foot", "brouillette"])
def test_a_summary_entry_is_legal_exactly_when_a_legal_action_of_its_type_exists(preset):
    for state in positions(preset, seed=5):
        seat = state.to_move()
        summary = legal_summary(observe(state, seat), seat)
        assert set(summary) == set(SUMMARY)
        legal_types = {a["type"] for a in legal_actions(state)}
        for kind, reason in summary.items():
            assert (reason is None) == (kind in legal_types), (kind, reason, state.phase)
            assert reason is None or (reason and "\n" not in reason)


def test_each_refusal_is_the_engines_reason_for_that_move():
    """The knee and the ask, as the page greys them out (the action bar, ui/controller.py draw_bar)."""
    seen = 0
    for state in positions("triple-play", seed=8, every=1):
        seat = state.to_move()
        summary = legal_summary(state, seat)
        for kind in (Act.PICK_UP_KNEE, Act.ASK, Act.KNOCK):
            try:
                check(state, {"type": kind})
                expected = None
            except IllegalMove as e:
                expected = str(e)
            assert summary[kind] == expected
            seen += expected is None
    assert seen, "some knee, ask or knock was legal along the game"


def test_a_seat_not_to_move_may_do_nothing_and_is_told_whose_move_it_is():
    state = new_game("triple-play", seed=1)
    other = (state.to_move() + 1) % state.num_players
    summary = legal_summary(state, other)
    mover = state.players[state.to_move()].name
    assert set(summary.values()) == {f"It is {mover}'s move, not {state.players[other].name}'s."}


def test_before_the_draw_only_the_stock_or_the_pile_is_offered():
    state = new_game("triple-play", seed=2)
    summary = legal_summary(state, state.to_move())
    assert summary[Act.DRAW] is None
    assert summary[Act.MELD] == "Draw before melding."
    assert summary[Act.DISCARD] == "Draw before discarding."
    assert summary[Act.KNOCK] == "Draw before ending your turn."
