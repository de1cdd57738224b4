"""Reported speech is found by scans that ``re`` can run fast (``language/reportedspeech.py``):
the quotation pattern opens each branch with its mark (the look-behind after it), and an
ASCII answer is read lower-cased by the speech pattern's twin without IGNORECASE. Both must
find exactly the quotations the plain forms find: single quotes after a line start, a space,
a colon or a bracket and not inside a word; verbs of saying in any case, in several languages."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nofab.language import reportedspeech
from nofab.language.reportedspeech import quotation_spans

#: The quotation pattern as written before (every branch tried at every character).
_PLAIN_QUOTED = re.compile(
    r'"[^"\n]{1,400}"'
    r"|“[^”\n]{1,400}”"
    r"|«[^»\n]{1,400}»"
    r"|„[^“”\n]{1,400}[“”]"
    r"|(?:(?<=^)|(?<=[\s:(\[—–]))['‘](?=\w)[^\n]{1,400}?(?<=\S)['’](?=[\s.,;:!?)\]—–]|$)",
    re.MULTILINE,
)

TEXTS = [
    "I wrote to her: 'the meeting was cancelled'.",
    "'Quoted at the start of the text' it said",
    "Line one\n'quoted at a line start' here.",
    "Aiko's note (‘see you at noon’) and Marcus' reply: 'fine by me'.",
    "Don't read 'this' or it's 'that one here'",
    "Message: „Wir treffen uns um acht“ und «à demain soir»",
    "He REPLIED to the group: the party moved to 4. She Said: ok then!",
    "The message reads: Team sync moved to Friday\nNote: nothing",
    "Le message dit : la réunion est annulée. Ella escribió: nos vemos el lunes.",
    "Er SCHRIEB: Treffen abgesagt. Ele disse: tudo certo.",
]


@pytest.mark.parametrize("text", TEXTS)
def test_quotations_are_those_the_plain_pattern_finds(text: str) -> None:
    assert [m.span() for m in reportedspeech._QUOTED.finditer(text)] == [
        m.span() for m in _PLAIN_QUOTED.finditer(text)
    ]


@pytest.mark.parametrize("text", TEXTS)
def test_speech_is_what_the_ignorecase_pattern_finds(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    fast = quotation_spans(text)
    monkeypatch.setattr(reportedspeech, "_speech_twin", lambda: None)
    assert quotation_spans(text) == fast


def test_an_ascii_answer_is_read_by_the_twin() -> None:
    assert reportedspeech._speech_twin() is not None


_PIECES = st.sampled_from(
    [
        "'",
        "‘",
        "’",
        '"',
        "“",
        "”",
        "«",
        "»",
        ":",
        "(",
        "[",
        "—",
        " ",
        "\n",
        ".",
        "ab",
        "Said",
        "WROTE",
        "x's",
        "to him",
    ]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(_PIECES, max_size=25))
def test_random_texts_scan_the_same(pieces: list[str]) -> None:
    text = "".join(pieces)
    assert [m.span() for m in reportedspeech._QUOTED.finditer(text)] == [
        m.span() for m in _PLAIN_QUOTED.finditer(text)
    ]
    fast = quotation_spans(text)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(reportedspeech, "_speech_twin", lambda: None)
        assert quotation_spans(text) == fast
