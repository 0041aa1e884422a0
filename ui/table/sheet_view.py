"""The score sheet as a ui.core.html tree: the deals' totals, each deal's
rows, and the parts other rooms add to it (``SheetParts``: the coach, the
hints used, a replay's tools)."""


from dataclasses import dataclass, field

from game import cards as C
from game.english import plural
from game.names import Phase
from game.words import narrate
from ui.core import text as T
from ui.core.html import h
from ui.core.pieces import house_note
from ui.core.text import fmt


def counted(part):
    return [f"{part['count']} ·", " ", h("span", {"class": "pts"}, fmt(part["points"]))]


# (label, cell, shown for these rules, what the row counts under these rules)
SHEET_ROWS = (
    ("Melded cards", lambda r: fmt(r["melded"]), lambda v: True,
     lambda rules: "the cards in the melds, at their values"),
    ("Cards left", lambda r: fmt(r["left"]), lambda v: True,
     lambda rules: "cards still held (hand, knee, foot), taken off"),
    ("Clean canastas", lambda r: counted(r["canastas"]["natural"]), lambda v: True, lambda rules: "count · points: "
     + ", ".join([f"{fmt(rules.bonus_natural)} each"] + [f"{C.rank_label(rank)} {fmt(bonus)}"
                                                        for rank, bonus in rules.bonus_natural_rank])),
    ("Dirty canastas", lambda r: counted(r["canastas"]["mixed"]), lambda v: True,
     lambda rules: f"{fmt(rules.bonus_mixed)} each"),
    ("Wild canastas", lambda r: counted(r["canastas"]["wild"]), lambda v: v["wild_melds"],
     lambda rules: f"{fmt(rules.bonus_wild)} each"),
    ("Red 3s", lambda r: counted(r["red3"]), lambda v: v["red3_laid"], lambda rules: f"{fmt(rules.red3_value)} each"
     + (f", {fmt(rules.red3_set_bonus)} more with {rules.red3_set_size} of them" if rules.red3_set_size else "")),
    ("Going out", lambda r: fmt(r["going_out"]), lambda v: True,
     lambda rules: f"{fmt(rules.going_out_bonus)} to the side that goes out"),
)


def sheet_head(view, title, sides):
    return h("tr", None, h("th", {"scope": "col"}, title),
             [h("th", {"scope": "col"}, T.side_name(view, s, short=len(sides) > 2)) for s in sides])


def deal_table(view, result, rules=None):
    """One deal's rows; with ``rules``, each row says under its name what it
    counts ("500 each, 7s 5 000"), so a sheet reads without the Rules page."""
    sides = list(range(len(result["sides"])))
    mine = view["my_side"]
    sides.sort(key=lambda s: s != mine)
    head = sheet_head(view, f"Deal {result['deal']}", sides)
    rows = [h("tr", None, h("th", {"scope": "row"}, name,
                            h("span", {"class": "row-why"}, why(rules)) if rules else None),
              [h("td", None, cell(result["sides"][s])) for s in sides])
            for name, cell, shown, why in SHEET_ROWS if shown(view)]
    rows.append(h("tr", {"class": "total"}, h("th", {"scope": "row"}, "Deal total"),
                  [h("td", None, fmt(result["sides"][s]["total"])) for s in sides]))
    rows.append(h("tr", {"class": "running"}, h("th", {"scope": "row"}, "Running total"),
                  [h("td", None, fmt(result["totals"][s])) for s in sides]))
    went = result.get("went_out")
    caption = (f"{narrate.seat_name(view, went)} went out" if went is not None
               else "Nobody went out (the stock ran out)")
    return h("table", {"class": "sheet-table" + (" many" if len(sides) > 3 else ""), "data-deal": result["deal"]},
             h("caption", None, caption), h("thead", None, head), h("tbody", None, rows))


@dataclass
class SheetParts:
    """What one room adds to the score sheet (the ``sheet_parts`` query)."""
    top: list = field(default_factory=list)      # nodes under the heading
    middle: list = field(default_factory=list)   # nodes after the summary of the deals
    after_deal: object = None                    # deal number -> nodes after that deal's table


def sheet(view, winners, parts=(), rules=None):
    """The score sheet, with the parts other rooms add (SheetParts); ``rules``:
    the game's, for the rows' words on what each counts."""
    results = view["deal_results"]
    if not results:
        return []
    out = []
    if view["phase"] == Phase.GAME_END:
        if len(winners) > 1:
            out.append(h("h2", {"id": "winner"}, "The game is a tie"))
        else:
            who, deals = T.side_players(view, winners[0]), plural(len(results), "deal")
            if winners[0] == view["my_side"]:
                line = f"You win: {who} lead after {deals}." if " & " in who else f"You win after {deals}."
            else:
                line = f"{who} win{'' if ' & ' in who else 's'} after {deals}."
            out.append(h("h2", {"id": "winner", "data-winner": winners[0]}, line))
    else:
        out.append(h("h2", None, f"End of deal {results[-1]['deal']} of {view['deals']}"))
    out.append(h("p", {"class": "hint", "id": "sheet-rules"},
                 view["title"] + (" with house rules" if view["house_rules"] else "")))
    out.append(house_note(view["house_rules"]))
    out.append(summary_table(view, results))
    out += [node for part in parts for node in part.middle]
    ordered = results[::-1] if view["phase"] == Phase.DEAL_END else results
    for result in ordered:
        out.append(deal_table(view, result, rules))
        out += [node for part in parts if part.after_deal for node in part.after_deal(result["deal"])]
    out[1:1] = [node for part in parts for node in part.top]
    return out


def summary_table(view, results):
    """One row per deal: each side's deal total, then the running totals."""
    sides = sorted(range(len(results[0]["sides"])), key=lambda s: s != view["my_side"])
    head = sheet_head(view, "Deal", sides)
    rows = [h("tr", None, h("th", {"scope": "row"}, str(r["deal"])),
              [h("td", None, fmt(r["sides"][s]["total"])) for s in sides]) for r in results]
    rows.append(h("tr", {"class": "running"}, h("th", {"scope": "row"}, "Total"),
                  [h("td", None, fmt(results[-1]["totals"][s])) for s in sides]))
    return h("table", {"class": "sheet-table summary" + (" many" if len(sides) > 3 else ""), "id": "sheet-summary"},
             h("caption", None, "Scores by deal"), h("thead", None, head), h("tbody", None, rows))
