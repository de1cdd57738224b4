"""Markdown emphasis and code markers blanked out of an answer before its claims and its written
arithmetic are read.

Principle: "3 × $89 = **$267**", "`2 x 45 = 90`" and "*$150 + $117*" are the same equations as
their plain text, and "I've **cancelled** your flight" or "I've *sent it*" the same claims; the
bold, italic and code markers only change how they look (agents bold the deed or the figure
they most want read). Each marker is replaced by a space of the same length, so every offset
(a numeral's, a claim's span) stays valid and the words between read as if the markup were not
there.

What counts as a marker: a backtick (never an operator); a run of two or more ``*`` or ``_``
(bold, never a product in prose); a single ``*`` or ``_`` only where it opens or closes
emphasis — it touches a non-space character on its inner side and is preceded (opening) or
followed (closing) by a space, a bracket, punctuation or the end of the text, and a matching
marker of the same kind closes it on the same line. A ``*`` with a space on both sides ("3 *
$89") or between two digits ("3*89") is an operator and stays.

Risk: a product written with two stars ("3 ** 2", a power in code) loses its operator, so that
equation is not read and its result keeps its finding (a missed explanation, never a false
one: blanking removes no digit and adds no operator). For claims, a deed that emphasis hid is
now read like any other: grounded by the same calls, and held by the same negation, hedge,
question and quotation rules; a code span's words (a command in backticks) read as prose.
"""

from __future__ import annotations

import re
from functools import lru_cache

#: Runs of two or more emphasis characters, and backticks: always markup.
_ALWAYS = re.compile(r"\*{2,}|_{2,}|`+")
#: An emphasised span is read up to this many characters (a bound on the search from each marker).
MAX_SPAN = 200
#: A single emphasis marker opening a span (not after a word character) and its closing twin
#: (not before one), on one line, with no space just inside either.
_SINGLE = re.compile(rf"(?<![\w*])([*_])(?=[^\s*_])([^\n]{{0,{MAX_SPAN}}}?[^\s*_])\1(?![\w*])")
#: Characters that may be markup at all: an answer without them is returned as it is.
_MARKERS = frozenset("*_`")


def _blank(match: re.Match[str]) -> str:
    return " " * len(match.group())


def _blank_pair(match: re.Match[str]) -> str:
    inner = match.group(2)
    return " " + inner + " "


def plain(answer: str) -> str:
    """The answer with its emphasis and code markers replaced by spaces (same length)."""
    if _MARKERS.isdisjoint(answer):
        return answer
    return _unmarked(answer)


#: Marked texts whose plain form is remembered: a score of readings of one answer ask for it
#: (counts, remainders, flags, names ...), each pass of the two substitutions cost as much as
#: the reading that asked. A few entries: the answers of the turns being checked.
_KEPT = 16


@lru_cache(maxsize=_KEPT)
def _unmarked(answer: str) -> str:
    text = _ALWAYS.sub(_blank, answer)
    if "*" in text or "_" in text:
        text = _SINGLE.sub(_blank_pair, text)
    return text


__all__ = ["MAX_SPAN", "plain"]
