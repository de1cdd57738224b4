"""A stated state reports only the values a tool returned or set.

Principle: "your alarm is set for 4:45 AM" after ``FindAlarms`` would be a report of what
the read returned (the state rules accept a state a read of the thing reports), but the read
holds no alarm at 4:45: the value came from the user's request, and the answer reports the
request as done. So when a stated state gives its object a value right after the claim (a
time, a date, an amount, after at most one short preposition: "set for 4:45 AM",
"programada para las 4:45", "réglé sur 4 h 45", "auf 4:45 Uhr gestellt" is not read: the
value must follow), that value must be held by a call of the turn (a read that returned it,
an action that set it, or an earlier turn's call); else the state is not reported, and the
claim is held to the calls as a deed.

Risk: a state whose value a tool returned in a shape the comparison does not read (a time
as minutes since midnight) loses its report and is held as a deed; a value given for
something else right after the claim ("is confirmed for 2 passengers" is a count, never
read: only times, dates and amounts are).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from nofab.detectors.newvalues import NewValue, call_values, value_at
from nofab.language.lexicon import Claim
from nofab.model.turn import ToolCall

#: The one short word that may stand between a state and its value, per language.
_BETWEEN = re.compile(
    r"[\s*_`]*(?:(?:for|at|to|on|para|a|por|pour|à|au|sur|für|um|auf|às|as|às)\s+(?:las?|os?|the\s+)?)?",
    re.IGNORECASE,
)


def value_after(answer: str, claim: Claim) -> NewValue | None:
    """The time, date or amount right after the claim ("set for 4:45 AM"), or None."""
    end = claim.span[1]
    lead = _BETWEEN.match(answer, end)
    start = lead.end() if lead else end
    value = value_at(answer[start : start + 60])
    return value if value is not None and value.kind == "numeral" else None


def unreported_value(answer: str, claim: Claim, calls: Sequence[ToolCall]) -> bool:
    """Does the stated state ``claim`` give a value that none of ``calls`` holds?"""
    if not claim.stative:
        return False
    value = value_after(answer, claim)
    if value is None:
        return False
    return not any(value.held_by(call_values(call)) for call in calls)


__all__ = ["unreported_value", "value_after"]
