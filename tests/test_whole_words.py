"""Mention finding in one pass (``mentions.whole_words``) matches exactly what the regex
alternation of the same names matches: leftmost, longest, whole words, no overlaps."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from nofab.detectors.attribution.mentions import Mention, _last_two_before, whole_words
from nofab.detectors.attribution.vocabulary import alternation
from nofab.language.sentences import Token

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


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 3), st.booleans(), st.booleans()), max_size=30), st.data())
def test_the_two_names_before_a_back_reference_match_a_scan(
    layout: list[tuple[int, bool, bool]], data: st.DataObject
) -> None:
    """A back reference ("the former") reads the last two record mentions before it in its
    sentence: found by a bisect and a short walk back, the same two a scan finds."""
    tokens: list[Token] = []
    mentions: list[Mention] = []
    sentence = 0
    for size, has_records, new_sentence in layout:
        sentence += new_sentence
        first = len(tokens)
        tokens += [Token("w", 0, 0, sentence) for _ in range(size + 1)]  # a gap token after each
        records = frozenset({data.draw(st.integers(0, 3))}) if has_records else frozenset()
        mentions.append(Mention(first, first + size - 1, records))
    tokens.append(Token("the former", 0, 0, sentence))
    firsts = [m.first for m in mentions]
    for start in range(len(tokens)):
        if any(m.first <= start <= m.last for m in mentions):
            continue  # a back reference never sits inside a mention
        scan = [
            m
            for m in mentions
            if m.last < start and tokens[m.first].sentence == tokens[start].sentence and m.records
        ]
        assert _last_two_before(tokens, mentions, firsts, start) == scan[-2:]
