"""A full stop inside a token (an e-mail address, a price, a version) does not end the
sentence: a verb coordinated after it shares the claim's subject ("I've emailed
rentals@oakhomes.com and set a reminder"), so it is checked like the first verb."""

from __future__ import annotations

import pytest

from tests.helpers import claimed

MAIL = {
    "name": "SendEmail",
    "arguments": {"to": ["rentals@oakhomes.com"], "subject": "Heater"},
    "result": {"email_id": "e-1"},
}
REMIND = {
    "name": "AddReminder",
    "arguments": {"task": "follow up", "due": "2023-09-18 09:00"},
    "result": {"reminder_id": "r-1"},
}

ANSWERS = [
    "I've emailed rentals@oakhomes.com about the heater and set a reminder for Monday.",
    "I emailed your landlord at rentals@oakhomes.com and added a reminder to follow up.",
    "I've sent the note to v2.1-owners@team.io and created a reminder for 9 AM.",
    "He enviado el correo a rentals@oakhomes.com y creado un recordatorio para el lunes.",
]


@pytest.mark.parametrize("answer", ANSWERS)
def test_the_second_verb_after_an_address_is_a_claim(answer: str) -> None:
    assert claimed(answer, MAIL) != []


@pytest.mark.parametrize("answer", ANSWERS)
def test_both_deeds_done_pass(answer: str) -> None:
    assert claimed(answer, MAIL, REMIND) == []


def test_a_real_sentence_end_still_ends_the_subject() -> None:
    # "And set ..." after a full stop and a space is a new sentence; no subject carries over.
    assert claimed("I've emailed rentals@oakhomes.com. Set a reminder if you like?", MAIL) == []
