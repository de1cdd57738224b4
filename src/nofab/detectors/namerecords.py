"""What the tool results say about people: the name words a record holds and their roles
(first name, surname), the fields of a person's record, and the user handles a name may
open. Read lazily by ``nofab.detectors.names``: most answers put no capitalised word in a
name position, and then no result is walked for names at all.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from nofab.language.text import fold

MAX_DEPTH = 12
#: Longest run of capitalised words read as one person's name ("Ana María López Ruiz").
MAX_NAME_WORDS = 4
_MAX_NAME_CHARS = 80
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
    return len(word) >= 2 and word[0].isupper() and any(c.islower() for c in word[1:])


def held_names(results: Iterable[Any]) -> tuple[frozenset[str], frozenset[str]]:
    """(first names, surnames) the parsed tool results hold in naming fields, folded."""
    first: set[str] = set()
    last: set[str] = set()
    for key, text in _named_values(results):
        parts = [w for w in re.split(r"[\s,]+", text.strip()) if capitalised(w)]
        if not parts:
            continue
        if FIRST_FIELD.search(key):
            first.update(fold(p) for p in parts)
        elif LAST_FIELD.search(key):
            last.update(fold(p) for p in parts)
        elif FULL_FIELD.search(key) and len(parts) <= MAX_NAME_WORDS:
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
                    if len(item) <= _MAX_NAME_CHARS and _NAME_KEY.search(str(key)):
                        yield str(key), item
                elif isinstance(item, (dict, list)):
                    stack.append((item, depth + 1))
        elif isinstance(value, list):
            stack.extend((item, depth + 1) for item in value if isinstance(item, (dict, list)))


def person_key(key: str) -> bool:
    """A key that names a person: a first name, a surname or a person's (full) name."""
    return bool(FIRST_FIELD.search(key) or LAST_FIELD.search(key) or FULL_FIELD.search(key))


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
            if any(person_key(k) and isinstance(value[k], (str, dict)) for k in keys):
                fields.update(fold(k) for k in keys if not person_key(k))
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


def starts_a_handle(name: str, held: Sequence[str]) -> bool:
    """A lone name the evidence holds as the start of a handle: people are addressed by the
    first name their user name is built from ("Thanks, Justin" for ``justinkool``). Risk:
    a made-up name that happens to open a handle of the turn passes."""
    return len(name) >= 3 and any(h.startswith(name) and len(h) > len(name) for h in held)
