"""Where the answer's grammar or the evidence's own text expects a person's name: the
fields a person's record holds (so "___'s phone number" names that person) and the shapes
of the phrases around a name. Read by ``nofab.detectors.names``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from nofab.language.text import fold

MAX_DEPTH = 12

#: Up to two lower-case words after a possessive: the field it owns ("phone number").
FIELD_AFTER = re.compile(r"\s+([^\W\d_]+)(?:\s+([^\W\d_]+))?")
#: A field, then the word that introduces its owner, right before a name ("phone of ___",
#: "telefono de ___", "numéro du ___", "Nummer von ___"), in the lexicon languages.
OWNER_WORDS = frozenset({"of", "de", "del", "do", "da", "du", "von"})
FIELD_OF = re.compile(rf"(?:([^\W\d_]+)\s+)?([^\W\d_]+)\s+(?:{'|'.join(sorted(OWNER_WORDS))})\s+$")
#: How far back the word before a name is looked for.
_WORD_REACH = 24

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


def word_before(answer: str, start: int) -> str:
    """The lower-case word right before ``start``, separated from it by one space ("with"
    in "a meeting with Mei"), or "" (a sentence start, punctuation, a capitalised word)."""
    end = start - 1
    if end < 1 or answer[end] != " " or not answer[end - 1].islower():
        return ""
    i = end - 1
    floor = max(-1, end - _WORD_REACH)
    while i > floor and answer[i].isalpha() and answer[i].islower():
        i -= 1
    if i > floor and (answer[i].isalnum() or answer[i] == "_"):
        return ""  # a word with digits or capitals in it is no slot word
    word = answer[i + 1 : end]
    return word if len(word) >= 2 else ""


#: Occurrences of one name read for the word before it (a name repeated in a long result).
_MAX_OCCURRENCES = 200


def frames_of(text: str, name: str) -> set[str]:
    """The lower-case words right before ``name`` (a whole letter run) in ``text``."""
    out: set[str] = set()
    at = text.find(name)
    seen = 0
    while at != -1 and seen < _MAX_OCCURRENCES:
        seen += 1
        end = at + len(name)
        if (end == len(text) or not text[end].isalpha()) and at > 0 and not text[at - 1].isalpha():
            word = word_before(text, at)
            if word:
                out.add(word)
        at = text.find(name, at + 1)
    return out
