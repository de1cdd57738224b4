"""Calendar words are dates, never people's names (detectors/calendarnames): a weekday or a
month name, in any lexicon language, full or abbreviated, is not read as a person's name after
a word the evidence puts before names ("from ___", "von ___"); a real unknown name there still
is, and a calendar word that is also a given name ("June", "Sam") is a date only beside a
number or another calendar word."""

from __future__ import annotations

import pytest

from nofab import Guard, Policy
from nofab.detectors.calendarnames import calendar_words

_GUARD = Guard(Policy(load_plugins=False))
_RESULT = {
    "messages": [
        {
            "sender": "ines.varga@harbourline.example",
            "subject": "Quarterly plan",
            "sent": "2024-10-08T08:40:00",
        }
    ]
}
_USER = {
    "en": "Is there anything new from Ines Varga about the quarterly plan?",
    "de": "Gibt es etwas Neues von Ines Varga zum Quartalsplan?",
    "es": "¿Hay algo nuevo de Ines Varga sobre el plan trimestral?",
}


def _names(answer: str, language: str) -> list[str]:
    turn = {
        "user_message": _USER[language],
        "response": answer,
        "tool_calls": [{"name": "search_messages", "result": _RESULT}],
    }
    return [
        f.identifier for f in _GUARD.check(turn).findings if f.detector == "entities" and f.confidence >= 0.8
    ]


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        ("Yes, one message from Tuesday, Oct 8, about the quarterly plan.", "en"),
        ("Yes, one message from Tue, Oct 8, about the quarterly plan.", "en"),
        ("Yes, one message from Tuesday, about the quarterly plan.", "en"),
        ("Yes, one message from October, about the quarterly plan.", "en"),
        ("Yes, one message from June 8, about the quarterly plan.", "en"),  # a given name, dated
        ("Yes, one message from 8 June, about the quarterly plan.", "en"),
        ("Ja, eine Nachricht von Dienstag, 8. Okt., zum Quartalsplan.", "de"),
        ("Ja, eine Nachricht von Dienstag zum Quartalsplan.", "de"),
        ("Ja, eine Nachricht von Okt. 2024 zum Quartalsplan.", "de"),
        ("Sí, un mensaje de Martes, 8 de octubre, sobre el plan trimestral.", "es"),
        ("Sí, un mensaje de Mié, 9 de oct., sobre el plan trimestral.", "es"),
    ],
)
def test_a_calendar_word_after_a_name_cue_is_no_name(answer: str, language: str) -> None:
    assert _names(answer, language) == []


@pytest.mark.parametrize(
    ("answer", "language", "name"),
    [
        ("Yes, one message from Tarquin, about the quarterly plan.", "en", "Tarquin"),
        ("Yes, one message from June, about the quarterly plan.", "en", "June"),  # a given name, alone
        ("Yes, one message from Sam, about the quarterly plan.", "en", "Sam"),
        ("Ja, eine Nachricht von Tarquin zum Quartalsplan.", "de", "Tarquin"),
        ("Sí, un mensaje de Tarquin sobre el plan trimestral.", "es", "Tarquin"),
    ],
)
def test_a_name_after_the_cue_is_still_checked(answer: str, language: str, name: str) -> None:
    assert _names(answer, language) == [name]


@pytest.mark.parametrize(
    "word",
    [
        "tuesday",
        "tue",
        "sep",
        "sept",
        "dienstag",
        "okt",
        "mardi",
        "déc",
        "miércoles",
        "mié",
        "dic",
        "terça",
        "set",
    ],
)
def test_the_calendar_words_come_from_the_lexicons(word: str) -> None:
    assert word in calendar_words()


@pytest.mark.parametrize("word", ["marcus", "mo", "di", "budget", "plan"])
def test_other_words_are_not_calendar_words(word: str) -> None:
    assert word not in calendar_words()
