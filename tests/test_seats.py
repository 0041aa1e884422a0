"""Pass-and-play (issue 54): who plays each seat, the people's names on the
new-game screen, and what the page reads per person (ui/seats/seating.py, ui/setup/choices.py)."""

import pytest

import game
from game.load import MAX_NAME
from tests.helpers import nodes, texts
from ui.core import motion_steps as moves
from ui.core import text as T
from ui.core.saves import MemoryStorage, SaveStore, summary
from ui.seats import seating as P
from ui.setup import setup_view
from ui.setup.choices import Setup
from ui.stats import stats_view


def _labelled(trees):
    """{input id: the text of the <label> around it}."""
    out = {}
    for label in (n for n in nodes(trees) if n.tag == "label"):
        for control in (n for n in nodes(label.children) if n.tag in ("input", "select")):
            out[control.attrs["id"]] = " ".join(texts(n for n in label.children if n is not control))
    return out


def test_people_are_the_seats_without_a_bot():
    state = game.new_game("triple-play", seed=1, bots=[None, "easy", None, "hard"])
    assert P.people(state) == [0, 2] and P.several(state) and P.first(state) == 0
    one = game.new_game("triple-play", seed=1, bots=[None, "easy", "easy", "easy"])
    assert P.people(one) == [0] and not P.several(one)
    bots = game.new_game("triple-play", seed=1, bots=["random"] * 4)
    assert P.people(bots) == [] and P.first(bots) == 0  # shown from seat 0, as before
    late = game.new_game("triple-play", seed=1, bots=["easy", "easy", None, "easy"])
    assert P.first(late) == 2


def test_names_are_trimmed_bounded_and_default_to_the_compass():
    assert P.clean("  Ann \n  Lee ") == "Ann Lee"
    assert P.clean("x" * 100) == "x" * MAX_NAME
    assert P.clean("   ") == ""
    assert P.compass(4, 2) == "North" and P.compass(6, 1) == "Southwest" and P.compass(8, 7) == "Player 8"
    assert P.name_problem(["Ann", "West", "Bob", "East"]) is None
    assert "Two players are called ann" in P.name_problem(["Ann", "West", "ann", "East"])


def test_hint_counts_read_old_and_new_forms():
    assert P.hint_counts(3, 4) == [3, 0, 0, 0]        # an old save's int: seat 0's
    assert P.hint_counts([1, 0, 2, 0], 4) == [1, 0, 2, 0]
    assert P.hint_counts([1, -1, True, "x", 5], 4) == [1, 0, 0, 0]
    assert P.hint_counts(None, 2) == [0, 0] and P.hint_counts(-4, 2) == [0, 0]


def test_the_one_person_new_game_is_unchanged():
    """Nothing chosen: the same game as before pass-and-play (South the person, names the compass)."""
    setup = Setup()
    setup.update({"setup-name-0": "Ann"})  # no field on the one-person screen: never read into the game
    ours = setup.start(seed=5)
    before = game.new_game(setup.rules(), seed=5, players=4, bots=[None, "normal", "normal", "normal"])
    assert ours.to_json() == before.to_json()
    assert setup.ids() == ["setup-preset", "setup-players", "setup-bot-1", "setup-bot-2", "setup-bot-3",
                           "setup-opt-knee_reminder"]
    trees = setup_view.setup_screen(setup)
    text = " ".join(texts(trees))
    assert "You play South." in text and "Bots" in text
    assert not [i for i in _labelled(trees) if i.startswith("setup-name-")]


def test_people_and_bots_in_any_mix_start_with_their_names():
    setup = Setup()
    setup.update({"setup-bot-1": "person", "setup-bot-2": "hard", "setup-bot-3": "person"})
    assert setup.people() == [0, 1, 3] and setup.named() == [0, 1, 3]
    assert {"setup-name-0", "setup-name-1", "setup-name-3"} <= set(setup.ids())
    setup.update({"setup-name-0": "  Ann ", "setup-name-1": "Bob" * 30, "setup-name-3": ""})
    state = setup.start(seed=2)
    assert [p.name for p in state.players] == ["Ann", ("Bob" * 30)[:MAX_NAME], "North", "East"]
    assert [p.bot for p in state.players] == [None, None, "hard", None]
    labels = _labelled(setup_view.setup_screen(setup))
    assert labels["setup-name-0"] == "South's name" and labels["setup-name-3"] == "East's name"
    assert "West" in labels["setup-bot-1"] and "setup-name-2" not in labels


def test_unknown_values_are_ignored_and_a_bot_again_drops_its_name():
    setup = Setup()
    setup.update({"setup-bot-1": "person", "setup-bot-2": "grandmaster", "setup-bot-3": None})
    assert setup.bot(2) == "normal" and setup.bot(0) == "person"
    setup.update({"setup-name-1": "Bob"})
    setup.update({"setup-bot-1": "easy"})
    state = setup.start(seed=2)
    assert [p.name for p in state.players] == ["South", "West", "North", "East"]


@pytest.mark.parametrize("names", [("Ann", "Ann"), ("Ann", "ANN "), ("West", "")])
def test_two_players_of_one_name_are_refused_in_words(names):
    """Two people alike, or a person named like another seat: the log could not tell them apart."""
    setup = Setup()
    setup.update({"setup-bot-2": "person"})
    setup.update({"setup-name-0": names[0], "setup-name-2": names[1]})
    with pytest.raises(game.RulesError, match="Two players are called"):
        setup.start(seed=1)


def test_the_prompt_and_the_motion_are_the_shown_seat_s():
    state = game.new_game("triple-play", seed=3, bots=[None, "easy", None, "easy"])
    while state.to_move() != 2:
        game.apply(state, game.legal_actions(state)[0])
    mine, theirs = (game.view(state, seat, log=False) for seat in (2, 0))
    assert T.turn_prompt(mine) == "Your turn: draw or take the pile."
    assert T.turn_prompt(theirs) == "North is playing…"
    game.apply(state, {"type": "draw"})
    after = {seat: game.view(state, seat, log=False) for seat in (0, 2)}
    shown = {seat: moves.moves({"type": "draw"}, 2, v, after[seat]) for seat, v in ((2, mine), (0, theirs))}
    assert shown[2][0]["to"] == ["#hand"] and shown[2][0]["card"]      # North's own card, face up
    assert shown[0][0]["to"] == ["#seat-2"] and shown[0][0]["card"] == ""


def test_the_statistics_screen_is_today_s_for_one_name_and_asks_whose_for_several():
    row = {"preset": "triple-play", "bots": "normal", "games": 1, "games_won": 1, "deals": 4,
           "deals_won": 3, "went_out": 2, "hints": 0, "deal_margin": 900, "game_margin": 900}
    one = {"version": 1, "rows": [row], "counted": []}
    tree = stats_view.stats_screen(one)
    assert "Your statistics" in " ".join(texts(tree))
    assert not [n for n in nodes(tree) if n.attrs.get("data-cmd") == "stats-player"]
    two = dict(one, rows=[row, dict(row, player="Ann", deals=9)])
    tree = stats_view.stats_screen(two)
    pressed = {n.attrs["data-arg"]: n.attrs["aria-pressed"] for n in nodes(tree)
               if n.attrs.get("data-cmd") == "stats-player"}
    assert pressed == {"Ann": "true", "South": "false"}  # the most deals first
    assert "Ann's statistics" in " ".join(texts(tree))
    assert "South's statistics" in " ".join(texts(stats_view.stats_screen(two, player="South")))


def test_a_game_of_people_and_bots_is_saved_and_read_back_as_it_was():
    setup = Setup()
    setup.update({"setup-bot-1": "person", "setup-bot-3": "easy"})
    setup.update({"setup-name-0": "Ann", "setup-name-1": "Bob"})
    state = setup.start(seed=4)
    store = SaveStore(MemoryStorage())
    record = store.load_record(store.save(None, state, [], hints=[1, 2, 0, 0], pending={"seat": 1}))
    again = record["game"]
    assert [(p.name, p.bot) for p in again.players] == [("Ann", None), ("Bob", None), ("North", "normal"),
                                                        ("East", "easy")]
    assert P.people(again) == [0, 1] and record["hints"] == [1, 2, 0, 0] and record["pending"] == {"seat": 1}


def test_the_games_list_names_the_sides_of_several_people_and_says_us_for_one():
    several = game.new_game("triple-play", seed=1, bots=[None, "normal", None, "normal"],
                            names=["Ann", "W", "Bob", "E"])
    alone = game.new_game("triple-play", seed=1, bots=[None, "normal", "normal", "normal"])
    assert [name for name, _ in summary(several)["scores"]] == ["Ann & Bob", "W & E"]
    assert [name for name, _ in summary(alone)["scores"]] == ["Us", "Them"]
