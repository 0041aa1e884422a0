"""House rules: the options a player may change before a game, and how a
house rule set differs from the preset it started from.

Options are grouped under the section headings of ``game.words.describe`` so the
page can show, beside each group, the sentences those options produce; the
labels here are only names, the rule text stays in ``describe``. Values go
to and from the page as text (checkboxes as booleans); a bad value or an
inconsistent combination is refused with ``RulesError``, never replaced.
"""

from __future__ import annotations

from dataclasses import fields

from .errors import RulesError
from .presets import PRESETS
from .rules import RuleSet

# (describe section, [(option, label), ...]); the knee section's heading
# depends on the piles ("Foot" without a knee), so piles live under "The deal".
SECTIONS: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = (
    ("The deal", (
        ("deals", "Deals in a game"),
        ("piles", "Cards in hand, knee, foot (two numbers: no knee)"),
        ("dealer_starts", "The dealer plays first"),
        ("upcard", "Turn a card to start the discard pile"),
    )),
    ("A turn", (
        ("draw_count", "Cards drawn"),
        ("stock_piles", "Stock piles (1 or 2)"),
        ("pile_pair", "Taking the pile needs a pair from the hand"),
        ("pile_wild_top", "A wild on top can be taken with two of the same wild"),
        ("pile_min_size", "Smallest pile that may be taken (0: any)"),
        ("pile_take_max", "Cards taken from the pile (0: all)"),
        ("pile_top_only_before_opening", "Before opening, take only the top card"),
        ("discard_after_pile", "Discard after taking the pile"),
        ("wild_discard_freezes", "A discarded wild freezes the pile"),
    )),
    ("Melds", (
        ("meld_min", "Smallest meld"),
        ("canasta_size", "Cards in a canasta"),
        ("opening_by_deal", "First meld minimum, deal by deal"),
        ("wild_ratio", "Naturals needed per wild card"),
        ("natural_surplus", "Extra naturals needed"),
        ("max_wilds", "Most wild cards in a meld (0: no cap)"),
        ("min_naturals", "Fewest natural cards in a meld"),
        ("wild_melds", "Melds of wild cards only"),
        ("black3_melds", "Black 3s may be melded"),
        ("meld_growth", "Canastas grow past their size"),
        ("growth_not_same_turn", "No growth in the turn a canasta is made"),
        ("one_meld_per_rank", "One meld per rank"),
    )),
    ("Threes", (
        ("red3_laid", "Red 3s are laid face up"),
        ("red3_replace", "Laid red 3s are replaced"),
        ("red3_after_opening", "Red 3s laid only after the side's first meld"),
        ("red3_value", "Each laid red 3 scores"),
        ("red3_set_size", "Red 3s for the set bonus (0: none)"),
        ("red3_set_bonus", "Red 3 set bonus"),
        ("red3_left", "Each red 3 left at the end"),
        ("black3_left", "Each black 3 left at the end"),
        ("black3_melded", "Each black 3 in a meld"),
    )),
    ("Knee and foot", (
        ("partner_knee_at_turn_start", "Partners hold their knee from the start of their next turn"),
        ("empty_hand_opens_knee", "An emptied hand opens the knee without a canasta"),
    )),
    ("Going out", (
        ("books_required", "The book is needed to go out"),
        ("going_out_discard", "Final discard"),
        ("ask_partner", "Ask partners before going out"),
        ("partner_in_foot", "Partners must have played from the foot"),
        ("yes_obliges", "A partner's yes obliges the player to go out that turn"),
        ("unused_yes_penalty", "Points lost for not going out after a yes that obliges"),
    )),
    ("Scoring", (
        ("bonus_natural", "Clean canasta bonus"),
        ("bonus_mixed", "Dirty canasta bonus"),
        ("bonus_wild", "Wild canasta bonus"),
        ("rank_bonus_repeats", "Every clean canasta of a bonus rank earns its bonus"),
        ("going_out_bonus", "Going out bonus"),
    )),
)
LABELS = {name: label for _, options in SECTIONS for name, label in options}
# Options with a fixed set of values: value -> words.
CHOICES = {
    "red3_replace": {"hand": "while in the hand", "always": "always", "never": "never"},
    "meld_growth": {"never": "never", "always": "always", "extra": "outside the book"},
    "going_out_discard": {"optional": "optional", "required": "required", "forbidden": "not allowed"},
}
# Options that are not house rules: the preset's identity and table options.
NOT_HOUSE = ("name", "title", "knee_reminder")
_DEFAULTS = {f.name: f.default for f in fields(RuleSet)}


def kind(option: str) -> str:
    """How the page edits an option: "bool", "choice", "int" or "numbers"."""
    default = _DEFAULTS[option]
    if isinstance(default, bool):
        return "bool"
    if option in CHOICES:
        return "choice"
    return "int" if isinstance(default, int) else "numbers"


def text(rules: RuleSet, option: str):
    """The option's value as the page edits it: a bool, or text."""
    value = getattr(rules, option)
    if isinstance(value, bool):
        return value
    if isinstance(value, tuple):
        return " ".join(str(v) for v in value)
    return str(value)


def words(rules: RuleSet, option: str) -> str:
    """The option's value for people: "yes", "outside the book", "15 13 11"."""
    value = text(rules, option)
    if isinstance(value, bool):
        return "yes" if value else "no"
    return CHOICES.get(option, {}).get(value, value)


def parse(option: str, raw):
    """The page's value for an option, as the rule set holds it."""
    label = LABELS.get(option, option)
    how = kind(option)
    if how == "bool":
        if not isinstance(raw, bool):
            raise RulesError(f"{label}: choose yes or no.")
        return raw
    raw = str(raw).strip()
    if how == "choice":
        if raw not in CHOICES[option]:
            raise RulesError(f"{label}: choose one of {', '.join(CHOICES[option].values())}.")
        return raw
    try:
        numbers = tuple(int(n) for n in raw.replace(",", " ").split())
    except ValueError:
        numbers = ()
    if how == "int":
        if len(numbers) != 1:
            raise RulesError(f"{label}: enter a whole number.")
        return numbers[0]
    if not numbers:
        raise RulesError(f"{label}: enter whole numbers separated by spaces.")
    return numbers


def build(base: RuleSet, values: dict) -> RuleSet:
    """``base`` with the page's values applied ({option: raw}); refuses bad ones."""
    changes = {}
    for option, raw in values.items():
        if option not in LABELS:
            raise RulesError(f"{option} is not a house rule option.")
        value = parse(option, raw)
        if value != getattr(base, option):
            changes[option] = value
    return base.derive(**changes) if changes else base


def changes(rules: RuleSet) -> list[dict]:
    """How a rule set differs from its preset: [{option, label, preset, value}]."""
    preset = PRESETS.get(rules.name)
    if preset is None:
        return [{"option": "name", "label": "Rule set", "preset": "none", "value": rules.title}]
    if preset == rules:
        return []
    out = []
    for f in fields(RuleSet):
        if f.name in NOT_HOUSE or getattr(rules, f.name) == getattr(preset, f.name):
            continue
        out.append({"option": f.name, "label": LABELS.get(f.name, f.name),
                    "preset": words(preset, f.name), "value": words(rules, f.name)})
    return out
