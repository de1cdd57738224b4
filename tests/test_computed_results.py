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


# The terms of a computation are its intermediate results: "35 * 204.10 + 12 * 412.55" holds
# 7,143.50 and 4,950.60 as surely as it holds their sum.
HOLDINGS = call("Calculate", {"result": 12094.1}, {"expression": "35 * 204.10 + 12 * 412.55"})
QUOTE = call("QueryStock", {"symbol": "AAPL", "price": 204.1, "open": 201.35})


@pytest.mark.parametrize(
    "answer",
    [
        "Your 35 AAPL shares are worth $7,143.50 and your 12 MSFT shares $4,950.60, so $12,094.10 in total.",
        "Tus 35 acciones de AAPL valen 7.143,50 $ y tus 12 de MSFT 4.950,60 $: 12.094,10 $ en total.",
        "Ihre 35 AAPL-Aktien sind 7.143,50 $ wert, Ihre 12 MSFT-Aktien 4.950,60 $, zusammen 12.094,10 $.",
    ],
)
def test_the_terms_of_a_computation_are_held(answer: str) -> None:
    assert blocking(answer, QUOTE, HOLDINGS) == []


@pytest.mark.parametrize(
    "answer",
    [
        "Your 35 AAPL shares are worth $7,134.50, so $12,094.10 in total.",
        "Your 12 MSFT shares are worth $4,590.60.",
    ],
)
def test_a_slip_of_a_term_is_found(answer: str) -> None:
    assert blocking(answer, QUOTE, HOLDINGS) != []


# Every addend of a sum is of the sum's kind: a bare fee the agent added to fares is money, and
# so is a parenthesised sum's value; a factor (the passenger count) is not.
SEARCH = call(
    "search_direct_flight",
    [
        {"flight_number": "HAT1", "prices": {"economy": 68}},
        {"flight_number": "HAT2", "prices": {"economy": 74}},
    ],
)
TRIP = call("calculate", "344.0", {"expression": "(68 + 74) * 2 + 60"})


@pytest.mark.parametrize(
    "answer",
    [
        "Fares $284 plus insurance $60: **$344** in total.",
        "Each passenger pays $142 for the two flights; with insurance ($60) the total is $344.",
        "Tarifas 284 $ más el seguro (60 $): 344 $ en total.",
        "Flüge 284 $, Versicherung 60 $, zusammen 344 $.",
    ],
)
def test_the_addends_of_a_computed_sum_are_of_its_kind(answer: str) -> None:
    assert blocking(answer, SEARCH, TRIP) == []


@pytest.mark.parametrize(
    "answer",
    ["Fares $284 plus insurance $70: $344 in total.", "Insurance: $2 per booking, $344 in total."],
)
def test_a_slip_of_an_addend_or_a_factor_as_money_is_found(answer: str) -> None:
    assert blocking(answer, SEARCH, TRIP) != []
