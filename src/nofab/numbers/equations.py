"""Arithmetic an answer writes out: equations ("2 × $300 = $600"), the total of the results
of the equations just before it, and a total split into parts.

Principle: an answer that writes the operation shows its own work. A result written after
"=" is explained when the operation of the numbers written before it (joined by ×, x, *, +,
−, /, each operand with at most two words of label after or before it: "2 × $176 fare + $50
insurance = $402", "fare $372 + insurance $70 = $442")
gives it, within display rounding (a small count such as the "2" of "2 × $30" counts as
written: a wrong count is a count's question, not the product's). An operand the evidence
does not explain keeps its own finding, and the result computed right from it is not a
second fabrication: the finding stays on the operand, where the slip is. Mixed operations
take the usual precedence (products first). An explained result is an operand in its turn
(the chain of ``nofab.numbers.passes.arithmetic``), and a figure equal to the sum of the last
two or more equation results before it is their total ("3 × $118 = $354 ... 3 × $30 = $90, $444"). A
total the answer shows followed by its parts ("$274: $100 from A, $80 from B and $94 from
C") explains the last part when it is the total minus the others (two parts or more; one is
a plain difference, asked elsewhere). The equation is read as plain text: emphasis and code
markers are blanked first ("3 × $89 = **$267**": ``nofab.language.markup``), and a currency
sign written after an amount ("89 € × 3 = 267 €") belongs to that amount.

Risk: a wrong result of a shown equation is never explained here (the operation is
computed, not trusted), so a slip stays a finding. An invented figure passes only when it
equals the exact sum of the equation results right before it, or the exact remainder of a
shown total over all the shown parts between them: a coincidence of one value, not of any
pair of nearby numbers.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Callable, Sequence

from nofab.language.markup import plain
from nofab.numbers.numeral import Numeral

#: A currency sign written after an amount ("89 € × 3", "267 $"), the way French, German,
#: Spanish and Portuguese write money: it belongs to the operand before, not to the operation.
_AFTER = r"\s*[$€£¥₹]?"
#: At most two words labelling an operand ("$176 fare", "$50 insurance", "3 nuits").
_LABEL = r"(?:[ \t]+[^\W\d_]{2,20}){0,2}"
#: At most two words labelling the operand after an operator ("$372 + insurance $70").
_LABEL_BEFORE = r"(?:[^\W\d_]{2,20}[ \t]+){0,2}"
#: An operator between two operands (with the spaces around it).
_OPERATOR = re.compile(_AFTER + _LABEL + r"\s*([×x*+\-−–/÷])\s*" + _LABEL_BEFORE)
#: What stands between the last operand and the result.
_EQUALS = re.compile(_AFTER + _LABEL + r"\s*(?:=|equals|makes)\s*", re.IGNORECASE)
_EQUALS_ANYWHERE = re.compile(r"=|equals|makes", re.IGNORECASE)
#: Kinds that take part in written arithmetic.
_KINDS = frozenset(("money", "number", "percent"))
#: At most this many operands in one written operation.
_MAX_TERMS = 5
#: A written count ("2 ×", "3 passengers") counts as shown up to this value.
_SMALL_COUNT = 12
#: A total of equation results looks this many numerals back.
_TOTAL_REACH = 12
#: A total split into at most this many parts.
_MAX_PARTS = 4


#: Operators that add or subtract ("+" first).
_ADDITIVE = ("+", "-", "−", "–")


def _multiplies(op: str, terms: list[tuple[str, int]], index: int) -> bool:
    """Is the operand at ``index`` a factor (a small count written before or after "×")?"""
    after = next((o for o, i in terms if i > index), "")
    return op in ("×", "x", "*") or (op in ("", *_ADDITIVE) and after in ("×", "x", "*"))


def _apply(op: str, a: float, b: float) -> float | None:
    if op in "×x*":
        return a * b
    if op == "+":
        return a + b
    if op in "-−–":
        return a - b
    return a / b if b else None


class Equations:
    """The equations one answer writes out, asked per unexplained numeral.

    ``operand(i)`` gives the value of the numeral at ``i`` when it is grounded or explained
    (None otherwise); ``shown`` gives the explained operands before a position, nearest last.
    """

    def __init__(self, answer: str, numerals: Sequence[Numeral]) -> None:
        self.numerals = numerals
        # Most answers write no equation: one scan settles every question then.
        self.written_any = _EQUALS_ANYWHERE.search(answer) is not None
        # Emphasis and code markers do not change an equation (``nofab.language.markup``).
        self.answer = plain(answer) if self.written_any else answer
        self._results: list[int] | None = None  # the indices of written results, sorted

    def results(self) -> list[int]:
        """The indices of the numerals written after "=" as an equation's result (once)."""
        if self._results is None:
            every = range(len(self.numerals)) if self.written_any else range(0)
            self._results = [i for i in every if self.terms(i) is not None]
        return self._results

    def terms(self, index: int) -> list[tuple[str, int]] | None:
        """The operators and operand indices of the equation whose result is the numeral at
        ``index`` (the first operator is ""), or None when none is written."""
        numerals, answer = self.numerals, self.answer
        if not self.written_any or index < 2 or numerals[index].kind not in _KINDS:
            return None
        if not _EQUALS.fullmatch(answer[numerals[index - 1].span[1] : numerals[index].span[0]]):
            return None
        out: list[tuple[str, int]] = []
        i = index - 1
        while i > 0 and len(out) < _MAX_TERMS:
            between = _OPERATOR.fullmatch(answer[numerals[i - 1].span[1] : numerals[i].span[0]])
            if between is None or numerals[i - 1].kind not in _KINDS:
                break
            out.append((between.group(1), i))
            i -= 1
        if not out:
            return None
        out.append(("", i))
        out.reverse()
        return out

    def value(self, index: int, operand: Callable[[int], float | None]) -> float | None:
        """The value the equation written before the numeral at ``index`` computes, when one
        is written and each of its operands is grounded or explained; or None."""
        terms = self.terms(index)
        if terms is None:
            return None
        # the usual precedence: products and quotients first ("2 × $176 + $50")
        total, term = 0.0, None
        for op, i in terms:
            v = operand(i)
            numeral = self.numerals[i]
            if v is None and numeral.kind == "number":
                small = numeral.decimals == 0 and 0 < numeral.value <= _SMALL_COUNT
                v = numeral.value if small and _multiplies(op, terms, i) else None
            if v is None:
                return None
            if term is None or op in _ADDITIVE:
                total += term or 0.0
                term = -v if op in _ADDITIVE[1:] else v
            else:
                term = _apply(op, term, v)
                if term is None:
                    return None
        return total + (term or 0.0)

    def written(self, index: int, lo: float, hi: float, operand: Callable[[int], float | None]) -> str | None:
        """How the numeral at ``index`` (true values ``[lo, hi]``) is explained by an
        equation written before it, or by the total of the equation results before it."""
        if self.terms(index) is not None:
            value = self.value(index, operand)
            if value is not None and lo - 1e-9 <= value <= hi + 1e-9:
                return "the result of the equation the answer writes out"
            return None  # a written equation with another result: the number is its slip
        total, k = 0.0, 0
        results = self.results()
        for j in reversed(results[bisect_left(results, index - _TOTAL_REACH) : bisect_left(results, index)]):
            numeral = self.numerals[j]
            value = self.value(j, operand)
            half = 0.5 * 10.0**-numeral.decimals * numeral.scale
            if value is None or abs(value - abs(numeral.value) * numeral.scale) > half + 1e-9:
                return None  # an equation not shown right stops the run of subtotals
            total, k = total + value, k + 1
            if k >= 2 and lo - 1e-9 <= total <= hi + 1e-9:
                return f"the total of the last {k} equations the answer writes out"
        return None


def split_remainder(lo: float, hi: float, shown: Sequence[float]) -> str | None:
    """The last part of a total split into parts: ``shown`` are the explained operands before
    the number (values, never negative), nearest last; one of them is the total and all after
    it are the other parts."""
    floor = lo - 1e-9
    for parts in range(2, min(_MAX_PARTS, len(shown) - 1) + 1):
        total = shown[-parts - 1]
        if total < floor:
            continue  # the operands are not negative: what is left is at most the total
        rest = total - sum(shown[-parts:])
        if rest > 0 and lo - 1e-9 <= rest <= hi + 1e-9:
            return f"what is left of {total:g} after the {parts} parts the answer shows"
    return None


__all__ = ["Equations", "split_remainder"]
