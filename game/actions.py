"""The JSON shape of every action, checked before any rule is consulted.

Shapes (all objects; an optional ``"seat"`` names who acts):

- ``{"type": "draw"}``; with two stock piles ``{"type": "draw", "from": [0, 1]}``
- ``{"type": "take_pile", "melds": [PLACEMENT, ...]}``: the pile's top card
  joins the first placement
- ``{"type": "meld", "melds": [PLACEMENT, ...]}``
- PLACEMENT: ``{"cards": ["9H", "9C"]}`` starts a meld,
  ``{"to": 4, "cards": ["2S"]}`` adds to the side's meld with id 4
- ``{"type": "pick_up_knee"}``
- ``{"type": "discard", "card": "5S"}``
- ``{"type": "knock"}``: end the turn without a discard (after taking the pile)
- ``{"type": "ask_to_go_out"}``; the partner replies ``{"type": "answer", "yes": true}``
- ``{"type": "next_deal"}``
"""

from __future__ import annotations

from . import cards as C
from .errors import IllegalMove, brief
from .load import is_int
from .names import Act

FIELDS = {
    Act.DRAW: {"from"}, Act.TAKE_PILE: {"melds"}, Act.MELD: {"melds"}, Act.PICK_UP_KNEE: set(),
    Act.DISCARD: {"card"}, Act.KNOCK: set(), Act.ASK: set(), Act.ANSWER: {"yes"},
    Act.NEXT_DEAL: set(),
}
REQUIRED = {Act.TAKE_PILE: {"melds"}, Act.MELD: {"melds"}, Act.DISCARD: {"card"}, Act.ANSWER: {"yes"}}
ALLOWED = {kind: fields | {"type", "seat"} for kind, fields in FIELDS.items()}
PLACEMENT_FIELDS = {"cards", "to"}


def parse_action(obj) -> dict:
    """A normalised copy of a well-formed action, or ``IllegalMove`` saying what is wrong."""
    if not isinstance(obj, dict) or not isinstance(obj.get("type"), str):
        raise IllegalMove('An action must be a JSON object with a "type".')
    kind = obj["type"]
    if len(obj) == 1 and kind in FIELDS and kind not in REQUIRED:
        return {"type": kind}  # fast path: the simple actions
    if kind not in FIELDS:
        raise IllegalMove(f"Unknown action type {brief(kind)}.")
    if not obj.keys() <= ALLOWED[kind]:
        raise IllegalMove(f"A {kind} action has no field {brief(sorted(obj.keys() - ALLOWED[kind])[0])}.")
    required = REQUIRED.get(kind, set())
    if not required <= obj.keys():
        raise IllegalMove(f"A {kind} action needs {sorted(required - obj.keys())[0]!r}.")
    out = {"type": kind}
    if "seat" in obj:
        if not is_int(obj["seat"]):
            raise IllegalMove("seat must be a whole number.")
        out["seat"] = obj["seat"]
    if "from" in obj:
        if not isinstance(obj["from"], list) or not all(is_int(i) for i in obj["from"]):
            raise IllegalMove('"from" must list stock pile numbers.')
        out["from"] = list(obj["from"])
    if "card" in obj:
        if not C.is_valid_code(obj["card"]):
            raise IllegalMove(f"{brief(obj['card'])} is not a card.")
        out["card"] = obj["card"]
    if "yes" in obj:
        if not isinstance(obj["yes"], bool):
            raise IllegalMove('"yes" must be true or false.')
        out["yes"] = obj["yes"]
    if "melds" in obj:
        out["melds"] = [_placement(pl) for pl in _list(obj["melds"], '"melds"')]
    return out


def _list(v, what: str) -> list:
    if not isinstance(v, list):
        raise IllegalMove(f"{what} must be a list.")
    return v


def _placement(pl) -> dict:
    if not isinstance(pl, dict) or not pl.keys() <= PLACEMENT_FIELDS or "cards" not in pl:
        raise IllegalMove('Each meld is {"cards": [...]} or {"to": meld id, "cards": [...]}.')
    cards = _list(pl["cards"], '"cards"')
    for c in cards:
        if not C.is_valid_code(c):
            raise IllegalMove(f"{brief(c)} is not a card.")
    if "to" in pl:
        if not is_int(pl["to"]):
            raise IllegalMove('"to" must be a meld id.')
        return {"to": pl["to"], "cards": list(cards)}
    return {"cards": list(cards)}
