"""Dates and times an answer resolves from the turn's calendar instead of copying them
(``nofab.numbers.nextweekday``, ``dateseries``, ``timeslots``, ``dayrelations``), and a weekday
checked against the one year the evidence gives a month (``nofab.detectors.weekdays``)."""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Guard

_GUARD = Guard()


def _flagged(answer: str, user: str, calls: list[dict[str, Any]], context: str | None = None) -> list[str]:
    turn: dict[str, Any] = {"response": answer, "user_message": user, "tool_calls": calls}
    if context is not None:
        turn["context"] = context
    findings = _GUARD.check(turn).findings
    return [f.identifier for f in findings if f.kind == "unverified_number" and f.confidence >= 0.8]


# ---------------------------------------------------------------- the next occurrence of a weekday
_NOW = "Current time: 2025-05-07 10:00"  # a Wednesday
_VISIT = [{"name": "schedule_visit", "arguments": {"trade": "plumber"}, "result": {"visit_id": "V-88"}}]


@pytest.mark.parametrize(
    ("user", "answer"),
    [
        ("Book the plumber for Friday.", "Done: the plumber comes this Friday, **May 9**."),
        ("Book the plumber for Friday.", "The visit is set for Friday, May 9."),
        ("Can the plumber come on Wednesday?", "Booked for Wednesday, May 14 (next week's Wednesday)."),
        ("Bitte den Klempner für Freitag buchen.", "Der Klempner kommt am Freitag, 9. Mai."),
        ("Réserve le plombier pour vendredi.", "Le plombier passe vendredi 9 mai."),
        ("Reserva el fontanero para el viernes.", "El fontanero viene el viernes 9 de mayo."),
    ],
)
def test_a_named_weekday_resolved_to_its_next_date_is_grounded(user: str, answer: str) -> None:
    assert _flagged(answer, user, _VISIT, _NOW) == []


@pytest.mark.parametrize(
    ("user", "answer", "flagged"),
    [
        # the weekday's occurrence after next, not its next one
        ("Book the plumber for Friday.", "The plumber comes Friday, May 16.", "May 16"),
        # a weekday nobody named
        ("Book the plumber for Friday.", "The plumber comes Thursday, May 8.", "May 8"),
        # no weekday named at all
        ("Book the plumber this week.", "The plumber comes Friday, May 9.", "May 9"),
        # the weekday written does not fall on that date
        ("Book the plumber for Friday.", "The plumber comes Friday, May 10.", "May 10"),
        # no weekday beside the date in the answer
        ("Book the plumber for Friday.", "The plumber comes on May 9.", "May 9"),
        ("Bitte den Klempner für Freitag buchen.", "Gebucht ist Donnerstag, 15. Mai.", "15. Mai"),
        ("Réserve le plombier pour vendredi.", "Le plombier passe vendredi 16 mai.", "16 mai"),
    ],
)
def test_a_date_that_is_not_the_named_weekdays_next_stays_flagged(
    user: str, answer: str, flagged: str
) -> None:
    assert [f for f in _flagged(answer, user, _VISIT, _NOW) if f.startswith(flagged)]


def test_a_weekday_without_a_known_today_is_not_resolved() -> None:
    assert _flagged("The plumber comes Friday, May 9.", "Book the plumber for Friday.", _VISIT)


def test_the_day_of_the_month_a_tool_gives_the_weekday_decides() -> None:
    def slot(text: str) -> list[dict[str, Any]]:
        return [{"name": "get_messages", "arguments": {}, "result": [{"body": text}]}]

    user = "What did the courier say?"
    assert _flagged("Delivery is on Tuesday, May 13.", user, slot("Delivery Tuesday the 13th"), _NOW) == []
    assert _flagged("Delivery is on Tuesday, May 13.", user, slot("Delivery Tuesday the 20th"), _NOW)
    assert _flagged("Lieferung am Dienstag, 13. Mai.", user, slot("Lieferung Dienstag, den 13."), _NOW) == []


# ---------------------------------------------------------------- a day from a held date
_EMPTY = [
    {"name": "search_trains", "arguments": {"date": "2025-03-14"}, "result": []},
    {
        "name": "get_booking",
        "arguments": {"id": "K2P9QX"},
        "result": {"booking_id": "K2P9QX", "date": "2025-03-20"},
    },
]


@pytest.mark.parametrize(
    "answer",
    [
        "There is nothing on March 14. Shall I look at March 13 or March 15 instead?",
        "Nothing on March 14; alternatively I can search March 15.",
        "Rien le 14 mars. Je regarde le 13 mars ou le 15 mars à la place ?",
        "Am 14. März gibt es nichts. Soll ich stattdessen den 15. März prüfen?",
        "No hay nada el 14 de marzo. ¿Busco otra fecha, como el 15 de marzo?",
    ],
)
def test_a_neighbouring_day_offered_as_an_alternative_is_no_slip(answer: str) -> None:
    assert _flagged(answer, "Any train on the 14th?", _EMPTY) == []


@pytest.mark.parametrize(
    "answer",
    [
        "There is nothing on March 15.",
        "I found no trains for March 13.",
        "Am 15. März gibt es leider nichts.",
    ],
)
def test_a_neighbouring_day_asserted_as_the_searched_one_is_a_slip(answer: str) -> None:
    assert _flagged(answer, "Any train on that day?", _EMPTY)


_FLIGHT = [
    {
        "name": "get_reservation",
        "arguments": {"reservation_id": "K2P9QX"},
        "result": {"reservation_id": "K2P9QX", "flights": [{"flight_number": "ZA410", "date": "2025-03-14"}]},
    }
]


@pytest.mark.parametrize(
    "answer",
    [
        "Online check-in for ZA410 on March 14 opens the day before, on March 13.",
        "Check-in for your ZA410 flight (March 14) opens a day before departure: March 13.",
        "Der Check-in für ZA410 am 14. März öffnet am Vortag, dem 13. März.",
        "L'enregistrement du vol ZA410 du 14 mars ouvre la veille, le 13 mars.",
    ],
)
def test_a_day_related_to_the_records_date_written_beside_it_is_no_slip(answer: str) -> None:
    assert _flagged(answer, "When can I check in for K2P9QX?", _FLIGHT) == []


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("Your flight ZA410 is on March 13.", "March 13"),
        ("ZA410 is on March 15, the day after tomorrow.", "March 15"),  # the record's date not written
        ("Ihr Flug ZA410 ist am 13. März.", "13. März"),
    ],
)
def test_a_day_given_as_the_records_own_date_stays_a_slip(answer: str, flagged: str) -> None:
    assert [f for f in _flagged(answer, "When do I fly?", _FLIGHT) if f.startswith(flagged)]


# ---------------------------------------------------------------- a weekly series
def _series(result: dict[str, Any], user: str = "Set up yoga from April 2.") -> list[dict[str, Any]]:
    return [{"name": "create_series", "arguments": {"title": "Yoga"}, "result": result}]


_WEEKLY = {"series_id": "S-1", "freq": "weekly", "first": "2025-04-02"}


@pytest.mark.parametrize(
    "answer",
    [
        "Your yoga class runs on Apr 2, 9, 16, 23 and 30.",
        "Sessions: April 2, 9, 16 & 23.",
        "Vos cours : 2, 9, 16 et 23 avril.",
        "Los días 2, 9, 16 y 23 de abril.",
        "Termine am 2., 9., 16. und 23. April.",
        "Sessions until the series ends: Apr 2, 9, 16, 23 and 30.",
    ],
)
def test_the_days_of_a_weekly_series_from_a_held_start_are_grounded(answer: str) -> None:
    assert _flagged(answer, "Set up yoga from April 2.", _series(_WEEKLY)) == []


def test_a_recurring_weekday_in_the_request_makes_the_series_weekly() -> None:
    result = {"series_id": "S-1", "first": "2025-04-02"}
    for user in ("Add yoga every Wednesday from April 2.", "Yoga jeden Mittwoch ab dem 2. April eintragen."):
        assert _flagged("Sessions: Apr 2, 9, 16, 23 and 30.", user, _series(result)) == []


@pytest.mark.parametrize(
    ("answer", "result", "flagged"),
    [
        ("Sessions: Apr 2, 9, 17, 23.", _WEEKLY, "17"),  # the step broken
        ("Sessions: Apr 2, 9, 16, 23.", {"series_id": "S-1", "first": "2025-04-02"}, "16"),  # not weekly
        ("Sessions: Apr 3, 10, 17, 24.", _WEEKLY, "17"),  # no day of the run is held
        ("Cours : 2, 9, 17 et 23 avril.", _WEEKLY, "17"),
        ("Sessions: Apr 2, 9, 16, 23 and 30.", {**_WEEKLY, "until": "2025-04-16"}, "23"),  # past its end
        ("Sessions: Apr 2, 9, 16, 23.", {"rrule": "FREQ=WEEKLY;UNTIL=20250409", "first": "2025-04-02"}, "16"),
    ],
)
def test_a_run_that_is_no_weekly_series_of_a_held_date_stays_flagged(
    answer: str, result: dict[str, Any], flagged: str
) -> None:
    assert flagged in _flagged(answer, "Set up yoga from April 2.", _series(result))


# ---------------------------------------------------------------- a slot fitted into a gap
_DAY = [
    {
        "name": "list_events",
        "arguments": {"day": "2025-06-10"},
        "result": [
            {"title": "Review", "start": "2025-06-10 09:00", "end": "2025-06-10 10:00"},
            {"title": "Demo", "start": "2025-06-10 11:30", "end": "2025-06-10 12:30"},
        ],
    }
]


@pytest.mark.parametrize(
    ("user", "answer"),
    [
        (
            "When do I have a free hour this morning?",
            "You're free 10:00-11:30. Shall I block 10:00-11:00 AM?",
        ),
        ("Find me 30 minutes before lunch.", "I can hold 11:00–11:30 for you."),  # ends at the Demo
        ("Find me 30 minutes.", "I can hold 10:00–10:30 for you."),
        ("Wann habe ich eine freie Stunde?", "Frei ist 10:00–11:30. Soll ich 10:00–11:00 Uhr blocken?"),
        ("Trouve-moi une heure de libre.", "Libre de 10:00 à 11:30 ; je bloque 10:00 à 11:00 ?"),
    ],
)
def test_a_slot_of_the_asked_length_from_a_held_time_inside_a_gap_is_grounded(user: str, answer: str) -> None:
    assert _flagged(answer, user, _DAY) == []


@pytest.mark.parametrize(
    ("user", "answer", "flagged"),
    [
        ("When do I have a free hour?", "Shall I block 10:00-11:15?", "11:15"),  # no length asked
        ("When do I have a free hour?", "Shall I block 10:15-11:15?", "11:15"),  # start not held
        ("When do I have two free hours?", "Shall I block 10:00-12:00?", "12:00"),  # crosses the Demo
        ("Wann habe ich eine freie Stunde?", "Soll ich 10:00–11:15 Uhr blocken?", "11:15"),
    ],
)
def test_a_slot_end_not_fitted_into_a_gap_stays_flagged(user: str, answer: str, flagged: str) -> None:
    assert [f for f in _flagged(answer, user, _DAY) if f.startswith(flagged)]


_AFTERNOON = [
    {
        "name": "list_events",
        "arguments": {"day": "2025-06-11"},
        "result": [
            {"title": "Sync", "start": "2025-06-11 12:00", "end": "2025-06-11 13:00"},
            {"title": "Call", "start": "2025-06-11 16:30", "end": "2025-06-11 17:00"},
        ],
    }
]


@pytest.mark.parametrize(
    ("user", "answer"),
    [
        ("I need two hours for the report.", "Free 13:00-16:30. Shall I block 13:00-15:00?"),
        ("Any three free hours this afternoon?", "You're free from 13:00; I can hold 13:00–16:00."),
        ("Ich brauche zwei Stunden für den Bericht.", "Soll ich dir 13:00–15:00 Uhr blocken?"),
        ("Il me faut deux heures de libre.", "Je bloque 14:30 à 16:30 ?"),  # ends at the Call
        ("Necesito dos horas libres.", "Puedo bloquear 13:00-15:00."),
    ],
)
def test_a_slot_whose_length_is_a_count_word_fits_the_gap(user: str, answer: str) -> None:
    """A slot's length written as a number word ("two hours", "zwei Stunden") is read as
    the length the user asked, as "an hour" is."""
    assert _flagged(answer, user, _AFTERNOON) == []


@pytest.mark.parametrize(
    ("user", "answer", "flagged"),
    [
        ("I need two hours for the report.", "Shall I block 13:00-15:30?", "15:30"),  # not two hours
        ("I need four hours for the report.", "Shall I block 12:30-16:30?", "12:30"),  # crosses the Sync
        ("Ich brauche zwei Stunden.", "Soll ich 13:00–14:30 Uhr blocken?", "14:30"),
        ("Il me faut deux heures de libre.", "Je bloque 13:15 à 15:15 ?", "15:15"),  # start not held
        ("Block both hours after the sync.", "Shall I block 13:00-15:00?", "15:00"),  # 'both' counts no unit
    ],
)
def test_a_count_word_slot_that_does_not_fit_stays_flagged(user: str, answer: str, flagged: str) -> None:
    assert [f for f in _flagged(answer, user, _AFTERNOON) if f.startswith(flagged)]


# ---------------------------------------------------------------- a weekday against the month's year
def _weekday_findings(answer: str, dates: list[str]) -> list[str]:
    turn = {
        "response": answer,
        "user_message": "When are the next sessions?",
        "tool_calls": [{"name": "list_sessions", "arguments": {}, "result": {"next": dates}}],
    }
    return [f.identifier for f in _GUARD.check(turn).findings if f.detector == "weekdays"]


@pytest.mark.parametrize(
    "answer",
    ["Next: Tue, Jun 3 and Mon, Jun 5.", "Prochaines : mardi 3 juin, lundi 5 juin.", "Montag, 5. Juni"],
)
def test_a_weekday_beside_an_unheld_date_is_checked_in_the_months_one_year(answer: str) -> None:
    assert _weekday_findings(answer, ["2025-06-03", "2025-06-10"])


@pytest.mark.parametrize(
    ("answer", "dates"),
    [
        ("Next: Tue, Jun 3 and Thu, Jun 5.", ["2025-06-03", "2025-06-10"]),  # right weekday
        ("Next: Mon, Jun 5.", ["2024-06-03", "2025-06-10"]),  # two years for June: nothing said
        ("Next: Mon, Jun 5.", ["2025-07-03"]),  # no date of that month
    ],
)
def test_a_weekday_with_no_single_year_or_the_right_one_is_not_flagged(answer: str, dates: list[str]) -> None:
    assert _weekday_findings(answer, dates) == []


@pytest.mark.parametrize(
    ("user", "answer", "flagged"),
    [
        ("Add a haircut on Friday at 11, for one hour.", "The haircut is in for 10:00 to 11:00 AM.", "10:00"),
        ("Add a haircut on Friday at 11, for one hour.", "Your haircut runs 11:30 to 12:30.", "12:30"),
        (
            "Trag Friseur am Freitag um 11 ein, eine Stunde.",
            "Der Friseur ist von 10:00 bis 11:00 Uhr.",
            "10:00",
        ),
    ],
)
def test_an_events_own_hours_are_no_free_slot(user: str, answer: str, flagged: str) -> None:
    calls = [
        {
            "name": "create_event",
            "arguments": {"title": "Haircut", "start": "2025-06-13 11:00", "end": "2025-06-13 12:00"},
            "result": {"event_id": "E-4"},
        }
    ]
    assert flagged in _flagged(answer, user, calls)
