"""Marking a task done is an action: "Marked 'pay rent' as done", "I've checked off your
reminder", "He marcado el recordatorio como completado". A tool that completes, closes or
updates grounds it; a failed one, or only a read, does not. A quoted object after a
subjectless report ('Marked "pay rent" as done.') is still the report's object.
"""

from __future__ import annotations

import pytest

from tests.helpers import claimed

READ = {
    "name": "GetReminders",
    "arguments": {"token": "s-1"},
    "result": {"reminders": [{"id": "r-41", "task": "pay rent"}]},
}
DONE = {
    "name": "CompleteReminder",
    "arguments": {"token": "s-1", "reminder_id": "r-41"},
    "result": {"status": "success"},
}
FAILED = {
    "name": "CompleteReminder",
    "arguments": {"token": "s-1", "reminder_id": "r-41"},
    "error": "Reminder not found.",
}

ANSWERS = [
    'Marked "pay rent" as done.',
    "Marked your rent reminder as complete.",
    "I've checked off your reminder.",
    "I ticked off the pay-rent task.",
    "He marcado el recordatorio como completado.",
    "J'ai marqué le rappel comme terminé.",
    "Ich habe die Aufgabe als erledigt markiert.",
]


@pytest.mark.parametrize("answer", ANSWERS)
def test_marking_done_is_grounded_by_the_completing_tool(answer: str) -> None:
    assert claimed(answer, READ, DONE) == []


@pytest.mark.parametrize("answer", ANSWERS)
def test_marking_done_after_the_complete_call_failed_fires(answer: str) -> None:
    assert claimed(answer, READ, FAILED) != []


@pytest.mark.parametrize("answer", ANSWERS)
def test_marking_done_after_only_a_read_fires(answer: str) -> None:
    assert claimed(answer, READ) != []


@pytest.mark.parametrize(
    "answer",
    [
        "Would you like me to mark it as done?",
        "I haven't marked it as done yet.",
        "Once you pay, I'll check it off.",
        'The task "marked as done" is in your list.',
    ],
)
def test_offers_negations_and_quotes_are_no_claims(answer: str) -> None:
    assert claimed(answer, READ) == []
