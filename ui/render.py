"""Page content as ui.html trees, built only from ui.table_view.page_view(state, 0).

Each function returns the children of one page region (see index.html);
ui.controller mounts them. Buttons carry data-cmd/data-arg, which
ui.controller turns into engine actions. No rule is decided here: which
buttons appear follows the view's phase and whose move it is, and whether a
move is legal is always the engine's answer.
"""

from collections import Counter

from game import cards as C
from game.english import plural
from game.load import MAX_NAME
from game.names import Act, Phase
from game.view import sort_key
from game.words import narrate
from game.words.describe import describe
from game.words.narrate import STOCK_NAMES
from ui import seats as P
from ui import text as T
from ui.html import button, h
from ui.selection import group_name, group_title

SUIT_CLASS = {"H": "red", "D": "red", "S": "black", "C": "black"}


def fmt(n):
    return f"{n:,}".replace(",", "\u202f")  # thin space: 12 885


# -- setup screen ----------------------------------------------------------------
def select(id_, options, current, change="setup"):
    """A <select> of (value, text) pairs that tells the controller when it changes."""
    return h("select", {"id": id_, "data-change": change},
             [h("option", {"value": value, "selected": value == current}, text) for value, text in options])


def field(label, control, cls="field"):
    return h("label", {"class": cls}, h("span", None, label), control)


def setup_screen(setup, message=""):
    """The new-game screen from a ui.setup.Setup: rules, players, bots, options, house rules."""
    rules, error = setup.current()
    seats = setup.seats()
    game_box = [
        field("Rules", select("setup-preset", [(n, r.title) for n, r in setup.presets()], setup.preset)),
        field("Players", select("setup-players", [(str(n), f"{n} players") for n in setup.counts()],
                                str(setup.players))),
        button("How these rules play", "rules", id="btn-setup-rules", cls="tool wide"),
    ]
    choices = [(b, b.capitalize()) for b in setup.bot_levels()] + [(P.PEOPLE_WORD, "Person")]
    named = setup.named()
    rows = [name_field(setup, 0)] if named else []
    for seat, name, role in seats:
        rows.append(field([name, " ", h("span", {"class": f"role {role}"}, role)],
                          select(f"setup-bot-{seat}", choices, setup.bot(seat)), cls="field row"))
        if seat in named:
            rows.append(name_field(setup, seat))
    table_opts = [h("label", {"class": "check"},
                    h("input", {"type": "checkbox", "id": f"setup-opt-{f}", "checked": checked}),
                    h("span", None, label))
                  for f, label, checked in setup.table_options(rules)]
    changed = len(setup.house)
    toggle = button(["House rules", h("span", {"class": "muted"}, f" · {changed} changed" if changed else ""),
                     h("span", {"aria-hidden": "true"}, " ▾" if setup.house_open else " ▸")],
                    "house-toggle", id="btn-house", cls="fold",
                    extra={"aria-expanded": "true" if setup.house_open else "false"})
    return [
        h("h2", None, "New game"),
        h("p", {"class": "hint"}, "Pass the phone to each person on their turn." if named
          else "You play South. " + partner_line(seats)),
        h("fieldset", None, h("legend", None, "Game"), game_box),
        h("fieldset", None, h("legend", None, "Players" if named else "Bots"), rows),
        h("fieldset", None, h("legend", None, "Table options"), table_opts) if table_opts else None,
        h("section", {"class": "house", "id": "house"}, toggle,
          house_editor(setup, rules, error) if setup.house_open else None),
        h("p", {"class": "message", "id": "setup-message", "role": "alert"}, message),
        button("Play", "start", id="btn-start", cls="primary big"),
    ]


def house_editor(setup, rules, error):
    """The preset's options by section, each with the rules text it now produces."""
    text = dict(describe(rules))
    out = [h("p", {"class": "hint"}, "Change any option; the game uses these rules and the "
                                     "score sheet lists what differs from the preset."),
           h("p", {"class": "message", "id": "house-error", "role": "alert"}, error)]
    for heading, rows in setup.house_fields():
        controls = [house_control(*row) for row in rows]
        out.append(h("fieldset", {"class": "house-group"}, h("legend", None, heading),
                     h("details", {"class": "explain"}, h("summary", None, "How this plays"),
                       [h("p", None, line) for line in text.get(heading, [])]),
                     controls))
    out.append(button("Back to the preset's rules", "house-reset", id="btn-house-reset", cls="tool wide",
                      disabled=not setup.house))
    return out


def house_control(option, label, kind, choices, value, preset):
    """One house rule input; a changed option says what the preset had."""
    id_ = f"house-{option}"
    changed = value != preset
    note = None
    if changed:
        was = ("yes" if preset else "no") if kind == "bool" else choices.get(preset, preset)
        note = h("span", {"class": "was"}, f"changed · preset: {was}")
    if kind == "bool":
        return h("label", {"class": "check" + (" changed" if changed else "")},
                 h("input", {"type": "checkbox", "id": id_, "checked": value, "data-change": "setup"}),
                 h("span", None, label, note and " ", note))
    if kind == "choice":
        control = select(id_, list(choices.items()), value)
    else:
        # no data-change: re-rendering on blur would swallow a tap on Play; read on the next command
        control = h("input", {"id": id_, "value": value, "autocomplete": "off",
                              "type": "text", "inputmode": "numeric" if kind == "int" else "text",
                              "class": "num" if kind == "int" else None})
    row = " row" if kind == "int" else ""
    return h("label", {"class": "field" + row + (" changed" if changed else "")},
             h("span", None, label, note and " ", note), control)


def name_field(setup, seat):
    """A person's name (read on the next command, like the house rules' text fields)."""
    compass = P.compass(setup.players, seat)
    return field(f"{compass}'s name", h("input", {
        "id": f"setup-name-{seat}", "type": "text", "value": setup.names.get(seat, ""),
        "placeholder": compass, "maxlength": str(MAX_NAME), "autocomplete": "off"}), cls="field row name")


def partner_line(seats):
    partners = [name for _, name, role in seats if role == "partner"]
    if partners:
        return f"{' & '.join(partners)} partner{'' if len(partners) > 1 else 's'} you."
    return "Everyone plays alone."


# -- rules reference -----------------------------------------------------------------
def rules_screen(rules, changes, error=""):
    """How these rules play (game.words.describe), what house rules change, and the source page."""
    out = [h("h2", None, rules.title)]
    if error:
        out.append(h("p", {"class": "message", "role": "alert"},
                     f"The house rules are refused ({error}); these are the preset's rules."))
    out.append(house_note(changes))
    out.append(signs_legend(rules))
    for heading, sentences in describe(rules):
        out.append(h("section", {"class": "rules-part"}, h("h3", None, heading),
                     h("ul", None, [h("li", None, line) for line in sentences])))
    out.append(h("p", None, h("a", {"href": f"rules/{rules.name}.html", "target": "_blank", "rel": "noopener",
                                    "id": "rules-source"},
                              "Where these rules come from (the preset's page) ↗")))
    return out


def signs_legend(rules):
    """What each sign on the table means, reachable from the table's Rules button."""
    return h("section", {"class": "rules-part signs", "id": "signs"}, h("h3", None, "Signs on the table"),
             h("dl", None, [node for sign, words in T.signs(rules)
                             for node in (h("dt", None, sign), h("dd", None, words))]))


def back_bar():
    return [button("Back", "back", id="btn-back", cls="primary")]


def house_note(changes):
    """The house rules in force, option by option (nothing for a preset)."""
    if not changes:
        return None
    return h("section", {"class": "note house-note", "id": "house-rules"},
             h("h3", None, "House rules"),
             h("ul", None, [h("li", {"data-option": c["option"]},
                              f"{c['label']}: {c['value']} (preset: {c['preset']})") for c in changes]))


# -- top bar -------------------------------------------------------------------------
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


# -- other players ---------------------------------------------------------------------
def pile_words(counts):
    """A seat's piles still to pick up; a narrow seat box wraps between them,
    never between a word and its count (no-break spaces)."""
    if len(counts) == 2:  # a narrow phone leaves out the two counts (the rules' sizes)
        return ["knee", h("span", {"class": "n"}, f"\u00a0{counts[0]}"), " · foot",
                h("span", {"class": "n"}, f"\u00a0{counts[1]}")]
    if len(counts) == 1:
        return f"foot\u00a0{counts[0]}"
    return "in\u00a0foot"  # one line even in a six-seat box


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


# -- melds -----------------------------------------------------------------------------------
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


def sr_only(words):
    """A control's name in words, for screen readers; its short visible text is
    aria-hidden (an aria-label would have to repeat that text: WCAG 2.5.3)."""
    return h("span", {"class": "sr-only"}, words)


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


def side_facts(view, side, points=True):
    """["5 melds", "2 canastas", "red 3 ×1", "1 230 pts"] for one side (``points``: the last)."""
    s = view["sides"][side]
    canastas = sum(1 for m in s["melds"] if m["canasta"])
    parts = [plural(len(s["melds"]), "meld")]
    if canastas:
        parts.append(plural(canastas, "canasta"))
    if s["red3"]:
        parts.append(f"red 3 ×{len(s['red3'])}")
    if points:
        parts.append(f"{fmt(s['table_points'])} pts")
    return parts


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


# -- piles ------------------------------------------------------------------------------------
def card_face(card, cls="card"):
    if card == C.JOKER:
        return h("span", {"class": f"{cls} joker", "aria-hidden": "true"}, "Jkr")
    return h("span", {"class": f"{cls} {SUIT_CLASS[card[1]]}", "aria-hidden": "true"}, C.label(card))


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


# -- staging and hand -------------------------------------------------------------------------------
def staged(view, placements):
    """The staged melds as a wrapped row of tokens ("New 5 5 5 ✕", "+K K ✕"),
    under a height the layout bounds (it scrolls within it, never over the hand)."""
    if not placements:
        return []
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
        tokens.append(h("li", {"class": "staged-row"}, button(
            [sr_only(f"Take back staged meld {i + 1}: {words}, {cards}"), h("span", {"aria-hidden": "true"}, shown)],
            "unstage", str(i), id=f"unstage-{i}", cls="staged-token")))
    note = " The pile's top card joins the first one." if view["phase"] == Phase.DRAW else ""
    title = f"Staged: {plural(len(placements), 'meld')}, tap one to take it back.{note}"
    return [h("h3", {"class": "staged-title"}, title),
            h("ul", None, tokens)]


WILD_KEYS = ("2", C.JOKER)
FAN = 4  # mini cards drawn per chip; a count says how many more


def display_order(groups):
    """The groups as the hand shows them: naturals and 3s, then the wild cards
    (2s and jokers) together at the right end."""
    return [g for g in groups if g[0] not in WILD_KEYS] + [g for g in groups if g[0] in WILD_KEYS]


def fan_cards(cards):
    """Up to FAN cards to draw, distinct cards first (each suit held is in the fan)."""
    shown, rest = [], []
    for c in cards:
        (rest if c in shown else shown).append(c)
    return sorted((shown + rest)[:FAN], key=sort_key)


def mini_card(card, up, front):
    """One card of a chip's fan; only the front one shows its corner index
    (the others show as edges behind it)."""
    colour = "joker" if card == C.JOKER else SUIT_CLASS[card[1]]
    face = None
    if front:
        suit = "★" if card == C.JOKER else C.SUIT_SYMBOLS[card[1]]
        face = [h("span", {"class": "mc-rank"}, "Jkr" if card == C.JOKER else group_title(card[0])),
                h("span", {"class": "mc-suit"}, suit)]
    return h("span", {"class": f"mc {colour}" + (" up" if up else "") + (" front" if front else "")}, face)


def chip_fan(cards, n):
    """A fanned stack of mini cards; the first ``n`` selected ones stand up."""
    drawn = fan_cards(cards)
    up = min(n, len(drawn)) if n < len(cards) else len(drawn)
    minis = [mini_card(c, i < up, i == len(drawn) - 1) for i, c in enumerate(drawn)]
    return h("span", {"class": f"fan n{len(drawn)}", "aria-hidden": "true"}, minis)


HAND_HINT = "Tap: one more · −: one fewer · hold: all · drag to play"


def hand(view, groups, *, can_stage, can_clear, fresh=None, hint=False):
    """One chip per rank group, every group's corner index in view at once (a
    phone lays them seven to a row, so the largest hand fits in two rows); a
    selected chip has a "−" next to it, and the cards drawn or taken this turn
    (``fresh``, a Counter) are outlined and counted under it ("+2")."""
    fresh = fresh or Counter()
    total = sum(len(cards) for _, cards, _ in groups)
    chips = []
    ordered = display_order(groups)
    first_wild = next((key for key, _, _ in ordered if key in WILD_KEYS), None)
    for key, cards, n in ordered:
        new = sum(min(fresh[c], cards.count(c)) for c in set(cards))
        label = f"{group_name(key)}: {len(cards)} ({', '.join(C.label(c) for c in cards)})"
        if n:
            label += f", {n} selected"
        if new:
            label += f", {new} new this turn"
        count = f"{n}/{len(cards)}" if n else (f"×{len(cards)}" if len(cards) > 1 else "")
        chip = button(
            [sr_only(label), chip_fan(cards, n),
             h("span", {"class": "c-badges", "aria-hidden": "true"},
               h("span", {"class": "c-count" + ("" if count else " none")}, count),
               h("span", {"class": "c-new"}, f"+{new}") if 0 < new < len(cards) else None)],
            "pick", key, id=f"chip-{key}",
            cls="chip" + (" selected" if n else "") + (" fresh" if new else "")
                + (" wild" if key in WILD_KEYS else ""),
            pressed=bool(n), extra={"data-rank": key, "data-count": len(cards), "data-selected": n, "data-new": new})
        less = button("−", "fewer", key, id=f"less-{key}", cls="chip-less",
                      label=f"One {group_name(key)} fewer") if n else None
        # the wild cards begin here: a bar in the slot's own margin, clear of a "new" outline
        divider = h("span", {"class": "wild-divider", "aria-hidden": "true"}) if key == first_wild else None
        chips.append(h("div", {"class": "chip-slot" + (" wild-first" if divider else "")}, divider, chip, less))
    title = h("div", {"class": "hand-head"},
              h("h2", {"class": "hand-title"}, sr_only("Your "), f"Hand · {plural(total, 'card')}"),
              button("New meld", "stage", id="btn-stage", cls="tool", disabled=not can_stage,
                     label="Stage the selected cards as a new meld"),
              button("Clear", "clear", id="btn-clear", cls="tool", disabled=not can_clear,
                     label="Clear the selection and staged melds"))
    return [title, h("p", {"class": "hint", "id": "hand-hint"}, HAND_HINT) if hint and chips else None,
            h("div", {"class": "chips"}, chips or [h("span", {"class": "muted"}, "no cards")])]


# -- action bar --------------------------------------------------------------------------------------
def discard_refusal(selected):
    """Why Discard is refused with this many cards selected (None: exactly one)."""
    if selected == 1:
        return None
    if not selected:
        return "Select the card to discard: tap its rank once."
    return f"{selected} cards are selected: select exactly one to discard."


def guarded(text, cmd, why, arg=None, *, id, cls=None, label=None, extra=None):
    """A button the engine refuses now (``why``): greyed out with aria-disabled
    but still tappable, so a tap shows the reason; the reason is its tooltip."""
    if why:
        extra = dict(extra or {}, **{"aria-disabled": "true", "title": why})
        cls = (cls + " " if cls else "") + "off"
    return button(text, cmd, arg, id=id, cls=cls, label=label, extra=extra)


def actions(view, *, selected, has_staged, can_undo, can_knock, busy, refusals):
    """The action bar. ``selected``: the selected cards; ``refusals``: on the
    human's turn, the engine's reason each control is refused now, or None
    (keys as game.moves.legal_summary's, ``meld`` and ``discard`` for this
    selection, and ``draw:0,1`` for each choice of stock piles)."""
    phase, mover = view["phase"], view["to_move"]
    me = view["players"][view["seat"]]
    out = []
    if phase == Phase.DEAL_END:
        return [button("Next deal", "next-deal", id="btn-next-deal", cls="primary")]
    if phase == Phase.GAME_END:
        return [button("New game", "menu", id="btn-new-game", cls="primary")]
    if phase == Phase.ANSWER and mover == view["seat"]:
        return [button("Yes, go out", "answer", "yes", id="btn-yes", cls="primary"),
                button("No", "answer", "no", id="btn-no")]
    mine = mover == view["seat"] and not busy
    take = guarded("Take pile", "take", refusals.get(Act.TAKE_PILE), id="btn-take") if mine else None
    if phase == Phase.DRAW and mine and len(view["stock_counts"]) > 1:
        out += draw_choices(view, refusals)
        out.append(take)
    elif phase == Phase.DRAW and mine:
        out += [guarded("Draw", "draw", refusals.get(Act.DRAW), id="btn-draw", cls="primary"), take]
    elif phase == Phase.DRAW or not mine:
        out += [button("Draw", "draw", id="btn-draw", cls="primary", disabled=True),
                button("Take pile", "take", id="btn-take", disabled=True)]
    else:
        out.append(guarded("Meld", "meld", refusals.get(Act.MELD), id="btn-meld", cls="primary"))
        if can_knock:
            # knocking ends the turn with no discard (after taking the pile): the button says so
            out.append(button(["Knock", " ", h("small", {"class": "why"}, "end turn")], "knock", id="btn-knock",
                              extra={"title": T.KNOCK_WORDS}))
        else:
            out.append(discard_button(selected, refusals))
        if len(me["pile_counts"]) == 2:
            # with the reminder off the page must not hint: the button stays plain
            reminded = view["knee_ready"] is not None
            ready = view["knee_ready"] is True
            out.append(guarded("Pick up knee" + (" ★" if ready else ""), "knee",
                               refusals.get(Act.PICK_UP_KNEE) if reminded else None, id="btn-knee",
                               cls="knee" + (" ready" if ready else ""),
                               extra={"data-ready": "1" if ready else "0"}))
        if not me["pile_counts"] and view["permission"] is None and view["ask_partner"]:
            out.append(guarded("Ask to go out", "ask", refusals.get(Act.ASK), id="btn-ask"))
    if can_undo:
        out.append(button("Undo", "undo", id="btn-undo"))
    return out


def discard_button(selected, refusals):
    """Discard, greyed with ``refusals["discard"]`` (ui.controller.Controller.refusals);
    when not exactly one card is selected its caption says what is missing
    (a tap says it in full)."""
    if discard_refusal(len(selected)):
        text = ["Discard", " ", h("small", {"class": "why"},
                                  f"{len(selected)} selected" if selected else "pick 1 card")]
    else:
        text = f"Discard {C.label(selected[0])}"
    return guarded(text, "discard", refusals.get("discard"), id="btn-discard")


def draw_splits(view):
    """With two stock piles, the draws offered: all from A, an even split, all from B."""
    n, k = len(view["stock_counts"]), view["draw_count"]
    splits = [(i,) * k for i in range(n)]
    splits.insert(1, tuple(sorted(i % n for i in range(k))))
    return list(dict.fromkeys(splits))  # drawing one card, the split is a single pile again


def draw_choices(view, refusals):
    """The draw buttons with two stock piles ("2 from A", "A + B"), each greyed
    with the engine's reason when that draw is refused (``refusals["draw:0,1"]``)."""
    k = view["draw_count"]
    out = []
    for picks in draw_splits(view):
        used = sorted(set(picks))
        if len(used) == 1:
            text = f"{k} from {STOCK_NAMES[used[0]]}"
        else:
            text = " + ".join(f"{picks.count(i)}{STOCK_NAMES[i]}" if picks.count(i) > 1 else STOCK_NAMES[i]
                              for i in used)
        words = " and ".join(f"{picks.count(i)} from stock {STOCK_NAMES[i]}" for i in used)
        arg = ",".join(map(str, picks))
        out.append(guarded(text, "draw", refusals.get("draw:" + arg), arg, id="btn-draw-" + "-".join(map(str, picks)),
                           cls="primary" if len(used) == 1 else None, label=f"Draw {words}"))
    return out


# -- score sheet -----------------------------------------------------------------------------------
def counted(part):
    return [f"{part['count']} ·", " ", h("span", {"class": "pts"}, fmt(part["points"]))]


# (label, cell, shown for these rules)
SHEET_ROWS = (
    ("Melded cards", lambda r: fmt(r["melded"]), lambda v: True),
    ("Cards left", lambda r: fmt(r["left"]), lambda v: True),
    ("Clean canastas", lambda r: counted(r["canastas"]["natural"]), lambda v: True),
    ("Dirty canastas", lambda r: counted(r["canastas"]["mixed"]), lambda v: True),
    ("Wild canastas", lambda r: counted(r["canastas"]["wild"]), lambda v: v["wild_melds"]),
    ("Red 3s", lambda r: counted(r["red3"]), lambda v: v["red3_laid"]),
    ("Going out", lambda r: fmt(r["going_out"]), lambda v: True),
)


def sheet_head(view, title, sides):
    return h("tr", None, h("th", {"scope": "col"}, title),
             [h("th", {"scope": "col"}, T.side_name(view, s, short=len(sides) > 2)) for s in sides])


def deal_table(view, result):
    sides = list(range(len(result["sides"])))
    mine = view["my_side"]
    sides.sort(key=lambda s: s != mine)
    head = sheet_head(view, f"Deal {result['deal']}", sides)
    rows = [h("tr", None, h("th", {"scope": "row"}, name),
              [h("td", None, cell(result["sides"][s])) for s in sides])
            for name, cell, shown in SHEET_ROWS if shown(view)]
    rows.append(h("tr", {"class": "total"}, h("th", {"scope": "row"}, "Deal total"),
                  [h("td", None, fmt(result["sides"][s]["total"])) for s in sides]))
    rows.append(h("tr", {"class": "running"}, h("th", {"scope": "row"}, "Running total"),
                  [h("td", None, fmt(result["totals"][s])) for s in sides]))
    went = result.get("went_out")
    caption = (f"{narrate.seat_name(view, went)} went out" if went is not None
               else "Nobody went out (the stock ran out)")
    return h("table", {"class": "sheet-table" + (" many" if len(sides) > 3 else ""), "data-deal": result["deal"]},
             h("caption", None, caption), h("thead", None, head), h("tbody", None, rows))


def sheet(view, winners, extra=()):
    """The score sheet; ``extra`` (nodes) follows the summary of the deals."""
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
    out += extra
    ordered = results[::-1] if view["phase"] == Phase.DEAL_END else results
    out += [deal_table(view, r) for r in ordered]
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
