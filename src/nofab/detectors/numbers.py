"""Numbers no tool produced: every numeric literal in the answer must be explained by a
number in the evidence — exactly, after rounding to the decimals shown, as a percentage,
with a scale word, as a date or time written another way, or as a simple value derived
from related numbers (within one tool result, or from grounded numbers the answer itself
shows: "$282 + $443, total $725").
"""

from __future__ import annotations

import re
from bisect import insort
from collections.abc import Iterator

from nofab.config.policy import Profile
from nofab.evidence.index import Evidence
from nofab.model.finding import Finding, severity_for
from nofab.numbers.numerals import Numeral, any_within, numeric_literal_in, pair_derivation

#: Bare integers up to this are structural ("3 groups", "step 2") and never checked.
STRUCTURAL_MAX = 12

#: Base confidence per kind of literal: how much it looks like a claimed fact.
CONFIDENCE = {
    "money": 0.9,
    "percent": 0.85,
    "code": 0.85,
    "number": 0.8,
    "date": 0.8,
    "time": 0.8,
    "range": 0.75,
    "ordinal": 0.6,
    "year": 0.5,
}
#: Confidence when the number is missing but is a plausible multiple or a relative date
#: (a price times the passenger count the user gave; "the next day"): worth a look, not
#: a refusal.
CONFIDENCE_LOOSE = 0.5
#: An amount whose value the evidence holds only as something else (a count, an id part).
CONFIDENCE_NOT_MONEY = 0.82
#: Relative tolerance after "about", "around", "~", "roughly".
APPROX_TOLERANCE = 0.05

_APPROX_BEFORE = re.compile(
    r"(?:about|around|approximately|approx\.?|roughly|nearly|almost|over|under|~|≈|circa|some)"
    r"\s*[$€£¥₹]?$",
    re.IGNORECASE,
)
_SMALL_NUMBER_WORDS = {
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
}
_WORD = re.compile(r"[a-z]+")


class NumberDetector:
    """``unverified_number``."""

    id = "numbers"
    version = "2"
    kinds = ("unverified_number",)

    def __init__(self, profile: Profile) -> None:
        rules = profile.rules.get(self.id, {})
        self.structural_max = int(rules.get("structural_max", STRUCTURAL_MAX))

    def detect(self, evidence: Evidence) -> Iterator[Finding]:
        numerals = evidence.numerals
        if not numerals:
            return
        # First pass: what the evidence explains directly. Second pass: what is derived
        # from those grounded numbers, or only loosely explained.
        pending: list[tuple[Numeral, float]] = []
        grounded: list[float] = []
        for numeral in numerals:
            confidence = self._direct(evidence, numeral)
            if confidence <= 0 and numeral.kind == "money" and not self._as_money(evidence, numeral):
                # "$29" when 29 is only a seat count: the value exists, but not as money.
                pending.append((numeral, CONFIDENCE_NOT_MONEY))
                continue
            if confidence <= 0:
                if numeral.kind in ("money", "number", "percent") and numeral.scale == 1.0:
                    grounded.append(abs(numeral.value))
            else:
                pending.append((numeral, confidence))
        if not pending:
            return
        # Totals the agent may build on: grounded numbers it shows, and per-result sums
        # ("old fare total 2787 - new fare 216 = refund 2571").
        grounded.extend(v for _label, d in evidence.derivables for v, _how in d.aggregates if v > 0)
        grounded.sort()
        # Totals built on totals ("$282 + $443 = $725", then "$725 - $503 = $222"): repeat
        # until nothing new is explained (a few rounds at most).
        for _round in range(3):
            still: list[tuple[Numeral, float]] = []
            for numeral, confidence in pending:
                if numeral.kind not in ("date", "time", "code", "year"):
                    lo, hi = self._interval(evidence.answer, numeral)
                    shown = pair_derivation(grounded, lo, hi, ratios=False)
                    if shown or (
                        confidence == CONFIDENCE_NOT_MONEY and _multiple(evidence, lo, hi, grounded)
                    ):
                        insort(grounded, abs(numeral.value) * numeral.scale)
                        continue
                still.append((numeral, confidence))
            if len(still) == len(pending):
                break
            pending = still
        for numeral, confidence in pending:
            how = None
            if numeral.kind not in ("date", "time", "code", "year"):
                lo, hi = self._interval(evidence.answer, numeral)
                how = _multiple(evidence, lo, hi)
            elif numeral.kind == "date":
                assert numeral.date is not None
                how = evidence.dates.near_date(numeral.date)
            if how:
                confidence = min(confidence, CONFIDENCE_LOOSE)
            yield Finding(
                kind="unverified_number",
                detector=self.id,
                identifier=numeral.text,
                confidence=confidence,
                severity=severity_for(confidence),
                span=numeral.span,
                reason=self._reason(numeral, how, confidence),
                evidence={"literal_kind": numeral.kind, **({"possible_derivation": how} if how else {})},
            )

    def _as_money(self, evidence: Evidence, numeral: Numeral) -> bool:
        """Is this amount explained by a number the evidence gives as money? True when the
        evidence types no amounts at all (nothing to hold it against)."""
        money = evidence.money
        if not money:
            return True
        lo, hi = self._interval(evidence.answer, numeral)
        if any_within(money, lo, hi):
            return True
        if any(d.derive(lo, hi, money_only=True) for _label, d in evidence.derivables):
            return True  # a total of amounts, a difference of prices...
        return bool(_multiple(evidence, lo, hi, money))

    @staticmethod
    def _reason(numeral: Numeral, how: str | None, confidence: float) -> str:
        what = {"date": "date", "time": "time", "code": "code", "year": "year"}.get(numeral.kind, "number")
        if confidence == CONFIDENCE_NOT_MONEY and not how:
            return (
                f"amount {numeral.text} not found among the amounts of money in the evidence "
                "(the same number appears only as something else, such as a count)"
            )
        base = f"{what} {numeral.text} not found in tool results, context or user message"
        return f"{base}; it could only be explained loosely ({how})" if how else base

    def _direct(self, evidence: Evidence, numeral: Numeral) -> float:
        """0 when the evidence explains the numeral, else the confidence of a finding."""
        kind = numeral.kind
        if kind == "date":
            assert numeral.date is not None
            return 0.0 if evidence.dates.has_date(numeral.date) else CONFIDENCE["date"]
        if kind == "time":
            assert numeral.time is not None
            hour, minute, exact = numeral.time
            if not exact and minute == 0 and hour <= self.structural_max:
                return 0.0
            return 0.0 if evidence.dates.has_time(hour, minute, exact) else CONFIDENCE["time"]
        if kind == "code":
            grounded = evidence.grounds(numeral.literal) or numeric_literal_in(
                evidence.folded, numeral.literal
            )
            return 0.0 if grounded else CONFIDENCE["code"]
        value = abs(numeral.value)
        if (
            numeral.decimals == 0
            and numeral.scale == 1.0
            and value <= self.structural_max
            and kind in ("number", "range", "ordinal")
        ):
            return 0.0
        if numeral.scale == 1.0 and numeral.literal and numeric_literal_in(evidence.folded, numeral.literal):
            return 0.0
        numbers = evidence.numbers
        proportion = kind == "percent" or (kind == "number" and numeral.decimals > 0 and value < 1)
        if numbers.explains(value, numeral.decimals, numeral.scale, percent_reading=proportion):
            return 0.0
        lo, hi = self._interval(evidence.answer, numeral)
        if numbers.near(lo, hi):
            return 0.0  # an approximation ("about 120") of an evidence number
        for _label, derivable in evidence.derivables:
            if derivable.derive(lo, hi):
                return 0.0
        confidence = CONFIDENCE.get(kind, 0.8)
        if kind == "number" and (numeral.decimals > 0 or value >= 1000 or numeral.scale != 1.0):
            confidence = 0.85
        return confidence

    @staticmethod
    def _interval(answer: str, numeral: Numeral) -> tuple[float, float]:
        value = abs(numeral.value) * numeral.scale
        half = 0.5 * 10.0 ** (-numeral.decimals) * numeral.scale * (1 + 1e-9)
        start = numeral.span[0]
        if _APPROX_BEFORE.search(answer, max(0, start - 16), start):
            half = max(half, value * APPROX_TOLERANCE)
        return value - half, value + half


def _multipliers(evidence: Evidence) -> set[int]:
    """Small counts the user or the answer mentions ("2 passengers", "three bags"): the
    only factors a loose multiple may use."""
    found = {
        int(n.value)
        for n in evidence.numerals
        if n.kind == "number" and n.decimals == 0 and 2 <= abs(n.value) <= 9
    }
    for text in (evidence.turn.user_message.lower(), evidence.answer.lower()):
        found.update(_SMALL_NUMBER_WORDS[w] for w in _WORD.findall(text) if w in _SMALL_NUMBER_WORDS)
        found.update(int(d) for d in re.findall(r"(?<![\d.])[2-9](?![\d.])", text))
    return found


def _multiple(evidence: Evidence, lo: float, hi: float, among: list[float] | None = None) -> str | None:
    """``k`` times an evidence number (or one of ``among``), for a count ``k`` the turn mentions."""
    values = among if among is not None else evidence.numbers.values
    for k in sorted(_multipliers(evidence)):
        if any_within(values, lo / k, hi / k):
            return f"{k} x an evidence number"
    return None
