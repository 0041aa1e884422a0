"""House rules from the page: values parse strictly, bad combinations are
refused with the rule's reason, and the changes travel with the game."""

import json

import pytest

from game import RulesError, new_game, view
from game.house import LABELS, SECTIONS, build, changes, kind, parse, text
from game.presets import PRESETS, TRIPLE_PLAY
from game.rules import RuleSet
from game.state import GameState
from game.words.describe import describe
from ui.core.table_view import page_fields, page_view


def test_every_option_is_a_rule_field_under_a_described_section():
    headings = {h for h, _ in describe(TRIPLE_PLAY)}
    for section, _ in SECTIONS:
        assert section in headings
    for option in LABELS:
        assert hasattr(TRIPLE_PLAY, option)
        assert kind(option) in ("bool", "choice", "int", "numbers")


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_a_preset_rebuilt_from_its_own_values_is_unchanged(name):
    rules = PRESETS[name]
    assert build(rules, {o: text(rules, o) for o in LABELS}) == rules


def test_values_parse_or_are_refused_with_the_label():
    assert parse("piles", "15 13") == (15, 13)
    assert parse("deals", " 6 ") == 6
    assert parse("dealer_starts", True) is True
    with pytest.raises(RulesError, match="Deals in a game: enter a whole number"):
        parse("deals", "six")
    with pytest.raises(RulesError, match="Final discard: choose one of"):
        parse("going_out_discard", "maybe")


def test_an_inconsistent_combination_is_refused_with_its_reason():
    with pytest.raises(RulesError, match="smallest meld"):
        build(TRIPLE_PLAY, {"meld_min": "9"})
    with pytest.raises(RulesError, match="one meld per rank"):
        build(TRIPLE_PLAY, {"one_meld_per_rank": True})


def test_house_rules_travel_in_the_state_and_show_their_changes():
    rules = build(TRIPLE_PLAY, {"bonus_natural": "600", "piles": "15 11"})
    assert rules.name == "triple-play" and not rules.has_knee
    state = new_game(rules, seed=3)
    data = json.loads(json.dumps(state.to_json()))
    assert data["rules"]["bonus_natural"] == 600  # the whole rule set, not the preset's name
    loaded = GameState.from_json(data)
    assert loaded.rules == rules
    rows = {row["option"]: row for row in page_view(loaded, 0)["house_rules"]}
    assert rows["bonus_natural"] == {"option": "bonus_natural", "label": "Clean canasta bonus",
                                     "preset": "500", "value": "600"}
    assert rows["piles"]["preset"] == "15 13 11" and rows["piles"]["value"] == "15 11"
    assert page_view(new_game("triple-play", seed=3), 0)["house_rules"] == []
    # a table option is not a house rule
    assert changes(TRIPLE_PLAY.derive(knee_reminder=True)) == []


def test_page_view_tells_the_page_what_the_rules_have():
    v = page_view(new_game("simpson", seed=1, players=3), 0)
    assert (v["red3_laid"], v["wild_melds"], v["ask_partner"]) == (False, False, False)
    assert v["stock_counts"] and len(v["stock_counts"]) == 2 and v["going_out_discard"] == "required"
    v = page_view(new_game("triple-play", seed=1), 0)
    assert v["ask_partner"] and v["books_needed"] and v["draw_count"] == 2
    assert not page_view(new_game("triple-play-001", seed=1), 0)["books_needed"]


def test_game_view_is_the_seats_observation_only():
    """What the page shows or hides under a rule set is ui/core/table_view.py's, not the engine's."""
    state = new_game("triple-play", seed=1)
    assert not (set(page_fields(state, 0)) - {"knee_ready"}) & set(view(state, 0))


def test_the_knee_option_is_a_house_rule_that_needs_a_knee():
    """An emptied hand opening the knee (seed 001's other reading) is edited like any option,
    travels in the rule set's JSON and is refused, with a sentence, where there is no knee."""
    rules = build(PRESETS["triple-play-001"], {"empty_hand_opens_knee": True})
    assert RuleSet.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules
    assert changes(rules) == [{"option": "empty_hand_opens_knee", "label": LABELS["empty_hand_opens_knee"],
                               "preset": "no", "value": "yes"}]
    with pytest.raises(RulesError, match="only where there is a knee"):
        build(PRESETS["hand-and-foot"], {"empty_hand_opens_knee": True})
    with pytest.raises(RulesError, match="empty_hand_opens_knee must be true or false"):
        RuleSet.from_dict({"empty_hand_opens_knee": "yes"})


def test_a_yes_that_obliges_is_a_house_rule_with_its_penalty():
    """Seed 003's other reading of the partner's yes: the option and its figure are edited like
    any option, travel in the rule set's JSON, and a negative penalty is refused."""
    rules = build(PRESETS["hand-and-foot"], {"yes_obliges": True, "unused_yes_penalty": "150"})
    assert (rules.yes_obliges, rules.unused_yes_penalty) == (True, 150)
    assert RuleSet.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules
    assert [c["option"] for c in changes(rules)] == ["yes_obliges", "unused_yes_penalty"]
    with pytest.raises(RulesError, match="must not be negative"):
        build(PRESETS["hand-and-foot"], {"unused_yes_penalty": "-100"})
