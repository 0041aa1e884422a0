"""The bots' turns on the page: a feature of ui.controller.Controller.

After every move the controller calls ``start``: if a bot is to move, one
asyncio task plays the bots' moves one at a time at the settings' pace
(ui/pacing.py), each shown and landed before the next, so the page stays
responsive; a bot that searches (hard) thinks in slices of about 35 ms
(ui/slices.py). The task stops at the shown seat's turn, at the end of a
deal, when the player leaves the game (``session.game_id`` changes), and at
another person's turn, where the phone is handed on (ui/handoff.py).
"""

import asyncio
import time

import game
from game.bots import get_bot
from game.bots.determinize import decision_rng
from game.words import narrate
from ui import slices
from ui.commands import Feature
from ui.table_view import page_view


def median(values: list[float]) -> float:
    """The median (``statistics`` would cost the page ~70 ms of start-up to import)."""
    s = sorted(values)
    mid = len(s) // 2
    return s[mid] if len(s) % 2 else (s[mid - 1] + s[mid]) / 2


class BotTurns(Feature):
    def __init__(self, app):
        super().__init__(app)
        self.ms = []         # each bot move's time, for <html data-bot-ms-*> (benchmarks)
        self.last_s = 0.0    # the last bot move's time: the pause after it is shorter by as much

    def start(self):
        """Start the bots if one of them is to move."""
        s = self.session
        mover = s.state.to_move()
        if mover is not None and mover != s.seat and not s.busy:
            s.busy = True
            asyncio.ensure_future(self.run())

    async def run(self):
        """Each bot move is shown and lands before the next bot acts, at the chosen pace."""
        s, app, pacing = self.session, self.app, self.app.pacing
        game_id = s.game_id
        try:
            while s.state is not None and s.state.to_move() not in (None, s.seat):
                mover = s.state.to_move()
                if s.state.players[mover].bot is None:  # another person at this phone
                    await app.handoff.pass_on(mover, game_id)
                    break
                fly_ms, pause_ms = pacing.pace()
                if fly_ms or pause_ms:
                    if not pacing.motion:
                        app.render()  # the first bot: show whose turn it is
                    await pacing.motion_finished()
                    # a bot that thinks (hard) has used part of the pause already
                    await asyncio.sleep(max(0.05, pause_ms / 1000 - self.last_s))
                else:
                    await asyncio.sleep(0)
                if s.game_id != game_id:  # the player left this game
                    return
                await self.step(game_id)
                if s.game_id != game_id:
                    return
                app.autosave()
                if fly_ms:  # the table's update is a task of its own: the page is free in between
                    await asyncio.sleep(0)
                    if s.game_id != game_id:
                        return
                    app.render()
        except Exception as e:  # a bot bug must not freeze the table
            s.message = f"A bot failed: {type(e).__name__}: {e}"
            self.page.console_error(s.message)
        finally:
            if s.game_id == game_id:
                s.busy = False
                if app.tutorial.plant_next():  # the guided first game's next lesson is on the table
                    game_id = s.game_id
        if s.game_id == game_id and s.state is not None:
            if s.state.to_move() == s.seat:
                pacing.cue_turn()
                app.recap.unfold_their_changes()
            app.render()

    async def step(self, game_id):
        """One bot move. A bot that searches (``think``) runs in slices of about
        35 ms with the page free in between; only the slices count as its time.
        Every bot is handed the decision's own stream (``decision_rng``: the
        game's seed, the seat, the position), so a game with a ``random`` seat
        plays on the same after a reload as it would have."""
        s, app = self.session, self.app
        state = s.state
        seat = state.to_move()
        name = state.players[seat].bot or "random"
        before = page_view(state, s.seat, log=False)
        bot = get_bot(name)
        obs = game.observe(state, seat)
        rng = decision_rng(obs, seat, name)
        t0 = time.perf_counter()
        if not hasattr(bot, "think"):
            action = bot(obs, seat, rng)
        else:
            try:
                action, spent = await slices.run(bot.think(obs, seat, rng),
                                                 lambda: s.game_id == game_id)
            except slices.Stopped:  # the player left this game
                return
            t0 = time.perf_counter() - spent
        try:
            game.apply(state, action)
        except game.IllegalMove as e:
            fallback = game.legal_actions(state)
            s.message = f"{state.players[seat].name}'s bot tried an illegal move ({e}); it played another."
            action = fallback[0]
            game.apply(state, action)
        self.last_s = time.perf_counter() - t0
        self.ms.append(self.last_s * 1000)
        after = page_view(state, s.seat, log=False)
        s.log.append(narrate.summarize(action, seat, before, after))
        app.recap.record_step(action, seat, before, after)
        app.pacing.stage_moves(action, seat, before, after)
        self.page.set_root_data("bot-ms-median", f"{median(self.ms):.3f}")
        self.page.set_root_data("bot-ms-max", f"{max(self.ms):.3f}")
        self.page.set_root_data("bot-actions", len(self.ms))
