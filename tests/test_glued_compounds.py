"""A number glued into a compound with hyphens is read (numbers/extract.py ``_UNIT_SUFFIX``):
"100-Dollar-Gutschein", "101-$-Zertifikat", "3-Tage-Pass", "a 100-dollar certificate".

Principle: German writes an amount or a count as the first part of a compound noun; the
number is as much a claim as "a $100 certificate", and an amount when the next part is a
currency. Before, such a number was not read at all, so a changed one passed.
"""

from __future__ import annotations

from typing import Any

import pytest

from nofab.numbers.extract import extract_numerals
from tests.helpers import blocking, call

WALLET: dict[str, Any] = {
    "payment_methods": {"certificate_9911": {"source": "certificate", "amount": 100.0}},
    "membership": "gold",
}


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("Ihr 100-Dollar-Gutschein", [("100", "money")]),
        ("Ihr 100-$-Zertifikat", [("100", "money")]),
        ("Ihr 100-€-Gutschein", [("100", "money")]),
        ("a 100-dollar certificate", [("100", "money")]),
        ("der 3-Tage-Pass", [("3", "number")]),
        ("die 24-Stunden-Frist", [("24", "number")]),
        ("a 37-hour trip", [("37", "number")]),
    ],
)
def test_a_number_glued_into_a_compound_is_read(text: str, read: list[tuple[str, str]]) -> None:
    assert [(n.text, n.kind) for n in extract_numerals(text)] == read


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("Bezahlt mit Ihrem 100-$-Zertifikat.", []),
        ("Bezahlt mit Ihrem 100-Dollar-Gutschein.", []),
        ("Bezahlt mit Ihrem 150-$-Zertifikat.", ["150"]),
        ("Bezahlt mit Ihrem 150-Dollar-Gutschein.", ["150"]),
        ("You have a 150-dollar certificate on file.", ["150"]),
    ],
)
def test_a_glued_amount_is_held_to_the_evidence(answer: str, flagged: list[str]) -> None:
    assert blocking(answer, call("get_user_details", WALLET)) == flagged
