"""What the tool results say about people: the name words a record holds and their roles
(first name, surname), the fields of a person's record, and the user handles a name may
open. Read lazily by ``nofab.detectors.names``: most answers put no capitalised word in a
name position, and then no result is walked for names at all.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterable, Iterator
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from nofab.detectors.givennames import is_given_name
from nofab.detectors.namehandles import handle, handles
from nofab.detectors.peoplekeys import display_name, handle_name, people_key
from nofab.detectors.textmemo import TextMemo
from nofab.language.text import fold
from nofab.language.vocabulary import words as words_of
from nofab.model.turn import parse_json_text

if TYPE_CHECKING:
    from nofab.evidence.index import Evidence
    from nofab.evidence.records import Record
    from nofab.model.turn import ToolCall

MAX_DEPTH = 12
#: Longest run of capitalised words read as one person's name ("Ana María López Ruiz").
MAX_NAME_WORDS = 4
_MAX_NAME_CHARS = 80
_SPLIT = re.compile(r"[\s,]+")
_NAME_KEY = re.compile(
    r"name$|^(?:first|given|last|surname|vorname|nachname|prenom|nombre|apellidos?|sobrenome)$", re.I
)


FIRST_FIELD = re.compile(
    r"(?:first|given|fore|christian)_?name$|^(?:first|given|vorname|prenom|nombre)$", re.I
)
LAST_FIELD = re.compile(
    r"(?:last|family|sur)_?name$|^(?:last|surname|nachname|apellidos?|nom_de_famille|sobrenome)$", re.I
)
# "name" alone, or the name of a person-like role; "product_name" or "airport_name" names a thing.
FULL_FIELD = re.compile(
    r"^(?:(?:full|display|person|passenger|customer|client|user|contact|employee|agent|owner|sender"
    r"|recipient|attendee|guest|member|patient|traveler|traveller|author|holder)_?)?name$",
    re.I,
)


def capitalised(word: str) -> bool:
    """A name-shaped word: an upper-case letter, then lower case ("Silva", "McDonald"), not
    an acronym ("JFK") or a one-letter word."""
    if len(word) < 2 or not word[0].isupper():
        return False
    if word.isascii():  # on ASCII, islower holds for a-z only: asked in C
        return _ASCII_LOWER.search(word, 1) is not None
    return any(c.islower() for c in word[1:])


_ASCII_LOWER = re.compile(r"[a-z]")


#: Distinct keys whose reading is remembered: results repeat a few keys in every row, and
#: up to three regex searches per key per row were most of a result's walk. Only short keys
#: are kept (keys are untrusted input: the memory held stays bounded).
_KEYS_KEPT = 4096
_KEY_KEPT_CHARS = 64


def _role(key: str) -> str:
    """What a naming key's value gives: "first", "last", "full" (a person's whole name) or
    "" (a thing's name)."""
    return _kept_role(key) if len(key) <= _KEY_KEPT_CHARS else _role_of(key)


def _role_of(key: str) -> str:
    if FIRST_FIELD.search(key):
        return "first"
    if LAST_FIELD.search(key):
        return "last"
    return "full" if FULL_FIELD.search(key) else ""


_kept_role = lru_cache(maxsize=_KEYS_KEPT)(_role_of)


def _naming(key: str) -> bool:
    return _kept_naming(key) if len(key) <= _KEY_KEPT_CHARS else _naming_of(key)


def _naming_of(key: str) -> bool:
    return _NAME_KEY.search(key) is not None


_kept_naming = lru_cache(maxsize=_KEYS_KEPT)(_naming_of)


#: Keys whose value names a thing or a place even when it reads like a person's name
#: ("Charlotte Douglas" under ``airport``, "Victoria Station" under ``station``).
_THING_KEY = re.compile(
    r"airport|station|city|town|country|region|state|street|address|location|place|venue|hotel"
    r"|restaurant|store|shop|company|brand|product|item|title|subject|destination|origin|route"
    r"|team|club|school|building|room|project|category|label|tag|model|plan|description",
    re.I,
)
#: Words in a person's full name: a given name, then one or two more ("Diego Ramos").
_FULL_NAME_WORDS = (2, 3)
#: Keys only a person fills (a role): their one-word value, a given name, is a first name
#: ("courier": "Malik"). "from"/"to" are not among them: a flight's origin is "Paris" too.
_ROLE_KEY = re.compile(
    r"(?:^|_)(?:approver|courier|driver|rider|sender|organi[sz]er|assignee|assigned_to|reviewer"
    r"|requester|reporter|technician|host|recipient|doctor|nurse|instructor|teacher|coach"
    r"|stylist|therapist|agent|manager|contact|author)(?:_|$)",
    re.I,
)


def person_value(key: str, text: str) -> bool:
    """A string value that is itself a person's full name, whatever its key: two or three
    capitalised words separated by single spaces, the first a given name of the gazetteer
    ("Diego Ramos" under ``approver``, "Priya Shah" under ``from``), or one given name under
    a role key (``_role_value``). Tools name the people of
    a record under role keys (approver, courier, sender, assignee, organizer, driver) as
    often as under ``name``; such a value's words are held as a first name and a surname.

    Risk: a thing or place named like a person ("Victoria Station", "Jordan River") under a
    key that does not say it is one holds its last word as a surname, so an unknown word
    before that word in the answer ("Amman River") reads as a name. Keys that name things
    or places (``_THING_KEY``) and values with a function or calendar word are never read."""
    if not text[:1].isupper():  # most values: a cheap no
        return False
    if " " not in text:
        return _role_value(key, text)
    parts = text.split(" ")
    if len(parts) not in _FULL_NAME_WORDS or not all(capitalised(p) for p in parts):
        return False
    if _THING_KEY.search(key) or not is_given_name(parts[0]):
        return False
    return not any(fold(p) in _not_name_words() for p in parts)


def _role_value(key: str, text: str) -> bool:
    """One given name under a key only a person fills ("courier": "Malik"): the record names
    that person by first name. Risk: a role filled by a company or a place whose name is a
    given name ("agent": "Chase") holds it as a first name, so the answer's word is held."""
    return (
        _ROLE_KEY.search(key) is not None
        and capitalised(text)
        and is_given_name(text)
        and fold(text) not in _not_name_words()
    )


@lru_cache(maxsize=1)
def _not_name_words() -> frozenset[str]:
    lists = ("calendar_words", "negations", "universal", "counts", "short_words", "pronouns", "joining_words")
    return frozenset().union(*(words_of(name) for name in lists))


def people_name(key: str, text: str, in_list: bool = False) -> str:
    """The person's full name (or lone given name) a string filed under a people key gives
    (``peoplekeys``: "Priya Shah" under ``organizer``, "Dana Ross <dana.ross@...>" or the
    bare address under ``sender``), or "": two or three capitalised words, the first a given
    name of the gazetteer (``to`` and ``from`` name places too: "Austin"). An item of a
    group's list (``in_list``; read with the list, ``people_list``) may be up to
    ``MAX_NAME_WORDS`` words and open with any name, or be one given name."""
    kind = people_key(key) if len(text) <= _MAX_NAME_CHARS else ""
    if not kind:
        return ""
    name, from_address = display_name(text)
    parts = name.split(" ")
    listed = in_list and kind == "group" and not from_address
    shortest, longest = (1, MAX_NAME_WORDS) if listed else _FULL_NAME_WORDS
    if not shortest <= len(parts) <= longest or not all(capitalised(p) for p in parts):
        return ""
    if any(fold(p) in _not_name_words() for p in parts):
        return ""
    gazetteer = not listed or len(parts) == 1
    return name if not gazetteer or is_given_name(parts[0]) else ""


def people_list(key: str, items: list[Any]) -> list[str]:
    """The full names of a list of strings filed under a people key (``people_name``), when
    it is a list of people: at least one of them opens with a given name of the gazetteer
    (["Marta Silva", "Keiko Mori"]: Marta says the list holds people, so "Keiko Mori" is a
    name too). Risk: a list of things under such a key, one of which opens with a given name
    ("contacts": ["Grace Hospital", "Help Desk"]), holds every item's last word as a surname."""
    names = [
        name for item in items if isinstance(item, str) if (name := people_name(key, item, in_list=True))
    ]
    return names if any(is_given_name(name.split(" ")[0]) for name in names) else []


def held_names(results: Iterable[Any]) -> tuple[frozenset[str], frozenset[str]]:
    """(first names, surnames) the parsed tool results hold in naming fields, folded, and
    in any value that is itself a person's full name (``person_value``)."""
    first: set[str] = set()
    last: set[str] = set()
    for key, text in named_values(results):
        role = _role(key) if _naming(key) else "full"
        if not role:
            continue
        if role == "full" and text[:1].islower():  # a person's handle ("username": "ana_ruiz")
            text = handle_name(text)
        parts = [w for w in _SPLIT.split(text.strip()) if capitalised(w)]
        if not parts:
            continue
        if role == "first":
            first.update(fold(p) for p in parts)
        elif role == "last":
            last.update(fold(p) for p in parts)
        elif len(parts) <= MAX_NAME_WORDS:
            first.add(fold(parts[0]))
            if len(parts) > 1:
                last.add(fold(parts[-1]))
    return frozenset(first), frozenset(last)


def naming_role(key: str) -> str | None:
    """A naming key's ``_role`` ("" for a thing's name), or None for a key that names nothing."""
    return _role(key) if _naming(key) else None


def named_values(results: Iterable[Any]) -> Iterator[tuple[str, str]]:
    """(key, text) of every string under a key that names a person, at any depth (bounded:
    tool results are untrusted input)."""
    stack: list[tuple[Any, int]] = [(r, 0) for r in results]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            continue
        if isinstance(value, dict):
            for key, item in value.items():
                if isinstance(item, str):
                    if len(item) <= _MAX_NAME_CHARS and (_naming(str(key)) or person_value(str(key), item)):
                        yield str(key), item
                    elif filed := people_name(str(key), item):
                        yield "full_name", filed
                elif isinstance(item, (dict, list)):
                    stack.append((item, depth + 1))
                    if isinstance(item, list) and people_key(str(key)):
                        yield from (("full_name", name) for name in people_list(str(key), item))
        elif isinstance(value, list):
            stack.extend((item, depth + 1) for item in value if isinstance(item, (dict, list)))


def person_key(key: str) -> bool:
    """A key that names a person: a first name, a surname or a person's (full) name."""
    return _role(key) != ""


def person_fields(results: Iterable[Any]) -> frozenset[str]:
    """The field names (folded) of every object that names a person (it has a person's
    naming key: ``name``, ``first_name``, ``customer_name``, not ``product_name``), except
    the naming keys themselves. A bounded walk: tool results are untrusted input."""
    fields: set[str] = set()
    stack: list[tuple[Any, int]] = [(r, 0) for r in results]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            continue
        if isinstance(value, dict):
            keys = [str(k) for k in value]
            if any(_role(k) and isinstance(value[k], (str, dict)) for k in keys):
                fields.update(fold(k) for k in keys if not _role(k))
            stack.extend((item, depth + 1) for item in value.values() if isinstance(item, (dict, list)))
        elif isinstance(value, list):
            stack.extend((item, depth + 1) for item in value if isinstance(item, (dict, list)))
    return frozenset(fields)


def owners(found: Iterable[Record]) -> dict[str, frozenset[str]]:
    """Every value of a record that names someone -> that record's name words."""
    out: dict[str, set[str]] = {}
    for record in found:
        names = {fold(p) for _f, text in record.names for p in text.split() if capitalised(p)}
        if not names:
            continue
        for value in (*record.values.values(), *(text for _f, text in record.names)):
            out.setdefault(value, set()).update(n for n in names if n != fold(value))
    return {value: frozenset(names) for value, names in out.items()}


#: Results whose owners are remembered (``owners_of``), and the lock that guards them.
_OWNERS_KEPT = 1024
_owners_kept: dict[int, tuple[tuple[Record, ...], dict[str, frozenset[str]]]] = {}
_owners_lock = threading.Lock()


def owners_of(found: tuple[Record, ...]) -> dict[str, frozenset[str]]:
    """``owners`` of one result's records, remembered by the identity of their tuple: the
    guard's cache hands out the same tuple for a result on every turn that carries it, so a
    conversation reads each result's owners once, not every result on every turn. The entry
    holds the tuple itself, so its id cannot be reused while it is remembered."""
    held = _owners_kept.get(id(found))
    if held is not None and held[0] is found:
        return held[1]
    built = owners(found)
    with _owners_lock:
        if len(_owners_kept) >= _OWNERS_KEPT:
            del _owners_kept[next(iter(_owners_kept))]  # the oldest
        _owners_kept[id(found)] = (found, built)
    return built


def merged_owners(held: list[dict[str, frozenset[str]]]) -> dict[str, frozenset[str]]:
    """The union of several results' owners (a code held by two results names both)."""
    out: dict[str, frozenset[str]] = {}
    for owners in held:
        for code, names in owners.items():
            out[code] = out[code] | names if code in out else names
    return out


class People:
    """What one turn's tool results say about people, read result by result: each result's
    reading is kept in the guard's cache under its content (``Evidence.per_result``), so a
    conversation whose every turn carries the earlier results walks each result once. Each
    part is read on first use only: most answers need none of them."""

    def __init__(self, evidence: Evidence) -> None:
        self._evidence = evidence

    def held(self) -> tuple[frozenset[str], frozenset[str]]:
        """(first names, surnames) of every result and of every call's arguments
        (``held_names``): the people an agent sent a tool (the invitees of an event it
        created, the address it replied to) are named by the turn as a result's are."""
        readings = [held for _l, _c, held in self._evidence.per_result("names.held", _held_one)]
        readings.extend(arguments_held(call) for call in self._evidence.turn.tool_calls)
        first = frozenset().union(*(f for f, _ in readings))
        last = frozenset().union(*(s for _, s in readings))
        return first, last

    @property
    def evidence(self) -> Evidence:
        """The turn's evidence these people are read from."""
        return self._evidence

    def fields(self) -> frozenset[str]:
        """The fields of the results' records of people (``person_fields``)."""
        readings = self._evidence.per_result("names.fields", _fields_one)
        return frozenset().union(*(fields for _l, _c, fields in readings))

    def handles(self) -> tuple[str, ...]:
        """Every handle of the results, sorted (for ``starts_a_handle``): the structured
        results' (at most ``MAX_HANDLES`` each) and results that are one handle-shaped string."""
        out = {h for _l, _c, held in self._evidence.per_result("names.handles", _handles_one) for h in held}
        out.update(handle(c.result) for c in self._evidence.succeeded_calls)
        out.discard("")
        return tuple(sorted(out))


#: Calls whose arguments' name words are remembered (``arguments_held``), by identity.
_ARGUMENTS_KEPT = 4096
_arguments_kept: dict[int, tuple[ToolCall, tuple[frozenset[str], frozenset[str]]]] = {}


def arguments_held(call: ToolCall) -> tuple[frozenset[str], frozenset[str]]:
    """``held_names`` of one call's arguments, remembered by the call's identity (a
    conversation hands every later turn the same calls). The entry holds the call itself,
    so its id cannot be reused while it is remembered. Arguments written as JSON text are
    remembered by that text instead: a service decodes every turn anew, so the calls a
    conversation carries are new objects on every turn, their texts the same."""
    if isinstance(call.arguments, str):
        return _ARGUMENT_TEXTS.of(call.arguments)
    kept = _arguments_kept.get(id(call))
    if kept is not None and kept[0] is call:
        return kept[1]
    arguments = call.parsed_arguments
    built = held_names([arguments]) if isinstance(arguments, (dict, list)) else (frozenset(), frozenset())
    with _owners_lock:
        if len(_arguments_kept) >= _ARGUMENTS_KEPT:
            del _arguments_kept[next(iter(_arguments_kept))]  # the oldest
        _arguments_kept[id(call)] = (call, built)
    return built


def _text_held(text: str) -> tuple[frozenset[str], frozenset[str]]:
    arguments = parse_json_text(text)  # (what ``ToolCall.parsed_arguments`` reads from the text)
    return held_names([arguments]) if isinstance(arguments, (dict, list)) else (frozenset(), frozenset())


#: ``arguments_held`` of arguments written as JSON text, by the text (bounded: ``TextMemo``).
_ARGUMENT_TEXTS: TextMemo[tuple[frozenset[str], frozenset[str]]] = TextMemo(_text_held)


def _held_one(value: Any) -> tuple[frozenset[str], frozenset[str]]:
    return held_names([value])


def _fields_one(value: Any) -> frozenset[str]:
    return person_fields([value])


def _handles_one(value: Any) -> frozenset[str]:
    return frozenset(handles([value]))
