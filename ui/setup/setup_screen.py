"""The new-game screen and the rules reference: a room of the page (ui.core.commands.Feature).

The choices themselves are ui/setup/choices.py's (plain Python, tested
without a browser); this room reads the form into them, starts the game
they describe (a refusal's reason shown), shows the rules of the game at
the table or of the rules being chosen, and acts once on what a first
visit chose while the engine loaded (ui/setup/early.py).
"""

import random

import game
from game.house import changes
from ui.core.commands import Feature, command, screen
from ui.setup import early
from ui.setup import setup_view as view
from ui.setup.choices import Setup
from ui.table import deal_log


class SetupScreen(Feature):
    def __init__(self, app, seed=None):
        super().__init__(app)
        self.fixed_seed = seed       # ?seed=N: every new game deals from it (tests)
        self.choices = Setup()       # the new-game screen's choices
        self.back_to = "setup"       # the screen the rules reference returns to

    def boot(self):
        """Act once on what a first visit chose while the engine loaded (ui/early.js,
        checked by ui.setup.early.read): the preset, then Play or the lesson. Ignored
        where the start found something to continue (a saved game, a link, a lesson)."""
        s = self.session
        text = self.page.early_choice()
        if text is None or s.state is not None or s.screen != "setup":
            return
        preset, action, warnings = early.read(text)
        for warning in warnings:
            self.page.console_warn(warning)
        if preset:
            self.choices.update({"setup-preset": preset})
        if action == early.PLAY:
            self.new_game()
            self.signals.emit("save", False)  # as after a tap on Play
        elif action == early.LESSON:
            self.app.command("lesson")

    def read_setup(self):
        self.choices.update({i: self.page.form_value(i) for i in self.choices.ids()})

    def new_game(self):
        """A game of the new-game screen's choices on the table (a refusal's reason shown)."""
        seed = self.fixed_seed if self.fixed_seed is not None else random.randrange(2**31)
        if self.choices.friends():
            try:
                self.signals.emit("friends_host", *self.choices.across_phones())
            except game.RulesError as e:
                self.app.say(str(e))
            return
        try:
            state = self.choices.start(seed)
        except game.RulesError as e:
            self.app.say(str(e))
            return
        self.board.put_on_table(state, [deal_log.first_line(state)])

    # -- commands --------------------------------------------------------------------------
    @command(while_bots=True)
    def do_menu(self, _arg=None):
        """To the new-game screen; the game left behind stays saved (ui/games)."""
        self.app.show("setup")
        self.board.clear_table()
        self.app.say("")

    @command
    def do_setup(self, _arg=None):
        """A new-game control changed: take the whole form (seats and options follow the rules)."""
        self.read_setup()
        self.app.say("")

    @command
    def do_house_toggle(self, _arg=None):
        self.read_setup()
        self.choices.house_open = not self.choices.house_open

    @command
    def do_house_reset(self, _arg=None):
        self.choices.house = {}

    @command
    def do_start(self, _arg=None):
        self.read_setup()
        self.new_game()

    @command(while_bots=True)
    def do_rules(self, _arg=None):
        """The rules reference: of this game at the table, else of the rules being chosen."""
        s = self.session
        if s.screen == "setup":
            self.read_setup()
        if s.screen != "rules":
            self.back_to = s.screen
        self.app.show("rules")
        self.page.scroll_to_top()

    @command(while_bots=True)
    def do_back(self, _arg=None):
        s = self.session
        self.app.show(self.back_to if s.state is not None or self.back_to != "table" else "setup")

    # -- drawing ---------------------------------------------------------------------------
    @screen("setup")
    def draw_setup(self):
        focus = self.page.focused_id()
        self.app.mark_screen("setup")
        self.page.mount("setup", view.setup_screen(self.choices, self.session.message))
        self.page.mount("actions", [])
        self.page.mount("scores", [])
        self.page.set_attrs("table", {"data-phase": "setup", "data-to-move": None, "data-busy": "0"})
        self.page.focus(focus)  # a rebuilt control gets the focus back

    @screen("rules")
    def draw_rules(self):
        """The rules reference: this game's rules, or the ones chosen on the new-game screen."""
        s = self.session
        if self.back_to == "table" and s.state is not None:
            rules, error = s.state.rules, ""
        else:
            rules, error = self.choices.current()
        self.page.mount("rules", view.rules_screen(rules, changes(rules), error))
        self.page.mount("actions", view.back_bar())
        self.app.mark_screen("rules")
