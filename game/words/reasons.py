"""Why a bot moved, in its own words: the reason its move's line gives
when it answers its partner, takes the pile, keeps its melds in hand or
goes out: "North answered no (“I still have my foot to play”)", "our book
is complete and we lead by 1,200".

A reason is built from the bot's own view (``observe``) and says only what
the table shows everyone (the score, the book, the piles' sizes, who is in
the foot, the melds the move lays) or what the move itself tells (that it
keeps melds in hand): it never names a rank nobody can see, so the person
at the phone learns no hidden card from it. It is worked out again from
the position and the move wherever a line is written (live, or a log
rebuilt from a save), so nothing extra is saved.
"""

from __future__ import annotations

from game import cards as C
from game.bots import going_out
from game.bots.melding import first_legal
from game.bots.normal import build_plan, holds_for_partner
from game.engine import is_legal
from game.english import join_words
from game.names import Act, Phase
from game.scoring import table_points
from game.state import GameState
from game.view import observe

# A pile this big is worth taking for its cards, whatever its top card does.
BIG_PILE = 8
# The moves a reason may go with (a meld only when it goes out); the rest need no word.
SAYS = (Act.ANSWER, Act.TAKE_PILE, Act.ASK, Act.MELD, Act.DISCARD)
# Bots whose discard with melds still in hand is a choice (easy and random do not plan).
PLANNERS = ("normal", "hard")


def said(state: GameState, seat: int, action: dict) -> str | None:
    """What the bot at ``seat`` says of ``action``, about to be played in
    ``state`` (``seat``: the one to move); None for a person's move, a
    move the rules refuse and moves that need no word."""
    bot = seat is not None and state.players[seat].bot
    if not bot or action.get("type") not in SAYS or not is_legal(state, action):
        return None
    obs = observe(state, seat)
    voice = Voice(obs, seat)
    kind = action["type"]
    if kind == Act.ANSWER:
        return voice.answer(action["yes"])
    if goes_out(obs, seat, action):
        return voice.going_out()
    if kind == Act.TAKE_PILE:
        return voice.take(action)
    if kind == Act.ASK:
        return voice.going_out()
    if kind == Act.DISCARD and obs.phase == Phase.PLAY and bot.split(":")[0] in PLANNERS:
        return voice.holding()
    return None


def with_said(after: dict, words: str | None) -> dict:
    """A view after a move, with the mover's reason (``said``) when a bot gave one."""
    return after | {"said": words} if words else after


def goes_out(obs: GameState, seat: int, action: dict) -> bool:
    """The move empties the hand with no pile left to pick up."""
    me = obs.players[seat]
    if me.piles:
        return False
    if action["type"] == Act.MELD:
        return sum(len(pl["cards"]) for pl in action["melds"]) == len(me.hand)
    return action["type"] == Act.DISCARD and len(me.hand) == 1


def lead(obs: GameState, side: int) -> int:
    """How far ``side`` is ahead of the best other side (below zero: behind),
    the score sheet and the table together, as the page shows them."""
    scores = [s.total + table_points(obs, i) for i, s in enumerate(obs.sides)]
    return scores[side] - max(v for i, v in enumerate(scores) if i != side)


class Voice:
    """The bot's sentences: "we" and "our" with a partner, "I" and "my" alone."""

    def __init__(self, obs: GameState, seat: int):
        self.obs, self.seat = obs, seat
        self.side = obs.side_of(seat)
        alone = len(obs.seats_of(self.side)) == 1
        self.we, self.our = ("I", "my") if alone else ("we", "our")

    def standing(self) -> str:
        """"we lead by 1,200", "we trail by 300", "the scores are level"."""
        ahead = lead(self.obs, self.side)
        if not ahead:
            return "the scores are level"
        return f"{self.we} {'lead' if ahead > 0 else 'trail'} by {abs(ahead):,}"

    def answer(self, yes: bool) -> str:
        obs, seat = self.obs, self.seat
        bonus = obs.rules.going_out_bonus
        cost = going_out.cards_left_cost(obs, seat)
        if yes:
            if going_out.opponents_close(obs, seat):
                return "they are close to going out"
            if lead(obs, self.side) > 0:
                return f"{self.our} book is complete and {self.standing()}"
            if cost <= bonus:
                return f"my cards left cost less than the {bonus} for going out"
            return "ending the deal now is our best chance"
        piles = self.obs.players[seat].piles
        if piles:
            return f"I still have my {'knee and foot' if len(piles) == 2 else 'foot'} to play"
        if cost > bonus:
            return f"my cards left would cost more than the {bonus} for going out"
        if lead(obs, self.side) <= 0:
            return f"{self.standing()}, and I would rather play on"
        return "we have more to lay down first"

    def going_out(self) -> str:
        """Asking to go out, or going out: the book, and the standing or the race."""
        why = f"{self.our} book is complete"
        if going_out.opponents_close(self.obs, self.seat):
            return f"{why} and they are close to going out"
        return f"{why} and {self.standing()}"

    def take(self, action: dict) -> str:
        """What the pile's top card does (its meld is on the table once taken),
        or what a big pile brings."""
        obs = self.obs
        if not obs.sides[self.side].opened:
            return f"it makes {self.our} first meld"
        top = obs.discard[-1]
        label = "wild cards" if C.is_wild(top) else C.rank_label(C.rank(top))
        first = action["melds"][0]
        size = len(first["cards"]) + 1
        if "to" in first:
            meld = next(m for m in obs.sides[self.side].melds if m.id == first["to"])
            size += len(meld.cards)
        if size >= obs.rules.canasta_size:
            return f"the top card makes {self.our} {label} a canasta" if "to" in first \
                else f"the top card makes a canasta of {label}"
        if len(obs.discard) >= BIG_PILE:
            return f"a big pile builds {self.our} melds"
        return f"the top card joins {self.our} {label}" if "to" in first \
            else f"the top card starts a meld of {label}"

    def holding(self) -> str | None:
        """A discard while melds could go down: kept back by choice, or left
        for a partner still in the hand (normal's rule in the foot)."""
        obs, seat = self.obs, self.seat
        if first_legal(obs, build_plan(obs, seat).placements()) is not None:
            return "I keep my melds in hand to take the pile"
        if holds_for_partner(obs, seat) and \
                first_legal(obs, build_plan(obs, seat, hold=False).placements()) is not None:
            partners = join_words([obs.players[q].name for q in obs.partners(seat)])
            return f"I leave melds for {partners} to finish"
        return None

