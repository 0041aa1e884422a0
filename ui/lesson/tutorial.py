"""The guided first game on the real table: a room of the page (ui.core.commands.Feature).

The script (ui/lesson/lesson.py, data in ui/lesson/lesson.json) plants one position of a
recorded deal per lesson and lists the taps that teach there. While a lesson
is on the table every tap that plays or selects cards is checked before it
runs: the expected tap runs as usual (its move goes through the engine like
any other); any other changes nothing and says why, with the engine's
reason when the engine would refuse that move (the table's own word on
each control, ui/table/refusals.py), and which control to tap (outlined
on the page). After a lesson's last tap the bots play their turns
as usual and the next lesson is planted ("Later in the deal…"). Bots are
seeded when a lesson is planted, so the partner's answer is always the one
the script was checked with. The lesson game is never saved as a game
(``session.lesson``); the lesson reached is (``tp.tutorial``), so a
reload resumes it.
"""

import game
from game.names import Act
from game.words.narrate import meld_rank_label
from ui.core.commands import Feature, command
from ui.lesson import lesson as L
from ui.lesson import tutorial_view as view
from ui.seats import seating as seats
from ui.table import deal_log
from ui.table.refusals import refusals

# taps that play or select cards: checked against the script during a lesson
CHECKED = {"pick", "fewer", "pick-all", "stage", "clear", "unstage", "add-to", "draw", "take",
           "meld", "discard", "knock", "knee", "ask", "answer", "next-deal", "undo", "drop-meld",
           "drop-discard"}
# the taps that send a move: the control whose refusal (ui/table/refusals.py) a wrong one is told
CONTROLS = {"draw": Act.DRAW, "take": Act.TAKE_PILE, "meld": Act.MELD, "discard": Act.DISCARD,
            "knock": Act.KNOCK, "knee": Act.PICK_UP_KNEE, "ask": Act.ASK}


class Tutorial(Feature):
    def __init__(self, app):
        super().__init__(app)
        self.script = L.load()
        self.lesson = None          # index of the lesson on the table
        self.lesson_state = None    # the game object it plays on (another game ends it)
        self.facts = {}             # what the lesson's words name
        self.step = self.taps = 0   # the step waited for, and its taps so far
        self.lesson_next = None     # the lesson to plant once the bots have played
        self.lesson_over = False    # the last lesson is done
        self.lesson_store = self.page.storage()
        self.signals.on("still", self.plant_next)

    def boot(self):
        """Resume a lesson left unfinished (the stored progress), else nothing."""
        stored = self.stored_lesson()
        if stored is not None:
            self.start_lesson(stored)

    def stored_lesson(self):
        text = self.lesson_store.get(L.KEY) if self.lesson_store else None
        return L.read_progress(text, len(self.script["lessons"]))

    def learned(self):
        """Whether the last lesson was played to its end (then the offer to learn is gone)."""
        return bool(self.lesson_store) and self.lesson_store.get(L.DONE) == "1"

    def keep_progress(self, lesson):
        """Store the lesson to resume (None: forget it); storage trouble never stops the lesson."""
        if not self.lesson_store:
            return
        try:
            if lesson is None:
                self.lesson_store.remove(L.KEY)
            else:
                self.lesson_store.set(L.KEY, L.progress_text(lesson))
        except Exception as e:
            self.page.console_warn(f"lesson progress not kept: {type(e).__name__}: {e}")

    def keep_learned(self):
        if not self.lesson_store:
            return
        try:
            self.lesson_store.set(L.DONE, "1")
        except Exception as e:
            self.page.console_warn(f"lesson done not kept: {type(e).__name__}: {e}")

    def in_lesson(self):
        state = self.session.state
        return self.lesson is not None and state is not None and state is self.lesson_state

    # -- commands -----------------------------------------------------------------------
    @command
    def do_lesson(self, _arg=None):
        """Learn to play: from the lesson reached last time, else from the start."""
        stored = self.stored_lesson()
        self.start_lesson(0 if stored is None else stored)

    @command(while_bots=True)
    def do_lesson_skip(self, _arg=None):
        """Skip (or, once done, leave): the lesson ends and nothing of it is kept."""
        self.keep_progress(None)
        self.lesson, self.lesson_state, self.lesson_next = None, None, None
        self.board.clear_table()
        self.app.command("games" if self.app.store.ids() else "menu")

    def start_lesson(self, index):
        """Plant lesson ``index``'s position on the table, South to play (a game
        not kept: ☰ leaves it, and the games list offers to continue it)."""
        state = L.position(self.script, index)
        self.lesson_state = state
        self.facts = L.facts(self.script, index)
        self.lesson, self.step, self.taps, self.lesson_next = index, 0, 0, None
        self.lesson_over = False
        self.keep_progress(index)
        lines = deal_log.lines_or(state, [], seats.first(state), self.page.console_warn)
        self.board.put_on_table(state, lines, lesson=True)

    def lesson_guard(self, cmd, arg, handler):
        """The handler to run for this tap: as it is, followed by the lesson's
        next step, or a refusal that changes nothing."""
        if not self.in_lesson() or cmd not in CHECKED:
            return handler
        if self.lesson_over:
            return lambda _a: self.app.say("The lesson is over: tap Play a game.")
        steps = self.script["lessons"][self.lesson]["steps"]
        if self.step >= len(steps):
            return lambda _a: None  # the bots play before the next lesson
        step = steps[self.step]
        if (cmd, arg) != L.split(step["tap"]):
            return lambda _a: self.refuse_tap(cmd, step)

        def expected(a):
            count = len(self.session.state.log)
            handler(a)
            if not step.get("expect") or len(self.session.state.log) > count:
                self.tap_done(steps)
        return expected

    def refuse_tap(self, cmd, step):
        words, _ = L.control(step["tap"], self.meld_ranks())
        reason = self.engine_reason(cmd)
        self.app.say((reason + " " if reason else "") + f"Not this: tap {words}.")

    def engine_reason(self, cmd):
        """The engine's reason it would refuse this tap's move now, or None."""
        s = self.session
        if cmd not in CONTROLS:
            return None
        view = game.view(s.state, s.seat, log=False)
        return refusals(game.observe(s.state, s.seat), s.seat, s.sel, view).get(CONTROLS[cmd])

    def tap_done(self, steps):
        self.taps += 1
        if self.taps < steps[self.step].get("times", 1):
            return
        self.step, self.taps = self.step + 1, 0
        if self.step < len(steps):
            return
        if self.lesson + 1 == len(self.script["lessons"]):
            self.lesson_over = True
            self.keep_progress(None)
            self.keep_learned()
            return
        self.lesson_next = self.lesson + 1
        self.keep_progress(self.lesson_next)
        if not self.session.busy:
            self.plant_next()

    def plant_next(self):
        """The next lesson, once the table is still (again when the bots stop:
        the ``still`` signal); True if it was planted."""
        if self.lesson_next is None or not self.in_lesson():
            return False
        self.start_lesson(self.lesson_next)
        return True

    # -- drawing ------------------------------------------------------------------------------
    def meld_ranks(self):
        """{id: "8s"} of the player's side's melds, to name one in words."""
        v = game.view(self.session.state, self.session.seat, log=False)
        return {m["id"]: meld_rank_label(m["rank"]) for m in v["sides"][v["my_side"]]["melds"]}

    def draw_lesson(self):
        """The coach mark on the table (the step's words and its control outlined),
        or on the new-game and games screens the offer to learn."""
        s, page = self.session, self.page
        target = note = None
        if self.in_lesson():
            lesson = self.script["lessons"][self.lesson]
            steps = lesson["steps"]
            step = steps[self.step] if self.step < len(steps) else None
            if step and not s.busy:
                _, target = L.control(step["tap"], {})
                note = step.get("note")
            page.mount("lesson", view.coach(
                lesson, self.lesson, len(self.script["lessons"]), step,
                words=L.say(step, self.facts) if step else "",
                left=step.get("times", 1) - self.taps if step else 0, over=self.lesson_over))
        elif not self.learned() and (s.screen == "games"
                                     or (s.screen == "setup" and not self.app.store.ids())):
            page.mount("lesson", view.offer(self.stored_lesson(), len(self.script["lessons"])))
        else:
            page.mount("lesson", [])
        page.set_root_data("lesson", "1" if self.in_lesson() else "0")
        page.mark("data-coach", target)
        page.mark("data-coach-note", note)
