"""A bot's reasons (game.words.reasons): the answer to its partner, a pile
taken, melds kept in hand and going out each say why, from the bot's own
view, and never name or imply a card the person at the phone cannot see."""

import random
import re

import pytest

from game import apply, is_legal, new_game, observe, view
from game import cards as C
from game.bots import get_bot, going_out
from game.bots.hard import Hard
from game.names import Act, Ev, Phase
from game.presets import PRESETS
from game.scoring import table_points
from game.words import narrate
from game.words.reasons import goes_out, said, with_said
from tests.helpers import BOOK, about_to_ask, asked, position, redeal_hidden, run, settle, tier

LIGHT = Hard(samples=4, hands=16)  # a lighter hard, for time: it keeps melds in hand as hard does
RANK_WORDS = {C.rank_label(r): r for r in "AKQJT98765432"} | {
    C.rank_label(r, False): r for r in "AKQJ"} | {"wild": C.WILD, "Joker": C.WILD, "Jokers": C.WILD}
RANK = re.compile(r"\b(?:" + "|".join(sorted(RANK_WORDS, key=len, reverse=True)) + r")\b")


def bot_moves(preset, seed, bots):
    """(position before, mover, action) of every bot move along a game; seat 0
    is the person at the phone (played by normal)."""
    state = new_game(preset, seed=seed, bots=[None] + list(bots))
    choosers = [get_bot("normal")] + [LIGHT if b == "hard" else get_bot(b) for b in bots]
    rng = random.Random(seed)
    for _ in range(tier(1200, 4000)):
        if state.phase == Phase.GAME_END:
            return
        if state.phase == Phase.DEAL_END:
            apply(state, {"type": Act.NEXT_DEAL})
            continue
        seat = state.to_move()
        action = choosers[seat](observe(state, seat), seat, rng)
        if seat:
            yield state.clone(), seat, action
        apply(state, action)


GAMES = [("triple-play", 21, ["hard", "normal", "easy"]), ("hand-and-foot", 22, ["normal", "hard", "normal"]),
         ("simpson", 23, ["hard", "normal", "hard"])]
MORE = tier([], [(preset, seed, ["hard", "normal", "hard", "normal", "hard"][:PRESETS[preset].players - 1])
                 for preset in PRESETS for seed in (51, 52)])


def leads(state):
    """The gaps between the sides' scores (sheet and table), as everyone sees them."""
    scores = [s.total + table_points(state, i) for i, s in enumerate(state.sides)]
    return {abs(a - b) for a in scores for b in scores}


def laid_ranks(after_view, seat):
    """The ranks of the melds the move itself made or grew (shown to all once it lands)."""
    return {e["rank"] for e in after_view["events"] if e["event"] == Ev.MELDED and e["seat"] == seat}


@pytest.mark.parametrize("preset,seed,bots", GAMES + MORE)
def test_no_reason_names_or_implies_a_card_the_person_cannot_see(preset, seed, bots):
    rng = random.Random(seed)
    kinds = set()
    for before, seat, action in bot_moves(preset, seed, bots):
        words = said(before, seat, action)
        if not words:
            continue
        kinds.add(action["type"])
        after = before.clone()
        apply(after, action)
        for word in RANK.findall(words):  # a rank only where the move lays it on the table
            assert RANK_WORDS[word] in laid_ranks(view(after, 0, log=False), seat), (words, word)
        figures = leads(before) | {before.rules.going_out_bonus}  # no figure of a hidden hand
        for n in re.findall(r"\d[\d,]*(?!\d*s\b)", words):
            assert int(n.replace(",", "")) in figures, (words, n)
        # from the bot's own view: the cards it cannot see change nothing
        assert said(redeal_hidden(before, seat, rng), seat, action) == words
    assert {Act.TAKE_PILE, Act.DISCARD} <= kinds


def test_answers_from_many_hands_quote_no_figure_of_a_hand():
    """Answers are rare in a game: here the partner's hand, its foot and the
    opponents' hands are drawn at random, and both answers are worded."""
    rng = random.Random(7)
    plain = [c + s for c in "AQJT8764" for s in "HDC"] + ["JK", "2C", "2D", "3S"]  # none of the others' cards
    words = set()
    for _ in range(tier(60, 300)):
        hand = " ".join(rng.sample(plain, rng.randint(1, 12)))
        state = asked(hand, in_foot=rng.random() < 0.7, opponents_hand=rng.choice(["", "5C 5D", "KS QS JS TS 9S"]))
        state.sides[rng.randrange(2)].total = rng.choice([0, 500, 3000])
        state.players[2].bot = rng.choice(["normal", "hard"])
        for yes in (True, False):
            line = said(state, 2, {"type": Act.ANSWER, "yes": yes})
            words.add(line.split(",")[0])
            assert not RANK.search(line), line
            for n in re.findall(r"\d[\d,]*", line):
                assert int(n.replace(",", "")) in leads(state) | {state.rules.going_out_bonus}, line
    assert len(words) >= 6  # every kind of answer met


@pytest.mark.parametrize("preset,seed,bots", GAMES[:2])
def test_every_answer_pile_taken_ask_and_going_out_of_a_bot_says_why(preset, seed, bots):
    seen = set()
    for before, seat, action in bot_moves(preset, seed, bots):
        kind = action["type"]
        words = said(before, seat, action)
        if kind in (Act.ANSWER, Act.TAKE_PILE, Act.ASK) or goes_out(before, seat, action):
            assert words, (kind, action)
            seen.add(kind)
        if words and words.startswith("I keep my melds"):
            seen.add("held")
            assert before.players[seat].bot == "hard"
    assert {Act.TAKE_PILE, "held"} <= seen


def test_a_partner_still_holding_its_foot_says_so():
    state = asked("4S 4H 4D 8C", in_foot=False)
    state.players[2].bot = "normal"
    assert said(state, 2, {"type": Act.ANSWER, "yes": False}) == "I still have my knee and foot to play"
    state.players[2].bot = None  # a person's answer has no reason given
    assert said(state, 2, {"type": Act.ANSWER, "yes": False}) is None


def test_a_yes_names_the_book_and_the_lead_or_the_race():
    state = asked("4S")
    state.players[2].bot = "normal"
    state.sides[0].total = 1000
    lead = state.sides[0].total + table_points(state, 0) - state.sides[1].total - table_points(state, 1)
    assert said(state, 2, {"type": Act.ANSWER, "yes": True}) == f"our book is complete and we lead by {lead:,}"
    close = asked("4S", opponents_hand="5C 5D")
    close.players[2].bot = "hard"
    assert said(close, 2, {"type": Act.ANSWER, "yes": True}) == "they are close to going out"


def test_a_no_from_the_foot_weighs_the_cards_left():
    state = asked("JK JK AS AH 2C 2D KS KH AD")
    state.players[2].bot = "normal"
    bonus = state.rules.going_out_bonus
    assert going_out.cards_left_cost(state, 2) > bonus
    assert said(state, 2, {"type": Act.ANSWER, "yes": False}) == \
        f"my cards left would cost more than the {bonus} for going out"
    cheap = asked("4S")
    cheap.players[2].bot = "hard"
    assert said(cheap, 2, {"type": Act.ANSWER, "yes": False}) == "the scores are level, and I would rather play on"


def test_asking_and_going_out_say_the_book():
    state = about_to_ask("4S")
    state.players[0].bot = "normal"
    state.sides[1].total = 500
    words = said(state, 0, {"type": Act.ASK})
    assert words.startswith("our book is complete and we trail by ")
    apply(state, {"type": Act.ASK})
    apply(state, {"type": Act.ANSWER, "yes": True})
    out = {"type": Act.MELD, "melds": [{"to": m.id, "cards": ["9S", "9H", "9D"]}
                                      for m in state.sides[0].melds if m.rank == "9"][:1] or
           [{"cards": ["9S", "9H", "9D"]}]}
    assert goes_out(state, 0, out)
    before = view(state, 2, log=False)
    words = said(state, 0, out)
    apply(state, out)
    line = narrate.summarize(out, 0, before, with_said(view(state, 2, log=False), words))
    assert line.endswith(f"South went out (“{words}”).") and words.startswith("our book is complete")


def test_taking_the_pile_says_what_the_top_card_does():
    def pile(meld):
        state = position(hands={1: "KS KH 9C 9D 5S 6S"}, discard="4C 6D 8H KD", turn=1, melds={1: [("K", meld)]})
        state.players[1].bot = "normal"
        return state, state.sides[1].melds[0].id
    state, kings = pile("KC KC KD 2C")
    assert said(state, 1, take(kings, "KS KH")) == "the top card makes our Kings a canasta"
    state, kings = pile("KC KC KD")
    assert said(state, 1, take(kings, "KS KH")) == "the top card joins our Kings"
    state.discard[-1] = "9H"
    assert said(state, 1, take(None, "9C 9D")) == "the top card starts a meld of 9s"
    assert said(state, 1, take(None, "5S 6S")) is None  # a take the rules refuse: no word
    state.discard[:0] = ["4D", "6C", "8C", "4H"]
    assert said(state, 1, take(None, "9C 9D")) == "a big pile builds our melds"
    unopened = position(hands={1: "KS KH AS AH JK 9C"}, discard="4C 6D 8H KD", turn=1)
    unopened.players[1].bot = "easy"
    opening = {"type": Act.TAKE_PILE, "melds": [{"cards": ["KS", "KH"]}, {"cards": ["AS", "AH", "JK"]}]}
    assert is_legal(unopened, opening)
    assert said(unopened, 1, opening) == "it makes our first meld"


def take(to, cards=""):
    """A pile take: ``cards`` from the hand with the top card, on meld ``to`` or a new one."""
    placement = {"cards": cards.split()} | ({"to": to} if to is not None else {})
    return {"type": Act.TAKE_PILE, "melds": [placement]}


def test_a_bot_that_plans_says_it_keeps_its_melds_and_one_that_does_not_says_nothing():
    state = position(hands={1: "KS KH KD 9C 5S 6D 8H"}, turn=1, phase="play", opened=(1,),
                     melds={1: [("Q", "QC QD QH")]})
    throw = {"type": Act.DISCARD, "card": "9C"}
    for bot, words in (("hard", "I keep my melds in hand to take the pile"),
                       ("normal", "I keep my melds in hand to take the pile"),
                       ("easy", None), (None, None)):
        state.players[1].bot = bot
        assert said(state, 1, throw) == words
    state.players[1].bot = "hard"
    assert said(state, 1, {"type": Act.DISCARD, "card": "AS"}) is None  # a card it does not hold


def test_a_player_alone_speaks_for_itself():
    state = position(rules="simpson", hands={0: "9S 9H 9D 4C"}, piles={0: []}, melds={0: list(BOOK)}, phase="play")
    state.players[0].bot = "normal"
    apply(state, {"type": Act.MELD, "melds": [{"cards": ["9S", "9H", "9D"]}]})
    out = {"type": Act.DISCARD, "card": "4C"}
    assert goes_out(state, 0, out)
    assert said(state, 0, out).startswith("my book is complete and I lead by ")


def test_the_log_and_the_recap_quote_the_partners_answer():
    async def scenario(ctl, page):
        s = ctl.session
        state = about_to_ask("4S 4H 4D 8C", in_foot=False)
        for seat, bot in enumerate([None, "easy", "normal", "easy"]):
            state.players[seat].bot = bot
        ctl.board.put_on_table(state, ["Planted."])
        ctl.run_command("ask", None)
        await settle(ctl)
        assert s.log[-1] == "North answered no (“I still have my knee and foot to play”)."
        assert "North said no (“I still have my knee and foot to play”)" in page.text("recap")

    run(scenario)

