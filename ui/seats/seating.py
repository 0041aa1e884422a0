"""Who plays which seat (pass-and-play, issue 54): the people and their names.

The engine already says it: a seat whose ``bot`` is None is a person, and
``name`` is the seat's name. The page shows one person's view at a time
(``ui.core.session.Session.seat``); everything that was seat 0's ("the human")
asks here instead. A game started on this page always has a person at seat
0; one from elsewhere with no person at all is shown from seat 0, as before.
"""

from game.deal import SEAT_NAMES
from game.load import MAX_NAME, int_in
from game.names import Phase

PEOPLE_WORD = "person"   # the new-game screen's choice of a person for a seat
FRIEND_WORD = "friend"   # ... and of a friend, who plays on their own phone (ui/linked)
MAX_HINTS = 100_000      # hints counted for one seat in one game (far more than any game asks)


def people(state):
    """The seats people play, in seat order."""
    return [i for i, p in enumerate(state.players) if p.bot is None]


def several(state):
    """More than one person at the table: the phone is passed between turns."""
    return len(people(state)) > 1


def shared(state, view):
    """``view`` as several people read it (a score sheet, the games list): from
    no seat (``seat`` and ``my_side`` None), so no side is "Us" and every side
    is named by its players; as it is with one person."""
    return {**view, "seat": None, "my_side": None} if several(state) else view


def next_person(state, here=None):
    """The person who moves first from here (the bots before them play first), by
    the order of play: those answering "may I go out?", the asker, then round
    the table; None if nobody plays here. ``here``: the seats of the people at
    this phone, where others play on their own (a game across phones)."""
    mover, n = state.to_move(), state.num_players
    if mover is None:
        return None
    order = [*state.answering, state.turn] if state.phase == Phase.ANSWER else [mover]
    order += [(state.turn + i) % n for i in range(1, n + 1)]
    return next((seat for seat in order if state.players[seat].bot is None and (here is None or seat in here)),
                None)


def first(state):
    """The seat the page shows when nothing says otherwise: the first person's (0 if none)."""
    return next(iter(people(state)), 0)


def compass(players, seat):
    """A seat's name when nobody names it (game.deal.new_game's)."""
    names = SEAT_NAMES.get(players)
    return names[seat] if names else f"Player {seat + 1}"


def clean(raw):
    """A typed name as it is kept: spaces collapsed and trimmed, at most
    ``MAX_NAME`` characters ("" if nothing is left)."""
    return " ".join(str(raw).split())[:MAX_NAME].strip()


def name_problem(names):
    """Why these seats' names cannot be played (two alike, which the log and the
    statistics could not tell apart), or None."""
    seen = set()
    for name in names:
        if name.casefold() in seen:
            return f"Two players are called {name}: give each person a name of their own."
        seen.add(name.casefold())
    return None


def hint_counts(hints, players):
    """The hints used, one count per seat, from a save's ``hints``: a list per
    seat, or a whole number (a save from before pass-and-play: seat 0's).
    Anything unsound counts as none."""
    if int_in(hints, 0, MAX_HINTS):
        hints = [hints]
    if not isinstance(hints, list):
        hints = []
    counts = [n if int_in(n, 0, MAX_HINTS) else 0 for n in hints[:players]]
    return counts + [0] * (players - len(counts))


def kind(state, seat, via=None):
    """Who plays ``seat``: "person" (at this phone), "bot", or "friend" (a person on
    another phone of the game across phones ``via``): ui/seats/turns.py asks that kind."""
    if state.players[seat].bot is not None:
        return "bot"
    return "friend" if via is not None and not via.plays_here(seat) else "person"
