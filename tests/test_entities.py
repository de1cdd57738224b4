"""ungrounded_entity (generic shapes): codes, emails, URLs, paths and quoted names from nowhere."""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Profile, Turn
from nofab.detectors.entities import EntityDetector, _has_capital
from nofab.errors import ProfileError
from nofab.evidence.index import Evidence
from nofab.language.lexicon import lexicon_for
from nofab.model.finding import Finding

RESULT = {
    "name": "get_order",
    "result": {
        "order_id": "ORD-2291",
        "flight": "UA123",
        "contact": "help@shop.example.com",
        "invoice": "https://shop.example.com/invoices/ORD-2291.pdf",
        "file": "/srv/exports/orders.csv",
        "project": "Project Falcon",
    },
}


def detect(answer: str, profile: Profile | None = None, user: str = "") -> list[Finding]:
    profile = profile or Profile()
    turn = Turn.from_dict({"response": answer, "user_message": user, "tool_calls": [RESULT]})
    evidence = Evidence(turn, profile, lexicon_for(profile))
    return list(EntityDetector(profile).detect(evidence))


CASES: list[tuple[str, str, Profile | None, list[tuple[str, str, float]]]] = [
    ("strong: invented order code", "Your order is ORD-2290.", None, [("ORD-2290", "code", 0.85)]),
    (
        "strong: invented email",
        "Write to refunds@shop.example.com.",
        None,
        [("refunds@shop.example.com", "email", 0.85)],
    ),
    ("strong: invented flight code", "You are on UA124 tomorrow.", None, [("UA124", "code", 0.8)]),
    (
        "strong: invented URL (trailing punctuation trimmed)",
        "See https://shop.example.com/returns/form.",
        None,
        [("https://shop.example.com/returns/form", "url", 0.8)],
    ),
    (
        "weak: invented file path",
        "Saved to /srv/exports/customers.csv today.",
        None,
        [("/srv/exports/customers.csv", "path", 0.7)],
    ),
    (
        "weak: invented quoted name",
        'It belongs to "Project Osprey".',
        None,
        [("Project Osprey", "quoted", 0.6)],
    ),
    (
        "strong: a profile pattern",
        "Ticket TKT-9 is open.",
        Profile(rules={"entities": {"patterns": [r"\bTKT-\d+\b"], "confidence": 0.9}}),
        [("TKT-9", "profile", 0.9)],
    ),
    (
        "must not fire: grounded code, flight, email, URL, path",
        (
            "Order ORD-2291 on UA123; mail help@shop.example.com, invoice at "
            "https://shop.example.com/invoices/ORD-2291.pdf/ and the export at /srv/exports/orders.csv."
        ),
        None,
        [],
    ),
    ("must not fire: grounded quoted name in another case", 'This is for "project falcon".', None, []),
    (
        "must not fire: a quoted sentence or a single quoted word",
        'You said "cancel it." and "urgent"',
        None,
        [],
    ),
    (
        "must not fire: allow-listed string",
        "Ask ACME-100 support.",
        Profile(rules={"entities": {"allow": ["ACME-100"]}}),
        [],
    ),
    (
        "must not fire: profile allowlist",
        "Email support@example.org.",
        Profile(allowlist=("support@example.org",)),
        [],
    ),
    (
        "must not fire: quoted names switched off",
        'It is "Project Osprey".',
        Profile(rules={"entities": {"quoted": False}}),
        [],
    ),
    (
        "must not fire: airport codes, years and plain capitals",
        "From JFK to SFO in 2024, per NASA and the FAA.",
        None,
        [],
    ),
    (
        "must not fire: names of standards",
        "Hash it with SHA256 per RFC7231, dates in ISO-8601, see CVE-2024-1234.",
        None,
        [],
    ),
]


@pytest.mark.parametrize(("label", "answer", "profile", "expected"), CASES, ids=[c[0] for c in CASES])
def test_entity_table(
    label: str, answer: str, profile: Profile | None, expected: list[tuple[str, str, float]]
) -> None:
    """Each row: (identifier, shape, confidence) of every ungrounded entity."""
    got = [(f.identifier, f.evidence["shape"], f.confidence) for f in detect(answer, profile)]
    assert got == expected, label


def test_entity_quoted_by_the_user_is_grounded() -> None:
    """What the user wrote grounds an entity as much as a tool result does."""
    assert detect("Refund ORD-7777 is noted.", user="please refund ORD-7777") == []


def test_bad_profile_pattern_is_an_error() -> None:
    """An invalid regex in rules.entities.patterns is a ProfileError naming its index."""
    bad: dict[str, Any] = {"entities": {"patterns": ["(unclosed"]}}
    with pytest.raises(ProfileError, match=r"rules\.entities\.patterns\[0\]"):
        EntityDetector(Profile(rules=bad))


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        ("Your order is ОRD-2290.", ["ORD-2290"]),  # a mixed word: the answer is read folded
        ("Your order is ОРD-2290.", ["OPD-2290"]),  # (Cyrillic Р looks like Latin P)
        ("Ваш заказ АВС-7731 отправлен.", ["АВС-7731"]),  # every letter a Cyrillic look-alike
        ("Flug ΑΒ-5512 ist bestätigt.", ["ΑΒ-5512"]),  # Greek capitals
        ("Your order is ОRD-2291.", []),  # the Latin id a tool returned, in look-alikes
        ("Ваш заказ отправлен 12 марта.", []),  # a genuine Russian sentence holds no id
    ],
)
def test_ids_spelled_in_look_alikes_are_read_as_the_latin_id(answer: str, expected: list[str]) -> None:
    """An id written (partly or wholly) in Cyrillic or Greek letters that look Latin is checked
    as the Latin id it imitates; an id wholly in look-alikes is reported as written (its Latin
    reading in the evidence)."""
    assert [f.identifier for f in detect(answer)] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("see https://a.example.com/x and mail bob@example.org", False),
        ("12 345 -- ;;", False),
        ("ünïcödé only, ß and ø", False),
        ("Dr. Ada", True),
        ("under the arc de triomphe with Ünal", True),
        ("ǅ is titlecase, not upper", False),
        ("x" * 50 + "Q", True),
        ("ÆSIR", True),
    ],
)
def test_a_capital_is_found_wherever_it_is(text: str, expected: bool) -> None:
    # The C-level shortcuts agree with asking every character.
    assert _has_capital(text) is expected
    assert _has_capital(text) is any(c.isupper() for c in text)


SEGMENTED = {
    "name": "lookup",
    "result": {"transfer": "TRF-20260301-0042", "leave": "LR-2026-0113", "batch": "BAT-2025_07_B"},
}


def detect_segmented(answer: str) -> list[str]:
    profile = Profile()
    turn = Turn.from_dict({"response": answer, "tool_calls": [SEGMENTED]})
    evidence = Evidence(turn, profile, lexicon_for(profile))
    return [f.identifier for f in EntityDetector(profile).detect(evidence)]


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        # A code is its whole joined run: quoted whole, it is grounded whatever its segments hold.
        ("Your reference is TRF-20260301-0042.", []),
        ("Request LR-2026-0113 was approved for 2026-03-01 to 2026-03-05.", []),
        ("Referencia LR-2026-0113 aprobada (del 01-03 al 05-03).", []),
        ("Lot BAT-2025_07_B ships.", []),
        # Invented: reported whole, not as the fragment before the date segment.
        ("Your reference is TRF-20260301-0099.", ["TRF-20260301-0099"]),
        ("Antrag LR-2026-0114 wurde genehmigt.", ["LR-2026-0114"]),
        # Dates and ranges carry no letter prefix: no code at all.
        ("Pages 12-34, from 2026-03-01 to 2026-03-05.", []),
        # A lower-case word after the code is prose, not a segment.
        ("LR-2026-0113-related paperwork is done.", []),
    ],
)
def test_a_code_is_its_whole_segmented_run(answer: str, expected: list[str]) -> None:
    """Cutting a code after a date-like segment reports a fragment no evidence holds."""
    assert detect_segmented(answer) == expected
