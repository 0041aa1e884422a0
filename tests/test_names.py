"""game/names.py: the words of the JSON formats, named once. Each is a plain
string (so states, actions, saves and links read and write as before), and
every action type has its shape (game/actions.py) and its row in the engine's
one dispatch table (game.engine.ACTIONS)."""

from game.actions import FIELDS
from game.bots import BOTS
from game.engine import ACTIONS
from game.names import Act, Bot, MeldKind, Phase


def test_every_name_is_a_plain_string_with_the_formats_spelling():
    assert Phase.ALL == ("draw", "play", "answer", "deal_end", "game_end")
    assert Act.ALL == ("draw", "take_pile", "meld", "pick_up_knee", "discard", "knock",
                       "ask_to_go_out", "answer", "next_deal")
    assert MeldKind.ALL == ("natural", "mixed", "wild")  # the order of a link's score sheet
    assert all(type(name) is str for name in Phase.ALL + Act.ALL + MeldKind.ALL)


def test_every_action_type_has_its_shape_and_its_row_in_the_dispatch_table():
    assert set(FIELDS) == set(ACTIONS) == set(Act.ALL)
    assert all(callable(rule.plan) and callable(rule.execute) for rule in ACTIONS.values())
    assert [kind for kind, rule in ACTIONS.items() if rule.anyone] == [Act.NEXT_DEAL]


def test_the_bots_named_for_a_saved_player_are_the_bots_there_are():
    """game/invariants.py checks a player's bot by these names, without importing the bots."""
    assert Bot.ALL == tuple(BOTS)
