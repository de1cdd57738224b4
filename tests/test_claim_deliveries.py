"""A tool that sends, issues or grants an item puts it on the user's account: a producing
claim ("added", "created", "credited", "añadido", "hinzugefügt") that names the kind of item
the tool names is that tool's deed. A contrary deed, another item, or a tool that only reads
or delivers something else leaves the claim a finding; the same claim after the delivering
tool failed is held to that failure."""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Profile, Turn
from nofab.detectors.claims import ClaimDetector
from nofab.detectors.deliveries import delivered_items
from nofab.evidence.index import Evidence
from nofab.language.capabilities import name_capability
from nofab.language.lexicon import lexicon_for
from tests.helpers import claimed


def _call(name: str, **arguments: Any) -> dict[str, Any]:
    return {"name": name, "arguments": {"user_id": "u_1", **arguments}, "result": {"id": "x_9", "amount": 50}}


def _failed(name: str) -> dict[str, Any]:
    return {"name": name, "arguments": {"user_id": "u_1", "amount": 50}, "error": "Error: user not found"}


READ = _call("get_user_details")
CERTIFICATE = _call("send_certificate", amount=50)
VOUCHER = _call("issue_voucher", amount=50)
CREDIT = _call("grant_credit", amount=50)
GIFT_CARD = _call("SendGiftCard", amount=50)
MILES = _call("award_miles", miles=5000)

#: (answer, the delivering call): the answer names the item that call's name names.
DELIVERED = [
    ("Done — I've added a **$50 travel certificate** to your account.", CERTIFICATE),
    ("The $50 certificate has been added to your account.", CERTIFICATE),
    ("I created a $50 certificate for you; it's in your profile.", CERTIFICATE),
    ("I've credited a $50 voucher to your account.", VOUCHER),
    ("A $50 voucher has been added to your profile.", VOUCHER),
    ("I've added $50 in credit to your account.", CREDIT),
    ("I've added a $50 gift card to your account.", GIFT_CARD),
    ("I've added 5,000 bonus miles to your account.", MILES),
    ("He añadido un certificado de 50 $ a su cuenta.", CERTIFICATE),
    ("Se ha añadido un cupón de 50 € a su cuenta.", _call("emitir_cupon")),
    ("J'ai ajouté un certificat de 50 € à votre compte.", CERTIFICATE),
    ("Ich habe Ihrem Konto einen Gutschein über 50 € hinzugefügt.", CERTIFICATE),
    ("Ihrem Konto wurde ein Gutschein über 50 € gutgeschrieben.", VOUCHER),
    ("Adicionei um certificado de 50 € à sua conta.", CERTIFICATE),
    ("He añadido 50 € de crédito a su cuenta.", _call("otorgar_credito")),
    ("J'ai ajouté un bon de 50 € à votre compte.", _call("emettre_bon")),
]


@pytest.mark.parametrize(("answer", "delivery"), DELIVERED)
def test_an_item_added_to_the_account_is_grounded_by_the_tool_that_delivered_it(
    answer: str, delivery: dict[str, Any]
) -> None:
    assert claimed(answer, READ, delivery) == []


@pytest.mark.parametrize(("answer", "delivery"), DELIVERED)
def test_the_same_claim_after_only_a_read_fires(answer: str, delivery: dict[str, Any]) -> None:
    assert claimed(answer, READ) != []


@pytest.mark.parametrize(("answer", "delivery"), DELIVERED)
def test_the_same_claim_after_the_delivery_failed_names_the_failed_tool(
    answer: str, delivery: dict[str, Any]
) -> None:
    profile = Profile()
    turn = Turn.from_dict({"response": answer, "tool_calls": [READ, _failed(delivery["name"])]})
    found = list(ClaimDetector(profile).detect(Evidence(turn, profile, lexicon_for(profile))))
    assert found
    assert any(delivery["name"] in f.reason for f in found)


@pytest.mark.parametrize(
    "answer",
    [
        "I've added a bag to your reservation.",
        "I added a $50 voucher to your account.",  # the tool sent a certificate, not a voucher
        "I've added a new credit card to your profile.",
        "He añadido una maleta a su reserva.",
        "Ich habe Ihrem Konto eine Kreditkarte hinzugefügt.",
    ],
)
def test_an_item_the_tool_does_not_name_stays_a_finding(answer: str) -> None:
    assert claimed(answer, READ, CERTIFICATE) != []


@pytest.mark.parametrize(
    "answer",
    [
        "I've removed the $50 certificate from your account.",
        "I cancelled your certificate.",
        "He eliminado el certificado de su cuenta.",
        "J'ai supprimé le certificat de votre compte.",
        "Ich habe den Gutschein aus Ihrem Konto entfernt.",
    ],
)
def test_a_contrary_deed_on_the_delivered_item_stays_a_finding(answer: str) -> None:
    assert claimed(answer, READ, CERTIFICATE) != []


@pytest.mark.parametrize(
    "name",
    ["get_certificate", "search_vouchers", "delete_certificate", "list_credits", "certificate_balance"],
)
def test_a_tool_that_reads_or_takes_away_delivers_nothing(name: str) -> None:
    assert delivered_items(name_capability(name)) == frozenset()
    assert claimed("I've added a $50 certificate to your account.", READ, _call(name)) != []


@pytest.mark.parametrize(
    ("name", "items"),
    [
        ("send_certificate", {"certificate"}),
        ("issueVouchers", {"voucher"}),
        ("SendGiftCard", {"gift_card"}),
        ("grant_credit", {"credit"}),
        ("enviar_certificado", {"certificate"}),
        ("otorgar_credito", {"credit"}),  # a tool name spells "crédito" without its accent
        ("ausstellen_gutschein", {"certificate", "voucher", "coupon"}),
        ("send_email", set()),
    ],
)
def test_what_a_delivering_tool_delivers_is_read_from_its_name(name: str, items: set[str]) -> None:
    assert delivered_items(name_capability(name)) == frozenset(items)


@pytest.mark.parametrize(
    "answer",
    [
        "I've added a new credit card to your profile.",
        "He añadido una tarjeta de crédito a su cuenta.",
        "J'ai ajouté une carte de crédit à votre compte.",
    ],
)
def test_an_item_word_inside_another_things_name_is_not_the_item(answer: str) -> None:
    # "credit card" names a card, not the credit grant_credit gave.
    assert claimed(answer, READ, CREDIT) != []


def test_a_delivery_tool_for_another_item_does_not_ground_the_claim() -> None:
    assert claimed("I've added a $50 certificate to your account.", READ, MILES) != []
    assert claimed("I've added 5,000 miles to your account.", READ, CERTIFICATE) != []
