"""An acting tool's own report of its deed grounds the claim of that deed.

A tool named for its object by a verb that says nothing of the deed (``manage_certificates``)
may say what it did only in its result ("Certificate C-1 added to user u1"): that sentence,
naming the item the call acted on, is the tool reporting the deed the answer claims. A status
value, a sentence about something else, a read tool's text or a failed call report nothing.
(A tool whose verb delivers the item, ``send_certificate``, grounds "added the certificate" by
its name alone: ``tests/test_claim_deliveries.py``.)
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import claimed


def certificate(result: Any, name: str = "manage_certificates", **extra: Any) -> dict[str, Any]:
    return {"name": name, "arguments": {"user_id": "mia_kim_4397", "amount": 100}, "result": result, **extra}


REPORTS = [
    (
        "I've added certificate C-7723 to your account.",
        "Certificate C-7723 added to user mia_kim_4397 with amount 100.",
    ),
    ("The certificate has been added to your account.", "Certificate C-7723 added to user mia_kim_4397."),
    ("Added the voucher to your profile.", "Voucher V-1 added to user mia_kim_4397 (amount 100)."),
    ("He añadido el certificado a su cuenta.", "Certificado C-7723 añadido al usuario mia_kim_4397."),
    ("J'ai ajouté le certificat à votre compte.", "Certificat C-7723 ajouté à l'utilisateur mia_kim_4397."),
]


@pytest.mark.parametrize(("answer", "report"), REPORTS)
def test_the_acting_tools_report_of_the_deed_grounds_it(answer: str, report: str) -> None:
    assert claimed(answer, certificate(report)) == []
    assert claimed(answer, certificate({"message": report, "id": "C-7723"})) == []


@pytest.mark.parametrize(("answer", "report"), REPORTS)
def test_without_such_a_report_the_claim_fires(answer: str, report: str) -> None:
    # The same tool with no sentence, or a sentence that never names the user it acted on.
    assert claimed(answer, certificate({"certificate_id": "C-7723", "status": "ok"})) != []
    assert claimed(answer, certificate("Request accepted by the certificate service for later.")) != []


@pytest.mark.parametrize(("answer", "report"), REPORTS)
def test_a_read_tool_or_a_failed_call_reports_no_deed(answer: str, report: str) -> None:
    assert claimed(answer, certificate(report, name="get_certificates")) != []
    assert claimed(answer, certificate(None, error=report)) != []


@pytest.mark.parametrize(
    "answer",
    [
        "I've emailed you the certificate.",  # the report says added, not e-mailed
        "I have cancelled reservation ABC123.",
        "Deleted the certificate.",
    ],
)
def test_a_report_of_another_deed_grounds_nothing(answer: str) -> None:
    assert (
        claimed(answer, certificate("Certificate C-7723 added to user mia_kim_4397 with amount 100.")) != []
    )


def test_a_one_word_status_of_a_record_is_a_state_not_a_report() -> None:
    result = {"reservation_id": "ABC123", "user_id": "mia_kim_4397", "status": "cancelled"}
    call = {"name": "update_reservation_flights", "arguments": {"reservation_id": "ABC123"}, "result": result}
    assert claimed("I have cancelled reservation ABC123.", call) != []


DISPUTE = {
    "name": "open_dispute",
    "arguments": {"transaction_id": "tx_7Hq2", "amount": 18.75},
    "result": {"dispute_id": "DSP-5531", "status": "open", "provisional_credit": 18.75},
}


@pytest.mark.parametrize(
    "answer",
    [
        "A provisional credit of $18.75 has been applied to your account.",
        "I've opened the dispute, and a provisional credit has been applied.",
        "Your provisional credit is applied.",
    ],
)
def test_a_consequence_the_result_reports_as_a_field_grounds_a_passive(answer: str) -> None:
    assert claimed(answer, DISPUTE) == []


@pytest.mark.parametrize(
    ("answer", "result"),
    [
        # The field holds nothing: no credit was given.
        ("A provisional credit has been applied.", {"dispute_id": "DSP-5531", "provisional_credit": 0}),
        # A one-word field names nothing in particular.
        ("The amount has been refunded.", {"dispute_id": "DSP-5531", "amount": 18.75}),
        # Another consequence than the one the field names.
        ("Your refund has been issued.", {"dispute_id": "DSP-5531", "provisional_credit": 18.75}),
    ],
)
def test_an_empty_generic_or_other_field_grounds_nothing(answer: str, result: dict[str, Any]) -> None:
    assert claimed(answer, {**DISPUTE, "result": result}) != []


def test_a_field_of_a_read_tool_is_a_state_not_a_consequence() -> None:
    read = {**DISPUTE, "name": "get_dispute"}
    assert claimed("A provisional credit has been applied.", read) != []
