"""The new-game screen and the rules reference as ui.core.html trees."""


from game.load import MAX_NAME
from game.words.describe import describe
from ui.core import text as T
from ui.core.html import button, h
from ui.core.pieces import house_note
from ui.seats import seating as P


def select(id_, options, current, change="setup"):
    """A <select> of (value, text) pairs that tells the controller when it changes."""
    return h("select", {"id": id_, "data-change": change},
             [h("option", {"value": value, "selected": value == current}, text) for value, text in options])


def field(label, control, cls="field"):
    return h("label", {"class": cls}, h("span", None, label), control)


def setup_screen(setup, message=""):
    """The new-game screen from a ui.setup.choices.Setup: rules, players, bots, options, house rules."""
    rules, error = setup.current()
    seats = setup.seats()
    game_box = [
        field("Rules", select("setup-preset", [(n, r.title) for n, r in setup.presets()], setup.preset)),
        field("Players", select("setup-players", [(str(n), f"{n} players") for n in setup.counts()],
                                str(setup.players))),
        button("How these rules play", "rules", id="btn-setup-rules", cls="tool wide"),
    ]
    choices = [(b, b.capitalize()) for b in setup.bot_levels()] + [(P.PEOPLE_WORD, "Person"),
                                                                   (P.FRIEND_WORD, "Friend on their phone")]
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
        h("p", {"class": "hint"}, "Each friend gets an invitation link to play on their own phone."
          if setup.friends() else "Pass the phone to each person on their turn." if named
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
