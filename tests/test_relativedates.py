"""A date a whole week or month from an evidence date is a relative date only when the
sentence or the request names that span (numbers/relativedates)."""

from __future__ import annotations

import pytest

from nofab import Guard
from nofab.numbers.relativedates import names_span, span_counts

_GUARD = Guard()


def _confidences(answer: str, request: str = "What is on my list?") -> dict[str, float]:
    turn = {
        "response": answer,
        "user_message": request,
        "tool_calls": [
            {
                "name": "get_reminders",
                "result": [{"reminder_id": "r-1", "task": "Call the plumber", "due": "2023-03-09 10:00:00"}],
            }
        ],
    }
    return {f.identifier: f.confidence for f in _GUARD.check(turn).findings if f.kind == "unverified_number"}


@pytest.mark.parametrize(
    "answer",
    [
        "Call the plumber is due Thursday, March 16.",
        "The plumber reminder is set for March 16.",
        "Tu recordatorio vence el jueves 16 de marzo.",
        "Le rappel est prévu le jeudi 16 mars.",
        "Die Erinnerung ist am 16. März fällig.",
        "Call the plumber is due April 9.",
        "Call the plumber is due March 2.",
    ],
)
def test_a_week_or_month_off_without_a_span_word_is_unexplained(answer: str) -> None:
    found = _confidences(answer)
    assert found and max(found.values()) >= 0.8, found


@pytest.mark.parametrize(
    ("answer", "ask"),
    [
        ("Next week you will be reminded again, on March 16.", "What is on my list?"),
        ("A week later, on Thursday, March 16, it repeats.", "What is on my list?"),
        ("I moved it to March 16.", "Push the plumber reminder back a week."),
        ("La semana que viene, el jueves 16 de marzo, te lo recuerdo otra vez.", "¿Qué tengo?"),
        ("Je te le rappelle le mois prochain, le 9 avril.", "Qu'est-ce que j'ai ?"),
        ("Nächste Woche, am 16. März, erinnere ich dich noch einmal.", "Was steht an?"),
    ],
)
def test_a_named_span_keeps_the_offset_loose(answer: str, ask: str) -> None:
    found = _confidences(answer, ask)
    assert all(c < 0.8 for c in found.values()), found


def test_a_day_off_stays_loose_and_the_held_date_passes() -> None:
    assert all(c < 0.8 for c in _confidences("The day after, March 10, is free.").values())
    assert _confidences("Call the plumber is due Thursday, March 9.") == {}


@pytest.mark.parametrize(
    ("text", "unit", "named"),
    [
        ("see you next week", "week", True),
        ("dans quinze jours", "week", True),
        ("in zwei Wochen", "week", True),
        ("have a nice weekend", "week", False),
        ("le mois prochain", "month", True),
        ("mes rendez-vous", "month", False),
        ("el mes que viene", "month", True),
        ("a monthly plan", "month", True),
        ("a 7-day forecast", "week", False),
    ],
)
def test_span_words(text: str, unit: str, named: bool) -> None:
    assert names_span(text, unit) is named


@pytest.mark.parametrize(
    ("answer", "ask"),
    [
        ("Done: I'll remind you on Thursday, March 16.", "Remind me to call the plumber in two weeks."),
        ("Done: I'll remind you on March 16.", "Remind me in 2 weeks."),
        ("Listo, te lo recuerdo el jueves 16 de marzo.", "Recuérdamelo dentro de tres semanas."),
        ("C'est noté pour le jeudi 16 mars.", "Rappelle-le-moi dans deux semaines."),
        ("Erledigt, am 16. März erinnere ich dich.", "Erinnere mich in zwei Wochen daran."),
        ("Done: it is due April 9.", "Push it back three months."),
        ("Pronto: fica para 16 de março.", "Lembra-me daqui a duas semanas."),
    ],
)
def test_a_counted_span_explains_no_single_unit_offset(answer: str, ask: str) -> None:
    """'in two weeks' names two weeks: a date one week from an evidence date is not it."""
    found = _confidences(answer, ask)
    assert found and max(found.values()) >= 0.8, found


@pytest.mark.parametrize(
    ("answer", "ask"),
    [
        ("Done: I'll remind you on March 16.", "Remind me again in a week."),
        ("Done: I'll remind you on March 16.", "Remind me in 1 week."),
        ("Listo, el jueves 16 de marzo, dentro de una semana.", "¿Me lo recuerdas?"),
        ("C'est noté pour le 16 mars, dans 7 jours.", "Rappelle-le-moi."),
        (
            "Two weeks from now is too late, so a week earlier, on March 16, it is.",
            "Remind me in two weeks.",
        ),
    ],
)
def test_a_span_of_one_unit_or_uncounted_keeps_the_offset_loose(answer: str, ask: str) -> None:
    found = _confidences(answer, ask)
    assert all(c < 0.8 for c in found.values()), found


@pytest.mark.parametrize(
    ("text", "unit", "counts"),
    [
        ("in two weeks", "week", [2]),
        ("a two-week stay", "week", [2]),
        ("dentro de dos semanas", "week", [2]),
        ("dans deux semaines", "week", [2]),
        ("in 3 Wochen", "week", [3]),
        ("in 14 days", "week", [2]),
        ("next week", "week", [None]),
        ("la semana que viene", "week", [None]),
        ("in three months", "month", [3]),
        ("le mois prochain", "month", [None]),
    ],
)
def test_span_counts(text: str, unit: str, counts: list[int | None]) -> None:
    assert span_counts(text, unit) == counts
