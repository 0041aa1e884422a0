"""Turns taps into engine actions, runs the bots, and re-renders the page.

The controller holds the full game state but shows only game.view(state, 0).
Every move goes through game.apply; a refused move shows the engine's own
reason in the alert area. Bots play with a short visible pause (asyncio), so
the page stays responsive. Undo restores a snapshot taken right after this
turn's draw (or pile take).
"""

import asyncio
import random
import statistics
import time

import game
from game.bots import BOTS, get_bot

from ui import dom, render
from ui import text as T
from ui.selection import Selection

HUMAN = 0
PLAYERS = 4
LOG_LINES = 4
# Table options offered on the new-game screen: (RuleSet field, label).
TABLE_OPTIONS = (("knee_reminder", "Knee reminder: highlight the knee when you may pick it up"),)


class Controller:
    def __init__(self, delay_ms=400, seed=None):
        self.delay = max(0, delay_ms) / 1000
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
        self.chosen = {}
        self.bot_ms = []
        self.leaving = False         # ☰ tapped once during a game
        self.shown = None            # the screen last drawn (scroll up on a change)
        self.game_id = 0             # bumps on each new game: stale bot loops stop
        self.render_ms = []
        self.last_bot_s = 0.0

    # -- entry -------------------------------------------------------------------------
    def start(self):
        dom.on_command(self.command)
        self.render()

    def command(self, cmd, arg):
        handler = getattr(self, "do_" + cmd.replace("-", "_"), None)
        if handler is None:
            return
        if self.busy and cmd not in ("menu", "pick", "stage", "clear", "unstage", "preset"):
            return
        if cmd != "menu":
            self.leaving = False
        try:
            handler(arg)
        except Exception as e:  # keep the table usable; the console gets the details
            dom.console_error(f"{cmd}: {type(e).__name__}: {e}")
            self.message = f"Something went wrong ({type(e).__name__}: {e})."
        self.render()

    # -- setup ---------------------------------------------------------------------------
    def do_menu(self, _arg=None):
        playing = self.state is not None and self.state.phase not in ("deal_end", "game_end")
        if self.screen == "table" and playing and not self.leaving:
            self.leaving = True
            self.message = "Tap ☰ again to leave this game and start a new one."
            return
        self.leaving = False
        self.screen = "setup"
        self.state = None
        self.game_id += 1
        self.busy = False
        self.message = ""

    def do_preset(self, name):
        """The rules select changed: redraw seats and option defaults for them."""
        self.chosen["preset"] = name
        for f, _ in TABLE_OPTIONS:
            self.chosen.pop(f, None)

    def presets(self):
        """Presets that seat four players: [(name, title)]."""
        out = []
        for name, rules in game.PRESETS.items():
            try:
                rules.seating(PLAYERS)
            except game.RulesError:
                continue
            out.append((name, rules.title))
        return out

    def seat_roles(self, preset):
        """[(seat, name, "partner"/"opponent")] for seats 1-3 under these rules."""
        state = game.new_game(preset, seed=0, players=PLAYERS)
        return [(s, state.players[s].name,
                 "partner" if s in state.partners(HUMAN) else "opponent") for s in range(1, PLAYERS)]

    def do_start(self, _arg=None):
        preset = dom.form_value("setup-preset") or next(iter(game.PRESETS))
        bots = [dom.form_value(f"setup-bot-{s}") or "random" for s in (1, 2, 3)]
        options = {f: bool(dom.form_value(f"setup-opt-{f}")) for f, _ in TABLE_OPTIONS}
        self.chosen = {"preset": preset, **{f"bot{i}": b for i, b in zip((1, 2, 3), bots)}, **options}
        try:
            rules = game.get_preset(preset)
            changes = {f: v for f, v in options.items() if getattr(rules, f) != v}
            if changes:
                rules = rules.derive(**changes)
            seed = self.fixed_seed if self.fixed_seed is not None else random.randrange(2**31)
            self.state = game.new_game(rules, seed=seed, players=PLAYERS, bots=[None] + bots)
        except game.RulesError as e:
            self.message = str(e)
            return
        self.rng = random.Random(seed + 1)
        self.game_id += 1
        self.sel.clear()
        self.snapshot, self.changed = None, False
        self.log = [f"New game: {rules.title}. Deal 1 begins."]
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
        before = game.view(self.state, HUMAN, log=False)
        try:
            game.apply(self.state, action)
        except game.IllegalMove as e:
            self.message = str(e)
            return False
        after = game.view(self.state, HUMAN, log=False)
        self.log.append(T.summarize(action, HUMAN, before, after))
        self.message = ""
        if not keep_selection:
            self.sel.clear()
        if self.state.to_move() == HUMAN and self.state.phase == "play":
            if action["type"] in ("draw", "take_pile") and before["phase"] == "draw":
                self.snapshot = (self.state.to_json(), len(self.log))
                self.changed = False
            else:
                self.changed = True
        else:
            self.snapshot, self.changed = None, False
        self.after_move()
        return True

    def do_draw(self, _arg=None):
        self.act({"type": "draw"})

    def do_take(self, _arg=None):
        self.act({"type": "take_pile", "melds": self.sel.placements(self.hand())})

    def do_meld(self, _arg=None):
        placements = self.sel.placements(self.hand())
        if not placements:
            self.message = "Select cards in your hand first."
            return
        self.act({"type": "meld", "melds": placements})

    def do_discard(self, _arg=None):
        cards = self.sel.selected_cards(self.hand())
        if not cards:
            self.message = "Select the card to discard in your hand first."
            return
        if len({c[0] for c in cards}) > 1:  # one chip may hold several: any one will do
            self.message = "Select only one card to discard."
            return
        self.act({"type": "discard", "card": cards[0]}, keep_selection=False)

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
        self.log = [T.summarize({"type": "next_deal"}, HUMAN, before, game.view(self.state, HUMAN, log=False))]
        self.sel.clear()
        self.snapshot, self.changed = None, False
        self.message = ""
        dom.scroll_to_top()
        self.after_move()

    # -- selection and staging ------------------------------------------------------------------
    def do_pick(self, key):
        if self.state is not None:
            self.sel.tap(self.hand(), key)

    def do_stage(self, _arg=None):
        if self.sel.stage(self.hand()) is None:
            self.message = "Select cards in your hand first."

    def do_add_to(self, meld_id):
        if self.state is None or self.state.to_move() != HUMAN:
            return
        if self.sel.stage(self.hand(), to=int(meld_id)) is None:
            self.message = "Select cards in your hand first, then tap one of your melds to add them."

    def do_unstage(self, index):
        self.sel.unstage(int(index))

    def do_clear(self, _arg=None):
        self.sel.clear()
        self.message = ""

    def do_undo(self, _arg=None):
        if self.snapshot is None:
            return
        data, log_len = self.snapshot
        self.state = game.GameState.from_json(data)
        del self.log[log_len:]
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
        game_id = self.game_id
        try:
            while self.state is not None and self.state.to_move() not in (None, HUMAN):
                if self.delay:
                    self.render()
                    # a bot that thinks (hard) has used part of the pause already
                    await asyncio.sleep(max(0.05, self.delay - self.last_bot_s))
                else:
                    await asyncio.sleep(0)
                if self.game_id != game_id:  # the player left this game
                    return
                self.bot_step()
        except Exception as e:  # a bot bug must not freeze the table
            self.message = f"A bot failed: {type(e).__name__}: {e}"
            dom.console_error(self.message)
        finally:
            if self.game_id == game_id:
                self.busy = False
        if self.game_id == game_id and self.state is not None:
            self.render()

    def bot_step(self):
        state = self.state
        seat = state.to_move()
        name = state.players[seat].bot or "random"
        before = game.view(state, HUMAN, log=False)
        t0 = time.perf_counter()
        action = get_bot(name)(game.observe(state, seat), seat, self.rng)
        try:
            game.apply(state, action)
        except game.IllegalMove as e:
            fallback = game.legal_actions(state)
            self.message = f"{state.players[seat].name}'s bot tried an illegal move ({e}); it played another."
            action = fallback[0]
            game.apply(state, action)
        self.last_bot_s = time.perf_counter() - t0
        self.bot_ms.append(self.last_bot_s * 1000)
        self.log.append(T.summarize(action, seat, before, game.view(state, HUMAN, log=False)))
        if len(self.log) > 200:
            del self.log[:100]
        dom.set_root_data("bot-ms-median", f"{statistics.median(self.bot_ms):.3f}")
        dom.set_root_data("bot-ms-max", f"{max(self.bot_ms):.3f}")
        dom.set_root_data("bot-actions", len(self.bot_ms))

    # -- drawing the page ------------------------------------------------------------------------------
    def render(self):
        t0 = time.perf_counter()
        self.draw()
        self.render_ms.append((time.perf_counter() - t0) * 1000)
        del self.render_ms[:-200]
        dom.set_root_data("render-ms-median", f"{statistics.median(self.render_ms):.1f}")

    def draw(self):
        focus = dom.focused_id()
        if self.screen == "setup" or self.state is None:
            self.shown = "setup"
            dom.set_attrs("app", {"data-screen": "setup"})
            dom.set_root_data("screen", "setup")
            presets = self.presets()
            preset = self.chosen.get("preset", presets[0][0])
            options = [(f, label, getattr(game.get_preset(preset), f)) for f, label in TABLE_OPTIONS]
            dom.mount("setup", render.setup_screen(presets, list(BOTS), options, self.chosen,
                                                   self.seat_roles(preset)))
            dom.mount("actions", [])
            dom.mount("scores", [])
            dom.mount("setup-message", self.message)
            dom.set_attrs("table", {"data-phase": "setup", "data-to-move": None, "data-busy": "0"})
            dom.focus(focus)
            return
        v = game.view(self.state, HUMAN, log=False)
        hand = v["hand"]
        groups = self.sel.groups(hand)
        staged = self.sel.staged
        staged_ids = {pl["to"] for pl in staged if "to" in pl}
        mine = v["to_move"] == HUMAN and not self.busy
        can_knock = mine and v["phase"] == "play" and game.is_legal(
            game.observe(self.state, HUMAN), {"type": "knock"})
        over = v["phase"] in ("deal_end", "game_end")
        dom.mount("scores", render.scores(v))
        dom.mount("status", T.turn_prompt(v) if not self.busy or v["to_move"] == HUMAN
                  else f"{T.seat_name(v, v['to_move'])} is playing…")
        dom.mount("log", [render.h("li", None, line) for line in self.log[-LOG_LINES:]])
        dom.mount("message", self.message)
        dom.mount("seats", render.seats(v))
        has_book = bool(self.state.rules.books_for_deal(v["deal"]))  # see the report: a view field
        dom.mount("melds", render.melds(v, staged_ids, has_book))
        dom.mount("piles", render.piles(v))
        dom.mount("staged", render.staged(v, staged))
        has_selection = any(n for _, _, n in groups)
        dom.mount("hand", render.hand(v, groups, can_stage=has_selection and v["to_move"] == HUMAN,
                                      can_clear=has_selection or bool(staged)))
        dom.mount("sheet", render.sheet(v, game.winner(self.state) if v["phase"] == "game_end" else []))
        dom.mount("actions", render.actions(
            v, has_selection=has_selection, has_staged=bool(staged),
            can_undo=self.snapshot is not None and self.changed and mine, can_knock=can_knock,
            busy=self.busy))
        screen = "sheet" if over else "table"
        if screen != self.shown:
            dom.scroll_to_top()
        self.shown = screen
        dom.set_attrs("app", {"data-screen": screen})
        dom.set_root_data("screen", screen)
        dom.set_attrs("table", {
            "data-phase": v["phase"], "data-to-move": "" if v["to_move"] is None else v["to_move"],
            "data-busy": "1" if self.busy else "0", "data-deal": v["deal"],
            "data-hand-count": len(hand), "data-opened": "1" if v["sides"][v["my_side"]]["opened"] else "0",
            "data-took-pile": "1" if v["took_pile"] else "0", "data-staged": len(staged),
            "data-message": "1" if self.message else "0"})
        dom.focus(focus)
