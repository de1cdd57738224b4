"""Mention finding in one pass (``mentions.whole_words``) matches exactly what the regex
alternation of the same names matches: leftmost, longest, whole words, no overlaps."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from nofab.detectors.attribution.mentions import whole_words
from nofab.detectors.attribution.vocabulary import alternation

# Few letters, spaces, a hyphen, a dot and a non-ASCII letter: names overlap, nest and
# touch word characters often.
_ALPHABET = st.sampled_from(list("abAB -.é"))


def _regex(forms: list[str], text: str) -> list[tuple[int, int, str]]:
    pattern = alternation(forms)
    return [] if pattern is None else [(m.start(), m.end(), m.group()) for m in pattern.finditer(text)]


@settings(max_examples=500, deadline=None)
@given(st.text(_ALPHABET, max_size=50), st.lists(st.text(_ALPHABET, min_size=1, max_size=6), max_size=10))
def test_the_same_matches_as_the_alternation(text: str, forms: list[str]) -> None:
    forms += [text[i:j] for i, j in ((0, 4), (5, 9), (len(text) - 3, len(text)))]
    assert list(whole_words(forms, text)) == _regex(forms, text)


def test_the_longest_name_wins_and_words_stay_whole() -> None:
    forms = ["Los Angeles", "Los Angeles Lakers", "Angeles", "Gay", "Rudy Gay"]
    text = "Los Angeles Lakers beat Gayle; Rudy Gay scored, then Angeles-Gay."
    found = list(whole_words(forms, text))
    assert [f for _s, _e, f in found] == ["Los Angeles Lakers", "Rudy Gay", "Angeles", "Gay"]
    assert found == _regex(forms, text)


def test_no_names_no_matches() -> None:
    assert list(whole_words(["", "  "], "anything at all")) == []
