"""A masked identifier is read only where it is written as one (issue 12, numbers/context):
mask characters directly before the digits or a masked-id phrase. Markdown emphasis around
an amount ("**$14 cheaper**") is no mask, and money ("$14", "14 €") is never an id's last
digits — so a changed amount in bold cannot hide behind an id that ends in its digits.
Amounts keep their window free of durations and other measurements (numbers/shown)."""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Guard
from nofab.numbers.context import AnswerContext

_GUARD = Guard()

#: ids that end in 17, 42 and 4421: a bold amount of those digits must not borrow them
_RESULT = {
    "flights": [{"id": "HAT117", "price": 304}, {"id": "HAT242", "price": 250}],
    "payment": {"id": "credit_card_7784421", "brand": "visa"},
}


def _flagged(answer: str, result: Any = _RESULT) -> list[str]:
    turn = {
        "response": answer,
        "user_message": "Which option is cheaper?",
        "tool_calls": [{"name": "lookup", "result": result}],
    }
    return [f.identifier for f in _GUARD.check(turn).findings if f.confidence >= 0.8]


def _masked(text: str, digits: str) -> bool:
    return AnswerContext(text).masked(text.index(digits))


@pytest.mark.parametrize(
    ("answer", "wrong"),
    [
        ("HAT117 costs $304 and HAT242 is **$17 cheaper**.", "$17"),
        ("HAT117 costs $304; HAT242 is **$42** less.", "$42"),
        ("HAT117 costs $304 — the other one saves you **17 €**.", "17"),
        ("**Difference:** 42 EUR in favour of HAT242.", "42"),
        ("HAT117 cuesta $304 y HAT242 es **$17 más barato**.", "$17"),
        ("HAT117 coûte 304 $ ; HAT242 est **17 € moins cher**.", "17"),
    ],
)
def test_a_changed_amount_in_bold_is_not_an_ids_end(answer: str, wrong: str) -> None:
    assert wrong in _flagged(answer)


@pytest.mark.parametrize(
    "answer",
    [
        "HAT117 costs $304, charged to the card ending in **4421**.",
        "HAT117 costs $304, charged to ****4421.",
        "HAT117 costs $304, charged to Visa •••• 4421.",
        "HAT117 costs $304, charged to **Visa ****4421**.",
        "HAT117 costs $304, charged to the card ending in: **4421**.",
        "HAT117 cuesta $304, con cargo a la tarjeta terminada en **4421**.",
        "HAT117 cuesta $304, con cargo a la tarjeta ****4421.",
    ],
)
def test_a_masked_id_is_still_grounded(answer: str) -> None:
    assert _flagged(answer) == []


@pytest.mark.parametrize(
    ("text", "digits", "masked"),
    [
        ("card ****1234", "1234", True),
        ("card ***1234 (the **main** one)", "1234", True),  # three stars, nothing pairs them
        ("Visa •••• 4421", "4421", True),
        ("account XXXX-9876", "9876", True),
        ("is **17 cheaper**", "17", False),  # bold: a pair of runs on the line
        ("**Refund:** 17", "17", False),  # the closing marker of a label
        ("***17*** less", "17", False),
        ("paid ****$17", "17", False),  # money is never an id
        ("ending in 17 €", "17", False),
        ("terminada en 17 euros", "17", False),
        ("ending in EUR 17", "17", False),
    ],
)
def test_mask_characters_and_emphasis(text: str, digits: str, masked: bool) -> None:
    assert _masked(text, digits) is masked


_LEGS = [(128, 3, 10, 75), (176, 4, 40, 95), (141, 5, 15, 35), (149, 2, 20, 55)]


@pytest.mark.parametrize(
    ("template", "gap"),
    [
        (
            "Option 1 is **$304** ($128 + $176), option 2 **$290** ($141 + $149).\n{legs}\n"
            "Option 2 is **${gap} cheaper**.",
            14,
        ),
        (
            "La opción 1 cuesta $304 ($128 + $176) y la 2 $290 ($141 + $149).\n{legs}\n"
            "La opción 2 es ${gap} más barata.",
            14,
        ),
    ],
)
def test_durations_do_not_push_the_fares_out_of_an_amounts_window(template: str, gap: int) -> None:
    result = {
        "legs": [{"price": p, "duration": f"{h}h {m}m", "layover_minutes": lay} for p, h, m, lay in _LEGS]
    }
    legs = "\n".join(f"- {h}h {m}m flight, {lay} min layover" for _, h, m, lay in _LEGS)
    assert _flagged(template.format(legs=legs, gap=gap), result) == []
    assert f"${gap + 3}" in _flagged(template.format(legs=legs, gap=gap + 3), result)
