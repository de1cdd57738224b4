"""A completion idiom ("went through", "se procesó", "ist erledigt") when every action call
of the turn failed reports the failure as a success; an honest or grounded answer is not
flagged."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import claimed


def failed(name: str, **arguments: Any) -> dict[str, Any]:
    return {"name": name, "arguments": arguments, "error": "request rejected upstream"}


def done(name: str, **arguments: Any) -> dict[str, Any]:
    return {"name": name, "arguments": arguments, "result": {"id": "tx-88123"}}


PAY = failed("make_payment", payee="City Water", amount=40.5)
RENEW = failed("renew_subscription", plan="gold")


@pytest.mark.parametrize(
    "answer",
    [
        "Your transfer to City Water went through.",
        "Great news, the renewal is complete and you're all set.",
        "That's taken care of.",
        "Listo, el pago se procesó sin problemas.",
        "Tu renovación ha sido procesada.",
        "Le virement est bien passé, c'est fait.",
        "Die Überweisung ist durchgegangen.",
        "O pagamento deu certo.",
    ],
)
def test_a_completion_idiom_after_only_failed_actions_is_flagged(answer: str) -> None:
    assert claimed(answer, PAY) != []


@pytest.mark.parametrize(
    ("answer", "calls"),
    [
        # the answer reports the failure
        ("The payment didn't go through: the bank rejected it.", (PAY,)),
        ("Sorry, I couldn't renew the plan.", (RENEW,)),
        ("Lo siento, el pago no se procesó.", (PAY,)),
        ("Leider ist die Zahlung fehlgeschlagen.", (PAY,)),
        ("Infelizmente o pagamento não deu certo.", (PAY,)),
        ("Malheureusement le virement a échoué.", (PAY,)),
        # a negated idiom is no claim of success
        ("Nothing went through on your card today.", (PAY,)),
        # a retry of the same tool succeeded
        ("Your payment went through.", (PAY, done("make_payment", payee="City Water", amount=40.5))),
        # another write succeeded: the idiom may report it
        ("The order is complete.", (PAY, done("create_order", item="lamp"))),
        # only a read failed: no action was attempted
        ("All set, here is what I know.", (failed("get_balance", account="main"),)),
        # no call failed
        ("Your payment went through.", (done("make_payment", payee="City Water"),)),
    ],
)
def test_an_honest_or_grounded_completion_is_not_flagged(
    answer: str, calls: tuple[dict[str, Any], ...]
) -> None:
    assert claimed(answer, *calls) == []
