"""What is left of a free allowance the answer itself totals: "6 free bags in total ... you've
already got 2, so you can add 4 more bags for free", "9 maletas gratis en total ... quedan 3
maletas gratis", "insgesamt 4 kostenlose Koffer ... noch 1 kostenloser Koffer".

Small counts are structural to the number check (``nofab.numbers.counted`` reads them only
against a record's count of the same noun), and a count marked as a part ("more", "left",
"gratis") is not a record's count, so a remainder the answer works out from its own figures
was never checked: "4 more" after "6 in total" and "already 2" passes as 5 just as well.

Principle: when the answer writes a total of an allowance (a count of a counted noun with an
allowance word, "free", "gratis", "kostenlos": ``allowance_words``, and a total cue in its
clause, "in total", "en total", "insgesamt": ``total_cues`` in ``numbers.json``) and, after
it, a remainder of that allowance (a count of the same noun with the same allowance word and
a remainder word, "more", "left", "quedan", "noch": ``remainder_words``), the remainder is the
total less the part already used. The part is one of the counts of that noun the answer
shows (in digits or words) or the records or the user's message hold; a remainder that is
no such difference, nor a record's count of what is left of the noun ("free_bags_left"), is a
finding.

Risk: a remainder worked out from a part the answer does not show and no record holds (a
policy's allowance per passenger times a party whose bags are in no result) is flagged; the
answer then shows neither operand of its own arithmetic, which a reader cannot check either.
A wrong remainder that equals the total less another count of the same noun the answer shows
passes. Read only when the answer writes both the total and the remainder with the same
allowance word, so a count of extra paid items ("2 more bags at $50") is never held to it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import cache
from typing import TYPE_CHECKING, NamedTuple

from nofab.language.markup import plain
from nofab.model.finding import Finding
from nofab.numbers.counted import CountedFields, said_counts, turn_counts, word_counts
from nofab.numbers.lexicon import listed, listed_pattern, listed_search
from nofab.numbers.nouns import AVAILABLE, noun_concept

if TYPE_CHECKING:
    from nofab.evidence.index import Evidence

#: The confidence of a remainder that is no difference of the allowance's total and a part.
CONFIDENCE_REMAINDER = 0.8
#: The largest count read (an allowance is small; a year or a price is not a count).
MAX_COUNT = 99
#: Words read on each side of a count for its noun, allowance word and remainder word.
WORDS_AFTER = 5
WORDS_BEFORE = 4
#: Counts read at most per answer (each remainder asks every shown count once).
MAX_COUNTS = 200

_WORD = re.compile(r"[^\W\d_]+")
#: Where a clause ends for a total cue: a sentence mark, a semicolon, a colon or a line end.
_CLAUSE_END = re.compile(r"[.;:!?\n]")


class _Count(NamedTuple):
    value: int
    span: tuple[int, int]
    text: str
    concept: str | None
    allowance: bool
    total: bool
    remainder: bool


@cache
def _allowance() -> frozenset[str]:
    return frozenset(w.lower() for w in listed("allowance_words"))


@cache
def _remainder() -> frozenset[str]:
    return frozenset(w.lower() for w in listed("remainder_words"))


def _around(answer: str, span: tuple[int, int]) -> str:
    """The words a total cue of this count stands in: the two words before it (after the last
    comma: "in total, and 3 more" is not a total of 3) and the words after it up to
    ``WORDS_AFTER``, within its clause ("en total 8", "8 free bags in total")."""
    start = max(max(answer.rfind(mark, 0, span[0]) for mark in ".;:!?,\n") + 1, span[0] - 40)
    before = list(_WORD.finditer(answer, start, span[0]))[-2:]
    end = _CLAUSE_END.search(answer, span[1])
    after = list(_WORD.finditer(answer, span[1], end.start() if end else len(answer)))[:WORDS_AFTER]
    return answer[before[0].start() if before else span[0] : after[-1].end() if after else span[1]]


def _read(answer: str, value: int, span: tuple[int, int], text: str) -> _Count:
    """A count with the noun, allowance, total and remainder words around it."""
    after = [w.lower() for w in _WORD.findall(answer, span[1], span[1] + 60)[:WORDS_AFTER]]
    before = [w.lower() for w in _WORD.findall(answer, max(0, span[0] - 50), span[0])[-WORDS_BEFORE:]]
    concept = next((c for w in after[:3] if (c := noun_concept(w)) is not None), None)
    near = set(after) | set(before[-2:])
    allowance = not _allowance().isdisjoint(near)
    remainder = not _remainder().isdisjoint(after[:4]) or not _remainder().isdisjoint(before)
    total = listed_pattern("total_cues").search(_around(answer, span)) is not None
    return _Count(value, span, text, concept, allowance, total, remainder)


def _counts(evidence: Evidence, answer: str) -> list[_Count]:
    """The answer's whole-number counts up to ``MAX_COUNT``, in digits and in words, in order."""
    found: list[tuple[int, tuple[int, int], str]] = [
        (int(n.value), n.span, n.text)
        for n in evidence.numerals
        if n.kind == "number" and not n.decimals and n.scale == 1.0 and 0 <= n.value <= MAX_COUNT
    ]
    found.extend(word_counts(answer))
    found.sort(key=lambda c: c[1])
    return [_read(answer, v, span, text) for v, span, text in found[:MAX_COUNTS]]


def remainder_findings(
    finding: Callable[..., Finding], evidence: Evidence, structural_max: int
) -> Iterator[Finding]:
    """``unverified_number`` findings for remainders of an allowance the answer totals that
    are no difference of its total and a part (module doc: principle and risk)."""
    if not listed_search("total_cues").search(evidence.answer):
        return  # no total written: nothing to take a remainder of (most answers stop here)
    words = set(_WORD.findall(evidence.answer.lower()))
    if _allowance().isdisjoint(words) or _remainder().isdisjoint(words):
        return  # no allowance word or no remainder word: no count reads as both
    answer = plain(evidence.answer)
    counts = _counts(evidence, answer)
    held: CountedFields | None = None
    said: set[tuple[int, str]] | None = None
    for i, count in enumerate(counts):
        if not (count.remainder and count.allowance and count.concept and not count.total):
            continue
        totals = [t for t in counts[:i] if t.total and t.allowance and t.concept == count.concept]
        if not totals or all(t.value <= count.value for t in totals):
            continue
        held = held if held is not None else turn_counts(evidence.records)
        if count.value in held.counts(count.concept + AVAILABLE):
            continue  # a record gives the remainder itself ("free_bags_left": 3)
        if said is None:
            said = said_counts((source.text for source in evidence.sources), max(structural_max, MAX_COUNT))
        parts = {int(v) for v in held.counts(count.concept) if v == int(v)}
        parts |= {n for n, concept in said if concept == count.concept}
        parts |= {c.value for c in counts if c.concept == count.concept and c.span != count.span}
        if any(t.value - count.value in parts for t in totals):
            continue
        total = totals[-1]
        yield finding(
            "unverified_number",
            count.text,
            CONFIDENCE_REMAINDER,
            count.span,
            f"{count.text} {count.concept}(s) are said to be left of {total.value} in total, but no part"
            f" the answer shows or the evidence holds ({', '.join(str(p) for p in sorted(parts)) or 'none'})"
            f" leaves {count.value}",
            evidence={"literal_kind": "count", "counted": count.concept, "total": total.value},
        )


__all__ = ["CONFIDENCE_REMAINDER", "remainder_findings"]
