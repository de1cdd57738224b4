"""Where a subjectless report may start in an answer: its sentence starts, and of those only
the ones some verb of the report pattern still follows.

A subjectless report ("Reminder deleted.", "Your booking is confirmed") is tried with
``re.match`` at every sentence, item or continuation start of the answer, for every report
pattern of every language the answer may speak (``ClaimFinder.find``).

Principle of the cut: each report pattern holds its verb as a group every match passes through
(``(?P<verb>{verbs})`` at the pattern's top level, never optional, never in one branch of an
alternation), and a group at the top level starts at or after the match's own start. So a
match starting at ``s`` has its verb at some ``p >= s`` where the verb group's own pattern
matches. Past the last place the verb group alone matches in the text, no match can start:
those starts are not tried. One scan of the verb alternation (which skips ahead to the letters
a verb can start with) replaces hundreds of ``re.match`` calls on a list-shaped answer that
names no deed after its opening lines.

Exact by construction: ``verb_part`` returns ``None`` (no cut: every start is tried) unless the
verb group is a top-level item of the parsed pattern and its text, compiled alone with the
pattern's flags, parses to the very same tree (so it matches the same strings at the same
places; a back-reference or a nested capture would change that and is refused). Lookarounds
inside the group see the same text either way.

Risk: none for the findings (a start cut is one where ``match`` returns ``None``); the cost is
one parse per pattern per process and one scan per verb group per text.
"""

from __future__ import annotations

import re
from re import _constants as c  # type: ignore[attr-defined]
from re import _parser  # type: ignore[attr-defined]
from typing import Any

_GROUP = "verb"
#: A sentence, item or continuation starts after these, a pictograph as a bullet (not in 17:40 or 2.5).
_SENTENCE_BREAK = re.compile(
    r"(?![.:]\d)[.!?:\n]\s*+(?:[-*•]?\s*+[\u2600-\u27bf\U0001f000-\U0001faff\ufe0f]+\s*)?"
)


def sentence_starts(norm: str) -> list[int]:
    """Where a sentence, item or colon's continuation starts (spaces, a leading pictograph
    skipped), rising."""
    first = _SENTENCE_BREAK.match("\n" + norm).end() - 1  # type: ignore[union-attr]
    ends = [m.end() for m in _SENTENCE_BREAK.finditer(norm)]  # (rising: only the last can end the text)
    return [first, *(ends[:-1] if ends and ends[-1] >= len(norm) else ends)]


def _group_text(source: str, opener: int) -> str | None:
    """The text inside the group whose ``(`` is at ``opener`` up to its balanced ``)``."""
    depth, i, in_class = 0, opener, False
    while i < len(source):
        ch = source[i]
        if ch == "\\":
            i += 2
            continue
        if in_class:
            in_class = ch != "]"
        elif ch == "[":
            in_class = True
            if source.startswith("]", i + 1) or source.startswith("^]", i + 1):
                i += 1 + (source[i + 1] == "^")  # a "]" first in a class is a literal
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                return source[source.index(">", opener) + 1 : i]
        i += 1
    return None


def _tree(items: Any) -> str:
    return repr(list(items))


#: Each report pattern's ``verb_part``, by the pattern's id (hashing a ``Pattern`` hashes its
#: compiled code: a long alternation's thousands of words on every lookup); the pattern is kept
#: beside its part so an id is never reused while its entry lives. Patterns come from the
#: lexicons' compiled languages, a few dozen per process.
_KEPT = 1024
_PARTS: dict[int, tuple[re.Pattern[str], re.Pattern[str] | None]] = {}


def verb_part(pattern: re.Pattern[str]) -> re.Pattern[str] | None:
    """The pattern's verb group alone, when every match of ``pattern`` passes through it at
    its top level (see the module's principle); else ``None``."""
    held = _PARTS.get(id(pattern))
    if held is None or held[0] is not pattern:
        if len(_PARTS) >= _KEPT:  # (profiles with their own verbs compile their own patterns)
            _PARTS.clear()
        held = _PARTS[id(pattern)] = (pattern, _verb_part(pattern))
    return held[1]


def _verb_part(pattern: re.Pattern[str]) -> re.Pattern[str] | None:
    number = pattern.groupindex.get(_GROUP)
    opener = pattern.pattern.find(f"(?P<{_GROUP}>")
    if number is None or opener < 0 or pattern.pattern.count(f"(?P<{_GROUP}>") != 1:
        return None
    parsed = _parser.parse(pattern.pattern, pattern.flags).data
    group = next((av for op, av in parsed if op == c.SUBPATTERN and av[0] == number), None)
    inner = _group_text(pattern.pattern, opener)
    if group is None or inner is None:
        return None
    try:
        alone = re.compile(inner, pattern.flags)
    except re.error:
        return None
    if alone.groups or _tree(_parser.parse(inner, pattern.flags).data) != _tree(group[3].data):
        return None
    return alone


#: A verb scan costs about as much per this many characters as one ``re.match`` at a start:
#: an answer with fewer report tries than its length over this is not worth scanning (a few
#: sentences; the tries cost less than the scan would).
_CHARS_PER_TRY = 4


class VerbReach:
    """Per text, the last place each verb group matches; kept for one answer (its report
    patterns mostly share one verb alternation per language). Scanned only for an answer with
    many sentence starts for its length (a list): else every start is tried, as the scan
    would cost more than the tries it spares."""

    __slots__ = ("_last", "_scan")

    def __init__(self, text: str, starts: int) -> None:
        self._last: dict[tuple[str, int, str], int] = {}  # (verb pattern, flags, text) -> place
        self._scan = starts * _CHARS_PER_TRY * 8 >= len(text)  # (8: a language's report patterns)

    def last(self, pattern: re.Pattern[str], text: str) -> int:
        """No match of ``pattern`` (a report pattern) starts in ``text`` after this place: the
        last place its verb group matches (-1: nowhere; past the text when it is not scanned)."""
        verb = verb_part(pattern) if self._scan else None
        if verb is None:
            return len(text) + 1
        key = (verb.pattern, verb.flags, text)
        last = self._last.get(key)
        if last is None:
            last, found = -1, verb.search(text)
            while found is not None:  # (each search resumes one past the last verb found)
                last = found.start()
                found = verb.search(text, last + 1)
            self._last[key] = last
        return last


__all__ = ["VerbReach", "sentence_starts", "verb_part"]
