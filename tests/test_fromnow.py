"""A duration counted from the turn's current time to a clock time the answer states
(``nofab.numbers.fromnow``)."""

from __future__ import annotations

import pytest

from nofab import Guard
from nofab.numbers.extract import extract_numerals
from nofab.numbers.fromnow import counted_from_now, current_minute

_GUARD = Guard()
_TRAINS = [{"train": "IC 512", "departure": "17:45"}, {"train": "IC 514", "departure": "21:05"}]


def _flagged(answer: str, context: str = "Current time: 2025-03-04 15:15 (a Tuesday).") -> list[str]:
    turn = {
        "response": answer,
        "user_message": "When is the next train?",
        "context": context,
        "tool_calls": [{"name": "find_trains", "arguments": {"from": "Bern"}, "result": {"trains": _TRAINS}}],
    }
    findings = _GUARD.check(turn).findings
    return [f.identifier for f in findings if f.detector == "numbers" and f.confidence >= 0.8]


@pytest.mark.parametrize(
    "answer",
    [
        "IC 512 leaves at 17:45, 2.5 hours from now.",
        "IC 512 leaves at 17:45 — in 150 minutes.",
        "IC 512 leaves at 5:45 PM, about 2 hours from now.",
        "IC 512 leaves at 17:45, 2 hours 30 minutes from now.",
        "IC 514 leaves at 21:05, in about 6 hours.",
        "El IC 512 sale a las 17:45, dentro de 150 minutos.",
        "L'IC 512 part à 17:45, dans 150 minutes.",
        "Der IC 512 fährt um 17:45, in 150 Minuten.",
    ],
)
def test_a_duration_from_now_to_a_stated_time_is_derived(answer: str) -> None:
    assert _flagged(answer) == []


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        # the wrong duration to the stated time
        ("IC 512 leaves at 17:45, 4.5 hours from now.", "4.5"),
        ("IC 512 leaves at 17:45, in 95 minutes.", "95"),
        # a half hour off, with no rounding word
        ("IC 512 leaves at 17:45, 3.5 hours from now.", "3.5"),
    ],
)
def test_a_wrong_duration_from_now_is_flagged(answer: str, flagged: str) -> None:
    assert flagged in _flagged(answer)


def test_a_duration_not_counted_from_now_is_not_derived() -> None:
    # the same 150 minutes, but as a journey's length, not a wait from now
    assert "150" in _flagged("IC 512 leaves at 17:45 and the trip takes 150 minutes.")


def test_a_time_in_another_sentence_is_not_used() -> None:
    assert "150" in _flagged("IC 512 leaves at 17:45. The bus comes in 150 minutes.")


def test_without_one_current_time_nothing_is_derived() -> None:
    two = "Current time: 2025-03-04 15:15. Last sync: 2025-03-03 09:00."
    assert "150" in _flagged("IC 512 leaves at 17:45, in 150 minutes.", context=two)
    assert "150" in _flagged("IC 512 leaves at 17:45, in 150 minutes.", context="Be brief.")


@pytest.mark.parametrize(
    ("context", "minute"),
    [
        ("Current time: 2024-06-11 14:30 EST", 14 * 60 + 30),
        ("timestamp: 2023-06-16 19:30:00", 19 * 60 + 30),
        ("now=2023-06-16T07:05:00Z", 7 * 60 + 5),
        ("Today is 2023-06-16.", None),
    ],
)
def test_the_current_time_is_the_contexts_one_date_with_a_time(context: str, minute: int | None) -> None:
    assert current_minute(context) == minute


@pytest.mark.parametrize(
    ("answer", "counted"),
    [
        ("at 9:00, 3 hours from now", True),
        ("at 9:00, in 3 hours", True),
        ("at 9:00, in roughly 3 hours", True),
        ("à 9:00, dans environ 3 heures", True),
        ("às 9:00, daqui a 3 horas", True),
        ("at 9:00, after 3 hours of travel", False),
        ("at 9:00, 3 hours long", False),
    ],
)
def test_a_duration_is_counted_from_now_by_the_words_around_it(answer: str, counted: bool) -> None:
    numerals = extract_numerals(answer)
    index = next(i for i, n in enumerate(numerals) if n.text == "3")
    assert counted_from_now(answer, numerals, index, 1) is counted
