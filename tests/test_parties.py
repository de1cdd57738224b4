"""A person named as the user's fellow traveller ("for you and ___") in a sentence that shows
a figure or code of a booking must be one of that booking's party (``parties``): another
person the results hold (a saved passenger, a contact) is a ``misattributed_value``."""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Profile, Turn
from nofab.detectors.entities import EntityDetector
from nofab.evidence.index import Evidence
from nofab.language.lexicon import lexicon_for

BOOKING: dict[str, Any] = {
    "name": "get_booking",
    "arguments": {"booking_id": "QX7R2M"},
    "result": {
        "booking_id": "QX7R2M",
        "passengers": [
            {"first_name": "Ottilie", "last_name": "Brandvold"},
            {"first_name": "Casimir", "last_name": "Brandvold"},
        ],
        "payment_history": [{"payment_id": "card_5512", "amount": 376}],
        "flights": [{"flight_number": "KL402", "price": 188}],
    },
}
PROFILE: dict[str, Any] = {
    "name": "get_profile",
    "arguments": {"user_id": "ottilie_b_88"},
    "result": {
        "name": {"first_name": "Ottilie", "last_name": "Brandvold"},
        "saved_passengers": [
            {"first_name": "Casimir", "last_name": "Brandvold"},
            {"first_name": "Rosalind", "last_name": "Brandvold"},
        ],
        "last_four": "9034",
    },
}


def party_findings(answer: str, calls: list[dict[str, Any]]) -> list[str]:
    profile = Profile()
    turn = Turn.from_dict({"response": answer, "tool_calls": calls})
    evidence = Evidence(turn, profile, lexicon_for(profile))
    return [
        f.identifier
        for f in EntityDetector(profile).detect(evidence)
        if f.evidence.get("shape") == "party_person"
    ]


MUST_FIRE = [
    "The full $376 (2 × $188, for you and Rosalind) goes back to your card ending 9034.",
    "Booking QX7R2M is cancelled: you and Rosalind are no longer on KL402.",
    "Le remboursement de 376 $ pour vous et Rosalind arrive sous 7 jours.",
    "El reembolso de 376 $ para usted y Rosalind llegará en 7 días.",
    "Die Erstattung von 376 $ für Sie und Rosalind kommt in 7 Tagen.",
]


@pytest.mark.parametrize("answer", MUST_FIRE)
def test_other_person_of_the_results_as_a_bookings_traveller(answer: str) -> None:
    assert party_findings(answer, [BOOKING, PROFILE]) == ["Rosalind"]


MUST_NOT_FIRE = [
    # the booking's own party
    "The full $376 (2 × $188, for you and Casimir) goes back to your card ending 9034.",
    "Le remboursement de 376 $ pour vous et Casimir arrive sous 7 jours.",
    "El reembolso de 376 $ para usted y Casimir llegará en 7 días.",
    # no figure or code of the booking in the sentence: which booking is not said
    "I can look for a new flight for you and Rosalind next week.",
    "Je peux chercher un vol pour vous et Rosalind.",
    # a saved passenger list is no booking's party: its figures tie nothing
    "Your card ending 9034 is on file for you and Rosalind.",
]


@pytest.mark.parametrize("answer", MUST_NOT_FIRE)
def test_party_passes(answer: str) -> None:
    assert party_findings(answer, [BOOKING, PROFILE]) == []


def test_a_name_the_calls_write_passes() -> None:
    update = {
        "name": "update_passengers",
        "arguments": {"booking_id": "QX7R2M", "passengers": [{"first_name": "Rosalind"}]},
        "result": {"status": "pending"},
    }
    answer = "Booking QX7R2M now lists you and Rosalind on KL402."
    assert party_findings(answer, [BOOKING, PROFILE, update]) == []


def test_a_name_no_evidence_holds_is_left_to_the_name_rules() -> None:
    answer = "The full $376 (2 × $188, for you and Wilhelmina) goes back to your card."
    assert party_findings(answer, [BOOKING, PROFILE]) == []
