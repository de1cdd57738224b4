"""The phrase book's token set: the words and the single marks of a text, read once per
answer and shared by every phrase search (``Evidence.normalised``)."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from nofab.config.policy import Profile
from nofab.evidence.index import Evidence
from nofab.language import phrases
from nofab.language.lexicon import lexicon_for
from nofab.model.turn import Turn

#: The tokenisation phrases are split by: a word, or one character that is not a space.
_REFERENCE = re.compile(r"\w+|[^\w\s]")


@given(
    st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=200)
    | st.text(alphabet=st.characters(max_codepoint=127), max_size=200)  # the ASCII path
)
def test_token_set_is_every_token_of_the_text(text: str) -> None:
    norm = phrases.normalise(text)
    expected = frozenset(_REFERENCE.findall(norm))
    assert phrases.token_set(norm) == expected
    assert phrases.PhraseText(norm).tokens == expected


def test_carried_tokens_find_what_a_plain_text_finds() -> None:
    for answer in (
        "I made up those numbers, sorry. Here are the results: 3 flights.",
        "Ich habe die Zahlen erfunden. Ergebnisse: 3 Flüge.",
        "J’ai inventé ces chiffres.",
        "Nothing was made up; the search returned nothing.",
    ):
        norm = phrases.normalise(answer)
        carried = phrases.PhraseText(norm)
        for category in phrases.CATEGORIES:
            assert phrases.find(category, carried) == phrases.find(category, norm)
            assert phrases.contains(category, carried, 5) == phrases.contains(category, norm, 5)


def test_evidence_normalises_the_answer_once_as_long_as_it() -> None:
    profile = Profile()
    answer = "Ｉ ma\u200bde UP the numbers — I’m sorry."
    evidence = Evidence(Turn(response=answer), profile, lexicon_for(profile))
    norm = evidence.normalised
    assert norm is evidence.normalised
    assert len(norm) == len(evidence.answer)
    assert norm == phrases.normalise(evidence.answer)
    assert norm.tokens == phrases.token_set(phrases.normalise(evidence.answer))
    assert {"i", "made", "up", "'", "m"} <= norm.tokens
