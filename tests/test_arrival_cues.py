"""The role a time is given is read from the nearest cue of its own clause: a verb of arriving
(landed, arrived, touched down, llegó, aterrizó, atterri, landete, chegou) binds it to the
record's arrival, one of leaving (left, departed, took off, salió, décollé, startete, partiu)
to its departure, whatever plain "at" stands between (``nofab.numbers.roles``)."""

from __future__ import annotations

import pytest

from nofab import Guard

_GUARD = Guard()
_STATUS = {
    "flight_number": "QX418",
    "date": "2025-03-03",
    "status": "landed",
    "scheduled_departure": "08:05",
    "actual_departure": "09:40",
    "scheduled_arrival": "11:20",
    "actual_arrival": "12:55",
}


def _flagged(answer: str) -> list[str]:
    turn = {
        "response": answer,
        "user_message": "What happened with QX418 yesterday?",
        "context": "Current time: 2025-03-04 10:00.",
        "tool_calls": [
            {"name": "get_flight_status", "arguments": {"flight_number": "QX418"}, "result": _STATUS}
        ],
    }
    findings = _GUARD.check(turn).findings
    return [f.identifier for f in findings if f.detector == "numbers" and f.confidence >= 0.8]


@pytest.mark.parametrize(
    "answer",
    [
        "QX418 was due to leave at 08:05 but departed at 09:40, and it landed at 12:55 instead of 11:20.",
        "QX418 left at 09:40 and arrived at 12:55.",
        "QX418 took off at 09:40 and touched down at 12:55.",
        "QX418 was scheduled to land at 11:20.",
        "El vuelo QX418 salió a las 09:40 y aterrizó a las 12:55.",
        "El vuelo QX418 llegó a las 12:55 en lugar de a las 11:20.",
        "Le vol QX418 a décollé à 09:40 et a atterri à 12:55.",
        "Der Flug QX418 startete um 09:40 und landete um 12:55.",
        "Der Flug QX418 ist um 12:55 gelandet.",
        "O voo QX418 partiu às 09:40 e pousou às 12:55.",
    ],
)
def test_a_time_read_with_its_clause_cue_is_the_field_of_that_side(answer: str) -> None:
    assert _flagged(answer) == []


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        # a departure time given as the arrival, and the other way round
        ("QX418 landed at 09:40.", "09:40"),
        ("QX418 arrived at 08:05.", "08:05"),
        ("QX418 departed at 12:55.", "12:55"),
        ("El vuelo QX418 aterrizó a las 09:40.", "09:40"),
        ("Der Flug QX418 landete um 08:05.", "08:05"),
        ("Le vol QX418 a atterri à 09:40.", "09:40"),
        ("O voo QX418 partiu às 12:55.", "12:55"),
    ],
)
def test_a_time_of_the_other_side_is_flagged(answer: str, flagged: str) -> None:
    assert flagged in _flagged(answer)


@pytest.mark.parametrize(
    "answer",
    [
        # the English article "a" is also a Spanish/Portuguese range link: with no time before
        # it in the clause it links nothing, and gives no role
        "QX418 is the cheap one, but it means a 12:55 arrival.",
        "QX418 works if a 11:20 arrival suits you.",
        "El vuelo QX418 es una opción si te va bien una llegada a 12:55.",
        "O voo QX418 vai de 09:40 a 12:55.",  # a link after a time still closes the range
    ],
)
def test_a_range_link_with_no_time_before_it_gives_no_role(answer: str) -> None:
    assert _flagged(answer) == []


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("QX418 is the cheap one, at 12:55.", "12:55"),  # a plain "at" is still a start
        ("QX418 is cheaper, but it lands at 08:05.", "08:05"),
        ("El vuelo QX418 sale a las 12:55.", "12:55"),
        ("O voo QX418 vai de 12:55 a 09:40.", "09:40"),  # the range's end is the departure
    ],
)
def test_a_plain_at_or_a_closed_range_still_gives_its_role(answer: str, flagged: str) -> None:
    assert flagged in _flagged(answer)
