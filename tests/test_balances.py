"""The balance left on a payment method after a charge to that same method
(``nofab.numbers.balances``): a wallet's amount in one result minus a later charge that refers
to it by id, in a clause that says what is left."""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Guard
from nofab.numbers.balances import balance_cue

_GUARD = Guard()

_PROFILE = {
    "user_id": "lee_88",
    "wallet": {
        "voucher_7731": {"kind": "voucher", "amount": 150, "id": "voucher_7731"},
        "voucher_2209": {"kind": "voucher", "amount": 60, "id": "voucher_2209"},
        "card_5512": {"kind": "card", "brand": "visa", "id": "card_5512"},
    },
}


def _order(charges: list[dict[str, Any]]) -> dict[str, Any]:
    return {"order_id": "ORD-41", "status": "placed", "payments": charges}


def _numbers(answer: str, charges: list[dict[str, Any]], profile_first: bool = True) -> list[str]:
    profile = {"name": "get_account", "arguments": {"user_id": "lee_88"}, "result": _PROFILE}
    order = {"name": "place_order", "arguments": {"user_id": "lee_88"}, "result": _order(charges)}
    calls = [profile, order] if profile_first else [order, profile]
    turn = {"response": answer, "user_message": "Pay with my vouchers.", "tool_calls": calls}
    findings = _GUARD.check(turn).findings
    return [f.identifier for f in findings if f.detector == "numbers" and f.confidence >= 0.8]


_ONE = [{"method_id": "voucher_7731", "amount": 95}]
_TWO = [{"method_id": "voucher_7731", "amount": 95}, {"method_id": "voucher_2209", "amount": 40}]


@pytest.mark.parametrize(
    ("answer", "charges"),
    [
        ("Order ORD-41 is placed. Your voucher has $55 left.", _ONE),
        ("Order ORD-41 is placed; that leaves $55 on the voucher.", _ONE),
        ("Done: ORD-41. Remaining on voucher_7731: $55.", _ONE),
        ("Order ORD-41 is placed. The second voucher has $20 remaining.", _TWO),
        ("Pedido ORD-41 listo. Al vale le quedan 55 euros.", _ONE),
        ("Commande ORD-41 passée : il reste 55 euros sur le bon.", _ONE),
        ("Bestellung ORD-41 ist aufgegeben, auf dem Gutschein sind noch 55 Euro übrig.", _ONE),
    ],
)
def test_a_balance_minus_a_charge_to_the_same_method_is_left(
    answer: str, charges: list[dict[str, Any]]
) -> None:
    assert _numbers(answer, charges) == []


def test_the_charges_one_result_lists_for_a_method_are_summed() -> None:
    charges = [{"method_id": "voucher_7731", "amount": 95}, {"method_id": "voucher_7731", "amount": 30}]
    assert _numbers("Order ORD-41 is placed; your voucher has $25 left.", charges) == []


@pytest.mark.parametrize(
    ("answer", "charges", "flagged"),
    [
        # a changed remainder
        ("Order ORD-41 is placed. Your voucher has $65 left.", _ONE, "$65"),
        # one method's balance minus the charge to another method: not paired
        ("Order ORD-41 is placed. The second voucher has $110 left.", _TWO, "$110"),
        ("Order ORD-41 is placed. The first voucher has $55 left, the second $30.", _TWO, "$30"),
    ],
)
def test_a_remainder_of_no_balance_and_charge_to_one_method_is_flagged(
    answer: str, charges: list[dict[str, Any]], flagged: str
) -> None:
    assert flagged in _numbers(answer, charges)


def test_without_a_balance_word_the_difference_explains_nothing() -> None:
    assert "$55" in _numbers("Order ORD-41 is placed. We also offer $55 gift boxes.", _ONE)


def test_a_balance_read_after_the_charge_is_not_reduced_again() -> None:
    # the account read after the order already shows what the voucher holds; 150 - 95 is no
    # longer a balance anyone reported
    assert "$55" in _numbers("Order ORD-41 is placed. Your voucher has $55 left.", _ONE, profile_first=False)


def test_a_charge_to_a_method_with_no_balance_explains_nothing() -> None:
    charges = [{"method_id": "card_5512", "amount": 95}]
    assert "$55" in _numbers("Order ORD-41 is placed. Your card has $55 left.", charges)


@pytest.mark.parametrize(
    ("answer", "cued"),
    [
        ("which leaves $30 on it", True),
        ("le quedan 30 € en la tarjeta", True),
        ("il reste 30 € sur la carte", True),
        ("es bleiben 30 € übrig", True),
        ("restam 30 € no cartão", True),
        ("the bag fee is $30", False),
        ("Your balance is fine. The fee is $30", False),  # another sentence's word
    ],
)
def test_the_balance_cue_is_read_in_the_numbers_clause(answer: str, cued: bool) -> None:
    start = answer.index("30")
    assert balance_cue(answer, (start, start + 2)) is cued
