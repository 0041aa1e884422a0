"""A seat played by a bot: it thinks, then moves, at the settings' pace.

Each bot move is shown and lands before the next bot acts (ui.core.motion),
so the page stays responsive; a bot that searches (hard) thinks in slices
of about 35 ms (ui.core.slices). Its move goes through the board's one
path (ui.core.board.Board.land) like a person's.
"""

import asyncio
import time

import game
from game.bots import get_bot
from game.bots.determinize import decision_rng
from ui.core import slices
from ui.core.slices import median


class BotSeat:
    def __init__(self, app):
        self.app, self.session, self.page = app, app.session, app.page
        self.board, self.motion = app.board, app.motion
        self.ms = []         # each bot move's time, for <html data-bot-ms-*> (benchmarks)
        self.last_s = 0.0    # the last bot move's time: the pause after it is shorter by as much

    async def take_turn(self, seat, game_id):
        """Wait for the last move to land and the pause, then move; False if the
        player left the game meanwhile."""
        s, motion = self.session, self.motion
        fly_ms, pause_ms = motion.pace()
        if fly_ms or pause_ms:
            if not motion.flying():
                self.app.render()  # the first bot: show whose turn it is
            await motion.finished()
            # a bot that thinks (hard) has used part of the pause already
            await asyncio.sleep(max(0.05, pause_ms / 1000 - self.last_s))
        else:
            await asyncio.sleep(0)
        if s.game_id != game_id:
            return False
        await self.move(seat, game_id)
        if s.game_id != game_id:
            return False
        if fly_ms:  # the table's update is a task of its own: the page is free in between
            await asyncio.sleep(0)
            if s.game_id != game_id:
                return False
            self.app.render()
        return True

    async def move(self, seat, game_id):
        """One bot move. A bot that searches (``think``) runs in slices with the
        page free in between; only the slices count as its time. Every bot is
        handed the decision's own stream (``decision_rng``: the game's seed,
        the seat, the position), so a game with a ``random`` seat plays on
        the same after a reload as it would have."""
        s = self.session
        state = s.state
        name = state.players[seat].bot or "random"
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
        self.last_s = time.perf_counter() - t0
        self.ms.append(self.last_s * 1000)
        try:
            self.board.land(action, seat)
        except game.IllegalMove as e:
            self.app.say(f"{state.players[seat].name}'s bot tried an illegal move ({e}); it played another.")
            self.board.land(game.legal_actions(state)[0], seat)
        self.page.set_root_data("bot-ms-median", f"{median(self.ms):.3f}")
        self.page.set_root_data("bot-ms-max", f"{max(self.ms):.3f}")
        self.page.set_root_data("bot-actions", len(self.ms))
