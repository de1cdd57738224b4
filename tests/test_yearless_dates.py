"""A day and month a tool writes with a slash and no year ("paid (10/06)") is a date
(numbers/dates.py ``_YEARLESS``).

Principle: "10/06" names a day as surely as "2025-10-06"; the order is the writer's locale, so
both readings are held, each without a year. Another day is still a finding, and a
fraction of single digits ("1/2 cup") names no date.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import blocking, call

MAIL: dict[str, Any] = {
    "emails": [
        {
            "id": "m_5120",
            "subject": "Statement for unit 4B",
            "body": "Rent received (10/06): $1,250.00\nLate fee waived (1/2 of it credited).",
        }
    ]
}


def _flagged(answer: str) -> list[str]:
    return blocking(answer, call("SearchInbox", MAIL))


@pytest.mark.parametrize(
    "answer",
    [
        "Your rent of $1,250 was received on Oct 6.",
        "Your rent of $1,250 was received on 10 June.",
        "Tu alquiler de 1.250 $ se recibió el 6 de octubre.",
        "Ton loyer de 1 250 $ a été reçu le 6 octobre.",
        "Deine Miete von 1.250 $ ist am 6. Oktober eingegangen.",
    ],
)
def test_a_yearless_slashed_date_grounds_either_reading(answer: str) -> None:
    assert _flagged(answer) == []


@pytest.mark.parametrize(
    ("answer", "wrong"),
    [
        ("Your rent of $1,250 was received on Oct 7.", "Oct 7"),
        ("Tu alquiler de 1.250 $ se recibió el 7 de octubre.", "7 de octubre"),
        ("Your rent of $1,250 was received on January 2.", "January 2"),
    ],
)
def test_another_day_or_a_fraction_grounds_nothing(answer: str, wrong: str) -> None:
    assert _flagged(answer) == [wrong]
