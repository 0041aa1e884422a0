"""The hint and the coach as ui.core.html trees, and where a hint points on the table.

Plain Python (no browser), built from the human's views and the engine's
advice (game.advice.hints.Advice, game.advice.coach.Mistake): ui.learn.learn mounts them.
"""

from dataclasses import dataclass, field

import game
from game import cards as C
from game.engine import restart
from game.english import plural
from game.names import Act
from game.words import narrate
from ui.core import text as T
from ui.core.html import button, h
from ui.core.pieces import card_face, pile_words, sr_only
from ui.core.selection import group_key, group_title
from ui.core.text import fmt

# -- the hint ----------------------------------------------------------------------
BUTTONS = {Act.DRAW: "btn-draw", Act.TAKE_PILE: "btn-take", Act.MELD: "btn-meld",
           Act.DISCARD: "btn-discard", Act.KNOCK: "btn-knock", Act.PICK_UP_KNEE: "btn-knee",
           Act.ASK: "btn-ask"}
GROUPED = 8  # a hint's cards listed one by one up to this many


def advised(action, view):
    """{element id: data-advised value} of what the hint points at: the hand's
    chips (the value: how many of that chip's cards to select), the melds
    cards join, the pile, and the button that sends the move."""
    kind = action["type"]
    out = {}
    if kind == Act.ANSWER:
        return {"btn-yes" if action["yes"] else "btn-no": "1"}
    if kind == Act.DRAW:
        if len(view["stock_counts"]) > 1 and "from" in action:
            out["btn-draw-" + "-".join(str(i) for i in sorted(action["from"]))] = "1"
        else:
            out["btn-draw"] = "1"
            out["pile-stock"] = "1"
        return out
    out[BUTTONS.get(kind, "")] = "1"
    cards = [c for pl in action.get("melds", []) for c in pl["cards"]]
    if kind == Act.DISCARD:
        cards = [action["card"]]
        out["pile-discard"] = "1"
    if kind == Act.TAKE_PILE:
        out["pile-discard"] = "1"
    if kind == Act.PICK_UP_KNEE:
        out["pile-knee"] = "1"
    for pl in action.get("melds", []):
        if "to" in pl:
            out[f"meld-{pl['to']}"] = "1"
    out.update({f"chip-{key}": str(len(same)) for key, same in by_chip(cards).items()})
    out.pop("", None)
    return out


def by_chip(cards):
    """{the hand's chip (ui.core.selection.group_key): its cards among ``cards``}, in the order first met."""
    chips = {}
    for card in cards:
        chips.setdefault(group_key(card), []).append(card)
    return chips


def cards_line(action):
    """The exact cards a meld, a pile take or a discard uses: "9♥ 9♣ 2♠"; past
    GROUPED cards, by the hand's chips, as they are counted there: "A ×4, 4 ×12"."""
    if action["type"] == Act.DISCARD:
        return C.label(action["card"])
    cards = [c for pl in action.get("melds", []) for c in pl["cards"]]
    if len(cards) <= GROUPED:
        return " ".join(C.label(c) for c in cards)
    return ", ".join(C.label(same[0]) if len(same) == 1
                     else f"{'Joker' if key == C.JOKER else group_title(key)}\u00a0×{len(same)}"
                     for key, same in by_chip(cards).items())


def hint_button(can_hint, thinking):
    return button("Hint", "hint", id="btn-hint", cls="hint-btn",
                  disabled=not can_hint and not thinking, label="Hint: what would the hard bot do?",
                  extra={"aria-busy": "true" if thinking else None})


def hint_bubble(advice, thinking, failed=""):
    """The bubble over the table: thinking, the advice (its reason, its cards,
    Do it, close), or why no hint could be given. Its panel's words scroll
    when the room above the hand is short; its buttons stay in view."""
    if thinking:
        return panel(h("p", {"class": "hint-reason thinking", "id": "hint-reason"}, "Thinking…"))
    close = button("✕", "hint-close", id="btn-hint-close", cls="small", label="Close the hint")
    if failed:
        return panel(h("p", {"class": "hint-reason", "id": "hint-reason"}, failed),
                     h("div", {"class": "hint-tools"}, close))
    if advice is None:
        return []
    cards = cards_line(advice.action)
    return panel(h("p", {"class": "hint-reason", "id": "hint-reason"}, h("b", None, "Hint: "), advice.reason),
                 h("div", {"class": "hint-tools"},
                   h("p", {"class": "hint-cards"}, "Cards: " + cards) if cards else None,
                   button("Do it", "hint-do", id="btn-hint-do", cls="primary"), close))


def panel(*children):
    """The bubble's visible box (the bubble itself is the frame it may fill)."""
    return [h("div", {"class": "hint-panel"}, *children)]


# -- the score sheet: hints used and the coach ---------------------------------------------
@dataclass
class CoachRun:
    """The coach of one finished deal of one game on the table."""
    deal: int
    key: tuple                  # (game_id, deal, seat): a new key starts a new review
    seat: int = 0               # whose decisions
    status: str = "running"     # running, done, skipped or failed
    done: int = 0               # decisions reviewed
    total: int = 0
    mistakes: list = field(default_factory=list)  # game.advice.coach.Mistake, costliest first
    open: int | None = None     # the entry whose position is shown
    position: dict | None = None  # the human's view at that decision
    error: str = ""


def sheet_extras(hints, coach, people=()):
    """What follows the score summary: the hints this game used, then the coach
    (a CoachRun, or None); ``people`` [(seat, name)] when several play at this
    phone: whose decisions the coach reviews, one button each."""
    used = h("p", {"class": "hint-count", "id": "hint-count", "data-hints": hints},
             f"Hints used this game: {hints}")
    return [used, coach_section(coach, people) if coach is not None else None]


def coach_choice(people, seat):
    """"Review: Ann · Bob", the one reviewed pressed."""
    return h("div", {"class": "coach-people", "role": "group", "aria-label": "Whose decisions the coach reviews"},
             [button(name, "coach-for", str(i), id=f"btn-coach-for-{i}", cls="tool", pressed=i == seat)
              for i, name in people])


def coach_section(run, people=()):
    whose = dict(people).get(run.seat)
    head = h("h3", {"id": "coach-title"}, f"Coach: deal {run.deal}" + (f", {whose}" if whose else ""))
    body = [head, coach_choice(people, run.seat) if people else None]
    if run.status == "running":
        body += [h("p", {"class": "hint"}, "The hard bot replays your decisions of this deal "
                                           "from your view and weighs what it would have done."),
                 # a div, not <progress>: ui/paint.js keeps only text and layout tags
                 h("div", {"class": "coach-bar", "id": "coach-progress", "role": "progressbar",
                           "aria-valuemin": "0", "aria-valuemax": max(run.total, 1),
                           "aria-valuenow": run.done, "aria-labelledby": "coach-title"},
                   h("span", {"class": "coach-fill", "id": "coach-fill"})),
                 h("p", {"class": "coach-count", "id": "coach-count"},
                   progress_words(run.done, run.total)),
                 button("Skip", "coach-skip", id="btn-coach-skip", cls="tool")]
    elif run.status in ("skipped", "failed"):
        words = ("Coach skipped." if run.status == "skipped"
                 else f"The coach could not run: {run.error}")
        body += [h("p", {"class": "hint"}, words),
                 button("Coach this deal", "coach-run", id="btn-coach-run", cls="tool wide")]
    elif not run.mistakes:
        body.append(h("p", {"class": "coach-none", "id": "coach-none"},
                      "Every decision of yours this deal was the one hard makes, or as good."))
    else:
        body += [h("p", {"class": "hint"}, f"Your {len(run.mistakes)} costliest decision"
                                           f"{'s' if len(run.mistakes) > 1 else ''} this deal, "
                                           "by hard's look-ahead. Tap one to see the position."),
                 h("ol", {"class": "coach-list", "id": "coach-list"},
                   [mistake_item(i, m, run.position if run.open == i else None)
                    for i, m in enumerate(run.mistakes)])]
    return h("section", {"class": "coach", "id": "coach", "data-status": run.status,
                         "aria-labelledby": "coach-title"}, body)


def progress_words(done, total):
    return f"Decision {min(done + 1, total)} of {total}" if total else "Replaying the deal…"


def mistake_item(i, m, position):
    """One decision; ``position``: the view at it, when it is the one opened."""
    is_open = position is not None
    cost = round(m.cost)
    head = [h("span", {"class": "coach-turn"}, f"Your turn {m.turn}"),
            h("span", {"class": "coach-cost"},
              f"cost about {plural(cost, 'point', fmt)}")]
    lines = [h("span", {"class": "coach-line"}, h("b", None, "You: "), unsubjected(m.done_text)),
             h("span", {"class": "coach-line"}, h("b", None, "Hard: "),
               unsubjected(m.preferred_text)),
             h("span", {"class": "coach-line why"}, m.reason)]
    entry = button([h("span", {"class": "coach-head"}, head), lines,
                    sr_only("Hide the position" if is_open else "Show the position")],
                   "coach-show", str(i), id=f"coach-{i}", cls="coach-entry",
                   extra={"aria-expanded": "true" if is_open else "false"})
    return h("li", {"data-cost": cost}, entry, position_box(position) if is_open else None)


def unsubjected(line):
    """The log's "You discarded 8♠." as "discarded 8♠.", to follow a "You:" or "Hard:" label."""
    return line[len("You "):] if line.startswith("You ") else line


def side_line(melds):
    """A side's melds, compact: "2 canastas (7s, Kings) · 9s ×4, Aces ×3"."""
    done = [narrate.meld_rank_label(m["rank"]) for m in melds if m["canasta"]]
    building = [f"{narrate.meld_rank_label(m['rank'])} ×{len(m['cards'])}"
                for m in melds if not m["canasta"]]
    parts = []
    if done:
        parts.append(f"{plural(len(done), 'canasta')} ({', '.join(done)})")
    if building:
        parts.append(", ".join(building))
    return " · ".join(parts) or "no melds"


def position_at(state, index, seat):
    """``seat``'s view just before the log's action ``index`` (the game re-dealt
    from its seed and replayed to there)."""
    at = restart(state)
    for action in state.log[:index]:
        game.apply(at, action)
    return game.view(at, seat, log=False)


def position_box(view):
    """The position at a decision, compact: the hand as cards, each side's
    melds in words, the discard pile and the stock."""
    me = view["players"][view["seat"]]
    sides = sorted(range(len(view["sides"])), key=lambda s: s != view["my_side"])
    rows = [h("div", {"class": "pos-row"}, h("b", None, f"Your hand ({len(view['hand'])}): "),
              h("span", {"class": "pos-cards"},
                [card_face(c, "card mini-face") for c in view["hand"]]),
              sr_only(" ".join(C.label(c) for c in view["hand"])))]
    for s in sides:
        rows.append(h("div", {"class": "pos-row"}, h("b", None, T.side_name(view, s) + ": "),
                      side_line(view["sides"][s]["melds"])))
    discard = view["discard"]
    pile = (f"{plural(len(discard), 'card')}, top {C.label(discard[-1])}"
            if discard else "empty")
    rows.append(h("div", {"class": "pos-row"}, h("b", None, "Discard pile: "), pile,
                  f" · stock {sum(view['stock_counts'])}"))
    rows.append(h("div", {"class": "pos-row"}, h("b", None, "Your piles: "),
                  pile_words(me["pile_counts"])))
    return h("div", {"class": "coach-position", "id": "coach-position"}, rows)
