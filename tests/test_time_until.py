"""A duration announced as the time until (or since) a clock time is the difference between
the context's current time and that time, past midnight too, hours and minutes together
(``nofab.numbers.fromnow``; two-part durations joined by "and": ``nofab.numbers.units``)."""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Guard

_GUARD = Guard()
_LATE = "Current time: 2025-03-04 22:50 (Tuesday)."
_ALARM: dict[str, Any] = {"alarm_id": "al-77", "time": "06:15"}


def _flagged(answer: str, context: str = _LATE, result: dict[str, Any] | None = None) -> list[str]:
    turn = {
        "response": answer,
        "user_message": "Set an alarm, please.",
        "context": context,
        "tool_calls": [{"name": "set_alarm", "arguments": {"time": "06:15"}, "result": result or _ALARM}],
    }
    findings = _GUARD.check(turn).findings
    return [f.identifier for f in findings if f.detector == "numbers" and f.confidence >= 0.8]


@pytest.mark.parametrize(
    "answer",
    [
        # 22:50 to 6:15 the next morning: 7 hours 25 minutes, past midnight
        "Your alarm is set for 6:15, 7 hours and 25 minutes from now.",
        "Your alarm is set for 6:15.\n\nThat leaves 7 hours and 25 minutes until it rings.",
        "Alarma puesta a las 6:15. Faltan unas 7 horas y 25 minutos para que suene.",
        "Alarma puesta a las 6:15. Sonará dentro de 7 horas y 25 minutos.",
        "Wecker auf 6:15 Uhr gestellt. Noch 7 Stunden und 25 Minuten bis zum Klingeln.",
        "Réveil réglé sur 6:15. Il sonnera dans 7 heures et 25 minutes.",
        "Alarme definido para as 6:15. Faltam 7 horas e 25 minutos.",
    ],
)
def test_the_time_until_a_stated_clock_time_is_derived(answer: str) -> None:
    assert _flagged(answer) == []


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        # the minutes wrong
        ("Your alarm is set for 6:15.\n\nThat leaves 7 hours and 35 minutes until it rings.", "35"),
        ("Alarma puesta a las 6:15. Faltan 7 horas y 35 minutos para que suene.", "35"),
        # the minutes right, the hours wrong: both parts must match one difference
        ("Wecker auf 6:15 Uhr gestellt. Noch 8 Stunden und 25 Minuten bis zum Klingeln.", "25"),
        ("Réveil réglé sur 6:15. Il sonnera dans 5 heures et 25 minutes.", "25"),
        # counted the wrong way: 6:15 is ahead, not behind
        ("Your alarm is set for 6:15. It was set 7 hours and 25 minutes ago.", "25"),
    ],
)
def test_a_wrong_time_until_is_flagged(answer: str, flagged: str) -> None:
    assert flagged in _flagged(answer)


def test_a_one_part_duration_keeps_to_its_sentence() -> None:
    # 445 minutes is the time to 6:15, but written as one figure in another sentence
    assert "445" in _flagged("Your alarm is set for 6:15. The dishwasher runs for 445 minutes.")


_NOON = "Current time: 2025-03-04 14:40 (Tuesday)."
_MESSAGE: dict[str, Any] = {"messages": [{"from": "Ines", "sent_at": "2025-03-04 12:05", "text": "Call me"}]}


@pytest.mark.parametrize(
    "answer",
    [
        "Ines wrote at 12:05, 2 hours and 35 minutes ago.",
        "Ines te escribió a las 12:05, hace 2 horas y 35 minutos.",
        "Ines a écrit à 12:05, il y a 2 heures et 35 minutes.",
        "Ines hat um 12:05 geschrieben, vor 2 Stunden und 35 Minuten.",
        "A Ines escreveu às 12:05, há 2 horas e 35 minutos.",
    ],
)
def test_the_time_since_a_stated_clock_time_is_derived(answer: str) -> None:
    assert _flagged(answer, context=_NOON, result=_MESSAGE) == []


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("Ines wrote at 12:05, 2 hours and 45 minutes ago.", "45"),
        ("Ines te escribió a las 12:05, hace 3 horas y 35 minutos.", "35"),
    ],
)
def test_a_wrong_time_since_is_flagged(answer: str, flagged: str) -> None:
    assert flagged in _flagged(answer, context=_NOON, result=_MESSAGE)
