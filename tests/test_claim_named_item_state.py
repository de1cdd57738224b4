"""A named item (a noun and its identifier) stated in a completed state is a claim of
that action: "Done — order 7730 is cancelled", "el pedido 7730 quedó cancelado". When the
only tool that could have done it failed, the claim is a failure reported as success."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import claimed


def failed(name: str, **arguments: Any) -> dict[str, Any]:
    return {"name": name, "arguments": arguments, "error": "cannot do that now"}


def done(name: str, result: Any, **arguments: Any) -> dict[str, Any]:
    return {"name": name, "arguments": arguments, "result": result}


@pytest.mark.parametrize(
    ("answer", "call"),
    [
        ("Done — order 7730 is cancelled and you won't be charged.", failed("cancel_order", order_id="7730")),
        ("Your order 7730 is cancelled.", failed("cancel_order", order_id="7730")),
        ("All set: booking AB12CD is cancelled.", failed("CancelReservation", reservation="AB12CD")),
        ("Listo, el pedido 5521 está cancelado.", failed("cancel_order", order_id="5521")),
        (
            "Listo — la reserva QX7781 quedó cancelada y no se le cobrará.",
            failed("cancel_booking", id="QX7781"),
        ),
    ],
)
def test_a_named_item_in_a_done_state_after_a_failed_call_is_flagged(
    answer: str, call: dict[str, Any]
) -> None:
    assert claimed(answer, call) != []


@pytest.mark.parametrize(
    ("answer", "call"),
    [
        # the tool that cancels ran and succeeded
        ("Done — order 7730 is cancelled.", done("cancel_order", {"status": "cancelled"}, order_id="7730")),
        ("Listo, el pedido 5521 está cancelado.", done("cancel_order", {"ok": True}, order_id="5521")),
        # a negated state is no claim
        ("Order 7730 is not cancelled yet.", failed("cancel_order", order_id="7730")),
        ("El pedido 5521 no está cancelado.", failed("cancel_order", order_id="5521")),
        # a state that is no action
        ("Order 7730 is on its way.", done("get_order", {"status": "shipped"}, order_id="7730")),
        ("El pedido 5521 está en camino.", done("get_order", {"status": "shipped"}, order_id="5521")),
    ],
)
def test_a_grounded_negated_or_non_action_state_is_not_flagged(answer: str, call: dict[str, Any]) -> None:
    assert claimed(answer, call) == []
