"""What the tool results say about people: the name words a record holds and their roles
(first name, surname), the fields of a person's record, and the user handles a name may
open. Read lazily by ``nofab.detectors.names``: most answers put no capitalised word in a
name position, and then no result is walked for names at all.
"""

from __future__ import annotations

import re
import threading
from bisect import bisect_right
from collections.abc import Iterable, Iterator
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from nofab.detectors.givennames import is_given_name
from nofab.language.text import fold
from nofab.language.vocabulary import words as words_of

if TYPE_CHECKING:
    from nofab.evidence.index import Evidence
    from nofab.evidence.records import Record

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


def held_names(results: Iterable[Any]) -> tuple[frozenset[str], frozenset[str]]:
    """(first names, surnames) the parsed tool results hold in naming fields, folded, and
    in any value that is itself a person's full name (``person_value``)."""
    first: set[str] = set()
    last: set[str] = set()
    for key, text in _named_values(results):
        role = _role(key) if _naming(key) else "full"
        if not role:
            continue
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


def _named_values(results: Iterable[Any]) -> Iterator[tuple[str, str]]:
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
                elif isinstance(item, (dict, list)):
                    stack.append((item, depth + 1))
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


#: A user handle: one lower-case token of letters, digits and ``._-+@`` ("justinkool",
#: "mia.k@example.com"), as tools return user names, ids and addresses.
_HANDLE = re.compile(r"[a-z][a-z0-9._+@\-]{2,63}")
#: Handles read from one turn's results (bounded: results are untrusted input).
MAX_HANDLES = 2000


def handles(results: Iterable[Any]) -> tuple[str, ...]:
    """Every handle-shaped string value of the results, at any depth (bounded)."""
    out: list[str] = []
    stack: list[tuple[Any, int]] = [(r, 0) for r in results]
    while stack and len(out) < MAX_HANDLES:
        value, depth = stack.pop()
        if isinstance(value, str):
            if _HANDLE.fullmatch(value):
                out.append(value)
        elif depth < MAX_DEPTH and isinstance(value, dict):
            stack.extend((item, depth + 1) for item in value.values())
        elif depth < MAX_DEPTH and isinstance(value, list):
            stack.extend((item, depth + 1) for item in value)
    return tuple(out)


def handle(value: Any) -> str:
    """``value`` itself when it is a handle (a result that is one plain string), or ""."""
    return value if isinstance(value, str) and _HANDLE.fullmatch(value) else ""


def starts_a_handle(name: str, held: tuple[str, ...]) -> bool:
    """A lone name the evidence holds as the start of a handle: people are addressed by the
    first name their user name is built from ("Thanks, Justin" for ``justinkool``). Risk:
    a made-up name that happens to open a handle of the turn passes.

    ``held`` is sorted: the handles that start with ``name`` follow it, after ``name`` itself
    (a bisect, not a scan of every handle per name)."""
    if len(name) < 3:
        return False
    i = bisect_right(held, name)
    return i < len(held) and held[i].startswith(name)


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
        """(first names, surnames) of every result (``held_names``)."""
        readings = [held for _l, _c, held in self._evidence.per_result("names.held", _held_one)]
        first = frozenset().union(*(f for f, _ in readings))
        last = frozenset().union(*(s for _, s in readings))
        return first, last

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


def _held_one(value: Any) -> tuple[frozenset[str], frozenset[str]]:
    return held_names([value])


def _fields_one(value: Any) -> frozenset[str]:
    return person_fields([value])


def _handles_one(value: Any) -> frozenset[str]:
    return frozenset(handles([value]))
