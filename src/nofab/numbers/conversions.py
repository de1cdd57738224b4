"""The evidence's unit-named numbers and the answer's shown clock times, asked per duration or
converted quantity the answer writes (``nofab.numbers.units`` reads the quantities; principle
and risk there): a conversion of an evidence number, the length or total of the time ranges
the answer shows, or the difference of two clock times the answer shows (the time between
consecutive records of a result is asked after it: ``recordgaps``).

Differences of shown clock times are informative only while few of them fall near the number
(a long timetable makes nearly every duration a difference): otherwise the derivation is kept
as evidence at 0.5.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from nofab.numbers.numeral import Numeral
from nofab.numbers.units import UNITS, Quantity

#: Differences of shown clock times within this many minutes of a duration, beyond which a
#: difference proves nothing (a quarter of the 41 whole minutes around it).
_DENSE_MINUTES, _DENSE_COUNT = 20, 10
#: Beyond this many distinct shown clock times no difference of two is tried (quadratic, and
#: uninformative long before).
_MAX_TIMES = 40


class Conversions:
    """The evidence's unit-named numbers and the answer's shown clock times, asked per number."""

    def __init__(
        self,
        values: Sequence[tuple[str, float]],
        times: Sequence[tuple[int, int, bool]],
        total: int | None = None,
        ranges: Sequence[int] = (),
    ) -> None:
        self.values = values
        self.total = total  # the summed length of the time ranges the answer shows (minutes)
        # The length of each range the answer shows ("2:00–3:30 PM", its 12-hour ends read
        # together): one exact value per range, so a duration equal to one is informative.
        self.ranges = sorted(set(ranges))
        minutes = sorted({h * 60 + m for h, m, _exact in times})
        if len(minutes) > _MAX_TIMES:
            minutes = []  # a timetable: its differences would "explain" any duration
        twelve = any(not exact for _h, _m, exact in times)
        gaps: set[int] = set()
        for i, a in enumerate(minutes):
            for b in minutes[i + 1 :]:
                gaps.update((b - a, 1440 - (b - a)))
                if twelve and b - a < 720:
                    gaps.add(720 - (b - a))
        self.gaps = sorted(gaps)

    def explain(
        self, q: Quantity, total: bool = False, source: Quantity | None = None
    ) -> tuple[str, bool] | None:
        """How ``q`` converts from the evidence, and whether that is informative; or None.
        With ``total`` (the clause announces one), a duration may be the summed length of
        the shown time ranges (``nofab.numbers.durations``); with ``source``, the grounded
        quantity written beside it (``beside``)."""
        dimension = UNITS[q.unit][0]
        if (
            source is not None
            and UNITS[source.unit][0] == dimension
            and source.lo <= q.hi
            and q.lo <= source.hi
        ):
            return f"the {source.unit} quantity beside it shown in {q.unit}", True
        for unit, value in self.values:
            edim, to_base, _from = UNITS[unit]
            # The same unit in one part is the evidence number itself: asked elsewhere.
            if edim == dimension and (unit != q.unit or q.parts > 1) and q.lo <= to_base(value) <= q.hi:
                return f"{value:g} {unit} shown in {q.unit}" + (
                    " and a larger unit" if q.parts > 1 else ""
                ), True
        if dimension != "duration":
            return None
        if total and self.total is not None and q.lo <= self.total * 60.0 <= q.hi:
            return f"total of the time ranges the answer shows ({self.total} min)", True
        hit = next((m for m in self.ranges if q.lo <= m * 60.0 <= q.hi), None)
        if hit is not None:
            return f"length of a time range the answer shows ({hit} min)", True
        return self.difference(q)

    def difference(self, q: Quantity) -> tuple[str, bool] | None:
        """The difference of two clock times the answer shows, equal to the duration."""
        lo, hi = q.lo / 60.0, q.hi / 60.0
        hit = next((g for g in self.gaps if lo <= g <= hi), None)
        if hit is None:
            return None
        around = sum(1 for g in self.gaps if abs(g - hit) <= _DENSE_MINUTES)
        return f"difference of two clock times shown ({hit} min)", around < _DENSE_COUNT


def sources(
    numerals: Sequence[Numeral], unexplained: set[int], structural_max: int, held: Callable[[Numeral], bool]
) -> Callable[[int], bool]:
    """Which explained numerals may be the source of a conversion beside them (``beside``)?
    Principle: a figure in brackets after another is its conversion, so it is the source of the
    figure before it only when the evidence grounds it; a small bare integer is let through
    unchecked (structural), so it is one only when the evidence holds it (``held``): "55°F
    (about 12°C)" beside a high of 54°F must not pass on an unchecked 12, while "10 °C (18
    °F)" converts its figure before the bracket as before. Risk: none beyond the conversion's."""

    def small(n: Numeral) -> bool:
        return n.decimals == 0 and n.scale == 1.0 and abs(n.value) <= structural_max

    return lambda i: i not in unexplained and (not small(numerals[i]) or held(numerals[i]))


__all__ = ["Conversions", "sources"]
