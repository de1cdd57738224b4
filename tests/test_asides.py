"""A time in a bracketed aside belongs to a record named in the clause the aside hangs on, or
in the aside itself; a record named only in an earlier clause is another phrase's, so the time
is bound to none of its roles (``nofab.numbers.asides``, asked by ``nofab.numbers.roles``)."""

from __future__ import annotations

import pytest

from nofab import Guard
from nofab.numbers.asides import aside_clause

_GUARD = Guard()
# A day: the retro ends 10:45; the vendor sync (named "Vendor sync – Orrin Tools") starts 11:15.
_DAY = [
    {
        "event_id": "e1",
        "name": "Retro",
        "start_time": "2026-04-09 10:00:00",
        "end_time": "2026-04-09 10:45:00",
    },
    {
        "event_id": "e2",
        "name": "Vendor sync – Orrin Tools",
        "start_time": "2026-04-09 11:15:00",
        "end_time": "2026-04-09 12:00:00",
    },
]


def _flagged(answer: str) -> list[str]:
    turn = {
        "response": answer,
        "user_message": "What does my Thursday morning look like?",
        "tool_calls": [{"name": "QueryCalendar", "arguments": {"date": "2026-04-09"}, "result": _DAY}],
    }
    findings = _GUARD.check(turn).findings
    return [f.identifier for f in findings if f.detector == "numbers" and f.confidence >= 0.8]


@pytest.mark.parametrize(
    "answer",
    [
        "You're free right after the retro (ends 10:45) and before the Orrin Tools sync (starts 11:15).",
        "Your slot sits after the Retro (ends 10:45), then the Orrin call (starts 11:15).",
        "Tu es libre après la rétro Retro (fin 10:45) et avant l'appel Orrin (début 11:15).",
        "Du bist nach der Retro (Ende 10:45) und vor dem Orrin-Termin (Beginn 11:15) frei.",
        "Estás libre tras la Retro (termina 10:45) y antes de la llamada con Orrin (empieza 11:15).",
    ],
)
def test_a_time_in_an_aside_after_an_unnamed_phrase_is_not_the_earlier_records(answer: str) -> None:
    assert _flagged(answer) == []


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        # the aside hangs on the retro's own clause: 11:15 is held, but not as the retro's start
        ("Right after the Retro (starts 11:15) you are free.", "11:15"),
        ("The Retro starts at 10:00 (ends 11:15).", "11:15"),
        ("Après la Retro (début 11:15), tu es libre.", "11:15"),
        ("Nach der Retro (Beginn 11:15) bist du frei.", "11:15"),
    ],
)
def test_a_time_in_an_aside_on_a_records_clause_is_still_checked(answer: str, flagged: str) -> None:
    assert flagged in _flagged(answer)


@pytest.mark.parametrize(
    ("text", "time", "clause"),
    [
        ("after the review (ends 2:30) and before the call (starts 3:30)", "3:30", " before the call "),
        ("after the review (ends 2:30) and before the call (starts 3:30)", "2:30", "after the review "),
        ("après la revue, puis l'appel (début 15 h 30)", "15 h 30", " puis l'appel "),
        ("nach dem Review und vor dem Anruf (Beginn 15:30)", "15:30", " vor dem Anruf "),
    ],
)
def test_the_clause_an_aside_hangs_on(text: str, time: str, clause: str) -> None:
    start = text.index(time)
    begins = aside_clause(text, start)
    assert begins is not None
    assert text[begins : text.index("(", begins)] == clause


def test_a_time_in_no_aside_has_no_aside_clause() -> None:
    assert aside_clause("the call starts 3:30 (in room B)", 16) is None
    assert aside_clause("the call (room B) starts 3:30", 24) is None
