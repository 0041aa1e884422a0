"""The action bar as a ui.core.html tree: the controls of the shown seat's
turn, each greyed with the engine's reason when it refuses it now
(ui/table/refusals.py decides which)."""


from game import cards as C
from game.names import Act, Phase
from game.words.narrate import STOCK_NAMES
from ui.core import text as T
from ui.core.html import button, h
from ui.table.refusals import discard_refusal, draw_splits


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
    """Discard, greyed with ``refusals["discard"]`` (ui/table/refusals.py);
    when not exactly one card is selected its caption says what is missing
    (a tap says it in full)."""
    if discard_refusal(len(selected)):
        text = ["Discard", " ", h("small", {"class": "why"},
                                  f"{len(selected)} selected" if selected else "pick 1 card")]
    else:
        text = f"Discard {C.label(selected[0])}"
    return guarded(text, "discard", refusals.get("discard"), id="btn-discard")


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
