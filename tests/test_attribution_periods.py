"""A figure whose clause names a period is that period's figure (``attribution.periods``).

Principle: "the Otters scored 30 points in the third quarter" speaks of the third quarter, so
a record that holds the quarter's score of that statistic is checked against it, not against
the game total; a figure of one period that the record does not split (a player's points in
one half, a team's shooting in a quarter) is not reported. A figure with no period phrase
after it, or with the period phrase past a comma or another number, is checked as before.
Invented box scores; English and German period phrases.
"""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Guard, Policy, Profile
from nofab.detectors.attribution import AttributionDetector
from nofab.evidence.index import Evidence
from nofab.language.lexicon import lexicon_for

GAME: dict[str, Any] = {
    "players": {
        "PLAYER_NAME": {"0": "Ada Brook", "1": "Cy Dunmore", "2": "Eli Fenn"},
        "PTS": {"0": "31", "1": "17", "2": "26"},
        "REB": {"0": "9", "1": "11", "2": "4"},
    },
    "home": {
        "TEAM-NAME": "Otters",
        "TEAM-PTS": "104",
        "TEAM-PTS_QTR1": "22",
        "TEAM-PTS_QTR3": "30",
        "TEAM-FG_PCT": "52",
    },
    "away": {
        "TEAM-NAME": "Herons",
        "TEAM-PTS": "97",
        "TEAM-PTS_QTR1": "27",
        "TEAM-PTS_QTR3": "19",
        "TEAM-FG_PCT": "44",
    },
}

PROFILE = Profile.from_dict(
    {
        "name_fields": ["PLAYER_NAME", "TEAM-NAME"],
        "pair_fields": ["TEAM-PTS/TEAM-PTS", "TEAM-PTS_QTR1/TEAM-PTS_QTR1", "TEAM-PTS_QTR3/TEAM-PTS_QTR3"],
        "field_aliases": {
            "points": ["PTS", "TEAM-PTS"],
            "rebounds": ["REB"],
            "percent from the field": ["FG_PCT", "TEAM-FG_PCT"],
            "Punkte": ["PTS", "TEAM-PTS"],
            "in the first quarter": ["TEAM-PTS_QTR1/TEAM-PTS_QTR1"],
            "in the third quarter": ["TEAM-PTS_QTR3/TEAM-PTS_QTR3"],
            "in the third period": ["TEAM-PTS_QTR3/TEAM-PTS_QTR3"],
            "im ersten Viertel": ["TEAM-PTS_QTR1/TEAM-PTS_QTR1"],
            "im dritten Viertel": ["TEAM-PTS_QTR3/TEAM-PTS_QTR3"],
        },
        "rules": {"attribution": {"unbound_numbers": True}},
    }
)


def _flagged(response: str) -> list[str]:
    turn = {"tool_calls": [{"name": "box_score", "result": GAME}], "response": response}
    evidence = Evidence(Guard(Policy(), PROFILE)._coerce(turn), PROFILE, lexicon_for(PROFILE))
    return [
        f.identifier
        for f in AttributionDetector(PROFILE).detect(evidence)
        if f.evidence.get("category") == "NUMBER" and f.confidence >= 0.5
    ]


@pytest.mark.parametrize(
    "response",
    [
        # A team's period score that the record holds, stated right: not the game total.
        "The Otters scored 30 points in the third quarter.",
        "The Herons managed only 19 points in the third period.",
        "The Otters put up 22 points in the first quarter.",
        "Die Otters erzielten 30 Punkte im dritten Viertel.",
        # A figure of one period that the record does not split: nothing to check it against.
        "Ada Brook had 14 points in the first quarter.",
        "Eli Fenn scored 12 points in the third quarter.",
        "Cy Dunmore erzielte 9 Punkte im ersten Viertel.",
        "The Herons shot 61 percent from the field in the third quarter.",
    ],
)
def test_period_figures_are_not_read_as_game_totals(response: str) -> None:
    assert _flagged(response) == []


@pytest.mark.parametrize(
    ("response", "flagged"),
    [
        # A wrong period score is still a finding, against the period's field.
        ("The Otters scored 41 points in the third quarter.", ["41"]),
        ("The Herons managed 35 points in the first quarter.", ["35"]),
        ("Die Herons erzielten 35 Punkte im ersten Viertel.", ["35"]),
        # No period phrase: the game total, as before.
        ("The Otters scored 88 points.", ["88"]),
        ("Ada Brook finished with 14 points.", ["14"]),
        # The period phrase is past a comma or another figure: it does not scope this one.
        ("Ada Brook finished with 14 points, and the Otters led in the third quarter.", ["14"]),
        ("Ada Brook had 14 points and 9 rebounds in the third quarter.", ["14"]),
    ],
)
def test_figures_outside_a_period_scope_are_still_checked(response: str, flagged: list[str]) -> None:
    assert _flagged(response) == flagged
