"""Deeds the answer reports when the user asked what was done are a recap of earlier turns
(detectors/recaps.py): "Summarize what you've done" -> "Created the retro, messaged Ben and
moved it to 3:30" is grounded by the earlier CreateEvent, SendMessage and ModifyEvent calls.
Without the request the same report is a claim of deeds done now; a deed no earlier call
could do is a claim either way."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import blocking


def earlier(name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    return {
        "name": name,
        "arguments": {"session_token": "s-1", **arguments},
        "result": {"status": "success"},
        "earlier": True,
    }


CALLS = [
    earlier("CreateEvent", {"name": "Retro", "start_time": "2025-10-23 14:00:00"}),
    earlier("SendMessage", {"receiver": "ben.h", "message": "Retro on Thursday"}),
    earlier("ModifyEvent", {"event_id": "e-9", "new_start_time": "2025-10-23 15:30:00"}),
]
RECAP = {
    "en": (
        "Summarize what you've done so far.",
        "1. Created the retro.\n2. Messaged Ben.\n3. Moved it to 3:30 PM.",
    ),
    "es": (
        "¿Me haces un resumen de lo que has hecho?",
        "1. Creé la retro.\n2. Le envié un mensaje a Ben.\n3. La moví a las 15:30.",
    ),
    "fr": (
        "Récapitule ce que tu as fait.",
        "1. J'ai créé la rétro.\n2. J'ai envoyé un message à Ben.\n3. Je l'ai déplacée à 15 h 30.",
    ),
    "de": (
        "Fasse zusammen, was du gemacht hast.",
        "1. Ich habe die Retro erstellt.\n2. Ich habe Ben eine Nachricht geschickt.\n"
        "3. Ich habe sie auf 15:30 Uhr verschoben.",
    ),
}


@pytest.mark.parametrize("language", RECAP)
def test_a_requested_recap_of_earlier_deeds_is_clean(language: str) -> None:
    asked, answer = RECAP[language]
    assert blocking(answer, *CALLS, user=asked) == []


@pytest.mark.parametrize("language", ["en", "es", "fr"])
def test_the_same_report_unasked_is_a_claim_of_deeds_done_now(language: str) -> None:
    _asked, answer = RECAP[language]
    assert blocking(answer, *CALLS, user="Thanks. Anything else on Thursday?") != []


def test_a_deed_no_earlier_call_could_do_is_a_claim_in_a_recap() -> None:
    answer = "1. Created the retro.\n2. Cancelled your dentist appointment."
    assert blocking(answer, *CALLS, user="Summarize what you've done so far.") != []


# A recap the answer itself announces ("To recap:", "En resumen", "Pour récapituler") reads the
# deeds after it as earlier turns' deeds, as a requested one does.
ANNOUNCED = {
    "en": "The certificate is on your profile. To recap:\n- Created the retro\n- Messaged Ben",
    "es": "El certificado ya está en tu perfil. En resumen: creé la retro y le envié un mensaje a Ben.",
    "fr": "Le certificat est sur votre profil. Pour récapituler : j'ai créé la rétro et envoyé "
    "un message à Ben.",
}


@pytest.mark.parametrize("language", ANNOUNCED)
def test_an_announced_recap_of_earlier_deeds_is_clean(language: str) -> None:
    certificate = {"name": "send_certificate", "arguments": {"user_id": "u1", "amount": 100}, "result": "ok"}
    assert blocking(ANNOUNCED[language], *CALLS, certificate, user="Thanks!") == []


def test_deeds_before_the_announcement_are_still_claims() -> None:
    answer = "Created the retro and messaged Ben. To recap: that's all for today."
    assert blocking(answer, *CALLS, user="Thanks!") != []
