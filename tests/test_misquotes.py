"""A quote that cites a held text but changes a word of it (``detectors.misquotes``)."""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Guard
from nofab.detectors.misquotes import misquote

_GUARD = Guard()
_MESSAGES = {
    "messages": [
        {"sender": "mruiz", "message": "Cabin is booked for the 20th–22nd, bring sleeping bags."},
        {"sender": "lena", "message": "La reunión pasa al jueves a las 10, trae el informe."},
    ]
}


def _quotes(answer: str, result: Any = _MESSAGES) -> list[str]:
    turn = {"response": answer, "tool_calls": [{"name": "search_messages", "result": result}]}
    verdict = _GUARD.check(turn)
    return [f.identifier for f in verdict.findings if f.detector == "quotes" and f.confidence >= 0.8]


@pytest.mark.parametrize(
    "answer",
    [
        'Marco wrote: "Cabin is booked for the 21st–23rd, bring sleeping bags."',
        'His message says: "Cabin is booked for the 20th–24th, bring sleeping bags."',
        '"Cabin is booked for the 20th–22nd, bring Priya," Marco wrote.',  # a name
        'Lena escribió: "La reunión pasa al viernes a las 10, trae el informe."',
        'El mensaje dice: "La reunión pasa al jueves a las 11, trae el informe."',
    ],
)
def test_a_word_changed_inside_a_quote_of_a_held_text_is_flagged(answer: str) -> None:
    assert _quotes(answer)


@pytest.mark.parametrize(
    "answer",
    [
        'Marco wrote: "Cabin is booked for the 20th–22nd, bring sleeping bags."',
        'Marco wrote: "Cabin is booked for the 20th–22nd."',  # trimmed
        'Marco wrote: "The cabin is booked for the 20th–22nd, so bring your sleeping bags."',  # framed
        'Lena escribió: "La reunión pasa al jueves a las 10, trae el informe."',
        'Lena escribió: "la reunión pasa al jueves a las 10"',
        'Marco wrote: "Cabin is reserved for the 20th–22nd, bring sleeping bags."',  # a synonym
    ],
)
def test_verbatim_trimmed_or_framed_quotes_pass(answer: str) -> None:
    assert _quotes(answer) == []


def test_misquote_needs_a_source_holding_most_words_in_order() -> None:
    def content(word: str) -> bool:  # the facts here: words with a digit
        return any(c.isdigit() for c in word)

    def same(a: str, b: str) -> bool:
        return a == b

    source = ["cabin", "is", "booked", "for", "the", "20th", "22nd", "bring", "sleeping", "bags"]
    changed = misquote(["cabin", "is", "booked", "for", "the", "21st", "22nd"], [source], content, same)
    assert changed is not None and changed.written == ("21st",) and changed.cited == ("20th",)
    assert (
        misquote(["party", "moved", "to", "friday", "night", "bring", "snacks"], [source], content, same)
        is None
    )
    # a changed word that is no fact is not read
    assert (
        misquote(["cabin", "is", "reserved", "for", "the", "20th", "22nd"], [source], content, same) is None
    )
