"""The screens and bars of games across phones as ui.core.html trees: the
lobby (invitations sent and answered, an invitation received), the list of
such games, and the table's bar while the game waits for a link."""

from game.friends.record import EVERYONE
from ui.core.html import button, h


def lobby(record, invitation, message, games, deleting):
    """The friends screen: the game being set up (the host's invitations, or
    the invitation this phone received), then every game across phones
    (``deleting``: the one whose Delete was tapped once)."""
    out = [h("h2", None, "Play with friends on their phones")]
    if message:
        out.append(h("p", {"class": "message", "id": "friends-message", "role": "status"}, message))
    if invitation is not None:
        words, joined, answered = invitation
        out.append(h("p", {"id": "invitation"}, words))
        out.append(button("Send my answer again" if answered else "Send my answer", "friend-answer",
                          id="btn-friend-answer", cls="primary")
                   if joined else button("Join", "friend-join", id="btn-friend-join", cls="primary"))
    elif record is not None and not record.batches:
        out += invitations(record)
    if games:
        out += [h("h3", None, "Your games with friends"), game_list(games, deleting)]
    out.append(h("div", {"class": "slot-tools"}, button("Back", "menu", id="btn-friends-back", cls="tool")))
    return out


def invitations(record):
    """The host's friends: each one's invitation and whether they joined."""
    head = record.head
    rows = []
    for seat, where in enumerate(head.seats):
        if not isinstance(where, int) or where == 0:
            continue
        joined = where in record.seals
        rows.append(h("li", {"class": "slot", "data-friend": seat, "data-joined": "1" if joined else "0"},
                      h("div", {"class": "slot-name"}, head.names[seat]),
                      h("div", {"class": "slot-info"}, "Joined" if joined else "Not joined yet"),
                      button("Send the invitation again" if joined else "Send the invitation", "friend-invite",
                             str(seat), id=f"btn-invite-{seat}", cls="tool"),
                      None if joined else h("img", {"id": f"invite-qr-{seat}", "class": "invite-qr",
                                                    "alt": f"{head.names[seat]}'s invitation as a QR code: "
                                                           "scan it with their phone's camera"})))
    ready = not record.missing()
    return [h("h3", None, "Invitations"),
            h("p", {"class": "hint"}, "Each friend opens their invitation, taps Join and sends you the answer."),
            h("ul", {"class": "slots", "id": "friend-invites"}, rows),
            h("p", {"class": "hint", "id": "friend-deal-why"},
              "Deal once every friend has joined." if not ready else "Everyone has joined."),
            button("Deal", "friend-deal", id="btn-friend-deal", cls="primary", disabled=not ready)]


def game_list(games, deleting):
    """[(game id, title, what it waits for)] as a list with Play and Delete each."""
    return h("ul", {"class": "slots friend-games"}, [
        h("li", {"class": "slot", "data-friends-game": gid},
          h("div", {"class": "slot-name"}, title), h("div", {"class": "slot-info"}, line),
          h("div", {"class": "pair single"}, button("Play", "friend-open", gid, extra={"data-role": "resume"})),
          h("div", {"class": "slot-tools"},
            button("Tap again to delete" if deleting == gid else "Delete", "friend-delete", gid,
                   cls="tool" + (" danger" if deleting == gid else ""), extra={"data-role": "delete"})))
        for gid, title, line in games])


def games_part(games, deleting):
    """The games screen's section of games across phones."""
    return h("section", {"id": "friends-games", "aria-label": "Games with friends on their phones"},
             h("h3", None, "With friends on their phones"), game_list(games, deleting))


def waiting_bar(words, send, again, cmd="friend-send"):
    """The bar while the game waits for another phone: send the link (``send``:
    its caption, or None when there is nothing new) or send it again; ``cmd``:
    what the main button does (the host's next deal: "friend-deal")."""
    out = [h("span", {"class": "hint", "id": "friend-wait"}, words)]
    if send:
        out.append(button(send, cmd, id="btn-" + cmd, cls="primary"))
    elif again:
        out.append(button(again, cmd, id="btn-" + cmd))
    return out


def status_words(record):
    """What a game across phones waits for, as the list of games says it."""
    if record.position is None:
        return "Waiting for friends to join" if record.is_host() and record.missing() else \
            "Ready to deal" if record.is_host() else "Joined: waiting for the first deal"
    wait = record.waiting_for()
    if wait == EVERYONE:
        return "Game over" if not record.has_news() else "Game over: send the final scores"
    if wait is None:
        return "Your turn" if not record.position.deal_over else "The deal is over: your move"
    return f"Waiting for {record.head.phone_name(wait)}" + (" (not sent yet)" if record.has_news() else "")
