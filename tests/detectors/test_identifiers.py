"""The identifier detectors: uuid, kv, hex_hash, short_hex_near_verb, short_hex_near_key."""

from __future__ import annotations

import pytest

from nofab import Profile
from tests.helpers import call, findings, turn

UUID = "9f2b1e47-00cb-4b42-8e12-cc07e0f0c1d0"


@pytest.mark.parametrize(
    ("response", "calls", "expected"),
    [
        # strong: invented ids
        (f"Started job {UUID}.", [], [("uuid", UUID, 0.95)]),
        (
            "Your run is 9f2b1e4700cb4b428e12cc07e0f0c1d0.",
            [],
            [("uuid", "9f2b1e4700cb4b428e12cc07e0f0c1d0", 0.95)],
        ),
        ("Queued as task_id=abc123.", [], [("kv", "abc123", 0.8)]),
        ("Queued as task-id: 7781.", [], [("kv", "7781", 0.8)]),
        ("Your order ID is A-1042.", [], [("kv", "A-1042", 0.8)]),
        ("**Reservation ID:** ZFA04Y", [], [("kv", "ZFA04Y", 0.8)]),
        ("I spawned subagent 9f2b1e47.", [], [("short_hex_near_verb", "9f2b1e47", 0.6)]),
        ("ticket ref deadbeef", [], []),  # not after a known key, not near a claim
        ("pid deadbeefcafe", [], [("short_hex_near_key", "deadbeefcafe", 0.6)]),
        (
            "I deployed commit 3f786850e387550fdab836ed7e6dc881de23001b.",
            [],
            [("hex_hash", "3f786850e387550fdab836ed7e6dc881de23001b", 0.6)],
        ),
        # grounded: same token in the evidence, any letter case, either UUID form
        (f"Started job {UUID}.", [call("start_job", {"job": UUID.upper()})], []),
        (f"Started job {UUID}.", [call("start_job", {"job": UUID.replace("-", "")})], []),
        ("Queued as task_id=ABC123.", [call("queue", {"task_id": "abc123"})], []),
        (
            "I deployed commit 3F786850E387550FDAB836ED7E6DC881DE23001B.",
            [call("deploy", "deployed 3f786850e387550fdab836ed7e6dc881de23001b")],
            [],
        ),
        # must not fire: prose after a key, English a-f words, unanchored hex, digits only
        ("Service: billing is degraded.", [], []),
        ("Your order id is pending review.", [], []),
        ("I added a decade of facade data.", [], []),
        ("See commit abc1234 for the fix.", [], []),
        ("Colour #ff00aa is used.", [], []),
        ("I sent 1234567 rows.", [call("send_rows", "ok")], []),
    ],
)
def test_identifier_table(response: str, calls: list[dict], expected: list[tuple[str, str, float]]) -> None:
    """Each answer yields exactly the expected identifier findings (kind, text, confidence)."""
    got = [
        (f.kind, f.identifier, f.confidence) for f in findings(turn(response, *calls), detector="identifiers")
    ]
    assert got == expected


def test_grounding_is_token_aware() -> None:
    """An id is grounded by the same token, not by being a substring of a longer token."""
    t = turn("Queued as task_id=abc123.", call("queue", {"task_id": "xabc1234"}))
    assert [f.identifier for f in findings(t, detector="identifiers")] == ["abc123"]
    t = turn("Your order ID is A-1042.", call("get", {"id": "A-1042-B"}))
    assert [f.identifier for f in findings(t, detector="identifiers")] == ["A-1042"]


def test_profile_identifier_keys_extend_the_lexicon() -> None:
    """Profile keys are additive: `incident_id` fires with medium severity, built-ins still fire."""
    profile = Profile(identifier_keys=("incident_id",))
    t = turn("Opened incident_id=INC-2231 and ticket_id=T-991.")
    got = {(f.identifier, f.severity) for f in findings(t, profile, detector="identifiers")}
    assert got == {("INC-2231", "medium"), ("T-991", "high")}


def test_user_message_and_context_ground_identifiers() -> None:
    """An id the user typed or the context held is not fabricated."""
    assert (
        findings(turn("Your order ID is A-1042.", user="status of order A-1042?"), detector="identifiers")
        == []
    )
    assert findings(turn("Your order ID is A-1042.", context="orders: A-1042"), detector="identifiers") == []


def test_finding_span_points_at_the_identifier() -> None:
    """The span of a uuid finding slices exactly the uuid out of the answer."""
    text = f"Started job {UUID} for you."
    (f,) = findings(turn(text), detector="identifiers")
    assert text[f.span[0] : f.span[1]] == UUID


@pytest.mark.parametrize(
    "response",
    [
        "Your ORDER ID is A-1042.",
        "Your Order Number is A-1042.",
        "Tu order_ID: A-1042, señor.",  # not ASCII: the case-insensitive scan
        "Votre ORDER-ID: A-1042 — merci.",
    ],
)
def test_key_tails_are_found_in_any_letter_case_in_ascii_and_other_text(response: str) -> None:
    """A key is a key in any letter case, whether or not the answer is plain ASCII (ASCII
    answers are scanned lower-cased, others case-insensitively)."""
    assert [(f.kind, f.identifier) for f in findings(turn(response), detector="identifiers")] == [
        ("kv", "A-1042")
    ]


def test_a_tail_glued_to_a_letter_after_it_is_no_key_in_either_scan() -> None:
    for response in ("Your order IDx is A-1042.", "Tu order IDé es A-1042."):
        assert findings(turn(response), detector="identifiers") == []


@pytest.mark.parametrize("prefix", ["", "x", "Here is everything about the trip you asked for: " * 3])
def test_a_key_is_read_the_same_wherever_it_stands_in_the_answer(prefix: str) -> None:
    """Keys are read from a window before their tail (cached by window): the key and its
    span must not depend on how far into the answer it stands, nor on a glued word before."""
    for text, expected in (
        ("your order ID is A-1042.", ["A-1042"]),
        ("the taskId: Q-77 was queued.", ["Q-77"]),
        ("xorder_id=A-1042", []),  # part of a longer word: no key
    ):
        answer = prefix + (" " if prefix and not prefix.endswith(" ") and text[0] != "x" else "") + text
        got = findings(turn(answer), detector="identifiers")
        assert [f.identifier for f in got] == expected
        for f in got:
            assert answer[f.span[0] : f.span[1]].endswith(f.identifier)
