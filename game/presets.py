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
)

PRESETS: dict[str, RuleSet] = {r.name: r for r in (TRIPLE_PLAY,)}
DEFAULT_PRESET = TRIPLE_PLAY.name


def get_preset(name: str) -> RuleSet:
    try:
        return PRESETS[name]
    except KeyError:
        known = ", ".join(PRESETS)
        raise RulesError(f"Unknown preset {name!r}; choose one of: {known}.") from None
