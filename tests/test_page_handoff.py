"""The hand-off room (ui/handoff/): several people at one phone, no hand in the
page between them."""

import asyncio

import game
from game.links import share
from tests.helpers import (
    PARTNERS,
    about_to_ask,
    nodes,
    people_game,
    play_on,
    play_until,
    run,
    settle,
    started,
)
from ui.table.turn import hand as held


def hidden_cards(state):
    """Every card of every person's hand and unpicked piles."""
    return [c for p in state.players if p.bot is None for c in p.hand + [c for pile in p.piles for c in pile]]


def nothing_hidden_drawn(page, state):
    """At a hand-off: the table's regions are empty and no card's words are in what the page shows
    (the rules screen, hidden, speaks of "Jokers" in general)."""
    from game import cards as C
    from ui.handoff.handoff import TABLE_REGIONS
    assert page.screen() == "handoff"
    assert all(page.regions.get(region, []) == [] for region in TABLE_REGIONS)
    words = " ".join(page.text(region) for region in (*TABLE_REGIONS, "handoff", "scores"))
    assert not [c for c in set(hidden_cards(state)) if C.label(c) in words or c in words]


async def two_partners_at_the_table(ctl):
    """A new game of South and North, people, against two easy bots; the bots have moved."""
    ctl.board.put_on_table(people_game(), ["New game."])
    await settle(ctl)
    return ctl.session


async def person_plays_a_turn(ctl, seat):
    """``seat``'s person takes the phone and plays a turn as the easy bot would."""
    import random as _random

    from game.bots import get_bot
    s = ctl.session
    assert s.handoff == seat
    ctl.run_command("im", None)
    assert s.seat == seat and s.handoff is None
    if s.since:
        ctl.run_command("show-hand", None)
    rng = _random.Random(seat)
    while s.state.to_move() == seat and s.state.phase in ("draw", "play"):
        assert ctl.table.act(get_bot("easy")(game.observe(s.state, seat), seat, rng))
    await settle(ctl)


def test_two_people_pass_the_phone_with_no_hand_in_the_page_between_them():
    async def scenario(ctl, page):
        s = await two_partners_at_the_table(ctl)
        ctl.render()
        handoffs = []
        while len(handoffs) < 6 and s.state.phase in ("draw", "play"):
            nothing_hidden_drawn(page, s.state)
            assert page.cmds("handoff") == [("im", None)]
            name = s.state.players[s.handoff].name
            assert f"Pass the phone to {name}" in page.text("handoff")
            assert "South & North 0 · West & East 0" in page.text("handoff") and page.regions["scores"] == []
            handoffs.append(s.handoff)
            await person_plays_a_turn(ctl, s.handoff)
            ctl.render()
        assert handoffs[1:] == [2, 0, 2, 0, 2] or handoffs == [0, 2, 0, 2, 0, 2]

    run(scenario)


def test_after_the_hand_off_the_others_turns_come_first_then_the_hand():
    async def scenario(ctl, page):
        s = await two_partners_at_the_table(ctl)
        first = s.handoff
        await person_plays_a_turn(ctl, first)
        other = s.handoff
        assert other == 2 - first
        ctl.run_command("im", None)
        assert s.since and s.seat == other
        assert page.text("hand").startswith("Since your last turn")
        assert "discarded" in page.text("hand")  # the turns since, in words
        assert page.cmds("actions") == [("replay-moves", None), ("show-hand", None)]
        ctl.run_command("replay-moves", None)
        marked = set()
        while ctl.handoff.replaying:  # each turn's line is marked while its moves replay
            await asyncio.sleep(0)
            marked |= {i for i, n in enumerate(nodes(page.regions["hand"][0].children[1].children))
                       if n.attrs.get("aria-current")}
        assert marked == set(range(len(ctl.handoff.since_turns())))
        assert "'aria-current': 'step'" not in str(page.regions["hand"])  # and none once it is over
        ctl.run_command("show-hand", None)
        assert not s.since and len(page.cmds("hand")) >= 1
        assert ("draw", None) in page.cmds("actions")

    run(scenario)


def test_the_page_going_to_the_background_puts_the_hand_away():
    async def scenario(ctl, page):
        s = await two_partners_at_the_table(ctl)
        seat = s.handoff
        ctl.run_command("im", None)
        ctl.run_command("draw", None)
        picked = s.sel.groups(held(ctl.session))[0][0]
        ctl.run_command("pick", picked)
        ctl.run_command("page-hidden", None)
        nothing_hidden_drawn(page, s.state)
        assert "background" in page.text("handoff") and s.handoff == seat
        log = len(s.state.log)
        ctl.run_command("discard", None)  # no move while the phone is away
        assert len(s.state.log) == log
        ctl.run_command("im", None)
        assert not s.since and s.sel.picked[picked] == 1  # the same person goes on where they were
        assert s.snapshot is not None  # and may still undo their turn

    run(scenario)


def test_one_person_never_sees_a_hand_off():
    async def scenario(ctl, page):
        await started(ctl, page)
        ctl.run_command("page-hidden", None)
        assert ctl.session.handoff is None and page.screen() == "table"
        assert page.root["private"] == "0" and page.regions["handoff"] == []

    run(scenario)


def test_a_person_partner_answers_may_i_go_out_on_a_hand_off_of_their_own():
    async def scenario(ctl, page):
        s = ctl.session
        state = about_to_ask("4S 4H 4D 8C")
        for seat, bot in enumerate(PARTNERS):
            state.players[seat].bot = bot
        ctl.board.put_on_table(state, ["Planted."])
        assert s.handoff == 0
        ctl.run_command("im", None)
        ctl.run_command("ask", None)
        await settle(ctl)
        assert s.handoff == 2 and "South asks North: may I go out?" in page.text("handoff")
        nothing_hidden_drawn(page, s.state)
        ctl.run_command("im", None)
        ctl.run_command("show-hand", None)
        assert ("answer", "yes") in page.cmds("actions")
        ctl.run_command("answer", "yes")
        await settle(ctl)
        assert s.handoff == 0
        nothing_hidden_drawn(page, s.state)

    run(scenario)


def test_the_score_sheet_of_several_people_names_every_side():
    async def scenario(ctl, page):
        s = ctl.session
        state = play_until(people_game(), 1)
        ctl.board.put_on_table(state, ["Played."])
        ctl.run_command("im", None)
        sheet = page.text("sheet")
        assert "South & North" in sheet and "West & East" in sheet
        assert "Us" not in sheet.split() and "Them" not in sheet.split()
        assert s.state.phase == "deal_end"

    run(scenario)


def test_a_link_to_a_game_of_several_people_opens_at_the_hand_off():
    state = people_game()
    play_on(state, lambda st: len(st.log) >= 9)

    async def scenario(ctl, page):
        ctl.run_command("accept-link", None)
        s = ctl.session
        assert page.screen() == "handoff" and s.handoff in (0, 2)
        nothing_hidden_drawn(page, s.state)
        seat = s.handoff
        ctl.run_command("im", None)
        assert s.seat == seat and [p.bot for p in s.state.players] == PARTNERS
        await settle(ctl)
        assert s.state.to_move() == s.seat or s.handoff == 2 - seat  # the bots played on to a person

    run(scenario, fragment="g=" + share.encode(state))


def test_the_page_hidden_on_the_rules_screen_takes_the_hand_out_of_the_page_too():
    async def scenario(ctl, page):
        s = await two_partners_at_the_table(ctl)
        ctl.run_command("im", None)
        ctl.run_command("rules", None)
        assert page.regions["hand"] != []  # the rules screen hides the table by style only
        ctl.run_command("page-hidden", None)
        assert page.regions["hand"] == [] and page.screen() == "rules"
        ctl.run_command("back", None)
        nothing_hidden_drawn(page, s.state)

    run(scenario)


def west_moves_first():
    """A new game of South and North, people, whose deal starts with West, a bot,
    to move: North plays next."""
    for seed in range(1, 100):
        state = people_game(seed=seed)
        if state.to_move() == 1:
            return state
    raise AssertionError("no seed has West move first")


def test_the_first_hand_off_names_the_person_who_plays_first_after_the_bots():
    """Issue 72: a bot to move first, the phone goes to the person whose turn comes
    next (not to South, who would see the hand, then pass it on)."""
    async def scenario(ctl, page):
        state = west_moves_first()
        ctl.board.put_on_table(state, ["New game."])
        s = ctl.session
        assert s.handoff == 2 and s.busy  # while West plays, the screen already names North
        ctl.render()
        assert "Pass the phone to North" in page.text("handoff")
        await settle(ctl)
        assert s.handoff == 2 == s.state.to_move()

    run(scenario)


def test_the_games_list_opened_from_the_hand_off_works_and_leads_back_to_it():
    """Issue 72: ☰ at a hand-off, then Continue: the hand-off again, for the same person;
    the list's other commands work there too."""
    async def scenario(ctl, page):
        s = await two_partners_at_the_table(ctl)
        ctl.games.autosave()
        ctl.render()
        waiting, slot = s.handoff, s.slot
        assert waiting is not None and page.screen() == "handoff"
        ctl.run_command("games", None)
        assert page.screen() == "games"
        ctl.run_command("export", slot)
        assert page.downloads and "Saved to your downloads" in page.text("games")
        ctl.run_command("resume", slot)
        await settle(ctl)
        assert page.screen() == "handoff" and s.handoff == waiting
        nothing_hidden_drawn(page, s.state)

    run(scenario)
