""" "#" is a mask character only inside a run of other mask characters (issue 12,
numbers/context): a markdown heading ("## 42 flights") or an ordinal sign ("#3", "order
#4412") never lets a number pass as the visible end of an identifier."""

from __future__ import annotations

import pytest

from nofab import Guard
from nofab.numbers.context import AnswerContext

_GUARD = Guard()

#: ids that end in 42 and 4421: a number of those digits must not borrow them
_RESULT = {
    "flights": [{"id": "HAT117", "price": 304}, {"id": "HAT242", "price": 250}],
    "payment": {"id": "credit_card_7784421", "brand": "visa"},
}


def _flagged(answer: str) -> list[str]:
    turn = {
        "response": answer,
        "user_message": "What did you find?",
        "tool_calls": [{"name": "lookup", "result": _RESULT}],
    }
    return [f.identifier for f in _GUARD.check(turn).findings if f.confidence >= 0.8]


def _masked(text: str, digits: str) -> bool:
    return AnswerContext(text).masked(text.index(digits))


@pytest.mark.parametrize(
    ("text", "digits"),
    [
        ("## 2024 trips", "2024"),
        ("# 42 results\nHere they are.", "42"),
        ("### 17 vols trouvés", "17"),
        ("Ticket #3 is open.", "3"),
        ("Your order #4412 has shipped.", "4412"),
        ("Pedido #4412 enviado.", "4412"),
        ("Box#3 is ready.", "3"),
        ("##1234", "1234"),
        ("•••• #1234", "1234"),
    ],
)
def test_hash_signs_alone_are_no_mask(text: str, digits: str) -> None:
    assert not _masked(text, digits)


@pytest.mark.parametrize(
    ("text", "digits"),
    [
        ("Card ****1234 was charged.", "1234"),
        ("Karte •••• 1234 belastet.", "1234"),
        ("Card XXXX-1234 was charged.", "1234"),
        ("Carte #***1234 débitée.", "1234"),
        ("Card ending in 1234.", "1234"),
        ("Tarjeta terminada en #1234.", "1234"),
    ],
)
def test_masks_are_still_read(text: str, digits: str) -> None:
    assert _masked(text, digits)


@pytest.mark.parametrize(
    ("answer", "wrong"),
    [
        ("## 42 flights found\nHAT117 costs $304.", "42"),
        ("## 42 vols trouvés\nHAT117 coûte 304 $.", "42"),
        ("Ticket ##4421 is booked.", "4421"),
        ("Order #4421 is booked.", "4421"),
    ],
)
def test_a_number_after_hash_signs_is_checked(answer: str, wrong: str) -> None:
    assert wrong in _flagged(answer)


@pytest.mark.parametrize(
    "answer",
    [
        "The card ****4421 will be used.",
        "La tarjeta •••• 4421 se usará.",
        "Card ending in 4421 will be used.",
    ],
)
def test_masked_digits_still_pass(answer: str) -> None:
    assert "4421" not in _flagged(answer)
