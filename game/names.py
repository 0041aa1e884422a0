"""The words of the JSON formats, named once: a position's phase, an
action's ``"type"``, a canasta's kind, a player's bot and an event's name.
Plain strings, so states, actions and saves read and write exactly as
before (docs/formats.md)."""

from __future__ import annotations


class Phase:
    """``GameState.phase``: what the game waits for."""

    DRAW = "draw"          # the player to move draws or takes the pile
    PLAY = "play"          # melds, the knee, asking, then a discard or knock
    ANSWER = "answer"      # the partners answer an ask to go out
    DEAL_END = "deal_end"  # the deal is scored; next_deal starts the next one
    GAME_END = "game_end"  # the last deal is scored
    ALL = (DRAW, PLAY, ANSWER, DEAL_END, GAME_END)
    TURN = (DRAW, PLAY)    # the player whose turn it is moves


class Act:
    """An action's ``"type"`` (game/actions.py gives each one's fields)."""

    DRAW = "draw"
    TAKE_PILE = "take_pile"
    MELD = "meld"
    PICK_UP_KNEE = "pick_up_knee"
    DISCARD = "discard"
    KNOCK = "knock"                # end the turn without a discard
    ASK = "ask_to_go_out"
    ANSWER = "answer"              # the partner's reply to ASK
    NEXT_DEAL = "next_deal"
    ALL = (DRAW, TAKE_PILE, MELD, PICK_UP_KNEE, DISCARD, KNOCK, ASK, ANSWER, NEXT_DEAL)
    MELDING = (TAKE_PILE, MELD)    # the actions that place cards on melds
    TURN_STARTS = (DRAW, TAKE_PILE)  # the actions that begin a turn
    TURN_ENDS = (DISCARD, KNOCK)   # the actions that pass the turn on


class MeldKind:
    """A meld's kind (``Meld.kind``), and a book requirement's."""

    NATURAL = "natural"  # no wild cards ("clean")
    MIXED = "mixed"      # some wild cards ("dirty")
    WILD = "wild"        # only wild cards
    ALL = (NATURAL, MIXED, WILD)


class Bot:
    """A player's ``"bot"``: the levels game/bots/ plays (a save's ``hard:MS``,
    from when hard thought for MS milliseconds, plays as ``hard``)."""

    RANDOM = "random"
    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"
    ALL = (RANDOM, EASY, NORMAL, HARD)


class Ev:
    """An event's ``"event"`` in JSON (game/events.py): what an action did."""

    DREW = "drew"
    TOOK_PILE = "took_pile"
    MELDED = "melded"              # a new meld, or cards added to one
    CANASTA = "canasta"
    PICKED_UP = "picked_up"        # the knee or the foot
    RED3 = "red3"                  # red 3s laid (and replaced)
    DISCARDED = "discarded"
    KNOCKED = "knocked"
    ASKED = "asked"
    ANSWERED = "answered"
    STOCK_RAN_OUT = "stock_ran_out"
    WENT_OUT = "went_out"
    UNUSED_YES = "unused_yes"      # a turn ended without going out after a binding yes
    DEAL_OVER = "deal_over"
    DEAL_BEGAN = "deal_began"
