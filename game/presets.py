"""Named rule systems: one ``RuleSet`` per preset, each documented in docs/.

Every option that a preset sets is cited to its source in
``docs/presets/<name>.md`` (seed files live in ../shared/seeds/ and the
rulings in ../shared/RULES.md).
"""

from __future__ import annotations

from .errors import RulesError
from .rules import RuleSet

TRIPLE_PLAY = RuleSet(
    name="triple-play",
    title="Triple Play (Hand, Knee and Foot)",
    notes=(
        "Seed 000 (RULES.md section 1). 4 players in two partnerships, 6 decks.",
        "Going out may be by melding every card or by discarding the last one "
        "(RULES.md ruling).",
        "A forgotten knee may be picked up on any later turn, after drawing.",
        "A player who would have to discard their last card but may not "
        "(red 3s drawn from the knee on are not replaced) ends the turn by knocking.",
    ),
)

PRESETS: dict[str, RuleSet] = {r.name: r for r in (TRIPLE_PLAY,)}
DEFAULT_PRESET = TRIPLE_PLAY.name


def get_preset(name: str) -> RuleSet:
    try:
        return PRESETS[name]
    except KeyError:
        known = ", ".join(PRESETS)
        raise RulesError(f"Unknown preset {name!r}; choose one of: {known}.") from None
