"""A plain-text result that opens with a protocol's failure reply code is a failed call
(model/failures.py ``reports_failure_text``); a success reported beside a "but" is read on its
own side (detectors/admittedcalls.py)."""

from __future__ import annotations

import pytest

from nofab.model.failures import reports_failure_text


@pytest.mark.parametrize(
    "text",
    [
        "550 5.1.1 Delivery failed: mailbox lee@x.io does not exist.",
        "554 Message rejected: spam policy",
        "404 Not Found",
        "HTTP/1.1 503 Service Unavailable",
        "429 Too Many Requests",
    ],
)
def test_a_failure_reply_is_a_failure(text: str) -> None:
    assert reports_failure_text(text)


@pytest.mark.parametrize(
    "text",
    [
        "250 OK: queued as 12345",
        "200 OK",
        "Reminder added.",
        "12 errors were fixed in 2024",  # no reply code in the 4xx/5xx range
        "450 guests confirmed",  # a code with no failure word
    ],
)
def test_other_texts_are_not(text: str) -> None:
    assert not reports_failure_text(text)
