"""A vulgar fraction after a digit is that number's fractional part, never more digits."""

from __future__ import annotations

import pytest

from nofab import Guard
from nofab.language.text import clean_answer

_GUARD = Guard()


@pytest.mark.parametrize(
    ("text", "cleaned"),
    [
        ("about 2½ hours", "about 2.5 hours"),
        ("3¾ miles", "3.75 miles"),
        ("unos 1¼ kg", "unos 1.25 kg"),
        ("2⅓ h", "2 1⁄3 h"),  # no short decimal: parted from the digit, never "21⁄3"
        ("½ cup", "1⁄2 cup"),  # not after a digit: NFKC's own spelling
    ],
)
def test_fraction_after_a_digit(text: str, cleaned: str) -> None:
    assert clean_answer(text) == cleaned


@pytest.mark.parametrize("answer", ["The flight takes about 2½ hours.", "El vuelo dura unas 2½ horas."])
def test_a_fractional_duration_is_no_invented_integer(answer: str) -> None:
    turn = {"response": answer, "tool_calls": [{"name": "get_flight", "result": {"duration_hours": 2.5}}]}
    assert [f.identifier for f in _GUARD.check(turn).findings] == []
