"""A range of days ("Apr 6 – Apr 9", "del 6 al 9 de abril", "vom 6. bis 9. April") names every
day from its first end to its last: a figure after it is bound to no single day's row
(``nofab.numbers.dayrows``), while a figure after one day is still held against that day's row."""

from __future__ import annotations

import pytest

from nofab import Guard

_GUARD = Guard()

# One list of dated rows: the out leg (Tuesday April 6), the return (Friday April 9), a third.
_LEGS = {
    "legs": [
        {"flight": "MV310", "date": "2027-04-06", "price": 88},
        {"flight": "MV317", "date": "2027-04-09", "price": 131},
        {"flight": "MV402", "date": "2027-04-12", "price": 64},
    ]
}


def _flagged(answer: str) -> list[str]:
    turn = {
        "response": answer,
        "user_message": "What did each leg cost?",
        "tool_calls": [{"name": "get_legs", "arguments": {"trip": "MV"}, "result": _LEGS}],
    }
    findings = _GUARD.check(turn).findings
    return [f.identifier for f in findings if f.detector == "numbers" and f.confidence >= 0.8]


@pytest.mark.parametrize(
    "answer",
    [
        "| Trip | Dates | Fares |\n|---|---|---|\n| MV | Apr 6 – Apr 9 | $88 + $131 |",
        "April 6 to April 9: fares of $88 and $131.",
        "Tuesday to Friday: fares of $88 and $131.",
        "Del 6 al 9 de abril: tarifas de 88 $ y 131 $.",
        "Vom 6. bis 9. April: 88 $ und 131 $.",
        "Du 6 au 9 avril : 88 $ et 131 $.",
        "Apr 9: $131. Apr 6: $88.",
    ],
)
def test_a_figure_after_a_range_of_days_is_bound_to_no_single_day(answer: str) -> None:
    assert _flagged(answer) == []


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("Apr 9: fare $88.", "$88"),  # the out leg's price given for the return
        ("Am 9. April: 88 $.", "88"),
        ("Friday – April 9: $88.", "$88"),  # a day and its own date, no range
        ("Apr 6 – Apr 9: fares $88 + $140.", "$140"),  # no row holds it
    ],
)
def test_a_figure_after_one_day_is_held_against_that_day(answer: str, flagged: str) -> None:
    assert flagged in _flagged(answer)
