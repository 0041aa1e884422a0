"""Words on the page and in the log: one card, two cards; the score sheet's
winner line after a one-deal game says "after 1 deal"; a draw that empties
the stock says the player chose to draw; a meld refused for one wild card
says "needs"; a seat's piles wrap between piles, never inside one."""

import game
from game import narrate
from game.english import plural
from game.melds import wild_limit_problem
from game.presets import PRESETS
from tests.position import play_until, position
from ui import lesson, render
from ui.html import Node
from ui.table_view import page_view


def text(node):
    if isinstance(node, Node):
        return "".join(text(c) for c in node.children)
    return str(node)


def test_plural_counts_one_and_many():
    assert plural(1, "card") == "1 card"
    assert plural(0, "card") == "0 cards"
    assert plural(3, "deal") == "3 deals"
    assert plural(2500, "point", lambda n: f"{n:,}") == "2,500 points"


def test_winner_line_after_one_deal_is_singular():
    state = game.new_game(PRESETS["triple-play"].derive(deals=1), seed=5)
    play_until(state, 1)
    assert state.phase == "game_end"
    view = page_view(state, 0, log=False)
    winners = game.winner(state)
    [line] = [text(n) for n in render.sheet(view, winners) if isinstance(n, Node) and n.tag == "h2"]
    assert "after 1 deal." in line, line


def test_a_draw_from_a_stock_too_small_says_the_player_drew():
    state = position(hands={0: "5S 6S 9H"})
    rest = state.stocks[0]
    state.stocks[0], state.discard = rest[-1:], rest[:-1] + state.discard  # one card left: a draw takes two
    before = page_view(state, 0, log=False)
    game.apply(state, {"type": "draw"})
    assert state.phase == "deal_end"
    line = narrate.summarize({"type": "draw"}, 0, before, page_view(state, 0, log=False))
    assert line == "You drew, but the stock ran out: the deal is over."


def test_one_wild_card_needs_its_naturals_in_the_singular():
    rules = PRESETS["triple-play"].derive(wild_ratio=2, natural_surplus=1)
    assert wild_limit_problem(rules, 2, 1) == "1 wild card needs at least 3 natural cards in the meld; it has 2."
    assert wild_limit_problem(rules, 4, 2) == "2 wild cards need at least 5 natural cards in the meld; it has 4."


def test_a_seats_piles_wrap_between_piles_not_inside_one():
    assert render.pile_words([13, 11]) == "knee\u00a013 · foot\u00a011"
    assert render.pile_words([11]) == "foot\u00a011"


def test_an_empty_hand_with_a_pile_to_come_says_it_comes_next_turn():
    """In the lesson's third position West and East have discarded their last
    card: "hand 0 · foot 11" read as a wrong count."""
    state = lesson.position(lesson.load(), 2)
    west = game.view(state, 0, log=False)["players"][1]
    assert (west["hand_count"], west["pile_counts"]) == (0, [11])
    assert render.hand_words(west) == "hand\u00a00 · foot next\u00a0turn"
    assert render.hand_words({"hand_count": 0, "pile_counts": []}) == "hand 0"
    assert render.hand_words({"hand_count": 4, "pile_counts": [13, 11]}) == "hand 4"
