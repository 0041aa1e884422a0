"""The page's composition: the rooms built and wired, taps dispatched, the page drawn.

The controller holds what the rooms share (ui/core/app.py's App: the
session, the page, the signals, the board with its one move path, the
motion, the save store, the settings) and builds each room in an order
that is also the order each signal reaches them (ui/core/signals.py): the
table first (the deal's log, the recap and the turn's marks of a move),
then the rooms that save, count, teach and hand the phone on, and the turn
driver last (the next seat moves once the others have seen the move).
Each room declares its commands and screens where it handles them
(ui/core/commands.py). The page is reached only through ``page``
(ui/core/page.py: ui.dom in the browser, a fake in tests).
"""

import time

from ui.core.board import Board
from ui.core.commands import collect
from ui.core.motion import Motion
from ui.core.page import Page
from ui.core.saves import MemoryStorage, SaveStore
from ui.core.session import Session
from ui.core.signals import Signals
from ui.core.slices import median
from ui.games.games import Games
from ui.handoff.handoff import Handoff
from ui.learn.learn import Learn
from ui.lesson.tutorial import Tutorial
from ui.linked.linked import FriendsRoom
from ui.replays.replays import Replays
from ui.seats.turns import Turns
from ui.settings import settings as S
from ui.settings.panels import Panels
from ui.setup.setup_screen import SetupScreen
from ui.stats.stats_screen import StatsScreen
from ui.table.table import Table


class Controller:
    def __init__(self, page: Page, delay_ms=None, seed=None):
        self.page = page
        self.session = Session()
        self.signals = Signals()
        self.board = Board(self.session, self.signals)
        storage = page.storage()
        self.store = SaveStore(storage or MemoryStorage(), now=page.local_now, kept=storage is not None)
        self.settings = S.read(storage)
        self.render_ms = []
        self.signals.on("on_table", self.on_table)
        self.table = Table(self)
        self.motion = Motion(self.session, page, self.signals, self.settings,
                             None if delay_ms is None else max(0, delay_ms))  # None: the settings' pace
        self.panels = Panels(self)
        self.setup = SetupScreen(self, seed)
        self.games = Games(self)
        self.stats = StatsScreen(self)
        self.learn = Learn(self)
        self.tutorial = Tutorial(self)
        self.replays = Replays(self)
        self.handoff = Handoff(self)
        self.friends = FriendsRoom(self)
        self.turns = Turns(self)
        self.commands, self.screens = collect(self.table, self.panels, self.setup, self.games, self.stats,
                                              self.learn, self.tutorial, self.replays, self.handoff,
                                              self.friends)

    def start(self):
        self.page.on_command(self.run_command)
        self.panels.boot()
        fragment = self.page.take_fragment()
        self.games.boot(fragment)
        self.friends.boot(fragment)
        self.tutorial.boot()
        self.setup.boot()
        self.render()

    def on_table(self, _opened):
        self.session.screen, self.session.message = "table", ""
        self.page.scroll_to_top()

    # -- what a room may ask (ui/core/app.py) -------------------------------------------
    def show(self, screen):
        self.session.screen = screen

    def say(self, sentence):
        self.session.message = sentence

    def command(self, name, arg=None):
        self.commands[name][0](arg)

    def mark_screen(self, screen):
        """The screen on the page: data-screen on #app (the layout reads it) and
        on <html> (the tests do), and ``shown`` (a change scrolls up)."""
        self.session.shown = screen
        self.page.set_attrs("app", {"data-screen": screen})
        self.page.set_root_data("screen", screen)

    # -- a tap -------------------------------------------------------------------------
    def run_command(self, cmd, arg):
        if cmd not in self.commands:
            return
        s = self.session
        handler, while_bots = self.commands[cmd]
        if not while_bots and (s.busy or s.handoff is not None and s.screen == "table"):
            return  # a game's move waits for the bots, and the table for the person the phone goes to
        handler = self.tutorial.lesson_guard(cmd, arg, handler)  # the guided first game
        self.session.message = ""  # a refusal lasts until the next tap; the handler may set a new one
        try:
            handler(arg)
        except Exception as e:  # keep the table usable; the console gets the details
            self.page.console_error(f"{cmd}: {type(e).__name__}: {e}")
            self.session.message = f"Something went wrong ({type(e).__name__}); the saved game is as it was."
        else:
            self.games.autosave()  # the turn's choices (a move that landed is saved already)
        self.render()

    # -- drawing the page --------------------------------------------------------------
    def render(self):
        s = self.session
        t0 = time.perf_counter()
        try:
            self.draw()
            self.panels.draw()
            self.tutorial.draw_lesson()
            self.motion.play_staged()
        except Exception as e:  # a screen that cannot be drawn: say so, offer the games list
            self.page.console_error(f"draw {s.screen}: {type(e).__name__}: {e}")
            if s.screen == "games":
                raise
            self.board.leave_table()
            s.screen = "games"
            self.signals.emit("alert", f"This screen could not be drawn ({type(e).__name__}); "
                                       "your saved games are as they were.")
            self.draw()
        self.render_ms.append((time.perf_counter() - t0) * 1000)
        del self.render_ms[:-200]
        self.page.set_root_data("render-ms-median", f"{median(self.render_ms):.1f}")

    def draw(self):
        """The screen ``session.screen`` (the table with no game on it is the new-game
        screen; with the phone to be handed on, the hand-off); a drawer may send
        the page elsewhere instead (a replay that is gone: the games list)."""
        for _ in range(2):
            name = self.screen_name()
            self.screens[name]()
            if self.screen_name() == name:
                return

    def screen_name(self):
        s = self.session
        if s.screen == "table" and s.state is None:
            return "setup"
        if s.screen == "table" and s.handoff is not None:
            return "handoff"
        return s.screen
