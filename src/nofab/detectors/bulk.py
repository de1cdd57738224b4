"""Figures written when most tools failed (``bulk_failure``).

When at least 80% of this turn's tool calls failed (guard refusals excluded: the guard
stopped them on purpose), a long answer full of money, percentages and counts did not get
them from the tools. The finding covers the whole answer.

Unlike the original, whose pattern set was empty by default (so it never fired), a
built-in set of quantitative patterns is on unless a profile turns it off.

Rules (``profile.rules["bulk_failure"]``): ``ratio``, ``min_length``, ``pattern_threshold``,
``builtin_patterns`` (true/false); extra patterns come from ``profile.quantitative_patterns``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from nofab.config.policy import Profile
from nofab.config.rules import Rules, compile_pattern
from nofab.detectors.base import DetectorBase
from nofab.detectors.completions import admits_failure
from nofab.evidence.index import Evidence
from nofab.evidence.toolstatus import status_for
from nofab.model.finding import Finding

DEFAULT_BULK_FAILURE_RATIO_THRESHOLD = 0.8
DEFAULT_BULK_FAILURE_MIN_LENGTH = 800
DEFAULT_BULK_FAILURE_PATTERN_THRESHOLD = 3
CONFIDENCE = 0.8

_NUM = r"\d[\d,]{0,24}(?:\.\d{1,12})?"  # bounded: "1,1,1,…" cannot go quadratic
#: Built-in quantitative content: money, percentages, counts with units, multipliers,
#: statistics. Each is anchored on a digit so it runs in linear time.
BUILTIN_QUANTITATIVE_PATTERNS: tuple[str, ...] = (
    rf"[$€£¥₹]\s?{_NUM}(?:\s?(?:million|billion|thousand|bn|k|m)\b)?",
    rf"\b{_NUM}\s?(?:USD|EUR|GBP|JPY|dollars|euros|pounds)\b",
    rf"\b{_NUM}\s?(?:%|percent\b|per cent\b|pp\b|bps\b)",
    rf"\b{_NUM}\s?(?:ms|s|sec|seconds|minutes|mins|hours|hrs|days|weeks|months|years|kg|g|mg|lb|lbs|km|"
    r"m|cm|mm|mi|miles|GB|MB|KB|TB|items|orders|users|customers|papers|results|records|rows|files|"
    r"documents|tickets|visits|views|sales|units|requests|errors|participants|patients|samples)\b",
    rf"\b{_NUM}x\b",
    r"\bp\s?[<=>]\s?0?\.\d+",
    rf"\b(?:n|N)\s?=\s?{_NUM}",
)
#: Measured quantities a short answer states: the built-in set plus readings (temperature,
#: speed) that weather, sensor and travel tools return.
_READINGS = re.compile(
    rf"(?<![\w.]){_NUM}\s?(?:°\s?[CF]?|[€£¥₹]|degrees\b|grad\b|km/h|mph\b|knots\b)|"
    + "|".join(BUILTIN_QUANTITATIVE_PATTERNS),
    re.IGNORECASE,
)


class BulkFailureDetector(DetectorBase):
    """``bulk_failure``."""

    id = "bulk_failure"
    version = "2"  # 2: a measured reading in an answer whose every call failed
    kinds = ("bulk_failure",)

    def __init__(self, profile: Profile) -> None:
        rules = Rules(profile, self.id, ("ratio", "min_length", "pattern_threshold", "builtin_patterns"))
        self.ratio = rules.number("ratio", DEFAULT_BULK_FAILURE_RATIO_THRESHOLD, 0.0, 1.0)
        self.min_length = rules.integer("min_length", DEFAULT_BULK_FAILURE_MIN_LENGTH)
        self.pattern_threshold = rules.integer("pattern_threshold", DEFAULT_BULK_FAILURE_PATTERN_THRESHOLD, 1)
        sources = BUILTIN_QUANTITATIVE_PATTERNS if rules.flag("builtin_patterns", True) else ()
        compiled = [re.compile(p, re.IGNORECASE) for p in sources]
        compiled += [
            compile_pattern(p, f"quantitative_patterns[{i}]")
            for i, p in enumerate(profile.quantitative_patterns)
        ]
        self.patterns = tuple(compiled)

    def hits(self, text: str) -> list[tuple[int, int, str]]:
        """Every quantitative hit, left to right, without overlaps."""
        found = sorted(
            ((m.start(), m.end(), m.group(0)) for p in self.patterns for m in p.finditer(text) if m.group(0)),
            key=lambda h: (h[0], -h[1]),
        )
        out: list[tuple[int, int, str]] = []
        for hit in found:
            if out and hit[0] < out[-1][1]:
                continue
            out.append(hit)
        return out

    def _reading_after_total_failure(self, evidence: Evidence) -> Finding | None:
        """A measured figure ("4°C", "$86.10", "12 km") in an answer whose every tool call
        this turn failed and which admits no failure.

        Principle: a reading comes from a tool; when every call that could have given one
        failed, and neither the user's message nor any other evidence holds the figure, the
        answer invented it, however short the answer (the length gate above is for answers
        with some calls still standing). Risk: a figure from general knowledge ("water boils
        at 100°C") stated after a failed call is flagged; an answer that admits the failure
        anywhere is left alone, which hides a figure invented beside that admission."""
        if not evidence.turn.tool_calls or evidence.succeeded_calls:
            return None
        status = status_for(evidence)
        if status.failure_ratio < 1.0 or not status.api_failed or admits_failure(evidence):
            return None
        for match in _READINGS.finditer(evidence.answer):
            digits = re.search(_NUM, match.group(0))
            if digits is None or evidence.grounds(digits.group(0)):
                continue
            failed = list(status.api_failed)
            return self.finding(
                "bulk_failure",
                match.group(0),
                CONFIDENCE,
                match.span(),
                f"every tool call this turn failed ({', '.join(failed)}), yet the answer states "
                f"{match.group(0)!r}, which no evidence holds, and does not say the call failed",
                evidence={"failure_ratio": 1.0, "failed_tools": failed, "examples": [match.group(0)]},
            )
        return None

    def detect(self, evidence: Evidence) -> Iterator[Finding]:
        calls = evidence.turn.tool_calls
        answer = evidence.answer
        whole = self._whole_answer(evidence) if calls and len(answer) >= self.min_length else None
        if whole is not None:
            yield whole
        elif self.patterns and (reading := self._reading_after_total_failure(evidence)):
            yield reading

    def _whole_answer(self, evidence: Evidence) -> Finding | None:
        """The long-answer rule of the module docstring."""
        answer = evidence.answer
        if not self.patterns:
            return None
        status = status_for(evidence)
        ratio = status.failure_ratio
        if ratio < self.ratio or not status.api_failed:
            return None
        hits = self.hits(answer)
        distinct = {h[2].strip().lower() for h in hits}
        if len(distinct) < self.pattern_threshold:
            return None
        failed = list(status.api_failed)
        # One whole-answer finding: with most tools down, no figure in it can be trusted,
        # and a per-figure span would be swallowed by the numbers detector's own findings.
        return self.finding(
            "bulk_failure",
            "",
            CONFIDENCE,
            (0, 0),
            f"{ratio:.0%} of this turn's tool calls failed ({', '.join(failed)}), yet the answer "
            f"states {len(distinct)} distinct figures such as {', '.join(repr(h[2]) for h in hits[:3])}",
            evidence={
                "failure_ratio": round(ratio, 3),
                "failed_tools": failed,
                "distinct_hits": len(distinct),
                "examples": [h[2] for h in hits[:10]],
            },
        )
