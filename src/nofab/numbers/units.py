"""Numbers an answer shows in another unit than the evidence: conversions and durations.

Principle: a number followed by a unit (°F, km, kg, min ...) that equals, within the display
rounding of the answer, a conversion of an evidence number whose field names another unit of
the same dimension ("temp_c": 18.4 shown as "65°F"; "distance_m": 1200 shown as "1.2 km") is
explained as a derivation. A duration written in two parts ("1 min 34 s", "2 hours 22 minutes",
"4 Std. 23 Min.") is read as one quantity, the sum of its parts; it is explained by an evidence
duration ("duration_s": 94) or by the difference of two clock times the answer itself shows
and the evidence holds ("delayed by 50 minutes ... 11:05 instead of 10:15").

A conversion the answer shows beside its source ("a high of 82°F (about 28°C)", "5 km (3.1
mi)", "12 kg or 26 lb"): a quantity written right after another quantity of the same
dimension in another unit — joined by a bracket, "about", "≈", "/", "or", "i.e." — that the
evidence grounds is explained when it converts that quantity within the display rounding
(``beside``); an approximation word ("about 24°C" for 75°F) allows one unit of the shown
figure's last digit, a spaced dash or a comma links the two only with such a word.
The tool may give the source with no unit at all (a bare "high": 82): the
answer's own unit on the grounded number says what it converts from. Risk: a wrong
conversion of a grounded quantity written beside it would have to land within the rounding
of the right one, so only true conversions pass; a grounded number whose unit the answer
invents ("82°F" for a tool's 82°C) is not caught here either way.

Risk: a field whose last word only looks like a unit ("size_m" meaning medium) converts by
chance; kept small because only fields named with a unit take part, only numbers the answer
labels with a unit of the same dimension are tested, and a value must land inside the
rounding interval of the shown number. Differences of shown clock times are informative only
while few of them fall near the number (a long timetable makes nearly every duration a
difference): otherwise the derivation is kept as evidence at 0.5 (``nofab.numbers.conversions``).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from nofab.numbers.numeral import Numeral
from nofab.numbers.signs import SIGNED, minus_before

# unit -> (dimension, to the dimension's base unit, from the base unit)
_Convert = Callable[[float], float]
UNITS: dict[str, tuple[str, _Convert, _Convert]] = {
    "c": ("temperature", lambda x: x, lambda x: x),
    "f": ("temperature", lambda x: (x - 32.0) * 5.0 / 9.0, lambda x: x * 9.0 / 5.0 + 32.0),
    "m": ("length", lambda x: x, lambda x: x),
    "mm": ("length", lambda x: x / 1000.0, lambda x: x * 1000.0),
    "km": ("length", lambda x: x * 1000.0, lambda x: x / 1000.0),
    "mi": ("length", lambda x: x * 1609.344, lambda x: x / 1609.344),
    "g": ("mass", lambda x: x, lambda x: x),
    "kg": ("mass", lambda x: x * 1000.0, lambda x: x / 1000.0),
    "lb": ("mass", lambda x: x * 453.59237, lambda x: x / 453.59237),
    "s": ("duration", lambda x: x, lambda x: x),
    "min": ("duration", lambda x: x * 60.0, lambda x: x / 60.0),
    "h": ("duration", lambda x: x * 3600.0, lambda x: x / 3600.0),
}

#: The words of a field name that name a unit (its last such word counts: "oven_temp_f").
_KEY_WORDS = {
    "c": "c", "celsius": "c", "f": "f", "fahrenheit": "f",
    "m": "m", "meters": "m", "metres": "m", "km": "km", "mi": "mi", "miles": "mi", "mm": "mm",
    "g": "g", "grams": "g", "kg": "kg", "lb": "lb", "lbs": "lb",
    "s": "s", "sec": "s", "secs": "s", "seconds": "s",
    "min": "min", "mins": "min", "minutes": "min",
    "h": "h", "hr": "h", "hrs": "h", "hours": "h",
}  # fmt: skip

#: A unit written right after a number in an answer (English, French, German, Spanish,
#: Portuguese abbreviations and words).
_ANSWER_UNIT = re.compile(
    r"[\s-]?(?:[°º]\s?(?P<deg>[CF])\b|(?P<bare>[°º])(?![\w°º])|degrees?\s+(?P<word>celsius|fahrenheit)\b|(?P<unit>"
    r"km|kilomet(?:er|re)s?|kilomètres?|kilómetros?|quilômetros?|"
    r"mm|millimet(?:er|re)s?|millimètres?|milímetros?|mi|miles?|millas?|m|met(?:er|re)s?|mètres?|metros?|"
    r"kg|kilos?|kilogram(?:me)?s?|g|grams?|grammes?|gramos?|gramas?|lbs?|pounds?|"
    r"s|secs?|seconds?|secondes?|segundos?|sek|sekunden|"
    r"min|mins|minutes?|minuten|minutos?|"
    r"h|hrs?|hours?|heures?|horas?|std|stunden?)(?![\w-]))",
    re.IGNORECASE,
)
_UNIT_OF_WORD = {
    "celsius": "c", "fahrenheit": "f",
    "km": "km", "mi": "mi", "m": "m", "mm": "mm", "kg": "kg", "g": "g", "lb": "lb", "lbs": "lb",
    "s": "s", "sec": "s", "secs": "s", "sek": "s", "min": "min", "mins": "min",
    "h": "h", "hr": "h", "hrs": "h", "std": "h",
}  # fmt: skip
_PREFIXES = (
    ("kilom", "km"), ("quilôm", "km"), ("millim", "mm"), ("milím", "mm"), ("mil", "mi"), ("met", "m"),
    ("mèt", "m"), ("kilo", "kg"), ("gram", "g"), ("pound", "lb"), ("sec", "s"), ("seg", "s"), ("sek", "s"),
    ("minut", "min"), ("hour", "h"), ("heure", "h"), ("hora", "h"), ("stund", "h"),
)  # fmt: skip

#: At most this many characters between the parts of a two-part duration ("1 min 34 s").
_JOIN_GAP = 3
_AND = re.compile(r",?\s+(?:and|et|und|y|e)\s+", re.IGNORECASE)


#: The letters an ASCII unit of ``_ANSWER_UNIT`` may start with (lower case).
_UNIT_STARTS = frozenset("kqmglpshd")


def answer_unit(answer: str, end: int) -> tuple[str, int] | None:
    """The unit written right after a number ending at ``end``, and where the unit ends."""
    # The cheap test first (asked of most numbers of an answer, most of which have no unit):
    # a unit is at most one space or dash away and starts with a degree sign or one of
    # ``_UNIT_STARTS`` (a non-ASCII letter is left to the pattern: "K", "ſ" match too).
    first = answer[end : end + 1]
    if first.isspace() or first == "-":
        first = answer[end + 1 : end + 2]
    if first.isascii() and first.lower() not in _UNIT_STARTS:
        return None
    found = _ANSWER_UNIT.match(answer, end)
    if found is None:
        return None
    if found["deg"]:
        return found["deg"].lower(), found.end()
    if found["bare"]:
        scale = stated_scale(answer)
        return (scale, found.end()) if scale is not None else None
    word = (found["word"] or found["unit"]).lower()
    unit = _UNIT_OF_WORD.get(word)
    if unit is None:
        unit = next((u for prefix, u in _PREFIXES if word.startswith(prefix)), None)
    return (unit, found.end()) if unit is not None else None


#: A temperature scale named in an answer: "°F", "° C", "degrees Fahrenheit", "Celsius".
_SCALE = re.compile(r"[°º]\s?(?P<deg>[CF])\b|\b(?P<word>celsius|fahrenheit)\b", re.IGNORECASE)


@lru_cache(maxsize=16)
def stated_scale(answer: str) -> str | None:
    """The one temperature scale an answer names ("c" or "f"), or None (none or both).

    Principle: a bare degree sign ("55° / 46°", "a high of 14º") leaves its scale to the
    answer, which names it once for all of its figures ("rounded to the nearest °F", a
    "Temp (°C)" header, "in Fahrenheit"); a reader takes every bare degree in that scale,
    so the checks do too. Risk: an answer naming one scale for one figure and meaning the
    other by a bare degree elsewhere; a bare degree in an answer naming both scales, or
    none, is left without a unit as before (an angle, "a 90° turn", names no scale)."""
    scales = set()
    for found in _SCALE.finditer(answer):
        scales.add((found["deg"] or found["word"][0]).lower())
        if len(scales) > 1:
            return None
    return next(iter(scales), None)


def key_unit(key: object) -> str | None:
    """The unit a field's name gives its value ("temp_c" -> "c"), or None."""
    words = re.split(r"[^a-z]+", str(key).lower())
    for word in reversed(words[1:]):  # a unit qualifies a quantity: never the first word
        if word in _KEY_WORDS:
            return _KEY_WORDS[word]
    return None


def unit_values(value: Any) -> tuple[tuple[str, float], ...]:
    """(unit, value) for each number of a structured result held under a field named with a
    unit. Built once per result (``Evidence.per_result``)."""
    out: list[tuple[str, float]] = []
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if depth > 64:
            continue
        if isinstance(item, dict):
            for key, field in item.items():
                if isinstance(field, (int, float)) and not isinstance(field, bool):
                    unit = key_unit(key)
                    if unit is not None and math.isfinite(field):
                        out.append((unit, float(field)))
                elif isinstance(field, (dict, list)):
                    stack.append((field, depth + 1))
        elif isinstance(item, list):
            stack.extend((field, depth + 1) for field in item if isinstance(field, (dict, list)))
    return tuple(out)


_TEXT_NUMBER = re.compile(r"(?<![\w.,])\d+(?:\.\d+)?")
#: At most this many numbers of a text are read for a unit (a very long text stops there).
MAX_TEXT_NUMBERS = 2000


def text_unit_values(text: str) -> list[tuple[str, float]]:
    """(unit, value) for each number of a text written with a unit right after it ("18.4 °C",
    "a 1200 m walk"): the neighbouring text names the unit as a field name does."""
    out: list[tuple[str, float]] = []
    for n, found in enumerate(_TEXT_NUMBER.finditer(text)):
        if n >= MAX_TEXT_NUMBERS:
            break
        unit = answer_unit(text, found.end())
        if unit is not None:
            sign = -1.0 if UNITS[unit[0]][0] in SIGNED and minus_before(text, found.start()) else 1.0
            out.append((unit[0], sign * float(found.group())))  # "-20 °C" (numbers/signs.py)
    return out


@dataclass(frozen=True, slots=True)
class Quantity:
    """A number of the answer with its unit, possibly the last or first part of a two-part
    duration: ``[lo, hi]`` in the base unit of ``unit``'s dimension."""

    unit: str
    lo: float
    hi: float
    parts: int


def _joined(first_end: int, second_start: int, answer: str = "") -> bool:
    """Are two parts of a duration adjacent: a short gap, or "and" between them in ``answer``
    ("2 hours and 5 minutes", "et", "und")? Risk: two durations coordinated read as one."""
    gap = second_start - first_end
    return 0 <= gap <= _JOIN_GAP or bool(answer and _AND.fullmatch(answer, first_end, second_start))


def _digits_end(answer: str, numeral: Numeral) -> int:
    """Where the numeral's digits end: a unit glued to them ("14s", "25m", "37-hour") is part
    of the numeral's text."""
    start, end = numeral.span
    while end > start and not answer[end - 1].isdigit():
        end -= 1
    return end


def _written_units(answer: str, numerals: Sequence[Numeral], index: int) -> dict[int, tuple[str, int]]:
    """The units written after the numeral at ``index`` and its two neighbours (plain numbers
    only), with where each unit ends. An "m" joined to an hours part before it or a seconds
    part after it is minutes ("1h 5m", "2m 14s"), elsewhere metres."""
    units: dict[int, tuple[str, int]] = {}
    for i in (index - 1, index, index + 1):
        if 0 <= i < len(numerals) and numerals[i].kind == "number" and numerals[i].scale == 1.0:
            found = answer_unit(answer, _digits_end(answer, numerals[i]))
            if found is not None:
                units[i] = found
    for i, (unit, end) in list(units.items()):
        before, after = units.get(i - 1), units.get(i + 1)
        if unit == "m" and (
            (before is not None and before[0] == "h" and _joined(before[1], numerals[i].span[0]))
            or (after is not None and after[0] == "s" and _joined(end, numerals[i + 1].span[0]))
        ):
            units[i] = ("min", end)
    return units


def quantity(
    answer: str, numerals: Sequence[Numeral], index: int, interval: tuple[float, float]
) -> Quantity | None:
    """The quantity the numeral at ``index`` (true values ``interval``) is part of."""
    units = _written_units(answer, numerals, index)
    if index not in units:
        return None
    unit, end = units[index]
    dimension, to_base, _from_base = UNITS[unit]
    if dimension in SIGNED and numerals[index].value < 0:
        interval = (-interval[1], -interval[0])  # "−13°C": the sign moves an offset scale's value
    lo, hi = to_base(interval[0]), to_base(interval[1])
    if dimension != "duration":
        return Quantity(unit, lo, hi, 1)
    parts = 1
    for other, before in ((index - 1, True), (index + 1, False)):
        near_unit = units.get(other)
        if near_unit is None or UNITS[near_unit[0]][0] != "duration":
            continue
        near = numerals[other]
        gap = (near_unit[1], numerals[index].span[0]) if before else (end, near.span[0])
        if not _joined(*gap, answer):
            continue
        larger = UNITS[near_unit[0]][1](1.0) > to_base(1.0)
        if larger == before:  # "2 hours 22 minutes": the larger unit comes first
            part = UNITS[near_unit[0]][1](near.value)
            lo, hi, parts = lo + part, hi + part, parts + 1
    return Quantity(unit, lo, hi, parts)


#: What stands between a quantity and its conversion beside it: a bracket, a slash, "≈",
#: "or", "i.e." ..., then perhaps "about" (English, French, German, Spanish, Portuguese). A
#: link is required: "2m 24s" is one duration in two parts, not a conversion.
_APPROX = (
    r"(?:about|around|approx\.?|approximately|roughly|ca\.|circa|environ|etwa|rund|unos|unas|cerca de|"
    r"aprox\.?|aproximadamente)\s*|[≈~]\s*"
)
_BESIDE = re.compile(
    r"\s*(?:[(\[/=≈~]|,?\s*(?:or|ou|oder|o|i\.e\.|d\.h\.|soit|es decir|ou seja)(?!\w))\s*(?P<approx>"
    + _APPROX
    + r")?$"
    # a spaced dash or a comma, only before an approximation word ("75°F — about 24°C"):
    # a bare dash between two quantities is as often a range or a list as a conversion
    + r"|\s+[-–—]\s*(?P<dashed>"
    + _APPROX
    + r")$|\s*,\s*(?P<comma>"
    + _APPROX
    + r")$",
    re.IGNORECASE,
)
#: What stands between a number's unit and its source written after it: an opening bracket.
_BRACKET = re.compile(r"\s*[(\[]\s*(?P<approx>" + _APPROX + r")?$", re.IGNORECASE)


def beside(
    answer: str,
    numerals: Sequence[Numeral],
    index: int,
    grounded: Callable[[int], bool],
    bracketed: Callable[[int], bool] | None = None,
) -> Quantity | None:
    """The grounded quantity written just before the numeral at ``index`` in another unit
    ("82°F (about 28°C)"), or in brackets just after it ("75°F (24°C)"), as its interval in
    the base unit; or None.

    Principle: "X (Y)" and "Y (X)" both write one quantity twice, the converted figure and its
    source side by side, in a sentence or a table cell alike; the conversion is computed from
    the grounded one, so a wrong figure beside a right source stays a finding. The source
    after the number needs an opening bracket right after the number's unit: a comma or "or"
    after a figure starts a list as often as a conversion. Risk: none beyond the computation;
    a figure is explained only by its own neighbour, in the same dimension."""
    units = _written_units(answer, numerals, index)
    for other, pattern, test in (
        (index - 1, _BESIDE, grounded),
        (index + 1, _BRACKET, bracketed or grounded),
    ):
        if not 0 <= other < len(numerals) or not test(other):
            continue
        if index not in units or other not in units or units[other][0] == units[index][0]:
            continue  # no unit, or the same unit: a list of values, not a conversion
        first = min(index, other)
        link = pattern.match(answer[units[first][1] : numerals[first + 1].span[0]])
        if link is not None:
            return _source(numerals, units, index, other, link)
    return None


def same_dimension(a: Quantity, b: Quantity) -> bool:
    """Do the two quantities measure the same thing (a temperature and a temperature)?"""
    return UNITS[a.unit][0] == UNITS[b.unit][0]


def _source(
    numerals: Sequence[Numeral],
    units: dict[int, tuple[str, int]],
    index: int,
    other: int,
    link: re.Match[str],
) -> Quantity:
    """The interval (base unit) of the grounded source ``other`` of the numeral at ``index``."""
    unit = units[other][0]
    source = numerals[other]
    half = 0.5 * 10.0**-source.decimals
    dimension, to_base, _from_base = UNITS[unit]
    value = source.value if dimension in SIGNED else abs(source.value)
    lo, hi = sorted((to_base(value - half), to_base(value + half)))
    if any(link.groupdict().get(g) for g in ("approx", "dashed", "comma")):
        # "about" announces a rounding: the shown figure may be off by up to one unit of its
        # last digit (not only half of one), so widen the source by half a target unit.
        target = numerals[index]
        step = 0.5 * 10.0**-target.decimals
        target_base = UNITS[units[index][0]][1]
        slack = abs(target_base(abs(target.value) + step) - target_base(abs(target.value)))
        lo, hi = lo - slack, hi + slack
    return Quantity(unit, lo, hi, 1)


def has_unit(answer: str, numeral: Numeral) -> bool:
    """Is a unit written right after the digits of a plain number (what ``quantity`` needs
    of the number itself)?"""
    if numeral.kind != "number" or numeral.scale != 1.0:
        return False
    start, end = numeral.span
    while end > start and not answer[end - 1].isdigit():
        end -= 1  # a unit glued to the digits ("14s", "37-hour") is part of the numeral's text
    # Every unit starts with a letter or a degree sign, after at most one space or dash.
    first = answer[end : end + 1]
    if first.isspace() or first == "-":
        first = answer[end + 1 : end + 2]
    if first.isascii() and first.lower() not in _UNIT_STARTS:
        return False  # ``answer_unit``'s own first test, without the call ("12 vs 15")
    return (first.isalpha() or first in ("°", "º")) and answer_unit(answer, end) is not None


__all__ = [
    "UNITS",
    "Quantity",
    "answer_unit",
    "beside",
    "has_unit",
    "key_unit",
    "quantity",
    "same_dimension",
    "text_unit_values",
    "unit_values",
]
