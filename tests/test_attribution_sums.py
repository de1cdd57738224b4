"""Group totals (``attribution.sums``): "A and B combined for 31 points" is A's plus B's.

Principle: a sum word after two or more names makes the figure the total of those records'
values; when they add up to it the statement is true and gives no finding. A total that does
not add up, and a sum word after a single name (a figure over other occasions), are reported
as before. Invented box score; English and German sum words.
"""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Guard, Policy, Profile
from nofab.detectors.attribution import AttributionDetector
from nofab.evidence.index import Evidence
from nofab.language.lexicon import lexicon_for

ROSTER: dict[str, Any] = {
    "PLAYER_NAME": {"0": "Ada Brook", "1": "Cy Dunmore", "2": "Eli Fenn", "3": "Mo Hale"},
    "PTS": {"0": "31", "1": "17", "2": "26", "3": "8"},
    "REB": {"0": "9", "1": "11", "2": "4", "3": "2"},
}
SUM_WORDS = ["combined", "combine", "combining", "zusammen"]
ALIASES = {"points": ["PTS"], "rebounds": ["REB"], "boards": ["REB"], "Punkte": ["PTS"], "Rebounds": ["REB"]}


def _profile(sums: bool) -> Profile:
    rules: dict[str, Any] = {"skip_words": SUM_WORDS}
    if sums:
        rules["sum_words"] = SUM_WORDS
    return Profile.from_dict(
        {"name_fields": ["PLAYER_NAME"], "field_aliases": ALIASES, "rules": {"attribution": rules}}
    )


PROFILE = _profile(True)
WITHOUT_SUMS = _profile(False)


def _flagged(response: str, profile: Profile = PROFILE) -> list[str]:
    turn = {"tool_calls": [{"name": "box_score", "result": ROSTER}], "response": response}
    evidence = Evidence(Guard(Policy(), profile)._coerce(turn), profile, lexicon_for(profile))
    return [f.identifier for f in AttributionDetector(profile).detect(evidence) if f.confidence >= 0.5]


@pytest.mark.parametrize(
    "response",
    [
        "Ada Brook and Cy Dunmore combined for 48 points.",
        "Cy Dunmore and Eli Fenn came off the bench to combine for 43 points and 15 rebounds.",
        "Between them, Eli Fenn and Mo Hale combined for 34 points.",
        "Cy Dunmore, Eli Fenn and Mo Hale combined for 51 points.",
        "Ada Brook and Mo Hale, combining for 11 boards, were solid.",
        "Ada Brook und Cy Dunmore kamen zusammen auf 48 Punkte.",
    ],
)
def test_a_total_that_adds_up_is_not_reported(response: str) -> None:
    assert _flagged(response) == []
    assert _flagged(response, WITHOUT_SUMS) != []  # the sum reading is what clears it


@pytest.mark.parametrize(
    ("response", "flagged"),
    [
        ("Ada Brook and Cy Dunmore combined for 60 points.", ["60"]),
        ("Cy Dunmore and Eli Fenn came off the bench to combine for 30 points.", ["30"]),
        ("Ada Brook und Cy Dunmore kamen zusammen auf 60 Punkte.", ["60"]),
        # One name: a total over other occasions, not a group's; 48 is no sum of one record.
        ("Ada Brook has combined for 48 points over her last two games.", ["48"]),
    ],
)
def test_a_total_that_does_not_add_up_is_still_reported(response: str, flagged: list[str]) -> None:
    assert _flagged(response) == flagged
