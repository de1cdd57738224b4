"""The answer side's faster readings equal the plain ones they replace.

Each shortcut here (the tokeniser's spans from the lengths ``findall`` hands back, the
number tokens found by C iterators, the translation tables as strings) must read exactly
what the plain code read: these tests compare them on generated texts, long and short, in
English and German.
"""

from __future__ import annotations

import random
import string

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nofab import Profile
from nofab.detectors.attribution import fields
from nofab.detectors.attribution.vocabulary import Vocabulary
from nofab.language import claimfinder, phrases
from nofab.language.sentences import SENTENCE_END, TOKEN, Token, tokenize

_PIECES = [
    "Row",
    " 3",
    ": ",
    "42.73",
    " vs ",
    "1,717",
    "; ",
    "I'd",
    " drei",
    " Punkte",
    ".",
    "\n",
    "\n\n",
    "?",
]


def _long_text(seed: int) -> str:
    rng = random.Random(seed)
    parts: list[str] = []
    size = 0
    while size < 40_000:
        parts.append(rng.choice(_PIECES))
        size += len(parts[-1])
    return "".join(parts)


def _plain_tokens(text: str) -> list[Token]:
    """The tokeniser's rule spelt out one match at a time: spans from the match, the
    sentence index grown after a sentence mark and at a line break before a token."""
    out: list[Token] = []
    sentence, end = 0, 0
    for match in TOKEN.finditer(text):
        if out and "\n" in text[end : match.start()]:
            sentence += 1
        out.append(Token(match.group(), match.start(), match.end(), sentence))
        end = match.end()
        if match.group() in SENTENCE_END:
            sentence += 1
    return out


@pytest.mark.parametrize("seed", range(3))
def test_long_texts_tokenise_as_one_match_at_a_time(seed: int) -> None:
    text = _long_text(seed)
    assert tokenize(text) == _plain_tokens(text)


@given(st.text(alphabet=string.ascii_letters + string.digits + " .,;!?'\n-", max_size=120))
def test_short_texts_tokenise_as_one_match_at_a_time(text: str) -> None:
    assert tokenize(text) == _plain_tokens(text)


@pytest.mark.parametrize(
    ("number_words", "text"),
    [
        ({}, "Flight HAT001 left at 10:05 with 3 bags and three seats."),
        ({"three": 3, "two": 2}, "Three bags, two seats, 24 points and THREE more."),
        ({"drei": 3, "zwei": 2}, "Drei Koffer, zwei Sitze und 24 Punkte; DREI mehr."),
    ],
)
def test_numeric_tokens_are_the_digit_and_number_word_tokens(number_words: dict[str, int], text: str) -> None:
    vocabulary = Vocabulary.from_profile(Profile(number_words=number_words), "attribution")
    tokens = tokenize(text * 50)
    words = vocabulary.number_words
    plain = [i for i, t in enumerate(tokens) if t.text[0].isdigit() or (words and t.text.casefold() in words)]
    assert fields.numeric_tokens(vocabulary, tokens) == plain
    assert plain  # the texts hold numbers: the comparison is not of two empty lists


@given(st.text(alphabet=string.printable, max_size=80))
def test_string_tables_translate_as_the_dict_tables(text: str) -> None:
    """The translation tables as strings map every ASCII character as the dict ones did:
    word characters (and, for the claim finder, apostrophes) kept, the rest made spaces."""
    gaps = str.maketrans({chr(i): " " for i in range(128) if not (chr(i).isalnum() or chr(i) in "_'")})
    breaks = str.maketrans({chr(i): " " for i in range(128) if not (chr(i).isalnum() or chr(i) == "_")})
    assert text.translate(claimfinder._ASCII_GAPS) == text.translate(gaps)
    assert text.translate(phrases._ASCII_BREAKS) == text.translate(breaks)
