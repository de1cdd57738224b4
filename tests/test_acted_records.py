"""A deed's object named by the person of another record (detectors/actedrecords.py).

Principle: the call names the record it acted on by its id; a claim of that deed that names,
in its clause, a full name belonging only to a sibling record ("moved the meeting with Marco
Bassi" when the moved event is the one with Giulia Ferri) says the deed was done to the
other record. The right person, a person named in another sentence, or a name two records
share is quiet.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import blocking, call

EVENTS: dict[str, Any] = {
    "events": [
        {"event_id": "ev_310", "name": "Review with Giulia Ferri", "start_time": "2025-03-04 10:00:00"},
        {"event_id": "ev_311", "name": "Lunch with Marco Bassi", "start_time": "2025-03-04 13:00:00"},
    ]
}
MOVED: dict[str, Any] = {"event_id": "ev_310", "status": "modified", "start_time": "2025-03-04 15:00:00"}


def _flagged(answer: str) -> list[str]:
    return blocking(
        answer,
        call("QueryCalendar", EVENTS, {"date": "2025-03-04"}),
        call("ModifyEvent", MOVED, {"event_id": "ev_310", "new_start_time": "2025-03-04 15:00:00"}),
    )


RIGHT = [
    "I've moved the review with Giulia Ferri to 3 PM.",
    "He movido la revisión con Giulia Ferri a las 15:00.",
    "J'ai déplacé la revue avec Giulia Ferri à 15 h.",
    "Ich habe die Besprechung mit Giulia Ferri auf 15 Uhr verschoben.",
    "Movi a revisão com Giulia Ferri para as 15h.",
]


@pytest.mark.parametrize("answer", RIGHT)
def test_the_person_of_the_record_acted_on_is_quiet(answer: str) -> None:
    assert _flagged(answer) == []


@pytest.mark.parametrize("answer", RIGHT)
def test_the_person_of_another_record_is_a_swap(answer: str) -> None:
    assert _flagged(answer.replace("Giulia Ferri", "Marco Bassi")) == ["Marco Bassi"]


def test_another_records_person_in_another_sentence_is_quiet() -> None:
    answer = "I've moved the review with Giulia Ferri to 3 PM. Your lunch with Marco Bassi stays at 1 PM."
    assert _flagged(answer) == []
