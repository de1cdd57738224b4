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

from nofab.config.policy import Profile
from nofab.config.rules import Rules
from nofab.detectors.base import DetectorBase
from nofab.evidence.index import Evidence
from nofab.language import phrases
from nofab.model.finding import Finding

CONFIDENCE_SELF = 0.9
CONFIDENCE_RETRACTION = 0.85
CONFIDENCE_CAVEAT = 0.6
#: The shortest hex prefix that names a prior job (8, as in the original).
MIN_PREFIX = 8

_HEX = re.compile(r"(?<![\w-])[0-9a-fA-F]{8,}(?:-[0-9a-fA-F]{4,12}){0,4}(?![\w-])")
# A table row or list item holding a digit; "[^\d\n]*\d" keeps each line scan linear.
_TABLE_ROW = re.compile(r"^[ \t]*\|[^\d\n]*\d", re.M)
_NUMERIC_ITEM = re.compile(r"^[ \t]*(?:[-*•+]|\d{1,3}[.)])[ \t]+[^\d\n]*\d", re.M)


def _hex_key(text: str) -> str:
    return text.replace("-", "").lower()


class ConfessionDetector(DetectorBase):
    """``self_confession`` and ``method_result_confession``."""

    id = "confessions"
    version = "1"
    kinds = ("self_confession", "method_result_confession")

    def __init__(self, profile: Profile) -> None:
        Rules(profile, self.id, ())  # no settings: any key under rules.confessions is a typo

    def detect(self, evidence: Evidence) -> Iterator[Finding]:
        # The cheap gate of each check first (a job prefix, a results block); the phrase
        # scan only when it passes.
        answer = evidence.answer
        hexes = list(_HEX.finditer(answer)) if evidence.turn.prior_tool_uses else []
        results = _results_block(answer)
        if not hexes and results is None:
            return
        norm = phrases.normalise(answer)
        if hexes:
            confessions = [
                s for s in phrases.find("confessions", norm) if not phrases.negated_before(norm, s[0])
            ]
            if confessions:
                yield from self._self(evidence, answer, confessions, hexes)
        if results is not None:
            yield from self._method(answer, norm, results)

    def _self(
        self,
        evidence: Evidence,
        answer: str,
        confessions: list[tuple[int, int]],
        hexes: list[re.Match[str]],
    ) -> Iterator[Finding]:
        jobs = [(p, _hex_key(p.job_id)) for p in evidence.turn.prior_tool_uses if p.job_id]
        for m in hexes:
            key = _hex_key(m.group(0))
            if len(key) < MIN_PREFIX:
                continue
            for prior, job in jobs:
                if not job.startswith(key):
                    continue
                start, end = min(confessions, key=lambda s: abs(s[0] - m.start()))
                yield self.finding(
                    "self_confession",
                    answer[start:end],
                    CONFIDENCE_SELF,
                    (start, end),
                    (
                        f"admits fabrication ('{answer[start:end]}') about the earlier {prior.name} job "
                        f"{m.group(0)}"
                    ),
                    evidence={"job_id": prior.job_id, "tool": prior.name, "prefix": m.group(0)},
                )
                return

    def _method(self, answer: str, norm: str, results: tuple[int, int]) -> Iterator[Finding]:
        strong = [s for s in phrases.find("retractions", norm) if not phrases.negated_before(norm, s[0])]
        weak = [s for s in phrases.find("caveats", norm) if not phrases.negated_before(norm, s[0])]
        if not strong and not weak:
            return
        start, end = results
        phrase = strong[0] if strong else weak[0]
        confidence = CONFIDENCE_RETRACTION if strong else CONFIDENCE_CAVEAT
        said = answer[phrase[0] : phrase[1]]
        first_line = answer[start:end].strip().splitlines()[0].strip()
        yield self.finding(
            "method_result_confession",
            first_line[:80],
            confidence,
            (start, end),
            (
                f"the answer says its own results are not real ('{said}')"
                if strong
                else f"the answer labels its results as not real data ('{said}')"
            ),
            evidence={"phrase": said, "retraction": bool(strong)},
        )


def _results_block(answer: str) -> tuple[int, int] | None:
    """Span of the table rows holding numbers (2+), else of the list items holding numbers (3+)."""
    for pattern, minimum in ((_TABLE_ROW, 2), (_NUMERIC_ITEM, 3)):
        if pattern is _TABLE_ROW and "|" not in answer:
            continue  # no table row without a "|": skip the line scan
        rows = list(pattern.finditer(answer))
        if len(rows) >= minimum:
            last = answer.find("\n", rows[-1].end())
            return rows[0].start(), len(answer) if last == -1 else last
    return None
