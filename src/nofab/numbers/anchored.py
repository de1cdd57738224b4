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

A field word after the number ("Tatum ... 35 points", "438 calories", "35 puntos") labels it
too, and more tightly: the noun says what the number counts. Principle: when a record named
earlier in the same sentence holds that field with another value (and no count the turn
mentions times it), a sum, difference or ratio of other numbers that lands on the stated value
is a coincidence, not an explanation — whatever the distance from the held value. The noun
names the field when it is the key's head word (its English stem, or the key abbreviates it:
"pts" for points, "reb" for rebounds), or a counted noun of the lexicon the key counts
(``nofab.numbers.nouns``). A record is named by its naming fields, or by a capitalised text value of
two or three words that only that record holds ("Jayson Tatum" under "player"). Risk: totals
legitimately derived from parts ("62 points over both games" beside one game's record): a
total over a column is explained before any derivation is asked, and a clause that announces
arithmetic (total, combined, in all ...) keeps its derivation; a shared name held by one
record only in this turn anchors the wrong entity.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING

from nofab.evidence.records import Record
from nofab.numbers.context import AnswerContext
from nofab.numbers.dayfields import DayFields
from nofab.numbers.nouns import bound_concept, key_concept
from nofab.numbers.recordnames import (
    KEY_FORMS,
    KEY_PART,
    MAX_NAME_WORDS,
    MIN_NAME,
    NAMES,
    TOKEN,
    forms,
    key_forms,
    key_stems,
    name_table,
    named,
)

if TYPE_CHECKING:
    from nofab.evidence.index import Evidence

#: How far back (characters) a record name is looked for in the number's block.
REACH = 600
#: Label words read before the number on its line, within this many characters.
LABEL_WORDS = 5
LABEL_CHARS = 80

#: A label word: letters only; a token with digits ("QX101") is a name or a value, not a label.
_WORD = re.compile(r"(?<![^\W_])[^\W\d_]+(?![^\W_])")
#: Short key heads tried as abbreviations of a word ("pts", "reb"), at most this many.
MAX_SHORT_HEADS = 64
#: Where a sentence ends: its punctuation before a space, or a line break.
_SENTENCE_END = re.compile(r"[.!?](?=\s)|\n")
#: The word right after a number ("35 points"); a hyphen makes it an adjective ("a 20-point lead").
_NOUN_AFTER = re.compile(r"[ \u00a0]+([^\W\d_]+)")


class RecordFields:
    """The records of one turn's evidence by name, and the fields an answer's label names."""

    __slots__ = ("_answer", "_context", "_days", "_evidence", "_heads", "_index", "_key_words", "_nouns")

    def __init__(self, evidence: Evidence) -> None:
        self._evidence = evidence
        self._answer = evidence.answer
        self._index: tuple[list[int], list[int], list[list[Record]]] | None = None
        self._key_words: frozenset[str] | None = None
        self._context: AnswerContext | None = None
        #: (head word forms, short heads, counted concepts) of every field key of the turn
        self._heads: tuple[frozenset[str], tuple[str, ...], frozenset[str]] | None = None
        self._nouns: dict[tuple[str, str | None], bool] = {}
        self._days: DayFields | None = None  # the dated rows the answer's days name

    def _mentions(self) -> tuple[list[int], list[int], list[list[Record]]]:
        """Where the answer names a record, in order: (starts, ends, records). Built once per
        answer, in one pass over its tokens; a name is matched by its tokens (up to three,
        the longest first), so "Li Feng" is one mention, not two.

        Each result's names are read once per content (``recordnames.name_table``) and
        joined here, per name the answer's tokens spell (``recordnames.named``)."""
        if self._index is None:
            held = dict(self._evidence.result_records)
            tables = [
                (held[label], table)
                for label, _call, table in self._evidence.per_result(NAMES, name_table, of_records=True)
            ]
            longest: dict[str, int] = {}
            for _records, table in tables:
                for first, width in table[2].items():
                    if width > longest.get(first, 0):
                        longest[first] = width
            starts: list[int] = []
            ends: list[int] = []
            found: list[list[Record]] = []
            # the answer's normal form, shared with every phrase search of the turn; a name
            # starts only at a token some name starts with, so only those are visited (in
            # order, none inside a name already matched), and spans are read only then
            words = TOKEN.findall(normal := self._evidence.normalised) if longest else []
            if not longest.keys().isdisjoint(words):
                tokens, after = list(TOKEN.finditer(normal)), 0
                for i in [i for i, word in enumerate(words) if word in longest]:
                    if i < after:
                        continue
                    for w in range(min(longest[words[i]], len(words) - i), 0, -1):
                        if records := named(tables, tuple(words[i : i + w])):
                            starts.append(tokens[i].start())
                            ends.append(tokens[i + w - 1].end())
                            found.append(records)
                            after = i + w
                            break
            self._index = (starts, ends, found)
        return self._index

    def _keys_hold(self, label: list[frozenset[str]]) -> bool:
        """Could some record's key have the label's words (each is a form of a key word)?
        The cheap test that spares looking for the record in most cases."""
        if self._key_words is None:
            held = self._evidence.per_result(KEY_FORMS, key_forms, of_records=True)
            self._key_words = frozenset().union(*(found for _label, _call, found in held))
        return all(word & self._key_words for word in label)

    @property
    def evidence(self) -> Evidence:
        return self._evidence

    def named(self) -> Iterator[Record]:
        """Every record the answer names somewhere."""
        for records in self._mentions()[2]:
            yield from records

    def named_before(self, start: int) -> list[Record]:
        """The records named nearest before ``start`` in its block of the answer."""
        lo = max(0, start - REACH)
        brk = self._answer.rfind("\n\n", lo, start)
        lo = brk + 2 if brk != -1 else lo
        starts, ends, found = self._mentions()
        k = bisect_right(ends, start) - 1
        return found[k] if k >= 0 and starts[k] >= lo else []

    def named_in_sentence(self, start: int, since: int | None = None) -> list[Record]:
        """The records named nearest before ``start`` in its sentence of the answer (read back
        to a sentence end or a line break, at most ``REACH`` characters: bounded per number),
        and not before ``since`` when given (the clause an aside hangs on: ``numbers.asides``)."""
        lo = max(0, start - REACH)
        cut = max((m.end() for m in _SENTENCE_END.finditer(self._answer, lo, start)), default=lo)
        cut = cut if since is None else max(cut, since)
        starts, ends, found = self._mentions()
        k = bisect_right(ends, start) - 1
        return found[k] if k >= 0 and starts[k] >= cut else []

    def named_between(self, lo: int, hi: int, most: int) -> list[tuple[int, int, list[Record]]] | None:
        """(start, end, records) of each record name the answer writes inside ``[lo, hi)``, in
        order, or None when there are more than ``most`` (bounded per number, whatever the
        line's length)."""
        starts, ends, found = self._mentions()
        first, last = bisect_right(starts, lo - 1), bisect_right(ends, hi)
        if not 0 <= last - first <= most:
            return None
        return list(zip(starts[first:last], ends[first:last], found[first:last], strict=True))

    def names_two(self) -> bool:
        """Does the answer name two records or more anywhere (else no figure totals named ones)?"""
        return len(self._mentions()[0]) >= 2

    def named_count(self, lo: int, hi: int) -> int:
        """How many record names the answer writes inside ``[lo, hi)`` (two bisections)."""
        starts, ends, _found = self._mentions()
        return max(0, bisect_right(ends, hi) - bisect_right(starts, lo - 1))

    def label(self, start: int) -> list[frozenset[str]]:
        """The label words before the number on its line (at most ``LABEL_CHARS`` back, so
        the cost per number is bounded on an answer written as one long line)."""
        lo = max(0, start - LABEL_CHARS)
        line = self._answer.rfind("\n", lo, start)
        # A word cut by the window's edge is no match: the pattern's lookbehind sees before it.
        words = _WORD.findall(self._answer, line + 1 if line != -1 else lo, start)
        return [forms(word) for word in words[-LABEL_WORDS:]]

    def misread(
        self, span: tuple[int, int], lo: float, hi: float, counts: Callable[[], Iterable[int]]
    ) -> str | None:
        """How the record the answer names holds the labelled field differently, or None
        when no named record has such a field or one of them agrees with ``[lo, hi]``
        (itself, or times a count of ``counts()``, asked only then: it reads the turn).
        The field word after the number is asked first, then the label before it."""
        start = span[0]
        if self._days is not None and not self._days.names_days() and not self._mentions()[0]:
            # The answer names no record and no day of a dated list (known once a day row was
            # asked): no reading below has a record to hold the field (the field word and the
            # label read the records named before the number; the day row, the rows of the
            # days named), so none is asked.
            return None
        after = self._field_word(span, lo, hi, counts)
        if after is not None:
            return after
        label = self.label(start)
        if not label or not self._keys_hold(label):
            return self._day_row(span, lo, hi)
        fields = [
            (record, key, value)
            for record in self.named_before(start)
            for key, value in record.numeric_fields()
            if _names_field(label, key)
        ]
        if not fields:
            return None
        factors = (1, *counts())
        if any(lo <= value * k <= hi for _r, _k, value in fields for k in factors):
            return None
        return next((f"{r.label} holds {key} = {v:g}" for r, key, v in fields if slip(v, lo, hi)), None)

    def _day_row(self, span: tuple[int, int], lo: float, hi: float) -> str | None:
        """The named day's row holding the figure's kind otherwise (``nofab.numbers.dayfields``)."""
        if self._days is None:
            self._days = DayFields(self._evidence)
        return self._days.misread(span, lo, hi)

    def _field_word(
        self, span: tuple[int, int], lo: float, hi: float, counts: Callable[[], Iterable[int]]
    ) -> str | None:
        """The field word after the number, held by a record named before it in the same
        sentence with another value (any distance: the noun binds the number to the field)."""
        noun = _NOUN_AFTER.match(self._answer, span[1])
        if noun is None:
            return None
        word = noun.group(1)
        concept = bound_concept(self._answer, span[1])
        if not self._may_name_a_key(word, concept):
            return None  # the cheap test first: most words after a number name no field
        records = self.named_in_sentence(span[0])
        if not records:
            return None
        fields = [
            (record, key, value)
            for record in records
            for key, value in record.numeric_fields()
            if _noun_names_key(word, key, concept)
        ]
        if not fields:
            return None
        factors = (1, *counts())
        if any(lo <= value * f <= hi for _r, _k, value in fields for f in factors):
            return None
        if self._context is None:
            self._context = AnswerContext(self._answer)
        if self._context.cue(span):
            return None  # the clause announces arithmetic: a total of parts, not a read
        record, key, value = fields[0]
        return f"{record.label} holds {key} = {value:g}"

    def _may_name_a_key(self, word: str, concept: str | None) -> bool:
        """Could ``word`` name some field key of the turn (``_noun_names_key`` against the
        keys' head words at once)? Asked once per distinct word."""
        known = self._nouns.get((word, concept))
        if known is None:
            if self._heads is None:
                keys = {key for record in self._evidence.records for key in record.values}
                heads = {h for key in keys for h in _heads(key)}
                head_forms = frozenset(f for h in heads for f in forms(h))
                short = tuple(sorted(h for h in heads if 2 <= len(h) <= 4))[:MAX_SHORT_HEADS]
                concepts = frozenset(c for key in keys if (c := key_concept(key)) is not None)
                self._heads = (head_forms, short, concepts)
            head_forms, short, concepts = self._heads
            lowered = word.lower()
            known = bool(
                forms(word) & head_forms
                or concept in concepts
                or any(_abbreviates(h, lowered) for h in short)
            )
            self._nouns[word, concept] = known
        return known


def _heads(key: str) -> list[str]:
    """A key's head words: the last word of its last part and of its group
    ("available_seats.economy" -> economy, seats; "pts" -> pts)."""
    out: list[str] = []
    for part in (key.rsplit(".", 1)[-1], key.split(".", 1)[0]):
        words = KEY_PART.findall(part)
        if words:
            out.append(words[-1].lower())
    return out


def _noun_names_key(word: str, key: str, concept: str | None) -> bool:
    """Does the noun after a number name the field ``key``: the key's head word (the last
    word of its last part, or of its group: "available_seats.economy" is seats) by stem, an
    abbreviation of it ("pts", "reb"), or the counted noun the key counts?"""
    word_forms = forms(word)
    for head in _heads(key):
        if word_forms & forms(head) or _abbreviates(head, word.lower()):
            return True
    return concept is not None and key_concept(key) == concept


def _abbreviates(short: str, word: str) -> bool:
    """Is ``short`` an abbreviation of ``word``: two to four letters, the same first letter,
    and its letters in order within the word ("pts" of points, "reb" of rebounds)?"""
    if not 2 <= len(short) <= 4 or len(short) >= len(word) or short[0] != word[0]:
        return False
    rest = iter(word[1:])
    return all(c in rest for c in short[1:])


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
    if _same_words(label, key_stems(key)):
        return True
    return "." in key and _same_words(label, key_stems(key.split(".", 1)[0]))


def _same_words(label: list[frozenset[str]], parts: tuple[frozenset[str], ...]) -> bool:
    return (
        bool(parts)
        and all(any(w & p for p in parts) for w in label)
        and all(any(p & w for w in label) for p in parts)
    )


__all__ = ["LABEL_CHARS", "LABEL_WORDS", "MAX_NAME_WORDS", "MIN_NAME", "REACH", "RecordFields"]
