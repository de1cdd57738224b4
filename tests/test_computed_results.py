"""What a computing tool returned is a figure of whatever kind its inputs were
(evidence/computed.py): ``Calculate("49.00 + 385.50 + 112.37")`` returning ``{"result":
546.87}`` may be written as money, as a bare "546.87" result already was. A slip of it is
still found."""

from __future__ import annotations

import pytest

from tests.helpers import blocking, call

# other amounts of money in the evidence: the figure must then be one the evidence gives as money
INBOX = call(
    "SearchInbox", {"emails": [{"subject": "Invoice", "body": "Amount due: $49.00, $385.50 and $112.37."}]}
)
SUM = call("Calculate", {"result": 546.87}, {"expression": "49.00 + 385.50 + 112.37"})
ECHO = call(
    "calculator", {"expression": "49.00 + 385.50 + 112.37", "value": "546.87"}, {"expr": "49+385.5+112.37"}
)


@pytest.mark.parametrize(
    "answer",
    ["Together they come to **$546.87**.", "En total suman 546,87 $.", "Insgesamt sind das 546,87 $."],
)
@pytest.mark.parametrize("calc", [SUM, ECHO])
def test_a_computed_result_may_be_written_as_money(answer: str, calc: dict[str, object]) -> None:
    assert blocking(answer, INBOX, calc) == []


@pytest.mark.parametrize("answer", ["Together they come to $546.78.", "En total suman 564,87 $."])
def test_a_slip_of_the_computed_result_is_found(answer: str) -> None:
    assert blocking(answer, INBOX, SUM) != []
