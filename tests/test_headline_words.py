"""The headline patterns' word alternations are factored by first letter
(``headlines._words`` through ``vocabulary.by_first_letter``): a position tries only the
words that start with its letter. The matches must be exactly the flat alternation's, longest
word first, in every language, with or without IGNORECASE."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nofab.language.headlines import _words
from nofab.language.text import normalise
from nofab.language.vocabulary import LANGUAGES, compile_language, load


def _flat(words: list[str]) -> str:
    forms = sorted({normalise(w) for w in words}, key=len, reverse=True)
    return "|".join(r"\s+".join(re.escape(p) for p in form.split()) for form in forms)


def _vocabulary(code: str) -> list[str]:
    states = load(code).get("headlines", {}).get("states", {})
    return [*compile_language(code, {}).verbs, *states]


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_language_s_predicates_match_as_the_flat_alternation(code: str) -> None:
    words = _vocabulary(code)
    factored, flat = _words(words), _flat(words)
    assert factored != flat or len({w[:1] for w in words}) == 1  # (it is factored at all)
    for flags in (0, re.IGNORECASE):
        ours, theirs = re.compile(rf"(?:{factored})\**:", flags), re.compile(rf"(?:{flat})\**:", flags)
        for word in words:
            for text in (f"{word}:", f"{word.upper()}**:", f"{word}s:", f"{word[:-1]}:", f"x {word} y"):
                assert [m.span() for m in ours.finditer(text)] == [m.span() for m in theirs.finditer(text)]


_WORDS = [
    "sent",
    "sent back",
    "send",
    "deleted",
    "deleted all",
    "Émis",
    "émis",
    "ßig",
    "gelöscht",
    "a b",
    "é",
]


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.sampled_from(_WORDS), min_size=1, max_size=6),
    st.text(alphabet="sentdl ébaÉß\n:*", max_size=30),
)
def test_any_word_list_matches_as_the_flat_alternation(words: list[str], text: str) -> None:
    for flags in (0, re.IGNORECASE):
        ours, theirs = re.compile(_words(words), flags), re.compile(_flat(words), flags)
        assert [m.span() for m in ours.finditer(text)] == [m.span() for m in theirs.finditer(text)]
