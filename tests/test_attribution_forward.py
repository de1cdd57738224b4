"""Forward binding (``attribution.forward``): names after a figure say whose it is.

Principle: when a sentence names nobody before a figure but names records after it in the
same clause ("a pair of 12-point games from A and B"), those later names are the figure's
candidates, not the entity of the sentence before. The figure is explained when every later
name whose record has the field holds it; otherwise it is read against the first later name
that does not. Invented box score; English and German.
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
    "PTS": {"0": "31", "1": "12", "2": "12", "3": "8"},
    "REB": {"0": "9", "1": "11", "2": "4", "3": "2"},
}
PROFILE = Profile.from_dict(
    {
        "name_fields": ["PLAYER_NAME"],
        "field_aliases": {
            "points": ["PTS"],
            "point": ["PTS"],
            "rebounds": ["REB"],
            "Punkte": ["PTS"],
            "Punkten": ["PTS"],
        },
    }
)


def _flagged(response: str) -> list[tuple[str, str]]:
    turn = {"tool_calls": [{"name": "box_score", "result": ROSTER}], "response": response}
    evidence = Evidence(Guard(Policy(), PROFILE)._coerce(turn), PROFILE, lexicon_for(PROFILE))
    return [
        (f.identifier, str(f.evidence.get("entity")))
        for f in AttributionDetector(PROFILE).detect(evidence)
        if f.confidence >= 0.5
    ]


@pytest.mark.parametrize(
    "response",
    [
        # The previous sentence's entity (Ada Brook, 31 points) is not the figure's.
        "Ada Brook scored 31 points. A pair of 12-point games came from Cy Dunmore and Eli Fenn.",
        "Ada Brook scored 31 points. 12 points from Cy Dunmore helped as well.",
        "Ada Brook had 9 rebounds. Just 8 points came from Mo Hale off the bench.",
        "Ada Brook erzielte 31 Punkte. Dann kamen 12 Punkte von Cy Dunmore.",
    ],
)
def test_a_figure_held_by_the_names_after_it_is_not_reported(response: str) -> None:
    assert _flagged(response) == []


@pytest.mark.parametrize(
    ("response", "flagged"),
    [
        # Only one of the two later names had 12: "a pair" of them is wrong, read against Mo Hale.
        (
            "Ada Brook scored 31 points. A pair of 12-point games came from Cy Dunmore and Mo Hale.",
            [("12", "Mo Hale")],
        ),
        # A later name that does not hold it: read against that name, not the earlier entity.
        ("Ada Brook scored 31 points. 20 points from Eli Fenn helped as well.", [("20", "Eli Fenn")]),
        ("Ada Brook erzielte 31 Punkte. Dann kamen 20 Punkte von Eli Fenn.", [("20", "Eli Fenn")]),
        # A name before the figure in its sentence binds as before.
        ("Cy Dunmore scored 20 points, and Eli Fenn added 12.", [("20", "Cy Dunmore")]),
    ],
)
def test_a_figure_the_later_names_do_not_hold_is_still_reported(
    response: str, flagged: list[tuple[str, str]]
) -> None:
    assert _flagged(response) == flagged
