"""The shared sentence split and tokenisation: what ends a sentence, what does not, and the
tokens' sentence numbers, in English and other languages."""

from __future__ import annotations

from itertools import pairwise

import pytest

from nofab import Profile, Turn
from nofab.evidence.index import Evidence
from nofab.language.lexicon import lexicon_for
from nofab.language.sentences import sentence_at, split_sentences
from nofab.language.tokens import tokenize


def _pieces(text: str) -> list[str]:
    return [text[a:b] for a, b in split_sentences(text)]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Your total is $42.73. It ships today!", ["Your total is $42.73.", "It ships today!"]),
        ("Shall I book it?  Yes.", ["Shall I book it?", "Yes."]),
        (
            "Ihr Flug kostet 42,73 €. Er startet um 9.30 Uhr.",
            ["Ihr Flug kostet 42,73 €.", "Er startet um 9.30 Uhr."],
        ),
        ("Votre vol est confirmé… Bon voyage !", ["Votre vol est confirmé…", "Bon voyage !"]),
        ("He said “it is done.” Then he left.", ["He said “it is done.”", "Then he left."]),
        ("(See the note.) Next step", ["(See the note.)", "Next step"]),
        ("予約しました。ありがとう", ["予約しました。", "ありがとう"]),
    ],
)
def test_a_terminator_followed_by_space_ends_a_sentence(text: str, expected: list[str]) -> None:
    assert _pieces(text) == expected


@pytest.mark.parametrize(
    "text",
    ["The total is 42.73 dollars", "Run manage.py first", "Version v1.2.3 is live", "Mail a.b@c.io today"],
)
def test_a_full_stop_without_space_after_it_ends_nothing(text: str) -> None:
    assert _pieces(text) == [text]


def test_every_line_is_a_sentence_of_its_own() -> None:
    """List items, table rows and headings end at their line break even without a full stop."""
    text = "Flights found:\n- HAT001 at $120\n- HAT002 at $99\n\n| a | b |\n"
    assert _pieces(text) == ["Flights found:", "- HAT001 at $120", "- HAT002 at $99", "| a | b |"]


@pytest.mark.parametrize("text", ["", "   ", "\n\n\t", " .\n"])
def test_blank_text_gives_no_sentence_and_spans_never_hold_edge_space(text: str) -> None:
    for start, end in split_sentences(text):
        assert text[start:end] == text[start:end].strip() != ""
    assert _pieces("   ") == []


def test_spans_are_ordered_disjoint_and_cover_every_visible_character() -> None:
    text = "A-1042 is booked. Seat 3C!\nNo bags? Fine.  Done"
    spans = split_sentences(text)
    assert all(a < b <= c for (a, b), (c, _d) in pairwise(spans))
    covered = {i for a, b in spans for i in range(a, b)}
    assert {i for i, c in enumerate(text) if not c.isspace()} <= covered


def test_sentence_at_finds_the_sentence_of_a_position() -> None:
    text = "First one. Second one? Third"
    spans = split_sentences(text)
    assert text[slice(*sentence_at(spans, text.index("Second")))] == "Second one?"
    assert text[slice(*sentence_at(spans, text.index("one?") + 3))] == "Second one?"
    assert text[slice(*sentence_at(spans, len(text) - 1))] == "Third"
    assert sentence_at([], 5) == (5, 5)


def test_tokens_keep_numbers_whole_and_know_their_sentence() -> None:
    text = "Le total est 1,200.50 €. Don't worry; O’Brien paid 42.73."
    tokens = tokenize(text, split_sentences(text))
    words = [t.text for t in tokens]
    assert "1,200.50" in words and "42.73" in words and "Don't" in words and "O’Brien" in words
    by_text = {t.text: t for t in tokens}
    assert by_text["1,200.50"].sentence == 0 and by_text["€"].sentence == 0
    assert by_text["Don't"].sentence == 1 and by_text["42.73"].sentence == 1
    assert all(text[t.start : t.end] == t.text for t in tokens)


def test_evidence_splits_the_cleaned_answer_once() -> None:
    """Spans index ``Evidence.answer`` (invisible characters removed), as findings' spans do."""
    profile = Profile()
    evidence = Evidence(Turn(response="Sent\u200b. Ticket T-1 is open."), profile, lexicon_for(profile))
    assert [evidence.answer[a:b] for a, b in evidence.sentences] == ["Sent.", "Ticket T-1 is open."]
    assert evidence.sentences is evidence.sentences
    assert [t.sentence for t in evidence.tokens if t.text == "T-1"] == []  # "T", "-", "1"
    assert {t.sentence for t in evidence.tokens if t.text in ("Ticket", "open")} == {1}
    assert evidence.sentence_at(evidence.answer.index("open")) == evidence.sentences[1]
