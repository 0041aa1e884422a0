"""Named rule systems: one ``RuleSet`` per preset, built from one another.

Every option a preset sets is cited to its source in
``docs/presets/<name>.md``, whose audit table maps each rule sentence of the
source to the option that plays it and the test that shows it. Anything a
preset does not set is as in ``triple-play``.
"""

from __future__ import annotations

from .errors import RulesError, brief
from .names import MeldKind
from .rules import RuleSet

TRIPLE_PLAY = RuleSet(name="triple-play", title="Triple Play (Hand, Knee and Foot)")

TRIPLE_PLAY_001 = TRIPLE_PLAY.derive(
    name="triple-play-001", title="Triple Play (Cool Old Games)",
    min_naturals=2, max_wilds=3, wild_ratio=0,
    black3_left=0, red3_left=-100, red3_replace="always",
    books_required=False, pile_pair=False,
)

# Seeds 002 and 004 share their seating: 3 alone (7 decks), 2 teams of 2
# (6 decks) or 2 teams of 3 (7 decks).
SHEET_SEATINGS = ((3, 1, 7), (4, 2, 6), (6, 3, 7))
SHEET_UPCARD = ("*", "2", "R3", "B3", "5", "7")

CLUB_SHEET = TRIPLE_PLAY.derive(
    name="club-sheet", title="Triple Play, club score sheet (6 deals)",
    deals=6, seatings=SHEET_SEATINGS, upcard_bury=SHEET_UPCARD,
    opening_by_score=((15000, 90), (30000, 120), (50001, 150)),
    pile_top_only_before_opening=True,
    wild_ratio=1, max_wilds=2,
    meld_growth="extra", growth_not_same_turn=True,
)

HKF_SHEET = TRIPLE_PLAY.derive(
    name="hkf-sheet", title="Hand, Knee and Foot (TWR Times family rules)",
    seatings=SHEET_SEATINGS, upcard_bury=SHEET_UPCARD,
    opening_by_score=((15000, 90), (30000, 120), (50000, 150)),
    dealer_starts=True, red3_after_opening=True,
    going_out_discard="forbidden", meld_growth="extra", partner_knee_at_turn_start=True,
)

HAND_AND_FOOT = TRIPLE_PLAY.derive(
    name="hand-and-foot", title="Hand and Foot (partnership)",
    seatings=((2, 1, 3), (3, 1, 4), (4, 2, 5), (5, 1, 6), (6, 3, 7)),
    piles=(13, 13), upcard_bury=("*", "2", "R3"),
    pile_take_max=7, discard_after_pile=True,
    red3_replace="always", red3_left=-100, red3_set_size=0, red3_set_bonus=0,
    black3_left=-5, no_wild_ranks=(),
    bonus_natural_rank=(), bonus_wild=1500, going_out_bonus=100,
    books=((MeldKind.NATURAL, ""), (MeldKind.NATURAL, ""), (MeldKind.MIXED, ""), (MeldKind.MIXED, ""),
           (MeldKind.WILD, "")),
    partner_in_foot=True,
)

SASKATCHEWAN = HAND_AND_FOOT.derive(
    name="saskatchewan", title="Saskatchewan Hand and Foot",
    piles=(11, 13), wild_ratio=1, natural_surplus=1,
    meld_growth="always", one_meld_per_rank=True, pile_take_max=0,
    opening_by_deal=(50, 90, 120, 0), hidden_canasta_deals=(4,),
    books=((MeldKind.NATURAL, ""), (MeldKind.MIXED, ""), (MeldKind.WILD, "")),
)

SIMPSON = HAND_AND_FOOT.derive(
    name="simpson", title="Hand and Foot, Steve Simpson (no partners)",
    seatings=((2, 1, 3), (3, 1, 4), (4, 1, 5), (5, 1, 6), (6, 1, 7)),
    piles=(11, 11), stock_piles=2, upcard=False,
    red3_laid=False, red3_left=-500,
    wild_melds=False, wild_ratio=1, natural_surplus=1,
    one_meld_per_rank=True, meld_growth="always",
    bonus_natural=300, bonus_mixed=100, bonus_wild=0, going_out_bonus=100,
    pile_min_size=7, pile_take_max=7, pile_wild_top=False,
    books=((MeldKind.NATURAL, ""), (MeldKind.MIXED, "")), going_out_discard="required",
    ask_partner=False, partner_in_foot=False,
)

TWO_CLEAN_TWO_DIRTY = ((MeldKind.NATURAL, ""), (MeldKind.NATURAL, ""), (MeldKind.MIXED, ""), (MeldKind.MIXED, ""))

BROUILLETTE = SIMPSON.derive(
    name="brouillette", title="Hand and Foot, Brian Brouillette",
    bonus_natural=500, bonus_mixed=300,
    books_by_deal=((4, TWO_CLEAN_TWO_DIRTY),),
    going_out_discard="optional", wild_discard_freezes=True,
    black3_melds=True, black3_melded=-5, bonus_natural_rank=(("3", 300),),
)

BROUILLETTE_PARTNERS = BROUILLETTE.derive(
    name="brouillette-partners", title="Hand and Foot, Brian Brouillette, partners",
    seatings=((4, 2, 5), (6, 2, 7)), ask_partner=True,
    books=TWO_CLEAN_TWO_DIRTY, books_by_deal=((4, TWO_CLEAN_TWO_DIRTY * 2),),
)

PRESETS: dict[str, RuleSet] = {r.name: r for r in (
    TRIPLE_PLAY, TRIPLE_PLAY_001, CLUB_SHEET, HKF_SHEET, HAND_AND_FOOT, SASKATCHEWAN,
    SIMPSON, BROUILLETTE, BROUILLETTE_PARTNERS)}
DEFAULT_PRESET = TRIPLE_PLAY.name


def get_preset(name: str) -> RuleSet:
    try:
        return PRESETS[name]
    except KeyError:
        known = ", ".join(PRESETS)
        raise RulesError(f"Unknown preset {brief(name)}; choose one of: {known}.") from None
