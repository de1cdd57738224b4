"""Numbers no tool produced: every numeric literal in the answer must be explained by a
number in the evidence — exactly, after rounding to the decimals shown, as a percentage,
with a scale word, as a date or time written another way, or as a simple value derived
within one tool result (a sum, difference, ratio or count).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from nofab.evidence import Evidence
from nofab.finding import Finding, severity_for
from nofab.numerals import NumberIndex, Numeral, numeric_literal_in
from nofab.policy import Profile

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
#: Confidence when the number is missing but could be derived across different sources
#: (for example a price times a passenger count the user gave): worth a look, not a refusal.
CONFIDENCE_LOOSE = 0.5
#: Relative tolerance after "about", "around", "~", "roughly".
APPROX_TOLERANCE = 0.05

_APPROX_BEFORE = re.compile(
    r"(?:about|around|approximately|approx\.?|roughly|nearly|almost|over|under|~|≈|circa|some)\s*[$€£¥₹]?$",
    re.IGNORECASE,
)


class NumberDetector:
    """``unverified_number``."""

    id = "numbers"
    version = "1"
    kinds = ("unverified_number",)

    def __init__(self, profile: Profile) -> None:
        rules = profile.rules.get(self.id, {})
        self.structural_max = int(rules.get("structural_max", STRUCTURAL_MAX))

    def detect(self, evidence: Evidence) -> Iterator[Finding]:
        numerals = evidence.numerals
        if not numerals:
            return
        for numeral in numerals:
            confidence, how = self._check(evidence, numeral)
            if confidence <= 0:
                continue
            yield Finding(
                kind="unverified_number",
                detector=self.id,
                identifier=numeral.text,
                confidence=confidence,
                severity=severity_for(confidence),
                span=numeral.span,
                reason=self._reason(numeral, how),
                evidence={"literal_kind": numeral.kind, **({"possible_derivation": how} if how else {})},
            )

    @staticmethod
    def _reason(numeral: Numeral, how: str | None) -> str:
        what = {"date": "date", "time": "time", "code": "code", "year": "year"}.get(numeral.kind, "number")
        base = f"{what} {numeral.text} not found in tool results, context or user message"
        return f"{base}; it could only be derived loosely ({how})" if how else base

    def _check(self, evidence: Evidence, numeral: Numeral) -> tuple[float, str | None]:
        """(confidence, loose derivation) — confidence 0 means explained."""
        kind = numeral.kind
        if kind == "date":
            assert numeral.date is not None
            if evidence.dates.has_date(numeral.date):
                return 0.0, None
            relative = evidence.dates.near_date(numeral.date)
            return (CONFIDENCE_LOOSE, relative) if relative else (CONFIDENCE["date"], None)
        if kind == "time":
            assert numeral.time is not None
            hour, minute, exact = numeral.time
            if not exact and minute == 0 and hour <= self.structural_max:
                return 0.0, None
            return (0.0, None) if evidence.dates.has_time(hour, minute, exact) else (CONFIDENCE["time"], None)
        if kind == "code":
            grounded = evidence.grounds(numeral.literal) or numeric_literal_in(
                evidence.folded, numeral.literal
            )
            return (0.0, None) if grounded else (CONFIDENCE["code"], None)
        value = abs(numeral.value)
        if (
            numeral.decimals == 0
            and numeral.scale == 1.0
            and value <= self.structural_max
            and kind in ("number", "range", "ordinal")
        ):
            return 0.0, None
        if numeral.scale == 1.0 and numeral.literal and numeric_literal_in(evidence.folded, numeral.literal):
            return 0.0, None
        numbers = evidence.numbers
        if numbers.explains(value, numeral.decimals, numeral.scale):
            return 0.0, None
        lo, hi = self._interval(evidence.answer, numeral)
        if numbers.near(lo, hi):
            return 0.0, None  # an approximation ("about 120") of an evidence number
        for _label, derivable in evidence.derivables:
            if derivable.derive(lo, hi):
                return 0.0, None
        confidence = CONFIDENCE.get(kind, 0.8)
        if kind == "number" and (numeral.decimals > 0 or value >= 1000 or numeral.scale != 1.0):
            confidence = 0.85
        loose = evidence.loose_derivable.derive(lo, hi) or _multiple(numbers, lo, hi)
        if loose:
            return min(confidence, CONFIDENCE_LOOSE), loose
        return confidence, None

    @staticmethod
    def _interval(answer: str, numeral: Numeral) -> tuple[float, float]:
        value = abs(numeral.value) * numeral.scale
        half = 0.5 * 10.0 ** (-numeral.decimals) * numeral.scale * (1 + 1e-9)
        start = numeral.span[0]
        if _APPROX_BEFORE.search(answer, max(0, start - 16), start):
            half = max(half, value * APPROX_TOLERANCE)
        return value - half, value + half


def _multiple(numbers: NumberIndex, lo: float, hi: float) -> str | None:
    """``k`` times an evidence number for a small ``k`` (a price for several passengers)."""
    for k in range(2, 10):
        if numbers.near(lo / k, hi / k):
            return f"{k} x an evidence number"
    return None
