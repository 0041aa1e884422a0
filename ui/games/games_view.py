"""The games screen as ui.core.html trees: continue or start, saved games, import,
a shared game's offer. Names and summaries are text nodes, never markup."""

from datetime import datetime

from game.names import Phase
from ui.core.html import button, h
from ui.core.text import fmt


def when(iso):
    try:
        d = datetime.fromisoformat(iso)
    except ValueError:
        return iso
    return f"{d.day} {d:%b %Y, %H:%M}"


def details(s):
    """ "Deal 2 of 4, turn 12 · Us 1 200 · Them 950" """
    stage = "Finished" if s["phase"] == Phase.GAME_END else f"Deal {s['deal']} of {s['deals']}, turn {s['turn']}"
    return " · ".join([stage] + [f"{name} {fmt(total)}" for name, total in s["scores"]])


def slot_card(s, deleting, main=None):
    """One saved game: what it is, then its buttons (``main`` first, if given)."""
    sid = s["id"]
    delete = "Tap again to delete" if deleting == sid else "Delete"
    return h("li", {"class": "slot", "id": f"slot-{sid}", "data-slot": sid},
             h("div", {"class": "slot-name"}, s["name"]),
             h("div", {"class": "slot-info"}, details(s)),
             h("div", {"class": "slot-info muted"}, "Saved " + when(s["updated"])),
             main,
             h("div", {"class": "slot-tools"},
               button("Replay", "replay-game", sid, cls="tool", extra={"data-role": "replay"})
               if s["deal"] > 1 or s["phase"] in (Phase.DEAL_END, Phase.GAME_END) else None,
               button("Share", "share", sid, cls="tool", extra={"data-role": "share"}),
               button("Export", "export", sid, cls="tool", extra={"data-role": "export"}),
               button(delete, "delete", sid, cls="tool" + (" danger" if deleting == sid else ""),
                      extra={"data-role": "delete"})))


def games_screen(slots, current, *, incoming=None, note="", errors=(), link=None, deleting=None,
                 share_for=None, parts=()):
    """slots: ui.core.saves.SaveStore.list() summaries; current: the slot last played;
    share_for: (slot, [(seat, name)]) while the sender picks whose copy to share;
    parts: the sections other rooms add after the saved games (games across phones)."""
    out = [h("h2", None, "Your games")]
    if errors:
        out.append(h("div", {"class": "message", "id": "games-error", "role": "alert"},
                     [h("p", None, e) for e in errors]))
    if note:
        out.append(h("p", {"class": "note", "id": "games-note", "role": "status"}, note))
    if share_for:
        slot, people = share_for
        out.append(h("div", {"class": "pair", "id": "share-for"},
                     [button(f"{name}'s copy", "share-for", f"{slot}:{seat}", extra={"data-seat": seat})
                      for seat, name in people]))
    if link:
        out.append(h("label", {"class": "field share-box"}, h("span", None, "Link to this game"),
                     h("input", {"type": "text", "id": "share-link", "readonly": True, "value": link})))
    if incoming:
        out.append(h("section", {"class": "offer", "id": "offer", "aria-label": "Shared game"},
                     h("h3", None, "A game was shared with you"),
                     h("div", {"class": "slot-name"}, incoming["title"]),
                     h("div", {"class": "slot-info"}, details(incoming)),
                     h("div", {"class": "slot-info muted"}, "Players: " + ", ".join(incoming["players"])),
                     h("div", {"class": "pair"},
                       button("Add and play", "accept-link", id="btn-accept-link", cls="primary"),
                       button("Not now", "decline-link", id="btn-decline-link"))))
    top = [s for s in slots if s["id"] == current]
    rest = [s for s in slots if s["id"] != current]
    new = button("New game", "menu", id="btn-games-new", cls="primary" if not top else None)
    if top:
        cont = button("Continue", "resume", current, id="btn-continue", cls="primary")
        pair = h("div", {"class": "pair"}, cont, new)
        out.append(h("ul", {"class": "slots current"}, slot_card(top[0], deleting, pair)))
    else:
        out.append(h("div", {"class": "pair single"}, new))
    if rest:
        out.append(h("h3", None, "Saved games"))
        out.append(h("ul", {"class": "slots"}, [
            slot_card(s, deleting, h("div", {"class": "pair single"},
                                     button("Play", "resume", s["id"], extra={"data-role": "resume"})))
            for s in rest]))
    out += parts
    out.append(h("label", {"class": "import"},
                 h("b", None, "Import a saved game…"),
                 h("small", None, "a .json file from Export"),
                 h("input", {"type": "file", "id": "import-file", "accept": ".json,application/json",
                             "data-change": "import"})))
    out.append(button("Play with friends on their phones", "friends", id="btn-friends", cls="tool wide"))
    out.append(button("Your statistics", "stats", id="btn-stats", cls="tool wide"))
    return out
