"""The table's regions as ui.core.html trees: the top bar's scores, the other
seats, the melds (yours nearest the hand), the recap's lines and the piles.

Built only from the shown seat's page view (ui.core.table_view.page_view);
buttons carry data-cmd/data-arg, which the table's commands turn into
engine actions. No rule is decided here: which buttons appear follows the
view's phase and whose move it is, and whether a move is legal is always
the engine's answer."""


from game import cards as C
from game.english import plural
from game.names import Phase
from game.words import narrate
from game.words.narrate import STOCK_NAMES
from ui.core import text as T
from ui.core.html import button, h
from ui.core.pieces import card_face, pile_words, side_facts, sr_only
from ui.core.selection import group_title
from ui.core.text import fmt


def scores(view):
    """Deal number, then each side's running total and, during the deal, the
    points it has on the table so far (melds, canastas, red 3s: all public)."""
    mine = view["my_side"]
    live = view["phase"] not in (Phase.DEAL_END, Phase.GAME_END)
    out = [h("span", {"class": "deal"}, f"Deal {view['deal']}/{view['deals']}")]
    for side in sorted(range(len(view["sides"])), key=lambda s: s != mine):
        s = view["sides"][side]
        name = T.side_name(view, side, short=True)
        points = s["table_points"]
        label = f"{name}: {fmt(s['total'])}" + (f", {fmt(points)} on the table this deal" if live else "")
        out.append(h("span", {"class": "score", "aria-label": label}, name + " ",
                     h("b", {"id": f"score-side-{side}"}, fmt(s["total"])),
                     h("span", {"class": "live", "id": f"live-side-{side}", "aria-hidden": "true"},
                       f" {'+' if points >= 0 else '−'}{fmt(abs(points))}") if live else None))
    return out


def hand_words(player):
    """A seat's hand count; an empty hand with a pile to come says when it
    comes (a last card discarded brings the next pile at the start of the
    next turn, so "hand 0" alone reads as a wrong count)."""
    if player["hand_count"] or not player["pile_counts"]:
        return f"hand {player['hand_count']}"
    pile = "knee" if len(player["pile_counts"]) == 2 else "foot"
    return f"hand\u00a00 · {pile} next\u00a0turn"


def seats(view):
    """Every other player: name, partner or opponent (and with whom), cards left."""
    out = []
    teams = len(view["sides"]) > 2 and len(view["sides"]) < len(view["players"])
    levels = {bot_level(p["bot"]) for p in view["players"] if p["seat"] != view["seat"] and p["bot"]}
    crowded = len(view["players"]) > 4  # compass names abbreviated, as in the top bar
    for p in view["players"]:
        seat = p["seat"]
        if seat == view["seat"]:
            continue
        moving = view["to_move"] == seat
        role = "partner" if p["side"] == view["my_side"] else "opponent"
        mates = [q["name"] for q in view["players"] if q["side"] == p["side"] and q["seat"] != seat]
        who = f"{p['bot']} bot" if p["bot"] else "person"
        out.append(h(
            "div", {"class": "seat " + role + (" moving" if moving else ""), "id": f"seat-{seat}",
                    "data-seat": seat, "data-role": role, "title": f"{p['name']}: {role}, {who}"},
            h("div", {"class": "seat-name"}, ("▶ " if moving else "")
              + (T.short_name(p["name"]) if crowded else p["name"])),
            # the role in a word (and colour); with several teams, also who sits with whom
            h("div", {"class": "seat-role"}, role + (f" with {T.short_name(mates[0])}"
                                                     if teams and role == "opponent" and mates else "")),
            h("div", {"class": "seat-counts"}, hand_words(p)),
            # (an empty hand's one pile to come is named on the line above)
            h("div", {"class": "seat-counts"}, pile_words(p["pile_counts"]))
            if p["hand_count"] or len(p["pile_counts"]) != 1 else None,
            # which bot is which, when the levels differ
            h("div", {"class": "seat-level"}, f"{bot_level(p['bot'])} bot")
            if p["bot"] and len(levels) > 1 else None))
    return out


def bot_level(name):
    """A bot's level as the new-game screen names it: "hard" for "hard:400"."""
    return name.partition(":")[0]


def meld_chip(meld, mine, staged_to, adding=False, target=False, change=None):
    """A meld on the table. Your side's melds take the selected cards
    (``adding``; ``target``: the selection may join this one); otherwise a
    tap shows the meld's cards. ``change``: "new", or the cards added, since
    your last turn (game.words.narrate.changed_melds), marked in words."""
    kind = meld["kind"]
    classes = (f"meld {kind}" + (" canasta" if meld["canasta"] else "") + (" staged" if staged_to else "")
               + (" target" if target else "") + (" changed" if change else ""))
    rank = "Wild" if meld["rank"] == C.WILD else group_title(meld["rank"])
    word = T.KIND_WORDS[kind]
    # the label says it all in words: the short visible text is hidden from screen readers
    body = [h("span", {"class": "m-rank", "aria-hidden": "true"}, rank),
            h("span", {"class": "m-count", "aria-hidden": "true"}, f"×{len(meld['cards'])}"),
            h("span", {"class": "m-kind", "aria-hidden": "true"}, ("★ " if meld["canasta"] else "") + word),
            change_mark(change)]
    label = T.meld_label(meld) + change_words(change)
    extra = {"data-meld": meld["id"], "data-kind": kind, "data-rank": meld["rank"],
             "data-canasta": "1" if meld["canasta"] else "0"}
    if mine and adding:
        words = "The selected cards can go here: tap to add them." if target else "Tap to add the selected cards."
        return button([sr_only(f"{label}. {words}")] + body, "add-to", str(meld["id"]),
                      id=f"meld-{meld['id']}", cls=classes, extra=extra)
    return button([sr_only(f"{label}. Tap to show its cards.")] + body, "show-meld", str(meld["id"]),
                  id=f"meld-{meld['id']}", cls=classes, extra=extra)


def change_mark(change):
    """The visible mark of a meld changed since your last turn: "new" or "+2"."""
    if not change:
        return None
    return h("span", {"class": "m-change", "aria-hidden": "true"}, "new" if change == "new" else f"+{change}")


def change_words(change):
    """The same mark in words, for the meld's label."""
    if not change:
        return ""
    return ". New since your last turn" if change == "new" else f". {plural(change, 'card')} added since your last turn"


def side_panel(view, side, staged_ids, adding=False, targets=(), changed=None):
    s = view["sides"][side]
    mine = side == view["my_side"]
    name, players = T.side_name(view, side), T.side_players(view, side)
    head = [h("strong", None, name), h("span", {"class": "muted"}, " · " + players) if players != name else None,
            h("span", {"class": "fact pts"}, f"{fmt(s['table_points'])} pts")]
    facts = []
    if not s["opened"]:
        facts.append(h("span", {"class": "fact", "data-fact": "opening"},
                       f"first meld needs {s['opening_minimum']}"))
    if s["red3"]:
        facts.append(h("span", {"class": "fact", "id": f"red3-side-{side}",
                                "aria-label": f"{plural(len(s['red3']), 'red 3')} laid"},
                       f"red 3s ×{len(s['red3'])}"))
    if mine and view["going_out_discard"] != "optional":
        facts.append(h("span", {"class": "fact", "data-fact": "going-out"},
                       "going out needs a final discard" if view["going_out_discard"] == "required"
                       else "go out without a discard"))
    if not view["books_needed"]:
        book = None
    elif s["book_missing"]:
        book = h("details", {"class": "book"},
                 h("summary", None, f"book: {len(s['book_missing'])} missing"),
                 h("ul", None, [h("li", None, item) for item in s["book_missing"]]))
    else:
        book = h("span", {"class": "fact done"}, "book complete ✓")
    changed = changed or {}
    melds = [meld_chip(m, mine, m["id"] in staged_ids, adding, mine and m["id"] in targets, changed.get(m["id"]))
             for m in s["melds"]]
    # no melds is said in the head, so a small phone's panel has no line more to scroll
    none = None if melds else h("span", {"class": "fact none"}, "no melds yet")
    return h("section", {"class": "side" + (" mine" if mine else " theirs"), "id": f"side-{side}",
                         "aria-label": f"{T.side_name(view, side)}: melds"},
             h("div", {"class": "side-head"}, head, " ", facts, book, none),
             h("div", {"class": "meld-list"}, melds))


def melds(view, staged_ids, adding=False, targets=(), changed=None):
    """One panel per side, the player's own last (nearest the hand); ``targets``:
    the ids of the side's melds the selection may join (marked "target");
    ``changed``: the melds changed since your last turn (marked)."""
    mine = view["my_side"]
    order = [s for s in range(len(view["sides"])) if s != mine] + [mine]
    return [side_panel(view, s, staged_ids, adding, targets, changed) for s in order]


def side_words(view, side, changed=None):
    news = side_changes(view, side, changed)
    return T.side_name(view, side) + ": " + ", ".join(side_facts(view, side) + ([news] if news else []))


def side_changes(view, side, changed):
    """How many of a side's melds changed since your last turn, in words, or None."""
    n = sum(1 for m in view["sides"][side]["melds"] if m["id"] in (changed or {}))
    return f"{plural(n, 'meld')} changed" if n else None


def side_summary(view, side, changed=None):
    """One opponent side in a few words: "Them 5 melds · 2 canastas · red 3 ×1 · 1 230 pts",
    and what changed since your last turn ("2 melds changed")."""
    news = side_changes(view, side, changed)
    return h("span", {"class": "strip-side" + (" changed" if news else ""), "data-side": side},
             # the side's points are in the top bar: the strip keeps to one line where it can
             h("b", None, T.side_name(view, side, short=True)), " " + " · ".join(side_facts(view, side, points=False)),
             h("span", {"class": "strip-change"}, " · " + news) if news else None)


def meld_area(view, staged_ids, *, adding, targets, theirs_open, shown_meld, changed=None):
    """The melds region: the opponents' sides folded into one line that opens
    on a tap, a meld's cards when one is shown, then the panels (scrolling);
    ``changed``: the melds changed since your last turn, marked in each."""
    mine = view["my_side"]
    theirs = [s for s in range(len(view["sides"])) if s != mine]
    strip = button([h("span", {"class": "strip-sides", "aria-hidden": "true"},
                      [side_summary(view, s, changed) for s in theirs]),
                    h("span", {"class": "strip-mark", "aria-hidden": "true"}, "▾" if theirs_open else "▸")],
                   "opponents", id="btn-opponents", cls="strip",
                   label=("Hide" if theirs_open else "Show") + " the other sides' melds: "
                         + "; ".join(side_words(view, s, changed) for s in theirs),
                   extra={"aria-expanded": "true" if theirs_open else "false", "aria-controls": "meld-scroll"})
    panels = melds(view, staged_ids, adding, targets, changed)
    return [strip, meld_detail(view, shown_meld),
            h("div", {"class": "meld-scroll" + (" open" if theirs_open else ""), "id": "meld-scroll"}, panels)]


def meld_detail(view, meld_id):
    """The cards of the meld tapped last (which wild cards are in it), or nothing."""
    for s in view["sides"]:
        for m in s["melds"]:
            if m["id"] == meld_id:
                owner = T.side_name(view, s["side"])
                return h("div", {"class": "meld-detail", "id": "meld-detail", "data-meld": meld_id},
                         h("span", {"class": "detail-what"}, f"{owner}: {T.meld_label(m).split(',')[0]}"),
                         h("span", {"class": "detail-cards"}, [card_face(c, "card mini-face") for c in m["cards"]]),
                         h("span", {"class": "sr-only"}, T.meld_label(m)),
                         button("✕", "hide-meld", id="btn-hide-meld", cls="small", label="Close the meld's cards"))
    return None


RECAP_CHARS = 150  # about three lines of a 360 px phone: longer turns are told briefly


def recap_lines(turns):
    """(one line per turn, told briefly): all brief when the full lines would not fit."""
    full = [narrate.turn_line(seat, steps, number=fmt) for seat, steps in turns]
    if sum(len(line) for line in full) <= RECAP_CHARS:
        return full, False
    return [narrate.turn_line(seat, steps, brief=True, number=fmt) for seat, steps in turns], True


def recap(lines):
    """What happened since your last turn, one whole line a turn."""
    return [h("li", None, line) for line in lines]


def stock_name(index, count):
    return "Stock" if count == 1 else f"Stock {STOCK_NAMES[index]}"


def piles(view):
    me = view["players"][view["seat"]]
    counts = view["stock_counts"]
    out = []
    for i, n in enumerate(counts):
        name = stock_name(i, len(counts))
        out.append(h("div", {"class": "pile", "id": "pile-stock" if len(counts) == 1 else f"pile-stock-{i}",
                             "data-count": n, "aria-label": f"{name}: {plural(n, 'card')}"},
                     h("span", {"class": "pile-label"}, name), h("span", {"class": "pile-num"}, str(n))))
    discard = view["discard"]
    n = len(discard)
    frozen = view["dead_count"]
    label = f"Discard pile: {plural(n, 'card')}, top card {C.label(discard[-1])}" if discard else "Discard pile: empty"
    if frozen:
        label += f"; frozen: {plural(frozen, 'card')} out of play"
    out.append(h("div", {"class": "pile discard" + (" frozen" if frozen else ""), "id": "pile-discard",
                         "data-top": discard[-1] if discard else None, "data-frozen": frozen,
                         "aria-label": label},
                 h("span", {"class": "pile-label"}, "Discard"),
                 card_face(discard[-1]) if discard else None,
                 h("span", {"class": "pile-sub"}, plural(n, 'card') if discard else "empty"),
                 h("span", {"class": "pile-sub frozen-mark"}, f"❄ frozen · {frozen} out") if frozen else None))
    counts = me["pile_counts"]
    names = ["Knee", "Foot"][-len(counts):] if counts else []
    for name, n in zip(names, counts):
        out.append(h("div", {"class": "pile mine", "id": f"pile-{name.lower()}",
                             "aria-label": f"Your {name.lower()}: {plural(n, 'card')}"},
                     h("span", {"class": "pile-label"}, name),
                     h("span", {"class": "pile-num"}, str(n))))
    if not counts:
        out.append(h("div", {"class": "pile mine", "id": "pile-foot", "aria-label": "You are in your foot"},
                     h("span", {"class": "pile-label"}, "Foot"), h("span", {"class": "pile-sub"}, "in hand")))
    return out
