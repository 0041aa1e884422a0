"""The statistics screen as ui.core.html trees: one person's figures (a choice of
whose, once more than one name has some), one small table per rule preset
and bot level (and one for all games), and the reset button that asks twice."""

from ui.core.html import button, h
from ui.core.text import fmt
from ui.stats import stats as S

BOT_WORDS = {"people": "no bots", "mixed": "mixed bots"}


def share(part, whole):
    return f"{fmt(part)} of {fmt(whole)}" + (f" ({round(100 * part / whole)}%)" if whole else "")


def average(total, count):
    if not count:
        return "–"
    value = round(total / count)
    return ("+" if value > 0 else "−" if value < 0 else "") + fmt(abs(value))


def figures(title, row, id_):
    """One kind of game: games and deals won, margins, going out, hints."""
    cells = (
        ("Games won", share(row["games_won"], row["games"])),
        ("Deals won", share(row["deals_won"], row["deals"])),
        ("Average margin a game", average(row["game_margin"], row["games"])),
        ("Average margin a deal", average(row["deal_margin"], row["deals"])),
        ("Your side went out", share(row["went_out"], row["deals"])),
        ("Hints used", fmt(row["hints"])),
    )
    return h("table", {"class": "sheet-table stats-table", "id": id_},
             h("caption", None, title),
             h("tbody", None, [h("tr", None, h("th", {"scope": "row"}, name), h("td", None, value))
                               for name, value in cells]))


def whose(names, player):
    """A button per person with figures, the one shown pressed."""
    return h("div", {"class": "stats-players", "role": "group", "aria-label": "Whose figures"},
             [button(name, "stats-player", name, id=f"btn-stats-player-{i}", cls="tool",
                     pressed=name == player) for i, name in enumerate(names)])


def stats_screen(stats, *, player=None, note="", resetting=False):
    """``player``'s figures (of S.players(stats); the first if None)."""
    names = S.players(stats)
    player = player if player in names else next(iter(names), None)
    title = "Your statistics" if len(names) < 2 else f"{player}'s statistics"
    out = [h("div", {"class": "rp-head"}, h("h2", None, title),
             button("Close", "stats-close", id="btn-stats-close", cls="tool"))]
    if len(names) > 1:
        out.append(whose(names, player))
    if note:
        out.append(h("p", {"class": "note", "id": "stats-note", "role": "status"}, note))
    rows = S.rows_of(stats, player)
    if not rows:
        out.append(h("p", {"class": "hint", "id": "stats-empty"},
                     "No deal finished yet: the figures start with your first."))
        return out
    out.append(h("p", {"class": "hint"}, "Margin: your side's points minus the best other side's. "
                                         "Kept in this browser only."))
    if len(rows) > 1:
        out.append(figures("All games", S.totals(rows), "stats-all"))
    for i, row in enumerate(sorted(rows, key=lambda r: -r["deals"])):
        bots = BOT_WORDS.get(row["bots"], f"{row['bots']} bots")
        out.append(figures(f"{S.preset_title(row['preset'])} · {bots}", row, f"stats-{i}"))
    out.append(button("Tap again to reset every figure" if resetting else "Reset statistics",
                      "stats-reset", id="btn-stats-reset",
                      cls="tool wide" + (" danger" if resetting else "")))
    return out
