"""The facts the number check reads beside its literal-by-literal pass, where a number's
meaning comes from the words and records around it: a score pair (``nofab.numbers.scores``),
a small count of a counted noun (``nofab.numbers.counted``), and a time or date bound to a
role of a named record (``nofab.numbers.roles``). Each module states its principle and risk.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from nofab.model.finding import Finding
from nofab.numbers.counted import counted_findings
from nofab.numbers.roles import role_findings
from nofab.numbers.scores import score_findings

if TYPE_CHECKING:
    from nofab.evidence.index import Evidence


def fact_findings(
    finding: Callable[..., Finding], evidence: Evidence, structural_max: int
) -> Iterator[Finding]:
    """The findings of the three readings, built by the number detector's ``finding``
    (passed in: importing the detectors here would be a cycle)."""
    yield from score_findings(finding, evidence, structural_max)
    yield from counted_findings(finding, evidence, structural_max)
    yield from role_findings(finding, evidence)


__all__ = ["fact_findings"]
