"""An admission of failure excuses only the failed call it describes: "the gift card was
declined ... the upgrade went through on your Mastercard" when the Mastercard's call failed
too is a failure reported as a success (``nofab.detectors.admittedcalls``)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import claimed

_USER = {
    "name": "get_user_details",
    "arguments": {"user_id": "lena_okafor_3310"},
    "result": {
        "user_id": "lena_okafor_3310",
        "payment_methods": {
            "gift_card_5520193": {"source": "gift_card", "amount": 90, "id": "gift_card_5520193"},
            "credit_card_8841207": {
                "source": "credit_card",
                "brand": "mastercard",
                "last_four": "4417",
                "id": "credit_card_8841207",
            },
        },
    },
}


def upgrade(payment_id: str, ok: bool) -> dict[str, Any]:
    out: dict[str, Any] = {
        "name": "update_reservation_flights",
        "arguments": {"reservation_id": "QX7P2L", "cabin": "business", "payment_id": payment_id},
    }
    if ok:
        out["result"] = {"reservation_id": "QX7P2L", "cabin": "business"}
    else:
        out["error"] = "Error: payment declined"
    return out


_BOTH_FAILED = (_USER, upgrade("gift_card_5520193", False), upgrade("credit_card_8841207", False))


@pytest.mark.parametrize(
    "answer",
    [
        "I tried your gift card first, but it was declined. The upgrade then went through on your"
        " Mastercard ending in 4417.",
        "Your gift card didn't cover it and was declined.\n\nThe charge to your Mastercard went through,"
        " so both flights are in business now.",
    ],
)
def test_a_success_named_for_the_other_failed_object_fires(answer: str) -> None:
    assert claimed(answer, *_BOTH_FAILED) != []


_TWO_CARDS = {
    "name": "get_user_details",
    "arguments": {"user_id": "remi_favre_2087"},
    "result": {
        "payment_methods": {
            "credit_card_1930551": {"source": "credit_card", "brand": "visa", "last_four": "1093"},
            "credit_card_7702164": {"source": "credit_card", "brand": "mastercard", "last_four": "2210"},
        }
    },
}


@pytest.mark.parametrize(
    ("answer", "fires"),
    [
        ("Votre Visa a été refusée. Le paiement est passé sur votre Mastercard se terminant par 2210.", True),
        ("Votre Visa a été refusée, et votre Mastercard aussi : rien n'est passé.", False),
        ("Your Visa was declined. The payment went through on your Mastercard ending in 2210.", True),
        ("Your Visa was declined, and so was your Mastercard; nothing went through.", False),
    ],
)
def test_two_cards_of_one_source_are_told_apart_by_their_brand(answer: str, fires: bool) -> None:
    calls = (_TWO_CARDS, upgrade("credit_card_1930551", False), upgrade("credit_card_7702164", False))
    assert (claimed(answer, *calls) != []) is fires


@pytest.mark.parametrize(
    "answer",
    [
        # both failures admitted
        "Your gift card was declined, and your Mastercard ending in 4417 was declined too, so nothing"
        " went through.",
        "Unfortunately your gift card and your Mastercard were both declined. The upgrade is not done.",
        # an admission that names no object speaks of every failure
        "Sorry, there was a problem with the payment, so the upgrade could not be completed.",
        "Malheureusement, le paiement a été refusé : le surclassement n'est pas passé.",
        # the idiom's sentence itself admits the failure
        "The gift card was declined. I tried the Mastercard too, but it failed and nothing went through.",
    ],
)
def test_admitted_failures_pass(answer: str) -> None:
    assert claimed(answer, *_BOTH_FAILED) == []


def test_the_other_object_succeeding_passes() -> None:
    answer = (
        "I tried your gift card first, but it was declined. The upgrade then went through on your Mastercard."
    )
    assert (
        claimed(answer, _USER, upgrade("gift_card_5520193", False), upgrade("credit_card_8841207", True))
        == []
    )
