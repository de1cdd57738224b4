"""An aside in brackets ("the customer call (starts 3:30)") and the phrase it hangs on.

Principle: a bracket opened right after a phrase says something about that phrase: "your
review (ends 2:30) and before the Halberd call (starts 3:30)" gives the review's end and the
call's start. A time inside an aside belongs to a record named in the clause the aside hangs
on — from the last clause boundary before the bracket (a comma, semicolon, colon, a closed
earlier aside, a sentence end, or a word joining two clauses: "and", "et", "und", "y", "e",
"but", "mais", "aber", "pero", "mas", "ma": ``_JOINS``) to the bracket — or inside the aside
itself; a record named only in an earlier clause ("after your review (...) and before the
call (starts 3:30)", where "the call" is no record name the evidence spells) is another
phrase's, so the time is bound to no record there (``aside_clause``, asked by
``numbers.roles``).

Risk: a time in an aside after a clause that names no record but still speaks of one named
before it ("QX12 departs at 9:05, and lands at 11:20 (arrives 11:20)") takes no role check,
so a misread role there is not caught; only the role check is dropped, the time must still be
held by the evidence.
"""

from __future__ import annotations

import re

#: How far back the bracket an aside opens with, and the clause before it, are looked for.
_REACH = 120
#: An aside's bracket opened and not closed before the time, in its sentence.
_OPEN = re.compile(r"\(([^()\n]*)$")
#: Where a clause before a bracket starts: punctuation before a space (not the colon of
#: "10:00" nor the comma of "1,5"), a closed aside, a line break, or a word joining two
#: clauses (English, French, German, Spanish, Portuguese, Italian).
_JOINS = ("and", "but", "et", "mais", "und", "aber", "sondern", "y", "pero", "e", "mas", "ma")
_BOUNDARY = re.compile(
    r"[,;:.!?](?=\s)|[)\n]|(?<![^\W\d_])(?:" + "|".join(_JOINS) + r")(?![^\W\d_])", re.IGNORECASE
)


def aside_clause(answer: str, start: int) -> int | None:
    """Where the clause starts that the aside holding ``start`` hangs on (module doc), or None
    when ``start`` stands in no open bracket of its sentence."""
    lo = max(0, start - _REACH)
    opened = _OPEN.search(answer, lo, start)
    if opened is None or re.search(r"[.!?](?=\s)", opened[1]):
        return None
    bracket = opened.start()
    floor = max(0, bracket - _REACH)
    ends = [m.end() for m in _BOUNDARY.finditer(answer, floor, bracket)]
    return ends[-1] if ends else floor


__all__ = ["aside_clause"]
