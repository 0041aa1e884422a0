"""The live score on the table: a side's points so far in the deal, from
what every seat may see (melds, canasta bonuses, red 3s), never the cards
still held."""

from game import view
from game.scoring import deal_breakdown, table_points
from tests.helpers import position


def test_table_points_count_melds_canastas_and_red3s_not_hands():
    state = position(hands={0: "AS AH 9C", 1: "KS KH KC 4D"},
                     melds={0: [("K", "KS KH KD KC KS KH 2C"), ("8", "8S 8H 8D")], 1: [("9", "9S 9H 9D")]},
                     red3={0: "3H 3D"})
    row = deal_breakdown(state)[0]
    expected = row["melded"] + sum(c["points"] for c in row["canastas"].values()) + row["red3"]["points"]
    assert table_points(state, 0) == expected
    # K K K K K K 2 (6 x 10 + 20) + 8 8 8 (3 x 10) + a dirty canasta + two red 3s
    assert table_points(state, 0) == 80 + 30 + state.rules.bonus_mixed + 2 * state.rules.red3_value
    assert table_points(state, 1) == 10 * 3  # the 9s; the hand's K K K 4 are not counted


def test_every_seat_sees_the_same_table_points():
    state = position(melds={0: [("K", "KS KH KD")], 1: [("9", "9S 9H 9D 9C")]}, red3={1: "3H"})
    seen = {seat: [s["table_points"] for s in view(state, seat, log=False)["sides"]] for seat in range(4)}
    assert len({tuple(v) for v in seen.values()}) == 1
    assert seen[0] == [table_points(state, 0), table_points(state, 1)]
