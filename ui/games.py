"""Never lose a game: autosave, the games screen, files and share links.

A mixin of ui.controller.Controller (it uses the controller's state, log,
message, screen and render). ``autosave`` runs after every command and every
bot move and writes only when the game changed (another state object or a
longer action log), so taps that only select cards cost nothing. A game
with an empty action log that was not loaded here is a new game: it gets a
new slot, so the previous game stays in the list.

Links and files are untrusted: game.share.decode and ui.saves.parse check
them; a refusal is shown and changes nothing.
"""

import asyncio
import json
import random
from collections import Counter

import game
from game import share
from game.redeal import redeal
from ui import dom
from ui import games_view as view
from ui.saves import MemoryStorage, SaveError, SaveStore, StorageFull, summary
from ui.text import HUMAN

LINK_KEY = "g="   # the fragment: #g=g1.<data>
FULL = "Storage is full: this game is not being saved. Open ☰ to export or delete old games."
FULL_NEW = "Storage is full: delete or export a game first."  # a game or file that would be added


def copied(state):
    """A game from a link or a file with everything the person has not seen
    dealt again (game.redeal), so a copy never previews the original's draws;
    a game whose moves do not replay from its deal (a planted position) stays as it is."""
    try:
        return redeal(state, HUMAN, random.Random())
    except game.StateError:
        return state


class GamesMixin:
    def boot_games(self):
        """Open the store, read a shared link, and show the games screen if there is one
        (or, where ui/paint.js painted the last table, continue that game)."""
        storage = dom.storage()
        self.store = SaveStore(storage or MemoryStorage(), now=dom.local_now)
        self.slot = None            # save slot of the game in self.state
        self.saved_as = None        # (state object, action count) last written
        self.incoming = None        # a shared game waiting for the player's yes
        self.games_note = "" if storage else "This browser blocks storage: games are not kept."
        self.games_errors = []      # sentences for the alert box
        self.link = None            # the last share link, shown as text
        self.deleting = None        # slot whose Delete was tapped once
        dom.expose("tpGameState", lambda: json.dumps(self.state.to_json() if self.state else None))
        fragment = dom.take_fragment()
        if fragment.startswith(LINK_KEY):
            try:
                self.incoming = copied(share.decode(fragment[len(LINK_KEY):]))
            except game.StateError as e:
                self.games_errors = [f"This game link cannot be opened. {e} Nothing was changed."]
            except Exception as e:  # a link the checks missed must not stop start-up
                dom.console_error(f"link: {type(e).__name__}: {e}")
                self.games_errors = ["This game link cannot be opened (it is damaged). Nothing was changed."]
        if self.incoming or self.games_errors or self.store.ids():
            self.screen = "games"
        if dom.painted() and not (self.incoming or self.games_errors) and self.store.current:
            self.do_resume(self.store.current)  # the painted game goes live where it is

    # -- saving ---------------------------------------------------------------------
    def autosave(self, force=False):
        """Save the game if it moved on or the turn's choices changed (``force``:
        also if only its hint count did)."""
        state = self.state
        saved, count, saved_pending = self.saved_as or (None, 0, None)
        pending = self.pending() if state is not None else None
        if state is None or (saved is state and count == len(state.log) and pending == saved_pending
                             and not force):
            return
        if not state.log and saved is not state:
            self.slot = None  # a new game: a new slot
        try:
            self.slot = self.store.save(self.slot, state, self.log, hints=self.hints_used, pending=pending)
            self.store.current = self.slot
        except StorageFull:
            self.message = FULL
            dom.set_root_data("save-error", "full")
            return
        except Exception as e:  # saving must never break the table
            self.message = f"This game could not be saved ({type(e).__name__}: {e})."
            dom.console_error(self.message)
            return
        self.saved_as = (state, len(state.log), pending)
        self.note_deal_end()  # ui/stats_screen.py: a deal that just ended is counted
        dom.set_root_data("saved", f"{self.slot}:{len(state.log)}")
        dom.set_root_data("has-saves", "1")

    def pending(self):
        """The turn's unsent choices, saved with the game so a reload keeps them:
        the selection, the staged placements and the cards new this turn (None if none)."""
        hand = self.state.players[HUMAN].hand
        out = {"picked": {k: n for k, n in self.sel.picked.items() if n > 0},
               "staged": [dict(pl, cards=list(pl["cards"])) for pl in self.sel.staged],
               "fresh": sorted(self.fresh_in_hand(hand).elements())}
        return {k: v for k, v in out.items() if v} or None

    def open_game(self, slot, state, log, hints=0, pending=None):
        """Put a game on the table (with the turn's choices a save kept, checked by
        ui.saves.pending_checked) and let the bots move if it is their turn."""
        # The saved lines as they are: the Log panel completes them (ui.pacing.panel_log).
        self.state, self.log, self.slot = state, list(log), slot
        self.hints_used = hints
        pending = pending or {}
        self.saved_as = (state, len(state.log), pending or None)
        self.store.current = slot
        self.rng = random.Random(state.seed + len(state.log))
        self.sel.restore(pending.get("picked", {}), pending.get("staged", []))
        self.shown_meld = None
        self.snapshot, self.changed = None, False
        self.message, self.link, self.deleting = "", None, None
        self.game_id += 1
        self.fresh, self.fresh_game = Counter(pending.get("fresh", [])), self.game_id
        self.restore_steps()
        self.busy = False
        self.screen = "table"
        dom.scroll_to_top()
        self.after_move()

    # -- commands of the games screen -------------------------------------------------
    def do_games(self, _arg=None):
        """☰: leave the table for the games screen (the game is saved, nothing to confirm)."""
        self.autosave()
        self.game_id += 1  # a bot loop in progress stops; Continue restarts it
        self.busy = False
        self.screen, self.message, self.link, self.deleting = "games", "", None, None
        self.games_note, self.games_errors = "", []

    def do_resume(self, slot):
        if slot == self.slot and self.state is not None:
            return self.open_game(slot, self.state, self.log, self.hints_used, self.pending())
        try:
            record = self.store.load_record(slot)
        except SaveError as e:
            self.games_errors = [str(e)]
            return
        self.open_game(slot, record["game"], record["log"], record["hints"], record["pending"])

    def do_delete(self, slot):
        if self.deleting != slot:
            self.deleting = slot
            return
        self.store.delete(slot)
        self.deleting = None
        self.games_note = "Game deleted."
        if slot == self.slot:
            self.state, self.slot, self.saved_as = None, None, None

    def do_export(self, slot):
        try:
            filename, text = self.store.export(slot)
        except SaveError as e:
            self.games_errors = [str(e)]
            return
        dom.download(filename, text)
        self.games_note = f"Saved to your downloads as {filename}."

    def do_import(self, _arg=None):
        pending = dom.file_text("import-file")
        if pending is not None:
            asyncio.ensure_future(self.import_file(pending))

    async def import_file(self, pending):
        text = str(await pending)
        self.games_note, self.games_errors = "", []
        try:
            self.store.import_text(text, prepare=copied)
            self.games_note = "Game imported: it is in the list below."
        except SaveError as e:
            self.games_errors = [str(e)]
        except StorageFull:
            self.games_errors = [FULL_NEW + " Nothing was imported."]
        except Exception as e:  # a file the checks missed is refused like any other
            dom.console_error(f"import: {type(e).__name__}: {e}")
            self.games_errors = [f"This file cannot be imported ({type(e).__name__}). Nothing was changed."]
        dom.set_root_data("imported", "refused" if self.games_errors else "ok")
        self.render()

    def do_share(self, slot):
        if slot == self.slot and self.state is not None:
            state = self.state
        else:
            try:
                state, _ = self.store.load(slot)
            except SaveError as e:
                self.games_errors = [str(e)]
                return
        self.link = dom.page_url() + "#" + LINK_KEY + share.encode(state)
        self.games_note = "Sharing…"
        asyncio.ensure_future(self.offer_link(self.link))

    async def offer_link(self, url):
        how = await dom.share_url(url, "Triple Play")
        self.games_note = {"shared": "Link shared.", "copied": "Link copied: paste it anywhere."}.get(
            how, "Copy the link below and send it.")
        self.render()

    def do_accept_link(self, _arg=None):
        state, self.incoming = self.incoming, None
        log = [f"Opened from a shared link: {state.rules.title}, deal {state.deal}."]
        try:
            slot = self.store.save(None, state, log)
        except StorageFull:
            self.games_errors = [FULL_NEW]
            self.incoming = state
            return
        self.open_game(slot, state, log)

    def do_decline_link(self, _arg=None):
        self.incoming = None
        self.games_note = "The shared game was not added."

    # -- drawing ------------------------------------------------------------------------------
    def draw_games(self):
        slots, problems = self.store.list()
        self.games_errors += problems  # reported when they are set aside
        errors = self.games_errors
        incoming = summary(self.incoming) if self.incoming else None
        dom.mount("games", view.games_screen(
            slots, self.store.current, incoming=incoming, note=self.games_note, errors=errors,
            link=self.link, deleting=self.deleting))
        dom.mount("actions", [])
        dom.mount("scores", [])
        dom.set_attrs("games", {"data-slots": len(slots), "data-error": len(errors)})
        dom.set_root_data("has-saves", "1" if slots else "0")
        self.mark_screen("games")
