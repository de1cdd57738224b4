"""The names a turn's records go by, read once per result: what ``anchored.RecordFields``
looks the answer's tokens up in.

A record is named by a naming field's text (a flight number, an id, a title) of at least
``MIN_NAME`` characters and one to ``MAX_NAME_WORDS`` words, or by a text value of two or
three words written with a capital (a full name) that one record of the turn alone holds.
Each result's part (``name_table``: positions in its records, never the records, so a
reading kept across turns never hands a turn another turn's records) is an
``Evidence.per_result`` reading of its records, kept in the guard's cache while a
conversation carries the result; ``named`` joins the parts per name the answer spells, in
call order, and decides an identifying value over the whole turn (a full name held by
records of two results names neither). ``key_forms`` is each result's field key words, as
their forms, joined per turn the same way.

Risk: none of its own: the join gives exactly what one table over the turn's records gave
(``tests/test_record_name_memos.py`` compares both on random turns); a kept reading costs
the cache an entry per result.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from nofab.evidence.records import Record, as_number
from nofab.language.text import normalise
from nofab.language.vocabulary import stem

#: Shortest record name that anchors (a two-letter name is too often a word).
MIN_NAME = 3
#: Longest record name matched, in words ("Li Feng", "Hugo Saldana Cano").
MAX_NAME_WORDS = 3
#: The names these readings are kept under in the guard's cache.
NAMES = "anchored.names"
KEY_FORMS = "anchored.key_forms"
#: A word of a field key ("available_seats", "totalAmount").
KEY_PART = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")
#: A token as the answer's tokens are read (``RecordFields``).
TOKEN = re.compile(r"[\w-]+")
_WORD = re.compile(r"(?<![^\W_])[^\W\d_]+(?![^\W_])")

#: A result's record names, as positions in its records: naming words -> records named so by
#: a naming field, identifying words -> records holding them as a value, first word -> most
#: words of a name starting with it.
NameTable = tuple[
    dict[tuple[str, ...], tuple[int, ...]], dict[tuple[str, ...], tuple[int, ...]], dict[str, int]
]


@lru_cache(maxsize=4096)
def forms(word: str) -> frozenset[str]:
    """The forms a word may be written in: as is (lower case) and its English stem."""
    lowered = word.lower()
    return frozenset((lowered, stem("english", lowered)))


@lru_cache(maxsize=16384)
def name_words(text: str) -> tuple[str, ...]:
    """A record name's words as the answer's tokens are read (normalised); names repeat
    across the records of a result and across turns, so each is read once."""
    return tuple(TOKEN.findall(normalise(text)))


@lru_cache(maxsize=4096)
def key_words(key: str) -> frozenset[str]:
    """A field key's words in lower case ("bagsTotal" -> bags, total; "free_bags" -> free,
    bags): the one split of a key by case and separators, kept per key (keys repeat)."""
    return frozenset(part.lower() for part in KEY_PART.findall(key))


@lru_cache(maxsize=4096)
def key_stems(key: str) -> tuple[frozenset[str], ...]:
    """Each word of a field key ("available_seats", "prices.economy", "totalAmount") as its
    forms; keys repeat across records and turns, so each is read once."""
    return tuple(forms(part) for part in KEY_PART.findall(key))


def key_forms(records: tuple[Record, ...]) -> frozenset[str]:
    """The forms of every word of one result's field keys (``per_result`` reading)."""
    keys = {key for record in records for key in record.values}
    return frozenset(form for key in keys for part in key_stems(key) for form in part)


def name_table(records: tuple[Record, ...]) -> NameTable:
    """One result's names and identifying values (``per_result`` reading), as positions."""
    names: dict[tuple[str, ...], list[int]] = {}
    for at, record in enumerate(records):
        for _field, text in record.names:
            words = name_words(text)
            if len(text) >= MIN_NAME and 0 < len(words) <= MAX_NAME_WORDS:
                names.setdefault(words, []).append(at)
    holders = _holders(records)
    longest: dict[str, int] = {}
    for words in (*names, *holders):
        longest[words[0]] = max(longest.get(words[0], 0), len(words))
    return {w: tuple(a) for w, a in names.items()}, {w: tuple(a) for w, a in holders.items()}, longest


def named(tables: list[tuple[tuple[Record, ...], NameTable]], words: tuple[str, ...]) -> list[Record] | None:
    """The records a turn's results (their records and tables, in call order) name ``words``
    by: those of a naming field; else the one record holding them as an identifying value
    (None when several do, or none)."""
    found = [records[at] for records, table in tables for at in table[0].get(words, ())]
    if found:
        return found
    holders = [records[at] for records, table in tables for at in table[1].get(words, ())]
    return holders if len(holders) == 1 else None


def _holders(records: Iterable[Record]) -> dict[tuple[str, ...], list[int]]:
    """Text values of two or three words (a full name, a title: written with a capital) and
    the records holding them (positions)."""
    holders: dict[tuple[str, ...], list[int]] = {}
    for at, record in enumerate(records):
        for text in record.values.values():
            if not text[:1].isupper() or len(text) > 60 or not 1 <= text.count(" ") <= MAX_NAME_WORDS:
                continue  # the cheap tests first: most values are numbers, codes or prose
            if as_number(text) is not None:
                continue
            words = name_words(text)
            if 2 <= len(words) <= MAX_NAME_WORDS and all(_WORD.fullmatch(w) for w in words):
                held = holders.setdefault(words, [])
                if not held or held[-1] != at:
                    held.append(at)
    return holders


__all__ = [
    "KEY_FORMS",
    "KEY_PART",
    "MAX_NAME_WORDS",
    "MIN_NAME",
    "NAMES",
    "TOKEN",
    "NameTable",
    "forms",
    "key_forms",
    "key_stems",
    "key_words",
    "name_table",
    "name_words",
    "named",
]
