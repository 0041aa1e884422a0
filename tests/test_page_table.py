"""The table's room (ui/table/): moves by taps, refusals, Undo, the next deal,
their melds unfolded and folded, the selection's target melds."""



import pytest

import game
from game import cards as C
from tests.helpers import (
    EASY,
    SEED,
    before_wests_big_turn,
    new_meld,
    nodes,
    played,
    position,
    run,
    settle,
    started,
    tap_cards,
    texts,
)
from ui.core.text import HUMAN
from ui.table.recap import changed_melds
from ui.table.turn import fresh_in_hand
from ui.table.turn import hand as held


def test_draw_discard_and_the_bots_answer():
    async def scenario(ctl, page):
        await started(ctl, page)
        s = ctl.session
        hand = len(held(ctl.session))
        ctl.run_command("draw", None)
        assert len(held(ctl.session)) > hand and s.state.phase == "play"
        assert s.snapshot is not None and not s.changed
        assert ("undo", None) not in page.cmds("actions")  # nothing to undo yet
        fresh = sum(fresh_in_hand(ctl.session, held(ctl.session)).values())
        assert fresh == len(held(ctl.session)) - hand
        tap_cards(ctl, held(ctl.session)[:1])
        deal, turn = s.state.deal, s.state.turn_number
        ctl.run_command("toggle-setting", "sound")
        ctl.run_command("discard", None)
        assert s.busy and page.attrs["table"]["data-busy"] == "1"
        await settle(ctl)
        assert (s.state.to_move() == HUMAN and s.state.turn_number > turn) or s.state.deal != deal
        assert not s.busy and page.attrs["table"]["data-busy"] == "0"
        assert s.snapshot is None and not s.fresh
        assert page.text("recap") and page.root["bot-actions"] == str(len(ctl.turns.kinds["bot"].ms))
        assert page.root["saved"] == f"{s.slot}:{len(s.state.log)}"
        assert "turn" in page.cues  # the person's turn is cued

    run(scenario)


def test_a_refused_move_says_why_and_changes_nothing():
    async def scenario(ctl, page):
        await started(ctl, page)
        s = ctl.session
        ctl.run_command("draw", None)
        before = s.state.to_json()
        ctl.run_command("discard", None)
        assert s.message and page.text("message") == s.message
        assert page.attrs["table"]["data-message"] == "1"
        tap_cards(ctl, held(ctl.session)[:2])
        ctl.run_command("discard", None)
        assert s.message and s.state.to_json() == before
        ctl.run_command("meld", None)
        assert s.state.to_json() == before
        ctl.run_command("clear", None)
        assert s.message == "" and not s.sel.selected_cards(held(ctl.session))

    run(scenario)


@pytest.mark.parametrize("hand, selected, why", [
    ("9C KS KH QD 5C 6D 7H", [], "meld its top card, 9♥, with two 9s from your hand"),  # no take at all
    ("9C KS KH QD 5C 6D 7H", ["KS", "KH"], "meld its top card, 9♥, with two 9s from your hand"),
    ("9C 9S KS KH QD 5C 6D 7H", ["9C", "9S"], "needs 50 points for its first meld"),  # the pair, short of 50
])
def test_a_tap_on_a_refused_take_says_what_it_takes_in_words_a_touch_can_read(hand, selected, why):
    """Issue 72: the greyed Take pile's reason (the bar's tooltip) is what a tap says,
    naming the card, not "Meld the top card of the pile to take it"."""
    async def scenario(ctl, page):
        s = planted(ctl, hands={0: hand}, discard="4S 9H", turn=0, phase="draw")
        tap_cards(ctl, selected)
        before = s.state.to_json()
        ctl.run_command("take", None)
        assert why in s.message and s.state.to_json() == before
        take = next(n for n in nodes(page.regions["actions"]) if n.attrs.get("id") == "btn-take")
        assert take.attrs["title"] == s.message  # the greyed button's reason, word for word

    run(scenario)


def planted(ctl, **where):
    """A position on the table, South to play against three easy bots."""
    state = position(**where)
    for seat in (1, 2, 3):
        state.players[seat].bot = "easy"
    ctl.board.put_on_table(state, ["Planted."])
    ctl.render()
    return ctl.session


def test_a_staged_meld_the_rules_refuse_is_refused_at_once_with_why():
    """Issue 72: Joker Joker 5♣ is no meld in Triple Play: staging says so
    (not Meld, later), keeps the cards selected and changes nothing."""
    async def scenario(ctl, page):
        s = planted(ctl, hands={0: "JK JK 5C 5D 5H 8S 9S"}, discard="4S", turn=0, phase="play")
        tap_cards(ctl, ["JK", "JK", "5C"])
        ctl.run_command("stage", None)
        assert s.message == "Melds of 5s take no wild cards. Not staged: Joker Joker 5♣."
        assert s.sel.staged == [] and len(s.sel.selected_cards(held(s))) == 3
        ctl.run_command("clear", None)
        tap_cards(ctl, ["5C", "5D", "5H"])
        ctl.run_command("stage", None)
        assert s.message == "" and s.sel.staged == [{"cards": ["5C", "5D", "5H"]}]

    run(scenario)


def test_an_addition_the_rules_refuse_is_refused_at_once_with_why():
    """Issue 72: wild cards staged to a meld of 5s, or a second wild card to a
    meld of three naturals, are refused when tapped on the meld, with why."""
    async def scenario(ctl, page):
        s = planted(ctl, hands={0: "JK 2C 5D 8S 9S"}, melds={0: [("5", "5C 5H 5S"), ("K", "KS KH KD")]},
                    opened=(0,), discard="4S", turn=0, phase="play")
        tap_cards(ctl, ["JK"])
        ctl.run_command("add-to", "1")
        assert s.message == "Melds of 5s take no wild cards. Not staged: Joker."
        assert s.sel.staged == []
        ctl.run_command("add-to", "2")
        assert s.message == "" and s.sel.staged == [{"to": 2, "cards": ["JK"]}]
        tap_cards(ctl, ["2C"])
        ctl.run_command("add-to", "2")
        assert s.message.endswith("Not staged: 2♣.") and len(s.sel.staged) == 1
        ctl.run_command("fewer", "2")  # the refused card stays selected until put back
        tap_cards(ctl, ["5D"])
        ctl.run_command("add-to", "1")
        assert s.message == "" and s.sel.staged[-1] == {"to": 1, "cards": ["5D"]}

    run(scenario)


def test_a_pair_may_be_staged_for_the_pile_before_the_draw():
    """Before the draw, a staged pair is the pile's top card's meld (it joins the first one)."""
    async def scenario(ctl, page):
        s = planted(ctl, hands={0: "9C 9S KS KH KD 5C 6D"}, discard="4S 9H", turn=0, phase="draw")
        tap_cards(ctl, ["9C", "9S"])
        ctl.run_command("stage", None)
        assert s.message == "" and s.sel.staged == [{"cards": ["9C", "9S"]}]

    run(scenario)


def test_a_chip_shows_in_front_the_card_a_tap_selects():
    """Issue 72: Aces of two suits show the one Discard would throw (the
    chip showed A♠ while the bar said "Discard A♦")."""
    async def scenario(ctl, page):
        s = planted(ctl, hands={0: "AS AD 5C 6D 8S"}, discard="4S", turn=0, phase="play")
        for taps in (0, 1):
            chip = next(n for n in nodes(page.regions["hand"]) if n.attrs.get("id") == "chip-A")
            front = next(n for n in nodes([chip]) if "front" in n.attrs.get("class", "").split())
            shown = "".join(texts([front]))
            assert shown == C.label(s.sel.cards_of(held(s), "A")[0])
            if taps:
                assert f"Discard {shown}" in page.text("actions")
            ctl.run_command("pick", "A")

    run(scenario)


def test_a_meld_and_its_undo_back_to_just_after_the_draw():
    async def scenario(ctl, page):
        page.form.update(EASY)
        for attempt in range(40):  # a deal where the person can meld after the draw
            ctl.setup.fixed_seed = SEED + attempt
            ctl.run_command("start", None)
            await settle(ctl)
            ctl.run_command("draw", None)
            if new_meld(ctl.session.state):
                break
        s = ctl.session
        drawn, lines, fresh, steps = s.state.to_json(), len(s.log), +s.fresh, list(ctl.session.steps)
        ctl.run_command("hint-close", None)  # a command that draws the table again
        assert ("undo", None) not in page.cmds("actions")
        meld = [c for m in new_meld(s.state)["melds"] for c in m["cards"]]
        hand = len(held(ctl.session))
        tap_cards(ctl, meld)
        ctl.run_command("meld", None)
        assert s.message == "" and s.changed and s.state.log[-1]["type"] == "meld"
        assert len(held(ctl.session)) == hand - len(meld) and not s.sel.picked
        ctl.render()
        assert ("undo", None) in page.cmds("actions")
        ctl.run_command("undo", None)
        assert s.state.to_json() == drawn and len(s.log) == lines and s.fresh == fresh
        assert s.message == "Undone: back to just after your draw." and not s.changed
        assert ctl.session.steps == steps  # the meld is gone from the recap too

    run(scenario)


async def after_wests_big_turn(ctl, toggles=0):
    """The seeded deal where West's pile take changes their melds (tests.helpers),
    played on from the person's discard to the person's next turn; the
    strip tapped ``toggles`` times before the draw."""
    planted, card = before_wests_big_turn()
    slot = ctl.store.save(None, planted, ["planted"])
    ctl.run_command("resume", slot)
    tap_cards(ctl, [card])
    ctl.run_command("discard", None)
    await settle(ctl)
    s = ctl.session
    assert s.state.to_move() == HUMAN and s.state.phase == "draw"
    assert s.theirs_open  # unfolded by themselves, and a changed meld of theirs scrolled to
    for _ in range(toggles):
        ctl.run_command("opponents", None)
    ctl.run_command("draw", None)
    return s


def test_next_deal_starts_the_log_again_with_their_melds_folded():
    async def scenario(ctl, page):
        state = played(seed=3, deals=1)
        slot = ctl.store.save(None, state, ["old line"])
        ctl.games.open_game(slot, state, ["old line"])
        s = ctl.session
        s.theirs_open = True
        ctl.render()
        assert s.state.phase == "deal_end" and page.screen() == "sheet"
        ctl.run_command("next-deal", None)
        await settle(ctl)
        assert s.state.deal == 2 and s.log[0] == "Deal 2 begins." and "old line" not in s.log
        assert not s.theirs_open  # a new deal's table has no melds of theirs to show
        assert page.screen() == "table" and s.state.to_move() == HUMAN

    run(scenario)


@pytest.mark.parametrize("toggles, open_after", [(0, False), (1, False), (2, True)])
def test_their_melds_unfolded_for_their_changes_fold_at_the_persons_draw(toggles, open_after):
    """Unless a tap on the strip chose: then they stay as the person left them."""
    async def scenario(ctl, page):
        assert page.revealed == []
        s = await after_wests_big_turn(ctl, toggles)
        assert page.revealed[0] == "#their-melds .meld.changed"
        assert s.theirs_open == open_after and not changed_melds(ctl.session)

    run(scenario)


def test_a_selection_that_can_join_a_meld_of_yours_scrolls_to_it_once():
    async def scenario(ctl, page):
        s = await after_wests_big_turn(ctl)
        ours = {m.rank for m in s.state.sides[0].melds}
        card = next(c for c in held(ctl.session) if c[0] in ours and not game.cards.is_wild(c))
        seen = len(page.revealed)
        tap_cards(ctl, [card])
        assert page.revealed[seen:] == ["#meld-scroll .side.mine .meld.target"]
        ctl.run_command("hint-close", None)  # drawn again, the same melds lit: no scroll
        assert len(page.revealed) == seen + 1
        ctl.run_command("clear", None)
        tap_cards(ctl, [card])
        assert len(page.revealed) == seen + 2

    run(scenario)


def test_a_position_built_by_hand_opens_with_no_recap():
    """Its log does not lead to it (e2e tests plant such positions)."""
    async def scenario(ctl, page):
        state = position(hands={0: "8H 4D 9C 9D 9H KS KH 2C 6D 7S"})
        for player in state.players[1:]:
            player.bot = "easy"
        slot = ctl.store.save(None, state, ["planted"])
        ctl.run_command("resume", slot)
        assert page.screen() == "table" and ctl.session.steps == [] and page.text("recap") == "planted"

    run(scenario)
