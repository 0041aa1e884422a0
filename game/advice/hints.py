"""Hints: the move the ``hard`` bot would make from a player's seat, with a reason.

The hint sees only the seat's view (``observe``), exactly as a bot does,
so it never tells a player anything their own eyes could not. Its move is
``hard``'s next action (hard plays a turn as a sequence of actions: the
hint is one of them). Its reason is one line in a club player's words:
what the move gains or guards against, from facts of the position the
engine can state (the pile's size, what a meld reaches, what the side's
book lacks, who plays next) and from the figures hard measured while it
chose (the side's chance to win the game after each candidate, the next
player's chance to take the pile). What the seat was advised before in the
game (game.advice.past) lets it explain holding melds once, and say why
advice against the obvious move still holds when it comes back.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass

from game import cards as C
from game import melds as M
from game.advice.past import HintPast, seat_turn
from game.bots.going_out import canasta_within_reach, cards_left_cost, opponents_close
from game.bots.hard import Hard, action_key, take_chance
from game.bots.knowledge import read_table
from game.bots.normal import pick_take, pile_is_worth_it, take_chances
from game.engine import book_status, opening_minimum
from game.english import count_word, join_words, plural
from game.errors import IllegalMove
from game.generators import run_to_end
from game.moves import take_pile_candidates
from game.names import Act, MeldKind
from game.state import GameState
from game.view import observe
from game.words.reasons import lead  # as the bots' reasons weigh it

# A measured figure is quoted only when the candidates differ by at least this
# much (a chance of winning): smaller gaps are noise in a few samples.
QUOTE_GAP = 0.01
# A discard's chance of letting the next player (an opponent) take the pile
# from which the hint says the risk (a pair of a plain rank in a full hand is
# about one in three: saying it for every card would tell nothing).
RISK_SAID = 0.5
# The reasons' words for a player without partners, in the order replaced.
ALONE = (("your side has its", "you have your"), ("your side has", "you have"),
         ("and leads by", "and lead by"), ("your side needs", "you need"),
         ("for its book", "for your book"), ("your side's", "your"),
         ("your side trails", "you trail"), ("your side", "you"))
# The longest line that keeps hard's figures in brackets: past it they are
# left out, the facts kept (the bubble sits on a 360 px phone).
ROOM = 170
FIGURES = re.compile(r" \(your side's chance to win[^)]*\)")
# The ideas of advice against the obvious move, which say "Still" when they
# come back at the seat's next turn (a draw or a discard every turn is no news).
HOLD = "hold"   # keep the melds in hand and throw a card
PASS = "pass"   # draw, though the pile could be taken
STILL = (HOLD, PASS)


@dataclass(frozen=True)
class Advice:
    action: dict      # a legal action for the seat, in the engine's JSON form
    reason: str       # one line in the player's words
    past: HintPast    # what the seat was advised, this hint included: for its next hint


def think(state: GameState, seat: int, samples: int | None = None, past: HintPast | None = None):
    """``Hard.think`` from ``seat``'s view, as a generator (it yields between
    small units of work); returns an ``Advice``: the move a ``hard`` bot in
    that seat makes there. ``samples`` makes hard lighter (for tests);
    ``past``: what the seat was advised before in this game."""
    if state.to_move() != seat:
        raise IllegalMove("It is not that seat's move: there is nothing to advise.")
    obs = observe(state, seat)
    bot = Hard(samples)
    action = yield from bot.think(obs, seat)
    return Advice(action, *explain(obs, seat, action, bot.measured, bot.held, past))


def hint(state: GameState, seat: int, *, samples: int | None = None,
         past: HintPast | None = None) -> Advice:
    """``think`` run to the end."""
    return run_to_end(think(state, seat, samples, past))


# -- reasons --------------------------------------------------------------------
def reason(obs: GameState, seat: int, action: dict, measured: dict[str, float],
           held: tuple[float, float] | None = None, past: HintPast | None = None) -> str:
    """Why ``action`` is right for ``seat``: one line, facts of ``obs`` and
    hard's ``measured`` figures (``Hard.measured``, and ``Hard.held`` when it
    keeps its melds in hand); for a player who plays alone, "you" where a
    partnership reads "your side". ``past``: as for ``explain``."""
    return explain(obs, seat, action, measured, held, past)[0]


def explain(obs: GameState, seat: int, action: dict, measured: dict[str, float],
            held: tuple[float, float] | None = None,
            past: HintPast | None = None) -> tuple[str, HintPast]:
    """(``reason``'s line, ``past`` with this advice added). ``past``: what
    the seat was advised before in this game (none: nothing), so holding
    melds is explained the first time only, and advice against the obvious
    move that repeats the seat's turn before begins "Still"."""
    past = past or HintPast()
    turn = seat_turn(obs, seat)
    idea, line = _reason(obs, seat, action, measured)
    idea = HOLD if held is not None else idea
    repeated = idea in STILL and past.repeats(idea, turn, obs.num_players)
    if held is not None:
        line = _held(obs, held, past.explained(HOLD, turn), repeated) + line
    elif repeated:
        line = "Still " + line[0].lower() + line[1:]
    if len(line) > ROOM:
        line = FIGURES.sub("", line)
    if len(obs.seats_of(obs.side_of(seat))) == 1:
        for side_words, own_words in ALONE:
            line = line.replace(side_words, own_words)
    return line, past.told(idea, turn)


def _reason(obs: GameState, seat: int, action: dict, measured: dict[str, float]) -> tuple[str, str]:
    """(the advice's idea: ``PASS`` or the action's type; its line)."""
    kind = action["type"]
    if kind == Act.DRAW:
        return _draw(obs, seat, action, measured)
    if kind == Act.TAKE_PILE:
        return kind, _take(obs, seat, action, measured)
    if kind == Act.PICK_UP_KNEE:
        knee = len(obs.players[seat].piles[0])
        return kind, (f"Pick up your knee: your side has its first canasta, and its {knee} cards "
                      "join your hand.")
    if kind == Act.MELD:
        return kind, _meld(obs, seat, action, measured)
    if kind == Act.DISCARD:
        return kind, _discard(obs, seat, action["card"], measured)
    if kind == Act.KNOCK:
        if obs.players[seat].hand:
            return kind, "Knock: you took the pile, so your turn ends without a discard."
        return kind, "Knock: you have no card left to throw, so your turn ends."
    if kind == Act.ASK:
        return kind, _ask(obs, seat, measured)
    return kind, _answer(obs, seat, action["yes"], measured)


def rank_words(rank: str) -> str:
    """"7s", "Kings", "wild cards"."""
    return "wild cards" if rank == C.WILD else C.rank_label(rank)


def _held(obs: GameState, held: tuple[float, float], explained: bool, repeated: bool) -> str:
    """"Keep your melds in hand for now: ... ": hard could meld, and its
    search found throwing a card at once better (``Hard.hold``). The first
    time, why holding helps; later, hard's figures (or, too close to tell
    apart, the pairs kept); at the seat's next turn again, "Still ..."."""
    figures = won_figures(*held, "after melding")
    if repeated:
        return f"Still keep your melds in hand: {figures or _held_briefly(obs)}. "
    if explained:
        return f"Keep your melds in hand for now: {figures or _held_briefly(obs)}. "
    helps = "your pairs can still take the pile" if obs.rules.pile_pair else "you keep cards to throw"
    return f"Keep your melds in hand for now: {helps}, and no one sees your plan; meld them on a later turn. "


def _held_briefly(obs: GameState) -> str:
    if obs.rules.pile_pair:
        return "while you hold them, your pairs can take the pile"
    return "while you hold them, no one sees your plan"


def won_figures(mine: float, other: float, other_words: str) -> str:
    """"your side's chance to win the game is about 64% this way, 58% ...":
    two of hard's chances of winning, or nothing when they are too close to
    tell apart."""
    a, b = (min(1.0, max(0.0, v)) for v in (mine, other))
    if abs(a - b) < QUOTE_GAP:
        return ""
    return f"your side's chance to win the game is about {a:.0%} this way, {b:.0%} {other_words}"


def _compare(measured: dict[str, float], chosen: dict, kind: str, other_words: str) -> str:
    """" (your side's chance to win ...)": hard's figures for ``chosen`` and
    for the best other candidate of ``kind``, when they tell them apart."""
    mine = action_key(chosen)
    others = [v for k, v in measured.items() if k != mine and json.loads(k)["type"] == kind]
    if mine not in measured or not others:
        return ""
    figures = won_figures(measured[mine], max(others), other_words)
    return f" ({figures})" if figures else ""


def placement_effects(obs: GameState, seat: int, melds: list[dict],
                      top: str | None = None) -> list[str]:
    """What the placements do, in words: "your 7s reach six", "a new meld
    of 9s", "your Kings and Queens become canastas", "two canastas of 4s"
    (``top``: the pile's top card, which joins the first placement). Alike
    effects are told once, so a big melding turn reads in a line or two."""
    r = obs.rules
    side = obs.sides[obs.side_of(seat)]
    by_id = {m.id: m for m in side.melds}
    alike = {}  # (what, rank or placement, size) -> ranks, in the order first met
    for i, pl in enumerate(melds):
        cards = list(pl["cards"]) + ([top] if i == 0 and top else [])
        if "to" in pl:
            m = by_id[pl["to"]]
            rank, size = m.rank, len(m.cards) + len(cards)
            key = ("finish", None, 0) if size >= r.canasta_size else ("reach", i, size)
        else:
            rank = M.natural_rank(cards) or C.WILD
            key = ("canasta" if len(cards) >= r.canasta_size else "new", rank, 0)
        alike.setdefault(key, []).append(rank_words(rank))
    return [_effect(what, size, ranks) for (what, _, size), ranks in alike.items()]


def _effect(what: str, size: int, ranks: list[str]) -> str:
    """One effect of ``placement_effects``; ``ranks`` one entry a placement."""
    n = len(ranks)
    if what == "finish":
        return f"your {join_words(list(dict.fromkeys(ranks)))} become {'a canasta' if n == 1 else 'canastas'}"
    if what == "reach":
        return f"your {ranks[0]} reach {count_word(size)}"
    noun = "canasta" if what == "canasta" else "new meld"
    return f"{'a' if n == 1 else count_word(n)} {noun}{'' if n == 1 else 's'} of {ranks[0]}"


def _take(obs: GameState, seat: int, action: dict, measured: dict[str, float]) -> str:
    n = len(obs.discard)
    top = obs.discard[-1]
    line = (f"Take the pile: {plural(n, 'card')}, and "
            + join_words(placement_effects(obs, seat, action["melds"], top)))
    side = obs.side_of(seat)
    if not obs.sides[side].opened:
        value = sum(M.card_value(c) for pl in action["melds"] for c in pl["cards"])
        line += (f"; with the top card they make {value + M.card_value(top)} points, enough for "
                 f"your side's first meld, which needs {opening_minimum(obs, side)}")
    return line + _compare(measured, action, "draw", "after a draw") + "."


def _draw(obs: GameState, seat: int, action: dict, measured: dict[str, float]) -> tuple[str, str]:
    """(``PASS`` when the pile could be taken, else the draw's idea; the line)."""
    takes = take_pile_candidates(obs, seat)
    if not takes:
        return Act.DRAW, f"Draw: {why_no_take(obs, seat)}."
    n = len(obs.discard)
    figures = _compare(measured, action, "take_pile", "after taking it")
    if not pile_is_worth_it(obs, seat):
        return PASS, (f"Draw: you are nearly out with your book made, and the pile's {n} cards "
                      f"would fill your hand again{figures}.")
    melds = pick_take(obs, seat, takes)["melds"]
    effects = join_words(placement_effects(obs, seat, melds, obs.discard[-1]))
    rest = min(n, obs.rules.pile_take_max or n) - 1
    cost = (f"its other {plural(rest, 'card', count_word)} would crowd your hand"
            if rest >= obs.rules.draw_count else "a draw brings you more new cards")
    return PASS, (f"Draw rather than take the pile: it would make {effects}, but {cost}"
                  f"{figures}.")


def why_no_take(obs: GameState, seat: int) -> str:
    """Why ``seat`` cannot take the pile now, in words."""
    r = obs.rules
    if not obs.discard:
        return "the discard pile is empty"
    top = obs.discard[-1]
    if C.is_black_three(top):
        return "a black 3 on top blocks the pile"
    if C.is_red_three(top):
        return "a red 3 on top blocks the pile"
    if len(obs.discard) < r.pile_min_size:
        return f"the pile holds {plural(len(obs.discard), 'card')}, fewer than the {r.pile_min_size} it needs"
    if C.is_wild(top) and not r.pile_wild_top:
        return "a wild card on top cannot be taken"
    hand = obs.players[seat].hand
    same = sum(C.rank(c) == C.rank(top) for c in hand)
    if r.pile_pair and same < 2:
        what = C.rank_label("*" if top == C.JOKER else "2", same != 1) if C.is_wild(top) \
            else C.rank_label(C.rank(top), same != 1)
        return f"you hold {count_word(same)} {what}, and taking the {C.label(top)} needs two"
    side = obs.side_of(seat)
    if not obs.sides[side].opened:
        return (f"no meld with the {C.label(top)} reaches the {opening_minimum(obs, side)} "
                "points your side needs to open")
    return f"no meld you can make takes the {C.label(top)}"


def _meld(obs: GameState, seat: int, action: dict, measured: dict[str, float]) -> str:
    side_index = obs.side_of(seat)
    side = obs.sides[side_index]
    effects = placement_effects(obs, seat, action["melds"])
    cards = [c for pl in action["melds"] for c in pl["cards"]]
    gains = []
    if not side.opened:
        value = sum(M.card_value(c) for c in cards)
        gains.append(f"their {value} points are enough for your side's first meld, which needs "
                     f"{opening_minimum(obs, side_index)}")
    elif not side.knee_unlocked and len(obs.players[seat].piles) == 2 and any("canasta" in e for e in effects):
        gains.append("your side's first canasta, which opens your knee")
    bonus = _canasta_bonus(obs, seat, action["melds"])
    wild = _wild_gain(obs, seat, action["melds"])
    gains += [gain for gain in (bonus, wild) if gain]
    hand = obs.players[seat].hand
    if len(hand) == len(cards):
        nxt = {2: "knee", 1: "foot"}.get(len(obs.players[seat].piles))
        gains.append(f"you play out your hand{f' into your {nxt}' if nxt else ''}")
    kept = sum(map(C.is_wild, hand)) - sum(map(C.is_wild, cards))
    keep = ""
    if kept and not wild and "a wild canasta" in book_status(obs, side_index):
        what = "wild card" if kept == 1 else f"{count_word(kept)} wild cards"
        keep = f"; keep your {what} for the wild canasta your book needs"
    if not gains and not keep:
        gains.append(_table_gain(obs, seat, action["melds"]))
    line = f"Meld: {join_words(effects)}" + (f": {'; '.join(gains)}" if gains else "") + keep
    return line + _compare(measured, action, "meld", "with the next best meld") + "."


def _made(obs: GameState, seat: int, melds: list[dict]) -> list[tuple[str, list[str], int]]:
    """(rank, all its cards, how many it had) of each meld the placements make or grow."""
    by_id = {m.id: m for m in obs.sides[obs.side_of(seat)].melds}
    out = []
    for pl in melds:
        if "to" in pl:
            m = by_id[pl["to"]]
            out.append((m.rank, m.cards + list(pl["cards"]), len(m.cards)))
        else:
            out.append((M.natural_rank(pl["cards"]) or C.WILD, list(pl["cards"]), 0))
    return out


def _wild_gain(obs: GameState, seat: int, melds: list[dict]) -> str:
    """What a meld of wild cards alone gains: "the wild canasta your side's
    book needs is worth 2500, and ...", or nothing for other melds."""
    wild = [(len(cards), before) for rank, cards, before in _made(obs, seat, melds) if rank == C.WILD]
    if not wild:
        return ""
    r = obs.rules
    bonus = M.canasta_bonus(r, C.WILD, MeldKind.WILD)
    needed = "a wild canasta" in book_status(obs, obs.side_of(seat))
    if bonus and any(before < r.canasta_size <= size for size, before in wild):
        return f"a {bonus}-point bonus" + (", and the wild canasta your book needs" if needed else "")
    canasta = "the wild canasta your book needs" if needed else "a wild canasta"
    worth = f"{canasta} is worth {bonus}" if bonus else f"it builds toward {canasta}"
    return f"{worth}, and melded wild cards no longer cost you"


def _canasta_bonus(obs: GameState, seat: int, melds: list[dict]) -> str:
    """"600 points of canasta bonus" for the canastas the placements finish
    (the wild canasta's own words are ``_wild_gain``'s), or nothing."""
    r = obs.rules
    bonus = sum(M.canasta_bonus(r, rank, MeldKind.MIXED if any(map(C.is_wild, cards)) else MeldKind.NATURAL)
                for rank, cards, before in _made(obs, seat, melds)
                if rank != C.WILD and before < r.canasta_size <= len(cards))
    return f"{bonus} points of canasta bonus" if bonus else ""


def _table_gain(obs: GameState, seat: int, melds: list[dict]) -> str:
    """The points the placements put on the table and the cards they take from the hand."""
    cards = [c for pl in melds for c in pl["cards"]]
    points = sum(M.melded_value(obs.rules, c) for c in cards)
    fewer = f"{plural(len(cards), 'card', count_word)} fewer in your hand"
    return f"{points} points on the table and {fewer}" if points > 0 else fewer


def _discard(obs: GameState, seat: int, card: str, measured: dict[str, float]) -> str:
    nxt = (seat + 1) % obs.num_players
    name = obs.players[nxt].name
    side = obs.side_of(seat)
    label = f"the {C.label(card)}"
    opponent = obs.side_of(nxt) != side
    if opponent and C.is_black_three(card):
        return f"Discard the black 3: {name} cannot take the pile with it on top."
    pile = f"the {len(obs.discard) + 1}-card pile"
    chance, known = take_risk(obs, seat, card, measured) if opponent else (0.0, 0)
    if chance >= RISK_SAID:
        why = (f"they hold {count_word(known)} {rank_words(C.rank(card))} they picked up"
               if known else f"a chance of about {chance:.0%}, from what the table shows")
        return (f"Discard {label}, though {name} may take {pile} with it ({why}): every "
                "other card costs your side more.")
    kept = _needed_ranks(obs, seat, card)
    if kept:
        rank, held, on_table = kept[0]
        have = f"you hold {count_word(held)}" + (f" and your side has {count_word(on_table)} down"
                                                 if on_table else "")
        return (f"Keep the {rank_words(rank)}: your side's book needs a clean canasta of "
                f"{rank_words(rank)}, and {have}; discard {label}.")
    if not opponent:
        return f"Discard {label}: your partner {name} plays next, so no opponent can take it."
    share = take_shares(measured).get(card)
    if share is not None:
        if share < 0.01:
            return f"Discard {label}: {name} can hardly take {pile} with it."
        return f"Discard {label}: {name}'s chance of taking {pile} with it is only about {share:.0%}."
    hand = obs.players[seat].hand
    ours = {m.rank for m in obs.sides[side].melds}
    if sum(C.rank(c) == C.rank(card) for c in hand) == 1 and C.rank(card) not in ours:
        return (f"Discard {label}: a lone card with no meld of {rank_words(C.rank(card))} to join, "
                "so you break no pair.")
    return f"Discard {label}: the card your hand can best spare; the ones you keep build your melds."


def take_risk(obs: GameState, seat: int, card: str, measured: dict[str, float]) -> tuple[float, int]:
    """(the chance that the next player, an opponent, takes the pile once
    ``seat`` throws ``card``; how many natural cards of its rank they are
    known to hold, from a pile they picked up). Known two: certain; else
    hard's measured share of their sampled hands, corrected by the fitted
    take chance; else normal's estimate from the seat's view."""
    nxt = (seat + 1) % obs.num_players
    rank = C.rank(card)
    know = read_table(obs, seat)
    known = sum(k for c, k in know.held[nxt].items() if C.rank(c) == rank and not C.is_wild(c))
    if known >= 2 and not C.is_wild(card):
        return 1.0, known
    share = take_shares(measured).get(card)
    if share is not None:
        return take_chance(share, rank, know, nxt), 0
    return take_chances(obs, seat, know).get(rank, 0.0), 0


def take_shares(measured: dict[str, float]) -> dict[str, float]:
    """Per card, the share of the next player's sampled hands that took the
    pile with it, when hard chose a discard by those replies (its figures
    are then all discards; a search's are the chances of winning)."""
    out = {}
    for k, v in measured.items():
        action = json.loads(k)
        if action["type"] != Act.DISCARD:
            return {}
        out[action["card"]] = v
    return out


def _needed_ranks(obs: GameState, seat: int, thrown: str) -> list[tuple[str, int, int]]:
    """The big ranks (7s, 5s) whose clean canasta the side's book still
    lacks and that the seat is building (a pair in hand, or a card for the
    side's unfinished meld): (rank, how many it holds, how many that meld
    has), when the card thrown is of another rank. One card with no meld
    to join is no plan: it is not named."""
    r = obs.rules
    side = obs.sides[obs.side_of(seat)]
    missing = M.book_shortfall(r.books_for_deal(obs.deal), M.canastas(side.melds, r.canasta_size))
    held = Counter(C.rank(c) for c in obs.players[seat].hand if not C.is_wild(c))
    out = []
    for rank in ("7", "5"):
        down = max((len(m.cards) for m in side.melds
                    if m.rank == rank and len(m.cards) < r.canasta_size), default=0)
        if (MeldKind.NATURAL, rank) in missing and rank != C.rank(thrown) \
                and (held[rank] >= 2 or held[rank] and down):
            out.append((rank, held[rank], down))
    return out


def _ask(obs: GameState, seat: int, measured: dict[str, float]) -> str:
    n = len(obs.players[seat].hand)
    ahead = lead(obs, obs.side_of(seat))
    standing = f" and leads by {ahead}" if ahead > 0 else ""
    figures = _compare(measured, {"type": Act.ASK}, "discard", "playing on")
    return (f"Ask to go out: your side has its book{standing}, and you can play out the "
            f"{plural(n, 'card', count_word)} in your hand{figures}.")


def _answer(obs: GameState, seat: int, yes: bool, measured: dict[str, float]) -> str:
    r = obs.rules
    side = obs.side_of(seat)
    asker = obs.players[obs.turn].name
    figures = _compare(measured, {"type": Act.ANSWER, "yes": yes}, "answer",
                       "after a no" if yes else "after a yes")
    cost = round(cards_left_cost(obs, seat))
    if yes:
        ahead = lead(obs, side)
        if ahead > 0:
            return f"Say yes: your side has its book and leads by {ahead}{figures}."
        if opponents_close(obs, seat):
            return (f"Say yes: an opponent is in the foot with few cards and their book "
                    f"made{figures}.")
        return (f"Say yes: your cards left cost about {cost} points, no more than the "
                f"{r.going_out_bonus} for going out{figures}.")
    reach = canasta_within_reach(obs, seat)
    if reach:
        return f"Say no: you can finish a canasta worth {reach} on your next turn{figures}."
    if cost > r.going_out_bonus:
        return (f"Say no: your cards left would cost about {cost} points, more than the "
                f"{r.going_out_bonus} for going out{figures}.")
    ahead = lead(obs, side)
    if ahead <= 0:
        return (f"Say no: your side trails by {-ahead}, and {asker} going out ends "
                f"the deal{figures}.")
    return f"Say no: your side has more to lay down before the deal ends{figures}."
