"""Never lose a game: autosave, the games screen, files and share links.

A room of the page (ui.core.commands.Feature). ``autosave`` runs after
every move that lands (the ``landed`` signal) and after every command, and
writes only when the game changed (another state object or a longer action
log) or the turn's choices did, so taps that only select cards cost
little. A game with an empty action log that was not loaded here is a new
game: it gets a new slot, so the previous game stays in the list. A
lesson's game (``session.lesson``) is never saved. After each save the
``saved`` signal lets the statistics count a deal that just ended.

Links and files are untrusted: game.links.share.decode and ui.core.saves
check them; a refusal is shown and changes nothing.
"""

import asyncio
import json
import random

import game
from game.links import share
from game.links.redeal import redeal
from ui.core.commands import Feature, command, screen
from ui.core.saves import FULL_NEW, SaveError, StorageFull, summary
from ui.games import games_view as view
from ui.seats import seating as P
from ui.table.turn import fresh_in_hand

LINK_KEY = "g="   # the fragment: #g=g1.<data>
FULL = "Storage is full: this game is not being saved. Open ☰ to export or delete old games."


def copied(state):
    """A game from a link or a file with everything the (first) person has not
    seen dealt again (game.links.redeal), so a copy never previews the original's draws;
    a game whose moves do not replay from its deal (a planted position) stays as it is."""
    try:
        return redeal(state, P.first(state), random.Random())
    except game.StateError:
        return state


class Games(Feature):
    def __init__(self, app):
        super().__init__(app)
        self.store = app.store
        self.saved_as = None        # (state object, action count, pending) last written
        self.incoming = None        # a shared game waiting for the player's yes
        self.note = "" if self.store.kept else "This browser blocks storage: games are not kept."
        self.errors = []            # sentences for the alert box
        self.link = None            # the last share link, shown as text
        self.deleting = None        # slot whose Delete was tapped once
        self.share_for = None       # (slot, [(seat, name)]) while the sender picks whose copy to share
        on = self.signals.on
        on("on_table", self.on_table)
        on("landed", lambda _record: self.autosave())
        on("save", self.autosave)
        on("alert", self.alert)

    def boot(self, fragment):
        """Read a shared link (the page's address fragment), and show the games screen
        if there is one (or, where ui/paint.js painted the last table and the
        address holds no link for another room, continue that game)."""
        s, page = self.session, self.page
        page.expose("tpGameState", lambda: json.dumps(s.state.to_json() if s.state else None))
        if fragment.startswith(LINK_KEY):
            try:
                self.incoming = copied(share.decode(fragment[len(LINK_KEY):]))
            except game.StateError as e:
                self.errors = [f"This game link cannot be opened. {e} Nothing was changed."]
            except Exception as e:  # a link the checks missed must not stop start-up
                page.console_error(f"link: {type(e).__name__}: {e}")
                self.errors = ["This game link cannot be opened (it is damaged). Nothing was changed."]
        if fragment and not fragment.startswith(LINK_KEY):
            return
        if self.incoming or self.errors or self.store.ids():
            self.app.show("games")
        if page.painted() and not (self.incoming or self.errors) and self.store.current:
            self.do_resume(self.store.current)  # the painted game goes live where it is

    def alert(self, sentence):
        """The one problem the games screen's alert box shows (another feature's too)."""
        self.errors = [sentence]

    # -- saving ---------------------------------------------------------------------
    def autosave(self, force=False):
        """Save the game if it moved on or the turn's choices changed (``force``:
        also if only its hint count did)."""
        s = self.session
        state = s.state
        if state is None or s.lesson or s.via is not None:  # a lesson's game is not one of the player's;
            return                                          # one across phones is ui/linked' to keep
        saved, count, saved_pending = self.saved_as or (None, 0, None)
        pending = self.pending()
        if saved is state and count == len(state.log) and pending == saved_pending and not force:
            return
        if not state.log and saved is not state:
            s.slot = None  # a new game: a new slot
        try:
            s.slot = self.store.save(s.slot, state, s.log, hints=s.hints_used, pending=pending)
            self.store.current = s.slot
        except StorageFull:
            self.app.say(FULL)
            self.page.set_root_data("save-error", "full")
            return
        except Exception as e:  # saving must never break the table
            self.app.say(f"This game could not be saved ({type(e).__name__}: {e}).")
            self.page.console_error(s.message)
            return
        self.saved_as = (state, len(state.log), pending)
        self.signals.emit("saved")  # a deal that just ended is counted
        self.page.set_root_data("saved", f"{s.slot}:{len(state.log)}")
        self.page.set_root_data("has-saves", "1")

    def pending(self):
        """The turn's unsent choices, saved with the game so a reload keeps them:
        the selection, the staged placements and the cards new this turn, and
        the seat the page shows unless it is the first person's (None if none;
        ui.core.saves.pending_checked)."""
        s = self.session
        hand = s.state.players[s.seat].hand
        out = {"picked": {k: n for k, n in s.sel.picked.items() if n > 0},
               "staged": [dict(pl, cards=list(pl["cards"])) for pl in s.sel.staged],
               "fresh": sorted(fresh_in_hand(s, hand).elements())}
        out = {k: v for k, v in out.items() if v}
        if s.seat != P.first(s.state):
            out["seat"] = s.seat
        return out or None

    def on_table(self, opened):
        """A game came to the table: a saved one (a slot) is the store's current
        game, as written; a new one or a lesson's has no slot yet."""
        s = self.session
        s.slot = opened.slot
        if opened.slot is not None:
            self.saved_as = (s.state, len(s.state.log), opened.pending or None)
            self.store.current = opened.slot
            self.link, self.deleting = None, None
        elif s.via is not None:  # a game across phones: ui/linked reopens it, nothing paints another game's table
            self.store.current = None

    def open_game(self, slot, state, log, hints=None, pending=None):
        """Put a saved game on the table, with the turn's choices a save kept
        (checked by ui.core.saves.pending_checked). The saved lines as they
        are: the Log overlay completes them (ui/settings/panels.py)."""
        self.board.put_on_table(state, log, slot=slot, hints=hints, pending=pending)

    # -- commands of the games screen -------------------------------------------------
    @command(while_bots=True)
    def do_games(self, _arg=None):
        """☰: leave the table for the games screen (the game is saved, nothing to
        confirm; a game not kept, a lesson's, is left: the list offers to continue it)."""
        self.autosave()
        if self.session.lesson:
            self.board.clear_table()
        else:
            self.board.leave_table()  # a bot loop in progress stops; Continue restarts it
        self.app.show("games")
        self.app.say("")
        self.link, self.deleting = None, None
        self.note, self.errors = "", []

    @command
    def do_resume(self, slot):
        s = self.session
        if slot == s.slot and s.state is not None:
            return self.open_game(slot, s.state, s.log, s.hints_used, self.pending())
        try:
            record = self.store.load_record(slot)
        except SaveError as e:
            self.errors = [str(e)]
            return
        self.open_game(slot, record["game"], record["log"], record["hints"], record["pending"])

    @command
    def do_delete(self, slot):
        s = self.session
        if self.deleting != slot:
            self.deleting = slot
            return
        self.store.delete(slot)
        self.deleting = None
        self.note = "Game deleted."
        if slot == s.slot:
            self.board.clear_table()
            s.slot, self.saved_as = None, None

    @command
    def do_export(self, slot):
        try:
            filename, text = self.store.export(slot)
        except SaveError as e:
            self.errors = [str(e)]
            return
        self.page.download(filename, text)
        self.note = f"Saved to your downloads as {filename}."

    @command
    def do_import(self, _arg=None):
        pending = self.page.file_text("import-file")
        if pending is not None:
            asyncio.ensure_future(self.import_file(pending))

    async def import_file(self, pending):
        text = str(await pending)
        self.note, self.errors = "", []
        try:
            self.store.import_text(text, prepare=copied)
            self.note = "Game imported: it is in the list below."
        except SaveError as e:
            self.errors = [str(e)]
        except StorageFull:
            self.errors = [FULL_NEW + " Nothing was imported."]
        except Exception as e:  # a file the checks missed is refused like any other
            self.page.console_error(f"import: {type(e).__name__}: {e}")
            self.errors = [f"This file cannot be imported ({type(e).__name__}). Nothing was changed."]
        self.page.set_root_data("imported", "refused" if self.errors else "ok")
        self.app.render()

    @command
    def do_share(self, slot):
        """A link to a copy of the game as one person knows it (share.link_for):
        the game's only person, or the one the sender picks of several (the
        ``share_for`` choice, then ``share-for``)."""
        state = self.game_of(slot)
        if state is None:
            return
        people = P.people(state)
        if len(people) > 1:
            self.share_for = (slot, [(seat, state.players[seat].name) for seat in people])
            self.note = "Whose copy is it? It opens for that person only, the others' seats played by bots."
            return
        self.share_copy(state, P.first(state))

    @command
    def do_share_for(self, arg=None):
        """The sender picked whose copy to share ("slot:seat")."""
        slot, _, seat = str(arg).partition(":")
        choice, self.share_for = self.share_for, None
        if choice is None or choice[0] != slot or not seat.isdigit() or int(seat) not in dict(choice[1]):
            return
        state = self.game_of(slot)
        if state is not None:
            self.share_copy(state, int(seat))

    def game_of(self, slot):
        """The game of a slot: the one on the table if it is that one; None if it cannot be read (said)."""
        s = self.session
        if slot == s.slot and s.state is not None:
            return s.state
        try:
            return self.store.load(slot)[0]
        except SaveError as e:
            self.errors = [str(e)]
            return None

    def share_copy(self, state, seat):
        try:
            link = share.link_for(state, seat, random.SystemRandom())
        except game.StateError as e:
            self.errors = [str(e)]
            return
        self.link = self.page.page_url() + "#" + LINK_KEY + link
        self.note = "Sharing…"
        asyncio.ensure_future(self.offer_link(self.link))

    async def offer_link(self, url):
        how = await self.page.share_url(url, "Triple Play")
        self.note = {"shared": "Link shared.", "copied": "Link copied: paste it anywhere."}.get(
            how, "Copy the link below and send it.")
        self.app.render()

    @command
    def do_accept_link(self, _arg=None):
        state, self.incoming = self.incoming, None
        log = [f"Opened from a shared link: {state.rules.title}, deal {state.deal}."]
        try:
            slot = self.store.save(None, state, log)
        except StorageFull:
            self.errors = [FULL_NEW]
            self.incoming = state
            return
        self.open_game(slot, state, log)

    @command
    def do_decline_link(self, _arg=None):
        self.incoming = None
        self.note = "The shared game was not added."

    # -- drawing ------------------------------------------------------------------------------
    @screen("games")
    def draw_games(self):
        page = self.page
        slots, problems = self.store.list()
        self.errors += problems  # reported when they are set aside
        errors = self.errors
        incoming = summary(self.incoming) if self.incoming else None
        parts = [part for part in self.signals.gather("games_parts") if part]
        page.mount("games", view.games_screen(
            slots, self.store.current, incoming=incoming, note=self.note, errors=errors,
            link=self.link, deleting=self.deleting, share_for=self.share_for, parts=parts))
        page.mount("actions", [])
        page.mount("scores", [])
        page.set_attrs("games", {"data-slots": len(slots), "data-error": len(errors)})
        page.set_root_data("has-saves", "1" if slots else "0")
        self.app.mark_screen("games")
