"""What an action did, as the engine says it (game/events.py): each rule notes
its events, in order, and a seat sees another's drawn cards masked
(game.view, like the rest of the state)."""

import game
from game import events as E
from game.cards import HIDDEN
from game.view import observe, view
from tests.helpers import about_to_ask, meld, position, take


def names(state):
    return [e.name for e in state.events]


def test_a_draw_says_the_cards_and_their_red_threes_replaced_only_to_the_drawer():
    state = position(hands={0: "AS AH 7C 8D 9H TC JD QS 5C 6D 4H 4S 8C 9C JH"}, stock_top="3H 3D 9C 9S")
    game.apply(state, {"type": "draw"})
    assert state.events == [E.Drew(0, ("3H", "3D"), ()),
                            E.LaidRed3(0, 0, ("3H", "3D"), ("9C", "9S"))]
    theirs = view(state, 1)["events"]
    assert theirs == [{"event": "drew", "seat": 0, "cards": [HIDDEN, HIDDEN], "piles": []},
                      {"event": "red3", "seat": 0, "side": 0, "cards": ["3H", "3D"],
                       "replacements": [HIDDEN, HIDDEN]}]
    assert observe(state, 1).events == E.seen_by(state.events, 1)
    assert view(state, 0)["events"][0]["cards"] == ["3H", "3D"]


def test_a_pile_take_says_the_pile_each_placement_the_canasta_and_the_knee():
    state = position(hands={1: "KH KD 7C 8D 9H TC JD QS 5C 6D 4H"}, melds={1: [("K", "KS KH KD KC")]},
                     discard="5C 9D KS", turn=1)
    game.apply(state, take({"to": 1, "cards": ["KH", "KD"]}))
    assert state.events[:3] == [E.TookPile(1, "KS", 3),
                                E.Melded(1, 1, 1, "K", ("KH", "KD"), "KS", False),
                                E.MadeCanasta(1, 1, "K", "natural")]
    assert state.events[3] == E.PickedUpPile(1, "knee", 13, False)


def test_each_placement_names_its_meld_new_melds_by_the_ids_they_were_given():
    state = position(hands={0: "9S 9H 9D KS KH KD QC 7C 8D"}, melds={0: [("Q", "QS QH QD")]}, phase="play")
    game.apply(state, {"type": "meld", "melds": [{"cards": ["KS", "KH", "KD"]}, {"to": 1, "cards": ["QC"]},
                                                 {"cards": ["9S", "9H", "9D"]}]})
    assert state.events == [E.Melded(0, 0, 2, "K", ("KS", "KH", "KD"), None, True),
                            E.Melded(0, 0, 1, "Q", ("QC",), None, False),
                            E.Melded(0, 0, 3, "9", ("9S", "9H", "9D"), None, True)]


def test_the_knee_picked_up_by_choice_and_a_discard_and_knock():
    state = position(hands={0: "9S 9H 7C 8D"}, phase="play", knee_ready=(0,),
                     melds={0: [("K", "KS KH KD KC KS KH KD")]})
    game.apply(state, {"type": "pick_up_knee"})
    assert state.events[0] == E.PickedUpPile(0, "knee", 13, True)
    game.apply(state, {"type": "discard", "card": "7C"})
    assert state.events[0] == E.Discarded(0, "7C")


def test_asking_answering_and_going_out():
    state = about_to_ask("5S 6S", in_foot=True)
    game.apply(state, {"type": "ask_to_go_out"})
    assert state.events == [E.Asked(0, (2,))]
    game.apply(state, {"type": "answer", "yes": True})
    assert state.events == [E.Answered(2, True)]
    game.apply(state, meld("9S 9H 9D"))
    assert names(state)[-2:] == ["went_out", "deal_over"]
    game.apply(state, {"type": "next_deal"})
    assert state.events[0] == E.DealBegan(2)


def test_a_draw_from_a_stock_too_small_ends_the_deal():
    state = position(discard="5C")
    stock = state.stocks[0]
    state.discard[:0], state.stocks[0] = stock[1:], stock[:1]
    game.apply(state, {"type": "draw"})
    assert state.events == [E.StockRanOut(0), E.DealOver(1)]


def test_events_are_derived_never_saved():
    state = position(hands={0: "AS AH 7C 8D 9H TC JD QS 5C 6D 4H 4S 8C 9C JH"}, stock_top="3H 3D 9C 9S")
    game.apply(state, {"type": "draw"})
    assert "events" not in state.to_json()
    assert game.GameState.from_json(state.to_json()).events == []
    assert state.clone().events == state.events
