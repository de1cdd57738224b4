"""verb_claim principles of issue 12 (claims), each as must-fire / must-not-fire tables in
several phrasings and, where the lexicon has them, several languages.

- phrase verbs with particles are their own actions (a login/logout grounds "logged you out");
- a tool named for reading performs no action, whatever nouns its name holds;
- arguments ground an action only as its instruments (money through ``payment_id``);
- a tool's definition (``Turn.tools``) tells what it does when its name does not;
- verbs coordinated with a claim share its subject;
- subjectless reports are claims; a reported state is grounded when the evidence shows it;
- a count claim cannot exceed the calls that succeeded.
"""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Profile, Turn
from nofab.language.capabilities import description_verb, part_matches, tool_name_parts
from nofab.language.lexicon import lexicon_for
from tests.helpers import call, findings, turn

OK = {"status": "ok"}


def claimed(response: str, *calls: dict[str, Any]) -> list[str]:
    return [f.identifier for f in findings(turn(response, *calls), detector="claims")]


def actions(text: str) -> list[str]:
    return [c.action.name for c in lexicon_for(Profile()).find_claims(text)]


# ---------------------------------------------------------------- particles
@pytest.mark.parametrize(
    "text",
    [
        "I logged you out of every device.",
        "I've signed you in.",
        "We have checked in both passengers.",
        "I logged out your old session.",
        "He cerrado la sesión en todos los dispositivos.",
        "He cerrado tu sesión.",
        "Listo: se ha cerrado tu sesión.",
        "Ich habe Sie abgemeldet.",
    ],
)
def test_phrase_verbs_with_particles_are_session_actions(text: str) -> None:
    assert actions(text) == ["session"]


@pytest.mark.parametrize("tool", ["LogoutUser", "user_login", "sign_in", "check_in", "revoke_session"])
def test_a_session_tool_grounds_a_session_claim(tool: str) -> None:
    assert claimed("I've logged you out and signed you in again.", call(tool, OK)) == []


def test_a_session_claim_is_not_grounded_by_a_save_or_read_tool() -> None:
    assert claimed("I logged you out.", call("save_note", OK)) == ["I logged you out"]
    assert claimed("I logged you out.", call("get_session", OK)) == ["I logged you out"]


# ---------------------------------------------------------------- what a tool can do
@pytest.mark.parametrize(
    ("response", "tool"),
    [
        ("I have also sent a text message to your phone.", "SearchMessages"),
        ("I've emailed you the receipt.", "get_emails"),
        ("I deleted the reminder.", "list_reminders"),
        ("Your booking has been cancelled.", "query_bookings"),
        ("He enviado el mensaje.", "FindMessages"),
    ],
)
def test_a_tool_named_for_reading_grounds_no_action(response: str, tool: str) -> None:
    assert claimed(response, call(tool, [{"id": 1}])) != []


@pytest.mark.parametrize(
    ("response", "tool"),
    [
        ("I have also sent a text message to your phone.", "SendMessage"),
        ("I've emailed you the receipt.", "sendmail"),
        ("I deleted the reminders.", "DeleteReminders"),
        ("Your booking has been cancelled.", "cancel_bookings"),
        ("Your bookings have been made: I booked both flights.", "booking_create"),
    ],
)
def test_a_tool_named_for_the_action_grounds_it_in_any_inflection(response: str, tool: str) -> None:
    assert claimed(response, call(tool, OK)) == []


@pytest.mark.parametrize(
    ("response", "arguments", "grounded"),
    [
        ("An extra $50 has been charged.", {"payment_id": "card_1"}, True),
        ("The difference has been refunded to your card.", {"payment_id": "card_1"}, True),
        ("I've notified your manager.", {"email": "a@b.example"}, False),
        ("I have sent the invoice.", {"message": "hello"}, False),
    ],
)
def test_arguments_ground_only_as_instruments(
    response: str, arguments: dict[str, str], grounded: bool
) -> None:
    got = claimed(response, call("update_account", OK, arguments))
    assert (got == []) is grounded


def test_a_tool_definition_tells_what_an_opaque_name_does() -> None:
    response = "I've notified the on-call engineer."
    tools: list[dict[str, Any]] = [call("pd_v2", OK)]
    bare = Turn.from_dict({"response": response, "tool_calls": tools})
    defined = Turn.from_dict(
        {
            "response": response,
            "tool_calls": tools,
            "tools": [{"name": "pd_v2", "description": "Sends a page to the on-call engineer."}],
        }
    )
    assert [f.identifier for f in findings(bare, detector="claims")] == ["I've notified"]
    assert findings(defined, detector="claims") == []
    reading = Turn.from_dict(
        {
            "response": response,
            "tool_calls": [call("notify_log", OK)],
            "tools": [{"name": "notify_log", "description": "Lists the notifications sent today."}],
        }
    )
    assert [f.identifier for f in findings(reading, detector="claims")] == ["I've notified"]


def test_capability_helpers() -> None:
    assert tool_name_parts("getUserDetails") == ("get", "user", "details")
    assert part_matches("book", "bookings") and part_matches("delete", "deleted")
    assert not part_matches("post", "postgres")
    assert description_verb("This tool sends an SMS.") == "send"


# ---------------------------------------------------------------- coordination
@pytest.mark.parametrize(
    ("response", "second"),
    [
        ("I've moved the meeting and sent a message to Tao.", "and sent"),
        ("I deleted the event, and then emailed Alicia an apology.", "and then emailed"),
        ("I updated your address, cancelled the old card and issued a new one.", "and issued"),
        ("He cancelado la reserva y enviado el correo.", "y enviado"),
        ("J'ai annulé la réservation et envoyé le reçu.", "et envoyé"),
    ],
)
def test_a_verb_coordinated_with_a_claim_is_a_claim(response: str, second: str) -> None:
    tools = (call("update_event", OK), call("delete_event", OK), call("cancel_reservation", OK))
    assert any(second in claim for claim in claimed(response, *tools))


@pytest.mark.parametrize(
    "response",
    [
        "I've moved the meeting. Sent messages are in your outbox.",
        "I couldn't move the meeting and sent nothing.",
        "Would you like me to move the meeting and send a message?",
    ],
)
def test_coordination_stays_inside_one_asserted_sentence(response: str) -> None:
    assert claimed(response, call("update_event", OK)) == []


# ---------------------------------------------------------------- subjectless reports
@pytest.mark.parametrize(
    ("response", "action"),
    [
        ("Reminder deleted.", "delete"),
        ("Done — refund issued.", "issue"),
        ("Ok, reminder added to apply sunscreen at noon.", "create"),
        ("Deleted the reminder to buy yarn.", "delete"),
        ("Your booking is confirmed!", "read"),
        ("Reserva cancelada.", "cancel"),
        ("Réservation annulée.", "cancel"),
        ("Erinnerung gelöscht.", "delete"),
    ],
)
def test_subjectless_completed_actions_are_claims(response: str, action: str) -> None:
    assert actions(response) == [action]


@pytest.mark.parametrize(
    "response",
    [
        "Cancelled reservations are refunded within 7 days.",
        "The flight is scheduled to depart at 9.",
        "Once the booking is confirmed, you will get an email.",
        "Checked bags cost $35 and deleted items cannot be restored.",
        "Is the reminder deleted?",
    ],
)
def test_policies_plans_conditions_and_questions_are_not_deeds(response: str) -> None:
    assert [a for a in actions(response) if a != "read"] == []


def test_a_stated_state_is_grounded_by_evidence_that_reports_it() -> None:
    status = call("get_reservation", {"status": "confirmed"})
    assert claimed("Your booking is confirmed!", status) == []
    alarms = call("FindAlarms", [{"time": "7:30"}])
    assert claimed("Your alarms are set for 7:30.", alarms) == []
    # without a tool that read or changed the alarms, the state is a claim
    assert claimed("Your alarm is set for 7:30.", call("get_weather", OK)) == ["Your alarm is set"]


# ---------------------------------------------------------------- counts and every item
@pytest.mark.parametrize(
    "response",
    [
        "I completed two reminders.",
        "I have completed 2 reminders.",
        "I completed both reminders.",
        "I completed all of your reminders.",
        "He eliminado ambos recordatorios.",
    ],
)
def test_a_claim_about_more_items_than_succeeded_is_a_finding(response: str) -> None:
    tool = "DeleteReminder" if "eliminado" in response else "CompleteReminder"
    ok = call(tool, OK, {"reminder_id": "r1"})
    failed = call(tool, None, {"reminder_id": "r2"}, error="Error: not found")
    assert len(findings(turn(response, ok, failed), detector="claims")) == 1


def test_a_count_the_successful_calls_cover_is_grounded() -> None:
    ok = [call("CompleteReminder", OK, {"reminder_id": f"r{i}"}) for i in range(2)]
    failed = call("CompleteReminder", None, {"reminder_id": "r9"}, error="Error: not found")
    assert findings(turn("I completed two reminders.", *ok, failed), detector="claims") == []


def test_quoted_words_do_not_cancel_a_claim() -> None:
    response = 'Your friend wrote "I could never go". I have also deleted your old booking.'
    assert claimed(response, call("SearchMessages", [{"m": 1}])) == ["I have also deleted"]


# ---------------------------------------------------------------- objects
@pytest.mark.parametrize(
    ("response", "tool", "arguments", "grounded"),
    [
        ("I've added the details to your calendar.", "CreateEvent", {"title": "x"}, True),
        ("I have also deleted your old booking.", "delete", {"id": "b1"}, True),
        ("I have also deleted your old booking.", "remove_item", {"reservation_id": "b1"}, True),
        ("I have also deleted your old booking.", "DeleteReminder", {"reminder_id": "r1"}, False),
        ("I have also deleted your old booking.", "remove_item", {"reminder_id": "r1"}, False),
        ("He eliminado tu reserva.", "DeleteReminder", {}, False),
        ("He eliminado tu reserva.", "cancel_reservation", {}, True),
        ("Ich habe Ihre Buchung storniert.", "DeleteAlarm", {}, False),
    ],
)
def test_an_object_narrows_only_when_the_tool_names_another_kind(
    response: str, tool: str, arguments: dict[str, str], grounded: bool
) -> None:
    assert (claimed(response, call(tool, OK, arguments)) == []) is grounded


# ---------------------------------------------------------------- inflections by stem
@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("Las reservas han sido canceladas.", "cancel"),
        ("Los mensajes fueron reenviados.", "send"),
        ("Les réservations ont été annulées.", "cancel"),
        ("As reservas foram canceladas.", "cancel"),
        ("Die Buchungen wurden storniert.", "cancel"),
    ],
)
def test_unlisted_inflections_after_an_auxiliary_are_read_by_stem(text: str, action: str) -> None:
    assert actions(text) == [action]


@pytest.mark.parametrize(
    "text",
    ["Puedo cancelar la reserva.", "Je peux annuler la réservation.", "Posso cancelar a reserva."],
)
def test_an_infinitive_is_no_claim(text: str) -> None:
    assert actions(text) == []


# ---------------------------------------------------------------- negation and hedge scope
@pytest.mark.parametrize(
    "response",
    [
        "No problem, I've sent the invoice.",
        "Nothing else is needed: I have emailed you the receipt.",
        "Let me know if you have any feedback I've also notified your manager.",
        "Not a problem. We have refunded the fee.",
    ],
)
def test_a_negation_or_hedge_of_another_clause_does_not_cancel_a_claim(response: str) -> None:
    assert claimed(response, call("get_order", OK)) != []


@pytest.mark.parametrize(
    "response",
    [
        "I haven't sent the invoice.",
        "I have not emailed you the receipt.",
        "We never refunded the fee.",
        "If I sent it twice, let me know.",
        "Once we have refunded the fee you will get an e-mail.",
    ],
)
def test_a_negation_after_the_subject_or_a_hedge_right_before_it_cancels(response: str) -> None:
    assert claimed(response, call("get_order", OK)) == []


# ---------------------------------------------------------------- what a notification is
@pytest.mark.parametrize(
    ("response", "tool"),
    [
        ("I've also notified your manager about the change.", "send_certificate"),
        ("I have informed the team of the new dates.", "send_certificate"),
        ("I messaged your assistant about it.", "send_payment"),
        ("He notificado al gerente del cambio.", "send_certificate"),
        ("J'ai notifié votre responsable.", "send_voucher"),
        ("Ich habe Ihren Manager benachrichtigt.", "send_certificate"),
    ],
)
def test_a_notification_is_not_grounded_by_sending_something_else(response: str, tool: str) -> None:
    """ "Notified", "informed", "messaged" say a message went to someone: a tool that sends a
    certificate or a payment told nobody anything."""
    assert len(claimed(response, call(tool, OK))) == 1


@pytest.mark.parametrize(
    ("response", "tool"),
    [
        ("I've notified your manager.", "send_notification"),
        ("I have informed the team.", "SendMessage"),
        ("I texted you the code.", "send_sms"),
        ("I've notified the on-call engineer.", "twilio_send"),
        ("He notificado al gerente.", "send_email"),
        ("Ich habe Ihren Manager benachrichtigt.", "post_slack_message"),
        # sending the certificate itself is still what send_certificate does
        ("I've sent you a $150 travel certificate.", "send_certificate"),
    ],
)
def test_a_notification_is_grounded_by_a_messaging_tool(response: str, tool: str) -> None:
    assert claimed(response, call(tool, OK)) == []


def test_a_definition_says_what_a_tool_sends() -> None:
    """The direct object of a definition's verb is what the tool acts on: "Sends a page to
    ..." notifies; "Sends a voucher to ..." does not."""
    response = "I've notified the customer."
    for description, grounded in (
        ("Sends a page to the on-call engineer.", True),
        ("Sends an SMS message to a phone number.", True),
        ("Sends a voucher to the customer's account.", False),
    ):
        t = Turn.from_dict(
            {
                "response": response,
                "tool_calls": [call("op_v2", OK)],
                "tools": [{"name": "op_v2", "description": description}],
            }
        )
        assert (findings(t, detector="claims") == []) is grounded, description


# ---------------------------------------------------------------- which way money moves
@pytest.mark.parametrize(
    ("response", "tool", "arguments"),
    [
        (
            "I've also refunded the fee to your original payment method.",
            "book_reservation",
            {"payment_id": "cc_1"},
        ),
        ("The difference has been refunded to your card.", "purchase_ticket", {"payment_method": "card_7"}),
        ("Your deposit has been refunded.", "checkout_cart", {"payment_id": "pp_2"}),
        ("He reembolsado la tarifa.", "book_flight", {"payment_id": "cc_1"}),
        ("J'ai remboursé les frais.", "BookHotel", {"payment_id": "cc_1"}),
        ("I charged your card for the upgrade.", "reimburse_expense", {"payment_id": "cc_1"}),
    ],
)
def test_a_payment_argument_moves_money_the_way_the_tool_verb_says(
    response: str, tool: str, arguments: dict[str, str]
) -> None:
    """A booking took money through its payment argument; it gave none back (and a
    reimbursement charged nothing)."""
    assert len(claimed(response, call(tool, OK, arguments))) == 1


@pytest.mark.parametrize(
    ("response", "tool", "arguments"),
    [
        # a change may move money either way
        (
            "The difference has been refunded to your gift card.",
            "update_reservation_flights",
            {"payment_id": "gc_1"},
        ),
        ("He reembolsado la diferencia.", "modify_order", {"payment_id": "cc_1"}),
        # a booking charges through its payment argument
        ("I charged your card for the booking.", "book_reservation", {"payment_id": "cc_1"}),
        ("Ich habe Ihre Karte belastet.", "purchase_ticket", {"payment_method": "card_7"}),
        # the verb of a refund tool refunds
        ("Your fee has been refunded.", "refund_order", {"payment_id": "cc_1"}),
    ],
)
def test_a_payment_argument_grounds_the_direction_the_tool_allows(
    response: str, tool: str, arguments: dict[str, str]
) -> None:
    assert claimed(response, call(tool, OK, arguments)) == []
