"""A reopened game's log: the saved lines stand when they are the whole deal.

ui.table.deal_log.complete decides, without replaying the game, whether the lines
a save kept are the whole current deal; only when they are not does the Log
panel replay the game (ui.settings.panels.Panels.panel_log).
"""

import game
from game.engine import restart
from game.words import narrate
from game.words.reasons import said, with_said
from tests.helpers import play
from ui.table import deal_log


def replayed_to(seed, steps):
    state = game.new_game("triple-play", seed=seed, bots=[None, "normal", "normal", "normal"])
    for action, *_ in steps:
        game.apply(state, action)
    return state


def test_live_lines_are_complete_in_deal_one_and_later_deals():
    for deals in (1, 2):
        state, steps, lines = play(seed=8, deals=deals)
        assert deal_log.complete(state, lines)
        assert deal_log.complete(state, deal_log.deal_lines(state, 0))
        cut = len(steps) - 7  # mid-deal: the lines the live log had then
        partial = replayed_to(8, steps[:cut])
        assert deal_log.complete(partial, deal_log.deal_lines(partial, 0))


def test_kept_tail_link_line_or_extra_line_is_not_complete():
    state, _, lines = play(seed=8, deals=2)
    assert len(lines) > 2
    assert not deal_log.complete(state, lines[1:])            # a save keeps the last lines
    assert not deal_log.complete(state, lines[:-1])
    link = "Opened from a shared link: Triple Play, deal 2."
    assert not deal_log.complete(state, [link] + lines[1:])
    assert not deal_log.complete(state, lines + ["South drew 2 cards"])
    assert not deal_log.complete(state, [])
    fresh = game.new_game("triple-play", seed=8)
    assert deal_log.complete(fresh, [deal_log.first_line(fresh)])
    assert not deal_log.complete(fresh, ["Opened from a shared link: Triple Play, deal 1."])


def test_the_lines_are_those_the_seat_shown_saw():
    """Pass-and-play: the deal's lines from North's views name North "You", as
    the page writes them live while it shows North."""
    state, _, _ = play(seed=8, deals=2)
    fresh = restart(state)
    start = state.deal_start() - 1  # the next_deal that began deal 2
    for action in state.log[:start]:
        game.apply(fresh, action)
    live = []
    for action in state.log[start:]:
        before = game.view(fresh, 2, log=False)
        words = said(fresh, fresh.to_move(), action)  # the bots' reasons, as the board gives them
        game.apply(fresh, action)
        after = with_said(game.view(fresh, 2, log=False), words)
        live.append(narrate.summarize(action, action.get("seat", 2), before, after))
    north = deal_log.deal_lines(state, 2)
    assert north == live and deal_log.complete(state, north)
    assert north != deal_log.deal_lines(state, 0) and any(line.startswith("You ") for line in north)
