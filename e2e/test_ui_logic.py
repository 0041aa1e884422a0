"""The page's plain-Python parts, without a browser: hand chips and staging,
log summaries, and the element trees render.py builds (text only, never
markup)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import game  # noqa: E402
from ui import render  # noqa: E402
from ui import text as T  # noqa: E402
from ui.html import Node  # noqa: E402
from ui.selection import Selection  # noqa: E402

HAND = ["KS", "KH", "KD", "9C", "2H", "JK", "3S", "3H"]


def test_chip_taps_cycle_all_then_fewer_then_none():
    sel = Selection()
    assert [(k, n) for k, _, n in sel.groups(HAND)] == [
        ("JK", 0), ("K", 0), ("9", 0), ("3r", 0), ("3b", 0), ("2", 0)]
    counts = []
    for _ in range(4):
        sel.tap(HAND, "K")
        counts.append(len(sel.selected_cards(HAND)))
    assert counts == [3, 2, 1, 0]


def test_staging_builds_placements_in_order():
    sel = Selection()
    sel.tap(HAND, "K")
    sel.stage(HAND)
    sel.tap(HAND, "2")
    sel.stage(HAND, to=4)
    sel.tap(HAND, "9")
    assert sel.placements(HAND) == [{"cards": ["KD", "KH", "KS"]}, {"to": 4, "cards": ["2H"]},
                                    {"cards": ["9C"]}]
    assert "K" not in [k for k, _, _ in sel.groups(HAND)]  # staged cards leave the hand view


def _texts(node):
    if isinstance(node, str):
        return [node]
    if isinstance(node, list):
        return [t for n in node for t in _texts(n)]
    assert isinstance(node, Node)
    return [t for c in node.children for t in _texts(c)] + [
        str(v) for k, v in node.attrs.items() if k == "aria-label" and v]


def test_table_renders_from_the_view_and_names_stay_text():
    state = game.new_game("triple-play", seed=3, players=4,
                          names=["South", "<b>West</b>", "North", "East"],
                          bots=[None, "random", "random", "random"])
    view = game.view(state, 0, log=False)
    trees = render.seats(view) + render.piles(view) + render.melds(view, set())
    texts = _texts(trees)
    assert any("<b>West</b>" in t for t in texts)  # a text node, shown literally
    assert any(t.startswith("Discard pile") for t in texts)


def test_summaries_read_like_a_table_talk():
    state = game.new_game("triple-play", seed=3, players=4, bots=[None, "random", "random", "random"])
    seat = state.to_move()
    before = game.view(state, 0, log=False)
    game.apply(state, {"type": "draw"})
    after = game.view(state, 0, log=False)
    line = T.summarize({"type": "draw"}, seat, before, after)
    assert line.startswith(T.seat_name(before, seat)) and "drew" in line
    card = state.players[seat].hand[0]
    before = after
    if game.is_legal(state, {"type": "discard", "card": card}):
        game.apply(state, {"type": "discard", "card": card})
        line = T.summarize({"type": "discard", "card": card}, seat, before,
                           game.view(state, 0, log=False))
        assert line.endswith(f"discarded {game.cards.label(card)}.")
