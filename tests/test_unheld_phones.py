"""A bracketed or "+"-coded phone number no evidence writes is one unsupported identifier
(numbers/phones.py ``HeldPhones.unheld``).

Principle: "(312) 556-0148" is one phone number; when its digits are nowhere in the evidence
it is flagged as a whole, as "312-556-0148" is, not left as loose numbers whose parts a
result happens to hold. The held number, however grouped, stays quiet.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import blocking, call

HOTEL: dict[str, Any] = {"hotel": "Lakeview Inn", "phone": "+1 312-555-0148"}


def _flagged(answer: str) -> list[str]:
    return blocking(answer, call("get_booking", HOTEL))


@pytest.mark.parametrize(
    "answer",
    [
        "The hotel's number is (312) 555-0148.",
        "El teléfono del hotel es el +1 (312) 555-0148.",
        "Le numéro de l'hôtel : (312) 555 0148.",
        "Telefon des Hotels: +1 312 555 0148.",
    ],
)
def test_the_held_number_in_any_grouping_is_quiet(answer: str) -> None:
    assert _flagged(answer) == []


@pytest.mark.parametrize(
    ("answer", "wrong"),
    [
        ("The hotel's number is (312) 556-0148.", "(312) 556-0148"),
        ("El teléfono del hotel es el +1 (312) 555-0184.", "+1 (312) 555-0184"),
        ("Telefon des Hotels: +1 312 555 0149.", "+1 312 555 0149"),
    ],
)
def test_a_changed_digit_flags_the_whole_number(answer: str, wrong: str) -> None:
    assert _flagged(answer) == [wrong]
