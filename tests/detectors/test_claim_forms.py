"""verb_claim: the forms of a completed action beyond "I've <verb>" (issue 12, claims), as
must-fire / must-not-fire tables in several phrasings and two languages.

- a contracted perfect passive is a claim like "has been" ("you've been logged out");
- "you are"/"you're" + a participle states what was done to the user ("you're now signed
  out"): a state, so evidence reporting it cancels it; never "you're all set";
- a subjectless report may open with its count ("2 bags added") or be the participle alone
  with an exclamation ("Booked!");
- a past state of a possessed thing ("your password was reset") is a state like "is reset";
- inflections of "reset" and "register" in every lexicon language;
- a thing stated as confirmed ("your booking is confirmed") was made: only the tool that
  makes it grounds it, unless the evidence reports the state.
"""

from __future__ import annotations

import pytest

from nofab import Profile
from nofab.language.lexicon import lexicon_for
from tests.helpers import call, findings, turn

FAILED = {"status": "error", "error": "Error: the request could not be completed"}
OK = {"status": "ok"}


def actions(text: str) -> list[str]:
    return [c.action.name for c in lexicon_for(Profile()).find_claims(text)]


def blocked(response: str, tool: str) -> bool:
    """The claim is reported when the only tool that could have done it failed."""
    failed = call(tool, None, {}, **FAILED)
    return any(f.kind == "verb_claim" for f in findings(turn(response, failed), detector="claims"))


CLAIMS = [
    ("You've been logged out.", "session"),
    ("You have been logged out of all devices.", "session"),
    ("It's been cancelled, as you asked.", "cancel"),
    ("They've already been sent.", "send"),
    ("You're now signed out.", "session"),
    ("You are registered for the webinar.", "register"),
    ("You're logged in now.", "session"),
    ("You're booked on the 9 AM flight.", "book"),
    ("Vous êtes maintenant déconnecté.", "session"),
    ("Vous êtes bien inscrit.", "register"),
    ("2 checked bags added to your reservation.", "create"),
    ("3 reminders deleted.", "delete"),
    ("Booked!", "book"),
    ("- **Cancelled!** Your refund follows.", "cancel"),
    ("Your password was reset.", "reset"),
    ("The two reminders were deleted.", "delete"),
    ("I've marked the reminder as complete.", "process"),
    ("Gebucht!", "book"),
    ("Réservé !", "book"),
    ("2 Erinnerungen gelöscht.", "delete"),
    ("2 lembretes excluídos.", "delete"),
    ("Ihr Passwort wurde zurückgesetzt.", "reset"),
    ("Tu contraseña fue restablecida.", "reset"),
    ("Votre mot de passe a été réinitialisé.", "reset"),
    ("Você já está inscrito.", "register"),
]


@pytest.mark.parametrize(("response", "action"), CLAIMS, ids=[c[0] for c in CLAIMS])
def test_completed_action_forms_are_claims(response: str, action: str) -> None:
    assert actions(response) == [action]


NOT_CLAIMS = [
    "You're all set!",
    "You're all set for tomorrow.",
    "You are confirmed on the 9 AM flight.",
    "You're welcome!",
    "You are not registered yet.",
    "Are you registered?",
    "You're able to cancel within 24 hours.",
    "Once you're logged in, open Settings.",
    "It's been a pleasure helping you.",
    "Please note: cancelled flights are refunded.",
    "¡Gracias!",
    "Merci !",
    "Danke!",
    "2 Gepäckstücke sind im Tarif enthalten.",
    "- **Total Amount Paid:** $500\n- **Booked:** 2 seats",
    "Okay, cancelled flights can be refunded within 7 days.",
]


@pytest.mark.parametrize("response", NOT_CLAIMS)
def test_standing_policies_conditions_and_questions_are_not_deeds(response: str) -> None:
    assert [a for a in actions(response) if a != "read"] == []


@pytest.mark.parametrize(
    ("response", "tool"),
    [
        ("You've been logged out.", "LogoutUser"),
        ("You're registered!", "RegisterUser"),
        ("Vous êtes déconnecté.", "LogoutUser"),
        ("Your password was reset.", "ResetPassword"),
        ("2 checked bags added to your reservation.", "update_reservation_baggages"),
        ("Booked! See you on board.", "book_reservation"),
        ("Okay, that meeting is cancelled.", "DeleteEvent"),
        ("Okay, emailed Hugo the agenda.", "SendEmail"),
        ("Sure, deleted the reminder.", "DeleteReminder"),
    ],
)
def test_a_failed_tool_does_not_ground_these_forms(response: str, tool: str) -> None:
    assert blocked(response, tool)


def test_a_state_the_evidence_reports_is_no_claim() -> None:
    registered = call("get_account", {"status": "registered"})
    assert [f for f in findings(turn("You're registered!", registered), detector="claims")] == []
    logout = call("LogoutUser", {"ok": True}, {}, **OK)
    assert [f for f in findings(turn("You've been logged out.", logout), detector="claims")] == []


# ---------------------------------------------------------------- a confirmed thing was made
@pytest.mark.parametrize(
    ("response", "tool"),
    [
        ("Your booking is confirmed!", "book_reservation"),
        ("Great news: your reservation is confirmed.", "book_reservation"),
        ("Tu reserva está confirmada.", "book_reservation"),
        ("Votre réservation est confirmée.", "book_reservation"),
        ("Your meeting is confirmed for 3 PM.", "CreateEvent"),
        ("Your order is confirmed.", "place_order"),
    ],
)
def test_a_confirmed_thing_needs_the_tool_that_makes_it(response: str, tool: str) -> None:
    assert blocked(response, tool)
    made = call(tool, {"id": "R1"}, {}, **OK)
    assert [f for f in findings(turn(response, made), detector="claims")] == []


def test_a_confirmation_the_evidence_reports_is_no_claim() -> None:
    status = call("get_reservation_details", {"status": "confirmed"})
    assert [f for f in findings(turn("Your booking is confirmed!", status), detector="claims")] == []
    read = call("get_reservation_details", {"reservation_id": "R1"})
    assert [f for f in findings(turn("Your reservation is confirmed.", read), detector="claims")] == []


def test_a_confirmed_thing_no_action_makes_stays_a_check() -> None:
    # a seat is no object group an action makes: "confirmed" stays a read, below blocking
    failed = call("book_reservation", None, {}, **FAILED)
    seat = findings(turn("Your seat is confirmed.", failed), detector="claims")
    assert [(f.evidence["action"], f.confidence) for f in seat] == [("read", 0.7)]
    booking = findings(turn("Your booking is confirmed.", failed), detector="claims")
    assert [(f.evidence["action"], f.confidence) for f in booking] == [("book", 0.8)]
