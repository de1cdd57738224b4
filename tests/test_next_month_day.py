"""A date the answer resolves from a day of the month the user named alone ("on the 21st") is
its next occurrence from the turn's reference date (``nofab.numbers.nextmonthday``): that date,
with its own weekday if one is written, is derived; another month, another day, a wrong
weekday, or a day the user never named is not."""

from __future__ import annotations

import pytest

from nofab import Guard
from nofab.numbers.nextmonthday import days_named

_GUARD = Guard()

# Reference date: Tuesday 2027-03-16. The next 20th is Saturday March 20; the next 4th is
# Sunday April 4 (March 4 is past); the next 31st is Wednesday March 31.
_CONTEXT = "Today is Tuesday 2027-03-16. Times are local."


def _flagged(answer: str, user: str) -> list[tuple[str, str]]:
    turn = {
        "response": answer,
        "user_message": user,
        "context": _CONTEXT,
        "tool_calls": [{"name": "get_booking", "arguments": {"id": "KT41"}, "result": {"seats": 3}}],
    }
    findings = _GUARD.check(turn).findings
    return [
        (f.detector, f.identifier.rstrip("."))
        for f in findings
        if f.confidence >= 0.8 and f.detector in ("numbers", "weekdays")
    ]


@pytest.mark.parametrize(
    ("answer", "user"),
    [
        ("Your table is set for Saturday, March 20.", "Can I keep my table on the 20th?"),
        ("I moved it to March 20.", "Please move it to the 20th."),
        ("Booked for Sunday, April 4.", "Book me for the 4th, please."),
        ("It is now on Wednesday, March 31, 2027.", "Could we do the 31st?"),
        ("Su reserva queda para el sábado 20 de marzo.", "¿Puedo cambiarla para el 20?"),
        ("Queda para el domingo 4 de abril.", "Quiero ir el día 4."),
        ("Ihre Reservierung ist jetzt am Samstag, 20. März.", "Können Sie sie auf den 20. legen?"),
        ("Die Buchung gilt für Sonntag, 4. April.", "Bitte am 4. buchen."),
        ("Votre table est réservée le samedi 20 mars.", "Je voudrais venir le 20."),
    ],
)
def test_the_next_occurrence_of_a_day_the_user_named_is_derived(answer: str, user: str) -> None:
    assert _flagged(answer, user) == []


@pytest.mark.parametrize(
    ("answer", "user", "flagged"),
    [
        ("Your table is set for April 20.", "Can I keep my table on the 20th?", "April 20"),  # not the next
        ("Booked for March 4.", "Book me for the 4th, please.", "March 4"),  # past: the next 4th is in April
        ("Your table is set for March 21.", "Can I keep my table on the 20th?", "March 21"),  # another day
        ("Your table is set for March 20.", "Can I keep my table?", "March 20"),  # no day named
        ("Booked for April 4, 2028.", "Book me for the 4th, please.", "April 4, 2028"),  # another year
        ("Su reserva queda para el 20 de abril.", "¿Puedo cambiarla para el 20?", "20 de abril"),
        ("Die Buchung gilt für 4. Mai.", "Bitte am 4. buchen.", "4. Mai"),
        # "the 20 guests" names no day; "am 20" without its dot is no day either
        ("Your table is set for March 20.", "We are the 20 guests of the party.", "March 20"),
        ("Ihre Reservierung ist am 20. März.", "Wir kommen am 20 Uhr.", "20. März"),
    ],
)
def test_a_date_that_is_not_the_next_occurrence_of_a_named_day_is_flagged(
    answer: str, user: str, flagged: str
) -> None:
    assert ("numbers", flagged) in _flagged(answer, user)


@pytest.mark.parametrize(
    ("answer", "user"),
    [
        ("Your table is set for Friday, March 20.", "Can I keep my table on the 20th?"),  # a Saturday
        ("Su reserva queda para el lunes 20 de marzo.", "¿Puedo cambiarla para el 20?"),
    ],
)
def test_a_wrong_weekday_beside_the_resolved_date_is_flagged(answer: str, user: str) -> None:
    assert _flagged(answer, user) != []


@pytest.mark.parametrize(
    ("text", "days"),
    [
        ("on the 21st, and the 3rd", {21, 3}),
        ("the 21st of November", set()),  # a full date
        ("el 21 y el día 5", {21, 5}),
        ("el 21%", set()),
        ("am 21. und bis zum 3.", {21, 3}),
        ("am 21.11.", set()),
        ("am 21. November", set()),
        ("le 1er ou le 15", {1, 15}),
        ("no dia 9", {9}),
    ],
)
def test_days_named_alone(text: str, days: set[int]) -> None:
    assert days_named(text) == days
