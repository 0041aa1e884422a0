"""The page's plain-Python parts, without a browser: hand chips and staging,
log summaries, the new-game choices, and the element trees board_view.py
builds for every rule system (text only, never markup)."""

import game
from game.words import narrate
from ui.core import text as T
from ui.core.html import Node
from ui.core.selection import Selection
from ui.core.table_view import page_view
from ui.setup import setup_view
from ui.setup.choices import Setup
from ui.table import bar_view, board_view, sheet_view

HAND = ["KS", "KH", "KD", "9C", "2H", "JK", "3S", "3H"]


def test_chip_taps_select_one_more_then_none():
    sel = Selection()
    assert [(k, n) for k, _, n in sel.groups(HAND)] == [
        ("JK", 0), ("K", 0), ("9", 0), ("3r", 0), ("3b", 0), ("2", 0)]
    counts = []
    for _ in range(4):
        sel.tap(HAND, "K")
        counts.append(len(sel.selected_cards(HAND)))
    assert counts == [1, 2, 3, 0]


def test_staging_builds_placements_in_order():
    sel = Selection()
    sel.pick_all(HAND, "K")
    sel.stage(HAND)
    sel.tap(HAND, "2")
    sel.stage(HAND, to=4)
    sel.tap(HAND, "9")
    assert sel.placements(HAND) == [{"cards": ["KD", "KH", "KS"]}, {"to": 4, "cards": ["2H"]},
                                    {"cards": ["9C"]}]
    assert "K" not in [k for k, _, _ in sel.groups(HAND)]  # staged cards leave the hand view


def _texts(node):
    if node is None:
        return []
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
    view = page_view(state, 0, log=False)
    trees = board_view.seats(view) + board_view.piles(view) + board_view.melds(view, set())
    texts = _texts(trees)
    assert any("<b>West</b>" in t for t in texts)  # a text node, shown literally
    assert any(t.startswith("Discard pile") for t in texts)


def test_summaries_read_like_a_table_talk():
    state = game.new_game("triple-play", seed=3, players=4, bots=[None, "random", "random", "random"])
    seat = state.to_move()
    before = page_view(state, 0, log=False)
    game.apply(state, {"type": "draw"})
    after = page_view(state, 0, log=False)
    line = narrate.summarize({"type": "draw"}, seat, before, after)
    assert line.startswith(narrate.seat_name(before, seat)) and "drew" in line
    card = state.players[seat].hand[0]
    before = after
    if game.is_legal(state, {"type": "discard", "card": card}):
        game.apply(state, {"type": "discard", "card": card})
        line = narrate.summarize({"type": "discard", "card": card}, seat, before,
                           page_view(state, 0, log=False))
        assert line.endswith(f"discarded {game.cards.label(card)}.")


# -- the new-game screen and the table for every rule system ----------------------------

def _ids(node):
    if isinstance(node, list):
        return [i for n in node for i in _ids(n)]
    if not isinstance(node, Node):
        return []
    return ([node.attrs["id"]] if node.attrs.get("id") else []) + _ids(node.children)


def _play_until(state, done, limit=400):
    """Play the first legal action until ``done(state)``; the test seat is 0."""
    for _ in range(limit):
        if done(state):
            return state
        game.apply(state, game.legal_actions(state)[0])
    raise AssertionError("never reached")


def test_setup_follows_the_preset_players_and_house_rules():
    setup = Setup()
    assert setup.counts() == [4] and setup.players == 4
    setup.update({"setup-bot-1": "hard", "setup-preset": "brouillette-partners"})
    assert setup.bot(1) == "hard" and setup.counts() == [4, 6]
    setup.update({"setup-players": "6"})
    roles = {name: role for _, name, role in setup.seats()}
    assert roles == {"Southwest": "opponent", "Northwest": "opponent", "North": "partner",
                     "Northeast": "opponent", "Southeast": "opponent"}
    assert "setup-bot-5" in setup.ids() and "house-deals" not in setup.ids()
    setup.house_open = True
    setup.update({"house-meld_min": "9", "house-deals": "4"})
    assert setup.house == {"meld_min": "9"}  # unchanged values are not house rules
    assert "smallest meld" in setup.current()[1]
    try:
        setup.start(seed=1)
    except game.RulesError as e:
        assert "smallest meld" in str(e)
    else:
        raise AssertionError("an invalid house rule set must be refused")
    setup.update({"house-meld_min": "3", "house-bonus_natural": "600"})
    state = setup.start(seed=1)
    assert state.num_players == 6 and state.rules.bonus_natural == 600
    assert [p.bot for p in state.players] == [None, "hard"] + ["normal"] * 4
    setup.update({"setup-preset": "simpson"})  # a new preset starts afresh, keeping a valid count
    assert setup.house == {} and setup.players == 6
    assert [f for f, _, _ in setup.table_options(setup.base)] == []  # no knee: no knee reminder
    trees = setup_view.setup_screen(setup)
    assert "house-piles" in _ids(trees) and "You play South. Everyone plays alone." in _texts(trees)


def test_two_stock_piles_offer_a_choice_and_show_each_count():
    state = game.new_game("simpson", seed=2, players=3, bots=[None, "random", "random"])
    _play_until(state, lambda s: s.to_move() == 0 and s.phase == "draw")
    view = page_view(state, 0, log=False)
    bar = bar_view.actions(view, selected=[], has_staged=False, can_undo=False, can_knock=False, busy=False,
                         refusals={})
    assert [(b.attrs["id"], b.children[0], b.attrs["data-arg"]) for b in bar] == [
        ("btn-draw-0-0", "2 from A", "0,0"), ("btn-draw-0-1", "A + B", "0,1"), ("btn-draw-1-1", "2 from B", "1,1"),
        ("btn-take", "Take pile", None)]
    ids = _ids(board_view.piles(view))
    assert "pile-stock-0" in ids and "pile-stock-1" in ids and "pile-knee" not in ids
    before = page_view(state, 0, log=False)
    game.apply(state, {"type": "draw", "from": [1, 1]})
    line = narrate.summarize({"type": "draw", "from": [1, 1]}, 0, before, page_view(state, 0, log=False))
    assert line == "You drew 2 cards from stock B."


def test_frozen_pile_is_marked():
    state = game.new_game("brouillette", seed=2, players=3)
    state.dead = state.stocks[0][-5:]
    del state.stocks[0][-5:]
    texts = _texts(board_view.piles(page_view(state, 0, log=False)))
    assert any("frozen: 5 cards out of play" in t for t in texts)
    assert "❄ frozen · 5 out" in texts


def test_many_seats_and_sides_and_no_knee_words():
    state = game.new_game("brouillette-partners", seed=4, players=6)
    view = page_view(state, 0, log=False)
    seats = board_view.seats(view)
    assert [s.attrs["data-seat"] for s in seats] == [1, 2, 3, 4, 5]
    assert [s.attrs["data-role"] for s in seats] == ["opponent", "opponent", "partner", "opponent", "opponent"]
    assert any("with NE" in t for t in _texts(seats))  # which opponents sit together
    panels = board_view.melds(view, set())
    assert [p.attrs["id"] for p in panels] == ["side-1", "side-2", "side-0"]  # ours last
    assert [T.side_name(view, s, short=True) for s in range(3)] == ["Us", "SW & NE", "NW & SE"]
    _play_until(state, lambda s: s.to_move() == 0 and s.phase == "play")
    view = page_view(state, 0, log=False)
    words = " ".join(_texts(bar_view.actions(view, selected=[], has_staged=False, can_undo=False,
                                           can_knock=False, busy=False, refusals={})) + [T.turn_prompt(view)])
    assert "knee" not in words.lower()


def test_score_sheet_shows_every_side_and_the_house_rules():
    from game.house import build
    rules = build(game.get_preset("simpson"), {"bonus_natural": "400"})
    state = game.new_game(rules, seed=5, players=5)
    _play_until(state, lambda s: s.phase == "deal_end", limit=5000)
    view = page_view(state, 0, log=False)
    trees = sheet_view.sheet(view, [])
    texts = _texts(trees)
    assert "Clean canasta bonus: 400 (preset: 300)" in texts
    assert any(t.endswith("with house rules") for t in texts)
    assert "Wild canastas" not in texts and "Red 3s" not in texts  # neither exists in these rules
    summary = [t for t in trees if t is not None and t.attrs.get("id") == "sheet-summary"][0]
    assert "many" in summary.attrs["class"]
    assert _texts(summary.children[1])[:6] == ["Deal", "You", "SW", "NW", "NE", "SE"]


def test_each_row_of_the_score_sheet_says_what_it_counts():
    """Issue 72: "Clean canastas 11 · 17 000" read without the Rules page: the
    row says 500 each, 7s 5 000 and 5s 3 000 (Triple Play), and follows a house rule."""
    from game.house import build
    for rules, clean in ((game.get_preset("triple-play"), "count · points: 500 each, 7s 5\u202f000, 5s 3\u202f000"),
                         (build(game.get_preset("triple-play"), {"bonus_natural": "400"}), "count · points: 400 each")):
        state = game.new_game(rules, seed=5)
        _play_until(state, lambda s: s.phase == "deal_end", limit=5000)
        texts = _texts(sheet_view.sheet(page_view(state, 0, log=False), [], rules=rules))
        assert texts[texts.index("Clean canastas") + 1].startswith(clean), texts[texts.index("Clean canastas") + 1]
        assert "100 each, 300 more with 7 of them" in texts and "200 to the side that goes out" in texts


def test_rules_screen_describes_the_rules_and_links_the_preset_page():
    rules = game.get_preset("hand-and-foot")
    trees = [t for t in setup_view.rules_screen(rules, []) if t is not None]
    link = [n for n in trees if n.tag == "p" and n.children and n.children[0].tag == "a"][0].children[0]
    assert link.attrs["href"] == "rules/hand-and-foot.html"
    assert any("a hand of 13 and a foot of 13" in t for t in _texts(trees))
