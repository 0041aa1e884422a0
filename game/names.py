"""The words of the JSON formats, named once: a position's phase, an
action's ``"type"`` and a canasta's kind. Plain strings, so states, actions
and saves read and write exactly as before (docs/formats.md)."""

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
    TURN_ENDS = (DISCARD, KNOCK)   # the actions that pass the turn on


class MeldKind:
    """A meld's kind (``Meld.kind``), and a book requirement's."""

    NATURAL = "natural"  # no wild cards ("clean")
    MIXED = "mixed"      # some wild cards ("dirty")
    WILD = "wild"        # only wild cards
    ALL = (NATURAL, MIXED, WILD)
