"""The answer's one tokenisation and sentence split, shared through ``Evidence``: spans
follow the tokens' sentences, ``sentence_at`` finds a position's sentence, and the index
computes them once per answer, in English and other languages."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nofab import Profile, Turn
from nofab.evidence.index import Evidence
from nofab.language.lexicon import lexicon_for
from nofab.language.sentences import SENTENCE_END, TOKEN, sentence_at, sentence_spans, spans_of, tokenize


def _pieces(text: str) -> list[str]:
    return [text[a:b] for a, b in sentence_spans(text)]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Your total is $42.73. It ships today!", ["Your total is $42.73.", "It ships today!"]),
        ("Shall I book it?  Yes.", ["Shall I book it?", "Yes."]),
        (
            "Ihr Flug kostet 42,73 €. Er startet um 9.30 Uhr.",
            ["Ihr Flug kostet 42,73 €.", "Er startet um 9.30 Uhr."],
        ),
        ("Vous avez 3 vols ; le prix est 120 €.", ["Vous avez 3 vols ;", "le prix est 120 €."]),
        (
            "Flights found:\n- HAT001 at $120\n- HAT002 at $99",
            ["Flights found:", "- HAT001 at $120", "- HAT002 at $99"],
        ),
    ],
)
def test_spans_cover_each_sentence_without_edge_space(text: str, expected: list[str]) -> None:
    """A sentence ends at . ! ? ; and at a line break; a decimal point ends nothing."""
    assert _pieces(text) == expected


def test_spans_are_ordered_disjoint_and_cover_every_token() -> None:
    text = "A-1042 is booked. Seat 3C!\nNo bags? Fine;  Done"
    spans = sentence_spans(text)
    assert all(a < b <= c for (a, b), (c, _d) in pairwise(spans))
    for token in tokenize(text):
        assert any(a <= token.start and token.end <= b for a, b in spans)


def test_spans_of_tokens_equal_the_split_of_the_text() -> None:
    for text in ("One. Two", "Uno; dos.\n\nTres", "", "   "):
        assert spans_of(tokenize(text)) == sentence_spans(text)


def test_sentence_at_finds_the_sentence_of_a_position() -> None:
    text = "First one. Second one? Third"
    spans = sentence_spans(text)
    assert text[slice(*sentence_at(spans, text.index("Second")))] == "Second one?"
    assert text[slice(*sentence_at(spans, text.index("one?") + 3))] == "Second one?"
    assert text[slice(*sentence_at(spans, len(text) - 1))] == "Third"
    assert text[slice(*sentence_at(spans, 0))] == "First one."
    assert sentence_at([], 5) == (5, 5)


def test_evidence_tokenises_and_splits_the_cleaned_answer_once() -> None:
    """Spans index ``Evidence.answer`` (invisible characters removed), as findings' spans do."""
    profile = Profile()
    evidence = Evidence(Turn(response="Sent\u200b. Ticket T-1 is open."), profile, lexicon_for(profile))
    assert [evidence.answer[a:b] for a, b in evidence.sentences] == ["Sent.", "Ticket T-1 is open."]
    assert evidence.tokens is evidence.tokens and evidence.sentences is evidence.sentences
    assert {t.sentence for t in evidence.tokens if t.text in ("Ticket", "open")} == {
        evidence.tokens[-1].sentence
    }
    assert evidence.sentence_at(evidence.answer.index("open")) == evidence.sentences[1]
    assert evidence.tokens == tokenize(evidence.answer)


_PIECES = st.sampled_from(
    [
        "I",
        "didn't",
        "O’Neal",
        "1,200",
        "45.5",
        "3Pt",
        "24th",
        "e-mail",
        ".",
        "!",
        "?",
        ";",
        ",",
        "€",
        "ß",
        "日本",
        "_x",
        " ",
        "  ",
        "\n",
        " \n ",
        "\t",
        "\n\n",
        "x.\n",
        "–",
    ]
)


@given(st.lists(_PIECES, max_size=40).map("".join))
def test_tokens_are_the_texts_tokens_with_their_spans_and_sentences(text: str) -> None:
    """Whatever the text: each token is ``TOKEN``'s match at its span, only whitespace lies
    between tokens, and the sentence index grows after a sentence mark and at a line break
    (once however many), never before the first token."""
    tokens = tokenize(text)
    assert [t.text for t in tokens] == TOKEN.findall(text)
    previous = None
    for token in tokens:
        assert text[token.start : token.end] == token.text
        gap = text[previous.end if previous else 0 : token.start]
        assert gap.strip() == ""
        if previous is None:
            assert token.sentence == 0
        else:
            step = int(previous.text in SENTENCE_END) + int("\n" in gap)
            assert token.sentence == previous.sentence + step
        previous = token
