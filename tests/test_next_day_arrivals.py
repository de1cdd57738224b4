"""A record's date is the day its flight starts; a time the record marks as the next day ("+1",
"(+1)", an arrival earlier on the clock than the departure) falls on the day after. A date one
day after the record's date, written beside that time or with an arrival word, is the
record's arrival day, not a slip of its date (``nofab.numbers.nextday``). A date a day after a
same-day flight, a departure given the next day, or a date a day before stay slips."""

from __future__ import annotations

from typing import Any

import pytest

from nofab.evidence.records import Record
from nofab.numbers.nextday import next_day_clocks
from tests.helpers import call, findings, turn

#: an overnight leg, its arrival marked as the next day
MARKED = {
    "flight_number": "KX0860",
    "origin": "ORD",
    "destination": "BOS",
    "date": "2025-05-14",
    "scheduled_departure_time_est": "21:15:00",
    "scheduled_arrival_time_est": "00:31:00+1",
    "price": 144,
}
#: the same leg with no mark: its arrival is earlier on the clock than its departure
UNMARKED = dict(MARKED, scheduled_arrival_time_est="00:31:00")
#: a same-day leg: arrival later than departure
SAME_DAY = dict(MARKED, flight_number="KX0852", scheduled_departure_time_est="14:35:00")
SAME_DAY["scheduled_arrival_time_est"] = "17:52:00"


def _blocking(answer: str, record: dict[str, Any]) -> list[str]:
    found = findings(turn(answer, call("search_direct_flight", [record])), detector="numbers")
    return sorted(f.identifier for f in found if f.confidence >= 0.8)


def _values(**values: str) -> Record:
    return Record(where="r", names=(("flight_number", "KX1"),), values=values)


@pytest.mark.parametrize(
    ("values", "expected"),
    [
        ({"departure": "21:15:00", "arrival": "00:31:00+1"}, {(0, 31)}),
        ({"departure": "21:15", "arrival": "00:31 (+1)"}, {(0, 31)}),
        ({"departure_time": "23:50", "arrival_time": "06:05"}, {(6, 5)}),  # earlier than the departure
        ({"departure_time": "14:35", "arrival_time": "17:52"}, set()),  # later: the same day
        ({"departure": "2025-05-14T21:15", "arrival": "2025-05-15T00:31"}, set()),  # dates of their own
        ({"note": "00:31", "gate": "B4"}, set()),  # no roles, no mark
    ],
)
def test_the_times_a_record_marks_as_the_next_day(values: dict[str, str], expected: set[Any]) -> None:
    assert next_day_clocks(_values(**values)) == expected


@pytest.mark.parametrize("record", [MARKED, UNMARKED], ids=["marked", "unmarked"])
@pytest.mark.parametrize(
    "answer",
    [
        "| # | Flight | Departs | Arrives | Fare |\n|---|---|---|---|---|\n"
        "| 1 | KX0860 | 9:15 PM | 12:31 AM (Thu, May 15) | $144 |",
        "KX0860 lands at 12:31 AM on Thursday, May 15.",
        "KX0860 leaves at 9:15 PM and gets you to Boston at 12:31 AM, May 15.",
        "KX0860 lands just after midnight, on Thursday May 15.",  # an arrival word, no time
        "Le vol KX0860 décolle à 21 h 15 ; arrivée à Boston à 0 h 31, le 15 mai.",
        "Le vol KX0860 : arrivée le 15 mai à 0 h 31.",
        "El KX0860 sale a las 21:15 y llega a las 0:31 del jueves 15 de mayo.",
        "O voo KX0860 sai às 21h15 e chega às 00h31 de quinta-feira, 15 de maio.",
    ],
)
def test_the_day_after_written_with_the_next_day_arrival_passes(answer: str, record: dict[str, Any]) -> None:
    assert _blocking(answer, record) == []


def test_a_next_day_time_names_its_record_without_the_records_name() -> None:
    assert _blocking("The late option gets you in at 12:31 AM (Thu, May 15).", MARKED) == []


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("| 2 | KX0852 | 2:35 PM | 5:52 PM (Thu, May 15) | $144 |", "May 15"),
        ("KX0852 lands at 5:52 PM on Thursday, May 15.", "May 15"),
        ("Le vol KX0852 décolle à 14 h 35 ; arrivée à Boston à 17 h 52, le 15 mai.", "15 mai"),
        ("El KX0852 sale a las 14:35 y llega a las 17:52 del jueves 15 de mayo.", "15 de mayo"),
        ("The afternoon option gets you in at 5:52 PM (Thu, May 15).", "May 15"),
    ],
)
def test_the_day_after_a_same_day_flight_stays_a_slip(answer: str, flagged: str) -> None:
    assert _blocking(answer, SAME_DAY) == [flagged]


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("KX0860 departs on May 15.", "May 15"),  # the departure given the day after
        ("KX0860 departs at 9:15 PM on May 15 and lands at 12:31 AM.", "May 15"),  # the departure's day
        ("El KX0860 sale el 15 de mayo a las 21:15.", "15 de mayo"),
        ("KX0860 lands at 12:31 AM on May 13.", "May 13"),  # a day before the record's date
        ("KX0860 lands at 12:31 AM on May 21.", "May 21"),  # a week after it
    ],
)
def test_an_overnight_flights_other_slips_stay_slips(answer: str, flagged: str) -> None:
    assert _blocking(answer, MARKED) == [flagged]


def test_the_marked_arrival_time_is_still_read_as_a_time() -> None:
    answer = turn("KX0860 lands at 12:31 AM.", call("search_direct_flight", [MARKED]))
    assert [f.identifier for f in findings(answer, detector="numbers")] == []
