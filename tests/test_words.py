"""Words on the page and in the log: one card, two cards; the score sheet's
winner line after a one-deal game says "after 1 deal"; a draw that empties
the stock says the player chose to draw; a meld refused for one wild card
says "needs"; a seat's piles wrap between piles, never inside one."""

import random
import re

import pytest

import game
from game.advice import coach
from game.advice import hints as advice
from game.bots import get_bot
from game.english import plural
from game.melds import wild_limit_problem
from game.moves import legal_summary
from game.presets import PRESETS
from game.runs import replay
from game.view import observe
from game.words import narrate
from game.words.describe import describe
from tests.helpers import BOOK, play_on, play_until, position, random_action
from ui.core import pieces
from ui.core import text as T
from ui.core.html import Node
from ui.core.selection import Selection
from ui.core.table_view import page_view
from ui.lesson import lesson
from ui.setup import setup_view
from ui.stats import stats, stats_view
from ui.table import bar_view, board_view, hand_view, sheet_view


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
    [line] = [text(n) for n in sheet_view.sheet(view, winners) if isinstance(n, Node) and n.tag == "h2"]
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
    assert pieces.pile_words([13, 11]) == "knee\u00a013 · foot\u00a011"
    assert pieces.pile_words([11]) == "foot\u00a011"
    assert pieces.pile_words([]) == "in\u00a0foot"


def test_a_seat_box_marks_its_piles_to_come_and_names_them_for_screen_readers():
    assert strings(pieces.pile_marks([13, 11])) == ["K", "F", "knee\u00a013 · foot\u00a011"]
    assert strings(pieces.pile_marks([11])) == ["F", "foot\u00a011"]
    assert strings(pieces.pile_marks([])) == ["in\u00a0foot"]


def test_an_empty_hand_with_a_pile_to_come_says_it_comes_next_turn():
    """In the lesson's third position West and East have discarded their last
    card: "0 · foot 11" read as a wrong count."""
    state = lesson.position(lesson.load(), 2)
    west = game.view(state, 0, log=False)["players"][1]
    assert (west["hand_count"], west["pile_counts"]) == (0, [11])
    assert board_view.hand_words(west) == "0 · foot next\u00a0turn"
    # and the seat box names that pile once
    box = next(n for n in board_view.seats(page_view(state, 0, log=False)) if n.attrs["id"] == "seat-1")
    assert [t for t in strings(box) if "foot" in t] == ["0 · foot next\u00a0turn"], strings(box)
    assert board_view.hand_words({"hand_count": 0, "pile_counts": []}) == "0"
    assert board_view.hand_words({"hand_count": 4, "pile_counts": [13, 11]}) == "4"


# -- every string the page can show ------------------------------------------------------
# A count and its noun: "1 card", "2 cards" (the nouns the page counts).
NOUNS = r"(card|meld|deal|point|canasta|player|deck|red 3|black 3|wild card|natural card|book|turn)"
ONE_WITH_PLURAL = re.compile(rf"(?<![\d,.\u202f/×-])\b1 {NOUNS}s\b")
MANY_WITH_SINGULAR = re.compile(rf"(?<![\d,.\u202f/×-])\b(0|[2-9]|\d\d+) {NOUNS}\b(?!s)")
DOUBLED = re.compile(r"[.?!,;:] ?[.?!,;:]")
# the player's pair is clean/dirty; "natural cards" (not wild) is defined with them in the rules
OTHER_KIND_WORDS = re.compile(r"\bmixed\b|\bnatural\b(?! cards?\b)", re.I)
SPOKEN = ("aria-label", "title")


def strings(node):
    """The texts of an element tree, each text node and spoken attribute apart."""
    if isinstance(node, (list, tuple)):
        return [s for child in node for s in strings(child)]
    if isinstance(node, Node):
        return [str(node.attrs[a]) for a in SPOKEN if node.attrs.get(a)] + strings(node.children)
    return [] if node is None or node is False else [str(node)]


def page_strings(state):
    """What the table shows of ``state`` for seat 0: prompt, regions, legal reasons."""
    view = page_view(state, 0)
    groups = Selection().groups(state.players[0].hand)
    legal = legal_summary(state, 0) if state.phase in ("draw", "play") and state.to_move() == 0 else {}
    picked = state.players[0].hand[:1]
    trees = [board_view.scores(view), board_view.seats(view), board_view.piles(view),
             board_view.meld_area(view, [{"cards": picked}] if picked else [], adding=bool(picked), targets=(),
                                  theirs_open=True, shown_meld=None),
             hand_view.hand(groups, hint=True), hand_view.hand_head(len(view["hand"]), can_stage=True, can_clear=True),
             bar_view.actions(view, selected=picked, has_staged=False, can_undo=True,
                            can_knock=legal.get("knock", "no") is None, busy=False, refusals=legal),
             sheet_view.sheet(view, game.winner(state) if state.phase == "game_end" else [])]
    return [T.turn_prompt(view)] + [why for why in legal.values() if why] + strings(trees)


def played_strings(name, seed):
    """Every log line, prompt, region and refusal along the first deal of a
    preset between random bots (a random illegal action tried every few moves)."""
    state = game.new_game(name, seed=seed, bots=["random"] * PRESETS[name].players)
    bots = [get_bot("random")] * len(state.players)
    rng = random.Random(seed)
    out = []
    for step in range(5000):
        if state.phase == "deal_end":
            break
        seat = state.to_move()
        before = page_view(state, 0, log=False)
        if step % 5 == 0:
            out += page_strings(state)
            probe = game.GameState.from_json(state.to_json())
            try:
                game.apply(probe, random_action(rng, probe))
            except game.IllegalMove as e:
                out.append(str(e))
        action = bots[seat](observe(state, seat), seat, rng)
        game.apply(state, action)
        out.append(narrate.summarize(action, seat, before, page_view(state, 0, log=False)))
    assert state.phase == "deal_end", name
    return out + page_strings(state)


def rules_strings():
    """The rules in words of every preset, the rules screen with its legend,
    and a house rule refused for a one-deal game."""
    try:
        PRESETS["saskatchewan"].derive(deals=1)
    except game.RulesError as e:
        refused = str(e)
    return [refused] + [s for r in PRESETS.values()
                        for s in [r.title] + [line for _, lines in describe(r) for line in lines]
                        + strings(setup_view.rules_screen(r, []))]


def word_problems(texts):
    bad = []
    for t in set(texts):
        for rule, pattern in (("plural", ONE_WITH_PLURAL), ("plural", MANY_WITH_SINGULAR),
                              ("punctuation", DOUBLED), ("kind word", OTHER_KIND_WORDS)):
            if pattern.search(t):
                bad.append(f"{rule}: {t}")
    return sorted(bad)


def test_the_checks_catch_each_mistake():
    assert word_problems(["Your hand · 1 cards", "may I go out?.", "a mixed canasta", "a natural canasta",
                          "You drew 2 card."]) == [
        "kind word: a mixed canasta", "kind word: a natural canasta", "plural: You drew 2 card.",
        "plural: Your hand · 1 cards", "punctuation: may I go out?."]
    assert word_problems(["1 card", "2 cards", "two natural cards", "a clean canasta", "12 885 points",
                          "Deal 1/4", "×1", "3 wild cards need at least 7 natural cards."]) == []


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_string_of_a_played_deal_counts_and_punctuates_right(name):
    texts = played_strings(name, seed=len(name))
    assert len(texts) > 100
    assert word_problems(texts) == []


def test_the_rules_of_every_preset_use_the_tables_words():
    texts = rules_strings()
    assert any("A clean meld or canasta has no wild cards" in t for t in texts)
    assert word_problems(texts) == []


def test_a_hand_of_one_card_says_card():
    state = position(hands={0: "5S"}, piles={0: []})
    head = hand_view.hand_head(len(state.players[0].hand), can_stage=False, can_clear=False)[0]
    assert "1 card" in strings(head)  # "Your hand · " is spoken only


def test_asking_to_go_out_reads_as_one_sentence():
    state = position(hands={0: "9S 9H 9D 4C"}, piles={0: []}, melds={0: list(BOOK)}, phase="play")
    before = page_view(state, 0, log=False)
    game.apply(state, {"type": "ask_to_go_out"})
    line = narrate.summarize({"type": "ask_to_go_out"}, 0, before, page_view(state, 0, log=False))
    assert line.startswith("You asked North for leave to go out") and not DOUBLED.search(line), line


def test_presets_are_named_as_players_know_them():
    titles = [r.title for r in PRESETS.values()]
    assert not [t for t in titles if "seed" in t.lower()]
    assert PRESETS["triple-play-001"].title == "Triple Play (Cool Old Games)"


def test_seats_say_partner_or_opponent_in_words():
    """The partner's box says "partner" (colour is never the only sign); an
    opponent's says nothing of it on the table, and "opponent" in its title."""
    view = page_view(position(), 0, log=False)
    seats = {n.attrs["id"]: n for n in board_view.seats(view)}
    roles = {seat: strings(n) for seat, n in seats.items()}
    assert [t for t in roles["seat-2"] if "partner" in t] and not any("✕" in t or "✓" in t
                                                                      for ts in roles.values() for t in ts)
    assert not [t for t in roles["seat-1"] if "partner" in t] and "opponent" in seats["seat-1"].attrs["title"]


def recap_strings(name, seed):
    """The recap's lines, full and brief, of every turn of a preset's first deal
    between normal bots."""
    state = game.new_game(name, seed=seed, bots=["normal"] * PRESETS[name].players)
    fresh = state.clone()
    play_on(state, lambda s: s.phase == "deal_end", get_bot("normal"), random.Random(seed))
    turns = narrate.turns(replay.steps(fresh, state.log, 0))
    return [line for brief in (False, True) for seat, steps in turns
            for line in [narrate.turn_line(seat, steps, brief=brief)]]


def stats_strings():
    """The statistics screen with one deal, then one game counted, and empty."""
    state = game.new_game(PRESETS["triple-play"].derive(deals=1), seed=3, bots=[None] + ["normal"] * 3)
    play_until(state, 1)
    figures = stats.empty()
    shown = strings(stats_view.stats_screen(figures))
    assert stats.count(figures, "g1", state, hints=1)
    return shown + strings(stats_view.stats_screen(figures, note="Statistics reset.", resetting=True))


def lesson_strings():
    script = lesson.load()
    return [lesson.say(step, lesson.facts(script, i))
            for i, part in enumerate(script["lessons"]) for step in part["steps"]]


@pytest.mark.parametrize("name", ["triple-play", "hand-and-foot"])
def test_the_recap_counts_and_punctuates_right(name):
    texts = recap_strings(name, seed=4)
    assert len(texts) > 40
    assert word_problems(texts) == []


def test_the_lesson_and_statistics_use_the_tables_words():
    texts = lesson_strings() + stats_strings()
    assert any("Deals" in t or "deals" in t for t in texts) and len(texts) > 20
    assert word_problems(texts) == []


def advice_strings(name, seed):
    """Hints at every third move of seat 0 along a preset's first deal between
    normal bots (hard thinking lightly), and the coach's review of that deal."""
    state = game.new_game(name, seed=seed, bots=[None] + ["normal"] * (PRESETS[name].players - 1))
    rng = random.Random(seed)
    out, moves = [], 0
    while state.phase in ("draw", "play", "answer"):
        seat = state.to_move()
        if seat == 0:
            moves += 1
            if moves % 3 == 1:
                out.append(advice.hint(state, 0, samples=2).reason)
        game.apply(state, get_bot("normal")(observe(state, seat), seat, rng))
    for m in coach.review(state, 0, samples=2):
        out += [m.reason, m.done_text, m.preferred_text]
    return out


@pytest.mark.parametrize("name", ["triple-play", "hand-and-foot"])
def test_hints_and_the_coach_count_and_punctuate_right(name):
    texts = advice_strings(name, seed=6)
    assert len(texts) > 10
    assert word_problems(texts) == []
