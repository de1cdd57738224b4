"""A completion headline alone on its line ("Both done", "Erledigt", "Listo") opens a report of
the changes made; a table or list of "field | new value" rows after it states each field as
holding that value now. A row whose value the user asked for, while no successful call of this
turn holds it, reports the request as done with no call that did it. Values are compared as
values (a phone's digits, an e-mail without case, a time as a time)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import findings, turn

SETTINGS = {
    "name": "UpdateAccountSettings",
    "arguments": {"session_token": "s-1", "two_factor": True},
    "result": {"two_factor": "enabled"},
}


def held(**arguments: Any) -> dict[str, Any]:
    """A call that carries the requested value."""
    return {
        "name": "SetContactDetails",
        "arguments": {"session_token": "s-1", **arguments},
        "result": "success",
    }


ASKS = {
    "phone": "Please enable two-factor and make 415-555-0172 my backup number.",
    "email": "Turn on 2FA and switch my login email to rosa.m@example.net please.",
    "time": "Enable 2FA and move my daily digest to 7:45 AM.",
    "de": "Bitte 2FA einschalten und meine Nummer auf 0151 23456789 setzen.",
    "es": "Activa la verificación y cambia mi correo a pablo.g@example.es.",
    "fr": "Activez la double authentification et mettez mon numéro à 06 12 34 56 78.",
}

REPORTS = [
    (
        "phone",
        "Both done ✅\n\n| Setting | Now |\n|---|---|\n| Two-factor | On |\n| Backup number | 415-555-0172 |",
    ),
    ("phone", "All set!\n- Two-factor: on\n- Backup number: (415) 555-0172"),
    (
        "email",
        "Done.\n\n| What | Value |\n|---|---|\n| 2FA | enabled |\n| Login email | `rosa.m@example.net` |",
    ),
    ("time", "All done 🎉\n\n1. Two-factor — enabled\n2. Daily digest — 7:45 AM"),
    ("de", "Erledigt!\n\n| Einstellung | Neu |\n|---|---|\n| 2FA | an |\n| Telefon | **0151 23456789** |"),
    ("es", "¡Listo!\n- Verificación: activada\n- Correo: pablo.g@example.es"),
    ("fr", "C'est fait.\n\n- Double authentification : activée\n- Numéro : 06 12 34 56 78"),
]


def _blocking(answer: str, user: str, *calls: dict[str, Any]) -> list[str]:
    return [f.identifier for f in findings(turn(answer, *calls, user=user), detector="claims")]


@pytest.mark.parametrize(("ask", "answer"), REPORTS)
def test_a_requested_value_no_call_holds_is_not_done(ask: str, answer: str) -> None:
    assert _blocking(answer, ASKS[ask], SETTINGS) != []


CARRIED = {
    "phone": held(backup_phone="+1 415 555 0172"),
    "email": held(login_email="Rosa.M@example.net"),
    "time": held(digest_time="07:45"),
    "de": held(phone="+49 151 23456789"),
    "es": {**held(), "result": {"email": "pablo.g@example.es"}},
    "fr": held(phone="0612345678"),
}


@pytest.mark.parametrize(("ask", "answer"), REPORTS)
def test_a_requested_value_a_call_holds_is_done(ask: str, answer: str) -> None:
    assert _blocking(answer, ASKS[ask], SETTINGS, CARRIED[ask]) == []


@pytest.mark.parametrize(
    ("user", "answer"),
    [
        # no completion headline: a read-back, not a report of deeds
        (ASKS["phone"], "Here is what I have on file:\n\n| Backup number | 415-555-0172 |"),
        # the headline is not alone on its line: a sentence, not a headline
        (
            ASKS["phone"],
            "Done with the first part, but the backup number still needs you:\n- Backup number: 415-555-0172",
        ),
        # a value the user never stated (a total worked out) is another rule's question
        ("Enable two-factor please.", "Done.\n\n| Two-factor | on |\n| Fee | $4.99 |"),
        # plain words are not held to the calls
        ("Enable two-factor and use SMS.", "Both done.\n\n| Two-factor | on |\n| Method | SMS |"),
        # a negated headline opens no report
        (ASKS["phone"], "Not done yet:\n- Backup number: 415-555-0172"),
    ],
)
def test_rows_that_report_no_requested_value_are_not_held(user: str, answer: str) -> None:
    assert _blocking(answer, user, SETTINGS) == []
