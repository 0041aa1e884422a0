"""Page content as ui.html trees, built only from game.view(state, 0).

Each function returns the children of one page region (see index.html);
ui.controller mounts them. Buttons carry data-cmd/data-arg, which
ui.controller turns into engine actions. No rule is decided here: which
buttons appear follows the view's phase and whose move it is, and whether a
move is legal is always the engine's answer.
"""

from game import cards as C

from ui import text as T
from ui.html import button, h
from ui.selection import group_name, group_title

SUIT_CLASS = {"H": "red", "D": "red", "S": "black", "C": "black"}


def fmt(n):
    return f"{n:,}".replace(",", "\u202f")  # thin space: 12 885


# -- setup screen ----------------------------------------------------------------
def setup_screen(presets, bots, options, chosen, seats):
    """presets: [(name, title)]; bots: [name]; options: [(field, label, default)];
    seats: [(seat, name, role)] for the other players under the chosen rules."""
    preset = h("label", {"class": "field"}, h("span", None, "Rules"),
               h("select", {"id": "setup-preset", "data-change": "preset"},
                 [h("option", {"value": name, "selected": name == chosen.get("preset")}, title)
                  for name, title in presets]))
    rows = []
    for seat, name, role in seats:
        current = chosen.get(f"bot{seat}", "normal" if "normal" in bots else bots[0])
        rows.append(h("label", {"class": "field"}, h("span", None, f"{name} ({role})"),
                       h("select", {"id": f"setup-bot-{seat}"},
                         [h("option", {"value": b, "selected": b == current}, b) for b in bots])))
    table_opts = [h("label", {"class": "check"},
                    h("input", {"type": "checkbox", "id": f"setup-opt-{field}",
                                "checked": chosen.get(field, default)}),
                    h("span", None, label))
                  for field, label, default in options]
    return [
        h("h2", None, "New game"),
        h("p", {"class": "hint"}, "You play South. " + partner_line(seats)),
        h("fieldset", None, h("legend", None, "Game"), preset),
        h("fieldset", None, h("legend", None, "Table options"), table_opts),
        h("fieldset", None, h("legend", None, "Bots"), rows),
        h("p", {"class": "message", "id": "setup-message", "role": "alert"}),
        button("Play", "start", id="btn-start", cls="primary big"),
    ]


def partner_line(seats):
    partners = [name for _, name, role in seats if role == "partner"]
    if partners:
        return f"{' & '.join(partners)} partner{'s' if len(partners) > 1 else ''} you."
    return "Everyone plays alone."


# -- top bar -------------------------------------------------------------------------
def scores(view):
    mine = view["my_side"]
    out = [h("span", {"class": "deal"}, f"Deal {view['deal']}/{view['deals']}")]
    for side in sorted(range(len(view["sides"])), key=lambda s: s != mine):
        out.append(h("span", {"class": "score"}, T.side_name(view, side) + " ",
                      h("b", {"id": f"score-side-{side}"}, fmt(view["sides"][side]["total"]))))
    return out


# -- other players ---------------------------------------------------------------------
def pile_words(counts):
    if len(counts) == 2:
        return f"knee {counts[0]} · foot {counts[1]}"
    if len(counts) == 1:
        return f"foot {counts[0]}"
    return "playing foot"


def seats(view):
    out = []
    for seat in (1, 2, 3):
        if seat >= len(view["players"]):
            continue
        p = view["players"][seat]
        moving = view["to_move"] == seat
        role = "partner" if p["side"] == view["my_side"] else "opponent"
        who = f"{p['bot']} bot" if p["bot"] else "person"
        out.append(h(
            "div", {"class": "seat" + (" moving" if moving else ""), "id": f"seat-{seat}",
                    "data-seat": seat, "title": f"{p['name']}: {role}, {who}"},
            h("div", {"class": "seat-name"}, ("▶ " if moving else "") + p["name"] + " ",
              h("span", {"class": "seat-role"}, role)),
            h("div", {"class": "seat-counts"}, f"hand {p['hand_count']}" + (" · playing" if moving else "")),
            h("div", {"class": "seat-counts"}, pile_words(p["pile_counts"]))))
    return out


# -- melds -----------------------------------------------------------------------------------
def meld_chip(meld, mine, staged_to):
    kind = meld["kind"]
    classes = f"meld {kind}" + (" canasta" if meld["canasta"] else "") + (" staged" if staged_to else "")
    rank = "W" if meld["rank"] == C.WILD else group_title(meld["rank"])
    word = T.KIND_WORDS[kind]
    body = [h("span", {"class": "m-rank"}, rank),
            h("span", {"class": "m-count"}, f"×{len(meld['cards'])}"),
            h("span", {"class": "m-kind"}, ("★ " if meld["canasta"] else "") + word)]
    label = T.meld_label(meld)
    if mine:
        return button(body, "add-to", str(meld["id"]), id=f"meld-{meld['id']}", cls=classes,
                      label=f"{label}. Tap to add the selected cards.",
                      extra={"data-meld": meld["id"], "data-kind": kind, "data-rank": meld["rank"],
                             "data-canasta": "1" if meld["canasta"] else "0"})
    return h("span", {"class": classes, "role": "img", "aria-label": label,
                      "data-meld": meld["id"], "data-kind": kind}, body)


def side_panel(view, side, staged_ids, has_book=True):
    s = view["sides"][side]
    mine = side == view["my_side"]
    head = [h("strong", None, T.side_name(view, side)),
            h("span", {"class": "muted"}, " · " + T.side_players(view, side))]
    facts = []
    if not s["opened"]:
        facts.append(h("span", {"class": "fact", "data-fact": "opening"},
                       f"first meld needs {s['opening_minimum']}"))
    if s["red3"]:
        facts.append(h("span", {"class": "fact", "aria-label": f"{len(s['red3'])} red 3s laid"},
                       f"red 3s ×{len(s['red3'])}"))
    if not has_book:
        book = None
    elif s["book_missing"]:
        book = h("details", {"class": "book"},
                 h("summary", None, f"book: {len(s['book_missing'])} missing"),
                 h("ul", None, [h("li", None, item) for item in s["book_missing"]]))
    else:
        book = h("span", {"class": "fact done"}, "book complete ✓")
    melds = [meld_chip(m, mine, m["id"] in staged_ids) for m in s["melds"]]
    if not melds:
        melds = [h("span", {"class": "muted empty"}, "no melds yet")]
    return h("section", {"class": "side" + (" mine" if mine else ""), "id": f"side-{side}",
                         "aria-label": f"{T.side_name(view, side)}: melds"},
             h("div", {"class": "side-head"}, head, " ", facts, book),
             h("div", {"class": "meld-list"}, melds))


def melds(view, staged_ids, has_book=True):
    mine = view["my_side"]
    order = [s for s in range(len(view["sides"])) if s != mine] + [mine]
    return [side_panel(view, s, staged_ids, has_book) for s in order]


# -- piles ------------------------------------------------------------------------------------
def card_face(card, cls="card"):
    if card == C.JOKER:
        return h("span", {"class": f"{cls} joker", "aria-hidden": "true"}, "Jkr")
    return h("span", {"class": f"{cls} {SUIT_CLASS[card[1]]}", "aria-hidden": "true"}, C.label(card))


def piles(view):
    me = view["players"][view["seat"]]
    stock = sum(view["stock_counts"])
    out = [h("div", {"class": "pile", "id": "pile-stock", "aria-label": f"Stock: {stock} cards"},
             h("span", {"class": "pile-label"}, "Stock"), h("span", {"class": "pile-num"}, str(stock)))]
    discard = view["discard"]
    if discard:
        top = discard[-1]
        out.append(h("div", {"class": "pile discard", "id": "pile-discard", "data-top": top,
                             "aria-label": f"Discard pile: {len(discard)} cards, top card {C.label(top)}"},
                     h("span", {"class": "pile-label"}, "Discard"), card_face(top),
                     h("span", {"class": "pile-sub"}, f"{len(discard)} card{'s' if len(discard) != 1 else ''}")))
    else:
        out.append(h("div", {"class": "pile discard", "id": "pile-discard",
                             "aria-label": "Discard pile: empty"},
                     h("span", {"class": "pile-label"}, "Discard"), h("span", {"class": "pile-sub"}, "empty")))
    counts = me["pile_counts"]
    names = ["Knee", "Foot"][-len(counts):] if counts else []
    for name, n in zip(names, counts):
        out.append(h("div", {"class": "pile mine", "id": f"pile-{name.lower()}",
                             "aria-label": f"Your {name.lower()}: {n} cards"},
                     h("span", {"class": "pile-label"}, f"Your {name.lower()}"),
                     h("span", {"class": "pile-num"}, str(n))))
    if not counts:
        out.append(h("div", {"class": "pile mine", "id": "pile-foot", "aria-label": "You are in your foot"},
                     h("span", {"class": "pile-label"}, "Foot"), h("span", {"class": "pile-sub"}, "in hand")))
    return out


# -- staging and hand -------------------------------------------------------------------------------
def staged(view, placements):
    if not placements:
        return []
    melds = {m["id"]: m for m in view["sides"][view["my_side"]]["melds"]}
    rows = []
    for i, pl in enumerate(placements):
        cards = " ".join(C.label(c) for c in pl["cards"])
        if "to" in pl and pl["to"] in melds:
            what = f"Add to {T.meld_rank_label(melds[pl['to']]['rank'])}: "
        else:
            what = "New meld: "
        rows.append(h("li", {"class": "staged-row"}, h("span", None, what + cards),
                      button("✕", "unstage", str(i), id=f"unstage-{i}", cls="small",
                             label=f"Remove staged meld {i + 1}")))
    note = "The pile's top card joins the first one." if view["phase"] == "draw" else ""
    return [h("h3", None, "Staged melds"), h("ul", None, rows),
            h("p", {"class": "hint"}, note) if note else None]


def suit_text(cards):
    suits = [c[1] for c in cards if c != C.JOKER]
    if not suits:
        return ""
    symbols = "".join(C.SUIT_SYMBOLS[s] for s in suits)
    return symbols if len(symbols) <= 6 else symbols[:5] + "…"


def hand(view, groups, *, can_stage, can_clear):
    total = sum(len(cards) for _, cards, _ in groups)
    chips = []
    for key, cards, n in groups:
        label = f"{group_name(key)}: {len(cards)} ({', '.join(C.label(c) for c in cards)})"
        if n:
            label += f", {n} selected"
        count = f"{n}/{len(cards)} ✓" if n else f"×{len(cards)}"
        red = key in ("3r",) or (cards and all(c != C.JOKER and c[1] in "HD" for c in cards))
        chips.append(button(
            [h("span", {"class": "c-rank"}, group_title(key)),
             h("span", {"class": "c-suits" + (" red" if red else "")}, suit_text(cards)),
             h("span", {"class": "c-count"}, count)],
            "pick", key, id=f"chip-{key}", cls="chip" + (" selected" if n else ""),
            label=label, pressed=bool(n), extra={"data-rank": key, "data-count": len(cards),
                                                "data-selected": n}))
    title = h("div", {"class": "hand-head"},
              h("h2", {"class": "hand-title"}, f"Your hand · {total} cards"),
              button("New meld", "stage", id="btn-stage", cls="tool", disabled=not can_stage,
                     label="Stage the selected cards as a new meld"),
              button("Clear", "clear", id="btn-clear", cls="tool", disabled=not can_clear,
                     label="Clear the selection and staged melds"))
    return [title, h("div", {"class": "chips"}, chips or [h("span", {"class": "muted"}, "no cards")])]


# -- action bar --------------------------------------------------------------------------------------
def actions(view, *, has_selection, has_staged, can_undo, can_knock, busy):
    phase, mover = view["phase"], view["to_move"]
    me = view["players"][view["seat"]]
    out = []
    if phase == "deal_end":
        return [button("Next deal", "next-deal", id="btn-next-deal", cls="primary")]
    if phase == "game_end":
        return [button("New game", "menu", id="btn-new-game", cls="primary")]
    if phase == "answer" and mover == view["seat"]:
        return [button("Yes, go out", "answer", "yes", id="btn-yes", cls="primary"),
                button("No", "answer", "no", id="btn-no")]
    mine = mover == view["seat"] and not busy
    if phase == "draw" or not mine:
        out += [button("Draw", "draw", id="btn-draw", cls="primary", disabled=not mine),
                button("Take pile", "take", id="btn-take", disabled=not mine)]
    else:
        out.append(button("Meld", "meld", id="btn-meld", cls="primary",
                          disabled=not (has_selection or has_staged)))
        if can_knock:
            out.append(button("Knock", "knock", id="btn-knock"))
        else:
            out.append(button("Discard", "discard", id="btn-discard", disabled=not has_selection))
        if len(me["pile_counts"]) == 2:
            ready = view["knee_ready"] is True
            out.append(button("Pick up knee" + (" ★" if ready else ""), "knee", id="btn-knee",
                              cls="knee" + (" ready" if ready else ""),
                              extra={"data-ready": "1" if ready else "0"}))
        if not me["pile_counts"] and view["permission"] is None:
            out.append(button("Ask to go out", "ask", id="btn-ask"))
    if can_undo:
        out.append(button("Undo", "undo", id="btn-undo"))
    return out


# -- score sheet -----------------------------------------------------------------------------------
SHEET_ROWS = (
    ("Melded cards", lambda r: fmt(r["melded"])),
    ("Cards left", lambda r: fmt(r["left"])),
    ("Clean canastas", lambda r: f"{r['canastas']['natural']['count']} · {fmt(r['canastas']['natural']['points'])}"),
    ("Dirty canastas", lambda r: f"{r['canastas']['mixed']['count']} · {fmt(r['canastas']['mixed']['points'])}"),
    ("Wild canastas", lambda r: f"{r['canastas']['wild']['count']} · {fmt(r['canastas']['wild']['points'])}"),
    ("Red 3s", lambda r: f"{r['red3']['count']} · {fmt(r['red3']['points'])}"),
    ("Going out", lambda r: fmt(r["going_out"])),
)


def deal_table(view, result):
    sides = list(range(len(result["sides"])))
    mine = view["my_side"]
    sides.sort(key=lambda s: s != mine)
    head = h("tr", None, h("th", {"scope": "col"}, f"Deal {result['deal']}"),
             [h("th", {"scope": "col"}, T.side_name(view, s)) for s in sides])
    rows = [h("tr", None, h("th", {"scope": "row"}, name),
              [h("td", None, cell(result["sides"][s])) for s in sides]) for name, cell in SHEET_ROWS]
    rows.append(h("tr", {"class": "total"}, h("th", {"scope": "row"}, "Deal total"),
                  [h("td", None, fmt(result["sides"][s]["total"])) for s in sides]))
    rows.append(h("tr", {"class": "running"}, h("th", {"scope": "row"}, "Running total"),
                  [h("td", None, fmt(result["totals"][s])) for s in sides]))
    went = result.get("went_out")
    caption = (f"{T.seat_name(view, went)} went out" if went is not None
               else "Nobody went out (the stock ran out)")
    return h("table", {"class": "sheet-table", "data-deal": result["deal"]},
             h("caption", None, caption), h("thead", None, head), h("tbody", None, rows))


def sheet(view, winners):
    results = view["deal_results"]
    if not results:
        return []
    out = []
    if view["phase"] == "game_end":
        if len(winners) > 1:
            out.append(h("h2", {"id": "winner"}, "The game is a tie"))
        else:
            verdict = "You win" if winners[0] == view["my_side"] else "They win"
            out.append(h("h2", {"id": "winner", "data-winner": winners[0]},
                         f"{verdict}: {T.side_players(view, winners[0])} lead after {len(results)} deals."))
    else:
        out.append(h("h2", None, f"End of deal {results[-1]['deal']} of {view['deals']}"))
    out.append(summary_table(view, results))
    ordered = results[::-1] if view["phase"] == "deal_end" else results
    out += [deal_table(view, r) for r in ordered]
    return out


def summary_table(view, results):
    """One row per deal: each side's deal total, then the running totals."""
    sides = sorted(range(len(results[0]["sides"])), key=lambda s: s != view["my_side"])
    head = h("tr", None, h("th", {"scope": "col"}, "Deal"),
             [h("th", {"scope": "col"}, T.side_name(view, s)) for s in sides])
    rows = [h("tr", None, h("th", {"scope": "row"}, str(r["deal"])),
              [h("td", None, fmt(r["sides"][s]["total"])) for s in sides]) for r in results]
    rows.append(h("tr", {"class": "running"}, h("th", {"scope": "row"}, "Total"),
                  [h("td", None, fmt(results[-1]["totals"][s])) for s in sides]))
    return h("table", {"class": "sheet-table summary", "id": "sheet-summary"},
             h("caption", None, "Scores by deal"), h("thead", None, head), h("tbody", None, rows))
