"""Lists and series whose label says what they list: "Passengers:" over a bulleted list, or
before a series on one line ("Passengers: Sofia Silva, Hester"). A name in one is the value
of that label, as much as the label's first item is. Read by ``nofab.detectors.nameslots``.
"""

from __future__ import annotations

import re

from nofab.language.text import fold

#: A list item's opening: a bullet or a number, at the start of a line.
_ITEM = re.compile(r"[ \t]*(?:[-*\u2022]|\d{1,2}[.)])[ \t]+")
#: A line that only opens a list: a one-word label and a colon ("**Passengers:**").
_LIST_LABEL = re.compile(r"[ \t]*(?:[-*\u2022][ \t]+)?[*_]{0,2}([^\W\d_]{2,24})[*_]{0,2} ?:[*_]{0,2}[ \t]*")
#: How far back a series' or a list's label is looked for.
_LIST_REACH = 200
#: List items looked back over for the label that opens their list.
_MAX_ITEMS = 12


#: Longest line read as a list item or label (a longer one is prose, and a bound keeps the
#: walk over a hostile megabyte-long line linear).
_MAX_LINE = 300


def _line_start(answer: str, i: int) -> int:
    """The start of the line holding ``i``, or -1 when it is longer than ``_MAX_LINE``."""
    floor = max(0, i - _MAX_LINE)
    newline = answer.rfind("\n", floor, i)
    return newline + 1 if newline >= 0 else (0 if floor == 0 else -1)


def list_label(answer: str, start: int) -> str:
    """The folded label of the list whose item ``start`` opens ("passengers" for "Sofia" in
    "Passengers:\n  1. Sofia"), or "": the lines before it are items of the same list, up
    to a line that holds only a label."""
    line_start = _line_start(answer, start)
    opening = _ITEM.match(answer, line_start) if line_start >= 0 else None
    if opening is None or answer[opening.end() : start].strip("*_") != "":
        return ""
    end = line_start - 1
    for _ in range(_MAX_ITEMS):
        begin = _line_start(answer, end) if end > 0 else -1
        if begin < 0:
            return ""
        label = _LIST_LABEL.fullmatch(answer, begin, end)
        if label:
            # the label's own line is an item: only a deeper item is in its list
            deeper = _indent(answer, line_start) > _indent(answer, begin)
            return fold(label.group(1)) if deeper or not _ITEM.match(answer, begin, end) else ""
        if not _ITEM.match(answer, begin, end):
            return ""
        end = begin - 1
    return ""


def _indent(answer: str, line_start: int) -> int:
    """The blanks that open the line at ``line_start``."""
    i = line_start
    while i < len(answer) and answer[i] in " \t":
        i += 1
    return i - line_start


#: Earlier items of a series of names on one line: capitalised words, commas, "and".
_SERIES = re.compile(r"[^\W\d_]*(?:[ \t,&][^\W\d_]*)*")  # one way to match: linear


def series_label(answer: str, start: int) -> str:
    """The label of the series on this line whose later item ``start`` opens ("passengers"
    for "Hester" in "Passengers: Sofia Silva, Hester"), or ""."""
    colon = answer.rfind(":", max(0, start - _LIST_REACH), start)
    if colon < 0 or "\n" in answer[colon:start]:
        return ""
    gap = answer[colon + 1 : start].strip(" \t*_")
    if not gap or not _SERIES.fullmatch(gap) or ("," not in gap and " and " not in gap):
        return ""
    m = _WORD_BEFORE_COLON.search(answer, max(0, colon - 30), colon)
    return fold(m.group(1)) if m else ""


_WORD_BEFORE_COLON = re.compile(r"([^\W\d_]{2,24})[*_]{0,2} ?$")


def sibling_items(answer: str, start: int) -> list[str]:
    """The first word of the list items right before and after the line of ``start``."""
    line_start = _line_start(answer, start)
    line_end = answer.find("\n", start, start + _MAX_LINE)
    if line_start < 0:
        return []
    begins = [_line_start(answer, line_start - 1) if line_start > 0 else -1]
    begins.append(line_end + 1 if line_end >= 0 else -1)
    out: list[str] = []
    for begin in begins:
        item = _ITEM.match(answer, begin) if begin >= 0 else None
        word = _FIRST_WORD.match(answer, item.end()) if item else None
        if word:
            out.append(word.group(1))
    return out


_FIRST_WORD = re.compile(r"[*_]{0,2}([^\W\d_]+)")
