"""The later passes of the number check, over what the evidence did not explain directly:
numbers shown in another unit, arithmetic the answer shows, then figures repeated from the
agent's earlier answers.

The passes are written against ``Run``, the few operations of one detection run they need
(``nofab.detectors.numbers`` implements it), so that the decision order lives in one place.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from nofab.numbers.change import TextAmounts, announces_change, text_amounts, text_change
from nofab.numbers.conversions import Conversions, sources
from nofab.numbers.cued import Cued
from nofab.numbers.durations import range_lengths, total_length
from nofab.numbers.earlier import EarlierFigures
from nofab.numbers.equations import Equations, split_remainder
from nofab.numbers.extract import Numeral
from nofab.numbers.fieldchanges import FieldChanges, WindowChanges, across_results, top_fields
from nofab.numbers.fromnow import from_now
from nofab.numbers.generic import generic_statements
from nofab.numbers.hourlengths import hour_length
from nofab.numbers.paces import paces
from nofab.numbers.rates import held_rate, in_rate_expression, rate_values, unit_of_rate
from nofab.numbers.recordgaps import gap_of, length_of, record_gaps, record_lengths
from nofab.numbers.resultmemo import unit_values_of
from nofab.numbers.rows import Rows
from nofab.numbers.scaling import announced_factor, has_scaling_words, scaled
from nofab.numbers.tempdifference import difference_beside
from nofab.numbers.timezones import named_zones, shifted, written_day, zone_of
from nofab.numbers.totals import ShownTotals
from nofab.numbers.tripspans import trip_span
from nofab.numbers.units import UNITS, beside, has_unit, quantity, same_dimension, unit_values

if TYPE_CHECKING:
    from nofab.evidence.index import Evidence
    from nofab.numbers.context import AnswerContext
    from nofab.numbers.shown import ShownNumbers

#: A total split into parts is looked for among this many operands before the last part.
_PARTS_REACH = 5
#: The confidence of a loose explanation (the detector's ``CONFIDENCE_LOOSE``).
LOOSE = 0.5


@dataclass(slots=True)
class Pending:
    """A numeral the evidence did not explain (yet), with the confidence of its finding and,
    for a loose explanation, what it was."""

    index: int
    numeral: Numeral
    confidence: float
    how: str | None = None
    #: a slip of a derivation the answer writes out (a conversion beside its source): no
    #: arithmetic on other shown numbers explains it
    slip: bool = False


class Run(Protocol):
    """What the passes need from one detection run."""

    #: How far (in numerals) arithmetic an answer shows reaches.
    reach: int
    structural_max: int  # the largest bare integer read as structural, never checked
    evidence: Evidence
    shown: ShownNumbers
    context: AnswerContext

    def ground(self, index: int, numeral: Numeral, derived: bool = False) -> None: ...

    def interval(self, numeral: Numeral) -> tuple[float, float]: ...

    def shown_arithmetic(self, item: Pending) -> bool: ...


def arithmetic(run: Run, pending: list[Pending], recent: list[int] | None) -> list[Pending]:
    """Arithmetic on numbers the answer shows (totals built on totals: "$282 + $443 = $725",
    then "$725 - $503 = $222"), a few rounds at most. Later rounds (and, given ``recent``,
    every round) revisit only numbers near one explained in the round before."""
    text, numerals = run.evidence.answer, run.evidence.numerals
    equations, rows, totals = Equations(text, numerals), Rows(text, numerals), ShownTotals(text, numerals)
    cued = Cued(run.evidence)
    # An operand explained only loosely keeps its own finding at 0.5; the result computed
    # from it is then right relative to it, so it serves as an operand of a written equation.
    loose, shown = {item.index: item for item in pending}, run.shown

    def operand(index: int) -> float | None:
        value = shown.value(index)
        if value is None:
            other = loose.get(index)
            if other is not None and other.confidence <= LOOSE:
                return abs(other.numeral.value)
        return value

    def written_operand(index: int) -> float | None:
        # an operand the evidence does not explain keeps its own finding (equations.py)
        other = loose.get(index)
        if other is not None and shown.value(index) is None:
            return abs(other.numeral.value) * other.numeral.scale
        return shown.value(index)

    operands = (operand, written_operand)  # made once per pass (not two closures per question)
    for _round in range(3):
        still: list[Pending] = []
        explained: list[int] = []
        for item in pending:
            if (
                not item.slip
                and (recent is None or near(recent, item.index, run.reach))
                and _explained(written(run, item, equations, operands, rows, totals, cued), run, item)
            ):
                run.ground(item.index, item.numeral, derived=True)
                explained.append(item.index)
            else:
                still.append(item)
        if not explained:
            break
        pending, recent = still, explained
    return pending


def _explained(decided: bool | None, run: Run, item: Pending) -> bool:
    """What the answer's written arithmetic decided, else the other readings of shown
    arithmetic (a wrong result of a written equation is not explained another way)."""
    return decided if decided is not None else run.shown_arithmetic(item) or converted(run, item)


def converted(run: Run, item: Pending) -> bool:
    """Is the quantity written beside a figure the answer's own arithmetic explained, in
    another unit of its dimension ("135 minutes — about 2.25 hours" after "9 x 15 minutes")?
    ``conversions`` asks this before any arithmetic, of grounded figures only; a figure
    explained since is as good a source (``units.beside``: principle and risk there)."""
    evidence = run.evidence
    if not run.context.measured() or not has_unit(evidence.answer, item.numeral):
        return False  # no number of the answer has a unit (one search per answer), or not this one
    q = quantity(evidence.answer, evidence.numerals, item.index, run.interval(item.numeral))
    grounded = lambda i: run.shown.value(i) is not None  # noqa: E731
    origin = None if q is None else beside(evidence.answer, evidence.numerals, item.index, grounded)
    if q is None or origin is None:
        return False
    return Conversions((), ()).explain(q, False, origin) is not None or difference_beside(
        evidence.answer, item.numeral.span[0], q, origin
    )


def written(
    run: Run,
    item: Pending,
    equations: Equations,
    operands: tuple[Callable[[int], float | None], Callable[[int], float | None]],
    rows: Rows | None = None,
    totals: ShownTotals | None = None,
    cued: Cued | None = None,
) -> bool | None:
    """Arithmetic the answer writes out (``nofab.numbers.equations``: principle and risk there):
    True for a written equation's right result, the total of the equations before it, the last
    part of a shown total split into parts, a product or ratio of two numbers of its table row or
    sentence (``nofab.numbers.rows``), the announced total of a column or list the answer shows
    (``nofab.numbers.totals``), a net, a mean or a figure of the user's positions a cue
    announces (``nofab.numbers.cued``); False for the wrong result of an equation whose operands are all
    known; None when no written arithmetic decides."""
    numeral = item.numeral
    if numeral.kind not in ("money", "number", "percent") or numeral.scale != 1.0:
        return None
    lo, hi = run.interval(numeral)
    shown, (operand, written_operand) = run.shown, operands  # (an operand explained loosely counts)
    how = None
    if equations.written_any:
        if equations.terms(item.index) is not None:
            value = equations.value(item.index, written_operand)
            return None if value is None else lo - 1e-9 <= value <= hi + 1e-9
        how = equations.written(item.index, lo, hi, written_operand)
    if how is None:
        how = split_remainder(lo, hi, shown.preceding(item.index, _PARTS_REACH))
    if how is None and rows is not None:
        how = rows.explain(item.index, lo, hi, shown.value)
    if how is None and totals is not None:
        how = totals.explain(item.index, lo, hi, operand, len(shown))
    if how is None and cued is not None and cued.live():  # a net, a mean, the user's positions
        how = cued.explain(item.index, lo, hi, operand)
    return True if how is not None else None


def shown_derivations(run: Run, pending: list[Pending]) -> list[Pending]:
    """Numbers derived in ways the answer's units and words announce: a duration or a pace
    (``nofab.numbers.paces``), another unit, a duration, then a percentage change of numbers
    the answer shows (operands include the numbers the first of these explained)."""
    return generic_statements(
        run, changes(run, scalings(run, conversions(run, paces(run, zones(run, rates(run, pending))))))
    )


def rates(run: Run, pending: list[Pending]) -> list[Pending]:
    """Amounts written as exchange rates the evidence holds, and the "1" that states a rate's
    unit (``nofab.numbers.rates``)."""
    answer = run.evidence.answer
    money = [item for item in pending if item.numeral.kind == "money"]
    found = {i.index for i in money if unit_of_rate(answer, i.numeral.span)}
    written = [i for i in money if i.index not in found and in_rate_expression(answer, i.numeral.span)]
    if written:
        held = rate_values(s.folded for s in run.evidence.sources)
        found |= {i.index for i in written if held_rate(run.interval(i.numeral), held)}
    if not found:
        return pending
    for item in pending:
        if item.index in found:
            run.ground(item.index, item.numeral, derived=True)
    return [item for item in pending if item.index not in found]


def zones(run: Run, pending: list[Pending]) -> list[Pending]:
    """Clock times converted between two named time zones (``nofab.numbers.timezones``:
    principle and risk there)."""
    evidence = run.evidence
    answer = evidence.answer
    asked = [(item, item.numeral.time) for item in pending if item.numeral.kind == "time"]
    if not asked:
        return pending
    named = named_zones([answer, *(s.text for s in evidence.sources if s.label == "user_message")])
    if len(named) < 2:
        return pending  # a conversion needs two zones
    explained: set[int] = set()
    for item, time in asked:
        start, end = item.numeral.span
        zone = zone_of(answer, start, end) if time is not None else None
        if zone is None or time is None:
            continue
        if (
            shifted(time, zone, named - {zone}, evidence.dates.has_time, written_day(answer, start))
            is not None
        ):
            run.ground(item.index, item.numeral, derived=True)
            explained.add(item.index)
    return [item for item in pending if item.index not in explained] if explained else pending


def scalings(run: Run, pending: list[Pending]) -> list[Pending]:
    """Numbers scaled by a factor the answer announces (``nofab.numbers.scaling``)."""
    evidence = run.evidence
    if not has_scaling_words(evidence.answer):
        return pending  # no factor announced anywhere: nothing to ask per number
    still: list[Pending] = []
    for item in pending:
        numeral = item.numeral
        found = None
        if numeral.kind == "number" and numeral.scale == 1.0:
            k = announced_factor(evidence.answer, numeral.span[0])
            if k is not None:
                unit = 10.0**-numeral.decimals
                found = scaled(evidence.numbers.values, k, *run.interval(numeral), unit)
        if not _settled(run, item, found, "it lands near many evidence numbers"):
            still.append(item)
    return still


def changes(run: Run, pending: list[Pending]) -> list[Pending]:
    """Percentages announced as a change between two numbers the answer shows, or two values
    of one field of a result (``nofab.numbers.change``: principle and risk there)."""
    answer = run.evidence.answer
    still: list[Pending] = []
    columns: FieldChanges | None = None  # indexed at the first question, once per run
    texts: TextAmounts | None = None  # read at the first question, once per run
    shown = WindowChanges()
    for item in pending:
        numeral = item.numeral
        found = None
        if numeral.kind == "percent" and (signed(numeral) or announces_change(answer, numeral.span)):
            lo, hi = run.interval(numeral)
            found = shown.find(run.shown.window(item.index), lo, hi)
            if found is None:  # the two values of one field, which the answer leaves unsaid
                if columns is None:
                    held = [result.groups for _label, result in run.evidence.derivables]
                    tops = [f for _l, _c, f in run.evidence.per_result(("numbers.top", 1), top_fields)]
                    columns = FieldChanges([*(g for groups in held for g in groups), *across_results(tops)])
                found = columns.find(lo, hi)
            if found is None:  # two amounts one result writes in its free text
                if texts is None:
                    texts = text_amounts(run.evidence)
                found = text_change(run.evidence, lo, hi, texts)
        if not _settled(run, item, found, "other numbers change by about as much"):
            still.append(item)
    return still


def conversions(run: Run, pending: list[Pending]) -> list[Pending]:
    """Numbers shown in another unit than the evidence's, or as a duration between clock
    times the answer shows (``nofab.numbers.units``: principle and risk there). An
    informative conversion explains the number; a difference among many shown times is kept
    as evidence at 0.5."""
    evidence = run.evidence
    numerals, answer = evidence.numerals, evidence.answer
    if not run.context.measured():
        return pending  # no number of the answer has a unit or is an "N h MM" (one search)
    # Only a plain number with a unit written right after its digits has a quantity (one
    # regex anchored at the digits' end settles most numbers before ``quantity`` reads its
    # neighbours' units), or an "N h MM" not placed as a time of day (``hourlengths``).
    asked = [
        (item, quantity(answer, numerals, item.index, run.interval(item.numeral)))
        if has_unit(answer, item.numeral)
        else (item, hour_length(answer, item.numeral))
        for item in pending
    ]
    if not any(q is not None for _item, q in asked):
        return pending  # no number of the answer is written with a unit
    values = [v for _label, _call, held in evidence.per_result(("numbers.units",), unit_values) for v in held]
    values.extend(v for source in evidence.sources for v in unit_values_of(source.text))  # read once each
    dates = evidence.dates
    shown = [n for n in numerals if n.time is not None and n.kind == "time" and dates.has_time(*n.time)]
    times = [n.time for n in shown if n.time is not None]
    durations = any(q is not None and UNITS[q.unit][0] == "duration" for _item, q in asked)
    # read only for a number written as a duration
    gaps, lengths = (record_gaps(evidence), record_lengths(evidence)) if durations else ([], [])
    table = Conversions(values, times, total_length(answer, shown), range_lengths(answer, shown))
    unexplained = {item.index for item in pending}
    near, interval = evidence.numbers.near, run.interval
    held = sources(numerals, unexplained, run.structural_max, lambda n: near(*interval(n)))
    still: list[Pending] = []
    for item, q in asked:
        found = None
        if q is not None:
            origin = beside(evidence.answer, numerals, item.index, lambda i: i not in unexplained, held)
            found = table.explain(q, table.total is not None and run.context.cue(item.numeral.span), origin)
            if durations and (found is None or not found[1]) and UNITS[q.unit][0] == "duration":
                at = item.numeral.span
                gap = gap_of(gaps, q) or length_of(lengths, q, answer, evidence.sentence_at(at[0]))
                found = gap or trip_span(evidence, at, q) or found
            found = found or from_now(evidence, item.index, q)  # counted from the turn's now
            if found is None and difference_beside(answer, item.numeral.span[0], q, origin):
                found = ("a temperature difference beside it in another scale", True)
            item.slip = found is None and origin is not None and same_dimension(origin, q)
        if not _settled(run, item, found, "many shown times differ by about as much"):
            still.append(item)
    return still


def signed(numeral: Numeral) -> bool:
    """Is the percentage written with a sign ("+3.7%", "−2.7%")? A sign on a percentage says
    up or down: it announces a change as a cue word does (risk: a signed share that is no
    change, "-5% of the budget", is then read as one, and a change must still be computed)."""
    return numeral.text[:1] in ("+", "-", "−", "–")


def _settled(run: Run, item: Pending, found: tuple[str, bool] | None, crowded: str) -> bool:
    """Apply what a pass found for ``item``: an informative derivation explains the number
    (True); an uninformative one (``crowded`` says why) keeps it pending at 0.5 at most."""
    if found is None:
        return False
    if found[1]:
        run.ground(item.index, item.numeral, derived=True)
        return True
    if item.confidence > LOOSE:
        item.confidence = LOOSE
        item.how = f"uninformative: {found[0]}, but {crowded}"
    return False


def repeats(run: Run, pending: list[Pending], earlier: EarlierFigures) -> list[Pending]:
    """Numbers repeated unchanged from the agent's earlier answers take the verdict they got
    there (``nofab.numbers.earlier``): explained there, explained here — and an operand for
    the arithmetic around them —; loose there, 0.5 here; flagged there, flagged here."""
    still: list[Pending] = []
    explained: list[int] = []
    for item in pending:
        numeral = item.numeral
        figure = earlier.repeated(numeral.kind, abs(numeral.value) * numeral.scale, *run.interval(numeral))
        if figure is not None and figure.confidence <= 0:
            run.ground(item.index, item.numeral, derived=True)
            explained.append(item.index)
            continue
        if figure is not None and figure.confidence <= LOOSE < item.confidence:
            item.confidence = LOOSE
            item.how = "repeats a figure of an earlier answer that was itself explained only loosely"
        still.append(item)
    return arithmetic(run, still, explained) if explained else still


def near(positions: list[int], index: int, reach: int) -> bool:
    """Is one of the sorted ``positions`` within ``reach`` of ``index``?"""
    i = bisect_left(positions, index - reach)
    return i < len(positions) and positions[i] <= index + reach


__all__ = [
    "LOOSE",
    "Pending",
    "Run",
    "arithmetic",
    "changes",
    "conversions",
    "near",
    "repeats",
    "shown_derivations",
    "written",
    "zones",
]
