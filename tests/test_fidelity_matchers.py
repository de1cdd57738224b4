"""Every matcher, on the examples the issue names and their near misses."""

from __future__ import annotations

from typing import Any

import pytest

from nofab.fidelity.anchor import anchor_kind
from nofab.fidelity.matchers import MATCHERS, MatchError, matches, validate

CASES: list[tuple[str, Any, Any, bool]] = [
    # exact: trimmed text equality, case-sensitive, numbers as printed
    ("exact", "  A-1042 ", "A-1042", True),
    ("exact", "42.7333", 42.7333, True),
    ("exact", 3, "3", True),
    ("exact", "active", "Active", False),
    ("exact", "true", True, True),
    ("exact", "A-1042", {"id": "A-1042"}, False),
    # contains: case-insensitive, whole tokens, per line
    ("contains", "cain", "Sen. John McCain", False),
    ("contains", "mccain", "Sen. John McCain", True),
    ("contains", "evil", "C:\\evilcorp.exe", False),
    ("contains", "evil.exe", "C:\\Windows\\Temp\\evil.exe", True),
    ("contains", "10.0.0.1", "from 10.0.0.12 port 22", False),
    ("contains", "10.0.0.12", "from 10.0.0.12 port 22", True),
    ("contains", "usage critical", "disk usage\ncritical", False),
    ("contains", "usage", "disk usage\ncritical", True),
    ("contains", "UPDATER", "Run key updater", True),
    ("contains", 42, "total 42 items", True),
    ("contains", 42, "total 420 items", False),
    # int: decimal or 0x hex; 08 decimal; 8.0 integral; booleans never
    ("int", 31, "0x1F", True),
    ("int", "0x1f", 31, True),
    ("int", 30, "0x1F", False),
    ("int", "80", "0x50", True),
    ("int", 80, "0x80", False),
    ("int", 8, "08", True),
    ("int", "08", 8, True),
    ("int", "8", 8.0, True),
    ("int", 8, "8.0", True),
    ("int", 8, 8.5, False),
    ("int", 8, "8.5", False),
    ("int", 1, True, False),
    ("int", 0, False, False),
    ("int", -5, "-5", True),
    ("int", 3, "three", False),
    # number: tolerance from the declared decimals
    ("number", "42.73", 42.7333, True),
    ("number", 42.73, "42.7333", True),
    ("number", "42.74", 42.7333, False),
    ("number", 42, 41.6, True),
    ("number", 42, 41.4, False),
    ("number", "42.730", 42.7333, False),
    ("number", 3.14, 3.14159, True),
    ("number", "1e3", 1000.4, True),
    ("number", 1, True, False),
    # iso_ts: instants; naive = UTC; epoch seconds and milliseconds
    ("iso_ts", "2024-03-01T11:00:00+01:00", "2024-03-01T10:00:00Z", True),
    ("iso_ts", "2024-03-01T11:00:00Z", "2024-03-01T10:00:00Z", False),
    ("iso_ts", "2024-06-01T09:30:00", "2024-06-01T09:30:00+00:00", True),
    ("iso_ts", "2024-06-01T09:30:00+01:00", "2024-06-01T09:30:00", False),
    ("iso_ts", "2023-11-14T22:13:20Z", 1700000000, True),
    ("iso_ts", "2023-11-14T22:13:20Z", 1700000000000, True),
    ("iso_ts", "2023-11-14T22:13:20Z", "1700000000", True),
    ("iso_ts", "2023-11-14T22:13:20Z", 1700003600, False),
    ("iso_ts", "2023-11-14T22:13:20Z", "yesterday", False),
    ("iso_ts", "2023-11-14T22:13:20Z", True, False),
    # record: all constraints in the same object
    ("record", {"name": "Updater", "data": "evil.exe"}, {"name": "Updater", "data": "C:\\x\\evil.exe"}, True),
    (
        "record",
        {"name": "Updater", "data": "evil.exe"},
        {"name": "Updater", "data": "C:\\evilcorp.exe"},
        False,
    ),
    ("record", '{"meta.user": "alice"}', {"meta": {"user": "alice"}}, True),
    ("record", {"user": "alice"}, "alice", False),
    ("record", {"missing": "x"}, {"user": "x"}, False),
    # regex: anchored, RE2
    ("regex", "[0-9a-f]{8}", "deadbeef", True),
    ("regex", "INV-[0-9]{3}", "INV-1234", False),
    ("regex", "INV-[0-9]+", "INV-1234", True),
    ("regex", "(a+)+$", "a" * 5000 + "!", False),
]


@pytest.mark.parametrize(("kind", "expected", "actual", "result"), CASES)
def test_matcher(kind: str, expected: Any, actual: Any, result: bool) -> None:
    """Each matcher accepts exactly the values the documented semantics say it should."""
    validate(kind, expected)
    assert matches(kind, expected, actual) is result


@pytest.mark.parametrize(
    ("kind", "expected", "message"),
    [
        ("fuzzy", "x", "unknown match kind 'fuzzy'"),
        ("exact", {"a": 1}, "must be a string"),
        ("contains", "", "non-empty"),
        ("contains", "two\nlines", "one line"),
        ("contains", True, "non-empty string"),
        ("int", True, "boolean"),
        ("int", "8.5", "must be an integer"),
        ("int", "0xZZ", "must be an integer"),
        ("number", "abc", "finite number"),
        ("number", "NaN", "finite number"),
        ("iso_ts", "not a date", "ISO 8601"),
        ("record", "not json", "JSON object"),
        ("record", "[1, 2]", "JSON object"),
        ("record", {}, "no constraints"),
        ("record", "{}", "no constraints"),
        ("record", {"name": ""}, "non-empty"),
        ("record", {"a[": "x"}, "not a valid path"),
        ("regex", "(a)\\1", "backreferences"),
        ("regex", "(?=a)b", "RE2"),
        ("regex", "", "non-empty pattern"),
    ],
)
def test_bad_declarations_are_match_errors(kind: str, expected: Any, message: str) -> None:
    """A declaration a matcher cannot use is a MatchError at validation, naming what is wrong."""
    with pytest.raises(MatchError) as info:
        validate(kind, expected)
    assert message in str(info.value)


def test_every_match_kind_is_tested() -> None:
    """The table above covers every registered matcher."""
    assert {c[0] for c in CASES} == set(MATCHERS)


@pytest.mark.parametrize(
    ("value", "kind"),
    [
        ("d41d8cd98f00b204e9800998ecf8427e", "hash"),
        ("a94a8fe5ccb19ba61c4c0873d391e987982fbbd3", "hash"),
        ("9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08", "hash"),
        ("10.0.0.12", "ip"),
        ("fe80::1ff:fe23:4567:890a", "ip"),
        ("ops@acme.io", "email"),
        ("C:\\Windows\\Temp\\evil.exe", "file"),
        ("invoice_2024.pdf", "file"),
        ("d41d8cd98f00b204", None),
        ("42.73", None),
        ("example.org", None),
        ("Updater", None),
        (8080, None),
    ],
)
def test_identity_anchors(value: Any, kind: str | None) -> None:
    """Hashes (32/40/64 hex), IPs, e-mails and file names are identity anchors; other values are not."""
    assert anchor_kind(value) == kind
