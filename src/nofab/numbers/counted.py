"""A small count bound to a counted noun ("sous 5 jours", "2 checked bags", "3 Nächte"), read
against the field of the evidence that counts that noun.

Bare integers up to a dozen are structural ("2 options", "in 3 steps", "step 2") and the
number check leaves them be. Bound to a counted noun (days, nights, bags, passengers,
tickets ... in five languages: ``counted_nouns`` in ``numbers.json``), such an integer is a
claimed fact about the thing counted. Principle: when the tool results hold a field that
counts that noun ("replacement_eta_days": 5, "total_baggages": 2, a "passengers" list of
two) and none of them holds the stated count — nor, when no field gives the noun's total,
a sum or difference of two of them (free bags = total - paid) or their total — the count
is a finding, unless the user message, the
context or a result says the same count of that noun as written ("3 bags"), or any record
of the turn holds it. The words around the count are read as plain text: emphasis markers
("**1 bag** over the allowance") do not hide a modifier or the noun.

Which records contradict: those the answer is about — a record it names
(``nofab.numbers.anchored``), or one of the result of the turn's last tool call (what the
answer reports on). A count held by a record fetched earlier for something else (another
reservation's passengers) says nothing against the count the answer gives now.

Which noun a count is bound to, and which field keys count it: ``nofab.numbers.nouns``.

Risk: small integers are everywhere in prose, so the rule needs the evidence to bind the
same noun to another value; it still fires where the answer counts something else of that
name than the field does (a policy's allowance, "you may check 3 bags", beside a
reservation's 1 bag, unless the policy text is in the evidence; modifiers such as "free",
"more", "per" opt out), and where the field counts a part of what the answer counts. The
clean-turn rates of both corpora are the measure. A field that gives the total
("total_baggages": 2 beside "nonfree_baggages": 1) states the count itself, so sums of the
held counts are not read then: 2 + 1 is a total added to its own part, not a count (risk: a
"total" key that totals something else than the answer's count, such as a total of one leg).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from functools import cache
from typing import TYPE_CHECKING

from nofab.evidence.records import as_number
from nofab.language.markup import plain
from nofab.model.finding import Finding
from nofab.numbers.anchored import RecordFields
from nofab.numbers.announced import announced_findings
from nofab.numbers.differences import stated_difference
from nofab.numbers.flagcounts import flag_count_findings
from nofab.numbers.lexicon import RunGate, alternation, factors, number_words
from nofab.numbers.listcounts import list_count_findings
from nofab.numbers.measures import measured
from nofab.numbers.nouns import (
    AVAILABLE,
    PARTY,
    bound_concept,
    key_concept,
    modified_before,
    noun_concept,
)
from nofab.numbers.parties import party_sizes
from nofab.numbers.previous import previous_concept
from nofab.numbers.projections import projected, requested
from nofab.numbers.recordnames import key_words
from nofab.numbers.totals import ShownTotals

if TYPE_CHECKING:
    from nofab.evidence.index import Evidence
    from nofab.evidence.records import Record
    from nofab.numbers.numeral import Numeral

#: The confidence of a small count the evidence's count of the same noun contradicts.
CONFIDENCE_COUNT = 0.8
#: Held counts of one noun beyond which sums and differences of two of them cover every
#: small count (the check then proves nothing and stays silent).
MAX_HELD = 6


class CountedFields:
    """The counts of each noun the turn's tool results hold, read once per turn."""

    def __init__(self, records: Iterable[Record]) -> None:
        self._held: dict[str, set[float]] = {}
        self._keyed: dict[str, list[tuple[frozenset[str], float]]] = {}  # concept -> (key words, value)
        self._totalled: set[str] = set()  # nouns a field counts as a total ("total_baggages")
        for record in records:
            for key, text in record.values.items():
                concept = key_concept(key)  # the key first: most fields count no noun
                value = as_number(text) if concept is not None else None
                if concept is not None and value is not None and value >= 0:
                    self._held.setdefault(concept, set()).add(value)
                    self._keyed.setdefault(concept, []).append((key_words(key), value))
                    if _TOTAL_KEY.search(key):
                        self._totalled.add(concept)

    def __bool__(self) -> bool:
        return bool(self._held)

    def concepts(self) -> frozenset[str]:
        """The nouns the records count."""
        return frozenset(self._held)

    def counts(self, concept: str) -> frozenset[float]:
        """The counts of ``concept`` the records hold."""
        return frozenset(self._held.get(concept, ()))

    def holds(self, concept: str, count: int) -> bool:
        """Does a record hold exactly ``count`` of ``concept``?"""
        return count in self._held.get(concept, ())

    def qualified(self, concept: str, word: str) -> list[float] | None:
        """The held counts of ``concept`` under a key holding ``word`` ("economy" of
        ``available_seats.economy``), or None when no such key counts it.

        Principle: a word between a count and its noun that names one field of the counting
        ones ("2 economy seats" beside economy, business and basic-economy counts) says which
        field the count is: it is held against that field alone, not against sums and
        differences of all of them (3 - 1 = 2 explained a miscounted economy seat). Risk: a
        qualifier that names a key part by chance ("2 business days" beside "business" seats
        is another noun, so never compared)."""
        found = sorted({v for words, v in self._keyed.get(concept, ()) if word in words})
        return found or None

    def contradicts(self, concept: str, count: int) -> list[float] | None:
        """The held counts of ``concept`` when none of them (nor a sum or difference of two,
        nor their total) is ``count``; None when the evidence agrees or holds no such count."""
        held = self._held.get(concept)
        if not held or len(held) > MAX_HELD:
            return None
        values = sorted(held)
        derivable = set(values)
        if concept not in self._totalled:  # parts only: the answer may add them up
            derivable.add(sum(values))
            pairs = [(a, b) for i, a in enumerate(values) for b in values[i + 1 :]]
            derivable.update(x for a, b in pairs for x in (a + b, b - a))
        if any(count - 0.5 <= v < count + 0.5 for v in derivable):
            return None
        return values


#: The last turn's counts of its records, with the records' tuple (``turn_counts``).
_LAST: tuple[tuple[Record, ...], CountedFields] | None = None


def turn_counts(records: tuple[Record, ...]) -> CountedFields:
    """``CountedFields`` of a turn's records (``Evidence.records``), read once for the four
    readings that ask (counted nouns, remainders, stated units, per-unit amounts), each of
    which walked every field of every record again. The last turn's is kept, recognised by
    the records' tuple itself: one object for every reading of a turn, held here so that it
    cannot be another turn's (a tuple is immutable, so the same tuple reads the same)."""
    global _LAST
    held = _LAST
    if held is not None and held[0] is records:
        return held[1]
    fields = CountedFields(records)
    _LAST = (records, fields)
    return fields


@cache
def _count_words() -> tuple[re.Pattern[str], re.Pattern[str], dict[str, int]]:
    """The cardinal number words of five languages (``number_words`` in ``numbers.json``,
    without the scaling words such as "twice", "double"): a pattern for lowercased text (a
    case-insensitive alternation scans several times slower), one for any case, the table."""
    scaling = factors("scaling_words")
    table = {w.lower(): n for w, n in number_words().number_words.items() if w.lower() not in scaling}
    words = rf"(?<!\w)(?:{alternation(table)})(?!\w)"
    firsts = re.escape("".join(sorted({w[0] for w in table})))
    lower = re.compile(rf"(?=[{firsts}]){words}")  # most positions fail on one character test
    return lower, re.compile(words, re.IGNORECASE), table


def _scan(text: str) -> tuple[re.Pattern[str], str]:
    """The pattern and text to scan: the lowercased text when lowering keeps every offset."""
    lower, anycase, _table = _count_words()
    lowered = text.lower()
    return (lower, lowered) if len(lowered) == len(text) else (anycase, text)


@cache
def _gate() -> RunGate:
    return RunGate(_count_words()[2])


def has_count_words(text: str) -> bool:
    """Does ``text`` write a count as a word?"""
    if _gate().excludes(text):
        return False  # gate: no letter run of the text starts a count word (one set test)
    pattern, scanned = _scan(text)
    return pattern.search(scanned) is not None


def word_counts(text: str) -> Iterator[tuple[int, tuple[int, int], str]]:
    """Each count written as a word ("three passengers", "vier Koffer"): (count, span, word).

    Principle: a count written as a word states the same fact as its digits, so it is bound
    to a counted noun and held against the records like "3 passengers". Words for one are
    left out (an article in four of the five languages). Risk: a word that is a number in
    one language and another word in the next ("six" is French and English alike, harmless;
    "acht" is also "attention" in Dutch, not a language read here)."""
    pattern, scanned = _scan(text)
    table = _count_words()[2]
    if _gate().excludes(text):
        return  # gate: no count word (``has_count_words``)
    for found in pattern.finditer(scanned):
        start, end = found.span()
        yield table[re.sub(r"\s+", " ", found.group().lower())], (start, end), text[start:end]


#: The one word between a count and its noun ("2 **economy** seats"), for ``qualified``.
_QUALIFIER = re.compile(r"[ \u00a0]+([^\W\d_]+)[ \u00a0]+[^\W\d_]+")


#: A key that gives a noun's total count ("total_baggages", "bagsTotal").
_TOTAL_KEY = re.compile(r"(?:^|[_\W])total|Total", re.IGNORECASE)

#: A count of up to two digits in evidence text, not part of a longer number or a decimal.
_COUNT = re.compile(r"(?<![\d.,])\d{1,2}(?![\d]|[.,]\d)")


def said_counts(texts: Iterable[str], structural_max: int) -> set[tuple[int, str]]:
    """Every (count, noun) the texts say as written ("3 bags", "3 checked bags") or as a
    party's size ("7 of us": people), in one pass over them (a turn's evidence may be long;
    each answer count asks this set)."""
    out: set[tuple[int, str]] = set()
    for text in texts:
        for found in _COUNT.finditer(text):
            count = int(found.group())
            if count <= structural_max:
                concept = bound_concept(text, found.end())
                if concept is not None:
                    out.add((count, concept))
        for count, (_start, end), _word in word_counts(text):
            concept = bound_concept(text, end)
            if concept is not None:
                out.add((count, concept))
        # "7 of us", "somos cuatro": a count of people (numbers/parties.py)
        out.update((size, people) for size in party_sizes(text) for people in PARTY)
    return out


def reported(fields: RecordFields) -> list[Record]:
    """The records the answer is about: those it names, and those of the last call's result."""
    evidence = fields.evidence
    named = {id(record) for record in fields.named()}
    last = next(
        (
            i
            for i in range(len(evidence.turn.tool_calls) - 1, -1, -1)
            if evidence.turn.tool_calls[i].result is not None
        ),
        None,
    )
    label = f"tool_calls[{last}].result"
    return [
        record
        for record in evidence.records
        if id(record) in named
        or (
            last is not None
            and (record.where == label or record.where.startswith((label + ".", label + "[")))
        )
    ]


def _answer_counts(
    numerals: Iterable[Numeral], answer: str, structural_max: int
) -> Iterator[tuple[int, tuple[int, int], str]]:
    """The answer's small counts, in digits and in words: (count, span, text). A number
    followed by a unit ("1 h 35 min", "2 km") is a measure, no count (``numbers.measures``)."""
    for numeral in numerals:
        if numeral.kind != "number" or numeral.decimals or numeral.scale != 1.0:
            continue
        if 0 <= numeral.value <= structural_max and not measured(answer, numeral.span[1]):
            yield int(numeral.value), numeral.span, numeral.text  # never int() of a NaN value
    for count, span, text in word_counts(answer):
        if not measured(answer, span[1]):
            yield count, span, text


def _shown_total(evidence: Evidence, span: tuple[int, int], count: int) -> bool:
    """Is the count an announced total of a column or list the answer shows ("4 bags in all"
    under a column of 2, 0, 2; ``nofab.numbers.totals``, principle and risk there)? The count
    of records is then the sum of the answer's own figures, each of which is checked as a
    count of its own row; a total that is not their sum stays a finding."""
    numerals = evidence.numerals
    index = next((i for i, n in enumerate(numerals) if n.span == span), None)
    if index is None:
        return False
    totals = ShownTotals(evidence.answer, numerals)
    return totals.explain(index, count, count, lambda _j: None) is not None


def counted_findings(
    finding: Callable[..., Finding], records: RecordFields, structural_max: int
) -> Iterator[Finding]:
    """``unverified_number`` findings for the small counts the evidence's count of the same
    noun contradicts, built by the number detector's ``finding``."""
    fields: CountedFields | None = None
    anywhere: CountedFields | None = None
    said: set[tuple[int, str]] | None = None
    evidence = records.evidence
    # The words around a count are read as plain text: emphasis does not change them
    # ("**1 maleta** por encima", "**2** free bags"; offsets kept: language/markup.py).
    answer = plain(evidence.answer)
    # Read once for the counted nouns here and for the three readings below (each scan of the
    # count words was a pass over the answer).
    counts = list(_answer_counts(evidence.numerals, answer, structural_max))
    for count, span, text in counts:
        concept = bound_concept(answer, span[1])
        if concept is None:
            concept = previous_concept(answer, evidence.numerals, span)  # "14 bags, up from 6"
        elif modified_before(answer, span[0]):
            continue
        if concept is None:
            continue
        anywhere = anywhere if anywhere is not None else turn_counts(evidence.records)
        if concept not in anywhere.concepts() or anywhere.holds(concept, count):
            continue  # no record counts the noun, or one counts it so (an earlier result)
        fields = fields if fields is not None else CountedFields(reported(records))
        qualifier = _QUALIFIER.match(answer, span[1])
        word = qualifier.group(1).lower() if qualifier and noun_concept(qualifier.group(1)) is None else ""
        narrowed = fields.qualified(concept, word) if fields and word else None
        if narrowed is not None:
            held = None if count in narrowed else narrowed  # that field alone
        else:
            held = fields.contradicts(concept, count) if fields else None
        if held is None:
            continue
        if said is None:
            said = said_counts((source.text for source in evidence.sources), structural_max)
        if (count, concept) in said or _shown_total(evidence, span, count):
            continue
        if stated_difference(answer, evidence.numerals, span, count, held):
            continue  # "1 bag below the limit of 15": a gap, not a count (numbers/differences.py)
        if projected(answer, counts, span, count, held, evidence.sentence_at(span[0])[0]):
            continue  # "adding 3 more brings you to 5 bags": the count after the change
        message = evidence.turn.user_message
        if requested(message, ((n, at) for n, at, _w in word_counts(message)), concept, count, held):
            continue  # "add two more bags" asked, "going to 3 bags" answered (numbers/projections.py)
        shown = ", ".join(f"{v:g}" for v in held)
        noun = f"available {concept.removesuffix(AVAILABLE)}" if concept.endswith(AVAILABLE) else concept
        yield finding(
            "unverified_number",
            text,
            CONFIDENCE_COUNT,
            span,
            f"{text} {noun}(s), but the records the answer reports on count {noun}s as {shown}",
            evidence={"literal_kind": "count", "counted": concept, "held": held},
        )
    # the items of a result list ("4 e-mails"): counted by the list's length (numbers/listcounts.py)
    yield from list_count_findings(finding, evidence, counts)
    # a count labelled with a state of the records ("3 unread"): numbers/flagcounts.py
    yield from flag_count_findings(finding, evidence, answer, counts)
    # a count that announces the list after it ("4 reminders left:"): numbers/announced.py
    yield from announced_findings(finding, evidence, answer, counts)


__all__ = [
    "CONFIDENCE_COUNT",
    "CountedFields",
    "counted_findings",
    "has_count_words",
    "reported",
    "said_counts",
    "turn_counts",
    "word_counts",
]
