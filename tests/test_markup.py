"""Markdown emphasis and code markers do not hide an answer's written arithmetic
(``nofab.language.markup``)."""

from __future__ import annotations

import pytest

from nofab import Guard
from nofab.language.markup import plain

_GUARD = Guard()
_FARE = {"flight_number": "NX204", "cabin": "economy", "price": 89}


def _flagged(answer: str) -> list[str]:
    turn = {
        "response": answer,
        "user_message": "Book NX204 for the three of us.",
        "tool_calls": [{"name": "get_flight", "arguments": {"flight_number": "NX204"}, "result": _FARE}],
    }
    findings = _GUARD.check(turn).findings
    return [f.identifier for f in findings if f.detector == "numbers" and f.confidence >= 0.8]


@pytest.mark.parametrize(
    "text",
    [
        "3 × $89 = **$267**, paid",
        "**3 × $89 = $267**",
        "`3 x 89 = 267`",
        "*3 × $89* = *$267*",
        "__3 × $89__ = __$267__",
        "3 × $89 = _$267_ in total",
    ],
)
def test_markers_are_blanked_keeping_every_offset(text: str) -> None:
    blanked = plain(text)
    assert len(blanked) == len(text)
    assert not set("*_`") & set(blanked)
    assert [c for c in blanked if c.isdigit()] == [c for c in text if c.isdigit()]


@pytest.mark.parametrize(
    "text",
    [
        "3 * 89 = 267",  # a product with spaces around the star
        "3*89 = 267",  # a product between two digits
        "gift_card_4471203 and card_id",  # underscores inside a word
        "no markup here: 3 × 89 = 267",
    ],
)
def test_operators_and_words_are_kept(text: str) -> None:
    assert plain(text) == text


@pytest.mark.parametrize(
    "answer",
    [
        "Total: 3 × $89 = **$267** for the three of you.",
        "Total: **3 × $89 = $267**.",
        "Gesamt: `3 × 89 $ = 267 $`.",
        "Total : *3 × 89 $* = *267 $*.",
    ],
)
def test_an_emphasised_equation_explains_its_result(answer: str) -> None:
    assert _flagged(answer) == []


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("Total: 3 × $89 = **$277**.", "$277"),
        ("Total: `3 × $89 = $287`.", "$287"),
    ],
)
def test_an_emphasised_wrong_result_is_still_flagged(answer: str, flagged: str) -> None:
    assert flagged in _flagged(answer)
