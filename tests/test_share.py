"""Share links: a compact, replayable game in a URL fragment, and a safe reader."""

import base64
import json
import random
import zlib

import pytest

from game import StateError, apply, new_game, observe, view
from game.bots import get_bot
from game.deal import deal_deck
from game.links.share import RESTOCKED, decode, encode, link_for
from game.presets import PRESETS, TRIPLE_PLAY
from tests.helpers import BAD, pack, payload, tier


def play_along(preset: str, seed: int, players: int | None = None):
    """Yield every position of a random-bot game."""
    state = new_game(preset, seed=seed, players=players, bots=["random"] * (players or 4))
    bot = get_bot("random")
    rng = random.Random(seed)
    yield state
    while state.phase != "game_end":
        if state.phase == "deal_end":
            apply(state, {"type": "next_deal"})
        else:
            seat = state.to_move()
            apply(state, bot(observe(state, seat), seat, rng))
        yield state


def same_position(a, b) -> bool:
    ja, jb = a.to_json(), b.to_json()
    for j in (ja, jb):
        j.pop("log")
    return ja == jb


def test_round_trip_at_every_point_of_a_game():
    for i, state in enumerate(play_along("triple-play", 3)):
        if i % 25 == 0 or state.deal_over:
            again = decode(encode(state))
            assert same_position(again, state), f"differs after {i} actions"


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_links_stay_under_1500_characters(preset):
    """Issue: at most 1,500 characters at every point of a game (simulated
    games: one, two in the deep tier)."""
    longest = 0
    for seed in tier((1,), (1, 2)):
        for state in play_along(preset, seed):
            longest = max(longest, len(encode(state)))
    assert longest <= 1500, longest


def test_a_preset_with_house_rules_travels_as_its_changes():
    rules = PRESETS["triple-play"].derive(wild_ratio=2, knee_reminder=True)
    link = encode(new_game(rules, seed=3))
    assert decode(link).rules == rules
    assert len(link) <= len(encode(new_game("triple-play", seed=3))) + 60


def test_custom_rules_travel_in_the_link():
    s = new_game(TRIPLE_PLAY.derive(name="house", knee_reminder=True), seed=5)
    assert decode(encode(s)).rules == s.rules


def test_the_house_options_for_the_other_readings_travel_in_the_link():
    """Issue 53's options: the rule set carries them; a position with a yes not used (its
    penalty in the score sheet and the side's count) is rebuilt; a bad value is refused."""
    rules = PRESETS["hand-and-foot"].derive(yes_obliges=True, unused_yes_penalty=150)
    seen, last = 0, 0
    for state in play_along(rules, 2):
        unused = sum(side.unused_yes for side in state.sides)
        if unused != last or state.deal_over:
            again = decode(encode(state))
            assert same_position(again, state) and again.rules == rules
        seen, last = seen + (unused > last), unused
    assert seen, "the random bots should leave a yes unused"
    rules = PRESETS["triple-play-001"].derive(empty_hand_opens_knee=True)
    assert decode(encode(new_game(rules, seed=5))).rules == rules
    for bad in ({"yes_obliges": "yes"}, {"unused_yes_penalty": -1}, {"empty_hand_opens_knee": 1}):
        with pytest.raises(StateError, match="rules are invalid"):
            decode(pack(dict(payload(), r=bad)))


@pytest.mark.parametrize("link,words", BAD)
def test_bad_links_are_refused_with_a_message(link, words):
    with pytest.raises(StateError) as e:
        decode(link)
    assert words in str(e.value)


def test_names_are_data_not_markup():
    s = new_game("triple-play", seed=1, names=["<b>Ann</b>", "Bo", "Cy", "Di"])
    assert decode(encode(s)).players[0].name == "<b>Ann</b>"


def unseen(state, seat):
    """What ``seat`` cannot see: each other hand (as a set of cards), every unpicked pile and the stock."""
    return ([sorted(p.hand) for s, p in enumerate(state.players) if s != seat],
            [p.piles for p in state.players], state.stocks)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_shared_copy_tells_nothing_its_seat_has_not_seen(preset):
    """Share sends link_for the person's seat (issue 73). Everything the link
    holds, rebuilt, is the seat's own view with every card it has not seen
    dealt anew: no other hand, no pile and no stock as they are in the game,
    none of the game's later deals, and not the game's seed."""
    checked = 0
    for i, state in enumerate(play_along(preset, 918_273_645)):  # a seed no other number in a link matches
        if i % 37 or state.phase in ("deal_end", "game_end"):
            continue
        seat = i // 37 % state.num_players
        try:
            link = link_for(state, seat, random.Random(i))
        except StateError as e:
            assert str(e) == RESTOCKED and state.rules.wild_discard_freezes
            continue
        raw = json.loads(zlib.decompress(base64.urlsafe_b64decode(link[3:] + "==")))
        assert raw["s"] != state.seed and str(state.seed) not in json.dumps(raw)
        assert len(link) <= 2000, len(link)  # its deck travels with it
        copy = decode(link)
        assert unseen(copy, seat) != unseen(state, seat)
        assert all(deal_deck(copy, d) != deal_deck(state, d) for d in range(state.deal + 1, state.rules.deals + 1))
        assert view(copy, seat, events=False, log=False) == view(state, seat, events=False, log=False)
        assert [p.bot for p in copy.players] == [p.bot for p in state.players]  # bots stay bots
        checked += 1
    assert checked >= 5


def test_a_shared_copy_of_a_pass_and_play_game_opens_for_its_seat_only():
    state = new_game("triple-play", seed=4, names=["Ann", "Bob", "Cy", "Di"], bots=[None, "easy", None, None])
    copy = decode(link_for(state, 2, random.Random(1)))
    assert [p.bot for p in copy.players] == ["normal", "easy", None, "normal"]
    assert [p.name for p in copy.players] == ["Ann", "Bob", "Cy", "Di"]
