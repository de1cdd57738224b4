"""A hyphen-split reference the answer labels as one ("payment reference UPG-57X1") that no
evidence holds is ungrounded, whatever shapes the tools issue (``nofab.detectors.labelledids``)."""

from __future__ import annotations

import pytest

from nofab import Guard

_GUARD = Guard()
_RESULT = {"status": "charged", "amount": 57, "card": "visa ending 4410"}


def _flagged(answer: str, user: str = "Please pay the upgrade.", result: object = None) -> list[str]:
    turn = {
        "response": answer,
        "user_message": user,
        "tool_calls": [{"name": "charge_card", "result": _RESULT if result is None else result}],
    }
    found: list[str] = []
    for f in _GUARD.check(turn).findings:  # the entity finding, or where another kept its place (kv)
        found += [f.identifier] if f.detector == "entities" else []
        found += [
            str(a["identifier"]) for a in f.evidence.get("also_flagged", ()) if a["detector"] == "entities"
        ]
    return found


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("Done, $57 charged (payment reference **QZT-48K2**).", "QZT-48K2"),
        ("Confirmation 7HKW-2X is yours.", "7HKW-2X"),
        ("Listo, cobrado. Referencia de pago: QZT-48K2.", "QZT-48K2"),
        ("C'est fait. Numéro de confirmation : KP-2207-B.", "KP-2207-B"),
        ("Erledigt. Buchungsnummer KX-7L2Q.", "KX-7L2Q"),
        ("Receipt #RT-9X41 is on its way.", "RT-9X41"),
    ],
)
def test_a_labelled_reference_no_evidence_holds(answer: str, flagged: str) -> None:
    assert _flagged(answer) == [flagged]


@pytest.mark.parametrize(
    ("answer", "user", "result"),
    [
        # held by the result, or by the user's message
        ("Charged; payment reference QZT-48K2.", "Please pay the upgrade.", {**_RESULT, "ref": "QZT-48K2"}),
        ("Your confirmation code 7HKW2X is still valid.", "My code is 7HKW2X, is it valid?", None),
        # no label before it
        ("The QZT-48K2 adapter ships separately.", "Please pay the upgrade.", None),
        # a bare run is issuedids' to judge, only once the tools issue its shape
        ("Confirmation 7HKW2X is yours.", "Please pay the upgrade.", None),
        # a label before a token of letters only or digits only, a date, a range
        ("Your reference is CONFIRMED-NOW.", "Please pay the upgrade.", None),
        ("Reference 2024-05-27 applies.", "Please pay the upgrade.", None),
        ("Your reference is CONFIRMED.", "Please pay the upgrade.", None),
        ("Your reference number is 20240527.", "Please pay the upgrade.", None),
        ("Código de referencia: PENDIENTE.", "Please pay the upgrade.", None),
    ],
)
def test_a_held_or_unlabelled_token_passes(answer: str, user: str, result: object) -> None:
    assert _flagged(answer, user, result) == []
