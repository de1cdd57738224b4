"""Numbers no tool produced: every numeric literal in the answer must be explained by a
number in the evidence — exactly, after rounding to the decimals shown, as a percentage,
with a scale word, as a date or time written another way, as the visible end of a masked
identifier, or as a value derived from related numbers.

Derivations are held to what they prove (each rule below states its principle and risk):

- within one tool result, a sum, difference or ratio of related numbers explains a number
  only when it is informative: where values near it are densely derivable too (a quarter
  of the values within 20 display units or more), it proves nothing and the number is
  reported at 0.5 with the derivation as evidence;
- money is never explained as a ratio or a percentage of two numbers, and no sum or
  difference mixes kinds of quantity (``nofab.numbers.kinds``: a percentage and an amount, a
  chance of rain and a temperature);
- arithmetic across sources ("$500 certificate ... $201 remaining") is explained only when
  one operand is a grounded number the answer itself shows nearby and the clause announces
  the arithmetic (remaining, left, difference, refund, total ...); otherwise 0.5;
- a loose multiple (an amount times a count the turn mentions) is for amounts only, and
  never for an amount stated per unit ("$30 per passenger");
- a figure repeated from the agent's earlier answer takes that figure's verdict against the
  same evidence (``nofab.numbers.earlier``): explained stays explained, flagged stays flagged.

What a literal is comes from ``nofab.numbers.extract``: an invalid time or date ("36:00",
"May 37") is a finding unless the evidence holds the same text (principle: its digits mean
nothing apart; risk: a duration written like a clock, "a 36:00 run", is flagged), a number
with a glued unit ("37-hour", "$90/person") is that number, a clock time with minutes
("10:00") is checked whatever its hour (the minutes make it a time of day, not a small
count; risk: a duration written like a clock, "a 2:00 pace", is held to the evidence), and a
quantity is never grounded by a fragment of an evidence date or time
(``nofab.numbers.index.quantities``).

Cost per number is bounded (a fixed number of binary searches and window probes): linear.
"""

from __future__ import annotations

from collections.abc import Iterator

from nofab.config.policy import Profile
from nofab.config.rules import Rules
from nofab.detectors.base import DetectorBase
from nofab.evidence.index import Evidence
from nofab.model.finding import Finding
from nofab.numbers.across import Across
from nofab.numbers.anchored import RecordFields
from nofab.numbers.bars import (
    APPROX_TOLERANCE,
    CONFIDENCE,
    CONFIDENCE_LOOSE,
    CONFIDENCE_NOT_MONEY,
    MAX_CODE_SCANS,
    NOT_DERIVED,
    OPERAND_KINDS,
    STRUCTURAL_MAX,
    WINDOW_AFTER,
    WINDOW_BEFORE,
)
from nofab.numbers.context import AnswerContext, counts_mentioned
from nofab.numbers.counted import has_count_words
from nofab.numbers.dates import held_day, ordinal_day
from nofab.numbers.derivations import derivation
from nofab.numbers.directmemo import DirectMemo
from nofab.numbers.earlier import EarlierFigures
from nofab.numbers.exchange import Exchange
from nofab.numbers.extract import Numeral
from nofab.numbers.facts import fact_findings
from nofab.numbers.index import any_within
from nofab.numbers.kinds import answer_kind
from nofab.numbers.namedsums import named_sum
from nofab.numbers.passes import Pending, arithmetic, repeats, shown_derivations
from nofab.numbers.perunit import PerUnit
from nofab.numbers.phones import phone_pending
from nofab.numbers.quotes import quoted_total
from nofab.numbers.reasons import reason
from nofab.numbers.relativedates import relative_date
from nofab.numbers.resolved import unresolved
from nofab.numbers.rounding import display_interval, round_step
from nofab.numbers.shown import ShownNumbers


def _grouped_value(numeral: Numeral) -> float | None:
    """The value of a numeral's grouped literal when it reads two ways ("3.874": 3874)."""
    literal = numeral.literal
    return float(literal) if literal and literal.isdigit() and float(literal) != numeral.value else None


class NumberDetector(DetectorBase):
    """``unverified_number``."""

    id = "numbers"
    version = "7"  # 7: balances, from now, day slips, spans, currency records, generics (6: counts)
    kinds = ("unverified_number",)

    def __init__(self, profile: Profile) -> None:
        rules = Rules(profile, self.id, ("structural_max",))
        self.structural_max = rules.integer("structural_max", STRUCTURAL_MAX)

    def detect(self, evidence: Evidence) -> Iterator[Finding]:
        if not evidence.numerals and not has_count_words(evidence.answer):
            return  # nothing to check: no numeral, and no count written as a word
        run, pending = self._explain(evidence)
        if pending and evidence.turn.earlier_answers:
            pending = repeats(run, pending, EarlierFigures(evidence, self._verdicts))
        if pending:
            pending = phone_pending(evidence, pending)
        yield from [*map(run.finding, pending), *fact_findings(self.finding, run.fields, self.structural_max)]

    def _explain(self, evidence: Evidence) -> tuple[_Run, list[Pending]]:
        """The numbers the evidence does not explain, with the run that checked them."""
        run = _Run(self, evidence)
        pending: list[Pending] = []  # first pass: what the evidence explains directly
        for i, (numeral, (confidence, how)) in enumerate(DirectMemo(run).each(evidence.numerals)):
            if confidence <= 0:
                run.ground(i, numeral)
            else:
                pending.append(Pending(i, numeral, confidence, how))
        return run, arithmetic(run, shown_derivations(run, unresolved(evidence, pending)), None)

    def _verdicts(self, evidence: Evidence) -> Iterator[tuple[Numeral, float]]:
        """(numeral, confidence) for every numeral of an earlier answer: 0 when explained."""
        run, pending = self._explain(evidence)
        left = {item.index: item for item in pending}
        for i, numeral in enumerate(evidence.numerals):
            item = left.get(i)
            yield numeral, (0.0 if item is None else run.finding(item).confidence)


class _Run:
    """One detection run: the evidence, and the answer's grounded numbers by position."""

    def __init__(self, detector: NumberDetector, evidence: Evidence) -> None:
        self.detector = detector
        self.structural_max = detector.structural_max
        self.evidence = evidence
        self.answer = evidence.answer
        self.numerals = evidence.numerals
        self.shown = ShownNumbers(WINDOW_BEFORE, WINDOW_AFTER, self.numerals, self.answer)
        self.reach = 3 * (WINDOW_BEFORE + WINDOW_AFTER)  # how far a later round looks
        self._code_scans = 0
        self._counts: set[int] | None = None
        self._factors: list[int] | None = None  # the counts, sorted: asked per unexplained amount
        self._totals: list[float] | None = None
        self._total_kinds: list[str | None] = []  # the kind of each total (numbers/kinds.py)
        self.context = AnswerContext(self.answer)
        self._intervals: dict[int, tuple[float, float]] = {}
        self.fields = RecordFields(evidence)
        self.misreads: dict[int, str] = {}
        self.across = Across(evidence, self.context)
        self.per_unit = PerUnit(evidence, self.context, self.interval, self.counts, self.shown.value)
        self.exchange = Exchange(evidence, self.shown.value)

    def ground(self, index: int, numeral: Numeral, derived: bool = False) -> None:
        """Mark a numeral explained; a quantity (no small count, "2 bags") is an operand."""
        structural = numeral.decimals == 0 and abs(numeral.value) <= self.structural_max
        if numeral.kind in OPERAND_KINDS and numeral.scale == 1.0 and not structural:
            masked = numeral.kind == "number" and self._masked_id(numeral)  # "ending in 7781"
            self.shown.add(index, abs(numeral.value), derived, masked)

    def interval(self, numeral: Numeral) -> tuple[float, float]:
        """The true values the numeral stands for (display rounding, widened after "about")."""
        key = numeral.span[0]
        found = self._intervals.get(key)
        if found is None:
            # An approximate figure ("about 1,290", "175 °C environ") is its value rounded to
            # the step its last written place shows: the true value lies within half that
            # step, at most APPROX_TOLERANCE away. Principle: people round to fewer places,
            # they do not change a middle digit; risk: a wrong figure within half a step of a
            # held value passes ("about 1,290" for 1,286). A slip of a held figure after
            # "roughly" ("roughly 36,360" for 36,630) stays a finding.
            tolerance = 0.0
            if self.context.approximate(key) or self.context.approximate_after(numeral.span[1]):
                step = round_step(numeral.value, numeral.decimals) * numeral.scale
                tolerance = min(APPROX_TOLERANCE, 0.5 * step / max(abs(numeral.value) * numeral.scale, 1e-9))
            found = display_interval(numeral.value, numeral.decimals, numeral.scale, tolerance)
            self._intervals[key] = found
        return found

    def counts(self) -> set[int]:
        if self._counts is None:
            texts = (self.evidence.turn.user_message, self.answer)
            self._counts = counts_mentioned(texts, self.numerals)
        return self._counts

    def multiple(self, lo: float, hi: float, among: list[float] | None = None) -> str | None:
        """``k`` times an evidence number (or one of ``among``), for a count ``k`` the turn
        mentions (a fare times the passengers). Loose: never a full explanation alone, and
        for amounts only (an amount times a count of people or items is an amount)."""
        values = among if among is not None else self.evidence.numbers.values
        self._factors = self._factors if self._factors is not None else sorted(self.counts())
        for k in self._factors:
            if any_within(values, lo / k, hi / k):
                return f"{k} x an evidence number"
        return None

    # ------------------------------------------------------------------ first pass
    def direct(self, numeral: Numeral) -> tuple[float, str | None]:
        """(0, None) when the evidence explains the numeral; else the confidence of a
        finding and, for a loose explanation, what it was."""
        evidence = self.evidence
        # one unpacking, not an attribute lookup per field per test
        _span, _text, kind, signed, decimals, scale, literal, date, time = numeral
        if kind == "date":
            assert date is not None
            return (0.0 if evidence.dates.has_date(date) else CONFIDENCE["date"]), None
        if kind == "time":
            assert time is not None
            hour, minute, exact = time  # "10:00" is a time, never a small count
            return (0.0 if evidence.dates.has_time(hour, minute, exact) else CONFIDENCE["time"]), None
        if kind in ("code", "invalid"):
            return (0.0 if self.has_code(literal) else CONFIDENCE[kind]), None
        # Each test below explains the numeral outright: the cheapest (structural) first.
        value = abs(signed)
        if (
            decimals == 0
            and scale == 1.0
            and value <= self.structural_max
            and kind in ("number", "range", "ordinal")
        ):
            return 0.0, None
        as_written = scale == 1.0 and bool(literal) and evidence.literals.has(literal)
        lo, hi = self.interval(numeral)
        # Every reading until the derivations explains a non-amount outright, so the cheapest go
        # first: the number as written, then a binary search (asked once: ``near`` then False).
        near = None
        if kind != "money":
            if as_written or evidence.numbers.near(lo, hi):
                return 0.0, None
            near = False
        if self._masked_id(numeral):
            return 0.0, None
        if date is not None and evidence.dates.has_date(date):
            return 0.0, None  # the "15" of "9/15", a date the evidence holds
        if kind == "year" and evidence.dates.has_year(int(signed)):
            return 0.0, None  # a year is a part of a date, not a quantity
        if kind in ("ordinal", "number") and held_day(self.answer, numeral, evidence.dates.has_day):
            return 0.0, None  # "the 20th", "am 17.": a day of the month
        if as_written:
            return self._money_check(numeral)
        proportion = kind == "percent" or (kind == "number" and decimals > 0 and value < 1)
        # ``near`` first: it holds what ``explains`` tries first (all but the percent reading)
        if (near is None and evidence.numbers.near(lo, hi)) or (
            proportion and evidence.numbers.explains(value, decimals, scale, proportion)
        ):
            return self._money_check(numeral)
        quiet = evidence.derived.quiet(lo, hi)  # nothing derivable lands there (a binary search)
        if not quiet and evidence.derived.aggregate(lo, hi):
            return self._money_check(numeral)
        if named_sum(self.fields, self.answer, numeral.span, lo, hi) or quoted_total(
            self.fields, self.answer, numeral, lo, hi
        ):
            return 0.0, None  # a total over the records named (numbers/namedsums.py, numbers/quotes.py)
        how = None if quiet else self.within_result(lo, hi, kind, numeral=numeral)
        if how is not None and not self.misread(numeral):
            if how.startswith("uninformative"):
                return CONFIDENCE_LOOSE, how
            return self._money_check(numeral)
        confidence = CONFIDENCE.get("date" if ordinal_day(self.answer, numeral) else kind, 0.8)
        if kind == "number" and (decimals > 0 or value >= 1000 or scale != 1.0):
            confidence = 0.85
        return confidence, None

    def misread(self, numeral: Numeral) -> str:
        """How a record the answer names holds the field the number is labelled with
        differently ("" when it does not): then no derivation explains the number
        (``nofab.numbers.anchored``)."""
        start = numeral.span[0]
        found = self.misreads.get(start)
        if found is None:
            found = ""
            if numeral.kind in OPERAND_KINDS:
                lo, hi = self.interval(numeral)
                found = self.fields.misread(numeral.span, lo, hi, self.counts) or ""
            self.misreads[start] = found
        return found

    def _masked_id(self, numeral: Numeral) -> bool:
        """Principle: a masked identifier ("card ending in 1234", "****1234", "last four
        digits 1234") shows only its last digits; they are grounded by an evidence token
        that ends in them. Risk: a short ending (2-3 digits) matches by chance in a large
        result."""
        return (
            numeral.literal.isdigit()
            and self.context.masked(numeral.span[0])
            and self.evidence.literals.ends_an_id(numeral.literal)
        )

    def within_result(
        self, lo: float, hi: float, kind: str, money_only: bool = False, numeral: Numeral | None = None
    ) -> str | None:
        """A derivation within one tool result landing in ``[lo, hi]``, informative and of
        operands commensurable with the number (``nofab.numbers.derivations``: principle and
        risk there), or "uninformative: ..."; amounts combine only with amounts, when the
        evidence says which numbers are money."""
        money_only = money_only or (kind == "money" and bool(self.evidence.money))
        quantity = lambda: None if numeral is None else answer_kind(self.answer, numeral)  # noqa: E731
        return derivation(self.evidence.derived, lo, hi, kind, money_only, quantity)

    def _money_check(self, numeral: Numeral) -> tuple[float, str | None]:
        """An amount is explained only by a number the evidence gives as money; the same
        value as something else (a seat count, an id part) is not a price."""
        if numeral.kind != "money":
            return 0.0, None
        money = self.evidence.money
        if not money:
            return 0.0, None  # the evidence types no amounts at all: nothing to hold it against
        lo, hi = self.interval(numeral)
        if any_within(money, lo, hi) or self.evidence.derived.aggregate(lo, hi, money_only=True):
            return 0.0, None
        if _grouped_value(numeral) in money:  # "3.874 €" read the other way: 3874 (locale.py)
            return 0.0, None
        how = self.within_result(lo, hi, "money", money_only=True)
        if how is not None:
            return (CONFIDENCE_LOOSE, how) if how.startswith("uninformative") else (0.0, None)
        if self.multiple(lo, hi, money):
            return 0.0, None
        return CONFIDENCE_NOT_MONEY, None

    def has_code(self, literal: str) -> bool:
        """Is the code (or invalid time such as "36:00") in the evidence as written?"""
        if self.evidence.literals.has(literal):
            return True
        if self._code_scans >= MAX_CODE_SCANS:
            return False
        self._code_scans += 1
        return self.evidence.grounds(literal)

    # ------------------------------------------------------------------ second pass
    def shown_arithmetic(self, item: Pending) -> bool:
        """Is the number arithmetic on a grounded number the answer shows nearby (or a
        repeat of a number already explained)?

        Principle: cross-source arithmetic ("$500 certificate ... $201 remaining", "old fare total
        2787 - new fare 216 = refund 2571") is explained when one operand is a grounded number the
        answer shows within a few numbers of it, the other such a number or a total of one tool
        result, and the clause announces the arithmetic (remaining, difference, total ...; a split
        per unit, a conversion at a held rate: ``numbers.perunit``, ``numbers.exchange``); without
        the cue the derivation is kept as evidence at 0.5. Risk: a cue word near an invented number
        whose value happens to be a sum or difference of two shown numbers."""
        numeral = item.numeral
        if numeral.kind in NOT_DERIVED:
            return False
        lo, hi = self.interval(numeral)
        if self.shown.repeats(lo, hi):
            return not self.misread(numeral)  # the answer repeats a number it explained
        if numeral.kind in OPERAND_KINDS[:2] and self.per_unit.settle(item, lo, hi):
            return not self.misread(numeral)
        money = numeral.kind == "money"  # (conversions and the readings across results: amounts only)
        if self.per_unit.split(item, lo, hi) or (money and self.exchange.explain(item.index, lo, hi)):
            return not self.misread(numeral)
        if item.confidence == CONFIDENCE_NOT_MONEY and self.multiple(
            lo, hi, sorted(self.shown.window(item.index))
        ):
            return not self.misread(numeral)
        if self._totals is None:
            # Counts of a few items are not amounts to add or subtract ("292 - 1").
            floor, derived = self.structural_max, self.evidence.derived
            held = zip(derived.aggregate_values(), derived.aggregate_kinds(), strict=True)
            kept = [(v, k) for v, k in held if v > floor]
            self._totals, self._total_kinds = [v for v, _k in kept], [k for _v, k in kept]
        how = self.shown.pair(item.index, lo, hi, self._totals, self._total_kinds)
        if how is None and money and self.across.shown(item, lo, hi, self.shown.window(item.index)):
            return not self.misread(numeral)  # one operand shown, one held (numbers/across.py)
        if how is None:
            if money:
                self.across.announced(item, lo, hi, self._totals, lambda: self.misread(numeral))
            return False
        if self.misread(numeral):
            return False  # a slip of a named record's field, whatever it adds up to
        if self.context.cue(numeral.span):
            return True
        if item.confidence > CONFIDENCE_LOOSE:
            item.confidence = CONFIDENCE_LOOSE
            item.how = f"{how}, with no word announcing the arithmetic"
        return False

    # ------------------------------------------------------------------ findings
    def finding(self, item: Pending) -> Finding:
        numeral, confidence, how = item.numeral, item.confidence, item.how
        if how is None and numeral.kind == "money" and not self.context.per_unit(numeral.span[1]):
            # An amount stated per unit ("$30 per passenger") is what gets multiplied, not a
            # multiple itself; nor is a slip of a named record's field.
            lo, hi = self.interval(numeral)
            how = self.multiple(lo, hi, self.evidence.money or None)
            how = None if how and self.misread(numeral) else how
        elif how is None and numeral.kind == "date":
            how = relative_date(self.evidence, numeral)  # a week/month off only with a span word
        if how:
            confidence = min(confidence, CONFIDENCE_LOOSE)
        extra = {"possible_derivation": how} if how else {}
        misread = self.misreads.get(numeral.span[0], "")  # asked wherever a derivation was found
        if misread:
            extra["record_field"] = misread
        return self.detector.finding(
            "unverified_number",
            numeral.text,
            confidence,
            numeral.span,
            reason(numeral, how, confidence == CONFIDENCE_NOT_MONEY, misread),
            evidence={"literal_kind": numeral.kind, **extra},
        )
