"""A figure that is a per-unit quantity the evidence states times the count of those units:
"At most 5 checked bags per passenger" (the policy) and a reservation of three passengers,
then "15 for the three of you"; "Versicherung 30 $ pro Passagier" and two passengers, then
"60 $".

Principle: a source that states a quantity per unit ("N [noun] per|each|pro|je|par|por
<unit>": ``per_unit`` in ``numbers.json``, the unit a counted noun, ``counted_nouns``) gives
a rate; an answer applies it to the party by multiplying by how many units there are. A
money amount or a plain number of the answer equal to ``k`` times such a stated quantity is
explained when ``k`` (2 to ``MAX_K``) is a count of that very unit the turn gives: a count
the tool results hold of the unit's noun (a reservation's three passengers; at most
``MAX_COUNTS`` different ones), a count the user or the answer writes with the noun ("3
passengers", "drei Passagiere"), or, for a unit that is people, the people the figure is said
to be for ("for you and Ada"). Both operands and the operation's cue are
then in the evidence: the rate with its per-unit wording, the count as a held or written
count of the same unit; the product is the same kind as the rate (an amount of an amount, a
count of a count), of the same noun when both name one ("15 bags" of "5 bags per
passenger", never "15 nights"), and itself no rate ("$90 per passenger" is stated, not
derived). ``nofab.numbers.perunit`` does the same for a per-unit amount the answer itself
shows nearby.

Risk: a changed figure that lands on another stated rate times the same count passes (a
policy with many per-passenger figures, three passengers: 3, 6, 9, 15, $90, $150, $300);
bounded by the count being the one unit's count the turn gives (never any small number), the
kind and noun agreeing, and ``k`` at most ``MAX_K``. A rate stated for a tier the answer is
not in ("gold: 3 bags per passenger") explains its multiple as well.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache
from typing import TYPE_CHECKING, NamedTuple

from nofab.numbers.counted import CountedFields, said_counts, turn_counts
from nofab.numbers.extract import extract_numerals
from nofab.numbers.lexicon import number_words
from nofab.numbers.nouns import bound_concept, noun_concept
from nofab.numbers.rounding import format_number

if TYPE_CHECKING:
    from collections.abc import Callable

    from nofab.evidence.index import Evidence
    from nofab.numbers.context import AnswerContext

#: The largest count a stated rate is multiplied by (``nofab.numbers.perunit``'s too).
MAX_K = 9

#: Characters before a per-unit word read for its quantity.
WINDOW = 60
#: Words at most between the quantity and the per-unit word ("5 **checked bags** per").
MAX_WORDS = 3
#: Rates read at most per turn (a huge source proves nothing more and costs more).
MAX_RATES = 64
#: Counts of one unit the tool results hold, at most: more (many reservations of different
#: sizes) and a product of one of them proves nothing.
MAX_COUNTS = 3
#: The units that are people: only their count is the people a figure is said to be for.
PEOPLE = frozenset({"passenger", "guest", "adult", "child"})
#: Small counts said with their noun, read up to this value.
SAID_MAX = 12

_WORD = re.compile(r"[^\W\d_]+")
#: The words between the quantity and the per-unit word: letters, spaces, a currency sign.
_BETWEEN = re.compile(rf"[ \t]*(?:[$€£¥₹][ \t]*)?(?:[^\W\d_]+\.?[ \t]+){{0,{MAX_WORDS}}}$")


@cache
def _per() -> re.Pattern[str]:
    """A one-word per-unit cue ("per", "pro", "je", "par", "por", "each", "cada") and the word
    after it (the unit)."""
    words = sorted({w.lower() for w in number_words().per_unit if " " not in w}, key=len, reverse=True)
    return re.compile(rf"(?<![^\W\d_])(?:{'|'.join(map(re.escape, words))})[ \t]+([^\W\d_]+)", re.IGNORECASE)


class Rate(NamedTuple):
    """A quantity a source states per unit."""

    value: float
    kind: str  # "money" or "number"
    noun: str | None  # the concept of the quantity's noun ("bag"), when it names one
    unit: str  # the concept of the unit ("passenger")
    text: str  # the stated words, for the derivation's account


def stated_rates(text: str) -> list[Rate]:
    """The quantities ``text`` states per unit of a counted noun ("5 checked bags per
    passenger", "$30 per passenger", "20 € pro Passagier")."""
    rates: list[Rate] = []
    for found in _per().finditer(text):
        unit = noun_concept(found.group(1))
        if unit is None:
            continue
        start = max(0, found.start() - WINDOW)
        numerals = [n for n in extract_numerals(text[start : found.start()]) if n.kind in ("money", "number")]
        if not numerals:
            continue
        numeral = numerals[-1]
        between = text[start + numeral.span[1] : found.start()]
        if not _BETWEEN.match(between):
            continue  # a clause between the figure and the cue: not its rate
        nouns = [c for w in _WORD.findall(between) if (c := noun_concept(w))]
        value = abs(numeral.value) * numeral.scale
        words = text[start + numeral.span[0] : found.end()]
        rates.append(Rate(value, numeral.kind, nouns[-1] if nouns else None, unit, " ".join(words.split())))
        if len(rates) >= MAX_RATES:
            break
    return rates


#: Source texts whose rates are remembered: the policy context comes back on every turn of a
#: conversation and was read again at every turn that asked (a 6 KB policy: about 100 µs).
_TEXTS_KEPT = 64


@lru_cache(maxsize=_TEXTS_KEPT)
def _rates_of(text: str) -> tuple[Rate, ...]:
    """``stated_rates`` of one source text, remembered by the text (a pure reading of it)."""
    return tuple(stated_rates(text))


class StatedUnits:
    """The rates the turn's sources state, read at the first question (most answers never
    ask), and the counts of their units the turn gives."""

    __slots__ = ("_after", "_context", "_counted", "_evidence", "_party", "_rates", "_said")

    def __init__(
        self,
        evidence: Evidence,
        context: AnswerContext,
        after: Callable[[str, int], int],
        party: Callable[[str, int], int | None],
    ) -> None:
        """``after(answer, end)``: where the words after an amount start, past a currency
        written after it; ``party(answer, end)``: how many people the words there say the
        figure is for (``nofab.numbers.perunit``, which owns this reading)."""
        self._evidence = evidence
        self._context = context
        self._after = after
        self._party = party
        self._rates: list[Rate] | None = None
        self._counted: CountedFields | None = None
        self._said: set[tuple[int, str]] | None = None

    def explain(self, index: int, lo: float, hi: float) -> str | None:
        """How the answer's numeral at ``index`` (true values ``[lo, hi]``) is a stated rate
        times its unit's count, or None."""
        evidence = self._evidence
        numeral = evidence.numerals[index]
        if numeral.kind not in ("money", "number") or numeral.scale != 1.0:
            return None
        if self._rates is None:
            self._rates = [r for s in evidence.sources for r in _rates_of(s.text)][:MAX_RATES]
        if not self._rates:
            return None  # no source states a rate (most turns): nothing to multiply
        answer = evidence.answer
        end = self._after(answer, numeral.span[1]) if numeral.kind == "money" else numeral.span[1]
        if self._context.per_unit(end):
            return None  # a rate itself, not a product
        noun = bound_concept(answer, numeral.span[1]) if numeral.kind == "number" else None
        party = self._party(answer, end)
        for rate in self._rates:
            if rate.kind != numeral.kind or (noun and rate.noun and noun != rate.noun):
                continue  # an amount of an amount, a count of the rate's own noun
            for k, where in self._counts(rate.unit, party):
                if lo - 1e-9 <= rate.value * k <= hi + 1e-9:
                    return f"{k} x {format_number(rate.value)} ('{rate.text}', stated), {where}"
        return None

    def _counts(self, unit: str, party: int | None) -> list[tuple[int, str]]:
        """The counts of ``unit`` the turn gives, each with where it is given."""
        evidence = self._evidence
        if self._counted is None:
            self._counted = turn_counts(evidence.records)
            texts = (evidence.turn.user_message or "", evidence.answer)
            self._said = said_counts(texts, SAID_MAX)
        held = sorted(int(c) for c in self._counted.counts(unit) if c == int(c) and 2 <= c <= MAX_K)
        said = sorted(c for c, concept in self._said or () if concept == unit and 2 <= c <= MAX_K)
        held = held if len(held) <= MAX_COUNTS else []  # many counts of the unit: no one count
        out = [(k, f"the {unit} count of a tool result") for k in held]
        out += [(k, f"the {unit} count the turn writes") for k in said[:MAX_COUNTS]]
        if party is not None and unit in PEOPLE:
            out.append((party, "the people it is for"))
        return out


__all__ = ["MAX_K", "MAX_RATES", "Rate", "StatedUnits", "stated_rates"]
