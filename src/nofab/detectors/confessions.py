"""The answer admits fabrication.

- ``self_confession``: a confession phrase ("I made up", "those numbers were not from the
  tool", "j'ai inventé", "frei erfunden") together with an 8+ character hex prefix of a
  job id from ``prior_tool_uses`` — two gates, so an apology alone never fires and the
  finding names the earlier job whose output was invented.
- ``method_result_confession``: a retraction ("the values above were not computed", "I
  didn't actually run the analysis") of a results table or numeric list written in this
  same answer. The table is what is flagged, so a wipe removes it. A mere caveat
  ("illustrative", "hypothetical") is reported below the default threshold.

Phrases live in ``lexicons/tool_failures.json`` (en, es, fr, de, pt).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from nofab import phrases
from nofab.evidence import Evidence
from nofab.finding import Finding, severity_for
from nofab.policy import Profile

CONFIDENCE_SELF = 0.9
CONFIDENCE_RETRACTION = 0.85
CONFIDENCE_CAVEAT = 0.6
#: The shortest hex prefix that names a prior job (8, as in the original).
MIN_PREFIX = 8

_HEX = re.compile(r"(?<![\w-])[0-9a-fA-F]{8,}(?:-[0-9a-fA-F]{4,12}){0,4}(?![\w-])")
_TABLE_LINE = re.compile(r"^[ \t]*\|.*\d.*\|[ \t]*$", re.M)
_NUMERIC_ITEM = re.compile(r"^[ \t]*(?:[-*•+]|\d{1,3}[.)])[ \t]+.*\d.*$", re.M)


def _hex_key(text: str) -> str:
    return text.replace("-", "").lower()


class ConfessionDetector:
    """``self_confession`` and ``method_result_confession``."""

    id = "confessions"
    version = "1"
    kinds = ("self_confession", "method_result_confession")

    def __init__(self, profile: Profile) -> None:
        del profile

    def detect(self, evidence: Evidence) -> Iterator[Finding]:
        answer = evidence.answer
        norm = phrases.normalise(answer)
        confessions = [s for s in phrases.find("confessions", norm) if not phrases.negated_before(norm, s[0])]
        if confessions and evidence.turn.prior_tool_uses:
            yield from self._self(evidence, answer, confessions)
        yield from self._method(answer, norm)

    def _self(self, evidence: Evidence, answer: str, confessions: list[tuple[int, int]]) -> Iterator[Finding]:
        jobs = [(p, _hex_key(p.job_id)) for p in evidence.turn.prior_tool_uses if p.job_id]
        for m in _HEX.finditer(answer):
            key = _hex_key(m.group(0))
            if len(key) < MIN_PREFIX:
                continue
            for prior, job in jobs:
                if not job.startswith(key):
                    continue
                start, end = min(confessions, key=lambda s: abs(s[0] - m.start()))
                yield Finding(
                    kind="self_confession",
                    detector=self.id,
                    identifier=answer[start:end],
                    confidence=CONFIDENCE_SELF,
                    severity=severity_for(CONFIDENCE_SELF),
                    span=(start, end),
                    reason=(
                        f"admits fabrication ('{answer[start:end]}') about the earlier {prior.name} job "
                        f"{m.group(0)}"
                    ),
                    evidence={"job_id": prior.job_id, "tool": prior.name, "prefix": m.group(0)},
                )
                return

    def _method(self, answer: str, norm: str) -> Iterator[Finding]:
        results = _results_block(answer)
        if results is None:
            return
        strong = [s for s in phrases.find("retractions", norm) if not phrases.negated_before(norm, s[0])]
        weak = [s for s in phrases.find("caveats", norm) if not phrases.negated_before(norm, s[0])]
        if not strong and not weak:
            return
        start, end = results
        phrase = strong[0] if strong else weak[0]
        confidence = CONFIDENCE_RETRACTION if strong else CONFIDENCE_CAVEAT
        said = answer[phrase[0] : phrase[1]]
        first_line = answer[start:end].strip().splitlines()[0].strip()
        yield Finding(
            kind="method_result_confession",
            detector=self.id,
            identifier=first_line[:80],
            confidence=confidence,
            severity=severity_for(confidence),
            span=(start, end),
            reason=(
                f"the answer says its own results are not real ('{said}')"
                if strong
                else f"the answer labels its results as not real data ('{said}')"
            ),
            evidence={"phrase": said, "retraction": bool(strong)},
        )


def _results_block(answer: str) -> tuple[int, int] | None:
    """Span of the first table with numbers, or of a run of 3+ list items with numbers."""
    lines = list(_TABLE_LINE.finditer(answer))
    if len(lines) >= 2:
        return lines[0].start(), lines[-1].end()
    items = list(_NUMERIC_ITEM.finditer(answer))
    if len(items) >= 3:
        return items[0].start(), items[-1].end()
    return None
