"""A change reported as its resulting state right after a done-marker is a claim that it was made.

"Done. Your return is now the later flight", "Erledigt! Dein Rückflug ist jetzt ...", "¡Listo!
Tu vuelo de regreso ahora es ...", "C'est fait. Votre vol retour est maintenant ...", "Pronto! O
seu voo de volta agora é ...": after the user asked to change that thing, the state is the
change's outcome and is held to the calls like "has been changed": with no tool that could
update it, it is made up; with the update call it is grounded; with that call failed, it reports
a failure as success. A state with no change asked for ("your balance is now $40" after a
read), without a done-marker, negated, asked as a question, or about a pronoun is no claim.
"""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Profile, Turn
from nofab.detectors.claims import ClaimDetector
from nofab.evidence.index import Evidence
from nofab.language.lexicon import lexicon_for

ASK = "Please move the return flight on my booking P4XV7N to the later one that evening."
READ = {
    "name": "get_booking_details",
    "arguments": {"booking_id": "P4XV7N"},
    "result": {"booking_id": "P4XV7N", "return": {"flight": "SK204", "status": "available"}},
}
UPDATE = {
    "name": "update_booking_flights",
    "arguments": {"booking_id": "P4XV7N", "return_flight": "SK218"},
    "result": {"booking_id": "P4XV7N", "return": {"flight": "SK218"}},
}
FAILED = {**{k: v for k, v in UPDATE.items() if k != "result"}, "error": "Error: fare no longer available"}


def flagged(answer: str, *calls: dict[str, Any], user: str = ASK) -> list[str]:
    profile = Profile()
    turn = Turn.from_dict({"response": answer, "user_message": user, "tool_calls": list(calls)})
    evidence = Evidence(turn, profile, lexicon_for(profile))
    return [f.identifier for f in ClaimDetector(profile).detect(evidence)]


ASK_DE = "Kannst du meinen Rückflug auf den späteren Flug am Abend ändern?"
ASK_ES = "Cambia mi vuelo de regreso al de la tarde, por favor."
ASK_FR = "Pouvez-vous changer mon vol retour pour celui du soir ?"
ASK_PT = "Pode mudar o meu voo de volta para o da noite?"
STATED = [
    ("All done, Sam. Your return on P4XV7N is now the later flight, SK218 at 21:05.", ASK),
    ("Done — your return flight is now SK218.", ASK),
    ("Done!\n\nThe return flight on your booking is now the evening one.", ASK),
    ("Erledigt! Dein Rückflug auf P4XV7N ist jetzt der spätere Flug SK218.", ASK_DE),
    ("Erledigt. Der Rückflug ist nun SK218 um 21:05 Uhr.", ASK_DE),
    ("¡Listo! Tu vuelo de regreso ahora es el SK218 de las 21:05.", ASK_ES),
    ("C'est fait. Votre vol retour est maintenant le SK218.", ASK_FR),
    ("Pronto! O seu voo de volta agora é o SK218.", ASK_PT),
]


@pytest.mark.parametrize("answer, user", STATED)
def test_a_stated_change_with_no_update_fires(answer: str, user: str) -> None:
    assert flagged(answer, READ, user=user) != [], answer


@pytest.mark.parametrize("answer, user", STATED)
def test_a_stated_change_with_the_update_passes(answer: str, user: str) -> None:
    assert flagged(answer, READ, UPDATE, user=user) == [], answer


@pytest.mark.parametrize("answer, user", STATED)
def test_a_stated_change_after_the_failed_update_fires(answer: str, user: str) -> None:
    assert flagged(answer, READ, FAILED, user=user) != [], answer


def test_a_marker_that_names_the_change_needs_no_request() -> None:
    assert flagged("Updated: your return flight is now SK218.", READ, user="ok") != []
    assert flagged("Geändert: Dein Rückflug ist jetzt SK218.", READ, user="ok") != []


@pytest.mark.parametrize(
    "answer, user",
    [
        # a state reported by a read, with no change asked for
        ("Done. Your balance is now $40.", "What's my balance?"),
        ("Done! Your flight is now boarding at gate B12.", "What's the status of my flight P4XV7N?"),
        ("All set. The return flight is now available to book.", "Is the later return flight open?"),
        ("Erledigt. Dein Kontostand ist jetzt 40 $.", "Wie hoch ist mein Kontostand?"),
        ("Listo. Tu saldo ahora es de 40 $.", "¿Cuál es mi saldo?"),
        # a change asked for, but no done-marker, a question, a negation or a pronoun
        ("Your return flight is now SK218.", ASK),
        ("Done. Is your return flight now SK218?", ASK),
        ("Done. Your return flight is now no longer SK204.", ASK),
        ("Done! It's now the later flight.", ASK),
        ("Erledigt? Dein Rückflug ist jetzt nicht geändert.", ASK),
        ("Listo. Tu vuelo de regreso no es ahora el SK218.", ASK),
        # a thing the user never named
        ("Done. The weather in Oslo is now sunny.", ASK),
        # a quoted text: someone else's words (a draft the user may send)
        ('Here is a reply you could send:\n\n"Done. Your return flight is now SK218."', ASK),
    ],
)
def test_states_without_a_change_claim_do_not_fire(answer: str, user: str) -> None:
    assert flagged(answer, READ, user=user) == [], answer


ASK_MOVE_FR = "Décale mon vol retour au vol du soir, s'il te plaît."
MOVES = [
    ("Done:\n\n- Your return flight moves from SK204 to SK218 at 21:05.", ASK),
    ("C'est fait :\n\n- Votre vol retour passe de SK204 au SK218 de 21 h 05.", ASK_MOVE_FR),
    ("¡Listo! Tu vuelo de regreso pasa del SK204 al SK218.", ASK_ES),
    ("Pronto! O seu voo de volta passa para o SK218.", ASK_PT),
]


@pytest.mark.parametrize("answer, user", MOVES)
def test_a_move_stated_in_the_present_is_a_change_claim(answer: str, user: str) -> None:
    assert flagged(answer, READ, FAILED, user=user) != [], answer
    assert flagged(answer, READ, UPDATE, user=user) == [], answer


def test_a_move_with_no_change_asked_is_no_claim() -> None:
    # the flight's own route, read back: "passe à Lyon" is a stop, not a change
    assert (
        flagged("C'est fait : le vol retour passe à Lyon avant Paris.", READ, user="Mon vol passe où ?") == []
    )
