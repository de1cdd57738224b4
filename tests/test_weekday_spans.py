"""A count of days from today beside a weekday (numbers/spandistance.py): "next Friday, in 10
days" names one of the weekday's next two occurrences, which the evidence must hold, and the
count must be the distance to it ("next" is read both ways: the coming Friday or the one
after). A count off by one is found; a weekday with no held date on it is not read."""

from __future__ import annotations

import pytest

from tests.helpers import blocking, call

TODAY = "Current date and time: Tuesday, 2025-03-04 08:15. User: Ana Ruiz."
STAY = call("GetBooking", {"booking_id": "HB-1", "check_in": "2025-03-14", "check_out": "2025-03-17"})

RIGHT = [
    "The check-in is next Friday, in 10 days.",
    "Le check-in est vendredi prochain, dans 10 jours.",
    "El check-in es el viernes de la semana que viene, dentro de 10 días.",
    "O check-in é na sexta-feira da semana que vem, daqui a 10 dias.",
    "Der Check-in ist nächsten Freitag, in 10 Tagen.",
]


@pytest.mark.parametrize("answer", RIGHT)
def test_the_distance_to_the_held_weekday_is_clean(answer: str) -> None:
    assert blocking(answer, STAY, context=TODAY) == []


@pytest.mark.parametrize("answer", [a.replace("10", "11") for a in RIGHT])
def test_a_count_off_by_one_is_found(answer: str) -> None:
    assert blocking(answer, STAY, context=TODAY) != []


def test_a_weekday_no_held_date_falls_on_is_not_read() -> None:
    # Thursday 2025-03-06 and 13 are no date of the evidence: the count is not read against them
    assert (
        blocking("Your check-in is next Friday; the review is Thursday, in 9 days.", STAY, context=TODAY)
        == []
    )
