"""Games played across phones by links: a room of the page (ui.core.commands.Feature).

The new-game screen hands over a game with friends at it (the
``friends_host`` signal): this phone becomes its host and sends each friend
an invitation link. A link this page is opened with (``#f=``) is read by
the engine's strict reader (game/friends): an invitation (Join makes this
phone's keys, ui/friends.js, and the answer to send back), a friend's
answer (kept by the host, who deals once every friend has answered), or a
turn (checked and applied; a refusal is shown and changes nothing). On the
table the game's record (``session.via``) makes every move (ui/core/board.py),
so its moves are sent with the next link; when the game waits for another
phone, the bar offers "Send to Tom" in place of the turn's controls.
Records are kept by ui/linked/store.py and listed on the friends screen.
"""

import asyncio
import random

from game.errors import StateError
from game.friends import invites, links
from game.friends.record import EVERYONE, SAME, Friends
from game.words import narrate
from ui.core.commands import Feature, command, screen
from ui.core.saves import StorageFull
from ui.core.table_view import page_view
from ui.linked import linked_view as view
from ui.linked.steps import phone_keys, run
from ui.linked.store import FriendsStore
from ui.setup import early
from ui.table import deal_log
from ui.table.sheet_view import SheetParts

LINK_KEY = "f="       # the fragment: #f=f1.<data>
TITLE = "Triple Play"
UNREAD = "This game across phones could not be read ({}). It was put aside; nothing else changed."


class FriendsRoom(Feature):
    def __init__(self, app):
        super().__init__(app)
        self.store = FriendsStore(app.store.storage)
        self.lobby = None          # the host's record of a game not yet dealt
        self.invitation = None     # (Head, seat, record or None) of an invitation opened here
        self.message = ""          # the friends screen's sentence
        self.read = 0              # links read since the page loaded (<html data-friends-read>)
        self.deleting = None       # the game whose Delete was tapped once
        self.early = self.page.early_choice()  # what ui/early.js kept (Join tapped while loading), read once
        self.answered = False      # the answer to the invitation was offered at least once
        self.signals.on("friends_host", self.host)
        self.signals.on("landed", lambda _record: self.keep())
        self.signals.on("on_table", self.on_table)
        self.signals.on("bar_instead", self.bar)
        self.signals.on("sheet_parts", self.sheet_parts)
        self.signals.on("games_parts", self.games_part)

    def boot(self, fragment):
        """A link the page was opened with (its address fragment): read it once the page
        is drawn. With no link and no other game continued: the game across phones
        last on the table goes back on it, or the games screen lists the others."""
        if fragment.startswith(LINK_KEY):
            self.app.show("friends")
            asyncio.ensure_future(self.take_link(fragment[len(LINK_KEY):]))
        elif not fragment and self.session.state is None and self.store.ids():
            self.app.show("games")
            if self.store.current is not None:
                asyncio.ensure_future(self.open_saved(self.store.current))

    @command(while_bots=True)
    def do_fragment(self, arg=None):
        """A link opened while the page was open (ui/dom.py: the address's fragment changed)."""
        self.boot(str(arg or ""))

    # -- the game on the table --------------------------------------------------------
    def on_table(self, _opened):
        s = self.session
        if s.via is not None and s.state is not s.via.position:
            s.via = None
        self.store.current = None if s.via is None else links.b64(s.via.head.id)

    def put(self, record):
        """The record's game on the table (its position the table's state), with
        the deal's lines and the recap of the turns since this phone's last."""
        s = self.session
        s.via = record
        seat = record.head.people(record.me)[0]
        try:
            steps = record.deal_steps(seat, lambda state, who: page_view(state, who, log=False))
        except Exception as e:  # the log's words must never keep the game off the table
            self.page.console_error(f"friends log: {type(e).__name__}: {e}")
            steps = []
        lines = [deal_log.first_line(record.position)] if record.deal == 1 else []
        lines += [narrate.summarize(action, mover, before, after) for action, mover, before, after in steps]
        turns = narrate.turns([(action, mover) for action, mover, _, _ in steps])
        starts = [sum(len(t) for _, t in turns[:i]) for i, (who, _) in enumerate(turns) if who == seat]
        self.board.put_on_table(record.position, lines, pending={"seat": seat},
                                steps=steps[starts[-1] if starts else 0:])

    def keep(self):
        """Save the game on the table after a move."""
        if self.session.via is not None:
            self.save(self.session.via)

    def save(self, record):
        try:
            self.store.save(record, view.status_words(record))
        except StorageFull:
            self.app.say("Storage is full: this game is not being saved. Delete old games first.")

    # -- links ---------------------------------------------------------------------------
    async def take_link(self, text):
        try:
            head, batches = links.decode(text)
            if head["k"] == links.INVITE:
                game, seat = invites.read_invite(head)
                self.invitation = (game, seat, self.find(game.id))
                self.message = ""
                if self.invitation[2] is None and self.joined_early():
                    await self.join(offer=False)
            elif head["k"] == links.JOIN:
                await self.take_join(head, batches)
            else:
                await self.take_turn(head, batches)
        except StateError as e:
            self.message = f"{e} Nothing was changed."
        except Exception as e:  # a link the checks missed must not stop the page
            self.page.console_error(f"friends link: {type(e).__name__}: {e}")
            self.message = "This link cannot be opened (it is damaged). Nothing was changed."
        self.app.render()
        self.read += 1
        self.page.set_root_data("friends-read", self.read)  # for tests and the bench: this link was read

    def find(self, game_id):
        """The saved record's JSON for this game id (bytes), or None."""
        return self.store.raw(links.b64(game_id))

    async def load(self, data):
        try:
            return await run(self.page, Friends.load(data))
        except StateError as e:
            gid = data.get("head", {}).get("id", "?") if isinstance(data, dict) else "?"
            self.store.quarantine(gid)
            raise StateError(UNREAD.format(e)) from None

    async def take_join(self, head, batches):
        saved = self.store.raw(invites.join_game_id(batches))
        if saved is None:
            raise StateError("This answer is for a game this phone is not hosting.")
        record = await self.load(saved)
        await run(self.page, invites.open_join(record, head, batches))
        self.save(record)
        self.lobby = record
        self.message = "Everyone has joined: tap Deal." if not record.missing() else "A friend joined."

    async def take_turn(self, head, batches):
        saved = self.store.raw(links.b64(links.unb64(head.get("g"), 64)))
        if saved is None:
            raise StateError("This turn belongs to a game this phone is not playing.")
        record = await self.load(saved)
        try:
            record = await run(self.page, record.open_link(head, batches))
        except StateError as e:
            if str(e) != SAME:
                raise
            self.put(record)  # the game as it is: opening a link twice changes nothing
            self.app.say(SAME)
            return
        self.save(record)
        self.put(record)

    # -- commands ------------------------------------------------------------------------
    def host(self, rules, names, seats):
        asyncio.ensure_future(self.start_hosting(rules, names, seats))

    async def start_hosting(self, rules, names, seats):
        sign, seal = await phone_keys(self.page)
        record = Friends.host(rules, names, seats, sign, seal, random.SystemRandom())
        self.save(record)
        self.lobby, self.invitation, self.message = record, None, ""
        self.app.show("friends")
        self.app.render()

    @command
    def do_friend_invite(self, arg=None):
        record = self.lobby
        if record is None or not str(arg).isdigit():
            return
        seat = int(arg)
        url = self.invitation_url(record, seat)
        asyncio.ensure_future(self.offer(url, f"{record.head.names[seat]}'s invitation"))

    def invitation_url(self, record, seat):
        return self.page.page_url() + "#" + LINK_KEY + invites.invite_link(record, seat)

    async def offer(self, url, what):
        how = await self.page.share_url(url, TITLE)
        self.message = {"shared": f"{what} was sent.",
                        "copied": f"{what} was copied: paste it into your chat."}.get(how, url)
        self.app.render()

    @command
    def do_friend_join(self, _arg=None):
        if self.invitation is not None:
            asyncio.ensure_future(self.join())

    def joined_early(self):
        """Whether Join was tapped while the engine loaded (ui/early.js), read once."""
        text, self.early = self.early, None
        return text is not None and early.read(text)[1] == early.JOIN

    async def join(self, offer=True):
        """This phone's keys and its record of the game; the answer offered
        (``offer``), else left to the next tap (a share sheet needs a fresh one)."""
        game, seat, _ = self.invitation
        sign, seal = await phone_keys(self.page)
        record = invites.guest(game, seat, sign)
        self.save(record)
        self.invitation = (game, seat, record.to_json())
        if offer:
            await self.answer(record, sign, seal)
        else:
            self.message = f"You joined: send your answer to {record.head.phone_name(0)}."

    async def answer(self, record, sign, seal):
        link = await run(self.page, invites.join_link(record, sign, seal))
        url = self.page.page_url() + "#" + LINK_KEY + link
        self.answered = True
        await self.offer(url, f"Your answer to {record.head.phone_name(0)}")

    @command
    def do_friend_answer(self, _arg=None):
        if self.invitation is not None and self.invitation[2] is not None:
            asyncio.ensure_future(self.answer_again())

    async def answer_again(self):
        record = await self.load(self.invitation[2])
        sign, seal = await phone_keys(self.page)
        await self.answer(record, sign, seal)

    @command
    def do_friend_deal(self, _arg=None):
        record = self.session.via or self.lobby
        if record is not None and record.is_host() and not record.missing():
            asyncio.ensure_future(self.deal(record))

    async def deal(self, record):
        try:  # on a copy: a deal that fails half way leaves the record as it was
            record = await run(self.page, record.copy().deal_next(random.SystemRandom()))
        except StateError as e:
            self.app.say(str(e))
            return
        self.lobby = None
        self.save(record)
        self.put(record)
        self.app.render()

    @command
    def do_friend_send(self, _arg=None):
        record = self.session.via
        if record is not None:
            asyncio.ensure_future(self.send(record))

    async def send(self, record):
        wait = record.waiting_for()
        if wait is None and record.position is not None and record.position.deal_over:
            await run(self.page, record.close_turn())  # this phone's cards, shown at the deal's end
            wait = record.waiting_for()
        elif record.has_news():
            await run(self.page, record.close_turn())
        self.save(record)
        if record.position is not self.session.state:  # the last cards shown: the deal scored on the true cards
            self.put(record)
        if wait is None:
            self.app.render()
            return
        url = self.page.page_url() + "#" + LINK_KEY + record.link_for(wait)
        who = "everyone" if wait == EVERYONE else record.head.phone_name(wait)
        await self.offer(url, f"The link for {who}")
        self.app.say(self.message)

    @command
    def do_friend_open(self, arg=None):
        if arg in self.store.ids():
            asyncio.ensure_future(self.open_saved(arg))

    async def open_saved(self, game_id):
        try:
            record = await self.load(self.store.raw(game_id))
        except StateError as e:
            self.message = str(e)
            self.app.render()
            return
        if record.position is None:
            self.lobby = record if record.is_host() else None
            self.app.render()
            return
        self.put(record)
        self.app.render()

    @command
    def do_friend_delete(self, game_id=None):
        """Delete a game across phones from this phone (a second tap confirms)."""
        if game_id not in self.store.ids():
            return
        if self.deleting != game_id:
            self.deleting = game_id
            return
        self.deleting = None
        via = self.session.via
        if via is not None and links.b64(via.head.id) == game_id:
            self.board.clear_table()
            self.session.via = None
        if self.lobby is not None and links.b64(self.lobby.head.id) == game_id:
            self.lobby = None
        self.store.delete(game_id)
        self.message = "Game deleted."

    @command(while_bots=True)
    def do_friends(self, _arg=None):
        self.app.show("friends")

    # -- drawing -------------------------------------------------------------------------
    @screen("friends")
    def draw_friends(self):
        invitation = None
        if self.invitation is not None:
            game, seat, joined = self.invitation
            invitation = (invites.invitation_words(game, seat), joined is not None, self.answered)
        self.app.mark_screen("friends")
        self.page.mount("friends", view.lobby(self.lobby, invitation, self.message, self.listed(), self.deleting))
        self.page.mount("actions", [])
        record = self.lobby
        if record is not None and not record.batches and invitation is None:
            for seat, where in enumerate(record.head.seats):
                if isinstance(where, int) and where and where not in record.seals:
                    self.page.draw_qr(f"invite-qr-{seat}", self.invitation_url(record, seat))

    def listed(self):
        """[(id, title, what it waits for)] of the saved games across phones."""
        out = []
        for gid in self.store.ids():
            try:
                data = self.store.raw(gid)
                head = data["head"]
                title = " · ".join(head["n"])
                out.append((gid, title, self.store.status(gid)))
            except (StateError, KeyError, TypeError):
                continue
        return out

    def games_part(self):
        games = self.listed()
        return view.games_part(games, self.deleting) if games else None

    def bar(self, v):
        """The bar in place of the turn's while the game waits for another phone (or a deal)."""
        record = self.session.via
        if record is None or self.session.busy:
            return None
        wait = record.waiting_for()
        pos = record.position
        if wait is None:
            if pos.deal_over and record.deal in record.truth:
                return view.waiting_bar("Every hand is shown.", "Deal the next deal", None, "friend-deal") \
                    if record.is_host() else None
            if pos.deal_over:
                return view.waiting_bar("The deal is over: show your cards to the others.",
                                        "Send my cards", None)
            return None
        who = "everyone" if wait == EVERYONE else record.head.phone_name(wait)
        if record.has_news():
            return view.waiting_bar(f"Your turn is done: send it to {who}.", f"Send to {who}", None)
        return view.waiting_bar(f"Waiting for {who}." if wait != EVERYONE else "The game is over.", None,
                                f"Send to {who} again")

    def sheet_parts(self, v):
        record = self.session.via
        if record is None or not record.position.deal_over or record.deal in record.truth:
            return SheetParts()
        return SheetParts(top=[view.h("p", {"class": "hint", "id": "friends-provisional"},
                                      "These scores wait for every phone's cards: the hands not yet "
                                      "shown count nothing.")])

