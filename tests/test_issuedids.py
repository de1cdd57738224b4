"""References of a shape the turn's tools issue (``nofab.detectors.issuedids``)."""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Guard

_GUARD = Guard()


def _turn(answer: str, *results: Any, user: str = "") -> dict[str, Any]:
    calls = [{"name": f"tool_{i}", "arguments": {}, "result": r} for i, r in enumerate(results)]
    return {"response": answer, "user_message": user, "tool_calls": calls}


def _flagged(turn: dict[str, Any]) -> list[tuple[str, float]]:
    verdict = _GUARD.check(turn)
    return [(f.identifier, f.confidence) for f in verdict.findings if f.kind == "ungrounded_entity"]


_LOCATOR = {"reservation_id": "Q4ZT8M", "status": "confirmed"}
_HANDLES = "Certificate certificate_5510382 added to user ana_lopez_1200 with amount 150."


@pytest.mark.parametrize(
    ("answer", "flagged", "confidence"),
    [
        # a miscopied locator: one or two characters away from the issued one, cue or none
        ("Your reservation Q4ZT9M is confirmed.", "Q4ZT9M", 0.85),
        ("All set: Q4TZ8M, economy, two passengers.", "Q4TZ8M", 0.85),
        ("**Q4ZT8N** is now on the new flight.", "Q4ZT8N", 0.85),
        # an invented one of the issued length, named as a reference
        ("Booking WX72KD is confirmed for both of you.", "WX72KD", 0.8),
        ("Confirmation #B7PL2R has been e-mailed.", "B7PL2R", 0.8),
        ("Su reserva LM3K9X quedó confirmada.", "LM3K9X", 0.8),
        ("Ihre Buchung ZK4TT8 ist bestätigt.", "ZK4TT8", 0.8),
        ("Votre réservation RR8P2A est confirmée.", "RR8P2A", 0.8),
    ],
)
def test_reference_of_the_issued_shape_that_no_tool_issued(
    answer: str, flagged: str, confidence: float
) -> None:
    assert (flagged, confidence) in _flagged(_turn(answer, _LOCATOR))


@pytest.mark.parametrize(
    "answer",
    [
        "Your reservation Q4ZT8M is confirmed.",  # the issued one
        "Reservation q4zt8m is confirmed.",  # the same, lower-cased
        "Booking WX72KD is confirmed.",  # quoted from the user's message (below)
        "The aircraft is an A320NE, seat 14C.",  # same length, no cue, not near the locator
        "Your reservation BUSINESS class is confirmed.",  # no digit: a word, not a reference
        "Your reservation 1234567 is confirmed.",  # no letter: a number (the numbers detector's)
        "Your reservation ZQ4TT8XX is confirmed.",  # a length the tools never issued
    ],
)
def test_what_is_held_or_not_of_the_issued_shape_passes(answer: str) -> None:
    assert _flagged(_turn(answer, _LOCATOR, user="I also have booking WX72KD.")) == []


def test_no_reference_shape_issued_means_nothing_is_read() -> None:
    """Without a tool issuing such runs, a cued code is not this rule's to judge."""
    assert _flagged(_turn("Reservation WX72KD is confirmed.", {"status": "confirmed"})) == []


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("I've added certificate_5510328 to your account.", "certificate_5510328"),
        ("He añadido el certificado certificate_1111111.", "certificate_1111111"),
    ],
)
def test_handle_with_an_issued_prefix_and_digit_count(answer: str, flagged: str) -> None:
    # the same span is also an issued-id shape (detectors/cuedids.py); the kept finding of
    # the two may be either detector's, at the same confidence
    found = [(f.identifier, f.confidence) for f in _GUARD.check(_turn(answer, _HANDLES)).findings]
    assert (flagged, 0.8) in found


@pytest.mark.parametrize(
    "answer",
    [
        "I've added certificate_5510382 to your account.",  # issued
        "Your user id is ana_lopez_1200.",  # issued
        "See gift_card_5510382 for the balance.",  # a prefix no tool issued
        "I've added certificate_55103 to your account.",  # a digit count no tool issued
    ],
)
def test_handles_held_or_of_another_shape_pass(answer: str) -> None:
    assert _flagged(_turn(answer, _HANDLES)) == []


def test_user_and_context_issue_no_shape() -> None:
    """Only tool results issue: a locator-shaped token the user typed makes no shape."""
    turn = _turn("Reservation WX72KD is confirmed.", {"ok": True}, user="My code is AB12CD.")
    turn["context"] = "Locators look like QQ11RR."
    assert _flagged(turn) == []


def test_many_candidates_answer_like_few() -> None:
    """The bulk path (one pass over the evidence) answers exactly as the per-candidate one."""
    held = [f"K{i:02d}X{i % 10}Z" for i in range(40)]
    result = {"reservations": held}
    answer = " ".join(f"reservation {h}" for h in held[:20]) + " reservation K99X9Q"
    few = _flagged(_turn("reservation K99X9Q", result))
    many = _flagged(_turn(answer, result))
    assert few == [("K99X9Q", 0.85)]
    assert many == few


_RECEIPTS = {"emails": [{"subject": "Shop receipt #A-2291", "body": "Amount charged: $12.50"}]}


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ('Forwarded "Shop receipt #A-2219" to your accountant.', "A-2219"),  # inside quotes too
        ("Forwarded receipt #A-2219 to your accountant.", "A-2219"),
        ("Reenvié el recibo A-2292 a tu contador.", "A-2292"),
        ("Beleg B-7741 wurde weitergeleitet.", "B-7741"),  # invented, of the issued skeleton, cued
    ],
)
def test_a_hyphen_split_reference_of_the_issued_skeleton(answer: str, flagged: str) -> None:
    assert flagged in [identifier for identifier, _c in _flagged(_turn(answer, _RECEIPTS))]


@pytest.mark.parametrize(
    "answer",
    [
        'Forwarded "Shop receipt #A-2291" to your accountant.',
        "The A-22 is a road, and COVID-19 is a disease.",  # another skeleton than the issued one
        "It ran 2024-05-01 to 2024-05-03.",  # digits only: no reference
    ],
)
def test_held_or_other_skeletons_pass(answer: str) -> None:
    assert _flagged(_turn(answer, _RECEIPTS)) == []
