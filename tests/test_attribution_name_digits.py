"""Digits inside a proper name ("Golden 1 Center", "Pier 39 Market") are not a quantity.

Principle (``values._in_name``): a number with a capitalised name word on both sides is part
of the name; a quantity is followed by what it counts, in lower case. Hand-written records
in two domains; with ``unbound_numbers`` every bare number near a name would be a claim.
"""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Guard, Policy, Profile
from nofab.detectors.attribution import AttributionDetector
from nofab.evidence.index import Evidence
from nofab.language.lexicon import lexicon_for

CLUB: dict[str, Any] = {"TEAM-NAME": "Otters", "TEAM-PTS": "104", "TEAM-WINS": "30"}
STALL: dict[str, Any] = {"stall_name": "Marta Quell", "crates": 40, "price": 12}
PROFILE = Profile.from_dict(
    {
        "name_fields": ["TEAM-NAME", "stall_name"],
        "field_aliases": {"points": ["TEAM-PTS"], "crates": ["crates"]},
        "rules": {"attribution": {"unbound_numbers": True}},
    }
)


def _numbers(response: str, result: Any) -> list[str]:
    turn = {"tool_calls": [{"name": "report", "result": result}], "response": response}
    evidence = Evidence(Guard(Policy(), PROFILE)._coerce(turn), PROFILE, lexicon_for(PROFILE))
    found = AttributionDetector(PROFILE).detect(evidence)
    return [f.identifier for f in found if f.evidence.get("category") == "NUMBER"]


@pytest.mark.parametrize(
    ("response", "result"),
    [
        ("The Otters won 104-99 at Golden 1 Center.", CLUB),
        ("The Otters scored 104 points at the Harbour 7 Arena.", CLUB),
        ("Marta Quell sold 40 crates at Pier 39 Market.", STALL),
        ("Marta Quell moved her stall to Dock 3 Street.", STALL),
    ],
)
def test_digits_between_name_words_are_not_claims(response: str, result: Any) -> None:
    """A number inside a name is not checked against the record."""
    assert _numbers(response, result) == []


@pytest.mark.parametrize(
    ("response", "result", "flagged"),
    [
        ("The Otters scored 77 points at Golden 1 Center.", CLUB, "77"),
        ("The Otters had 55 at Harbour Arena.", CLUB, "55"),  # a lower-case word before: a figure
        ("Marta Quell sold 45 crates at Pier 39 Market.", STALL, "45"),
        ("Marta Quell had 31 at Pier 39 Market.", STALL, "31"),
    ],
)
def test_quantities_beside_a_name_are_still_claims(response: str, result: Any, flagged: str) -> None:
    """Only the digits inside the name are exempt; the figures around it are still read."""
    assert _numbers(response, result) == [flagged]
