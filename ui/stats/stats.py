"""The players' statistics, kept in the browser (localStorage ``tp.stats``).

Counted for each person at the table (pass-and-play: by the name they
play under), per rule preset and bot level, when a deal ends (and a game
with its last deal): deals and games played and won, the margins, how
often the person's side went out, and the hints they used (the save's
``hints``, counted when its game ends). Each deal is counted once: the keys
of the deals counted last are kept with the figures.

A row names its person in ``player``; a row without one is South's, the
name seat 0 has in every seating, which is how one person has always
played here: the figures kept before pass-and-play are theirs, and one
person's figures are still written without a name, so that older pages
read them too. The stored text is untrusted: it is read with
game.load.read_json and checked field by field; anything wrong resets the
figures, with a sentence saying so, and never stops the page.
"""

import json

from game.engine import winner
from game.errors import StateError
from game.load import int_in, is_player_name, read_json
from game.names import Phase
from game.presets import PRESETS
from ui.seats import seating as P

KEY = "tp.stats"
VERSION = 1
MAX_TEXT = 120_000
MAX_ROWS = 300          # (player, preset, bot level) triples
MAX_COUNTED = 200       # deal keys remembered, so none is counted twice
MAX_COUNT = 10**9
MAX_POINTS = 10**15
COUNTS = ("games", "games_won", "deals", "deals_won", "went_out", "hints")
MARGINS = ("deal_margin", "game_margin")  # sums of (our total - the best other side's)
ROW_KEYS = {"preset", "bots", *COUNTS, *MARGINS}
PLAYER = "player"       # a row's person, where it is not OLD_PLAYER
OLD_PLAYER = "South"    # seat 0's name in every seating (game.deal.SEAT_NAMES)


def empty():
    return {"version": VERSION, "rows": [], "counted": []}


def _text(v, limit):
    return isinstance(v, str) and 0 < len(v) <= limit


def player(row):
    """Whose figures a row holds."""
    return row.get(PLAYER, OLD_PLAYER)


def _row_ok(row):
    return (isinstance(row, dict) and row.keys() - {PLAYER} == ROW_KEYS
            and (PLAYER not in row or is_player_name(row[PLAYER]) and row[PLAYER] != OLD_PLAYER)
            and _text(row["preset"], 60) and _text(row["bots"], 20)
            and all(int_in(row[k], 0, MAX_COUNT) for k in COUNTS)
            and all(int_in(row[k], -MAX_POINTS, MAX_POINTS) for k in MARGINS)
            and row["games_won"] <= row["games"] and row["deals_won"] <= row["deals"]
            and row["went_out"] <= row["deals"] and row["games"] <= row["deals"])


def load(text):
    """(statistics, problem): the stored figures, or empty ones and a sentence saying why."""
    if text is None:
        return empty(), None
    try:
        data = read_json(text, "The statistics record", MAX_TEXT)
    except StateError as e:
        return empty(), f"{e} They start again from zero."
    problem = None
    if not (isinstance(data, dict) and data.keys() == {"version", "rows", "counted"}):
        problem = "The statistics are not in this page's format."
    elif data["version"] != VERSION or isinstance(data["version"], bool):
        problem = "The statistics were written by another version of this page."
    elif not (isinstance(data["rows"], list) and len(data["rows"]) <= MAX_ROWS
              and all(_row_ok(r) for r in data["rows"])):
        problem = "The statistics hold impossible figures."
    elif len({(player(r), r["preset"], r["bots"]) for r in data["rows"]}) != len(data["rows"]):
        problem = "The statistics list a game kind twice."
    elif not (isinstance(data["counted"], list) and len(data["counted"]) <= MAX_COUNTED
              and all(_text(k, 80) for k in data["counted"])):
        problem = "The statistics' list of counted deals is malformed."
    if problem:
        return empty(), problem + " They start again from zero."
    return data, None


def dump(stats):
    return json.dumps(stats, separators=(",", ":"))


def bot_level(state, seat):
    """The level of the bots ``seat`` played with ("normal"; "hard" for any
    hard:MS), "mixed", or "people" (the other seats are people's)."""
    levels = {p.bot.split(":")[0] for i, p in enumerate(state.players) if i != seat and p.bot}
    if not levels:
        return "people"
    return levels.pop() if len(levels) == 1 else "mixed"


def preset_title(name):
    preset = PRESETS.get(name)
    return preset.title if preset else name


def _margin(totals, mine):
    return totals[mine] - max(t for s, t in enumerate(totals) if s != mine)


def _row(stats, name, preset, bots):
    for row in stats["rows"]:
        if player(row) == name and row["preset"] == preset and row["bots"] == bots:
            return row
    if len(stats["rows"]) >= MAX_ROWS:
        return None
    row = {"preset": preset, "bots": bots, **dict.fromkeys(COUNTS, 0), **dict.fromkeys(MARGINS, 0)}
    if name != OLD_PLAYER:
        row[PLAYER] = name
    stats["rows"].append(row)
    return row


def count(stats, game_key, state, hints=None):
    """Count the deal of ``state`` that has just ended for each person at the
    table (seat 0 if there is none), once per ``game_key`` and deal; with the
    game's last deal, the game too, with each one's hints (``hints``: the
    game's count per seat, ui.seats.seating.hint_counts). Returns True if counted."""
    if not state.deal_over or not state.deal_results:
        return False
    key = f"{game_key}:{state.deal}"
    if key in stats["counted"]:
        return False
    rows = [(seat, _row(stats, state.players[seat].name, state.rules.name, bot_level(state, seat)))
            for seat in P.people(state) or [P.first(state)]]
    rows = [(seat, row) for seat, row in rows if row is not None]
    if not rows:
        return False
    used = P.hint_counts(hints, state.num_players)
    for seat, row in rows:
        _add(row, state, state.side_of(seat), used[seat])
    stats["counted"] = (stats["counted"] + [key])[-MAX_COUNTED:]
    return True


def _add(row, state, mine, hints):
    """The deal just ended (and the game, at its end) as side ``mine`` played it."""
    result = state.deal_results[-1]
    margin = _margin([side["total"] for side in result["sides"]], mine)
    row["deals"] += 1
    row["deals_won"] += margin > 0
    row["deal_margin"] += margin
    went = result["went_out"]
    row["went_out"] += went is not None and state.side_of(went) == mine
    if state.phase == Phase.GAME_END:
        row["games"] += 1
        row["games_won"] += winner(state) == [mine]
        row["game_margin"] += _margin([s.total for s in state.sides], mine)
        row["hints"] += hints


def players(stats):
    """The names with figures, the most deals first."""
    deals = {}
    for row in stats["rows"]:
        deals[player(row)] = deals.get(player(row), 0) + row["deals"]
    return sorted(deals, key=lambda name: (-deals[name], name))


def rows_of(stats, name):
    """One person's rows."""
    return [row for row in stats["rows"] if player(row) == name]


def totals(rows):
    """These rows added up (the "All games" figures)."""
    return {k: sum(r[k] for r in rows) for k in (*COUNTS, *MARGINS)}
