"""A pair that is exactly another pair field of the same record: the stat word is wrong.

Principle (``pairs._other_field``): "6-for-6 from three" when the record's free throws are
6 of 6 and its threes are not is one wrong stat word, reported once on the phrase (category
WORD), not as two wrong numbers. Small pairs (both at most 5) fit another field by chance and
stay number findings. Hand-written records, several phrasings, two languages.
"""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Guard, Policy, Profile
from nofab.detectors.attribution import AttributionDetector
from nofab.evidence.index import Evidence
from nofab.language.lexicon import lexicon_for
from nofab.model.finding import Finding

ROSTER: dict[str, Any] = {
    "PLAYER_NAME": {"0": "Ada Brook", "1": "Cy Dunmore"},
    "FGM": {"0": "9", "1": "4"},
    "FGA": {"0": "18", "1": "11"},
    "FG3M": {"0": "0", "1": "1"},
    "FG3A": {"0": "2", "1": "3"},
    "FTM": {"0": "8", "1": "2"},
    "FTA": {"0": "8", "1": "2"},
}
#: A warehouse: picks and packs counted as done/planned pairs.
SHIFT: list[dict[str, Any]] = [
    {"worker_name": "Lia Moor", "picks_done": 40, "picks_planned": 44, "packs_done": 31, "packs_planned": 35},
]
PROFILE = Profile.from_dict(
    {
        "name_fields": ["PLAYER_NAME", "worker_name"],
        "field_aliases": {
            "from the field": ["FGM/FGA"],
            "from three": ["FG3M/FG3A"],
            "from the three point line": ["FG3M/FG3A"],
            "from the line": ["FTM/FTA"],
            "von der Dreierlinie": ["FG3M/FG3A"],
            "aus dem Feld": ["FGM/FGA"],
            "picks": ["picks_done/picks_planned"],
            "packs": ["packs_done/packs_planned"],
        },
    }
)


def _findings(response: str, result: Any = ROSTER) -> list[Finding]:
    turn = {"tool_calls": [{"name": "report", "result": result}], "response": response}
    evidence = Evidence(Guard(Policy(), PROFILE)._coerce(turn), PROFILE, lexicon_for(PROFILE))
    return list(AttributionDetector(PROFILE).detect(evidence))


def _by_category(found: list[Finding]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for f in found:
        out.setdefault(str(f.evidence.get("category")), []).append(f.identifier)
    return out


@pytest.mark.parametrize(
    ("response", "result", "word"),
    [
        ("Ada Brook went 8-for-8 from three.", ROSTER, "from three"),
        ("Ada Brook shot 8-of-8 from the three-point line.", ROSTER, "from the three-point line"),
        ("Ada Brook was 8-8 from the field.", ROSTER, "from the field"),
        ("Ada Brook traf 8-8 von der Dreierlinie.", ROSTER, "von der Dreierlinie"),
        ("Lia Moor finished 31-35 picks.", SHIFT, "picks"),
        ("Lia Moor finished 40 of 44 packs.", SHIFT, "packs"),
    ],
)
def test_a_pair_that_is_another_field_is_one_finding_on_the_word(
    response: str, result: Any, word: str
) -> None:
    """Both numbers are right for another field of the record: the stat word, once."""
    found = _findings(response, result)
    assert _by_category(found).get("NUMBER") is None
    words = [response[f.span[0] : f.span[1]] for f in found if f.evidence.get("category") == "WORD"]
    assert words == [word]


@pytest.mark.parametrize(
    ("response", "expected"),
    [
        # Wrong numbers that fit no other field: number findings, as before.
        ("Ada Brook went 7-for-8 from three.", {"NUMBER": ["7", "8"]}),
        ("Ada Brook traf 9-17 aus dem Feld.", {"NUMBER": ["17"]}),
        # Small pairs fit another field too easily: still the numbers.
        ("Cy Dunmore went 2-for-2 from three.", {"NUMBER": ["2", "2"]}),
        # The right field: nothing.
        ("Ada Brook went 8-for-8 from the line.", {}),
        ("Ada Brook traf 9-18 aus dem Feld.", {}),
    ],
)
def test_other_pairs_stay_number_findings(response: str, expected: dict[str, list[str]]) -> None:
    """Only an exact fit of another field moves the finding to the word."""
    assert _by_category(_findings(response)) == expected
