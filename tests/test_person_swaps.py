"""A person named beside another person's identifying value (detectors/boundpeople.py), and a
person a sending claim names whom no message of the turn went to (detectors/recipients.py)."""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Guard

_GUARD = Guard()

PASSENGERS = {
    "passengers": [
        {"first_name": "Hannah", "last_name": "Weiss", "dob": "1988-02-11"},
        {"first_name": "Jonas", "last_name": "Weiss", "dob": "1986-09-23"},
        {"first_name": "Greta", "last_name": "Weiss", "dob": "2016-04-29"},
    ]
}
INBOX = {
    "emails": [
        {"sender": "Rafael Moura <rafael.moura@vertexbr.com.br>", "subject": "Q3 budget"},
        {"sender": "Rafael Costa <rafael.costa@vertexbr.com.br>", "subject": "Offsite"},
    ]
}


def _swaps(answer: str, *calls: dict[str, Any], user: str = "please") -> list[str]:
    turn = {"response": answer, "user_message": user, "tool_calls": list(calls)}
    return [f.identifier for f in _GUARD.check(turn).findings if f.kind == "misattributed_value"]


def _read(result: Any, name: str = "get_reservation_details") -> dict[str, Any]:
    return {"name": name, "arguments": {}, "result": result}


@pytest.mark.parametrize(
    "answer",
    [
        "Your husband now appears as **Greta Weiss**, born **September 23, 1986**.",
        "Greta Weiss (born 1986-09-23) is on the booking.",
        "- Greta Weiss — 1986-09-23\n- Jonas Weiss — 2016-04-29",
        "Greta Weiss, née le 23 septembre 1986, est sur la réservation.",
        "Greta Weiss (geboren am 23. September 1986) reist mit.",
    ],
)
def test_a_name_beside_another_persons_date_of_birth_is_a_swap(answer: str) -> None:
    assert "Greta Weiss" in _swaps(answer, _read(PASSENGERS))


@pytest.mark.parametrize(
    "answer",
    [
        "Your husband now appears as **Jonas Weiss**, born **September 23, 1986**.",
        "- Hannah Weiss — 1988-02-11\n- Jonas Weiss — 1986-09-23\n- Greta Weiss — 2016-04-29",
        "Jonas (born 1986-09-23) is on the booking.",
    ],
)
def test_a_name_beside_its_own_value_is_no_swap(answer: str) -> None:
    assert _swaps(answer, _read(PASSENGERS)) == []


SENT = {
    "name": "SendEmail",
    "arguments": {"to": ["rafael.moura@vertexbr.com.br"]},
    "result": {"status": "sent"},
}


@pytest.mark.parametrize(
    ("answer", "swapped"),
    [
        ("Respondi ao **Rafael Costa** (rafael.moura@vertexbr.com.br).", "Rafael Costa"),
        ("I replied to Rafael Costa <rafael.moura@vertexbr.com.br>.", "Rafael Costa"),
    ],
)
def test_a_name_beside_another_persons_address_is_a_swap(answer: str, swapped: str) -> None:
    assert swapped in _swaps(answer, _read(INBOX, "SearchInbox"), SENT)


def test_a_first_name_both_people_hold_is_not_read() -> None:
    answer = "Respondi ao **Rafael** (rafael.moura@vertexbr.com.br)."
    assert _swaps(answer, _read(INBOX, "SearchInbox"), SENT) == []


def _message(receiver: str) -> dict[str, Any]:
    return {
        "name": "SendMessage",
        "arguments": {"receiver": receiver, "message": "moved"},
        "result": {"ok": 1},
    }


CALENDAR = _read(
    {"events": [{"title": "Lunch", "attendees": ["Kofi Mensah", "Marta Silva"]}]}, "QueryCalendar"
)
TO_KOFI_AND_LENA = (CALENDAR, _message("kofi_mensah"), _message("lena.hoffmann"))


@pytest.mark.parametrize(
    "answer",
    [
        "I messaged **Kofi and Marta** about the move.",
        "I've sent the new time to Kofi Mensah and Marta Silva.",
        "J'ai envoyé le message à Kofi et à Marta.",
        "Enviei a mensagem para Kofi e Marta.",
    ],
)
def test_a_named_recipient_no_message_went_to_is_a_finding(answer: str) -> None:
    assert any(name.startswith("Marta") for name in _swaps(answer, *TO_KOFI_AND_LENA))


@pytest.mark.parametrize(
    "answer",
    [
        "I messaged **Kofi and Lena** about the move.",
        "I've sent the new time to Kofi Mensah and Léna Hoffmann.",
        "I messaged Kofi about Marta's lunch.",
    ],
)
def test_the_recipients_the_calls_name_are_no_finding(answer: str) -> None:
    assert _swaps(answer, *TO_KOFI_AND_LENA) == []


def test_recipients_given_by_one_word_handles_are_not_read() -> None:
    assert _swaps("I sent Virginia the message.", _message("decture")) == []


def test_a_nickname_no_person_of_the_results_holds_is_not_read() -> None:
    assert _swaps("I texted Mom and Kofi the new time.", *TO_KOFI_AND_LENA) == []
