"""The page's view of one seat: game.view plus what the page shows or hides
under the game's rule set.

game.view is the seat's observation (the cards, counts, melds and scores the
seat may see); this module adds the rule-set facts the page needs to choose
what to draw: the rule set's title and house rules for the score sheet, which
sheet rows and side facts apply, whether the Ask button exists, and the knee
reminder (the seat's ``knee_ready`` shown only where the rules remind).
"""

import game
from game.house import changes


def page_fields(state, seat):
    """The presentation fields for ``seat``'s page under ``state``'s rules."""
    r = state.rules
    return {
        "title": r.title, "house_rules": changes(r),
        "books_needed": bool(r.books_for_deal(state.deal)),
        "red3_laid": r.red3_laid, "wild_melds": r.wild_melds,
        "ask_partner": r.ask_partner and len(state.sides) < len(state.players),
        "going_out_discard": r.going_out_discard,
        # with the reminder off the page must not hint that the knee may be taken
        "knee_ready": state.players[seat].knee_ready if r.knee_reminder else None,
    }


def page_view(state, seat, log=True):
    """game.view(state, seat) with the page's fields (see page_fields)."""
    return game.view(state, seat, log=log) | page_fields(state, seat)
