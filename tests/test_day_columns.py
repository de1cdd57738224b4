"""A figure in a table column headed by a day (``nofab.numbers.daycolumns``).

Written from the principle: in a markdown table whose header cell names a day that one dated
record falls on, and whose body row's label is a field of that record, the cell's first
figure must be the record's field; another day's value or a coincidental derivation there is
a misread. Held cells, headers that name no day, labels that name no field, two records of
one day, a conversion after the figure and days written as rows must not fire here.
"""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Profile, Turn
from nofab.detectors.numbers import NumberDetector
from nofab.evidence.index import Evidence
from nofab.language.lexicon import lexicon_for
from nofab.numbers.daycolumns import tables

NOW = "Current time: 2025-03-09 18:00 (Sunday)"
FORECAST = {
    "name": "get_forecast",
    "result": {
        "city": "Halden",
        "days": [
            {"date": "2025-03-10", "high_f": 61, "low_f": 43, "wind_mph": 18},
            {"date": "2025-03-11", "high_f": 66, "low_f": 48, "wind_mph": 14},
        ],
    },
}
PRONOSTICO = {
    "name": "obtener_pronostico",
    "result": [
        {"fecha": "2025-03-10", "temp_maxima": 61, "temp_minima": 43},
        {"fecha": "2025-03-11", "temp_maxima": 66, "temp_minima": 48},
    ],
}
NOW_AND_THEN = [
    {"name": "forecast", "result": {"date": "2025-03-10", "forecast": {"high_f": 61, "low_f": 43}}},
    {"name": "history", "result": {"date": "2024-03-10", "observed": {"high_f": 55, "low_f": 37}}},
]


def flagged(answer: str, calls: list[dict[str, Any]]) -> list[str]:
    profile = Profile()
    turn = Turn.from_dict({"response": answer, "context": NOW, "tool_calls": calls})
    evidence = Evidence(turn, profile, lexicon_for(profile))
    found = NumberDetector(profile).detect(evidence)
    return [f.identifier for f in found if "column of" in f.reason]


MUST_FIRE = [
    (
        "en, another day's value",
        "| | Monday | Tuesday |\n|---|---|---|\n| High | 61°F | 61°F |\n| Low | 43°F | 48°F |",
        [FORECAST],
        "61",
    ),
    (
        "en, relative days in the header",
        "| | Tomorrow | Tuesday |\n|---|---|---|\n| High | 61 °F | 66 °F |\n| Low | 43 °F | 47 °F |",
        [FORECAST],
        "47",
    ),
    (
        "en, a year tells two records apart",
        "| | Tomorrow | March 10, 2024 |\n|---|---|---|\n| High | 61°F | 55°F |\n| Low | 43°F | 18°F |",
        NOW_AND_THEN,
        "18",
    ),
    (
        "es, a wrong column",
        "| | Lunes | Martes |\n|---|---|---|\n| Máxima | 61 °F | 66 °F |\n| Mínima | 48 °F | 48 °F |",
        [PRONOSTICO],
        "48",
    ),
    (
        "es, a date in the header",
        "| | 10 de marzo | 11 de marzo |\n| --- | --- | --- |\n| Máxima | 61 | 65 |",
        [PRONOSTICO],
        "65",
    ),
]


@pytest.mark.parametrize(("case", "answer", "calls", "figure"), MUST_FIRE, ids=[c[0] for c in MUST_FIRE])
def test_a_cell_the_days_record_holds_otherwise_fires(
    case: str, answer: str, calls: list[dict[str, Any]], figure: str
) -> None:
    assert flagged(answer, calls) == [figure], case


MUST_NOT_FIRE = [
    (
        "en, every cell held",
        "| | Monday | Tuesday |\n|---|---|---|\n| High | 61°F | 66°F |\n| Low | 43°F | 48°F |",
        [FORECAST],
    ),
    ("en, a header naming no day", "| | Halden | Moss |\n|---|---|---|\n| High | 66°F | 61°F |", [FORECAST]),
    (
        "en, a label naming no field",
        "| | Monday | Tuesday |\n|---|---|---|\n| Range | 18°F | 18°F |",
        [FORECAST],
    ),
    (
        "en, a conversion after the figure",
        "| | Monday | Tuesday |\n|---|---|---|\n| High | 61°F (16°C) | 66°F (19°C) |",
        [FORECAST],
    ),
    (
        "en, days as rows",
        "| Day | High | Low |\n|---|---|---|\n| Monday | 61 | 43 |\n| Tuesday | 66 | 48 |",
        [FORECAST],
    ),
    (
        "en, two records of one day",
        "| | Monday |\n|---|---|\n| High | 66°F |",
        [FORECAST, {"name": "other_city", "result": {"date": "2025-03-10", "high_f": 66}}],
    ),
    (
        "es, every cell held",
        "| | Lunes | Martes |\n|---|---|---|\n| Máxima | 61 °F | 66 °F |\n| Mínima | 43 °F | 48 °F |",
        [PRONOSTICO],
    ),
    (
        "en, the same day a year apart, held",
        "| | Tomorrow | March 10, 2024 |\n|---|---|---|\n| High | 61°F | 55°F |\n| Low | 43°F | 37°F |",
        NOW_AND_THEN,
    ),
]


@pytest.mark.parametrize(("case", "answer", "calls"), MUST_NOT_FIRE, ids=[c[0] for c in MUST_NOT_FIRE])
def test_held_or_unbound_cells_pass(case: str, answer: str, calls: list[dict[str, Any]]) -> None:
    assert flagged(answer, calls) == [], case


def test_tables_read_by_cell() -> None:
    """A header, its separator and the body rows after it; outer pipes are no cells."""
    answer = "Here:\n\n| | Mon | Tue |\n|:---|---:|---|\n| High | 1 | 2 |\n\nDone."
    ((head, body),) = tables(answer)
    assert [answer[a:b].strip() for a, b in head] == ["", "Mon", "Tue"]
    assert [[answer[a:b].strip() for a, b in row] for row in body] == [["High", "1", "2"]]
