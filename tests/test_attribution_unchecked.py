"""Figures no record bounds at all ("averaging 21 points") are not reported.

Principle (``rules.attribution.unchecked_words``): a figure introduced by one of these words is
about occasions the records do not cover and cannot bound, so neither a match nor a miss says
anything; unlike ``skip_words`` (reported as unverified at 0.6), it gives no finding. Figures
elsewhere in the sentence are still checked. Hand-written records, two domains, two languages.
"""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Guard, Policy, Profile
from nofab.detectors.attribution import AttributionDetector
from nofab.evidence.index import Evidence
from nofab.language.lexicon import lexicon_for

ROSTER: dict[str, Any] = {
    "PLAYER_NAME": {"0": "Ada Brook", "1": "Cy Dunmore"},
    "PTS": {"0": "31", "1": "17"},
    "REB": {"0": "9", "1": "11"},
}
SALES: list[dict[str, Any]] = [{"region_name": "Northfield", "orders": 412}]


def _profile(unchecked: list[str], skip: list[str]) -> Profile:
    return Profile.from_dict(
        {
            "name_fields": ["PLAYER_NAME", "region_name"],
            "field_aliases": {
                "points": ["PTS"],
                "rebounds": ["REB"],
                "Punkte": ["PTS"],
                "Punkten": ["PTS"],
                "orders": ["orders"],
            },
            "rules": {"attribution": {"unchecked_words": unchecked, "skip_words": skip}},
        }
    )


UNCHECKED = _profile(["averaging", "averages", "durchschnittlich"], [])
SKIPPED = _profile([], ["averaging", "averages", "durchschnittlich"])


def _numbers(response: str, profile: Profile, result: Any = ROSTER) -> list[str]:
    turn = {"tool_calls": [{"name": "report", "result": result}], "response": response}
    evidence = Evidence(Guard(Policy(), profile)._coerce(turn), profile, lexicon_for(profile))
    return [f.identifier for f in AttributionDetector(profile).detect(evidence)]


@pytest.mark.parametrize(
    ("response", "result"),
    [
        ("Ada Brook is averaging 24 points and 7 rebounds this season.", ROSTER),
        ("Cy Dunmore, averaging 12 points, was quiet.", ROSTER),
        ("Ada Brook kommt durchschnittlich auf 24 Punkte.", ROSTER),
        ("Northfield averages 300 orders a month.", SALES),
    ],
)
def test_unchecked_figures_give_no_finding(response: str, result: Any) -> None:
    """With unchecked_words: silent; with the same words as skip_words: reported as unverified."""
    assert _numbers(response, UNCHECKED, result) == []
    assert _numbers(response, SKIPPED, result) != []


@pytest.mark.parametrize(
    ("response", "flagged"),
    [
        ("Ada Brook scored 35 points and is averaging 24 points.", ["35"]),
        ("Ada Brook erzielte 35 Punkte und kommt durchschnittlich auf 24 Punkte.", ["35"]),
    ],
)
def test_this_occasions_figures_in_the_sentence_are_still_checked(response: str, flagged: list[str]) -> None:
    """Only the figure the unchecked word introduces is exempt."""
    assert _numbers(response, UNCHECKED) == flagged
