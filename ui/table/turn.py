"""The turn's facts more than one room reads: the shown seat's hand, and the
cards new in it this turn (the table marks them; a save keeps them)."""

from collections import Counter

import game


def hand(s):
    """The shown seat's hand, sorted, as its view shows it (``s``: the session)."""
    return game.view(s.state, s.seat, log=False)["hand"]


def fresh_in_hand(s, cards):
    """The cards marked new this turn that are still in this game's hand."""
    return s.fresh & Counter(cards) if s.fresh_game == s.game_id else Counter()
