"""What makes a loaded state a real position: the checks across fields that
only the engine's own play guarantees (docs/formats.md lists them).
game.state checks each field, the cards and the melds' contents, then asks
``position_problem``; a player's bot must be one this program has
(``bot_problem``). Each problem is one sentence that never quotes the input.
"""

from __future__ import annotations

from collections import Counter

from .actions import parse_action
from .cards import CODES
from .english import KIND_WORDS
from .errors import IllegalMove
from .melds import CARD_VALUES
from .names import Act, Bot, MeldKind, Phase

MAX_BOT_MS = 60_000      # the longest think time a saved "hard:MS" bot may ask for


def bot_problem(name) -> str | None:
    """Why a player's ``bot`` field names no bot this program has, or None."""
    if name is None:
        return None
    if not isinstance(name, str):
        return "A player's bot must be a bot's name or null."
    base, colon, ms = name.partition(":")
    if colon:
        if base == "hard" and ms.isascii() and ms.isdigit() and len(ms) <= 6 and 1 <= int(ms) <= MAX_BOT_MS:
            return None
    elif name in Bot.ALL:
        return None
    return f"A player's bot is unknown; bots are {', '.join(Bot.ALL)} (or hard:MS)."


# -- the position ---------------------------------------------------------------------
def position_problem(state) -> str | None:
    """The first way ``state`` differs from any position the engine can reach, or None."""
    for check in (_phase_problem, _player_problem, _side_problem, _meld_problem, _results_problem,
                  _log_problem, _redeal_problem):
        problem = check(state)
        if problem:
            return problem
    return None


def _phase_problem(state) -> str | None:
    r = state.rules
    n = state.num_players
    if state.phase == Phase.GAME_END and state.deal != r.deals:
        return f"The game cannot be over in deal {state.deal} of {r.deals}."
    if state.phase == Phase.DEAL_END and state.deal == r.deals:
        return "The last deal ends the game, not just the deal."
    first = state.dealer if r.dealer_starts else (state.dealer + 1) % n
    if state.turn != (first + state.turn_number - 1) % n:
        return f"Turn {state.turn_number} of this deal is not seat {state.turn}'s turn."
    if state.went_out is not None and not state.deal_over:
        return "Someone went out but the deal goes on."
    if state.took_pile and state.phase == Phase.DRAW:
        return "The pile is marked taken before the player has drawn."
    if state.permission is not None and state.phase in (Phase.DRAW, Phase.ANSWER):
        return "A partner's answer is recorded before anyone asked."
    if bool(state.answering) != (state.phase == Phase.ANSWER):
        return "Seats are asked to answer outside the answer phase."
    if len(set(state.answering)) != len(state.answering):
        return "A partner is asked twice."
    return None


def _player_problem(state) -> str | None:
    r = state.rules
    for seat, p in enumerate(state.players):
        who = f"Player {seat + 1}"
        sizes = [len(pile) for pile in p.piles]
        if sizes != list(r.piles[len(r.piles) - len(sizes):]):
            return f"{who}'s unpicked piles are not the sizes the rules deal."
        if p.knee_ready and not (len(p.piles) == 2 and state.sides[state.side_of(seat)].knee_unlocked):
            return f"{who} may pick up a knee they cannot have."
        if p.pending_pickup and (p.hand or not p.piles):
            return f"{who} waits to pick up a pile but holds cards or has none left."
        if p.foot_played and p.piles:
            return f"{who} is marked as playing from the foot before picking it up."
        if state.went_out == seat and (p.hand or p.piles):
            return f"{who} went out but still holds cards."
    return None


def _side_problem(state) -> str | None:
    r = state.rules
    for i, side in enumerate(state.sides):
        who = f"Side {i + 1}"
        if side.opened != bool(side.melds):
            return f"{who} is marked opened but has no melds, or melds but not opened."
        canasta = any(len(m.cards) >= r.canasta_size for m in side.melds)
        if side.knee_unlocked != canasta:
            return f"{who}'s first-canasta flag does not match its melds."
        if side.red3 and (not r.red3_laid or (r.red3_after_opening and not side.opened)):
            return f"{who} has red 3s laid where the rules keep them in hand."
        if side.unused_yes and not (yes_may_oblige(r, state.seats_of(i)) and side.unused_yes < state.turn_number):
            return f"{who} pays for a yes not used where a yes does not oblige, or more than its turns."
    return None


def _meld_problem(state) -> str | None:
    r = state.rules
    melds = [m for side in state.sides for m in side.melds]
    if sorted(m.id for m in melds) != list(range(1, len(melds) + 1)) or state.next_meld_id != len(melds) + 1:
        return "Meld ids must run from 1 and next_meld_id must follow the last."
    for i, side in enumerate(state.sides):
        unfinished, seen = set(), set()
        for m in side.melds:
            canasta = len(m.cards) >= r.canasta_size
            if not canasta and (m.book or m.completed_turn != -1):
                return f"Meld {m.id} is marked as a canasta but is not one."
            if canasta and not 0 <= m.completed_turn <= state.turn_number:
                return f"Canasta {m.id} was completed in a turn that has not happened."
            if not canasta:
                if m.rank in unfinished:
                    return f"Side {i + 1} has two unfinished melds of one rank."
                unfinished.add(m.rank)
            if r.one_meld_per_rank and m.rank in seen:
                return f"Side {i + 1} has two melds of one rank; these rules allow one."
            seen.add(m.rank)
    return None


_ROW_KEYS = {"side", "players", "melded", "left", "canastas", "red3", "going_out", "total"}
_RESULT_KEYS = {"deal", "went_out", "sides", "totals"}


def _results_problem(state) -> str | None:
    """The score sheet: one row per finished deal, each one a score the deal could give."""
    results = state.deal_results
    if len(results) != state.deal - 1 + state.deal_over:
        return "The score sheet does not have one entry per finished deal."
    totals = [0] * len(state.sides)
    for d, result in enumerate(results, start=1):
        if not (isinstance(result, dict) and result.keys() == _RESULT_KEYS and result["deal"] == d
                and type(result["deal"]) is int):
            return f"The score sheet's entry for deal {d} is malformed."
        went_out = result["went_out"]
        if not (went_out is None or (type(went_out) is int and 0 <= went_out < state.num_players)):
            return f"The score sheet's entry for deal {d} names no seat as going out."
        if d == state.deal and went_out != state.went_out:
            return "The score sheet and the state disagree on who went out."
        rows = result["sides"]
        if not (isinstance(rows, list) and len(rows) == len(state.sides)):
            return f"The score sheet's entry for deal {d} is malformed."
        for i, row in enumerate(rows):
            problem = row_problem(state, i, row, went_out)
            if problem:
                return f"Deal {d} on the score sheet: {problem}"
            totals[i] += row["total"]
        if result["totals"] != totals:
            return f"The running totals after deal {d} are not the sum of the deals."
    if [s.total for s in state.sides] != totals:
        return "The sides' totals do not match the score sheet."
    return None


def row_problem(state, i: int, row, went_out) -> str | None:
    """Why one side's row of a deal's score could not come out of a deal under these rules."""
    r = state.rules
    if not (isinstance(row, dict) and row.keys() == _ROW_KEYS and row["side"] == i
            and type(row["side"]) is int):
        return "a row is malformed."
    seats = state.seats_of(i)
    if row["players"] != [state.players[s].name for s in seats]:
        return "a row names other players."
    canastas, red3 = row["canastas"], row["red3"]
    if not (isinstance(canastas, dict) and canastas.keys() == set(MeldKind.ALL)
            and all(isinstance(c, dict) and c.keys() == {"count", "points"} for c in canastas.values())
            and isinstance(red3, dict) and red3.keys() == {"count", "points"}):
        return "a row is malformed."
    numbers = [row["melded"], row["left"], row["going_out"], row["total"], red3["count"], red3["points"]]
    numbers += [c[k] for c in canastas.values() for k in ("count", "points")]
    if not all(type(v) is int for v in numbers):
        return "a row holds something that is not a whole number."
    cards = sum(state.expected_cards().values())
    worst = cards * max(max(CARD_VALUES.values()), abs(r.black3_melded), abs(r.red3_left), abs(r.black3_left))
    if abs(row["melded"]) > worst or abs(row["left"]) > worst:
        return "a row counts more points than the cards hold."
    naturals = [r.bonus_natural] + [bonus for _, bonus in r.bonus_natural_rank]
    bounds = {MeldKind.NATURAL: (min(naturals), max(naturals)), MeldKind.MIXED: (r.bonus_mixed,) * 2,
              MeldKind.WILD: (r.bonus_wild,) * 2}
    for kind, (low, high) in bounds.items():
        count, points = canastas[kind]["count"], canastas[kind]["points"]
        if not 0 <= count <= cards // r.canasta_size or not count * low <= points <= count * high:
            return f"its {KIND_WORDS[kind]} canastas are not a possible count and score."
    n3 = red3["count"]
    if not 0 <= n3 <= cards or red3["points"] != n3 * r.red3_value + (
            r.red3_set_bonus if r.red3_set_size and n3 >= r.red3_set_size else 0):
        return "its red 3s are not a possible count and score."
    unused = (r.going_out_bonus if went_out is not None and went_out in seats else 0) - row["going_out"]
    if unused and not (yes_may_oblige(r, seats) and r.unused_yes_penalty
                       and unused % r.unused_yes_penalty == 0 and 0 < unused // r.unused_yes_penalty <= cards):
        return "its going-out bonus is wrong."
    if row["total"] != (row["melded"] + row["left"] + sum(c["points"] for c in canastas.values())
                        + red3["points"] + row["going_out"]):
        return "its parts do not add up to its total."
    return None


def yes_may_oblige(r, seats: list[int]) -> bool:
    """Whether a side of these seats can owe for a yes not used (game/engine.py's _unused_yes)."""
    return r.yes_obliges and r.ask_partner and len(seats) > 1


_BARE = {Act.DRAW, Act.KNOCK, Act.PICK_UP_KNEE, Act.ASK}


def _log_problem(state) -> str | None:
    """Every logged action well formed, by a seat of the game; no more deals started than played."""
    n = state.num_players
    deals = 0
    for entry in state.log:
        kind = entry.get("type") if type(entry) is dict else None
        size = len(entry) if kind else 0
        # fast paths for the common entries (a long game logs over a thousand)
        if not ((kind in _BARE and size == 2) or (kind == Act.DISCARD and size == 3 and entry.get("card") in CODES)):
            try:
                if parse_action(entry) != entry:
                    return "The game's log holds an action with extra fields."
            except IllegalMove:
                return "The game's log holds something that is not an action."
        seat = entry.get("seat")
        if kind == Act.NEXT_DEAL:
            deals += 1
            if seat is not None and not 0 <= seat < n:
                return "The game's log holds an action by no seat of this game."
        elif type(seat) is not int or not 0 <= seat < n:
            return "The game's log holds an action by no seat of this game."
    if deals > state.deal - 1:
        return "The game's log starts more deals than the game has had."
    return None


def _redeal_problem(state) -> str | None:
    """Re-dealt decks: deals played so far, in order, each holding exactly the rule set's cards."""
    deals = [r.deal for r in state.redealt]
    if deals != sorted(set(deals)) or any(d > state.deal for d in deals):
        return "The re-dealt deals must be deals played so far, each once, in order."
    want = state.expected_cards()
    if any(Counter(r.deck) != want for r in state.redealt):
        return f"A re-dealt deck must hold exactly the {sum(want.values())} cards of this rule set."
    return None
