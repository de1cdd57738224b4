"""Emphasis hides no deed: a claim whose verb or clause is bold, italic or in a code span is read
as the same claim in plain text ("I've **cancelled** your flight"), and held by the same rules
(grounded by a matching call, not a claim when negated, asked or offered). An emphasised line
start stays a title or a label, never a subjectless report ("**Saved passengers**",
"- **Updated PTO policy** — Oct 2").
"""

from __future__ import annotations

import pytest

from tests.helpers import claimed

READ = {
    "name": "get_reservation_details",
    "arguments": {"reservation_id": "QX7RT2"},
    "result": {"reservation_id": "QX7RT2", "status": "active", "passengers": [{"first_name": "Ines"}]},
}
TARGET = {"reservation_id": "QX7RT2"}
CANCEL = {"name": "cancel_reservation", "arguments": TARGET, "result": {"status": "cancelled"}}
CANCEL_FAILED = {"name": "cancel_reservation", "arguments": TARGET, "error": "Error: flown segment"}


EMPHASISED_DEEDS = [
    "I've **cancelled** your reservation QX7RT2.",
    "I have *cancelled* reservation QX7RT2 for you.",
    "I've __cancelled your reservation__ QX7RT2.",
    "Good news: I've **cancelled your reservation QX7RT2** as asked.",
    "He **cancelado** tu reserva QX7RT2.",
    "J'ai **annulé** votre réservation QX7RT2.",
    "Ich habe Ihre Buchung QX7RT2 **storniert**.",
]


@pytest.mark.parametrize("answer", EMPHASISED_DEEDS)
def test_an_emphasised_deed_no_call_did_is_a_claim(answer: str) -> None:
    assert claimed(answer, READ)


@pytest.mark.parametrize("answer", EMPHASISED_DEEDS)
def test_an_emphasised_deed_after_a_failed_call_is_a_claim(answer: str) -> None:
    assert claimed(answer, READ, CANCEL_FAILED)


@pytest.mark.parametrize("answer", EMPHASISED_DEEDS)
def test_an_emphasised_deed_a_call_did_is_grounded(answer: str) -> None:
    assert claimed(answer, READ, CANCEL) == []


@pytest.mark.parametrize(
    "answer",
    [
        "Shall I **cancel** reservation QX7RT2?",
        "I have **not cancelled** your reservation QX7RT2 yet.",
        "I **can cancel** reservation QX7RT2 once you confirm.",
        "¿Quiere que **cancele** la reserva QX7RT2?",
        "Je n'ai **pas annulé** la réservation QX7RT2.",
    ],
)
def test_emphasis_keeps_questions_negations_and_offers_unclaimed(answer: str) -> None:
    assert claimed(answer, READ) == []


@pytest.mark.parametrize(
    "answer",
    [
        "**Saved passengers**\n- Ines Duarte",
        "Two messages from HR:\n- **Updated PTO policy** — Oct 2\n- **New parking rules** — Oct 5",
        "📦 **Shipped** — Sept 28\n📦 **Out for delivery** — Sept 30",
        "__Cancelled flights__ are refunded to the original payment method.",
    ],
)
def test_an_emphasised_line_start_is_a_title_not_a_report(answer: str) -> None:
    assert claimed(answer, READ) == []
