"""A tool named for the claim's own verb did the deed the answer reports."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import claimed


def call(name: str, **arguments: Any) -> dict[str, Any]:
    return {"name": name, "arguments": arguments, "result": {"status": "completed"}}


@pytest.mark.parametrize(
    ("answer", "tool"),
    [
        ("Rolled back payments-svc to v3.1.4.", "rollback"),
        ("I have rolled back the release.", "roll_back"),
        ("The deployment was rolled back.", "RollBackRelease"),
    ],
)
def test_a_tool_named_for_the_verb_grounds_it(answer: str, tool: str) -> None:
    assert claimed(answer, call(tool, service="api")) == []


@pytest.mark.parametrize(
    ("answer", "tool"),
    [
        # Only read: a tool that opens with a reading verb did not do the deed it names.
        ("Rolled back payments-svc to v3.1.4.", "get_rollback_status"),
        # Another deed altogether: nothing names the verb.
        ("I have rolled back the release.", "list_releases"),
        ("He desplegado la versión 3.1.4.", "list_releases"),
    ],
)
def test_a_read_or_unrelated_tool_does_not(answer: str, tool: str) -> None:
    assert claimed(answer, call(tool, service="api")) != []


def order(status: str) -> dict[str, Any]:
    return {"name": "get_order", "arguments": {"order_id": "BR-7710"}, "result": {"status": status}}


@pytest.mark.parametrize(
    ("answer", "status"),
    [
        ("Your order BR-7710 has been shipped.", "shipped"),
        ("Your order was successfully cancelled.", "Cancelled"),
        ("Tu pedido BR-7710 fue enviado ayer.", "enviado"),
        ("Tu pedido ha sido cancelado.", "cancelado"),
        ("Votre commande a été annulée.", "annulée"),
        ("Ihre Bestellung wurde storniert.", "storniert"),
        ("O seu pedido BR-7710 foi enviado pelos Correios.", "enviado"),
        ("O pedido foi cancelado.", "CANCELADO"),
    ],
)
def test_a_passive_reporting_a_returned_status_is_no_claim(answer: str, status: str) -> None:
    """The passive names no doer: a read that returned that very status is what it reports."""
    assert claimed(answer, order(status)) == []


@pytest.mark.parametrize(
    ("answer", "status"),
    [
        # The read returned another status: the passive reports a deed nobody did.
        ("Your order BR-7710 has been cancelled.", "processing"),
        ("O pedido foi cancelado.", "em processamento"),
        ("Ihre Bestellung wurde storniert.", "in Bearbeitung"),
        # Mentioned inside a sentence, not returned as the value: no status.
        ("Tu pedido ha sido cancelado.", "no cancelado todavía"),
        # Not passive: the agent says it did it, whatever the status reads.
        ("Cancelei o pedido.", "cancelado"),
        ("I have cancelled your order.", "cancelled"),
    ],
)
def test_a_passive_without_that_status_or_a_first_person_claim_fires(answer: str, status: str) -> None:
    assert claimed(answer, order(status)) != []


def search(snippet: str, name: str = "web_search") -> dict[str, Any]:
    return {"name": name, "arguments": {"q": "x"}, "result": [{"title": "Result", "snippet": snippet}]}


RELAYED = [
    "Webb launched on December 25, 2021.",
    "El paquete fue enviado el 3 de mayo.",
    "Das Paket wurde am 3. Mai verschickt.",
    "Le colis a été expédié le 3 mai.",
]


@pytest.mark.parametrize("answer", RELAYED)
def test_a_claim_relayed_from_what_a_read_returned_is_no_claim(answer: str) -> None:
    """The source says it happened; the answer repeats the source, in its own words' order."""
    assert claimed(answer, search(f"Reported: {answer}")) == []
    assert claimed(answer, search(answer, name="SearchNews")) == []


@pytest.mark.parametrize("answer", RELAYED)
def test_the_same_claim_not_in_the_read_or_not_from_a_read_fires(answer: str) -> None:
    """A read that says something else grounds nothing; nor does text an acting tool echoed."""
    assert claimed(answer, search("The mission is scheduled for next year.")) != []
    assert claimed(answer, search(answer, name="summarize_notes")) != []
