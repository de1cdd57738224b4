"""A span from now counted beside the date it leads to (``nofab.numbers.spandistance``).

Written from the principle: "in N weeks", "dentro de N semanas", "N months ago", "hace N
meses" state the distance from today to the one held date their sentence names, so N must be
that distance in the span's unit. A right count, a span counted from another date, a
deadline ("within"), two dates on the span's side, an uncounted span and a turn that gives no
today must not fire.
"""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Guard

NOW = "Current date and time: Monday, 2025-09-01 08:15"
_GUARD = Guard()


def spans_flagged(answer: str, context: str = NOW) -> list[str]:
    result: dict[str, Any] = {"task": "Renew the passport", "due": "2025-09-22", "created": "2025-06-30"}
    turn = {"response": answer, "context": context, "tool_calls": [{"name": "get_task", "result": result}]}
    return [f.identifier for f in _GUARD.check(turn).findings if "distance from today" in f.reason]


MUST_FIRE = [
    ("en, weeks ahead", "It is due in four weeks, on September 22.", "four"),
    ("en, digits", "Due in 2 weeks (September 22).", "2"),
    ("en, months ago", "You created it 3 months ago, on June 30.", "3"),
    ("es, semanas", "Vence dentro de dos semanas, el 22 de septiembre.", "dos"),
    ("es, meses atrás", "La creaste hace cinco meses, el 30 de junio.", "cinco"),
    ("fr, semaines", "Elle expire dans deux semaines, le 22 septembre.", "deux"),
    ("de, Wochen", "Sie läuft in zwei Wochen ab, am 22. September.", "zwei"),
]


@pytest.mark.parametrize(("case", "answer", "count"), MUST_FIRE, ids=[c[0] for c in MUST_FIRE])
def test_a_span_another_distance_from_its_date_fires(case: str, answer: str, count: str) -> None:
    assert spans_flagged(answer) == [count], case


MUST_NOT_FIRE = [
    ("en, the right count", "It is due in three weeks, on September 22."),
    ("en, two months ago", "You created it two months ago, on June 30."),
    ("en, a deadline", "Renew it within 2 weeks; it is due September 22."),
    ("en, counted from another date", "September 22 is two weeks after your trip."),
    ("en, two dates ahead", "In 2 weeks, between September 15 and September 22, it falls due."),
    ("en, a past date with a span ahead", "In 2 weeks it is due; you created it on June 30."),
    ("en, an uncounted span", "It is due in a few weeks, on September 22."),
    ("es, la cuenta correcta", "Vence dentro de tres semanas, el 22 de septiembre."),
    ("es, hace dos meses", "La creaste hace dos meses, el 30 de junio."),
    ("fr, le bon compte", "Elle expire dans trois semaines, le 22 septembre."),
]


@pytest.mark.parametrize(("case", "answer"), MUST_NOT_FIRE, ids=[c[0] for c in MUST_NOT_FIRE])
def test_right_or_unanchored_spans_pass(case: str, answer: str) -> None:
    assert spans_flagged(answer) == [], case


def test_no_today_no_reading() -> None:
    assert spans_flagged("It is due in four weeks, on September 22.", context="") == []


# Days: today is Monday, September 1; the task is due on Monday, September 22 (21 days on).
DAYS_FIRE = [
    ("en, days from today", "It is due on September 22, 19 days from today.", "19"),
    ("en, in N days", "It is due in 12 days, on September 22.", "12"),
    ("en, days away", "September 22 is 20 days away.", "20"),
    ("es, días", "Vence dentro de 19 días, el 22 de septiembre.", "19"),
    ("de, Tage", "Sie läuft in 20 Tagen ab, am 22. September.", "20"),
    ("fr, jours", "Elle expire dans 22 jours, le 22 septembre.", "22"),
]


def numbers_flagged(answer: str) -> list[str]:
    result: dict[str, Any] = {"task": "Renew the passport", "due": "2025-09-22", "created": "2025-06-30"}
    turn = {"response": answer, "context": NOW, "tool_calls": [{"name": "get_task", "result": result}]}
    found = _GUARD.check(turn).findings
    return [f.identifier for f in found if f.detector == "numbers" and f.confidence >= 0.8]


@pytest.mark.parametrize(("case", "answer", "count"), DAYS_FIRE, ids=[c[0] for c in DAYS_FIRE])
def test_a_count_of_days_another_distance_fires(case: str, answer: str, count: str) -> None:
    assert numbers_flagged(answer) == [count], case


DAYS_QUIET = [
    ("en, the right count", "It is due on September 22, 21 days from today."),
    ("en, in N days", "It is due in 21 days, on September 22."),
    ("es, la cuenta correcta", "Vence dentro de 21 días, el 22 de septiembre."),
    ("de, richtig", "Sie läuft in 21 Tagen ab, am 22. September."),
    ("pt, certo", "Vence daqui a 21 dias, em 22 de setembro."),
    # another anchor than today: "2 days before" the due date
    ("en, before another date", "Start 2 days before it is due on September 22."),
    ("en, business days", "It is due in 3 business days, on September 22."),
]


@pytest.mark.parametrize(("case", "answer"), DAYS_QUIET, ids=[c[0] for c in DAYS_QUIET])
def test_a_right_or_anchored_count_of_days_passes(case: str, answer: str) -> None:
    # nothing at all: a right count of days from today is derived, however large
    assert numbers_flagged(answer) == [], case


def _all_blocking(answer: str) -> list[str]:
    result: dict[str, Any] = {"task": "Renew the passport", "due": "2025-09-22", "created": "2025-06-30"}
    turn = {"response": answer, "context": NOW, "tool_calls": [{"name": "get_task", "result": result}]}
    return [f.identifier for f in _GUARD.check(turn).findings if f.confidence >= 0.8]


@pytest.mark.parametrize(
    "answer",
    [
        "- **Renew the passport:** due Monday, September 22\n\nThat's 21 days from today.",
        "- Pasaporte: vence el 22 de septiembre.\n\nEso es dentro de 21 días.",
        "- Passeport : à renouveler le 22 septembre.\n\nC'est dans 21 jours.",
    ],
)
def test_a_span_in_a_sentence_without_a_date_counts_to_a_date_just_before(answer: str) -> None:
    assert _all_blocking(answer) == []


def test_a_span_without_a_date_that_reaches_no_date_before_is_no_derivation() -> None:
    assert "23" in _all_blocking("- Renew the passport: due September 22.\n\nThat's 23 days from today.")
