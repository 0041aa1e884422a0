"""Words for the page: side names, meld labels and the turn's prompt (the
log's lines are game/narrate.py's)."""

from game import cards as C
from game.narrate import meld_rank_label, seat_name
from game.narrate import short_name as short_name
from game.narrate import side_name as side_name

HUMAN = 0
KIND_WORDS = {"natural": "clean", "mixed": "dirty", "wild": "wild"}
KIND_MARKS = {"natural": "◆", "mixed": "◇", "wild": "★"}


def side_players(view, side):
    return " & ".join(seat_name(view, p["seat"]) for p in view["players"] if p["side"] == side)


def meld_label(meld, canasta_size=7):
    """Accessible description of a meld on the table."""
    kind = KIND_WORDS[meld["kind"]]
    what = "canasta" if meld["canasta"] else "meld"
    cards = " ".join(C.label(c) for c in meld["cards"])
    return f"{kind} {what} of {meld_rank_label(meld['rank'])}, {len(meld['cards'])} cards: {cards}"


def turn_prompt(view):
    """The status line under the top bar."""
    phase = view["phase"]
    if phase == "game_end":
        return "The game is over."
    if phase == "deal_end":
        return f"Deal {view['deal']} is over."
    mover = view["to_move"]
    if phase == "answer":
        if mover == HUMAN:
            return f"{seat_name(view, view['turn'])} asks: may I go out?"
        return f"Waiting for {seat_name(view, mover)} to answer…"
    if mover != HUMAN:
        return f"{seat_name(view, mover)} is playing…"
    if phase == "draw":
        return "Your turn: draw or take the pile."
    if view["took_pile"]:
        return "You took the pile: meld, then knock to end your turn."
    return "Your turn: meld, then discard one card."
