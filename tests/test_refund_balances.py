"""A payment method's new balance after a refund to it (``nofab.numbers.balances``): a
wallet's amount in one result plus a later refund recorded to that same method by id (a
negative charge, ``{"method_id": ..., "amount": -18}``), in a clause that says what the method
now holds ("brings it to", "bringt es auf", "porte le solde à", "lo lleva a", "leaves")."""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Guard

_GUARD = Guard()

_ACCOUNT = {
    "user_id": "ondo_41",
    "wallet": {
        "credit_3307": {"kind": "store_credit", "amount": 52, "id": "credit_3307"},
        "credit_8120": {"kind": "store_credit", "amount": 140, "id": "credit_8120"},
        "card_6604": {"kind": "card", "brand": "visa", "id": "card_6604"},
    },
}


def _numbers(answer: str, history: list[dict[str, Any]], account_first: bool = True) -> list[str]:
    account = {"name": "get_account", "arguments": {"user_id": "ondo_41"}, "result": _ACCOUNT}
    change = {
        "name": "change_booking",
        "arguments": {"booking_id": "BK-77"},
        "result": {"booking_id": "BK-77", "status": "changed", "payment_history": history},
    }
    calls = [account, change] if account_first else [change, account]
    asked = "Refund the difference to my store credit."
    turn = {"response": answer, "user_message": asked, "tool_calls": calls}
    findings = _GUARD.check(turn).findings
    return [f.identifier for f in findings if f.detector == "numbers" and f.confidence >= 0.8]


_REFUND = [{"method_id": "card_6604", "amount": 310}, {"method_id": "credit_3307", "amount": -18}]


@pytest.mark.parametrize(
    "answer",
    [
        "BK-77 is changed and $18 went back to your store credit, which brings it to $70.",
        "BK-77 is changed. Your store credit balance is now $70.",
        "BK-77 ist geändert; die Erstattung bringt dein Guthaben auf 70 $.",
        "BK-77 est modifiée : le remboursement porte ton avoir à 70 $.",
        "BK-77 está cambiada; el reembolso lleva tu crédito a 70 $.",
    ],
)
def test_a_balance_plus_a_refund_to_the_same_method_is_its_new_balance(answer: str) -> None:
    assert _numbers(answer, _REFUND) == []


@pytest.mark.parametrize(
    ("answer", "history", "flagged"),
    [
        # a changed new balance
        ("BK-77 is changed; the refund brings your store credit to $74.", _REFUND, "$74"),
        ("BK-77 ist geändert; die Erstattung bringt dein Guthaben auf 74 $.", _REFUND, "74"),
        # the refund added to another method's balance: not paired by id
        ("BK-77 is changed; the refund brings your other credit to $158.", _REFUND, "$158"),
        # no clause saying what the method holds
        ("BK-77 is changed, and $70 is what we worked out.", _REFUND, "$70"),
    ],
)
def test_a_new_balance_of_no_balance_and_refund_to_one_method_is_flagged(
    answer: str, history: list[dict[str, Any]], flagged: str
) -> None:
    assert flagged in _numbers(answer, history)


def test_a_balance_read_after_the_refund_already_holds_it() -> None:
    # the account was read after the change: its $52 already has the refund in it
    assert "$70" in _numbers("BK-77 is changed; your store credit now has a balance of $70.", _REFUND, False)


# --- a refund the answer shows, with no record of it charged to the method ----------------------


def _shown(answer: str) -> list[str]:
    account = {"name": "get_account", "arguments": {"user_id": "ondo_41"}, "result": _ACCOUNT}
    refund = {
        "name": "issue_refund",
        "arguments": {"booking_id": "BK-77"},
        "result": "Refund of 18.00 issued.",
    }
    turn = {"response": answer, "user_message": "Refund me.", "tool_calls": [account, refund]}
    findings = _GUARD.check(turn).findings
    return [f.identifier for f in findings if f.detector == "numbers" and f.confidence >= 0.8]


@pytest.mark.parametrize(
    "answer",
    [
        "I refunded $18 to your store credit, which brings it to $70.",
        "Die $18 wurden deinem Guthaben gutgeschrieben; es bringt dich auf $70.",
        "Les 18 $ ont été remboursés sur ton avoir, ce qui porte le solde à 70 $.",
        "Se te han reembolsado 18 $ al crédito, que lo lleva a 70 $.",
    ],
)
def test_a_balance_plus_a_refund_the_answer_shows_is_its_new_balance(answer: str) -> None:
    assert _shown(answer) == []


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        # a changed new balance
        ("I refunded $18 to your store credit, which brings it to $72.", "$72"),
        # no refund word: the sum of a balance and a shown amount is no new balance
        ("You paid $18 with your store credit; its balance is $70.", "$70"),
        # no balance cue: a sum in a sentence about a refund says nothing of the method
        ("I refunded $18 to your store credit; call us at $70 off peak.", "$70"),
    ],
)
def test_a_sum_without_both_cues_or_of_another_value_is_flagged(answer: str, flagged: str) -> None:
    assert flagged in _shown(answer)
