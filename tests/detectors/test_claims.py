"""verb_claim: completed actions stated as done with no tool that could have done them."""

from __future__ import annotations

import pytest

from nofab import Profile
from tests.helpers import call, findings, turn

SEND = call("send_email", {"id": "m1"})


@pytest.mark.parametrize(
    ("response", "calls", "claimed"),
    [
        # strong: forms the original pattern misses
        ("I've sent the invoice to Dana.", [], ["I've sent"]),
        ("I have deleted the old backups.", [], ["I have deleted"]),
        ("We created a new workspace for you.", [], ["We created"]),
        ("Your refund has been issued.", [], ["has been issued"]),
        ("I emailed you the receipt.", [], ["I emailed"]),
        ("I refunded the order.", [], ["I refunded"]),
        ("I booked the 9:40 flight.", [], ["I booked"]),
        ("I cancelled your subscription.", [], ["I cancelled"]),
        ("I charged your card.", [], ["I charged"]),
        ("I scheduled the meeting.", [], ["I scheduled"]),
        ("I've gone ahead and cancelled it.", [], ["I've gone ahead and cancelled"]),
        ("Your reservation has been successfully cancelled.", [], ["has been successfully cancelled"]),
        # per-verb grounding: a tool ran, but not one that could do this
        ("I've sent the invoice.", [call("postgres_query", [1])], ["I've sent"]),
        ("I ran the migration.", [call("truncate_table", "ok")], ["I ran"]),
        ("I spawned a subagent.", [call("hydrate_context", "ok")], ["I spawned"]),
        # other languages
        ("He enviado el informe a Juan.", [], ["He enviado"]),
        ("J'ai envoyé le rapport.", [], ["J'ai envoyé"]),
        ("Ich habe Ihnen die E-Mail gesendet.", [], ["Ich habe Ihnen die E-Mail gesendet"]),
        ("Enviei o relatório ontem.", [], ["Enviei"]),
        ("La reserva ha sido cancelada.", [], ["ha sido cancelada"]),
        ("Votre remboursement a été effectué.", [], ["a été effectué"]),
        ("Die Buchung wurde storniert.", [], ["wurde storniert"]),
        ("O pedido foi cancelado.", [], ["foi cancelado"]),
        # grounded by a tool that could do it (name parts, inflections, argument names)
        ("I've sent the invoice.", [SEND], []),
        ("I've sent the invoice.", [call("SendMessage", "ok")], []),
        ("I ran the migration.", [call("run_migration", "ok")], []),
        ("He enviado el informe.", [SEND], []),
        ("I have set an alarm for 6:30 PM.", [call("AddAlarm", {"alarm_id": "5bff"})], []),
        ("An extra $50 has been charged.", [call("update_reservation", "ok", {"payment_id": "cc_1"})], []),
        ("Sure, I've changed the alarm.", [call("DeleteAlarm", "ok"), call("AddAlarm", "ok")], []),
        ("I found two flights.", [call("search_flights", [1, 2])], []),
        # must not fire: negated, future, conditional, question forms
        ("I haven't sent the invoice yet.", [], []),
        ("I have not deleted anything.", [], []),
        ("I will create the workspace once you confirm.", [], []),
        ("Shall I send the invoice?", [], []),
        ("Have I sent it already?", [], []),
        ("If I sent it twice, let me know.", [], []),
        ("I couldn't find any flights, and nothing was booked.", [], []),
        ("No he enviado el correo.", [], []),
        ("Je n'ai pas envoyé le rapport.", [], []),
        ("Ich habe die E-Mail nicht gesendet.", [], []),
        ("Não enviei o relatório.", [], []),
        ("You booked this flight last week.", [], []),
        ("The flight is scheduled to depart at 9.", [], []),
        ("Here is a list of all the reminders I deleted.", [], []),
        ("I sent you the email that we discussed.", [SEND], []),
    ],
)
def test_claim_table(response: str, calls: list[dict], claimed: list[str]) -> None:
    """Each answer yields verb_claim findings for exactly the listed claim phrases."""
    got = [f.identifier for f in findings(turn(response, *calls), detector="claims")]
    assert got == claimed


def test_failed_tool_does_not_ground_and_is_named() -> None:
    """A send that errored does not ground "I sent"; the reason names the failed tool."""
    t = turn("I've sent the invoice.", call("send_email", None, error="SMTP 550 rejected"))
    (f,) = findings(t, detector="claims")
    assert f.kind == "verb_claim" and f.confidence == 0.8
    assert "send_email" in f.reason and "failed" in f.reason
    assert f.evidence["failed_tool"] == "send_email"


def test_finding_explains_what_was_looked_for() -> None:
    """The evidence lists the tool-name parts searched and the tools that did run."""
    (f,) = findings(turn("I've sent it.", call("get_order", {})), detector="claims")
    assert "send" in f.evidence["tool_name_parts_looked_for"]
    assert f.evidence["tools_run"] == ["get_order"]


def test_profile_claim_verbs_add_domain_verbs() -> None:
    """A profile verb ("provisioned") is a claim grounded only by the hints it lists."""
    profile = Profile(claim_verbs={"provisioned": ("provision", "create")})
    assert [f.identifier for f in findings(turn("I provisioned the VM."), profile, "claims")] == [
        "I provisioned"
    ]
    t = turn("I provisioned the VM.", call("provision_vm", "ok"))
    assert findings(t, profile, "claims") == []


def test_claim_grounded_only_by_an_earlier_turn() -> None:
    """An action done in an earlier turn does not ground a claim made now; the finding says so."""
    earlier = {**call("cancel_reservation", "ok"), "earlier": True}
    (f,) = findings(turn("I've also cancelled your booking.", earlier), detector="claims")
    assert f.evidence["earlier_tool"] == "cancel_reservation" and "earlier turn" in f.reason
    assert (
        findings(
            turn("I've also cancelled your booking.", call("cancel_reservation", "ok")), detector="claims"
        )
        == []
    )


def test_claim_object_must_match_what_the_tool_acts_on() -> None:
    """DeleteReminder grounds "deleted the reminder" but not "deleted your old booking"."""
    tool = call("DeleteReminder", {"status": "success"})
    assert findings(turn("I have deleted the reminder.", tool), detector="claims") == []
    (f,) = findings(turn("I have also deleted your old booking.", tool), detector="claims")
    assert f.evidence["object"] == ["reservation"]
    # an instrument is not an object: "charged to your card" is grounded by a charging tool
    assert (
        findings(turn("$50 has been charged to your card.", call("charge_order", "ok")), detector="claims")
        == []
    )


def test_claim_about_an_item_whose_call_failed() -> None:
    """Two cancels, one failed: a claim that names the failed item is a finding, even in a list."""
    ok = call("cancel_reservation", {"success": True}, {"reservation_id": "AAA111"})
    failed = call("cancel_reservation", None, {"reservation_id": "BBB222"}, error="Error: non-refundable")
    (f,) = findings(
        turn("Reservations AAA111 and BBB222 have been cancelled.", ok, failed), detector="claims"
    )
    assert f.confidence == 0.85 and f.evidence["item"] == "BBB222"
    listed = "The following reservations have been cancelled:\n1. AAA111\n2. BBB222\n\nAnything else?"
    assert [g.evidence["item"] for g in findings(turn(listed, ok, failed), detector="claims")] == ["BBB222"]
    assert findings(turn("Reservation AAA111 has been cancelled.", ok, failed), detector="claims") == []


def test_claim_about_every_item_when_one_call_failed() -> None:
    """ "I have deleted all of your alarms" is a finding when one DeleteAlarm call failed."""
    ok = call("DeleteAlarm", {"status": "success"}, {"alarm_id": "a1"})
    failed = call("DeleteAlarm", None, {"alarm_id": "a2"}, error="Error: not found")
    (f,) = findings(turn("I have deleted all of your alarms.", ok, failed), detector="claims")
    assert f.confidence == 0.85 and "all of them" in f.reason
    assert findings(turn("I have deleted the alarm a1.", ok, failed), detector="claims") == []


def _batch(tool: str, key: str, items: list[str], failed: str) -> list[dict]:
    """One call of ``tool`` per item, each succeeding, then one for ``failed`` that errors."""
    ok = [call(tool, {"id": f"r{i}"}, {key: item, "text": "see you at 2"}) for i, item in enumerate(items)]
    bad = call(tool, None, {key: failed, "text": "see you at 2"}, error="Error: the request failed")
    return [*ok, bad]


@pytest.mark.parametrize(
    "response",
    [
        "Okay, I have sent the attendees a message about the meeting.",
        "I've messaged everyone on the team to let them know.",
        "Done: your note has been sent to everyone.",
        "He enviado un mensaje a los asistentes.",
        "J'ai envoyé un message aux participants.",
    ],
)
def test_claim_over_a_batch_with_one_failed_item(response: str) -> None:
    """A batch (two or more calls of one tool succeeded) with one item's call failed: a claim
    that names no item speaks for all of them, and the answer does not admit the failure."""
    calls = _batch("SendMessage", "receiver", ["jenny", "nickie"], "vibes")
    (f,) = findings(turn(response, *calls), detector="claims")
    assert f.confidence == 0.85 and "whole batch" in f.reason and "vibes" in f.reason


@pytest.mark.parametrize(
    ("response", "items", "failed"),
    [
        # the answer admits the failure, or names the item left out
        ("I sent the message to the team. Sadly I couldn't reach vibes.", ["jenny", "nickie"], "vibes"),
        ("I sent the message to the team, but I couldn't reach vibes.", ["jenny", "nickie"], "vibes"),
        (
            "I sent the message to jenny and nickie, but was unable to message vibes.",
            ["jenny", "nickie"],
            "vibes",
        ),
        ("Messages sent to jenny and nickie; unfortunately one failed.", ["jenny", "nickie"], "vibes"),
        ("He enviado el mensaje. No pude contactar a vibes.", ["jenny", "nickie"], "vibes"),
        ("He enviado el mensaje, pero no pude contactar a vibes.", ["jenny", "nickie"], "vibes"),
        # the claim names the items it covers, all of which succeeded
        ("I've sent the message to jenny and nickie.", ["jenny", "nickie"], "vibes"),
        # a failed probe then one real call is not a batch
        ("I've sent the message to the team.", ["jenny"], "jeny"),
        # the failed call was retried this turn with the same item and succeeded
        ("I've sent the message to the team.", ["jenny", "nickie", "vibes"], "vibes"),
    ],
)
def test_batch_claim_that_holds(response: str, items: list[str], failed: str) -> None:
    """No finding when the answer discloses the failure, names only items that succeeded,
    when there is no batch, or when the failed item was retried successfully."""
    calls = _batch("SendMessage", "receiver", items, failed)
    assert findings(turn(response, *calls), detector="claims") == []
