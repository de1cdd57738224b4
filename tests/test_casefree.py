"""ASCII twins of case-insensitive patterns (``nofab.language.casefree``): a twin exists only
when it matches exactly what the original does on lower-case ASCII text."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nofab.language.casefree import (
    ascii_scan,
    ascii_twin,
    required_literal,
    word_start,
    word_start_matches,
)
from nofab.language.text import normalise
from nofab.language.vocabulary import LANGUAGES, compile_language, load


@pytest.mark.parametrize(
    "pattern",
    [
        r"\bi\s+(?P<verb>sent|booked)\b",
        r"(?:done|ok)[—–:,!.-]*\s*(?P<verb>añadido|gelöscht)",
        r"[a-z][a-z0-9'’-]*\s+(?=[a-z])(?![^.!?\n]*\bis\b)",
    ],
)
def test_a_lower_case_pattern_gets_a_twin_without_ignorecase(pattern: str) -> None:
    twin = ascii_twin(re.compile(pattern, re.IGNORECASE))
    assert twin is not None and not twin.flags & re.IGNORECASE


@pytest.mark.parametrize(
    "pattern",
    [
        r"\bI\s+sent",  # "I" would match "i" only through IGNORECASE
        r"[A-Z]\w+ booked",
        r"ſent",  # long s equals "s" under IGNORECASE
        r"\u212aeys",  # the Kelvin sign equals "k"
        r"[à-ž]+ent",  # a range past ASCII: not examined, kept as it is
        r"(a)\1",  # a back-reference: not examined
    ],
)
def test_a_pattern_that_folds_into_ascii_keeps_ignorecase(pattern: str) -> None:
    assert ascii_twin(re.compile(pattern, re.IGNORECASE)) is None


def test_a_case_sensitive_pattern_is_its_own_twin() -> None:
    pattern = re.compile(r"I sent")
    assert ascii_twin(pattern) is pattern


def _sample_words() -> list[str]:
    words: set[str] = set()
    for code in LANGUAGES:
        data = load(code)
        for key in ("verbs", "negations", "hedges", "subject_starts", "clause_breaks"):
            values = data.get(key, ())
            words.update(normalise(v).strip() for v in values if normalise(v).isascii())
    words.update(
        ["i", "we", "have", "has", "been", "your", "booking", "is", "now", "successfully", "and", "done"]
    )
    return sorted(w for w in words if w)


WORDS = _sample_words()
PUNCT = [" ", " ", " ", ". ", ", ", "!\n", ": ", "\n- ", " **", "? "]


PATTERNS = [
    p
    for lang in (compile_language(code, {}) for code in LANGUAGES)
    for p in (*lang.patterns, *lang.reports, *lang.coordination)
]


def test_the_shipped_claim_patterns_all_have_twins() -> None:
    assert all(ascii_twin(p) is not None for p in PATTERNS)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(WORDS), st.sampled_from(PUNCT)), min_size=1, max_size=14))
def test_every_claim_pattern_twin_matches_what_the_original_matches(parts: list[tuple[str, str]]) -> None:
    text = "".join(w + p for w, p in parts).lower()
    assert text.isascii()
    for pattern in PATTERNS:
        twin = ascii_twin(pattern) or pattern
        assert [m.span() for m in twin.finditer(text)] == [m.span() for m in pattern.finditer(text)]
        for start in range(0, len(text), 7):
            a, b = twin.match(text, start), pattern.match(text, start)
            assert (a and a.span()) == (b and b.span())


@pytest.mark.parametrize(
    ("pattern", "flags", "expected"),
    [
        (r"\b(?:has|have)\s+(?:now\s+)*been\s+(?P<verb>sent)\b", 0, "been"),
        (r"(?:^|\n)\s*(?:done\s+)?successfully\s+(?P<verb>sent)", 0, "successfully"),
        (r"(?:been|sido)\s+(?:sent|made)", 0, None),  # alternatives: neither is held by every match
        (r"(?:now\s+)?been\s+sent", 0, "been"),
        (r"ab\s+sent", 0, "sent"),
        (r"ab\s+cd", 0, None),  # shorter than three characters
        (r"have\s+been\s+sent", re.IGNORECASE, None),  # "BEEN" would match too
    ],
)
def test_a_required_literal_is_one_every_match_holds(pattern: str, flags: int, expected: str | None) -> None:
    assert required_literal(re.compile(pattern, flags)) == expected


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(WORDS), st.sampled_from(PUNCT)), min_size=1, max_size=14))
def test_a_text_without_the_required_literal_never_matches(parts: list[tuple[str, str]]) -> None:
    text = "".join(w + p for w, p in parts).lower()
    for pattern in PATTERNS:
        twin = ascii_twin(pattern) or pattern
        need = required_literal(twin)
        if need is not None and need not in text:
            assert twin.search(text) is None


@pytest.mark.parametrize(
    ("pattern", "flags", "stripped"),
    [
        (r"\b(?:i|we)\s+(?P<verb>sent)\b", 0, r"(?:i|we)\s+(?P<verb>sent)\b"),
        (r"\b(?:has|have)+\s+been", 0, r"(?:has|have)+\s+been"),
        (r"\bsent", 0, "sent"),
        (r"\b\w+", 0, None),  # a class: not a known set of first characters
        (r"\b(?:-a|b)", 0, None),  # "-" is no word character: \b would need one before it
        (r"\b(?:a)?b", 0, None),  # an optional start: the first character is not settled
        (r"\bfoo|bar", 0, None),  # the boundary governs one branch only
        (r"\bsent", re.IGNORECASE, None),
        (r"sent\b", 0, None),
    ],
)
def test_a_leading_boundary_is_dropped_only_before_word_characters(
    pattern: str, flags: int, stripped: str | None
) -> None:
    found = word_start(re.compile(pattern, flags))
    assert (found.pattern if found is not None else None) == stripped


GLUE = [*PUNCT, "", "_", "x", "é"]


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.tuples(st.sampled_from(WORDS), st.sampled_from(GLUE)), min_size=1, max_size=14),
    st.integers(min_value=0, max_value=40),
)
def test_a_word_start_scan_finds_what_the_pattern_finds(parts: list[tuple[str, str]], pos: int) -> None:
    # Words glued to each other ("wi sent", "_we sent") are where a hit without its boundary
    # must be passed over and the search resumed inside it.
    text = "".join(w + p for w, p in parts)
    for pattern in PATTERNS:
        twin = ascii_twin(pattern) or pattern
        stripped = word_start(twin)
        if stripped is None:
            continue
        for start in (0, pos):
            expected = [(m.span(), m.groupdict()) for m in twin.finditer(text, start)]
            assert [(m.span(), m.groupdict()) for m in word_start_matches(stripped, text, start)] == expected


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(WORDS), st.sampled_from(GLUE)), min_size=1, max_size=14))
def test_an_ascii_scan_reading_finds_what_the_original_finds(parts: list[tuple[str, str]]) -> None:
    text = "".join(w + p for w, p in parts).lower()
    if not text.isascii():
        return
    for pattern in PATTERNS:
        scan, need, word_started = ascii_scan(pattern)
        assert scan is not None
        found = word_start_matches(scan, text) if word_started else scan.finditer(text)
        assert [m.span() for m in found] == [m.span() for m in pattern.finditer(text)]
        if need is not None and need not in text:
            assert pattern.search(text) is None


def test_the_english_claim_patterns_led_by_a_boundary_get_a_word_start_scan() -> None:
    # (Spanish and Portuguese patterns open with an optional word: no settled first
    # character, so they keep the plain scan.)
    english = compile_language("en", {})
    led = [p for p in (*english.patterns, *english.reports) if p.pattern.startswith(r"\b")]
    assert led
    assert all(word_start(ascii_twin(p) or p) is not None for p in led)
