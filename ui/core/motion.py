"""Every move shown as it happens: the bots' pace, the cards flying, the sounds.

``stage`` records what a move moved (ui.core.motion_steps) while the old
page still stands; the next render plays it (``play_staged``), and the bots
await ``finished`` so every move shown has landed before the next one.
Each landed move is staged (the ``landed`` signal), except the one that
begins a deal (its table is drawn afresh: nothing flies across it) and any
behind the hand-off screen (no table to fly across). The pace is the
settings' (ui/settings/settings.py); ``?delay=N`` in the address overrides
it (tests, benchmarks; 0 is instant).
"""

from ui.core import motion_steps


class Motion:
    def __init__(self, session, page, signals, settings, url_delay):
        self.session, self.page, self.settings = session, page, settings
        self.url_delay = url_delay   # ?delay=N, over the settings' pace
        self.staged = False          # steps captured, waiting for the next render
        self.plays = []              # the awaitables of the plays not yet awaited (ui/motion.js)
        self.cues = []               # the moments to sound or vibrate at the next render
        signals.on("landed", self.landed)

    def pace(self):
        """(ms a card flies, ms of pause after each bot move)."""
        if self.url_delay is not None:
            return (self.settings.fly_ms() if self.url_delay else 0), self.url_delay
        return self.settings.fly_ms(), self.settings.pause_ms()

    def landed(self, record):
        if not record.new_deal:
            self.stage(record.action, record.seat, record.before, record.after)

    def stage(self, action, seat, before, after):
        """Note what ``action`` moved, before the page re-renders; nothing flies at
        instant speed, nor behind the hand-off screen (ui/handoff)."""
        steps = motion_steps.moves(action, seat, before, after)
        self.cues += motion_steps.cues(steps)
        if self.pace()[0] and self.session.handoff is None:
            self.page.capture_moves(steps)
            self.staged = True

    def cue(self, name):
        """A moment to sound or vibrate at the next render ("turn": it is yours)."""
        self.cues.append(name)

    def flying(self):
        """Whether a move shown may still be in flight."""
        return bool(self.plays)

    def play_staged(self):
        """After a render: fly what was staged, sound what was cued."""
        if self.staged:
            self.staged = False
            self.plays.append(self.page.play_moves(self.pace()[0]))
        s = self.settings
        if s.sound or s.vibrate:
            for name in self.cues:
                self.page.cue(name, s.sound, s.vibrate)
        self.cues = []

    async def finished(self):
        """Wait until every move shown has landed (a draw of many cards may
        still fly when a quick discard after it has landed)."""
        plays, self.plays = self.plays, []
        for play in plays:
            await play
