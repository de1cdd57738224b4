"""Counted nouns: the noun a small count in an answer is bound to ("5 jours", "3 checked
bags"), and the tool field keys that count that noun ("replacement_eta_days",
"total_baggages"), from ``counted_nouns`` and ``count_modifiers`` in ``numbers.json``.

Principle: a noun right after a number (or after one adjective) says what the number counts;
the English forms of a noun but its singular concept word are the words of a key that holds
such a count (plural or mass forms: "days", "baggages", "luggage"), while a singular key word
("day", "month") is more often a calendar part than a count, unless a count word stands
beside it ("num_night", "bag_count"). A modifier beside the noun ("2 more days", "3 free
bags", "2 per passenger", "up to 4 bags", "added 2 bags") makes the count a part, a limit,
a change or a rate: no binding — except an availability word after the noun ("6 seats left",
"3 rooms available", "plazas disponibles"), which binds the count to the available part,
held only against fields whose key says availability ("available_seats.business"; a leaf
that names no noun is read through its parent key). Risk of that: an availability field
of another category than the answer's ("6 business seats" against the economy count).
Risk: a noun form shared by two languages with different senses; the lexicon keeps forms
that collide out.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache

from nofab.numbers.lexicon import by_language
from nofab.numbers.recordnames import KEY_PART

#: Marks a concept counted as the available part ("seat@available").
AVAILABLE = "@available"
#: The counted nouns that count a whole party of people (a booking's passengers or guests):
#: what a party's size, a fare per person and a share "each of you" are counted in.
PARTY = ("passenger", "guest")
#: Keys that hold a person's first and last name in a record (a passenger, a user's name).
FIRST_NAME_KEYS = ("first_name", "firstname", "given_name")
LAST_NAME_KEYS = ("last_name", "lastname", "family_name", "surname")
#: Key words that make a singular noun a count ("num_night", "bag_count").
COUNT_MARKERS = frozenset({"num", "number", "count", "total", "qty", "quantity", "nb"})
#: The three words after the number: the noun is the first or second ("3 checked bags",
#: "5 jours ouvrés"), a modifier any of them ("3 rooms are available").
_AFTER = re.compile(r"[ \u00a0]+([^\W\d_]+)(?:[ \u00a0]+([^\W\d_]+)(?:[ \u00a0]+([^\W\d_]+))?)?")
#: The two words before the number ("up to 4", "added 2").
_BEFORE = re.compile(r"([^\W\d_]+)[\s'’]+(?:([^\W\d_]+)[\s'’]+)?$")
#: A line's label: at most this many words before its first colon, read within this many
#: characters before the number.
_LABEL_WORDS = 4
_LABEL_REACH = 120
_LABEL_WORD = re.compile(r"[^\W\d_]+")


@cache
def _modifiers() -> frozenset[str]:
    return frozenset(w.lower() for words in by_language("count_modifiers").values() for w in words)


def modifier_words() -> frozenset[str]:
    """The words that make a count a change, a part or a limit (``count_modifiers``)."""
    return _modifiers()


@cache
def _nouns() -> tuple[dict[str, str], dict[str, str]]:
    """(answer form -> concept, over every language; key word -> concept, from the English
    forms but the singular concept word itself)."""
    forms: dict[str, str] = {}
    keys: dict[str, str] = {}
    for lang, table in by_language("counted_nouns").items():
        for concept, words in table.items():
            for word in words:
                forms.setdefault(word.lower(), concept)
                if lang == "en" and word != concept:
                    keys[word.lower()] = concept
    return forms, keys


def words_after(text: str, end: int) -> list[str]:
    """The (up to) three words right after the number ending at ``end``."""
    found = _AFTER.match(text, end)
    return [w for w in found.groups() if w] if found else []


def bound_concept(answer: str, end: int) -> str | None:
    """The counted noun the number ending at ``end`` is bound to, as its concept, or None.
    A modifier among the three words read ("2 more days", "3 free bags", "2 per passenger",
    "2 nuits supplémentaires") makes the count a part or a rate, not the field's count."""
    words = [w.lower() for w in words_after(answer, end)]
    forms = _nouns()[0]
    at = next((i for i, w in enumerate(words[:2]) if w in forms), None)
    if at is None:
        return None
    modifiers = _modifiers().intersection(words)
    if modifiers and modifiers <= _available() and not modifiers.intersection(words[: at + 1]):
        return forms[words[at]] + AVAILABLE  # "6 seats left": the available part, after the noun
    return None if modifiers else forms[words[at]]


@cache
def _available() -> frozenset[str]:
    return frozenset(w.lower() for words in by_language("availability_words").values() for w in words)


def modified_before(answer: str, start: int) -> bool:
    """Does a modifier stand in the two words before the number at ``start`` ("up to 4
    bags", "added 2 bags", "bis zu 3 Koffer"), or in the label of its line ("Extra: 1 bag",
    "New total: 7 bags", "Zusätzlich: 2 Koffer")? Then the count is a limit or a change."""
    found = _BEFORE.search(answer, max(0, start - 40), start)
    if found is not None and _modifiers().intersection(w.lower() for w in found.groups() if w):
        return True
    return modified_label(answer, start)


def modified_label(answer: str, start: int) -> bool:
    """Does the label of the line holding ``start`` (its words before the first colon, a list
    item's "- Extra:" or "New total:") hold a modifier?

    Principle: a label set before a colon says what every figure of its line is, as an
    adjective before the noun does ("Extra: 1 bag" is "1 extra bag", "Adding: 2 golf bags + 1
    suitcase = 3 bags" counts what is added): a change, a part or a limit, not the record's
    count. Only a short label is read (``_LABEL_WORDS`` words at most, in the line's first
    ``_LABEL_REACH`` characters before the number). Risk: a line labelled with a modifier that
    also restates the record's own count ("Extra bags: you have 3 in all, 1 paid"): that count
    is not checked."""
    line = answer.rfind("\n", max(0, start - _LABEL_REACH), start) + 1
    if line == 0 and start > _LABEL_REACH:
        return False  # the line starts beyond the reach: no short label before the number
    colon = answer.find(":", line, start)
    if colon == -1:
        return False
    words = _LABEL_WORD.findall(answer, line, colon)
    return 0 < len(words) <= _LABEL_WORDS and bool(_modifiers().intersection(w.lower() for w in words))


def noun_concept(word: str) -> str | None:
    """The concept of a counted noun's form in any language ("passagers" -> passenger)."""
    return _nouns()[0].get(word.lower())


@lru_cache(maxsize=4096)
def key_concept(key: str) -> str | None:
    """The noun a field's key counts ("replacement_eta_days" -> day), marked ``AVAILABLE``
    when the key says availability ("available_seats.business" -> seat@available: a leaf
    that names no noun, such as a cabin, is read through its parent), or None; keys repeat
    across records and turns, so each is read once."""
    segments = key.split(".")
    for segment in (segments[-1], *segments[-2:-1]):
        concept = _segment_concept(segment)
        if concept is not None:
            parts = {p.lower() for s in segments[-2:] for p in KEY_PART.findall(s)}
            return concept + AVAILABLE if parts & _available() else concept
    return None


def _segment_concept(segment: str) -> str | None:
    forms, keys = _nouns()
    parts = [p.lower() for p in KEY_PART.findall(segment)]
    for part in parts:
        if part in keys:
            return keys[part]
    if COUNT_MARKERS.intersection(parts):
        return next((forms[p] for p in parts if p in forms and forms[p] == p), None)
    return None


__all__ = [
    "AVAILABLE",
    "COUNT_MARKERS",
    "bound_concept",
    "key_concept",
    "modified_before",
    "modified_label",
    "modifier_words",
    "noun_concept",
]
