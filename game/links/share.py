"""Share a game as a short text for a URL fragment, and read one back safely.

A whole state is too long for a link, but every deal is shuffled from the
game's seed, so a link only needs the seed, the players, the scores so far and
the actions of the current deal: replaying them rebuilds the position (a
deal dealt again where the game was copied, GameState.redealt, travels
with its deck). Actions are written as short tokens, the payload is
deflated and base64url-encoded. What Share sends is ``link_for`` a seat:
its deal is dealt again from that seat's view under fresh seeds, so the
link tells nothing that seat has not seen.

A link is untrusted input: ``decode`` refuses anything malformed, oversized,
from another version or not replayable, with a message, and never raises
anything but ``StateError``.
"""

from __future__ import annotations

import base64
import binascii
import json
import random
import zlib

from game import cards as C
from game.deal import start_deal
from game.engine import apply
from game.errors import IllegalMove, RulesError, StateError, brief
from game.links.redeal import redeal
from game.load import MAX_NAME, is_int, is_player_name, one_line, read_json
from game.names import Act, MeldKind
from game.presets import PRESETS, get_preset
from game.rules import RuleSet
from game.state import MAX_NUMBER, GameState, Player, Side, read_dealt_from, read_redealt
from game.view import view

VERSION = 1
PREFIX = "g1."
MAX_LINK = 8000          # characters accepted in a link (real ones stay under 2,000)
MAX_PAYLOAD = 60000      # bytes after decompression
COPY_BOT = "normal"      # who plays a copy's seats of the other people
RESTOCKED = "This deal's frozen piles have gone back into the stock, so it cannot be shared until the next deal."

_SIMPLE = {Act.DRAW: "d", Act.KNOCK: "k", Act.PICK_UP_KNEE: "n", Act.ASK: "a"}
_SIMPLE_BACK = {v: k for k, v in _SIMPLE.items()}


def _placements(melds: list[dict]) -> str:
    out = []
    for pl in melds:
        cards = "".join(pl["cards"])
        out.append(f"{pl['to']}:{cards}" if "to" in pl else cards)
    return "|".join(out)


def encode_action(a: dict) -> str:
    kind = a["type"]
    if kind == Act.DRAW and "from" in a:
        return "d" + "".join(str(i) for i in a["from"])
    if kind in _SIMPLE:
        return _SIMPLE[kind]
    if kind == Act.DISCARD:
        return "x" + a["card"]
    if kind == Act.ANSWER:
        return "y" if a["yes"] else "o"
    if kind in (Act.MELD, Act.TAKE_PILE):
        return ("m" if kind == Act.MELD else "t") + _placements(a["melds"])
    raise ValueError(f"cannot encode {kind}")  # next_deal never sits inside a deal's log


def card_list(text: str) -> list[str]:
    if len(text) % 2:
        raise StateError("The link holds a broken list of cards.")
    cards = [text[i:i + 2] for i in range(0, len(text), 2)]
    for c in cards:
        if not C.is_valid_code(c):
            raise StateError("The link holds something that is not a card.")
    return cards


def decode_action(token: str) -> dict:
    if token in _SIMPLE_BACK:
        return {"type": _SIMPLE_BACK[token]}
    head, body = token[:1], token[1:]
    if head == "d" and body.isdigit():
        return {"type": Act.DRAW, "from": [int(ch) for ch in body]}
    if head == "x":
        return {"type": Act.DISCARD, "card": body}
    if token in ("y", "o"):
        return {"type": Act.ANSWER, "yes": token == "y"}
    if head in ("m", "t"):
        melds = []
        for part in body.split("|") if body else []:
            to, sep, cards = part.rpartition(":")
            pl = {"cards": card_list(cards)}
            if sep:
                if not to.isdigit():
                    raise StateError("The link names a meld that cannot exist.")
                pl = {"to": int(to), "cards": pl["cards"]}
            melds.append(pl)
        return {"type": Act.MELD if head == "m" else Act.TAKE_PILE, "melds": melds}
    raise StateError("The link holds an unknown move.")


def _pack_result(result: dict) -> list:
    """A finished deal's score sheet row as numbers only."""
    sides = []
    for row in result["sides"]:
        nums = [row["melded"], row["left"]]
        nums += [row["canastas"][k][f] for k in MeldKind.ALL for f in ("count", "points")]
        nums += [row["red3"]["count"], row["red3"]["points"], row["going_out"], row["total"]]
        sides.append(nums)
    return [result["went_out"], sides]


def _unpack_results(packed: list, state: GameState) -> list[dict]:
    results, totals = [], [0] * len(state.sides)
    for deal, entry in enumerate(packed, start=1):
        if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[1], list)):
            raise StateError("The game link's score sheet is malformed.")
        went_out, sides = entry
        if went_out is not None and not (type(went_out) is int and 0 <= went_out < state.num_players):
            raise StateError("The game link's score sheet is malformed.")
        if len(sides) != len(totals):
            raise StateError("The game link's score sheet is malformed.")
        rows = []
        for i, nums in enumerate(sides):
            if (not isinstance(nums, list) or len(nums) != 12
                    or not all(is_int(n) for n in nums)):
                raise StateError("The game link's score sheet is malformed.")
            canastas = {k: {"count": nums[2 + 2 * j], "points": nums[3 + 2 * j]}
                        for j, k in enumerate(MeldKind.ALL)}
            if nums[11] != nums[0] + nums[1] + sum(c["points"] for c in canastas.values()) + nums[9] + nums[10]:
                raise StateError("The game link's score sheet does not add up.")
            players = [p.name for s, p in enumerate(state.players) if state.side_of(s) == i]
            rows.append({"side": i, "players": players, "melded": nums[0], "left": nums[1],
                         "canastas": canastas, "red3": {"count": nums[8], "points": nums[9]},
                         "going_out": nums[10], "total": nums[11]})
            totals[i] += nums[11]
        results.append({"deal": deal, "went_out": went_out, "sides": rows, "totals": list(totals)})
    return results


def link_for(state: GameState, seat: int, rng: random.Random) -> str:
    """What Share sends: the game as ``seat`` knows it, encoded. Every card that
    seat has not seen is dealt again (game.links.redeal) and the game's own
    seeds give way to fresh ones, so no other hand and no stock card of the
    original can be computed from the link; the other people's seats go to
    bots, so the copy opens for that seat's player only. StateError if the
    game's moves do not replay from its deal, or this deal's frozen piles went
    back into the stock (shuffled by the game's seed, they would not replay)."""
    copy = redeal(state, seat, rng)
    copy.seed = rng.randrange(MAX_NUMBER)
    if copy.dealt_from is not None:  # only its seat shift still counts: this deal has its own deck
        copy.dealt_from = (rng.randrange(MAX_NUMBER), 1, copy.dealt_from[2])
    for i, player in enumerate(copy.players):
        if i != seat and player.bot is None:
            player.bot = COPY_BOT
    link = encode(copy)
    try:  # frozen piles shuffled back under the stock this deal were shuffled by the game's own seed
        same = _seen(decode(link), seat) == _seen(state, seat)
    except StateError:
        same = False
    if not same:
        raise StateError(RESTOCKED)
    return link


def _seen(state: GameState, seat: int) -> dict:
    """What ``seat`` sees of the current deal, whoever plays the other seats."""
    out = view(state, seat, events=False, log=False)
    out["players"] = [{k: v for k, v in p.items() if k != "bot"} for p in out["players"]]
    return out


def encode(state: GameState) -> str:
    """The game as ``g1.<base64url>`` for a link's fragment."""
    payload = {
        "v": VERSION, "r": packed_rules(state.rules), "s": state.seed,
        "p": [[p.name, p.bot] for p in state.players],
        "d": state.deal, "D": state.dealer,
        "h": [_pack_result(r) for r in state.deal_results[:state.deal - 1]],  # the current one replays
        "a": ",".join(encode_action(a) for a in state.deal_log()),
    }
    if state.dealt_from is not None:
        payload["f"] = state.dealt_from_json()["dealt_from"]
    deals_from = [r for r in state.redealt if r.deal <= state.deal][-1:]  # what this deal is dealt from
    if deals_from:  # the deck as one string of card codes: a third of the list's length
        payload["R"] = [dict(r.to_json(), deck="".join(r.deck)) for r in deals_from]
    raw = json.dumps(payload, separators=(",", ":")).encode("utf-8")
    packed = zlib.compress(raw, 9)
    return PREFIX + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def decode(text: str) -> GameState:
    """Rebuild a shared game, or raise ``StateError`` saying what is wrong."""
    if not isinstance(text, str) or not text.startswith(PREFIX):
        raise StateError("This is not a game link (it should start with g1.).")
    if len(text) > MAX_LINK:
        raise StateError("This game link is far too long to be genuine.")
    body = text[len(PREFIX):]
    try:
        packed = base64.b64decode(body + "=" * (-len(body) % 4), altchars=b"-_", validate=True)
    except (binascii.Error, ValueError):
        raise StateError("The game link is damaged (bad characters); was it cut short?") from None
    try:
        inflater = zlib.decompressobj()
        raw = inflater.decompress(packed, MAX_PAYLOAD)
        if inflater.unconsumed_tail:
            raise StateError("The game link unpacks to far too much data.")
        if not inflater.eof:
            raise StateError("The game link is incomplete; was it cut short?")
    except zlib.error:
        raise StateError("The game link is damaged (it does not unpack).") from None
    try:
        data = read_json(raw, "it", MAX_PAYLOAD)
    except StateError as e:
        raise StateError(one_line(f"The game link's contents are not readable: {e}")) from None
    try:
        return _rebuild(data)
    except StateError as e:
        raise StateError(one_line(e)) from None
    except RulesError as e:
        raise StateError(one_line(f"The game link's rules are invalid: {e}")) from None
    except IllegalMove as e:
        raise StateError(one_line(f"The game link's moves do not replay: {e}")) from None
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, RecursionError):
        raise StateError("The game link is malformed.") from None


def packed_rules(rules: RuleSet):
    """A preset by its name; a preset with house rules as [name, the options
    changed] (a tenth of the whole set's length); any other set whole."""
    base = PRESETS.get(rules.name)
    if base is None:
        return rules.to_dict()
    ours, theirs = rules.to_dict(), base.to_dict()
    changed = {k: v for k, v in ours.items() if theirs[k] != v}
    return [rules.name, changed] if changed else rules.name


def unpacked_rules(r) -> RuleSet:
    if isinstance(r, str):
        return get_preset(r)
    if isinstance(r, list) and len(r) == 2 and isinstance(r[0], str) and isinstance(r[1], dict):
        return RuleSet.from_dict(get_preset(r[0]).to_dict() | r[1])
    return RuleSet.from_dict(r)


def _unpacked_decks(records):
    """The link's re-deal records with each deck a list of cards again (read_redealt checks the rest)."""
    if not isinstance(records, list):
        raise StateError("The game link is malformed.")
    return [dict(r, deck=card_list(r["deck"])) if isinstance(r, dict) and isinstance(r.get("deck"), str) else r
            for r in records]


def _rebuild(data) -> GameState:
    if not isinstance(data, dict):
        raise StateError("The game link is malformed.")
    version = data.get("v")
    if type(version) is not int or version != VERSION:
        raise StateError(f"This game link has version {brief(version)}; this game reads version {VERSION}.")
    if data.keys() - {"f", "R"} != {"v", "r", "s", "p", "d", "D", "h", "a"}:
        raise StateError("The game link is malformed.")
    rules = unpacked_rules(data["r"])
    players = data["p"]
    if not isinstance(players, list):
        raise StateError("The game link is malformed.")
    per_side, _ = rules.seating(len(players))
    people = []
    for entry in players:
        if not (isinstance(entry, list) and len(entry) == 2):
            raise StateError("The game link is malformed.")
        name, bot = entry
        if not is_player_name(name):
            raise StateError(f"A player's name in the link must be 1 to {MAX_NAME} characters.")
        if bot is not None and not isinstance(bot, str):
            raise StateError("The game link is malformed.")
        people.append(Player(name=name, bot=bot))
    ints = [data[k] for k in ("s", "d", "D")]
    if not all(is_int(v) for v in ints):
        raise StateError("The game link is malformed.")
    seed, deal, dealer = ints
    if not 1 <= deal <= rules.deals or not 0 <= dealer < len(people):
        raise StateError("The game link's deal or dealer is impossible.")
    history = data["h"]
    if not isinstance(history, list) or len(history) != deal - 1:
        raise StateError("The game link's score sheet does not match its deal number.")
    state = GameState(rules=rules, seed=seed, players=people,
                      sides=[Side() for _ in range(len(people) // per_side)],
                      stocks=[[] for _ in range(rules.stock_piles)], deal=deal, dealer=dealer,
                      dealt_from=read_dealt_from(data["f"], len(people)) if "f" in data else None,
                      redealt=read_redealt(_unpacked_decks(data["R"])) if "R" in data else ())
    state.deal_results = _unpack_results(history, state)
    if state.deal_results:
        for side, total in zip(state.sides, state.deal_results[-1]["totals"]):
            side.total = total
    start_deal(state)
    tokens = data["a"]
    if not isinstance(tokens, str):
        raise StateError("The game link is malformed.")
    for token in tokens.split(",") if tokens else []:
        apply(state, decode_action(token))
    return GameState.from_json(state.to_json())  # every invariant, checked once more
