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


class BulkFailureDetector(DetectorBase):
    """``bulk_failure``."""

    id = "bulk_failure"
    version = "1"
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

    def detect(self, evidence: Evidence) -> Iterator[Finding]:
        calls = evidence.turn.tool_calls
        answer = evidence.answer
        if not calls or len(answer) < self.min_length or not self.patterns:
            return
        status = status_for(evidence)
        ratio = status.failure_ratio
        if ratio < self.ratio or not status.api_failed:
            return
        hits = self.hits(answer)
        distinct = {h[2].strip().lower() for h in hits}
        if len(distinct) < self.pattern_threshold:
            return
        failed = list(status.api_failed)
        # One whole-answer finding: with most tools down, no figure in it can be trusted,
        # and a per-figure span would be swallowed by the numbers detector's own findings.
        yield self.finding(
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
