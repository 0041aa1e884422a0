"""The hand-off screen and the turns since a person's last one (ui/handoff/handoff.py draws them).

Nothing here shows a card of anyone's hand: the hand-off screen names the
person the phone goes to and why; the "since your turn" panel tells the
other players' turns in the table log's words (game.words.narrate).
"""

from ui.core.html import button, h


def handoff_panel(name, why, deal, totals):
    """"Pass the phone to North", why it is their turn to hold it, "I'm North",
    then the deal and each side's total (``totals``: [(side's name, total)])."""
    return [h("div", {"class": "handoff-box"},
              h("p", {"class": "handoff-icon", "aria-hidden": "true"}, "⇄"),
              h("h2", {"id": "handoff-title"}, f"Pass the phone to {name}"),
              h("p", {"class": "handoff-why"}, why),
              button(f"I'm {name}", "im", id="btn-im", cls="primary handoff-go",
                     label=f"I'm {name}: show my cards"),
              h("p", {"class": "handoff-scores"}, f"Deal {deal}: "
                + " · ".join(f"{side} {total}" for side, total in totals)))]


def since_panel(lines, current=None):
    """What the others did since the person's last turn, one line a turn, in place
    of the hand; ``current``: the index of the turn being replayed, marked."""
    return [h("div", {"class": "since", "id": "since"},
              h("h3", None, "Since your last turn"),
              h("ol", {"class": "since-lines"},
                *(h("li", {"aria-current": "step" if i == current else None}, line)
                  for i, line in enumerate(lines))))]


def since_bar(replaying):
    """The action bar while the since panel shows: replay the moves, then the hand."""
    return [button("Replaying…" if replaying else "Replay the moves", "replay-moves", id="btn-replay-moves",
                   disabled=replaying),
            button("Show my hand", "show-hand", id="btn-show-hand", cls="primary")]
