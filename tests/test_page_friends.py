"""The friends room (ui/linked/) under CPython: a game across two phones set up
by invitation and answer, then played by turn links, each phone a page of
its own (its storage and keys: tests/phones.py's real P-256), each link
opened as a new page load would open it."""

import asyncio
import json
import random
from collections import Counter

import pytest

import game
from game import cards as C
from game.bots import get_bot
from game.view import observe
from tests.helpers import SEED, FakePage
from ui.controller import Controller

pytest.importorskip("cryptography")

SEATS = {"setup-bot-1": "easy", "setup-bot-2": "friend", "setup-bot-3": "easy"}


async def until(cond, what="the page"):
    for _ in range(20_000):
        if cond():
            return
        await asyncio.sleep(0)
    raise AssertionError(f"{what} never got there")


class Phone:
    """A phone's page, loaded again for each link it opens (its storage and keys kept)."""

    def __init__(self, form=None):
        self.page = FakePage(form=form)
        self.ctl = None

    def load(self, url="", early=None):
        """The page opened at ``url`` (``early``: what ui/early.js kept while it loaded)."""
        page = FakePage(storage=self.page.store, fragment=url.split("#", 1)[1] if "#" in url else "",
                        form=self.page.form, early=early)
        page.phone = self.page.phone
        self.page = page
        self.ctl = Controller(page, delay_ms=0, seed=SEED)
        self.ctl.start()
        return self

    async def keys(self):
        if self.page.phone is None:
            await self.page.friends_answer("keys", [])

    async def shared(self, count):
        await until(lambda: len(self.page.shared) >= count, "a link")
        return self.page.shared[-1]

    async def play_turn(self):
        """The person at this phone plays (by the normal bot), then the bots; the link it offers."""
        s = self.ctl.session
        bot = get_bot("normal")
        await until(lambda: not s.busy, "the bots")
        while s.state.to_move() == s.seat:
            self.ctl.board.land(bot(observe(s.state, s.seat), s.seat, random.Random(1)), s.seat)
            await until(lambda: not s.busy, "the bots")
        return await self.send()

    async def send(self):
        """Tap the bar's "Send": the link it offers, or None when there is none
        to send (the host showed the last cards of a deal: it deals next)."""
        before = len(self.page.shared)
        self.ctl.run_command("friend-send", None)
        await until(lambda: len(self.page.shared) > before or ("friend-deal", None) in self.page.cmds("actions"),
                    "a link")
        return self.page.shared[-1] if len(self.page.shared) > before else None


def test_a_game_across_two_phones_by_invitation_answer_and_turn_links():
    async def main():
        host = Phone(SEATS).load()
        await host.keys()
        host.ctl.run_command("start", None)
        await until(lambda: host.page.screen() == "friends", "the friends screen")
        assert ("friend-invite", "2") in host.page.cmds("friends")
        host.ctl.run_command("friend-invite", "2")
        invite = await host.shared(1)

        friend = Phone().load(invite)
        await until(lambda: ("friend-join", None) in friend.page.cmds("friends"), "the invitation")
        words = " ".join(t for t in _texts(friend.page, "friends"))
        assert "South invites you to play" in words and "as North" in words
        friend.ctl.run_command("friend-join", None)
        answer = await friend.shared(1)

        host.load(answer)
        await until(lambda: ("friend-deal", None) in host.page.cmds("friends"), "every friend joined")
        host.ctl.run_command("friend-deal", None)
        await until(lambda: host.ctl.session.via is not None, "the first deal")
        s = host.ctl.session
        north = s.state.players[2]
        assert all(c == C.HIDDEN for c in north.hand) and len(north.hand) == len(s.state.players[0].hand)

        for _ in range(4):  # four links each way
            link = await host.play_turn()
            friend.load(link)
            await until(lambda: friend.ctl.session.via is not None, "the friend's table")
            f = friend.ctl.session
            south, true_south = f.state.players[0], host.ctl.session.state.players[0]
            assert f.seat == 2 and all(c == C.HIDDEN for pile in south.piles for c in pile)
            known = [c for c in south.hand if c != C.HIDDEN]  # only cards South took from the pile
            assert not Counter(known) - Counter(true_south.hand) and len(south.hand) == len(true_south.hand)
            # the moves that came by the link are told: the deal's lines, the turns since North's
            moves = f.via.moves[f.state.deal]
            assert len(f.log) == len(moves) + (f.state.deal == 1)
            if moves:  # (none when North plays first)
                assert f.log[-1].startswith(f.state.players[moves[-1][0]].name)
                assert f.steps and [step[1] for step in f.steps] == [seat for seat, _ in moves[-len(f.steps):]]
            link = await friend.play_turn()
            host.load(link)
            await until(lambda: host.ctl.session.via is not None, "the host's table")
        assert host.ctl.session.state.log == friend.ctl.session.state.log
        host.ctl.run_command("friends", None)
        host.ctl.render()
        assert "Your turn" in " ".join(_texts(host.page, "friends"))
        friend.ctl.run_command("friends", None)
        friend.ctl.render()
        assert "Waiting for South" in " ".join(_texts(friend.page, "friends"))
        for phone, other in ((host, friend), (friend, host)):
            assert phone.page.errors == []
            stored = " ".join(phone.page.store.data.values())
            theirs = next(json.loads(v) for k, v in other.page.store.data.items() if k.startswith("tp.friends."))
            for pile in next(iter(theirs["mine"]["1"].values()))["p"]:  # their dealt cards, never here
                assert all(pile[i:i + 16] not in stored for i in range(0, len(pile) - 16, 2))

        # the same link twice changes nothing, and says so; a link for the other phone is refused
        log = list(host.ctl.session.state.log)
        host.load(link)
        await until(lambda: host.ctl.session.via is not None, "the host's table")
        assert host.ctl.session.message == "This phone has already opened this link."
        assert host.ctl.session.state.log == log
        friend.load(link)
        await until(lambda: "This turn is for South" in " ".join(_texts(friend.page, "friends")), "the refusal")

    asyncio.run(main())


def test_undo_takes_back_a_move_not_yet_sent():
    """Undo after the draw in a game across phones: the record drops the
    moves since, and the link then carries the turn as played after it."""
    async def main():
        host, friend = await _joined()
        for _ in range(100):  # to a turn of the host's with a meld to make after the draw
            s = host.ctl.session
            await until(lambda: not s.busy, "the bots")
            if s.state.to_move() == s.seat:
                host.ctl.run_command("draw", None)
                meld = next((a for a in game.legal_actions(s.state) if a["type"] == "meld"), None)
                if meld is not None:
                    break
            link = await host.play_turn() if s.state.to_move() == s.seat else await host.send()
            friend.load(link)
            await until(lambda: friend.ctl.session.via is not None, "the friend's table")
            host.load(await friend.play_turn())
            await until(lambda: host.ctl.session.via is not None, "the host's table")
        else:
            raise AssertionError("no meld to take back")
        drawn, sent = list(s.state.log), list(s.via.pending)
        host.ctl.board.land(meld, s.seat)
        host.ctl.render()
        assert ("undo", None) in host.page.cmds("actions")
        host.ctl.run_command("undo", None)
        assert s.state.log == drawn and s.via.pending == sent and s.via.position is s.state
        link = await host.play_turn()
        friend.load(link)
        await until(lambda: friend.ctl.session.via is not None and
                    friend.ctl.session.state.log == host.ctl.session.state.log, "the turn as played after Undo")

    asyncio.run(main())


def _texts(page, region):
    from tests.helpers import texts
    return list(texts(page.regions.get(region, [])))


def test_a_deal_ends_every_hand_is_shown_and_the_host_deals_the_next():
    """Both phones play by what the bar offers until the second deal begins:
    at the first deal's end each phone sends its cards, the scores wait for
    them, and both phones end the deal with the same score sheet."""
    async def main():
        host, friend = await _joined()
        links, current = [], host
        for _ in range(400):
            s = current.ctl.session
            await until(lambda: not s.busy, "the bots")
            cmds = current.page.cmds("actions")
            if ("friend-deal", None) in cmds:
                break
            if s.state.deal_over and ("friend-send", None) not in cmds:
                raise AssertionError(cmds)
            link = await current.play_turn() if s.state.to_move() == s.seat else await current.send()
            if link is None:
                continue
            other = friend if current is host else host
            links.append(link)
            other.load(link)
            await until(lambda: other.ctl.session.via is not None, "the table")
            current = other
        else:
            raise AssertionError("the deal never ended")
        assert current is host and host.ctl.session.state.deal == 1 and host.ctl.session.state.deal_over
        host.ctl.run_command("friend-deal", None)
        await until(lambda: host.ctl.session.state.deal == 2, "the second deal")
        s = host.ctl.session
        assert all(c == C.HIDDEN for c in s.state.players[2].hand)
        await until(lambda: not s.busy, "the bots")
        link = await host.play_turn() if s.state.to_move() == s.seat else await host.send()
        friend.load(link)
        await until(lambda: friend.ctl.session.via is not None and friend.ctl.session.state.deal == 2, "deal 2")
        sheets = [p.ctl.session.via.truth[1].deal_results for p in (host, friend)]
        assert sheets[0] == sheets[1] and len(sheets[0]) == 1  # both phones scored deal 1 alike

    asyncio.run(main())


async def _joined(seats=SEATS, seat=2):
    """A host and a friend (at ``seat``), joined and dealt."""
    host = Phone(seats).load()
    await host.keys()
    host.ctl.run_command("start", None)
    await until(lambda: ("friend-invite", str(seat)) in host.page.cmds("friends"), "the invitations")
    host.ctl.run_command("friend-invite", str(seat))
    friend = Phone().load(await host.shared(1))
    await until(lambda: ("friend-join", None) in friend.page.cmds("friends"), "the invitation")
    friend.ctl.run_command("friend-join", None)
    host.load(await friend.shared(1))
    await until(lambda: ("friend-deal", None) in host.page.cmds("friends"), "every friend joined")
    host.ctl.run_command("friend-deal", None)
    await until(lambda: host.ctl.session.via is not None, "the first deal")
    return host, friend


def test_two_people_on_the_host_phone_and_a_friend_on_theirs():
    """Pass-and-play beside a friend: the host's phone hands over between its two
    people, and the friend's turns go by link."""
    async def main():
        host, friend = await _joined({"setup-bot-1": "friend", "setup-bot-2": "person", "setup-bot-3": "easy"}, 1)
        bot, rng = get_bot("normal"), random.Random(2)
        handoffs = set()
        for _ in range(6):  # links each way
            s = host.ctl.session
            for _ in range(50):  # the host's people, passing the phone, until the game waits for the friend
                await until(lambda: not s.busy, "the bots")
                if s.handoff is not None:
                    handoffs.add(s.handoff)
                    host.ctl.run_command("im", None)
                    continue
                if s.state.to_move() != s.seat or s.state.deal_over:
                    break
                assert s.seat in (0, 2) and all(c == C.HIDDEN for p in s.state.players[1].piles for c in p)
                host.ctl.board.land(bot(observe(s.state, s.seat), s.seat, rng), s.seat)
            if s.state.deal_over:
                break
            friend.load(await host.send())
            await until(lambda: friend.ctl.session.via is not None, "the friend's table")
            f = friend.ctl.session
            assert f.seat == 1 and all(c == C.HIDDEN for seat in (0, 2) for p in f.state.players[seat].piles for c in p)
            host.load(await friend.play_turn())
            await until(lambda: host.ctl.session.via is not None, "the host's table")
        assert handoffs == {0, 2}  # the phone went from South to North and back
        assert friend.ctl.session.state.log == host.ctl.session.state.log[:len(friend.ctl.session.state.log)]

    asyncio.run(main())


def test_a_game_across_phones_is_listed_with_the_games_reopens_and_deletes():
    """The games screen lists a game across phones with what it waits for; Play
    puts it back on the table where it was, a later visit reopens it, and a
    second tap on Delete removes it (a normal game saved beside it stays)."""
    async def main():
        host, friend = await _joined()
        friend.load(await host.play_turn())
        host.ctl.render()
        assert _texts(host.page, "status") == ["Waiting for North (on their phone)."]
        await until(lambda: friend.ctl.session.via is not None, "the friend's table")
        s = friend.ctl.session
        await until(lambda: not s.busy, "the bots")
        log = list(s.state.log)
        gid = friend.ctl.friends.store.ids()[0]

        friend.ctl.run_command("games", None)
        friend.ctl.render()
        assert friend.page.screen() == "games"
        words = " ".join(_texts(friend.page, "games"))
        assert "With friends on their phones" in words and "South · West · North · East" in words
        assert "Your turn" in words and ("friend-open", gid) in friend.page.cmds("games")

        friend.load()  # a later visit: the game across phones last on the table is back on it
        await until(lambda: friend.ctl.session.via is not None, "the game reopened")
        assert friend.ctl.session.state.log == log and friend.ctl.session.seat == 2

        friend.ctl.run_command("games", None)
        friend.ctl.run_command("friend-open", gid)
        await until(lambda: friend.ctl.session.via is not None, "the game from the list")
        assert friend.ctl.session.state.log == log

        host.ctl.run_command("games", None)
        host.ctl.render()
        assert "Waiting for North" in " ".join(_texts(host.page, "games"))

        friend.ctl.run_command("games", None)
        friend.ctl.run_command("friend-delete", gid)
        friend.ctl.render()
        assert "Tap again to delete" in " ".join(_texts(friend.page, "games"))
        friend.ctl.run_command("friend-delete", gid)
        friend.ctl.render()
        assert friend.ctl.friends.store.ids() == [] and "friends-games" not in str(friend.page.regions["games"])
        assert friend.ctl.session.via is None
        assert not [k for k in friend.page.store.data if k.startswith("tp.friends")]

    asyncio.run(main())


def test_join_tapped_while_the_page_loaded_joins_at_ready():
    """An invitation's Join tapped before the engine was ready (ui/early.js keeps
    it): at ready this phone joins (its keys, its record) and offers the answer
    at the next tap, which the host takes."""
    async def main():
        host = Phone(SEATS).load()
        await host.keys()
        host.ctl.run_command("start", None)
        await until(lambda: ("friend-invite", "2") in host.page.cmds("friends"), "the invitations")
        host.ctl.run_command("friend-invite", "2")
        friend = Phone().load(await host.shared(1), early=json.dumps({"preset": None, "action": "join"}))
        await until(lambda: ("friend-answer", None) in friend.page.cmds("friends"), "the early join")
        words = " ".join(_texts(friend.page, "friends"))
        assert "You joined: send your answer to South." in words and "Send my answer" in words
        assert friend.page.shared == [] and friend.ctl.friends.store.ids()
        friend.ctl.run_command("friend-answer", None)
        host.load(await friend.shared(1))
        await until(lambda: ("friend-deal", None) in host.page.cmds("friends"), "every friend joined")

    asyncio.run(main())
