"""Italian dates are read: its month names ("17 maggio") and weekdays ("domenica") are lexicon
data (``numbers.json`` "it" months, ``weekdays.json``) though Italian is no lexicon language,
so an Italian date is held to the evidence as a date, its weekday to the calendar, and a figure
under an Italian day heading to that day's row (``nofab.numbers.dayfields``), as in the five
lexicon languages."""

from __future__ import annotations

import pytest

from nofab import Guard

_GUARD = Guard()

# Two days of a forecast; Sunday's 40 would be 26 + 14 (its high and low) by coincidence.
_DAYS = [
    {"date": "2026-05-16", "condition": "cloudy", "temp_max_c": 18, "temp_min_c": 7, "precip_prob": 35},
    {"date": "2026-05-17", "condition": "rain", "temp_max_c": 26, "temp_min_c": 14, "precip_prob": 80},
]


def _flagged(answer: str) -> list[tuple[str, str]]:
    turn = {
        "response": answer,
        "user_message": "Che tempo fa nel weekend a Bari?",
        "context": "Today is Thursday 2026-05-14.",
        "tool_calls": [{"name": "forecast", "arguments": {"city": "Bari"}, "result": {"days": _DAYS}}],
    }
    findings = _GUARD.check(turn).findings
    return [(f.detector, f.identifier) for f in findings if f.confidence >= 0.8]


@pytest.mark.parametrize(
    "answer",
    [
        "Sabato 16 maggio: nuvoloso, tra 7 e 18 °C. Domenica 17 maggio: pioggia all'80%.",
        "Il 17 maggio pioverà, mentre il 16 maggio sarà nuvoloso.",
        "**Domenica**: pioggia (probabilità 80%), tra 14 e 26 °C.",
        "Previsioni per sabato 16 maggio 2026: 35% di pioggia.",
        "Oggi, giovedì 14 maggio, il cielo è sereno.",
        "Sunday, May 17: rain (80% chance), between 14 and 26 °C.",
    ],
)
def test_an_italian_date_the_evidence_holds_is_read_as_a_date(answer: str) -> None:
    assert _flagged(answer) == []


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("Il 19 maggio pioverà.", ("numbers", "19 maggio")),  # no such day in the forecast
        ("Domenica 18 luglio: pioggia.", ("numbers", "18 luglio")),
        ("Venerdì 16 maggio: nuvoloso.", ("weekdays", "Venerdì")),  # 16 May 2026 is a Saturday
        # under an Italian day heading, a percentage no field of that day holds is a misread,
        # not the sum of the day's high and low
        ("Domenica 17 maggio: pioggia (probabilità 40%), tra 14 e 26 °C.", ("numbers", "40%")),
        ("**Domenica**: pioggia (probabilità 40%), tra 14 e 26 °C.", ("numbers", "40%")),
        ("Sunday: rain (40% chance), between 14 and 26 °C.", ("numbers", "40%")),
    ],
)
def test_an_italian_date_or_day_figure_the_evidence_does_not_hold_is_flagged(
    answer: str, flagged: tuple[str, str]
) -> None:
    assert flagged in _flagged(answer)
