"""The card table's commands: taps turned into engine actions, the turn's
selection and staging, Undo, and what each landed move does to the turn.

Every move goes through the board's one path (ui.core.board.Board.land); a
refused one shows the engine's own reason until the next tap. On each move
that lands this room writes the deal's log line, keeps the recap's step
(ui/table/recap.py) and, for the shown seat's own move, the turn's marks:
the cards new this turn, and Undo's snapshot, taken right after the turn's
draw (or pile take). The table's drawing is ui/table/table_screen.py.
"""

from collections import Counter

import game
from game import cards as C
from game.melds import meld_problem, new_meld_problem
from game.moves import refusal
from game.names import Act, Phase
from game.words import narrate
from ui.core.commands import Feature, command, screen
from ui.table import deal_log
from ui.table.recap import Recap
from ui.table.refusals import discard_refusal, meld_action, refusals
from ui.table.table_screen import TableScreen
from ui.table.turn import hand


class Table(Feature):
    def __init__(self, app):
        super().__init__(app)
        self.recap = Recap(self.session, self.page)
        self.screen = TableScreen(app, self.recap)
        self.keeping = False  # the move landing keeps the selection (the knee, an ask)
        on = self.signals.on
        on("on_table", self.on_table)
        on("landed", self.landed)
        on("seat_shown", self.seat_shown)
        on("your_turn", lambda: self.recap.unfold_their_changes())
        on("play", self.act)
        on("dismiss", self.dismiss)

    # -- what the board's signals do to the table -----------------------------------
    def on_table(self, opened):
        """A game just came to the table: its log, the turn's choices a save kept,
        and (a saved game's) the recap rebuilt from its log."""
        s = self.session
        s.log = opened.log
        s.sel.restore(opened.pending.get("picked", {}), opened.pending.get("staged", []))
        s.fresh, s.fresh_game = Counter(opened.pending.get("fresh", [])), s.game_id
        s.snapshot, s.changed = None, False
        s.shown_meld = None
        if opened.slot is not None or opened.steps is not None:
            self.recap.restore(opened.steps)

    def landed(self, r):
        """The deal's log line and the recap's step of every move; the turn's
        marks and Undo's snapshot after the shown seat's own."""
        s = self.session
        line = narrate.summarize(r.action, r.seat, r.before, r.after)
        if r.new_deal:
            s.log = [line]
        else:
            s.log.append(line)
        self.recap.record(r)
        if r.new_deal:
            s.sel.clear()
            s.shown_meld = None  # meld ids start again each deal
            s.theirs_open = False  # and the other sides have none yet
            s.snapshot, s.changed = None, False
        elif r.seat == s.seat:
            self.turn_marks(r)

    def turn_marks(self, r):
        s = self.session
        if not self.keeping:
            s.sel.clear()
        if s.state.to_move() == s.seat and s.state.phase == Phase.PLAY:
            self.mark_fresh(r.before["hand"], r.after["hand"])
            if r.action["type"] in Act.TURN_STARTS and r.before["phase"] == Phase.DRAW:
                here = len(s.via.pending) if s.via is not None else s.state.to_json()  # ui/linked's moves
                s.snapshot = (here, len(s.log), Counter(s.fresh), len(s.steps))
                s.changed = False
            else:
                s.changed = True
        else:
            s.snapshot, s.changed = None, False
            s.fresh.clear()

    def mark_fresh(self, before, after):
        """Cards that came into the hand this turn (draw, pile, knee, foot) stay
        marked until the turn ends; those melded since drop out."""
        s = self.session
        held = Counter(after)
        if s.fresh_game != s.game_id:
            s.fresh, s.fresh_game = Counter(), s.game_id
        s.fresh = (s.fresh + (held - Counter(before))) & held

    def seat_shown(self, seat):
        """Another person took the phone: a clean turn, the log and the recap in their view."""
        s = self.session
        s.sel.clear()
        s.snapshot, s.changed, s.shown_meld, s.theirs_open = None, False, None, False
        s.fresh.clear()
        s.log = deal_log.lines_or(s.state, s.log[-1:], seat, self.page.console_warn)
        self.recap.restore()

    def dismiss(self):
        """Escape: a meld's cards close first, then their melds fold; the focus goes back."""
        s = self.session
        if s.shown_meld is not None:
            s.refocus, s.shown_meld = f"meld-{s.shown_meld}", None
        elif s.theirs_open:
            s.refocus, s.theirs_open = "btn-opponents", False

    # -- the shown seat's moves -------------------------------------------------------
    def act(self, action, keep_selection=False):
        """Apply one action for the shown seat; True if the engine accepted it."""
        self.keeping = keep_selection
        try:
            self.board.land(action, self.session.seat)
        except game.IllegalMove as e:
            self.app.say(str(e))
            return False
        finally:
            self.keeping = False
        return True

    @command
    def do_draw(self, piles=None):
        """Draw; with two stock piles ``piles`` is the chosen split ("0,1")."""
        action = {"type": Act.DRAW}
        if piles:
            action["from"] = [int(i) for i in piles.split(",")]
        self.act(action)

    @command
    def do_take(self, _arg=None):
        """Take the pile with the selection; refused, say what the greyed button
        says where the rules refuse any take now (it names the card)."""
        s = self.session
        action = {"type": Act.TAKE_PILE, "melds": s.sel.placements(hand(s))}
        seen = game.observe(s.state, s.seat)
        why = refusal(seen, action)
        if why:
            view = game.view(s.state, s.seat, log=False)
            self.app.say(refusals(seen, s.seat, s.sel, view)[Act.TAKE_PILE] or why)
            return
        self.act(action)

    @command
    def do_meld(self, _arg=None):
        """Send the staged placements and the selection (ui.table.refusals.meld_action),
        else say what to do."""
        s = self.session
        action, why = meld_action(game.observe(s.state, s.seat), s.sel, hand(s))
        if why:
            self.app.say(why)
            return
        self.act(action)

    @command
    def do_discard(self, _arg=None):
        """Exactly one selected card: a mis-tap must never give a card away."""
        selected = self.session.sel.selected_cards(hand(self.session))
        why = discard_refusal(len(selected))
        if why:
            self.app.say(why)
            return
        self.act({"type": Act.DISCARD, "card": selected[0]})

    # -- drag and drop (ui/gestures.js): the same moves as the buttons --------------------------
    @command
    def do_drop_meld(self, arg):
        """A chip dropped on the melds ("K") or on one of the side's melds ("K:4"):
        the selection it is part of, else its whole group, as a new meld or
        added to that meld."""
        sel = self.session.sel
        key, _, to = (arg or "").partition(":")
        cards_held = hand(self.session)
        if not sel.cards_of(cards_held, key):
            return
        sel.pick_group(cards_held, key)
        if not to:
            return self.do_meld()
        cards = sel.selected_cards(cards_held)
        self.act({"type": Act.MELD, "melds": sel.staged + [{"to": int(to), "cards": cards}]})

    @command
    def do_drop_discard(self, key):
        """A chip dropped on the discard pile throws one card of it, never more."""
        cards = self.session.sel.cards_of(hand(self.session), key)
        if cards:
            self.act({"type": Act.DISCARD, "card": cards[0]})

    @command
    def do_knock(self, _arg=None):
        self.act({"type": Act.KNOCK})

    @command
    def do_knee(self, _arg=None):
        self.act({"type": Act.PICK_UP_KNEE}, keep_selection=True)

    @command
    def do_ask(self, _arg=None):
        self.act({"type": Act.ASK}, keep_selection=True)

    @command
    def do_answer(self, arg):
        self.act({"type": Act.ANSWER, "yes": arg == "yes"})

    @command
    def do_next_deal(self, _arg=None):
        if self.act({"type": Act.NEXT_DEAL}):
            self.page.scroll_to_top()

    @command
    def do_undo(self, _arg=None):
        s = self.session
        if s.snapshot is None:
            return
        data, log_len, fresh, steps = s.snapshot
        # a game across phones takes its moves back in its record (which keeps them for the next link)
        self.board.rewind(s.via.rewind(data) if s.via is not None else game.GameState.from_json(data))
        s.fresh = Counter(fresh)
        del s.log[log_len:]
        s.steps = s.steps[:steps]
        s.sel.clear()
        s.changed = False
        self.app.say("Undone: back to just after your draw.")

    # -- selection and staging ------------------------------------------------------------------
    @command(while_bots=True)
    def do_pick(self, key):
        if self.session.state is not None:
            self.session.sel.tap(hand(self.session), key)

    @command(while_bots=True)
    def do_fewer(self, key):
        if self.session.state is not None:
            self.session.sel.fewer(hand(self.session), key)

    @command(while_bots=True)
    def do_pick_all(self, key):
        """A long press on a chip: all of its rank."""
        if self.session.state is not None:
            self.session.sel.pick_all(hand(self.session), key)
            self.session.hint = False

    @command(while_bots=True)
    def do_stage(self, _arg=None):
        """The selection as a new meld to send with the next Meld; on the person's
        turn to play, only one the rules would take (why not, at once)."""
        s = self.session
        cards = s.sel.selected_cards(hand(s))
        if not cards:
            self.app.say("Select cards in your hand first.")
            return
        if s.state.to_move() == s.seat and s.state.phase == Phase.PLAY:
            problem = new_meld_problem(s.state.rules, cards)
            if problem:
                self.app.say(f"{problem} Not staged: {' '.join(C.label(c) for c in cards)}.")
                return
        s.sel.stage(hand(s))

    @command
    def do_add_to(self, meld_id):
        """The selection staged to join one of the side's melds; in the play,
        only cards the meld could take with those staged to it already (why
        not, at once: whether a canasta may grow is the engine's answer at Meld)."""
        s = self.session
        if s.state is None or s.state.to_move() != s.seat:
            return
        cards = s.sel.selected_cards(hand(s))
        meld = next((m for m in s.state.sides[s.state.side_of(s.seat)].melds if m.id == int(meld_id)), None)
        if cards and meld and s.state.phase == Phase.PLAY:
            staged = [c for pl in s.sel.staged if pl.get("to") == meld.id for c in pl["cards"]]
            problem = meld_problem(s.state.rules, meld.rank, meld.cards + staged + cards, grown_ok=True)
            if problem:
                self.app.say(f"{problem} Not staged: {' '.join(C.label(c) for c in cards)}.")
                return
        if s.sel.stage(hand(s), to=int(meld_id)) is None:
            self.app.say("Select cards in your hand first, then tap one of your melds to add them.")

    @command(while_bots=True)
    def do_unstage(self, index):
        self.session.sel.unstage(int(index))

    @command(while_bots=True)
    def do_clear(self, _arg=None):
        self.session.sel.clear()
        self.app.say("")

    # -- looking at the table ------------------------------------------------------------------
    @command(while_bots=True)
    def do_show_meld(self, meld_id):
        """Show a meld's cards; a second tap on the same meld hides them."""
        s, meld_id = self.session, int(meld_id)
        s.shown_meld = None if s.shown_meld == meld_id else meld_id

    @command(while_bots=True)
    def do_hide_meld(self, _arg=None):
        s = self.session
        if s.shown_meld is not None:  # back to the meld whose cards were shown
            s.refocus, s.shown_meld = f"meld-{s.shown_meld}", None

    @command(while_bots=True)
    def do_opponents(self, _arg=None):
        self.recap.toggle_theirs()

    @screen("table")
    def draw_table(self):
        self.screen.draw()
