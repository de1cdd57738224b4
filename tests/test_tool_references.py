"""phantom_tool and unavailable_tool_reference: tools the answer relies on that gave it nothing."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nofab import Guard, Policy, Profile, Turn
from nofab.detectors.phantom import ToolReferenceDetector, _has_camel_mark, _phrase_spans
from nofab.errors import ProfileError
from nofab.evidence.index import Evidence
from nofab.language.lexicon import lexicon_for
from nofab.model.finding import Finding


def detect(turn: dict[str, Any], profile: Profile | None = None) -> list[Finding]:
    profile = profile or Profile()
    evidence = Evidence(Turn.from_dict(turn), profile, lexicon_for(profile))
    return list(ToolReferenceDetector(profile).detect(evidence))


OK_GEOCODE = {"name": "geocode", "result": {"lat": 38.7}, "status": "ok"}
EMPTY_SEARCH = {"name": "search_corpus", "result": {"results": []}}
FAILED_SEARCH = {"name": "search_corpus", "error": "HTTP 500: internal error"}
BLOCKED_SEARCH = {"name": "search_corpus", "error": "BLOCKED: duplicate call"}

CASES = [
    # (label, turn, profile, expected [(kind, identifier, min confidence, max confidence)])
    (
        "strong: bare snake-case tool that never ran",
        {"response": "I ran get_weather_forecast: rain tomorrow.", "tool_calls": [OK_GEOCODE]},
        None,
        [("phantom_tool", "get_weather_forecast", 0.9, 0.9)],
    ),
    (
        "strong: known tool from the registry, in backticks, not run",
        {"response": "According to `lookupInvoice`, you owe nothing.", "tool_calls": [OK_GEOCODE]},
        Profile(known_tools=("lookupInvoice", "geocode")),
        [("phantom_tool", "lookupInvoice", 0.9, 0.9)],
    ),
    (
        "strong: profile alias of a tool that did not run",
        {"response": "The web search says the shop closes at nine.", "tool_calls": [OK_GEOCODE]},
        Profile(tool_aliases={"web search": "search_web"}),
        [("phantom_tool", "web search", 0.8, 0.8)],
    ),
    (
        "strong: a paragraph reporting results from a tool that returned nothing",
        {"response": "search_corpus found 3 papers on the topic.", "tool_calls": [EMPTY_SEARCH]},
        None,
        [("unavailable_tool_reference", "search_corpus", 0.85, 0.85)],
    ),
    (
        "strong: results reported when every tool failed (no tool named)",
        {"response": "I found 3 papers: LexRAG and two others.", "tool_calls": [FAILED_SEARCH]},
        None,
        [("unavailable_tool_reference", "I found", 0.8, 0.8)],
    ),
    (
        "strong: Spanish results phrase after an empty search",
        {"response": "Encontré tres artículos relevantes.", "tool_calls": [EMPTY_SEARCH]},
        None,
        [("unavailable_tool_reference", "Encontré", 0.8, 0.8)],
    ),
    (
        "weak: readable form of a known tool with nothing saying it is a tool",
        {"response": "You can get weather details later.", "tool_calls": [OK_GEOCODE]},
        Profile(known_tools=("get_weather",)),
        [("phantom_tool", "get weather", 0.5, 0.5)],
    ),
    (
        "weak: readable form next to the word tool",
        {"response": "The get weather tool reported sun.", "tool_calls": [OK_GEOCODE]},
        Profile(known_tools=("get_weather",)),
        [("phantom_tool", "get weather", 0.8, 0.8)],
    ),
    (
        "weak: a phantom only proposed, not claimed",
        {"response": "Would you like me to run search_flights for you?", "tool_calls": []},
        None,
        [("phantom_tool", "search_flights", 0.5, 0.5)],
    ),
    (
        "weak: a phantom the answer says it could not use",
        {
            "response": "I couldn't use search_flights, so I checked the schedule instead.",
            "tool_calls": [OK_GEOCODE],
        },
        Profile(known_tools=("search_flights", "geocode")),
        [("phantom_tool", "search_flights", 0.5, 0.5)],
    ),
    (
        "weak: a blocked tool cited neutrally",
        {"response": "search_corpus is the source for this summary.", "tool_calls": [BLOCKED_SEARCH]},
        None,
        [("unavailable_tool_reference", "search_corpus", 0.65, 0.65)],
    ),
    (
        "must not fire: the tool that is named ran and succeeded",
        {"response": "I used geocode: Lisbon is at 38.7.", "tool_calls": [OK_GEOCODE]},
        None,
        [],
    ),
    (
        "must not fire: honest report that the tool failed",
        {
            "response": "search_corpus failed with an error, so I have no papers to show.",
            "tool_calls": [FAILED_SEARCH],
        },
        None,
        [],
    ),
    (
        "must not fire: ids and enum values that merely look like snake case",
        {
            "response": "I'll charge gift_card_5094406 for the basic_economy fare.",
            "tool_calls": [OK_GEOCODE],
        },
        None,
        [],
    ),
    (
        "must not fire: 'I found no results' after an empty search",
        {"response": "I found no papers matching that query.", "tool_calls": [EMPTY_SEARCH]},
        None,
        [],
    ),
    (
        "strong: results only an empty tool could have found, while another tool worked",
        {
            "response": "I found 3 flights to Lisbon tomorrow.",
            "tool_calls": [OK_GEOCODE, {"name": "search_flights", "result": []}],
        },
        None,
        [("unavailable_tool_reference", "I found", 0.8, 0.8)],
    ),
    (
        "must not fire: what was found is what a working tool finds",
        {
            "response": "I found your reservation and 2 flights.",
            "tool_calls": [
                {"name": "get_reservation_details", "result": {"id": "X"}},
                {"name": "book_reservation", "error": "HTTP 500"},
                {"name": "search_flights", "result": [{"f": 1}]},
            ],
        },
        None,
        [],
    ),
    (
        "must not fire: results phrase while another tool succeeded",
        {"response": "I found Lisbon at 38.7.", "tool_calls": [OK_GEOCODE, EMPTY_SEARCH]},
        None,
        [],
    ),
    (
        "must not fire: a setting that merely starts with a tool verb",
        {"response": "Set `delete_after` to 30 days in your settings.", "tool_calls": [OK_GEOCODE]},
        None,
        [],
    ),
    (
        "must not fire: a setting assigned a value, a command in the next sentence",
        {
            "response": "Set `send_emails_async = True`. Then run `python manage.py migrate`.",
            "tool_calls": [OK_GEOCODE],
        },
        None,
        [],
    ),
    (
        "must not fire: tool names inside a code block",
        {
            "response": "Call it like this:\n\n```python\nsend_email(to=user)\n# the tool returned ok\n```",
            "tool_calls": [OK_GEOCODE],
        },
        Profile(known_tools=("send_email",)),
        [],
    ),
    (
        "strong: an unknown name written as a call",
        {"response": "Per fetch_alerts() there is a storm warning.", "tool_calls": [OK_GEOCODE]},
        None,
        [("phantom_tool", "fetch_alerts", 0.9, 0.9)],
    ),
    (
        "must not fire: a name the profile says to ignore",
        {"response": "Set send_later to true in your settings.", "tool_calls": [OK_GEOCODE]},
        Profile(rules={"tool_references": {"ignore": ["send_later"]}}),
        [],
    ),
]


@pytest.mark.parametrize(("label", "turn", "profile", "expected"), CASES, ids=[c[0] for c in CASES])
def test_tool_reference_table(
    label: str, turn: dict[str, Any], profile: Profile | None, expected: list[tuple[str, str, float, float]]
) -> None:
    """Each row: the findings (kind, identifier, confidence range) the detector must produce."""
    found = detect(turn, profile)
    got = [(f.kind, f.identifier) for f in found]
    assert got == [(k, i) for k, i, _lo, _hi in expected], label
    for finding, (_k, _i, lo, hi) in zip(found, expected, strict=True):
        assert lo <= finding.confidence <= hi, (label, finding)


def test_verdict_lists_phantoms_registry_and_replacement() -> None:
    """The verdict names the phantoms, those missing from the registry, and the profile's replacement."""
    profile = Profile(
        known_tools=("search_corpus", "geocode"),
        rules={"tool_references": {"replacements": {"web_search": "search_corpus"}}},
    )
    verdict = Guard(Policy(mode="wipe", load_plugins=False), profile).check(
        {"response": "Summary.\n\nweb_search returned two hits.", "tool_calls": [OK_GEOCODE]}
    )
    data = verdict.to_dict()
    assert data["phantom_tools"] == ["web_search"]
    assert data["phantom_tools_not_in_registry"] == ["web_search"]
    assert data["phantom_replacements"] == [{"phantom": "web_search", "replacement": "search_corpus"}]
    assert data["output"] == "Summary."
    assert (data["preserved_paragraphs"], data["wiped_paragraphs"]) == (1, 1)


def test_bad_rule_names_the_key() -> None:
    """A mistyped rule key is a ProfileError naming rules.tool_references, not a silent default."""
    with pytest.raises(ProfileError, match=r"rules\.tool_references"):
        ToolReferenceDetector(Profile(rules={"tool_references": {"replacement": {}}}))


# ---------------------------------------------------------------------- cheap gates
# Each gate answers what the regex after it would (a camel-case mark) or only skips where
# the regex cannot match (a phrase one of whose words is absent): cheaper, never different.
@given(st.text(alphabet=st.sampled_from("aZbYé É\u0130\u212a\ud800-_.\n日本getWeather"), max_size=40))
@settings(max_examples=400, deadline=None)
def test_camel_mark_gate_agrees_with_the_pattern(text: str) -> None:
    assert _has_camel_mark(text) == (re.search(r"[a-z][A-Z]", text) is not None)


@pytest.mark.parametrize("text", ["use getWeather", "café iPhone", "x\u00e9Ab", "naïveB"])
def test_camel_mark_gate_sees_marks(text: str) -> None:
    assert _has_camel_mark(text) == (re.search(r"[a-z][A-Z]", text) is not None)


@given(
    st.sampled_from(["get weather", "search flights", "buscar vuelos", "book  trip", "send-email now"]),
    st.text(
        alphabet=st.sampled_from("get weather search flights-\n buscar vuelos book trip send"), max_size=60
    ),
)
@settings(max_examples=300, deadline=None)
def test_phrase_gate_skips_only_where_the_phrase_cannot_match(phrase: str, norm: str) -> None:
    pattern = re.compile(r"(?<!\w)" + re.escape(phrase).replace(r"\ ", r"[\s\-]+") + r"(?!\w)")
    assert list(_phrase_spans(norm, phrase)) == [m.span() for m in pattern.finditer(norm)]
