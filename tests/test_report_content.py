"""A subjectless report stays a report when what it sent follows: "Texted Emma: "I'll be home
late"", "Emailed Dana that the slides will be ready". The guard that keeps an opening
participle from being read as a deed ("Updated figures show the flight is delayed": a finite
verb later in the sentence makes the participle an adjective) reads only the report's own
words, not the quoted message or the that-clause it carries. (English report patterns.)"""

from __future__ import annotations

import pytest

from tests.helpers import blocking, call, claim_actions

REPORTS = [
    '- Texted Emma: "I\'ll be home late tonight, around 8."',
    "Texted Emma that you'll be home late.",
    'Sent Emma a text: "I will be late, don\'t wait up."',
    "Emailed Dana that the slides will be ready by noon.",
    "- Messaged the team: “the demo is moved to Friday”",
]


@pytest.mark.parametrize("answer", REPORTS)
def test_a_report_carrying_its_message_is_a_claim(answer: str) -> None:
    assert claim_actions(answer) != []


@pytest.mark.parametrize("answer", REPORTS)
def test_it_fires_with_no_tool_that_sends_and_passes_with_one(answer: str) -> None:
    reminder = call("AddReminder", {"reminder_id": "r1"})
    assert blocking(answer, reminder) != []
    said = answer.split(":", 1)[-1].strip(' "“”.-')
    sent = call("SendMessage", {"status": "success"}, {"recipient": "Emma", "content": said})
    email = call("SendEmail", {"status": "success"}, {"to": "dana@example.com", "body": said})
    assert blocking(answer, reminder, sent, email) == []


@pytest.mark.parametrize(
    "answer",
    [
        "Updated figures show the flight is delayed.",
        "Booked flights are non-refundable.",
        "Cancelled reservations can be rebooked within a year.",
    ],
)
def test_an_opening_participle_before_a_finite_verb_is_no_report(answer: str) -> None:
    assert claim_actions(answer) == []
