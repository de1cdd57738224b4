"""A number the answer states as a field of a record it names: "Flight HAT012 ... Price: $78".

Principle: a value the answer labels with a field of a record it has just named is a read of
that record, not a computation. When that record holds the field with another value, and the
stated value is a plausible slip of the held one (``slip``: within a tenth, the same digits
reordered, the decimal point moved), a sum, difference or ratio of other numbers that happens
to land on the stated value explains nothing: the answer misread the record. Only derivations
are overruled this way — a value the evidence holds as it is, or a count the turn mentions
times the field ("Price: $154" for two passengers at $77), is kept.

Which record: the nearest record name (an evidence record's naming value: a flight number,
an id, a title) before the number in the same block of the answer (no blank line between).
Which field: a field of a record so named whose key has the same words as the label
("Economy Price" is ``prices.economy``, "Price" is ``price``), or whose group has ("Price" is
any of ``prices.*``). A label with a word more ("Total Price") names something else. Labels
are the last few words before the number on its line; key words are matched by their
English stem or as written, so a label matches a key written in its own language.

Risk: a record name that is also a common word anchoring an unrelated value; a field key that
reads like the label but means another quantity of that name (an amount charged vs a card's
balance) — hence only near values count as slips. Both need a derivation-only number on top,
and the finding says which record and field it was held against.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

from nofab.evidence.records import Record
from nofab.language.text import fold
from nofab.language.vocabulary import stem

if TYPE_CHECKING:
    from nofab.evidence.index import Evidence

#: How far back (characters) a record name is looked for in the number's block.
REACH = 600
#: Label words read before the number on its line.
LABEL_WORDS = 5
#: Shortest record name that anchors (a two-letter name is too often a word).
MIN_NAME = 3

#: A label word: letters only; a token with digits ("QX101") is a name or a value, not a label.
_WORD = re.compile(r"(?<![^\W_])[^\W\d_]+(?![^\W_])")
_TOKEN = re.compile(r"[\w-]+")
_KEY_PART = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")


def _stems(words: Iterable[str]) -> frozenset[str]:
    out: set[str] = set()
    for word in words:
        lowered = word.lower()
        out.add(lowered)
        out.add(stem("english", lowered))
    return frozenset(out)


def _key_stems(key: str) -> list[frozenset[str]]:
    """Each word of a field key ("available_seats", "prices.economy", "totalAmount") as the
    forms it may be written in (as is, English stem)."""
    return [_stems((part,)) for part in _KEY_PART.findall(key)]


class RecordFields:
    """The records of one turn's evidence by name, and the fields an answer's label names."""

    __slots__ = ("_answer", "_by_name", "_evidence", "_key_words")

    def __init__(self, evidence: Evidence) -> None:
        self._evidence = evidence
        self._answer = evidence.answer
        self._by_name: dict[str, list[Record]] | None = None
        self._key_words: frozenset[str] | None = None

    def _names(self) -> dict[str, list[Record]]:
        if self._by_name is None:
            by_name: dict[str, list[Record]] = {}
            for record in self._evidence.records:
                for _field, text in record.names:
                    if len(text) >= MIN_NAME:
                        by_name.setdefault(fold(text), []).append(record)
            self._by_name = by_name
        return self._by_name

    def _keys_hold(self, label: list[frozenset[str]]) -> bool:
        """Could some record's key have the label's words (each is a form of a key word)?
        The cheap test that spares looking for the record in most cases."""
        if self._key_words is None:
            keys = {key for record in self._evidence.records for key in record.values}
            self._key_words = frozenset(form for key in keys for part in _key_stems(key) for form in part)
        return all(word & self._key_words for word in label)

    def named_before(self, start: int) -> list[Record]:
        """The records named nearest before ``start`` in its block of the answer."""
        answer = self._answer
        lo = max(0, start - REACH)
        brk = answer.rfind("\n\n", lo, start)
        lo = brk + 2 if brk != -1 else lo
        names = self._names()
        if not names:
            return []
        tokens = [(m.start(), m.group()) for m in _TOKEN.finditer(answer, lo, start)]
        for i in range(len(tokens) - 1, -1, -1):
            for width in (3, 2, 1):  # a full name before one of its words
                if i + width > len(tokens):
                    continue
                first = tokens[i][0]
                last_start, last = tokens[i + width - 1]
                records = names.get(fold(answer[first : last_start + len(last)]))
                if records:
                    return records
        return []

    def label(self, start: int) -> list[frozenset[str]]:
        """The label words before the number on its line, each as its forms."""
        line = self._answer[self._answer.rfind("\n", 0, start) + 1 : start]
        return [_stems((word,)) for word in _WORD.findall(line)[-LABEL_WORDS:]]

    def misread(self, start: int, lo: float, hi: float, counts: Iterable[int]) -> str | None:
        """How the record the answer names holds the labelled field differently, or None
        when no named record has such a field or one of them agrees with ``[lo, hi]``."""
        label = self.label(start)
        if not label or not self._keys_hold(label):
            return None
        factors = (1, *counts)
        held: str | None = None
        for record in self.named_before(start):
            for key, value in record.numeric_fields():
                if not _names_field(label, key):
                    continue
                if any(lo <= value * k <= hi for k in factors):
                    return None
                if held is None and slip(value, lo, hi):
                    held = f"{record.label} holds {key} = {value:g}"
        return held


def slip(held: float, lo: float, hi: float) -> bool:
    """Could the number ``[lo, hi]`` be a slip in writing ``held``: within a tenth of it (a
    digit off by one, a rounding gone wrong), the same digits in another order, or the
    decimal point moved by one place? A value far from the held one under the same label
    is more likely another quantity of that name (an amount charged, not the balance)."""
    shown = (lo + hi) / 2
    if held == 0 or shown <= 0:
        return False
    if abs(shown - held) <= 0.1 * abs(held):
        return True
    if any(lo <= held * f <= hi for f in (10.0, 0.1)):
        return True
    return sorted(f"{held:g}".lstrip("-")) == sorted(f"{shown:g}")


def _names_field(label: list[frozenset[str]], key: str) -> bool:
    """Does the label name the field: the same words as the key ("Economy Price" names
    ``prices.economy``, "Price" names ``price``), or as the key's group ("Price" names
    ``prices.business``)? A label with a word the key lacks names something else: "Total
    Price" is not a flight's ``price``."""
    if _same_words(label, _key_stems(key)):
        return True
    return "." in key and _same_words(label, _key_stems(key.split(".", 1)[0]))


def _same_words(label: list[frozenset[str]], parts: list[frozenset[str]]) -> bool:
    return (
        bool(parts)
        and all(any(w & p for p in parts) for w in label)
        and all(any(p & w for w in label) for p in parts)
    )


__all__ = ["LABEL_WORDS", "MIN_NAME", "REACH", "RecordFields"]
