"""A deed told in progress ("is being refunded") claims it was started, as the perfect claims it was done.

The progressive passive of a claim verb, in every lexicon language ("is being refunded",
"está siendo reembolsado", "se está procesando", "est en cours de remboursement", "est en
train d'être annulé", "wird gerade erstattet", "está sendo reembolsado"), is held to the calls
like "has been refunded": with no tool that could refund it is made up; with one it is
grounded. A read that returned the thing in progress ("status": "processing") reports it,
and a negated progressive ("none of the bags are being charged") claims nothing. German "wird
erstattet" without an adverb of now is a future or a rule as often, and is not read (nor the
plural "werden ... erstattet", which the German hedges read as a future).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import claim_actions, claimed

READ = {
    "name": "get_booking",
    "arguments": {"booking_id": "RT55QZ"},
    "result": {"booking_id": "RT55QZ", "status": "confirmed"},
}
REFUND = {
    "name": "refund_payment",
    "arguments": {"booking_id": "RT55QZ", "amount": 40},
    "result": {"refund_id": "rf_0921", "amount": 40},
}


def status_read(status: str) -> dict[str, Any]:
    return {"name": "get_booking", "arguments": {"booking_id": "RT55QZ"}, "result": {"refund_status": status}}


IN_PROGRESS = [
    "The $40 difference is being refunded to your card.",
    "Your money's being refunded now.",
    "La diferencia de 40 $ está siendo reembolsada a tu tarjeta.",
    "Se te está reembolsando la diferencia.",
    "La différence de 40 $ est en cours de remboursement.",
    "La différence est en train d'être remboursée sur votre carte.",
    "Die Differenz von 40 $ wird gerade auf deine Karte erstattet.",
    "Der Betrag von 40 $ wird dir jetzt erstattet.",
    "A diferença de 40 $ está sendo reembolsada no seu cartão.",
    "A diferença está a ser reembolsada.",
]


@pytest.mark.parametrize("answer", IN_PROGRESS)
def test_a_progressive_passive_is_a_claim_of_its_deed(answer: str) -> None:
    assert "refund" in claim_actions(answer), answer


@pytest.mark.parametrize("answer", IN_PROGRESS)
def test_a_progressive_with_no_tool_that_could_do_it_fires(answer: str) -> None:
    assert claimed(answer, READ) != [], answer


@pytest.mark.parametrize("answer", IN_PROGRESS)
def test_a_progressive_with_the_tool_that_did_it_passes(answer: str) -> None:
    assert claimed(answer, READ, REFUND) == [], answer


@pytest.mark.parametrize(
    "answer",
    [
        "Your refund is being processed.",
        "Tu reembolso está siendo procesado.",
        "Votre remboursement est en cours de traitement.",
        "Deine Erstattung wird gerade bearbeitet.",
    ],
)
def test_a_read_that_returned_the_thing_in_progress_reports_it(answer: str) -> None:
    assert claimed(answer, status_read("processing")) == [], answer
    assert claimed(answer, status_read("completed")) != [], answer


@pytest.mark.parametrize(
    "answer",
    [
        "None of the bags you already have are being charged.",
        "The fee is not being charged.",
        "No se está cobrando ningún cargo.",
        "Die Differenz wird innerhalb von 5 Tagen erstattet.",  # a future or a rule: no "now"
        "If it's being refunded, you'll get an e-mail.",
    ],
)
def test_negated_hedged_and_future_forms_are_no_claims(answer: str) -> None:
    assert claimed(answer, READ) == [], answer
