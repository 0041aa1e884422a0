"""Turns taps into engine actions, runs the bots, and re-renders the page.

The controller holds the full game state but shows only
ui.table_view.page_view(state, 0) (game.view plus the page's rule-set fields).
Every move goes through game.apply; a refused move shows the engine's own
reason in the alert area until the next command. Controls the engine would
refuse are greyed but stay tappable (aria-disabled), so a tap says why. Bots
play at the settings' pace, each move shown and landed before the next
(ui/pacing.py, asyncio), so the page stays responsive. Undo restores a
snapshot taken right after this turn's draw (or pile take).
"""

import asyncio
import random
import time
from collections import Counter
from typing import NamedTuple

import game
from game import narrate
from game.bots import get_bot
from game.house import changes
from game.moves import legal_summary, meld_placements, meld_targets, refusal
from ui import deal_log, dom, render, slices
from ui import text as T
from ui.games import GamesMixin
from ui.learn import LearnMixin
from ui.pacing import PacingMixin
from ui.recap import RecapMixin
from ui.replay import ReplayMixin
from ui.selection import Selection
from ui.setup import Setup
from ui.stats_screen import StatsMixin
from ui.table_view import page_view
from ui.text import HUMAN
from ui.tutorial import TutorialMixin

LOG_LINES = 4


class TurnNow(NamedTuple):
    """What the human may do at this render (ui.controller.Controller.turn_now)."""
    mine: bool             # their turn, no bot moving
    playing: bool          # ... and in the play phase
    seen: object           # their observation on their turn to draw or play, else None
    selected: list         # the cards selected in the hand
    targets: list          # ids of the melds the selection can join


def _median(values: list[float]) -> float:
    """The median (``statistics`` would cost the page ~70 ms of start-up to import)."""
    s = sorted(values)
    mid = len(s) // 2
    return s[mid] if len(s) % 2 else (s[mid - 1] + s[mid]) / 2


class Controller(TutorialMixin, GamesMixin, PacingMixin, RecapMixin, ReplayMixin, StatsMixin, LearnMixin):
    def __init__(self, delay_ms=None, seed=None):
        self.delay_ms = None if delay_ms is None else max(0, delay_ms)  # None: the settings' pace
        self.fixed_seed = seed
        self.state = None
        self.rng = random.Random()
        self.sel = Selection()
        self.snapshot = None         # (state JSON, log length) after this turn's draw
        self.changed = False         # something to undo since the snapshot
        self.log = []
        self.message = ""
        self.busy = False
        self.screen = "setup"
        self.setup = Setup()         # the new-game screen's choices
        self.back_to = "setup"       # the screen the rules reference returns to
        self.bot_ms = []
        self.shown = None            # the screen last drawn (scroll up on a change)
        self.game_id = 0             # bumps on each new game: stale bot loops stop
        self.render_ms = []
        self.last_bot_s = 0.0
        self.fresh = Counter()       # cards drawn or taken this turn, marked on the chips
        self.fresh_game = None       # the game_id they belong to
        self.hint = True             # the hand's gesture hint, until a long press is used
        self.theirs_open = False     # the other sides' melds unfolded
        self.shown_meld = None       # id of the meld whose cards are shown

    # -- entry -------------------------------------------------------------------------
    def start(self):
        dom.on_command(self.command)
        self.boot_pacing(self.delay_ms)
        self.boot_learning()
        self.boot_games()
        self.boot_tutorial()
        self.render()

    def command(self, cmd, arg):
        handler = getattr(self, "do_" + cmd.replace("-", "_"), None)
        if handler is None:
            return
        if self.busy and cmd not in ("games", "menu", "pick", "fewer", "pick-all", "stage", "clear", "unstage",
                                     "rules", "back", "settings", "set-speed", "toggle-setting", "log",
                                     "show-meld", "hide-meld", "opponents", "dismiss",
                                     "lesson-skip"):
            return
        handler = self.lesson_guard(cmd, arg, handler)  # the guided first game
        self.message = ""  # a refusal lasts until the next tap; the handler may set a new one
        try:
            handler(arg)
        except Exception as e:  # keep the table usable; the console gets the details
            dom.console_error(f"{cmd}: {type(e).__name__}: {e}")
            self.message = f"Something went wrong ({type(e).__name__}); the saved game is as it was."
        else:
            self.autosave()
        self.render()

    # -- setup ---------------------------------------------------------------------------
    def do_menu(self, _arg=None):
        """To the new-game screen; the game left behind stays saved (ui/games.py)."""
        self.screen = "setup"
        self.state = None
        self.game_id += 1
        self.busy = False
        self.message = ""

    def read_setup(self):
        self.setup.update({i: dom.form_value(i) for i in self.setup.ids()})

    def do_setup(self, _arg=None):
        """A new-game control changed: take the whole form (seats and options follow the rules)."""
        self.read_setup()
        self.message = ""

    def do_house_toggle(self, _arg=None):
        self.read_setup()
        self.setup.house_open = not self.setup.house_open

    def do_house_reset(self, _arg=None):
        self.setup.house = {}

    def do_rules(self, _arg=None):
        """The rules reference: of this game at the table, else of the rules being chosen."""
        if self.screen == "setup":
            self.read_setup()
        if self.screen != "rules":
            self.back_to = self.screen
        self.screen = "rules"
        dom.scroll_to_top()

    def do_back(self, _arg=None):
        self.screen = self.back_to if self.state is not None or self.back_to != "table" else "setup"

    def do_start(self, _arg=None):
        self.read_setup()
        seed = self.fixed_seed if self.fixed_seed is not None else random.randrange(2**31)
        try:
            self.state = self.setup.start(seed)
        except game.RulesError as e:
            self.message = str(e)
            return
        self.rng = random.Random(seed + 1)
        self.game_id += 1
        self.sel.clear()
        self.shown_meld = None
        self.snapshot, self.changed = None, False
        self.log = [deal_log.first_line(self.state)]
        self.hints_used = 0
        self.message = ""
        self.screen = "table"
        dom.scroll_to_top()
        self.after_move()

    # -- the human's moves -------------------------------------------------------------------
    def hand(self):
        """The human's hand, sorted, as their view shows it."""
        return game.view(self.state, HUMAN, log=False)["hand"]

    def act(self, action, keep_selection=False):
        """Apply one action for seat 0; True if the engine accepted it."""
        before = page_view(self.state, HUMAN, log=False)
        try:
            game.apply(self.state, action)
        except game.IllegalMove as e:
            self.message = str(e)
            return False
        after = page_view(self.state, HUMAN, log=False)
        self.log.append(narrate.summarize(action, HUMAN, before, after))
        self.record_step(action, HUMAN, before, after)
        self.stage_moves(action, HUMAN, before, after)
        self.message = ""
        if not keep_selection:
            self.sel.clear()
        if self.state.to_move() == HUMAN and self.state.phase == "play":
            self.mark_fresh(before["hand"], after["hand"])
            if action["type"] in ("draw", "take_pile") and before["phase"] == "draw":
                self.snapshot = (self.state.to_json(), len(self.log), Counter(self.fresh))
                self.steps_at_snapshot = len(self.steps)
                self.changed = False
            else:
                self.changed = True
        else:
            self.snapshot, self.changed = None, False
            self.fresh.clear()
        self.after_move()
        return True

    def mark_fresh(self, before, after):
        """Cards that came into the hand this turn (draw, pile, knee, foot) stay
        marked until the turn ends; those melded since drop out."""
        held = Counter(after)
        if self.fresh_game != self.game_id:
            self.fresh, self.fresh_game = Counter(), self.game_id
        self.fresh = (self.fresh + (held - Counter(before))) & held

    def fresh_in_hand(self, hand):
        """The marked cards still in this game's hand."""
        return self.fresh & Counter(hand) if self.fresh_game == self.game_id else Counter()

    def do_draw(self, piles=None):
        """Draw; with two stock piles ``piles`` is the chosen split ("0,1")."""
        action = {"type": "draw"}
        if piles:
            action["from"] = [int(i) for i in piles.split(",")]
        self.act(action)

    def do_take(self, _arg=None):
        self.act({"type": "take_pile", "melds": self.sel.placements(self.hand())})

    def do_meld(self, _arg=None):
        """Send the staged placements and the selection, each selected rank to
        its one place (game.moves.meld_placements: a new meld, else the one
        meld of the side it can join); else say what to do."""
        action, why = self.meld_action(game.observe(self.state, HUMAN))
        if why:
            self.message = why
            return
        self.act(action)

    def meld_action(self, seen):
        """(the meld action Meld would send, None) or (None, why it cannot)."""
        cards = self.sel.selected_cards(self.hand())
        if not cards and not self.sel.staged:
            return None, "Select cards in your hand first."
        try:
            return {"type": "meld", "melds": meld_placements(seen, cards, self.sel.staged)}, None
        except game.IllegalMove as e:
            return None, str(e)

    def do_discard(self, _arg=None):
        """Exactly one selected card: a mis-tap must never give a card away."""
        why = render.discard_refusal(len(self.sel.selected_cards(self.hand())))
        if why:
            self.message = why
            return
        self.act({"type": "discard", "card": self.sel.selected_cards(self.hand())[0]})

    # -- drag and drop (ui/gestures.js): the same moves as the buttons --------------------------
    def do_drop_meld(self, arg):
        """A chip dropped on the melds ("K") or on one of the side's melds ("K:4"):
        the selection it is part of, else its whole group, as a new meld or
        added to that meld."""
        key, _, to = (arg or "").partition(":")
        hand = self.hand()
        if not self.sel.cards_of(hand, key):
            return
        self.sel.pick_group(hand, key)
        if not to:
            return self.do_meld()
        cards = self.sel.selected_cards(hand)
        self.act({"type": "meld", "melds": self.sel.staged + [{"to": int(to), "cards": cards}]})

    def do_drop_discard(self, key):
        """A chip dropped on the discard pile throws one card of it, never more."""
        cards = self.sel.cards_of(self.hand(), key)
        if cards:
            self.act({"type": "discard", "card": cards[0]})

    def do_knock(self, _arg=None):
        self.act({"type": "knock"})

    def do_knee(self, _arg=None):
        self.act({"type": "pick_up_knee"}, keep_selection=True)

    def do_ask(self, _arg=None):
        self.act({"type": "ask_to_go_out"}, keep_selection=True)

    def do_answer(self, arg):
        self.act({"type": "answer", "yes": arg == "yes"})

    def do_next_deal(self, _arg=None):
        before = game.view(self.state, HUMAN, log=False)
        try:
            game.apply(self.state, {"type": "next_deal"})
        except game.IllegalMove as e:
            self.message = str(e)
            return
        self.log = [narrate.summarize({"type": "next_deal"}, HUMAN, before, game.view(self.state, HUMAN, log=False))]
        self.sel.clear()
        self.shown_meld = None  # meld ids start again each deal
        self.snapshot, self.changed = None, False
        self.message = ""
        dom.scroll_to_top()
        self.after_move()

    # -- selection and staging ------------------------------------------------------------------
    def do_pick(self, key):
        if self.state is not None:
            self.sel.tap(self.hand(), key)

    def do_fewer(self, key):
        if self.state is not None:
            self.sel.fewer(self.hand(), key)

    def do_pick_all(self, key):
        """A long press on a chip: all of its rank."""
        if self.state is not None:
            self.sel.pick_all(self.hand(), key)
            self.hint = False

    def do_stage(self, _arg=None):
        if self.sel.stage(self.hand()) is None:
            self.message = "Select cards in your hand first."

    def do_add_to(self, meld_id):
        if self.state is None or self.state.to_move() != HUMAN:
            return
        if self.sel.stage(self.hand(), to=int(meld_id)) is None:
            self.message = "Select cards in your hand first, then tap one of your melds to add them."

    # -- looking at the table ------------------------------------------------------------------
    def do_show_meld(self, meld_id):
        """Show a meld's cards; a second tap on the same meld hides them."""
        meld_id = int(meld_id)
        self.shown_meld = None if self.shown_meld == meld_id else meld_id

    def do_hide_meld(self, _arg=None):
        if self.shown_meld is not None:  # back to the meld whose cards were shown
            self.refocus, self.shown_meld = f"meld-{self.shown_meld}", None

    def do_opponents(self, _arg=None):
        self.theirs_open = not self.theirs_open

    def do_unstage(self, index):
        self.sel.unstage(int(index))

    def do_clear(self, _arg=None):
        self.sel.clear()
        self.message = ""

    def do_undo(self, _arg=None):
        if self.snapshot is None:
            return
        data, log_len, fresh = self.snapshot
        self.state = game.GameState.from_json(data)
        self.fresh = Counter(fresh)
        del self.log[log_len:]
        self.steps = self.steps[:self.steps_at_snapshot]
        self.sel.clear()
        self.changed = False
        self.message = "Undone: back to just after your draw."

    # -- bots ----------------------------------------------------------------------------------------
    def after_move(self):
        """Start the bots if one of them is to move."""
        mover = self.state.to_move()
        if mover is not None and mover != HUMAN and not self.busy:
            self.busy = True
            asyncio.ensure_future(self.run_bots())

    async def run_bots(self):
        """Each bot move is shown and lands before the next bot acts, at the chosen pace."""
        game_id = self.game_id
        try:
            while self.state is not None and self.state.to_move() not in (None, HUMAN):
                fly_ms, pause_ms = self.pace()
                if fly_ms or pause_ms:
                    if not self.motion:
                        self.render()  # the first bot: show whose turn it is
                    await self.motion_finished()
                    # a bot that thinks (hard) has used part of the pause already
                    await asyncio.sleep(max(0.05, pause_ms / 1000 - self.last_bot_s))
                else:
                    await asyncio.sleep(0)
                if self.game_id != game_id:  # the player left this game
                    return
                await self.bot_step(game_id)
                if self.game_id != game_id:
                    return
                self.autosave()
                if fly_ms:  # the table's update is a task of its own: the page is free in between
                    await asyncio.sleep(0)
                    if self.game_id != game_id:
                        return
                    self.render()
        except Exception as e:  # a bot bug must not freeze the table
            self.message = f"A bot failed: {type(e).__name__}: {e}"
            dom.console_error(self.message)
        finally:
            if self.game_id == game_id:
                self.busy = False
                if self.plant_next():  # the guided first game's next lesson is on the table
                    game_id = self.game_id
        if self.game_id == game_id and self.state is not None:
            if self.state.to_move() == HUMAN:
                self.cue_turn()
                self.unfold_their_changes()
            self.render()

    async def bot_step(self, game_id):
        """One bot move. A bot that searches (``think``) runs in slices of about
        35 ms with the page free in between; only the slices count as its time."""
        state = self.state
        seat = state.to_move()
        name = state.players[seat].bot or "random"
        before = page_view(state, HUMAN, log=False)
        bot = get_bot(name)
        obs = game.observe(state, seat)
        t0 = time.perf_counter()
        if not hasattr(bot, "think"):
            action = bot(obs, seat, self.rng)
        else:
            try:
                action, spent = await slices.run(bot.think(obs, seat, self.rng),
                                                 lambda: self.game_id == game_id)
            except slices.Stopped:  # the player left this game
                return
            t0 = time.perf_counter() - spent
        try:
            game.apply(state, action)
        except game.IllegalMove as e:
            fallback = game.legal_actions(state)
            self.message = f"{state.players[seat].name}'s bot tried an illegal move ({e}); it played another."
            action = fallback[0]
            game.apply(state, action)
        self.last_bot_s = time.perf_counter() - t0
        self.bot_ms.append(self.last_bot_s * 1000)
        after = page_view(state, HUMAN, log=False)
        self.log.append(narrate.summarize(action, seat, before, after))
        self.record_step(action, seat, before, after)
        self.stage_moves(action, seat, before, after)
        dom.set_root_data("bot-ms-median", f"{_median(self.bot_ms):.3f}")
        dom.set_root_data("bot-ms-max", f"{max(self.bot_ms):.3f}")
        dom.set_root_data("bot-actions", len(self.bot_ms))

    # -- drawing the page ------------------------------------------------------------------------------
    def render(self):
        t0 = time.perf_counter()
        try:
            self.draw()
            self.draw_panels()
            self.draw_lesson()
            self.play_staged()
        except Exception as e:  # a screen that cannot be drawn: say so, offer the games list
            dom.console_error(f"draw {self.screen}: {type(e).__name__}: {e}")
            if self.screen == "games":
                raise
            self.game_id += 1  # a bot loop of this game stops
            self.busy = False
            self.screen = "games"
            self.games_errors = [f"This screen could not be drawn ({type(e).__name__}); "
                                 "your saved games are as they were."]
            self.draw()
        self.render_ms.append((time.perf_counter() - t0) * 1000)
        del self.render_ms[:-200]
        dom.set_root_data("render-ms-median", f"{_median(self.render_ms):.1f}")

    def draw(self):
        if self.screen == "games":
            return self.draw_games()
        if self.screen == "rules":
            return self.draw_rules()
        if self.screen == "replay":
            return self.draw_replay()
        if self.screen == "stats":
            return self.draw_stats()
        focus = dom.focused_id()
        if self.screen == "setup" or self.state is None:
            self.draw_setup()
        else:
            self.draw_table()
        dom.focus(focus)  # a rebuilt control gets the focus back

    def mark_screen(self, screen):
        """The screen on the page: data-screen on #app (the layout reads it) and
        on <html> (the tests do), and ``shown`` (a change scrolls up)."""
        self.shown = screen
        dom.set_attrs("app", {"data-screen": screen})
        dom.set_root_data("screen", screen)

    def draw_setup(self):
        self.mark_screen("setup")
        dom.mount("setup", render.setup_screen(self.setup, self.message))
        dom.mount("actions", [])
        dom.mount("scores", [])
        dom.set_attrs("table", {"data-phase": "setup", "data-to-move": None, "data-busy": "0"})

    def draw_table(self):
        """The table in the human's view: what they may do now, then each region."""
        v = page_view(self.state, HUMAN, log=False)
        now = self.turn_now(v)
        self.draw_status(v)
        self.draw_board(v, now)
        self.draw_hand(v, now)
        self.draw_bar(v, now)
        self.show_screen(v)
        self.reveal_their_change()  # once the table shows: a hidden element cannot scroll into view
        self.draw_learning(v)  # ui/learn.py: the hint button and its bubble

    def turn_now(self, v):
        """What the human's controls depend on: the selection, and (on their
        turn to play) what the engine would accept."""
        hand = v["hand"]
        mine = v["to_move"] == HUMAN and not self.busy
        playing = mine and v["phase"] == "play"
        seen = game.observe(self.state, HUMAN) if mine and v["phase"] in ("draw", "play") else None
        selected = self.sel.selected_cards(hand)
        return TurnNow(mine=mine, playing=playing, seen=seen, selected=selected,
                       targets=meld_targets(seen, selected, self.sel.staged) if playing else [])

    def draw_status(self, v):
        """Scores, the turn's prompt, what happened since your last turn, the last
        lines of the log and a refusal."""
        dom.mount("scores", render.scores(v))
        dom.mount("status", T.turn_prompt(v) if not self.busy or v["to_move"] in (HUMAN, None)
                  else f"{narrate.seat_name(v, v['to_move'])} is playing…")
        self.draw_recap()
        dom.mount("log", [render.h("li", None, line) for line in self.log[-LOG_LINES:]])
        dom.mount("message", self.message)

    def draw_board(self, v, now):
        """The seats, the melds (those the selection can join lit) and the piles."""
        staged_ids = {pl["to"] for pl in self.sel.staged if "to" in pl}
        dom.mount("seats", render.seats(v))
        dom.mount("melds", render.meld_area(
            v, staged_ids, adding=bool(now.selected), targets=now.targets,
            theirs_open=self.theirs_open, shown_meld=self.shown_meld, changed=self.changed_melds()))
        dom.mount("piles", render.piles(v))

    def draw_hand(self, v, now):
        """The staged melds and the hand's chips (cards new this turn marked)."""
        hand = v["hand"]
        staged = self.sel.staged
        dom.mount("staged", render.staged(v, staged))
        dom.mount("hand", render.hand(v, self.sel.groups(hand),
                                      can_stage=bool(now.selected) and v["to_move"] == HUMAN,
                                      can_clear=bool(now.selected) or bool(staged),
                                      fresh=self.fresh_in_hand(hand) if now.playing else Counter(),
                                      hint=self.hint and v["to_move"] == HUMAN))

    def draw_bar(self, v, now):
        """The score sheet (between deals, with its coach and replay links) and the action bar."""
        winners = game.winner(self.state) if v["phase"] == "game_end" else []
        dom.mount("sheet", self.sheet_with_replays(v, render.sheet(v, winners, self.sheet_extras(v))))
        refusals = self.refusals(v, now)
        dom.mount("actions", render.actions(
            v, selected=now.selected, has_staged=bool(self.sel.staged),
            can_undo=self.snapshot is not None and self.changed and now.mine,
            can_knock=now.playing and refusals["knock"] is None, busy=self.busy, refusals=refusals))

    def refusals(self, v, now):
        """The engine's word on each control of the human's turn (None: allowed;
        see render.actions): legal_summary, and Meld, Discard and each draw of
        two stock piles for what is selected or offered; {} off their turn."""
        if now.seen is None:
            return {}
        seen = now.seen
        out = legal_summary(seen, HUMAN)
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
        screen = "sheet" if v["phase"] in ("deal_end", "game_end") else "table"
        if screen != self.shown:
            dom.scroll_to_top()
        self.mark_screen(screen)
        dom.set_attrs("table", {
            "data-phase": v["phase"], "data-to-move": "" if v["to_move"] is None else v["to_move"],
            "data-busy": "1" if self.busy else "0", "data-deal": v["deal"],
            "data-hand-count": len(v["hand"]),
            "data-opened": "1" if v["sides"][v["my_side"]]["opened"] else "0",
            "data-took-pile": "1" if v["took_pile"] else "0", "data-staged": len(self.sel.staged),
            "data-message": "1" if self.message else "0"})

    def draw_rules(self):
        """The rules reference: this game's rules, or the ones chosen on the new-game screen."""
        if self.back_to == "table" and self.state is not None:
            rules, error = self.state.rules, ""
        else:
            rules, error = self.setup.current()
        dom.mount("rules", render.rules_screen(rules, changes(rules), error))
        dom.mount("actions", render.back_bar())
        self.mark_screen("rules")
