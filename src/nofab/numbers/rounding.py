"""Display rounding: the one place that says which true values a number as written stands for.

An answer writes a value with some decimals ("42.73", "43", "1.2 million"); the true value
it stands for lies within half a unit of the last digit shown, times the scale word. Every
comparison of an evidence value with a displayed one goes through here, so "42.7333 is
shown as 42.73" means the same thing in every detector.
"""

from __future__ import annotations

import math

#: Slack for binary floating point ("0.1 + 0.2" is "0.3" as displayed).
_REL = 1e-9
_ABS = 1e-12


def decimals_shown(text: str) -> int:
    """How many decimals ``text`` shows: ``"42.73"`` -> 2, ``"1,200"`` -> 0, ``"3e5"`` -> 0."""
    cleaned = text.strip().replace(",", "")
    if "e" in cleaned.lower() or "." not in cleaned:
        return 0
    tail = cleaned.split(".", 1)[1]
    return len(tail) - len(tail.lstrip("0123456789"))


def display_half(decimals: int, scale: float = 1.0) -> float:
    """Half a unit of the last digit shown, times the scale word: the rounding tolerance."""
    return 0.5 * 10.0 ** (-decimals) * scale * (1 + _REL) + _ABS


def display_interval(
    value: float, decimals: int, scale: float = 1.0, tolerance: float = 0.0
) -> tuple[float, float]:
    """The true values a number shown as ``value`` with ``decimals`` decimals (and a
    scale word) stands for: ``[lo, hi]`` of absolute values. ``tolerance`` widens it
    relatively (an "about 120" covers 5% either side)."""
    v = abs(value) * scale
    half = max(display_half(decimals, scale), v * tolerance)
    return v - half, v + half


def shown_decimals(value: float) -> int:
    """The decimals of ``value`` written the shortest way (``42.73`` -> 2, ``43.0`` -> 0)."""
    if not math.isfinite(value):
        return 0
    text = repr(float(value))
    return 0 if "e" in text or text.endswith(".0") else len(text.split(".")[1])


def same_as_shown(true_value: float | None, shown: float, decimals: int | None = None) -> bool:
    """Is ``true_value`` (from evidence) what an answer displays as ``shown``?

    Equal values always are; a whole number is only shown as itself (a count of 12 is not
    "12.4"); a fraction is shown rounded to the decimals written (``decimals``, or read off
    ``shown`` when not given): 42.7333 is "42.73" and also "43".
    """
    if true_value is None:
        return False
    if abs(true_value - shown) < 1e-9:
        return True
    if float(true_value).is_integer():
        return False
    places = shown_decimals(shown) if decimals is None else decimals
    return abs(true_value - shown) <= display_half(places)


def round_step(value: float, decimals: int) -> float:
    """The round step a whole number written as an approximation was rounded to: 5 for a
    number ending in 5 ("175"), the power of ten of its trailing zeros for one ending in 0
    ("180" -> 10, "1500" -> 100); 1 (no rounding beyond the display) otherwise.

    Principle: "175 °C environ" sets a value rounded to the step its last written place
    shows, so the true value lies within half that step. Risk: a wrong approximate number
    within half a step of a held value passes; the smallest step the number's last place
    allows is taken (175 is also a multiple of 25, read as 5), and callers cap the width."""
    if decimals or not float(value).is_integer() or value == 0:
        return 1.0
    n = abs(int(value))
    if n % 10 == 5:
        return 5.0
    step = 1
    while n % (step * 10) == 0:
        step *= 10
    return float(step)


def format_number(value: float) -> str:
    """A value written the short way in a derivation's description: ``42``, ``42.73``."""
    return str(int(value)) if value.is_integer() else f"{value:g}"


__all__ = [
    "decimals_shown",
    "display_half",
    "display_interval",
    "format_number",
    "round_step",
    "same_as_shown",
    "shown_decimals",
]
