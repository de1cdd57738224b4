"""Accepting or declining an invitation is a deed a tool answers; said in the passive of a
card or a request, or before an infinitive ("declined to ..."), it is someone else's decision
or a refusal, no claim. A verb emphasised alone at a list item's start ("- **Declined** the
demo") reports the deed as the plain verb does."""

from __future__ import annotations

import pytest

from tests.helpers import call, claimed

READ = call("ListInvitations", [{"invite_id": "inv-71", "event": "Budget sync"}], {"status": "pending"})
ANSWERED = call("RespondInvitation", {"invite_id": "inv-71", "status": "declined"}, {"invite_id": "inv-71"})
EXPIRED = call(
    "RespondInvitation", None, {"invite_id": "inv-71", "response": "decline"}, error="Expired: inv-71"
)


@pytest.mark.parametrize(
    "answer",
    [
        "I declined the budget sync invitation.",
        "I've accepted the invite from Nora.",
        "Done:\n- ✅ **Accepted** the budget sync\n- ❌ **Declined** the vendor call",
        "He aceptado la invitación de Nora.",
        "J'ai décliné l'invitation de Nora.",
        "Ich habe die Einladung von Nora zugesagt.",
    ],
)
def test_an_answer_to_an_invitation_needs_a_tool_that_answers(answer: str) -> None:
    assert claimed(answer, READ) != []
    assert claimed(answer, READ, ANSWERED) == []


def test_an_answer_whose_call_failed_is_held_to_the_failure() -> None:
    answer = "Done:\n- ❌ **Declined** Budget sync"
    assert claimed(answer, READ, EXPIRED) != []


@pytest.mark.parametrize(
    "answer",
    [
        "Your card was declined.",
        "Your change request has been accepted.",
        "Gift cards are accepted at checkout.",
        "I declined to change the flight: basic economy cannot be modified.",
        "J'ai décliné de modifier le vol.",
        "Ich habe angenommen, dass Sie später kommen.",
    ],
)
def test_a_third_party_decision_or_a_refusal_is_no_claim(answer: str) -> None:
    assert claimed(answer, READ) == []


@pytest.mark.parametrize(
    "answer",
    ["**Saved passengers**\n- Ana", "**Updated PTO policy** — Oct 2"],
)
def test_an_emphasised_title_stays_a_title(answer: str) -> None:
    assert claimed(answer, READ) == []
