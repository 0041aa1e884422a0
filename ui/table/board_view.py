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
from ui.core.pieces import card_face, pile_marks, side_facts, sr_only
from ui.core.selection import group_title
from ui.core.text import fmt


def scores(view):
    """The deal, then each side's running total under its name (the points a
    side has down this deal are in the head of its melds)."""
    mine = view["my_side"]
    out = [h("span", {"class": "score-rows", "aria-hidden": "true"},
             h("span", {"class": "deal"}, "Deal", h("span", {"class": "deal-n"}, f" {view['deal']}/{view['deals']}")),
             h("span", {"class": "total-word"}, "total"))]
    for side in sorted(range(len(view["sides"])), key=lambda s: s != mine):
        name = T.side_name(view, side, short=True)
        total = fmt(view["sides"][side]["total"])
        out.append(h("span", {"class": "score"}, sr_only(f"{name}: {total} in all."),
                     h("span", {"class": "score-side", "aria-hidden": "true"}, name),
                     h("b", {"id": f"score-side-{side}", "aria-hidden": "true"}, total)))
    return out


def hand_words(player):
    """A seat's cards in hand (the number, the piles to come after it); an
    empty hand with a pile to come says when it comes (a last card discarded
    brings the next pile at the start of the next turn, so "0" alone reads
    as a wrong count)."""
    if player["hand_count"] or not player["pile_counts"]:
        return str(player["hand_count"])
    pile = "knee" if len(player["pile_counts"]) == 2 else "foot"
    return f"0 · {pile} next\u00a0turn"


def seats(view):
    """Every other player in two short lines: the name (who is to move, who is
    your partner) and the cards left with the piles to come ("15 [K][F]")."""
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
        with_whom = f" with {T.short_name(mates[0])}" if teams and role == "opponent" and mates else ""
        piles = pile_marks(p["pile_counts"]) if p["hand_count"] or len(p["pile_counts"]) != 1 else None
        out.append(h(
            "div", {"class": "seat " + role + (" moving" if moving else ""), "id": f"seat-{seat}",
                    "data-seat": seat, "data-role": role, "title": f"{p['name']}: {role}{with_whom}, {who}"},
            h("div", {"class": "seat-name"}, ("▶ " if moving else "")
              + (T.short_name(p["name"]) if crowded else p["name"]),
              # your partner in a word (and colour); with several teams, who sits with whom
              h("span", {"class": "seat-role"}, " partner" if role == "partner" else with_whom)),
            h("div", {"class": "seat-counts"}, hand_words(p), " " if piles else None, piles),
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


def staged_tokens(view, placements):
    """The staged melds at the end of your side's melds, one token each
    ("New 5♠ 5♦ 5♣ ✕", "+ K♠ K♥ ✕", the meld it joins outlined): a tap takes
    one back."""
    melds = {m["id"]: m for m in view["sides"][view["my_side"]]["melds"]}
    tokens = []
    for i, pl in enumerate(placements):
        cards = " ".join(C.label(c) for c in pl["cards"])
        if "to" in pl and pl["to"] in melds:
            what, words = "+", f"add to {narrate.meld_rank_label(melds[pl['to']]['rank'])}"
        else:
            what, words = "New", "new meld"
        shown = [h("span", {"class": "staged-what"}, what), " ", h("span", {"class": "staged-cards"}, cards),
                 h("span", {"class": "staged-x"}, "✕")]
        tokens.append(button(
            [sr_only(f"Take back staged meld {i + 1}: {words}, {cards}"), h("span", {"aria-hidden": "true"}, shown)],
            "unstage", str(i), id=f"unstage-{i}", cls="staged-token"))
    return tokens


def staged_fact(view, placements):
    """How many melds are staged, in the head of your side's melds."""
    if not placements:
        return None
    note = " The pile's top card joins the first one." if view["phase"] == Phase.DRAW else ""
    return h("span", {"class": "fact staged-title", "id": "staged",
                      "aria-label": f"Staged: {plural(len(placements), 'meld')}, tap one to take it back.{note}"},
             f"staged {len(placements)}" + (" · top card joins the first" if note else ""))


def side_panel(view, side, staged_ids, adding=False, targets=(), changed=None, staged=()):
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
    if mine and staged:
        facts.append(staged_fact(view, staged))
        melds += staged_tokens(view, staged)
    # no melds is said in the head, so a small phone's panel has no line more to scroll
    none = None if melds else h("span", {"class": "fact none"}, "no melds yet")
    return h("section", {"class": "side" + (" mine" if mine else " theirs"), "id": f"side-{side}",
                         "aria-label": f"{T.side_name(view, side)}: melds"},
             h("div", {"class": "side-head"}, head, " ", facts, book, none),
             h("div", {"class": "meld-list"}, melds))


def melds(view, staged_ids, adding=False, targets=(), changed=None, staged=()):
    """One panel per side, the player's own last (nearest the hand); ``targets``:
    the ids of the side's melds the selection may join (marked "target");
    ``changed``: the melds changed since your last turn (marked); ``staged``:
    the staged placements, as tokens after your side's melds."""
    mine = view["my_side"]
    order = [s for s in range(len(view["sides"])) if s != mine] + [mine]
    return [side_panel(view, s, staged_ids, adding, targets, changed, staged) for s in order]


def strip_facts(view, side):
    """A side's facts as its folded line says them: the points down first."""
    facts = side_facts(view, side)
    return facts[-1:] + facts[:-1]


def side_words(view, side, changed=None):
    news = side_changes(view, side, changed)
    return T.side_name(view, side) + ": " + ", ".join(strip_facts(view, side) + ([news] if news else []))


def side_changes(view, side, changed):
    """How many of a side's melds changed since your last turn, in words, or None."""
    n = sum(1 for m in view["sides"][side]["melds"] if m["id"] in (changed or {}))
    return f"{plural(n, 'meld')} changed" if n else None


def side_summary(view, side, changed=None):
    """One opponent side in a few words: "Them 1 230 pts · 5 melds · 2 canastas · red 3 ×1",
    and what changed since your last turn ("2 melds changed")."""
    news = side_changes(view, side, changed)
    return h("span", {"class": "strip-side" + (" changed" if news else ""), "data-side": side},
             h("b", None, T.side_name(view, side, short=True)), " " + " · ".join(strip_facts(view, side)),
             h("span", {"class": "strip-change"}, " · " + news) if news else None)


def meld_area(view, staged, *, adding, targets, theirs_open, shown_meld, changed=None):
    """The melds region: the other sides' melds in one row above yours (on a
    phone folded into a line of words until a tap or a change opens them,
    the row keeping its height either way, so yours never move), a meld's
    cards when one is shown, then your side's melds (scrolling);
    ``changed``: the melds changed since your last turn, marked in each."""
    mine = view["my_side"]
    theirs = [s for s in range(len(view["sides"])) if s != mine]
    staged_ids = {pl["to"] for pl in staged if "to" in pl}
    strip = button([h("span", {"class": "strip-sides", "aria-hidden": "true"},
                      [side_summary(view, s, changed) for s in theirs]),
                    h("span", {"class": "strip-mark", "aria-hidden": "true"}, "▾" if theirs_open else "▸")],
                   "opponents", id="btn-opponents", cls="strip",
                   label=("Hide" if theirs_open else "Show") + " the other sides' melds: "
                         + "; ".join(side_words(view, s, changed) for s in theirs),
                   extra={"aria-expanded": "true" if theirs_open else "false", "aria-controls": "their-melds"})
    panels = melds(view, staged_ids, adding, targets, changed, staged)
    return [h("div", {"class": "their-row" + (" open" if theirs_open else "")},
              strip, h("div", {"class": "their-melds", "id": "their-melds"}, panels[:-1])),
            meld_detail(view, shown_meld),
            h("div", {"class": "meld-scroll", "id": "meld-scroll"}, panels[-1])]


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
