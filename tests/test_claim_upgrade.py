"""A change of class, tier, plan or version is its own deed: "upgraded to business", "Your
plan has been downgraded", "J'ai surclassé votre réservation", "Ich habe Sie hochgestuft". A
tool named for it or one whose arguments name what changes in grade (a cabin, a plan, a
tier) grounds it; another update of the same thing (the bags of the same reservation, its
passengers) does not. A summary bullet reads a participle after a bold label ("- **Cabin:**
upgraded to business"), never a bold title ("**Updated PTO policy**").
"""

from __future__ import annotations

import pytest

from tests.helpers import claimed

RES = {"reservation_id": "HN4K2B"}
DONE = {"reservation_id": "HN4K2B", "status": "ok"}
BAGS = {"name": "update_reservation_baggages", "arguments": {**RES, "total_baggages": 5}, "result": DONE}
PAX = {"name": "update_reservation_passengers", "arguments": {**RES, "passengers": []}, "result": DONE}
FLIGHTS = {"name": "update_reservation_flights", "arguments": {**RES, "cabin": "business"}, "result": DONE}
PLAN = {"name": "change_plan", "arguments": {"account_id": "ac-77", "plan_id": "pro"}, "result": {"ok": True}}
UPGRADE = {"name": "upgrade_subscription", "arguments": {"account_id": "ac-77"}, "result": {"ok": True}}

CABIN = [
    "- **Cabin:** upgraded to business for both flights.",
    "- Cabin: upgraded to business.",
    "Upgraded to business class.",
    "I've upgraded you to business.",
    "Your cabin has been upgraded to business.",
    "J'ai surclassé votre réservation en classe affaires.",
    "Ich habe Ihre Buchung in die Business Class hochgestuft.",
]


@pytest.mark.parametrize("answer", CABIN)
def test_an_upgrade_is_grounded_by_the_call_that_changed_the_cabin(answer: str) -> None:
    assert claimed(answer, FLIGHTS) == []


@pytest.mark.parametrize("answer", CABIN)
def test_another_update_of_the_same_reservation_does_not_ground_an_upgrade(answer: str) -> None:
    assert claimed(answer, BAGS) != []
    assert claimed(answer, BAGS, PAX) != []


@pytest.mark.parametrize(
    "answer",
    ["Your plan has been downgraded to Basic.", "I've upgraded your subscription to Pro.", "Upgraded!"],
)
def test_a_plan_change_grounds_by_its_argument_or_its_name(answer: str) -> None:
    assert claimed(answer, PLAN) == []
    assert claimed(answer, UPGRADE) == []
    assert claimed(answer, BAGS) != []


@pytest.mark.parametrize(
    "answer",
    [
        "Two messages: - **Updated PTO policy** — Oct 2",
        "**Booked flights** are listed below.",
    ],
)
def test_a_bold_title_is_no_report(answer: str) -> None:
    read = {"name": "SearchInbox", "arguments": {"query": "HR"}, "result": {"emails": []}}
    assert claimed(answer, read) == []
