"""The replay screen as ui.core.html trees: one position of a finished deal, read-only.

Built from game.runs.replay.seen (a game.view plus the hands that may be shown);
nothing here sends a move: the only buttons step the replay, choose a deal,
open the hands, or leave.
"""

from game import cards as C
from game.words import narrate
from ui.core import text as T
from ui.core.html import button, h
from ui.core.pieces import card_face, pile_words, side_facts, sr_only
from ui.core.text import fmt

STEP_BUTTONS = (  # (text, step argument, id, words for a screen reader)
    ("|◀", "start", "btn-replay-start", "To the start of the deal"),
    ("◀", "back", "btn-replay-back", "Back one move"),
    ("▶", "forward", "btn-replay-forward", "Forward one move"),
    ("▶|", "end", "btn-replay-end", "To the end of the deal"),
)


def step_bar(index, last):
    """The action bar: to the start, back, forward, to the end (greyed where it cannot go)."""
    out = []
    for text, arg, id_, words in STEP_BUTTONS:
        blocked = index == 0 if arg in ("start", "back") else index == last
        out.append(
            button(
                text,
                "replay-step",
                arg,
                id=id_,
                label=words,
                disabled=blocked,
                cls="primary" if arg == "forward" else None,
            )
        )
    return out


def hand_cards(cards):
    if not cards:
        return h("span", {"class": "muted"}, "no cards")
    return h(
        "span",
        {"class": "rp-cards", "data-cards": " ".join(cards)},
        sr_only(", ".join(C.label(c) for c in cards)),
        [card_face(c, "card rp-card") for c in cards],
    )


def seat_row(v, player, hand):
    """One player: name and role, cards held and piles left, and the hand where it is open."""
    seat = player["seat"]
    you = seat == v["seat"]
    role = "you" if you else ("partner" if player["side"] == v["my_side"] else "opponent")
    name = "You" if you else player["name"]
    counts = f"hand {player['hand_count']} · {pile_words(player['pile_counts'])}"
    moving = v["to_move"] == seat
    return h(
        "li",
        {"class": f"rp-seat {role}" + (" moving" if moving else ""), "data-seat": seat},
        h(
            "div",
            {"class": "rp-who"},
            h("b", None, ("▶ " if moving else "") + name),
            h("span", {"class": "muted"}, f" · {role} · {counts}"),
        ),
        hand_cards(hand) if hand is not None else None,
    )


def meld_text(m):
    """ "★ K ×7 clean", "wild ×4": the meld in a few words (in full for screen readers)."""
    if m["rank"] == C.WILD:
        what = f"wild ×{len(m['cards'])}"
    else:
        what = f"{narrate.short(m['rank'] + 'S')} ×{len(m['cards'])} {T.KIND_WORDS[m['kind']]}"
    return h(
        "li",
        {"class": "rp-meld" + (" canasta" if m["canasta"] else ""), "data-meld": m["id"]},
        ("★ " if m["canasta"] else "") + what,
        h("span", {"class": "sr-only"}, ": " + T.meld_label(m)),
    )


def side_block(v, side):
    s = v["sides"][side]
    melds = [meld_text(m) for m in s["melds"]] or [h("li", {"class": "muted"}, "no melds yet")]
    return h(
        "section",
        {"class": "rp-side", "data-side": side},
        h(
            "h3",
            None,
            T.side_name(v, side),
            h("span", {"class": "muted"}, " · " + ", ".join(side_facts(v, side))),
        ),
        h("ul", {"class": "rp-melds"}, melds),
    )


def piles_line(v):
    stock = sum(v["stock_counts"])
    discard = v["discard"]
    top = (
        ["Discard ", card_face(discard[-1], "card rp-card"), f" ({len(discard)})"]
        if discard
        else ["Discard empty"]
    )
    return h("p", {"class": "rp-piles", "id": "replay-piles"}, f"Stock {stock} · ", top)


def end_line(v, result):
    """At the deal's last step: each side's score for the deal."""
    parts = [f"{T.side_name(v, row['side'])} {fmt(row['total'])}" for row in result["sides"]]
    went = result["went_out"]
    who = f"{narrate.seat_name(v, went)} went out" if went is not None else "Nobody went out"
    return h(
        "p", {"class": "rp-end", "id": "replay-end"}, f"{who}. Deal score: " + " · ".join(parts)
    )


def replay_screen(
    *, title, deals, deal, index, last, line, v, open_hands, result=None, tools=(), offer=False
):
    """deals: the finished deals; v: game.runs.replay.seen of the position at ``index``;
    line: the move that led to it; result: the deal's score row, shown at its
    end; tools: the buttons that play this deal again (folded unless ``offer``)."""
    chooser = None
    if len(deals) > 1:
        chooser = h(
            "div",
            {"class": "rp-deals", "role": "group", "aria-label": "Deal"},
            [
                button(
                    f"Deal {d}",
                    "replay-deal",
                    str(d),
                    id=f"btn-replay-deal-{d}",
                    cls="tool",
                    pressed=d == deal,
                )
                for d in deals
            ],
        )
    mine = v["my_side"]
    sides = [s for s in range(len(v["sides"])) if s != mine] + [mine]
    players = sorted(v["players"], key=lambda p: p["seat"] == v["seat"])
    return [
        h(
            "div",
            {"class": "rp-head"},
            h("h2", {"id": "replay-title"}, f"Replay · deal {deal}"),
            button("Close", "replay-close", id="btn-replay-close", cls="tool"),
        ),
        h("p", {"class": "hint"}, title),
        chooser,
        h(
            "details",
            {"class": "rp-again", "id": "replay-again", "open": offer},
            h("summary", None, "Play these cards again from another seat"),
            h("div", {"class": "rp-again-seats"}, list(tools)),
        )
        if tools
        else None,
        button(
            f"Every hand open: {'on' if open_hands else 'off'}",
            "replay-open",
            id="btn-replay-open",
            cls="tool wide",
            pressed=open_hands,
        ),
        h(
            "p",
            {
                "class": "rp-step",
                "id": "replay-step",
                "data-step": index,
                "data-last": last,
                "aria-live": "polite",
            },
            h("b", None, "As dealt" if index == 0 else f"Move {index} of {last}"),
            ": ",
            line,
        ),
        end_line(v, result) if result else None,
        h(
            "ul",
            {"class": "rp-seats", "id": "replay-seats"},
            [seat_row(v, p, v["hands"][p["seat"]]) for p in players],
        ),
        piles_line(v),
        *[side_block(v, s) for s in sides],
    ]


def deal_tools(deal):
    """Under a deal's table on the score sheet: replay it, or play its cards again."""
    return h(
        "div",
        {"class": "pair rp-tools", "data-deal": deal},
        button(f"Replay deal {deal}", "replay", str(deal), id=f"btn-replay-{deal}", cls="tool"),
        button(
            f"Play deal {deal} again",
            "same-deal",
            str(deal),
            id=f"btn-same-deal-{deal}",
            cls="tool",
        ),
    )


def same_deal_choices(deal, seats):
    """Buttons that start a new game of this deal's cards, one per seat to hold
    (a seat named None: everyone holds their own cards again)."""
    return [
        button(f"Play these cards as {name}" if name else "Play these cards again, each in the same seat",
               "same-deal-as", f"{deal}:{seat}",
               id=f"btn-same-deal-as-{seat}", cls="tool")
        for seat, name in seats
    ]


def compare(v, original):
    """This one-deal game's score next to the original deal's, side by side:
    each side of this game against the side that held the same cards."""
    result = v["deal_results"][0]
    sides = len(v["sides"])
    seat = original["seat"]
    rows = [
        h("tr", None, h("th", {"scope": "row"}, T.side_name(v, s)),
          h("td", None, fmt(result["sides"][s]["total"])),
          h("td", None, fmt(original["scores"][(s + seat) % sides])))
        for s in sorted(range(sides), key=lambda s: s != v["my_side"])
    ]
    held = v["players"][seat]["name"]
    return h(
        "table",
        {"class": "sheet-table compare", "id": "same-deal-compare"},
        h("caption", None, f"The same cards: you held {held}'s cards of deal {original['deal']}" if seat
          else f"The same cards as deal {original['deal']}, each seat its own"),
        h("thead", None, h("tr", None, h("th", {"scope": "col"}, "Side"),
                           h("th", {"scope": "col"}, "This game"),
                           h("th", {"scope": "col"}, f"Original deal {original['deal']}"))),
        h("tbody", None, rows),
    )
