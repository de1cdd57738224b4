"""Redaction: what nofab emits or stores can be stripped of personal data by a redactor."""

from __future__ import annotations

from pathlib import Path

import pytest

from nofab import Guard, Policy
from nofab.model.events import FabricationDetectedEvent
from nofab.redaction import redact_pii
from tests.helpers import turn


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("write to ana.lima@example.com today", "write to [email] today"),
        ("card 4111 1111 1111 1111 on file", "card [card] on file"),
        ("call 650-555-7832 now", "call [phone] now"),
        ("call +44 20 7946 0958", "call [phone]"),
        (
            "order total 1234567890123 units",
            "order total 1234567890123 units",
        ),  # fails Luhn, no phone punctuation
        ("reservation ZFA04Y costs $42.73", "reservation ZFA04Y costs $42.73"),
    ],
)
def test_redact_pii(text: str, expected: str) -> None:
    """E-mails, Luhn-valid card numbers and phone numbers are masked; ids and amounts are not."""
    assert redact_pii(text) == expected


def test_guard_redacts_event_previews_and_findings() -> None:
    """With a redactor, the event's previews and finding texts carry no e-mail address."""
    events: list[FabricationDetectedEvent] = []
    guard = Guard(Policy(mode="observe", load_plugins=False), redactor=redact_pii)
    guard.subscribe(events.append)
    guard.check(turn("I've emailed the receipt to ana.lima@example.com."))
    (event,) = events
    assert "ana.lima" not in event.original_draft_preview and "[email]" in event.original_draft_preview
    assert all("ana.lima" not in str(f) for f in event.findings)


def test_ledger_redacts_findings(tmp_path: Path) -> None:
    """With a redactor, ledger records hold the masked finding text."""
    from nofab.ledger import Ledger

    verdict = Guard(Policy(load_plugins=False)).check(turn("Your contact: ana.lima@example.com."))
    log = tmp_path / "log.jsonl"
    with Ledger(log, redactor=redact_pii) as ledger:
        ledger.append(verdict)
    text = log.read_text()
    assert "ana.lima" not in text and "[email]" in text
