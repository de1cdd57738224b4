"""The facts the number check reads beside its literal-by-literal pass, where a number's
meaning comes from the words and records around it: a score pair (``nofab.numbers.scores``),
a small count of a counted noun (``nofab.numbers.counted``), and a time or date bound to a
role of a named record (``nofab.numbers.roles``), and a number given for a day of a dated
list that another day's row holds (``nofab.numbers.dayrows``), and a figure of a table's
column headed by a day that the day's record holds otherwise (``nofab.numbers.daycolumns``),
and a date a day or a week off the one date of the record it is given for
(``nofab.numbers.recorddates``), and a date a day off a held date with nothing that shifts it
(``nofab.numbers.dayslip``), and a count restated against a limit the turn states for its noun
(``nofab.numbers.limits``), and what is left of a free allowance the answer totals itself
(``nofab.numbers.remainders``), and a counted span from now beside a held date another distance away
(``nofab.numbers.spandistance``). Each module states its principle and risk.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from nofab.model.finding import Finding
from nofab.numbers.anchored import RecordFields
from nofab.numbers.counted import counted_findings
from nofab.numbers.daycolumns import day_column_findings
from nofab.numbers.dayrows import day_row_findings
from nofab.numbers.dayslip import day_slip_findings
from nofab.numbers.limits import limit_findings
from nofab.numbers.recorddates import record_date_findings
from nofab.numbers.remainders import remainder_findings
from nofab.numbers.roles import role_findings
from nofab.numbers.scores import score_findings
from nofab.numbers.spandistance import span_findings


def fact_findings(
    finding: Callable[..., Finding], fields: RecordFields, structural_max: int
) -> Iterator[Finding]:
    """The findings of the ten readings, built by the number detector's ``finding``
    (passed in: importing the detectors here would be a cycle), over the run's records."""
    yield from score_findings(finding, fields.evidence, structural_max)
    yield from counted_findings(finding, fields, structural_max)
    yield from role_findings(finding, fields)
    yield from day_row_findings(finding, fields, structural_max)
    yield from day_column_findings(finding, fields, structural_max)
    yield from record_date_findings(finding, fields)
    yield from day_slip_findings(finding, fields.evidence)
    yield from remainder_findings(finding, fields.evidence, structural_max)
    yield from limit_findings(finding, fields.evidence)
    yield from span_findings(finding, fields.evidence)


__all__ = ["fact_findings"]
