"""A phone number is one identifier whatever its separators (numbers/phones.py): grouped
another way, with a country code or a trunk zero, it is grounded by the same digits in the
evidence; a changed subscriber digit is not."""

from __future__ import annotations

import random
from typing import Any

import pytest

from nofab.numbers.phones import HeldPhones, _same, phone_spans
from tests.helpers import blocking


def _flagged(answer: str, result: Any) -> list[str]:
    return blocking(answer, {"name": "get_user", "result": result}, user="Show my details")


@pytest.mark.parametrize(
    ("answer", "held"),
    [
        ("Phone: (614) 555-0182", "6145550182"),
        ("Your number is 614.555.0182.", "614-555-0182"),
        ("Teléfono: +1 614 555 0182", "(614) 555-0182"),
        ("Telefon: 0171 2345678", "+49 171 2345678"),
        ("Numéro : 06 12 34 56 78", "+33 6 12 34 56 78"),
        ("Call 6145550182 to confirm.", "(614) 555-0182"),
    ],
)
def test_a_held_phone_written_another_way_is_grounded(answer: str, held: str) -> None:
    assert _flagged(answer, {"phone": held}) == []


@pytest.mark.parametrize(
    ("answer", "held"),
    [
        ("Phone: (614) 555-0128", "6145550182"),
        ("Telefon: 0171 2345687", "+49 171 2345678"),
        ("Numéro : 06 12 43 56 78", "+33 6 12 34 56 78"),
    ],
)
def test_a_changed_digit_stays_a_finding(answer: str, held: str) -> None:
    assert _flagged(answer, {"phone": held})


def test_grouped_thousands_are_no_phone() -> None:
    assert phone_spans("a budget of 1 280 000 or 12.345.678 units") == []


def test_held_phones_by_lookup_agree_with_comparing_every_pair() -> None:
    """``HeldPhones`` finds the answer's run by bisection and the evidence's sequence by set
    lookups; on random runs (shared tails, extra leading digits, short ones, zeros) it says
    what comparing the run with every held sequence (``_same``) says."""
    rng = random.Random(7)
    for _ in range(300):
        tails = ["".join(rng.choices("0123456789", k=rng.randint(5, 11))) for _ in range(3)]
        runs = [rng.choice(("", "1", "49", "351", "0", "8123")) + rng.choice(tails) for _ in range(4)]
        held = [rng.choice(("", "7", "33", "502", "00")) + rng.choice(tails) for _ in range(3)]
        answer = " and ".join(f"call {run}" for run in runs)
        phones = HeldPhones(answer, lambda held=held: " / ".join(held))
        every = {digits for _s, _e, digits in phone_spans(" / ".join(held))}
        for start, end, digits in phone_spans(answer):
            for span in ((start, end), (start + 1, end - 1), (start, start)):
                assert phones.explains(span) == any(_same(digits, h) for h in every), (answer, held)
        assert not phones.explains((len(answer), len(answer) + 1))
