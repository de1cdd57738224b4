"""The people the results name, one by one: the name words each person is held under, and the
full name an object that is a person's record gives.

``namerecords`` reads which words the results hold as first names and surnames, all people
together. Some rules need to know which of those words belong together, as one person's:
whether a first name and a surname are one person's (``crossednames``), or who a field holds
(``labelledpeople``).

Principle: a full name held as one value is one person, whatever key it sits under: a naming
field's ("name": "Dana Ross"), and a person's value under any key (``namerecords.person_value``,
``people_name``: "sender": "Dana Ross", "attendees": [...]). An object is a person's record
when it has a person's naming field; its person is that field's name, or its first name and
surname fields joined.

Risk: a thing named like a person under a people key (``namerecords.people_list``'s risk) is
read as a person; a person named across two values of different objects is never one person.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from nofab.detectors.namerecords import MAX_NAME_WORDS, capitalised, named_values, naming_role
from nofab.detectors.textmemo import TextMemo
from nofab.language.text import fold
from nofab.model.turn import ToolCall, parse_json_text

if TYPE_CHECKING:
    from nofab.evidence.index import Evidence


def person_names(results: Iterable[Any]) -> frozenset[frozenset[str]]:
    """The name words (folded) of each full name the parsed results hold as one value."""
    out: set[frozenset[str]] = set()
    for key, text in named_values(results):
        if naming_role(key) not in (None, "full"):  # (a value under another key is a person's: full)
            continue
        parts = [fold(w) for w in text.replace(",", " ").split() if capitalised(w)]
        if 1 < len(parts) <= MAX_NAME_WORDS:
            out.add(frozenset(parts))
    return frozenset(out)


def person_name_of(record: Mapping[str, Any]) -> str:
    """The full name of the person an object is the record of, or "": its person's name field
    ("name", "full_name", "contact_name"), else its first name and surname fields joined."""
    first = last = ""
    for key, value in record.items():
        if not isinstance(value, str) or not value.strip():
            continue
        role = naming_role(str(key))
        if role == "full":
            return value.strip()
        if role == "first" and not first:
            first = value.strip()
        elif role == "last" and not last:
            last = value.strip()
    return f"{first} {last}" if first and last else ""


def persons_of(evidence: Evidence) -> frozenset[frozenset[str]]:
    """``person_names`` of every result that did not fail (each read once per result content)
    and of every call's arguments."""
    readings = [held for _l, _c, held in evidence.per_result("persons.names", _names_one)]
    readings.extend(map(_arguments_persons, evidence.turn.tool_calls))
    return frozenset().union(*readings)


def _names_one(value: Any) -> frozenset[frozenset[str]]:
    return person_names([value])


def _arguments_persons(call: ToolCall) -> frozenset[frozenset[str]]:
    """``person_names`` of one call's arguments; arguments written as JSON text are read once
    per text (``TextMemo``: a conversation hands every later turn the same calls, and a
    service decodes them anew each turn, so the text, not the call, recurs)."""
    if isinstance(call.arguments, str):
        return _ARGUMENT_TEXTS.of(call.arguments)
    arguments = call.parsed_arguments
    return person_names([arguments]) if isinstance(arguments, (dict, list)) else frozenset()


def _text_persons(text: str) -> frozenset[frozenset[str]]:
    arguments = parse_json_text(text)  # (what ``ToolCall.parsed_arguments`` reads from the text)
    return person_names([arguments]) if isinstance(arguments, (dict, list)) else frozenset()


_ARGUMENT_TEXTS: TextMemo[frozenset[frozenset[str]]] = TextMemo(_text_persons)
