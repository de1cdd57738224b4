"""A difference of temperatures shown in another scale: "9 °C (about 16 °F) cooler", "5 °F
warmer (3 °C)".

Principle: a temperature that is a difference of two temperatures (its sentence or table row
holds a difference cue: "warmer", "cooler", "difference", "wärmer", "kälter", "plus chaud",
"más frío" ..., ``temperature_difference_cues`` in ``numbers.json``) converts between
Celsius and Fahrenheit by the scale factor alone (Δ°F = 1.8 × Δ°C): the 32° offset of the
scales cancels out of a difference. A temperature written beside such a difference in the
other scale (``units.beside``: a bracket, "about", "or" ...) is explained when it equals the
scaled difference within the display rounding of both figures; the difference itself is
asked on its own (grounded, or derived from two temperatures the answer shows).

Risk: in a cued sentence, a wrong conversion of an absolute temperature that happens to equal
the scaled one (20 °C written as "36 °F" beside "warmer") passes; only figures written
beside their source in the other scale of one dimension take part, and the cue must stand in
the same sentence or row, so a plain reading of the right absolute conversion is unchanged.
"""

from __future__ import annotations

from bisect import bisect_right

from nofab.numbers.lexicon import listed_pattern
from nofab.numbers.rows import units
from nofab.numbers.units import UNITS, Quantity


def _cued(answer: str, start: int) -> bool:
    """Does the sentence or table row holding ``start`` hold a difference cue?"""
    bounds = units(answer)
    at = bisect_right(bounds, start)
    begin = bounds[at - 1]
    end = bounds[at] if at < len(bounds) else len(answer)
    return listed_pattern("temperature_difference_cues").search(answer, begin, end) is not None


def _as_difference(q: Quantity) -> tuple[float, float]:
    """``q``'s interval (in the base unit) read as a difference: without the scale's offset."""
    zero = UNITS[q.unit][1](0.0)
    return q.lo - zero, q.hi - zero


def difference_beside(answer: str, start: int, q: Quantity, source: Quantity | None) -> bool:
    """Is ``q`` (a number at ``start``) the temperature difference ``source`` written beside
    it, converted by the scale factor alone?"""
    if source is None or source.unit == q.unit:
        return False
    if UNITS[q.unit][0] != "temperature" or UNITS[source.unit][0] != "temperature":
        return False
    lo, hi = _as_difference(q)
    slo, shi = _as_difference(source)
    return slo <= hi + 1e-9 and lo <= shi + 1e-9 and _cued(answer, start)


__all__ = ["difference_beside"]
