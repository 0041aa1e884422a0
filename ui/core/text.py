"""Words for the page: side names, meld labels and the turn's prompt (the
log's lines are game/words/narrate.py's)."""

from game import cards as C
from game.english import KIND_WORDS
from game.names import Phase
from game.words.narrate import meld_rank_label, seat_name
from game.words.narrate import short_name as short_name
from game.words.narrate import side_name as side_name

HUMAN = 0
KIND_MARKS = {"natural": "◆", "mixed": "◇", "wild": "★"}
KNOCK_WORDS = "Knock: end your turn without a discard (after taking the pile there is none)."


def side_players(view, side):
    return " & ".join(seat_name(view, p["seat"]) for p in view["players"] if p["side"] == side)


def meld_label(meld, canasta_size=7):
    """Accessible description of a meld on the table."""
    kind = KIND_WORDS[meld["kind"]]
    what = "canasta" if meld["canasta"] else "meld"
    cards = " ".join(C.label(c) for c in meld["cards"])
    return f"{kind} {what} of {meld_rank_label(meld['rank'])}, {len(meld['cards'])} cards: {cards}"


def turn_prompt(view):
    """The status line under the top bar, for the view's own seat."""
    phase = view["phase"]
    if phase == Phase.GAME_END:
        return "The game is over."
    if phase == Phase.DEAL_END:
        return f"Deal {view['deal']} is over."
    mover = view["to_move"]
    if phase == Phase.ANSWER:
        if mover == view["seat"]:
            return f"{seat_name(view, view['turn'])} asks: may I go out?"
        return f"Waiting for {seat_name(view, mover)} to answer…"
    if mover != view["seat"]:
        return f"{seat_name(view, mover)} is playing…"
    if phase == Phase.DRAW:
        return "Your turn: draw or take the pile."
    if view["took_pile"]:
        return "You took the pile: meld, then knock to end your turn."
    return "Your turn: meld, then discard one card."


def signs(rules):
    """The table's signs and what each means, for the legend on the rules
    screen: (sign, words) pairs, only those these rules can show."""
    out = [("▶ West", "that player is moving; your partner's box says partner."),
           ("15 K F", "in a player's box: cards in hand, then the piles still to come (K the knee, F the foot).")
           if rules.has_knee else ("15 F", "in a player's box: cards in hand, then F while the foot is still to come."),
           ("Us 120", "at the top: each side's running total of the game."),
           ("Us 380 pts", "at the head of a side's melds: the points it has down on the table this deal "
                          "(melds, canasta bonuses, red 3s), counted at the deal's end."),
           ("K ×5 clean", "a meld: its rank and number of cards; clean: no wild cards."),
           ("K ×5 dirty", "a dashed frame: a dirty meld, with wild cards."),
           ("★ K ×7", "a canasta: a gold-tinted tile with a thick frame."),
           ("Gold frame", "a meld the selected cards can join, or one your staged cards go to."),
           ("Dashed gold frame · +2", "cards you drew or took this turn (+2: two of the rank's cards are new)."),
           ("new · +2 on a meld", "a meld made, or grown by two cards, since your last turn."),
           ("×3 · 2/3", "how many cards of that rank you hold; how many of them are selected."),
           ("book: 2 missing", "the canastas your side still needs before going out (tap to list them).")]
    if not rules.discard_after_pile:
        out.append(("Knock", KNOCK_WORDS.partition(": ")[2]))
    if rules.wild_melds:
        after_dirty = [sign for sign, _ in out].index("K ×5 dirty") + 1
        out.insert(after_dirty, ("Wild ×4 wild", "a meld of wild cards only (2s and Jokers)."))
    if rules.has_knee:
        out.append(("Pick up knee ★", "the knee may be picked up now."))
    if rules.wild_discard_freezes:
        out.append(("❄ frozen", "a wild card was discarded: the pile's cards under it are out of play."))
    return out


def fmt(n):
    return f"{n:,}".replace(",", "\u202f")  # thin space: 12 885
