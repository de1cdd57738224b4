"""An average the answer states: "the highs average 22.7 °C", "em média 22,7 °C", "im Schnitt
3,4 Stunden", "en moyenne 41 €", "un promedio de 18 pasajeros".

Principle: a figure worded as an average (an average cue within its clause: ``average_cues``
in ``numbers.json``, "average", "on average", "mean", "em média", "en moyenne", "im Schnitt",
"promedio") is the arithmetic mean of the same field over the records of one list of one
tool result ("temp_max_c" of each day of a forecast), or of the figures of its kind and unit
the answer itself lists just before it (its paragraph, else the one before), within the
figure's display rounding. The operands are all of that field or all of that list (never a
chosen subset), so each list gives one mean per field: a changed average has to land on that
one value to pass.

Risk: a wrong average that equals the mean of another field of a listed result (the mean of
the lows given as the mean of the highs) passes; bounded by the cue (an uncued figure is
never read as a mean), by commensurability (a field whose key names another kind than the
figure's written unit, "precip_prob" for a °C figure, is not averaged) and by the display
rounding the figure must fall within. A true average over a subset of the records ("the
weekdays average ...") is not explained and stays a finding.
"""

from __future__ import annotations

import math
import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable
from typing import TYPE_CHECKING

from nofab.numbers.kinds import answer_kind, commensurable, key_kind
from nofab.numbers.lexicon import listed_pattern
from nofab.numbers.rounding import format_number
from nofab.numbers.rows import units
from nofab.numbers.units import answer_unit

if TYPE_CHECKING:
    from nofab.evidence.index import Evidence
    from nofab.numbers.numeral import Numeral

#: How far before and after a figure its clause is read for an average cue (characters).
CUE_BEFORE = 60
CUE_AFTER = 30
#: At most this many figures are averaged from the answer's own list.
MAX_LISTED = 31
#: At most this many numerals before a figure are read back for the answer's own list (the
#: bound keeps each question's cost flat on a hostile answer of one long paragraph).
MAX_READ_BACK = 120
#: At most this many means per turn (each list's numeric fields).
MAX_MEANS = 2000
_INDEX = re.compile(r"\[\d+\]$")
_PARAGRAPH = re.compile(r"\n\s*\n")


class Averages:
    """The average cues and paragraphs of one answer, and the means of the turn's record
    lists, each read at the first question (most answers ask none)."""

    __slots__ = ("_cues", "_evidence", "_means", "_paragraphs", "_sentences")

    def __init__(self, evidence: Evidence) -> None:
        self._evidence = evidence
        self._cues: list[tuple[int, int]] | None = None
        self._sentences: list[int] = []
        self._paragraphs: list[int] = []
        self._means: list[tuple[float, str, str]] | None = None  # (mean, field, how)

    def live(self) -> bool:
        """May a figure still be a mean here: True until the answer is read and holds no
        average cue."""
        return self._cues is None or bool(self._cues)

    def _cued(self, numeral: Numeral) -> bool:
        """Does an average cue stand in the figure's sentence, close before or after it?"""
        answer = self._evidence.answer
        if self._cues is None:
            self._cues = [(m.start(), m.end()) for m in listed_pattern("average_cues").finditer(answer)]
            if self._cues:
                self._sentences = units(answer)
                self._paragraphs = [0, *(m.end() for m in _PARAGRAPH.finditer(answer))]
        if not self._cues:
            return False
        start, end = numeral.span
        s = bisect_right(self._sentences, start)
        lo = max(self._sentences[s - 1], start - CUE_BEFORE)
        hi = min(self._sentences[s] if s < len(self._sentences) else len(answer), end + CUE_AFTER)
        i = bisect_right(self._cues, (lo, -1))
        return i < len(self._cues) and self._cues[i][1] <= hi

    def _read_means(self) -> list[tuple[float, str, str]]:
        means: list[tuple[float, str, str]] = []
        for _label, records in self._evidence.result_records:
            lists: dict[str, dict[str, list[float]]] = {}
            for record in records:
                if not _INDEX.search(record.where):
                    continue  # a lone object is no list to average over
                fields = lists.setdefault(_INDEX.sub("", record.where), {})
                for name, value in record.numeric_fields():
                    fields.setdefault(name, []).append(value)
            for where, fields in lists.items():
                for name, values in fields.items():
                    if len(values) >= 2 and len(means) < MAX_MEANS:
                        how = f"the mean of {name!r} over the {len(values)} records of {where}"
                        means.append((sum(values) / len(values), name, how))
        return sorted(means)

    def explain(self, index: int, lo: float, hi: float, operand: Callable[[int], float | None]) -> str | None:
        """How the figure at ``index`` (true values ``[lo, hi]``) is a mean the answer's
        average cue announces (of a record list's field, or of the figures it lists), or None."""
        evidence = self._evidence
        numeral = evidence.numerals[index]
        if not self._cued(numeral):
            return None
        if self._means is None:
            self._means = self._read_means()
        means = self._means
        i = bisect_left(means, (lo - 1e-9,))
        kind = answer_kind(evidence.answer, numeral) if i < len(means) and means[i][0] <= hi + 1e-9 else None
        for mean, name, how in means[i : i + 8]:  # a few means in the interval, sorted
            if mean <= hi + 1e-9 and commensurable(kind, key_kind(name)):
                return how
        return self._listed(index, lo, hi, operand)

    def _listed(self, index: int, lo: float, hi: float, operand: Callable[[int], float | None]) -> str | None:
        """The mean of the figures of the same kind and unit the answer shows before the
        figure: in its paragraph, else (none there) in the paragraph before."""
        numerals, answer = self._evidence.numerals, self._evidence.answer
        mine = numerals[index]
        unit = _unit(answer, mine)
        p = bisect_right(self._paragraphs, mine.span[0])
        for first in (self._paragraphs[p - 1], self._paragraphs[p - 2] if p >= 2 else None):
            if first is None:
                return None
            values: list[float] = []
            for j in range(index - 1, max(-1, index - 1 - MAX_READ_BACK), -1):
                other = numerals[j]
                if other.span[0] < first or len(values) > MAX_LISTED:
                    break
                if other.kind != mine.kind or other.scale != 1.0 or _unit(answer, other) != unit:
                    continue
                value = operand(j)
                if value is None:
                    return None  # an unexplained operand: its own finding, no mean of it
                values.append(math.copysign(value, other.value))  # a minus the answer writes
            if len(values) >= 2 and len(values) <= MAX_LISTED:
                mean = sum(values) / len(values)
                if lo - 1e-9 <= mean <= hi + 1e-9:
                    listed = ", ".join(format_number(v) for v in reversed(values))
                    return f"the mean of the figures the answer lists ({listed})"
                return None
            if values:
                return None
        return None


def _unit(answer: str, numeral: Numeral) -> str:
    """The unit written after a plain number's digits ("24 °C" -> "c"), "" for none."""
    if numeral.kind != "number":
        return ""
    start, end = numeral.span
    while end > start and not answer[end - 1].isdigit():
        end -= 1
    found = answer_unit(answer, end)
    return found[0] if found else ""


__all__ = ["Averages"]
