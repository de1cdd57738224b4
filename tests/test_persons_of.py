"""The people of a turn (``detectors/persons.persons_of``) include those a call's arguments
name; arguments written as JSON text are read once per text and kept (a conversation carries
the same calls turn after turn). Kept or not, as text or as an object, the reading must be
the same, in any language's names."""

from __future__ import annotations

import json

import pytest

from nofab import Profile, Turn
from nofab.detectors.persons import persons_of
from nofab.evidence.index import Evidence
from nofab.language.lexicon import lexicon_for

ARGUMENTS = [
    {
        "passengers": [
            {"first_name": "Ingrid", "last_name": "Solberg"},
            {"first_name": "Malik", "last_name": "Okafor"},
        ]
    },
    {"recipient": "Dana Ross", "message": "See you at noon"},
    {"empfänger": "Jürgen Weiß", "betreff": "Termin"},
    {"user_id": "sophia_martin_4574"},
    ["Ana Souza", "Bo Li"],
    "not json at all",
]


def _persons(arguments: object) -> frozenset[frozenset[str]]:
    turn = Turn.from_dict(
        {"response": "ok", "tool_calls": [{"name": "send", "arguments": arguments, "result": "ok"}]}
    )
    return persons_of(Evidence(turn, Profile(), lexicon_for(Profile())))


@pytest.mark.parametrize("arguments", ARGUMENTS)
def test_arguments_as_text_read_as_the_object_does(arguments: object) -> None:
    text = arguments if isinstance(arguments, str) else json.dumps(arguments, ensure_ascii=False)
    as_object = _persons(arguments)
    for _ in range(5):  # past the memo's third sight: kept, then found again
        assert _persons(text) == as_object


def test_the_names_an_argument_gives_are_people() -> None:
    assert frozenset({"dana", "ross"}) in _persons(json.dumps(ARGUMENTS[1]))
    assert frozenset({"jürgen", "weiss"}) in _persons(json.dumps(ARGUMENTS[2], ensure_ascii=False))
