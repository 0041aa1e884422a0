"""The rules of a rule set in plain sentences, for the page's rules reference.

Written from the options themselves, so a house rule set is described
exactly as it will be played. Returns sections of sentences; the page
renders them as text.
"""

from __future__ import annotations

from game import cards as C
from game.english import join_words
from game.melds import describe_book
from game.rules import RuleSet


def _upcard_names(kinds) -> list[str]:
    names = {"*": "a Joker", "2": "a 2", "R3": "a red 3", "B3": "a black 3"}
    return [names.get(k, f"a {C.rank_label(k, plural=False)}") for k in kinds]


def _wild_rule(r: RuleSet) -> str:
    if r.wild_ratio == 2 and not r.natural_surplus:
        need = "at least twice as many natural cards as wild cards (one wild in 3 to 5 cards, two in 6 or 7)"
    elif r.wild_ratio == 1 and r.natural_surplus == 1:
        need = "more natural cards than wild cards"
    elif r.wild_ratio == 1 and not r.natural_surplus:
        need = "at least as many natural cards as wild cards"
    elif r.wild_ratio:
        need = f"natural cards at least {r.wild_ratio} times the wild cards plus {r.natural_surplus}"
    else:
        need = ""
    parts = [need] if need else []
    if r.min_naturals > 1:
        parts.append(f"at least {r.min_naturals} natural cards")
    out = "A meld with wild cards needs " + join_words(parts) + "." if parts else ""
    if r.max_wilds:
        out += f" A meld holds at most {r.max_wilds} wild cards."
    return out.strip()


def describe(r: RuleSet) -> list[tuple[str, list[str]]]:
    """[(heading, [sentence, ...]), ...] describing how this rule set plays."""
    return [("The deal", _deal(r)), ("A turn", _turn(r)), ("Melds", _melds(r)), ("Threes", _threes(r)),
            ("Knee and foot" if r.has_knee else "Foot", _piles(r)), ("Going out", _going_out(r)),
            ("Scoring", _scoring(r))]


def _deal(r: RuleSet) -> list[str]:
    seat = []
    for n, per_side, decks in r.seatings:
        how = ("alone" if per_side == 1 else "in pairs, partners sitting opposite" if per_side == 2
               else f"in sides of {per_side}, the sides alternating around the table")
        seat.append(f"{n} players {how}, with {decks} decks ({decks * (52 + r.jokers_per_deck)} cards)")
    piles = ["hand", "knee", "foot"] if r.has_knee else ["hand", "foot"]
    deal = [f"Players: {join_words(seat, 'or', '; ')}.",
            "Each player gets " + join_words([f"a {name} of {n}" for name, n in zip(piles, r.piles)]) + "; "
            f"the {piles[0]} is played first, then the {join_words(piles[1:])}.",
            f"A game is {r.deals} deals; the deal passes to the left and "
            + ("the dealer plays first." if r.dealer_starts else "the player left of the dealer starts.")]
    if r.upcard:
        deal.append("One card is turned to start the discard pile; "
                    f"if it is {join_words(_upcard_names(r.upcard_bury), 'or')} it is buried in the stock.")
    else:
        deal.append("The discard pile starts empty.")
    return deal


def _turn(r: RuleSet) -> list[str]:
    turn = [f"Draw {r.draw_count} cards from "
            + ("the stock" if r.stock_piles == 1 else "either stock pile, or one from each") + ", "
            "or take the discard pile; then meld; then "
            + ("discard one card." if r.discard_after_pile else
               "discard one card (after taking the pile there is no discard: knock to end the turn).")]
    turn.append("To take the pile " + join_words(_pile_conditions(r)) + ".")
    if r.pile_top_only_before_opening:
        turn.append("Before your side has melded, taking the pile takes only its top card; "
                    "afterwards the whole pile.")
    else:
        turn.append("You take " + (f"its top {r.pile_take_max} cards." if r.pile_take_max else "the whole pile."))
    if r.wild_discard_freezes:
        turn.append("Discarding a wild card freezes the pile: it leaves play "
                    "(and goes under the stock if more cards are needed).")
    return turn


def _pile_conditions(r: RuleSet) -> list[str]:
    pile = []
    if r.pile_pair:
        pile.append("you must meld its top card at once with two natural cards of its rank from your hand")
    else:
        pile.append("you must meld its top card at once, with cards from your hand or on one of your side's melds")
    if r.pile_wild_top:
        pile.append("a wild card on top needs two of the same wild")
    else:
        pile.append("a wild card on top cannot be taken")
    pile.append("a black 3 on top blocks it")
    if r.pile_min_size:
        pile.append(f"it must hold at least {r.pile_min_size} cards")
    return pile


def _melds(r: RuleSet) -> list[str]:
    melds = [f"Melds are {r.meld_min} or more cards of one rank; {r.canasta_size} make a canasta.",
             "2s and Jokers are wild cards; all others are natural cards. A clean meld or canasta has "
             "no wild cards, a dirty one has some" + (", a wild one only wild cards." if r.wild_melds else "."),
             _wild_rule(r)]
    if r.no_wild_ranks:
        melds.append(f"Melds of {join_words([C.rank_label(x) for x in r.no_wild_ranks])} take no wild cards.")
    melds.append("Melds of only wild cards are allowed." if r.wild_melds else "Wild cards cannot form a meld alone.")
    melds.append("Black 3s may form a meld without wild cards." if r.black3_melds
                 else "3s cannot be melded.")
    growth = {"never": "A canasta takes no more cards; a new meld of the same rank may then start.",
              "always": "Canastas keep growing past seven cards.",
              "extra": "Canastas outside the basic book may take extra cards"
                       + (" from the turn after they were made." if r.growth_not_same_turn else ".")}
    melds.append(growth[r.meld_growth])
    melds.append("A side has one meld of each rank." if r.one_meld_per_rank
                 else "A side may not have two unfinished melds of the same rank.")
    melds.append(_opening(r))
    for d in r.hidden_canasta_deals:
        melds.append(f"In deal {d} the first meld must include a hidden canasta: "
                     f"{r.canasta_size} cards of one rank from the hand.")
    return melds


def _opening(r: RuleSet) -> str:
    if r.opening_by_score:
        rows = [f"{r.opening_by_deal[0]} below {r.opening_by_score[0][0]:,}"]
        rows += [f"{m} from {s:,}" for s, m in r.opening_by_score]
        return "A side's first meld in a deal must be worth, by its running score: " + join_words(rows) + "."
    rows = [f"{m} in deal {i + 1}" for i, m in enumerate(r.opening_by_deal) if m]
    return ("A side's first meld in a deal must be worth at least " + join_words(rows)
            + " (card values; canasta bonuses do not count).")


def _threes(r: RuleSet) -> list[str]:
    threes = []
    if r.red3_laid:
        when = "once the side has melded" if r.red3_after_opening else "at once"
        repl = {"hand": "replaced from the stock while the player is still in the hand",
                "always": "always replaced from the stock", "never": "not replaced"}[r.red3_replace]
        threes.append(f"Red 3s are laid face up {when} and {repl}; each scores {r.red3_value}"
                      + (f", and {r.red3_set_size} or more score {r.red3_set_bonus} more." if r.red3_set_size
                         else "."))
    else:
        threes.append("Red 3s cannot be melded; discard them.")
    threes.append(f"Left in a hand, knee or foot at the end: red 3 {r.red3_left}, black 3 {r.black3_left}.")
    return threes


def _piles(r: RuleSet) -> list[str]:
    """The knee (if any) and the foot: when each is picked up."""
    knee = []
    if r.has_knee:
        if r.partner_knee_at_turn_start:
            partners = "partners hold theirs from the start of their next turn, so it counts for taking the pile."
        else:
            partners = ("partners pick theirs up on their turn, after drawing."
                        + ("" if r.knee_reminder else " The game does not remind you."))
        knee.append("When your side completes its first canasta, the player who made it picks up the knee "
                    "at once; " + partners)
        if r.empty_hand_opens_knee:
            knee.append("A player who empties the hand picks up the knee even before the side's first canasta.")
    knee.append("When you run out of cards you pick up your next pile: at once if your last card was "
                "melded, at the start of your next turn if it was discarded. No one may be left "
                "without cards unless they may pick up their next pile or go out: when your turn "
                "ends with a discard, keep two cards after melding, one to discard and one to hold.")
    return knee


def _going_out(r: RuleSet) -> list[str]:
    out = []
    books = r.books_for_deal(1)
    if books:
        out.append("To go out your side needs " + join_words([describe_book(b) for b in books]) + ".")
    for d, special in r.books_by_deal:
        out.append(f"In deal {d}: " + join_words([describe_book(b) for b in special]) + ".")
    if r.partner_in_foot:
        out.append("Your partners must have picked up their foot and played from it.")
    if r.ask_partner:
        out.append("Playing with partners, ask them first; the answer binds for that turn.")
        if r.yes_obliges:
            out.append(f"A yes obliges you to go out that turn: ending it with cards left costs your side "
                       f"{r.unused_yes_penalty:,} at the deal's end.")
    out.append({"optional": "Go out by melding every card or by discarding the last one.",
                "required": "Going out needs a final discard.",
                "forbidden": "Go out by melding every card, with no discard."}[r.going_out_discard])
    out.append("If the stock runs out when a player must draw, the deal ends; no one gets the going-out bonus.")
    return out


def _scoring(r: RuleSet) -> list[str]:
    bonus = [f"clean canasta {r.bonus_natural}", f"dirty canasta {r.bonus_mixed}"]
    bonus = [f"clean {C.rank_label(k)} {v:,}" for k, v in r.bonus_natural_rank] + bonus
    if r.wild_melds:
        bonus.insert(len(r.bonus_natural_rank), f"wild canasta {r.bonus_wild:,}")
    return ["Melded cards count for the side, cards left in hands, knees and feet against it: "
            "Joker 50, 2 and Ace 20, King to 8 10, 7 to 4 5.",
            "Canasta bonuses: " + join_words(bonus) + f"; going out {r.going_out_bonus}.",
            *([] if r.rank_bonus_repeats or not r.bonus_natural_rank else
              [f"Only a side's first clean canasta of each of those ranks earns its bonus; "
               f"the next counts as a clean canasta ({r.bonus_natural})."]),
            "The side ahead after the last deal wins."]
