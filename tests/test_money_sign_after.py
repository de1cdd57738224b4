"""Money written the European way: a currency sign or code after the amount ("55 €", "30 EUR")
and thousands grouped by a space, a no-break space, an apostrophe or a dot ("1 280 $",
"1.888 €", "1'280") (``nofab.numbers.extract``, ``nofab.numbers.locale``)."""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Guard
from nofab.numbers.extract import extract_numerals
from nofab.numbers.locale import grouped_number

_GUARD = Guard()


def _read(text: str) -> list[tuple[str, float]]:
    return [(n.kind, n.value) for n in extract_numerals(text)]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Il reste 42 € sur la carte.", 42.0),
        ("Quedan 42 $ en el saldo.", 42.0),
        ("Es bleiben 42\u00a0€ übrig.", 42.0),
        ("Ficam 42£ na conta.", 42.0),
        ("Il reste 42,50 € sur la carte.", 42.5),
        ("Der Saldo beträgt 3.417 €.", 3417.0),
        ("Der Saldo beträgt 3.417.250 €.", 3417250.0),
        ("Le solde est de 3 417 $.", 3417.0),
        ("Le solde est de 3\u202f417,90 €.", 3417.9),
        ("Le solde est de 3 417 EUR.", 3417.0),
        ("Der Preis ist CHF 3'417.", 3417.0),
        ("The total is €3 417 today.", 3417.0),
    ],
)
def test_an_amount_with_a_sign_after_it_is_money(text: str, value: float) -> None:
    assert _read(text) == [("money", value)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("echo 7 $HOME", [("number", 7.0)]),  # a sign glued to a word is that word's
        ("pay 7 $20 now", [("number", 7.0), ("money", 20.0)]),
        ("rooms 3 417 and 9", [("number", 3.0), ("number", 417.0), ("number", 9.0)]),
        ("version 3.417 works", [("number", 3.417)]),
        ("Zimmer 12 3456 €", [("number", 12.0), ("money", 3456.0)]),  # not a well-formed group
        ("entre 10-20 € par jour", [("range", 10.0), ("range", 20.0)]),
        ("between 10 and 20 € a day", [("number", 10.0), ("money", 20.0)]),
    ],
)
def test_no_money_and_no_grouping_where_the_form_does_not_say_so(
    text: str, expected: list[tuple[str, float]]
) -> None:
    assert _read(text) == expected


def test_a_grouping_separator_is_never_also_the_decimal_mark() -> None:
    assert grouped_number("1.234.5", 0) is None
    assert grouped_number("1 234 5", 0) is None
    assert grouped_number("01 234", 0) is None
    assert grouped_number("1'234.50", 0) == (8, "1234.50", False)


def _unverified(answer: str, balance: float) -> list[str]:
    call: dict[str, Any] = {
        "name": "get_account",
        "arguments": {"account_id": "acc_77"},
        "result": {"account_id": "acc_77", "balance": balance, "currency": "EUR"},
    }
    turn = {"response": answer, "user_message": "What is my balance?", "tool_calls": [call]}
    findings = _GUARD.check(turn).findings
    return [f.identifier for f in findings if f.detector == "numbers" and f.confidence >= 0.8]


@pytest.mark.parametrize(
    "answer",
    [
        "Le solde du compte acc_77 est de {} €.",
        "Der Kontostand von acc_77 beträgt {} €.",
        "El saldo de la cuenta acc_77 es {} $.",
    ],
)
@pytest.mark.parametrize(
    ("written", "held"), [("1.888", 1888), ("1 888", 1888), ("1\u202f888", 1888), ("55", 55.0)]
)
def test_a_european_amount_the_evidence_holds_is_grounded(answer: str, written: str, held: float) -> None:
    assert _unverified(answer.format(written), held) == []


@pytest.mark.parametrize(
    "answer",
    [
        "Le solde du compte acc_77 est de {} €.",
        "Der Kontostand von acc_77 beträgt {} €.",
    ],
)
@pytest.mark.parametrize("written", ["1.888", "1 888", "1\u202f888"])
def test_a_changed_european_amount_is_caught(answer: str, written: str) -> None:
    assert _unverified(answer.format(written), 1880) != []


def _unverified_in(answer: str, result: dict[str, Any]) -> list[str]:
    call = {"name": "get_invoice", "arguments": {"invoice_id": "inv_5"}, "result": result}
    turn = {"response": answer, "user_message": "Montre la facture.", "tool_calls": [call]}
    findings = _GUARD.check(turn).findings
    return [f.identifier for f in findings if f.detector == "numbers" and f.confidence >= 0.8]


@pytest.mark.parametrize("written", ["612,40 €", "1 612,40 €", "1.612,40 €", "1\u202f612 $", "1'612 $"])
def test_an_amount_the_evidence_writes_with_its_sign_after_is_money_there_too(written: str) -> None:
    result = {"invoice_id": "inv_5", "amount": written, "fee": 12}
    assert _unverified_in(f"La facture inv_5 est de {written}.", result) == []
    assert _unverified_in(f"Die Rechnung inv_5 beträgt {written}.", result) == []


def test_a_changed_amount_against_one_the_evidence_writes_with_its_sign_after_is_caught() -> None:
    result = {"invoice_id": "inv_5", "amount": "1 612,40 €", "fee": 12}
    assert _unverified_in("La facture inv_5 est de 1 621,40 €.", result) != []
