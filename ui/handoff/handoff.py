"""Several people at one phone: the hand-off between their turns.

A room of the page (ui.core.commands.Feature). When a person other than
the one holding the phone is to move (the ``hand_off`` signal of their
seat, ui/seats/person_seat.py), when the page goes to the background, and
when a game with several people comes to the table, the
hand-off screen shows "Pass the phone to North" and the table's regions are
emptied (removed from the page, not hidden by style), so no card of any
hand is in the page until North taps "I'm North". North then first sees
what the others did since North's last turn (the turns in words, their
motion replayable) in place of the hand, and taps to see the hand.
"""

import asyncio

from game.names import Phase
from game.words import narrate
from ui.core.commands import Feature, command, screen
from ui.core.table_view import page_view
from ui.core.text import fmt
from ui.handoff import handoff_view as V
from ui.seats import seating as seats
from ui.table.recap import turns_since

# The table's regions that may hold a hand's cards, or words about them: emptied at a hand-off.
TABLE_REGIONS = ("seats", "melds", "piles", "staged", "hand", "status", "recap", "log", "message",
                 "learn", "hint-bubble", "sheet", "actions")


class Handoff(Feature):
    def __init__(self, app):
        super().__init__(app)
        self.why = ""           # the hand-off screen's reason
        self.replaying = False  # the since panel's moves are being replayed
        self.replay_turn = None  # the index of the turn being replayed
        self.signals.on("on_table", self.on_table)
        self.signals.on("hand_off", self.lock)
        self.signals.on("drawn", self.drawn)

    def several(self):
        """Whether more than one person plays the game at the table on this phone."""
        state = self.session.state
        if state is None:
            return False
        here = self.here()
        return seats.several(state) if here is None else len(here) > 1

    def here(self):
        """The seats of the people at this phone in a game across phones (ui/linked), else None."""
        via = self.session.via
        return None if via is None else set(via.head.people(via.me))

    def lock(self, seat, why=None):
        """The hand-off screen, until ``seat`` taps "I'm ..."; the table leaves the
        page at once, whatever screen shows (the rules screen only hides it)."""
        s = self.session
        s.handoff, s.since, self.replaying = seat, False, False
        self.why = why or self.turn_words(seat)
        self.signals.emit("locked")  # an open Log panel goes with the table
        self.app.motion.cue("turn")
        for region in TABLE_REGIONS:
            self.page.mount(region, [])

    def turn_words(self, seat):
        state = self.session.state
        name = state.players[seat].name
        if state.phase == Phase.ANSWER and state.to_move() == seat:
            return f"{state.players[state.turn].name} asks {name}: may I go out?"
        if state.to_move() == seat:
            return f"It is {name}'s turn."
        if seats.next_person(state, self.here()) == seat:
            return f"It is {name}'s turn next."
        return f"{name}'s cards stay hidden until {name} has the phone."

    def on_table(self, _opened):
        """A game just put on the table: with several people, the person who plays
        first (after the bots before them; at a deal's end, the seat the page
        last showed) takes the phone first."""
        s = self.session
        s.handoff, s.since = None, False
        if self.several():
            nxt = seats.next_person(s.state, self.here())
            self.lock(s.seat if nxt is None else nxt)

    # -- commands ---------------------------------------------------------------------------
    @command(while_bots=True)
    def do_im(self, _arg=None):
        """The person the phone was passed to takes it: the table in their seat's view,
        first the turns since their last one if others have moved."""
        s = self.session
        if s.handoff is None or s.state is None:
            return
        seat, s.handoff = s.handoff, None
        if seat != s.seat:
            self.board.show_seat(seat)  # a clean turn, the log and the recap in their view
        turns = turns_since(s)
        s.since = bool(turns) and turns[-1][0] != seat and s.state.to_move() == seat
        self.page.scroll_to_top()

    @command(while_bots=True)
    def do_page_hidden(self, _arg=None):
        """The page went to the background: with several people, the hand leaves the page."""
        s = self.session
        if self.several() and s.handoff is None:
            self.lock(s.seat, f"The page was in the background, so {s.state.players[s.seat].name}'s "
                              "cards were put away.")

    @command(while_bots=True)
    def do_show_hand(self, _arg=None):
        self.session.since, self.replaying = False, False

    @command(while_bots=True)
    def do_replay_moves(self, _arg=None):
        if self.session.since and not self.replaying:
            self.replaying = True
            asyncio.ensure_future(self.replay_moves())

    async def replay_moves(self):
        """The others' turns since the person's last one, move by move, on the
        table as each left it (at the settings' pace), the hand still put away."""
        s, app, motion = self.session, self.app, self.app.motion
        game_id, log_length = s.game_id, len(s.state.log)
        steps = [(i, step) for i, (_, turn) in enumerate(self.since_turns()) for step in turn]

        def going_on():
            return self.replaying and s.since and s.game_id == game_id and len(s.state.log) == log_length
        try:
            if steps:
                s.shown_view = steps[0][1][2]
                app.render()
            for turn, (action, seat, before, after) in steps:
                await asyncio.sleep(motion.pace()[1] / 2000)
                if not going_on():
                    return
                self.replay_turn = turn
                motion.stage(action, seat, before, after)
                s.shown_view = after
                app.render()
                await motion.finished()
        except Exception as e:  # a replay that fails leaves the table as it is
            self.page.console_error(f"replay of the moves: {type(e).__name__}: {e}")
        finally:
            s.shown_view = None
            self.replaying, self.replay_turn = False, None
            if s.game_id == game_id:
                app.render()

    # -- drawing ------------------------------------------------------------------------------
    def since_turns(self):
        """The others' turns since the shown seat's last one, ``(seat, steps)``."""
        return [turn for turn in turns_since(self.session) if turn[0] != self.session.seat]

    def drawn(self, _view):
        """After the table is drawn: in place of the hand and the action bar, the
        turns since the person's (while they show), and the kept panel."""
        if self.session.since:
            lines = [narrate.turn_line(seat, steps, number=fmt) for seat, steps in self.since_turns()]
            self.page.mount("staged", [])
            self.page.mount("hand", V.since_panel(lines, self.replay_turn))
            self.page.mount("actions", V.since_bar(self.replaying))
        self.draw_panel()

    def draw_panel(self):
        """The hand-off panel of the person holding the phone, kept in the page
        while they play (hidden by style): ui/paint.js paints it, never a hand."""
        s = self.session
        if not self.several():
            self.page.mount("handoff", [])
            self.page.set_root_data("private", "0")
            return
        seat = s.seat if s.handoff is None else s.handoff
        why = self.why if s.handoff is not None else self.turn_words(seat)
        v = seats.shared(s.state, page_view(s.state, seat, log=False))
        totals = [(narrate.side_name(v, side["side"]), fmt(side["total"])) for side in v["sides"]]
        self.page.mount("handoff", V.handoff_panel(s.state.players[seat].name, why, v["deal"], totals))
        self.page.set_root_data("private", "1")

    @screen("handoff")
    def draw_handoff(self):
        for region in TABLE_REGIONS:
            self.page.mount(region, [])
        self.page.mount("scores", [])  # they are in the panel, each side by its players (nobody's "Us")
        self.draw_panel()
        busy = "1" if self.session.busy else "0"  # bots may move on behind the screen
        self.page.set_attrs("table", {"data-phase": "handoff", "data-to-move": None, "data-busy": busy})
        if self.session.shown != "handoff":
            self.page.scroll_to_top()
        self.app.mark_screen("handoff")
        self.page.focus("btn-im")
