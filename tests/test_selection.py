"""ui.core.selection: how taps on the hand's chips choose cards (plain Python, no browser)."""

from ui.core.selection import Selection

HAND = ["KS", "KH", "KD", "KC", "9C", "9D", "2H", "JK"]


def picked(sel):
    return sorted(sel.selected_cards(HAND))


def test_a_tap_selects_one_more_then_a_tap_on_all_clears():
    sel = Selection()
    counts = []
    for _ in range(5):
        sel.tap(HAND, "K")
        counts.append(len(sel.selected_cards(HAND)))
    assert counts == [1, 2, 3, 4, 0]


def test_fewer_takes_one_back_and_stops_at_none():
    sel = Selection()
    sel.pick_all(HAND, "K")
    sel.fewer(HAND, "K")
    assert len(picked(sel)) == 3
    for _ in range(4):
        sel.fewer(HAND, "K")
    assert picked(sel) == [] and "K" not in sel.picked


def test_pick_all_selects_the_whole_group_and_leaves_others():
    sel = Selection()
    sel.tap(HAND, "9")
    sel.pick_all(HAND, "K")
    assert picked(sel) == ["9C", "KC", "KD", "KH", "KS"]


def test_a_dragged_chip_brings_the_selection_it_is_part_of_else_its_group():
    sel = Selection()
    sel.tap(HAND, "9")
    sel.tap(HAND, "2")
    sel.pick_group(HAND, "2")
    assert picked(sel) == ["2H", "9C"]
    sel.pick_group(HAND, "K")
    assert picked(sel) == ["KC", "KD", "KH", "KS"]


def test_counts_follow_the_hand():
    """A group that shrank (cards melded elsewhere) keeps at most what is left."""
    sel = Selection()
    sel.pick_all(HAND, "K")
    assert len(sel.selected_cards(["KS", "KH", "9C"])) == 2
    sel.fewer(["KS", "KH", "9C"], "K")
    assert len(sel.selected_cards(["KS", "KH", "9C"])) == 1
