"""Turns taps into engine actions, runs the bots, and re-renders the page.

The controller holds the session (ui/session.py: the game on the table, the
screen, the message, the selection) and composes the features, each an
object with its own state (ui.commands.Feature): the games list and saves
(ui/games.py), the lesson (ui/tutorial.py), pacing and panels
(ui/pacing.py), the recap (ui/recap.py), replays (ui/replay.py), statistics
(ui/stats_screen.py), hints and the coach (ui/learn.py). Each command and
screen is declared where it is handled (ui/commands.py). The page is reached
only through ``page`` (ui/page.py: ui.dom in the browser, a fake in tests).

The page shows ui.table_view.page_view(state, session.seat) (game.view plus
the page's rule-set fields). Every move goes through game.apply; a refused
move shows the engine's own reason in the alert area until the next command.
Controls the engine would refuse are greyed but stay tappable
(aria-disabled), so a tap says why. Bots play at the settings' pace, each
move shown and landed before the next (ui/pacing.py, asyncio), so the page
stays responsive. Undo restores a snapshot taken right after this turn's
draw (or pile take).
"""

import random
import time
from collections import Counter
from typing import NamedTuple

import game
from game.house import changes
from game.moves import legal_summary, meld_placements, meld_targets, refusal
from game.words import narrate
from ui import deal_log, early, handoff_view, render, seats
from ui import text as T
from ui.bot_turns import BotTurns, median
from ui.commands import collect, command, screen
from ui.games import Games
from ui.handoff import Handoff
from ui.learn import Learn
from ui.pacing import Pacing
from ui.page import Page
from ui.recap import Recap
from ui.replay import Replays
from ui.session import Session
from ui.setup import Setup
from ui.stats_screen import StatsScreen
from ui.table_view import page_view
from ui.tutorial import Tutorial

LOG_LINES = 4


class TurnNow(NamedTuple):
    """What the human may do at this render (ui.controller.Controller.turn_now)."""
    mine: bool             # their turn, no bot moving
    playing: bool          # ... and in the play phase
    seen: object           # their observation on their turn to draw or play, else None
    selected: list         # the cards selected in the hand
    targets: list          # ids of the melds the selection can join


class Controller:
    def __init__(self, page: Page, delay_ms=None, seed=None):
        self.page = page
        self.session = Session()
        self.fixed_seed = seed
        self.setup = Setup()         # the new-game screen's choices
        self.back_to = "setup"       # the screen the rules reference returns to
        self.render_ms = []
        self.shown_view = None       # a past view the table shows (ui/handoff.py's replay), else None
        self.shown_targets = ()      # the melds the selection could join at the last render
        self.pacing = Pacing(self, None if delay_ms is None else max(0, delay_ms))  # None: the settings' pace
        self.learn = Learn(self)
        self.games = Games(self)
        self.tutorial = Tutorial(self)
        self.recap = Recap(self)
        self.replays = Replays(self)
        self.stats = StatsScreen(self)
        self.handoff = Handoff(self)
        self.bots = BotTurns(self)
        self.commands, self.screens = collect(self, self.pacing, self.learn, self.games, self.tutorial,
                                              self.recap, self.replays, self.stats, self.handoff)

    # -- entry -------------------------------------------------------------------------
    def start(self):
        self.page.on_command(self.run_command)
        self.pacing.boot()
        self.games.boot()
        self.tutorial.boot()
        self.take_early(self.page.early_choice())
        self.render()

    def take_early(self, text):
        """Act once on what a first visit chose while the engine loaded (ui/early.js,
        checked by ui.early.read): the preset, then Play or the lesson. Ignored
        where the start found something to continue (a saved game, a link, a lesson)."""
        s = self.session
        if text is None or s.state is not None or s.screen != "setup":
            return
        preset, action, warnings = early.read(text)
        for warning in warnings:
            self.page.console_warn(warning)
        if preset:
            self.setup.update({"setup-preset": preset})
        if action == "play":
            self.new_game()
            self.autosave()  # as after a tap on Play
        elif action == "lesson":
            self.tutorial.do_lesson()

    def run_command(self, cmd, arg):
        if cmd not in self.commands:
            return
        handler, while_bots = self.commands[cmd]
        if (self.session.busy or self.session.handoff is not None) and not while_bots:
            return  # a game's move waits for the bots, and for the person the phone goes to
        handler = self.tutorial.lesson_guard(cmd, arg, handler)  # the guided first game
        self.session.message = ""  # a refusal lasts until the next tap; the handler may set a new one
        try:
            handler(arg)
        except Exception as e:  # keep the table usable; the console gets the details
            self.page.console_error(f"{cmd}: {type(e).__name__}: {e}")
            self.session.message = f"Something went wrong ({type(e).__name__}); the saved game is as it was."
        else:
            self.autosave()
        self.render()

    def autosave(self, force=False):
        self.games.autosave(force)

    # -- putting a game on the table ---------------------------------------------------------
    def put_on_table(self, state, log, *, slot=None, keep=True, hints=None, pending=None):
        """The one way a game comes to the table (a new one, a saved one, a lesson's):
        every session field a new game resets, then the bots move if it is their turn.
        ``hints``: a save's count per seat (ui.seats.hint_counts); ``pending``: the
        turn's choices a save kept, with the seat shown (ui.saves.pending_checked)."""
        s = self.session
        pending = pending or {}
        s.seat = pending.get("seat", seats.first(state))
        s.state, s.log, s.slot, s.keep = state, list(log), slot, keep
        s.hints_used = seats.hint_counts(hints, state.num_players)
        s.game_id += 1
        s.sel.restore(pending.get("picked", {}), pending.get("staged", []))
        s.fresh, s.fresh_game = Counter(pending.get("fresh", [])), s.game_id
        s.snapshot, s.changed = None, False
        s.shown_meld = None
        s.busy = False
        s.message = ""
        s.screen = "table"
        self.handoff.on_table()
        self.page.scroll_to_top()
        self.bots.start()

    def leave_table(self):
        """A bot loop of the game at the table stops (it may be picked up again)."""
        self.session.game_id += 1
        self.session.busy = False

    # -- setup ---------------------------------------------------------------------------
    @command(while_bots=True)
    def do_menu(self, _arg=None):
        """To the new-game screen; the game left behind stays saved (ui/games.py)."""
        s = self.session
        s.screen = "setup"
        s.state = None
        self.leave_table()
        s.message = ""

    def read_setup(self):
        self.setup.update({i: self.page.form_value(i) for i in self.setup.ids()})

    @command
    def do_setup(self, _arg=None):
        """A new-game control changed: take the whole form (seats and options follow the rules)."""
        self.read_setup()
        self.session.message = ""

    @command
    def do_house_toggle(self, _arg=None):
        self.read_setup()
        self.setup.house_open = not self.setup.house_open

    @command
    def do_house_reset(self, _arg=None):
        self.setup.house = {}

    @command(while_bots=True)
    def do_rules(self, _arg=None):
        """The rules reference: of this game at the table, else of the rules being chosen."""
        s = self.session
        if s.screen == "setup":
            self.read_setup()
        if s.screen != "rules":
            self.back_to = s.screen
        s.screen = "rules"
        self.page.scroll_to_top()

    @command(while_bots=True)
    def do_back(self, _arg=None):
        s = self.session
        s.screen = self.back_to if s.state is not None or self.back_to != "table" else "setup"

    @command
    def do_start(self, _arg=None):
        self.read_setup()
        self.new_game()

    def new_game(self):
        """A game of the new-game screen's choices on the table (a refusal's reason shown)."""
        seed = self.fixed_seed if self.fixed_seed is not None else random.randrange(2**31)
        try:
            state = self.setup.start(seed)
        except game.RulesError as e:
            self.session.message = str(e)
            return
        self.put_on_table(state, [deal_log.first_line(state)])

    # -- the human's moves -------------------------------------------------------------------
    def hand(self):
        """The shown seat's hand, sorted, as their view shows it."""
        return game.view(self.session.state, self.session.seat, log=False)["hand"]

    def act(self, action, keep_selection=False):
        """Apply one action for the shown seat; True if the engine accepted it."""
        s = self.session
        seat = s.seat
        before = page_view(s.state, seat, log=False)
        try:
            game.apply(s.state, action)
        except game.IllegalMove as e:
            s.message = str(e)
            return False
        after = page_view(s.state, seat, log=False)
        s.log.append(narrate.summarize(action, seat, before, after))
        self.recap.record_step(action, seat, before, after)
        self.pacing.stage_moves(action, seat, before, after)
        s.message = ""
        if not keep_selection:
            s.sel.clear()
        if s.state.to_move() == seat and s.state.phase == "play":
            self.mark_fresh(before["hand"], after["hand"])
            if action["type"] in ("draw", "take_pile") and before["phase"] == "draw":
                s.snapshot = (s.state.to_json(), len(s.log), Counter(s.fresh), len(self.recap.steps))
                s.changed = False
            else:
                s.changed = True
        else:
            s.snapshot, s.changed = None, False
            s.fresh.clear()
        self.bots.start()
        return True

    def mark_fresh(self, before, after):
        """Cards that came into the hand this turn (draw, pile, knee, foot) stay
        marked until the turn ends; those melded since drop out."""
        s = self.session
        held = Counter(after)
        if s.fresh_game != s.game_id:
            s.fresh, s.fresh_game = Counter(), s.game_id
        s.fresh = (s.fresh + (held - Counter(before))) & held

    def fresh_in_hand(self, hand):
        """The marked cards still in this game's hand."""
        s = self.session
        return s.fresh & Counter(hand) if s.fresh_game == s.game_id else Counter()

    @command
    def do_draw(self, piles=None):
        """Draw; with two stock piles ``piles`` is the chosen split ("0,1")."""
        action = {"type": "draw"}
        if piles:
            action["from"] = [int(i) for i in piles.split(",")]
        self.act(action)

    @command
    def do_take(self, _arg=None):
        self.act({"type": "take_pile", "melds": self.session.sel.placements(self.hand())})

    @command
    def do_meld(self, _arg=None):
        """Send the staged placements and the selection, each selected rank to
        its one place (game.moves.meld_placements: a new meld, else the one
        meld of the side it can join); else say what to do."""
        action, why = self.meld_action(game.observe(self.session.state, self.session.seat))
        if why:
            self.session.message = why
            return
        self.act(action)

    def meld_action(self, seen):
        """(the meld action Meld would send, None) or (None, why it cannot)."""
        sel = self.session.sel
        cards = sel.selected_cards(self.hand())
        if not cards and not sel.staged:
            return None, "Select cards in your hand first."
        try:
            return {"type": "meld", "melds": meld_placements(seen, cards, sel.staged)}, None
        except game.IllegalMove as e:
            return None, str(e)

    @command
    def do_discard(self, _arg=None):
        """Exactly one selected card: a mis-tap must never give a card away."""
        selected = self.session.sel.selected_cards(self.hand())
        why = render.discard_refusal(len(selected))
        if why:
            self.session.message = why
            return
        self.act({"type": "discard", "card": selected[0]})

    # -- drag and drop (ui/gestures.js): the same moves as the buttons --------------------------
    @command
    def do_drop_meld(self, arg):
        """A chip dropped on the melds ("K") or on one of the side's melds ("K:4"):
        the selection it is part of, else its whole group, as a new meld or
        added to that meld."""
        sel = self.session.sel
        key, _, to = (arg or "").partition(":")
        hand = self.hand()
        if not sel.cards_of(hand, key):
            return
        sel.pick_group(hand, key)
        if not to:
            return self.do_meld()
        cards = sel.selected_cards(hand)
        self.act({"type": "meld", "melds": sel.staged + [{"to": int(to), "cards": cards}]})

    @command
    def do_drop_discard(self, key):
        """A chip dropped on the discard pile throws one card of it, never more."""
        cards = self.session.sel.cards_of(self.hand(), key)
        if cards:
            self.act({"type": "discard", "card": cards[0]})

    @command
    def do_knock(self, _arg=None):
        self.act({"type": "knock"})

    @command
    def do_knee(self, _arg=None):
        self.act({"type": "pick_up_knee"}, keep_selection=True)

    @command
    def do_ask(self, _arg=None):
        self.act({"type": "ask_to_go_out"}, keep_selection=True)

    @command
    def do_answer(self, arg):
        self.act({"type": "answer", "yes": arg == "yes"})

    @command
    def do_next_deal(self, _arg=None):
        s = self.session
        before = game.view(s.state, s.seat, log=False)
        try:
            game.apply(s.state, {"type": "next_deal"})
        except game.IllegalMove as e:
            s.message = str(e)
            return
        s.log = [narrate.summarize({"type": "next_deal"}, s.seat, before, game.view(s.state, s.seat, log=False))]
        s.sel.clear()
        s.shown_meld = None  # meld ids start again each deal
        s.theirs_open = False  # and the other sides have none yet
        s.snapshot, s.changed = None, False
        s.message = ""
        self.page.scroll_to_top()
        self.bots.start()

    # -- selection and staging ------------------------------------------------------------------
    @command(while_bots=True)
    def do_pick(self, key):
        if self.session.state is not None:
            self.session.sel.tap(self.hand(), key)

    @command(while_bots=True)
    def do_fewer(self, key):
        if self.session.state is not None:
            self.session.sel.fewer(self.hand(), key)

    @command(while_bots=True)
    def do_pick_all(self, key):
        """A long press on a chip: all of its rank."""
        if self.session.state is not None:
            self.session.sel.pick_all(self.hand(), key)
            self.session.hint = False

    @command(while_bots=True)
    def do_stage(self, _arg=None):
        if self.session.sel.stage(self.hand()) is None:
            self.session.message = "Select cards in your hand first."

    @command
    def do_add_to(self, meld_id):
        s = self.session
        if s.state is None or s.state.to_move() != s.seat:
            return
        if s.sel.stage(self.hand(), to=int(meld_id)) is None:
            s.message = "Select cards in your hand first, then tap one of your melds to add them."

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
        self.session.theirs_open = not self.session.theirs_open
        self.recap.fold_theirs = False  # the person's choice stands

    @command(while_bots=True)
    def do_unstage(self, index):
        self.session.sel.unstage(int(index))

    @command(while_bots=True)
    def do_clear(self, _arg=None):
        self.session.sel.clear()
        self.session.message = ""

    @command
    def do_undo(self, _arg=None):
        s = self.session
        if s.snapshot is None:
            return
        data, log_len, fresh, steps = s.snapshot
        s.state = game.GameState.from_json(data)
        s.fresh = Counter(fresh)
        del s.log[log_len:]
        self.recap.cut(steps)
        s.sel.clear()
        s.changed = False
        s.message = "Undone: back to just after your draw."

    # -- drawing the page ------------------------------------------------------------------------------
    def render(self):
        s = self.session
        t0 = time.perf_counter()
        try:
            self.draw()
            self.pacing.draw_panels()
            self.tutorial.draw_lesson()
            self.pacing.play_staged()
        except Exception as e:  # a screen that cannot be drawn: say so, offer the games list
            self.page.console_error(f"draw {s.screen}: {type(e).__name__}: {e}")
            if s.screen == "games":
                raise
            self.leave_table()
            s.screen = "games"
            self.games.alert(f"This screen could not be drawn ({type(e).__name__}); "
                             "your saved games are as they were.")
            self.draw()
        self.render_ms.append((time.perf_counter() - t0) * 1000)
        del self.render_ms[:-200]
        self.page.set_root_data("render-ms-median", f"{median(self.render_ms):.1f}")

    def draw(self):
        """The screen ``session.screen`` (the table with no game on it is the new-game screen)."""
        s = self.session
        name = s.screen
        if name == "table" and s.state is None:
            name = "setup"
        elif name == "table" and s.handoff is not None:
            name = "handoff"
        self.screens[name]()

    def mark_screen(self, screen):
        """The screen on the page: data-screen on #app (the layout reads it) and
        on <html> (the tests do), and ``shown`` (a change scrolls up)."""
        self.session.shown = screen
        self.page.set_attrs("app", {"data-screen": screen})
        self.page.set_root_data("screen", screen)

    @screen("setup")
    def draw_setup(self):
        focus = self.page.focused_id()
        self.mark_screen("setup")
        self.page.mount("setup", render.setup_screen(self.setup, self.session.message))
        self.page.mount("actions", [])
        self.page.mount("scores", [])
        self.page.set_attrs("table", {"data-phase": "setup", "data-to-move": None, "data-busy": "0"})
        self.page.focus(focus)  # a rebuilt control gets the focus back

    @screen("table")
    def draw_table(self):
        """The table in the shown seat's view: what they may do now, then each region."""
        focus = self.page.focused_id()
        v = self.shown_view or page_view(self.session.state, self.session.seat, log=False)
        now = self.turn_now(v)
        self.draw_status(v)
        self.draw_board(v, now)
        self.draw_hand(v, now)
        self.draw_bar(v, now)
        self.show_screen(v)
        self.recap.reveal_their_change()  # once the table shows: a hidden element cannot scroll into view
        self.reveal_targets(now.targets)
        self.learn.draw_learning(v)  # the hint button and its bubble
        self.handoff.draw_panel()  # with several people: the hand-off screen ui/paint.js keeps
        self.page.focus(focus)  # a rebuilt control gets the focus back

    def reveal_targets(self, targets):
        """A selection that can join melds of the person's side brings one of them
        into view, once per new set of such melds (the melds area may show
        the other sides' melds, or the far end of a long row of the person's)."""
        targets = tuple(targets)
        if targets and targets != self.shown_targets:
            self.page.reveal("#meld-scroll .side.mine .meld.target")
        self.shown_targets = targets

    def turn_now(self, v):
        """What the shown seat's controls depend on: the selection, and (on
        their turn to play) what the engine would accept."""
        s = self.session
        hand = v["hand"]
        mine = v["to_move"] == s.seat and not s.busy
        playing = mine and v["phase"] == "play"
        seen = game.observe(s.state, s.seat) if mine and v["phase"] in ("draw", "play") else None
        selected = s.sel.selected_cards(hand)
        return TurnNow(mine=mine, playing=playing, seen=seen, selected=selected,
                       targets=meld_targets(seen, selected, s.sel.staged) if playing else [])

    def draw_status(self, v):
        """Scores, the turn's prompt, what happened since your last turn, the last
        lines of the log and a refusal."""
        s, page = self.session, self.page
        page.mount("scores", render.scores(v))
        page.mount("status", T.turn_prompt(v) if not s.busy or v["to_move"] in (s.seat, None)
                   else f"{narrate.seat_name(v, v['to_move'])} is playing…")
        self.recap.draw_recap()
        page.mount("log", [render.h("li", None, line) for line in s.log[-LOG_LINES:]])
        page.mount("message", s.message)

    def draw_board(self, v, now):
        """The seats, the melds (those the selection can join lit) and the piles."""
        s = self.session
        staged_ids = {pl["to"] for pl in s.sel.staged if "to" in pl}
        self.page.mount("seats", render.seats(v))
        self.page.mount("melds", render.meld_area(
            v, staged_ids, adding=bool(now.selected), targets=now.targets,
            theirs_open=s.theirs_open, shown_meld=s.shown_meld, changed=self.recap.changed_melds()))
        self.page.mount("piles", render.piles(v))

    def draw_hand(self, v, now):
        """The staged melds and the hand's chips (cards new this turn marked)."""
        s = self.session
        if s.since:  # a person just handed the phone: the others' turns first (ui/handoff.py)
            self.page.mount("staged", [])
            self.page.mount("hand", self.handoff.since_panel())
            return
        hand = v["hand"]
        staged = s.sel.staged
        self.page.mount("staged", render.staged(v, staged))
        self.page.mount("hand", render.hand(v, s.sel.groups(hand),
                                            can_stage=bool(now.selected) and v["to_move"] == s.seat,
                                            can_clear=bool(now.selected) or bool(staged),
                                            fresh=self.fresh_in_hand(hand) if now.playing else Counter(),
                                            hint=s.hint and v["to_move"] == s.seat))

    def draw_bar(self, v, now):
        """The score sheet (between deals, with its coach and replay links) and the action bar."""
        s = self.session
        winners = game.winner(s.state) if v["phase"] == "game_end" else []
        sheet = render.sheet(seats.shared(s.state, v), winners, self.learn.sheet_extras(v))
        self.page.mount("sheet", self.replays.sheet_with_replays(v, sheet))
        if s.since:
            self.page.mount("actions", handoff_view.since_bar(self.handoff.replaying))
            return
        refusals = self.refusals(v, now)
        self.page.mount("actions", render.actions(
            v, selected=now.selected, has_staged=bool(s.sel.staged),
            can_undo=s.snapshot is not None and s.changed and now.mine,
            can_knock=now.playing and refusals["knock"] is None, busy=s.busy, refusals=refusals))

    def refusals(self, v, now):
        """The engine's word on each control of the shown seat's turn (None:
        allowed; see render.actions): legal_summary, and Meld, Discard and each
        draw of two stock piles for what is selected or offered; {} off their turn."""
        if now.seen is None:
            return {}
        seen = now.seen
        out = legal_summary(seen, self.session.seat)
        if now.playing:
            action, why = self.meld_action(seen)
            out["meld"] = why or refusal(seen, action)
            # no card may be thrown now, else not exactly one selected, else that card is refused
            out["discard"] = (out["discard"] or render.discard_refusal(len(now.selected))
                              or refusal(seen, {"type": "discard", "card": now.selected[0]}))
        elif len(v["stock_counts"]) > 1:
            for picks in render.draw_splits(v):
                out["draw:" + ",".join(map(str, picks))] = refusal(seen, {"type": "draw", "from": list(picks)})
        return out

    def show_screen(self, v):
        """The table or the score sheet (scrolled to the top on a change), and
        the table's data-* figures the layout and the tests read."""
        s = self.session
        screen = "sheet" if v["phase"] in ("deal_end", "game_end") else "table"
        if screen != s.shown:
            self.page.scroll_to_top()
        self.mark_screen(screen)
        self.page.set_attrs("table", {
            "data-phase": v["phase"], "data-to-move": "" if v["to_move"] is None else v["to_move"],
            "data-busy": "1" if s.busy else "0", "data-deal": v["deal"],
            "data-hand-count": len(v["hand"]),
            "data-opened": "1" if v["sides"][v["my_side"]]["opened"] else "0",
            "data-took-pile": "1" if v["took_pile"] else "0", "data-staged": len(s.sel.staged),
            "data-message": "1" if s.message else "0"})

    @screen("rules")
    def draw_rules(self):
        """The rules reference: this game's rules, or the ones chosen on the new-game screen."""
        s = self.session
        if self.back_to == "table" and s.state is not None:
            rules, error = s.state.rules, ""
        else:
            rules, error = self.setup.current()
        self.page.mount("rules", render.rules_screen(rules, changes(rules), error))
        self.page.mount("actions", render.back_bar())
        self.mark_screen("rules")
