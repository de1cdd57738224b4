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

A short verb occurs inside many words ("ran" in "insurance", "paid" in "unpaid"). When every
way through the pattern to its verb group ends with a non-word character or with nothing (read
from the parsed pattern: ``_ends``), and every start follows a non-word character (or opens
the text), the verb of a match starts a word: then only the verb group's last place at a word
start counts.

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
from typing import Any, NamedTuple

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
_PARTS: dict[int, tuple[re.Pattern[str], _Part | None]] = {}


class _Part(NamedTuple):
    verb: re.Pattern[str]  # the verb group alone
    #: Every way to the verb group ends with a non-word character or nothing (then the
    #: character before the match's start is the one before the verb).
    word_start: bool
    opens: bool  # the verb group may stand at the match's very start


def verb_part(pattern: re.Pattern[str]) -> re.Pattern[str] | None:
    """The pattern's verb group alone, when every match of ``pattern`` passes through it at
    its top level (see the module's principle); else ``None``."""
    part = _part(pattern)
    return part.verb if part is not None else None


def _part(pattern: re.Pattern[str]) -> _Part | None:
    held = _PARTS.get(id(pattern))
    if held is None or held[0] is not pattern:
        if len(_PARTS) >= _KEPT:  # (profiles with their own verbs compile their own patterns)
            _PARTS.clear()
        held = _PARTS[id(pattern)] = (pattern, _verb_part(pattern))
    return held[1]


def _verb_part(pattern: re.Pattern[str]) -> _Part | None:
    number = pattern.groupindex.get(_GROUP)
    opener = pattern.pattern.find(f"(?P<{_GROUP}>")
    if number is None or opener < 0 or pattern.pattern.count(f"(?P<{_GROUP}>") != 1:
        return None
    parsed = _parser.parse(pattern.pattern, pattern.flags).data
    at = next((i for i, (op, av) in enumerate(parsed) if op == c.SUBPATTERN and av[0] == number), None)
    inner = _group_text(pattern.pattern, opener)
    if at is None or inner is None:
        return None
    try:
        alone = re.compile(inner, pattern.flags)
    except re.error:
        return None
    if alone.groups or _tree(_parser.parse(inner, pattern.flags).data) != _tree(parsed[at][1][3].data):
        return None
    ends = _ends(parsed[:at])
    return _Part(alone, ends is not None and _WORD not in ends[0], ends is None or ends[1])


_WORD, _OTHER = "word", "other"
_CATEGORIES = {
    c.CATEGORY_SPACE: _OTHER,
    c.CATEGORY_NOT_WORD: _OTHER,
    c.CATEGORY_WORD: _WORD,
    c.CATEGORY_DIGIT: _WORD,
}


def _kind(char: str) -> str:
    return _WORD if char.isalnum() or char == "_" else _OTHER  # (``re``'s ``\w``)


def _ends(items: Any) -> tuple[frozenset[str], bool] | None:
    """What the last character a run of parsed items consumes can be (word or other), and
    whether the run may consume none; ``None`` when that is not known."""
    kinds: set[str] = set()
    for op, av in reversed(list(items)):
        end = _end_of(op, av)
        if end is None:
            return None
        kinds |= end[0]
        if not end[1]:
            return frozenset(kinds), False
    return frozenset(kinds), True


def _end_of(op: Any, av: Any) -> tuple[frozenset[str], bool] | None:
    if op == c.LITERAL:
        return frozenset({_kind(chr(av))}), False
    if op == c.IN:
        kinds = _class_kinds(av)
        return (kinds, False) if kinds is not None else None
    if op == c.CATEGORY:
        kind = _CATEGORIES.get(av)
        return (frozenset({kind}), False) if kind is not None else None
    if op in (c.AT, c.ASSERT, c.ASSERT_NOT):
        return frozenset(), True  # (consumes nothing)
    if op == c.SUBPATTERN:
        return _ends(av[3])
    if op == c.ATOMIC_GROUP:
        return _ends(av)
    if op == c.BRANCH:
        found = [_ends(branch) for branch in av[1]]
        if any(f is None for f in found):
            return None
        return frozenset().union(*(f[0] for f in found if f)), any(f[1] for f in found if f)
    if op in (c.MAX_REPEAT, c.MIN_REPEAT, c.POSSESSIVE_REPEAT):
        inner = _ends(av[2])
        return (inner[0], av[0] == 0 or inner[1]) if inner is not None else None
    return None


def _class_kinds(items: Any) -> frozenset[str] | None:
    kinds: set[str] = set()
    for kind, value in items:
        if kind == c.LITERAL:
            kinds.add(_kind(chr(value)))
        elif kind == c.RANGE and value[1] - value[0] < 512:
            kinds.update(_kind(chr(code)) for code in range(value[0], value[1] + 1))
        elif kind == c.CATEGORY and value in _CATEGORIES:
            kinds.add(_CATEGORIES[value])
        else:
            return None  # (a negated class, a wide range: unknown)
    return frozenset(kinds)


#: A verb scan costs about as much per this many characters as one ``re.match`` at a start:
#: an answer with fewer report tries than its length over this is not worth scanning (a few
#: sentences; the tries cost less than the scan would).
_CHARS_PER_TRY = 4


class VerbReach:
    """Per answer: for each report pattern and text, the place after which no match of it
    starts (``last``), read from the last place its verb group matches there and the last
    where it starts a word; kept for the answer (its report patterns mostly share one verb
    alternation per language). Scanned only for an answer with many sentence starts for its
    length (a list): else every start is tried, as the scan would cost more than the tries
    it spares."""

    __slots__ = ("_after_other", "_places", "_scan", "_starts")

    def __init__(self, text: str, starts: list[int]) -> None:
        self._starts = starts
        self._scan = len(starts) * _CHARS_PER_TRY * 8 >= len(text)  # (8: a language's report patterns)
        self._places: dict[tuple[str, int, str], tuple[int, int]] = {}  # (verb, flags, text) -> places
        self._after_other: dict[str, bool] = {}  # text -> every start follows a non-word character

    def last(self, pattern: re.Pattern[str], text: str) -> int:
        """No match of ``pattern`` (a report pattern) starts in ``text`` after this place: the
        verb group's last place there; or, where every way to the verb group ends with a
        non-word character (``_Part.word_start``) and every start follows one (or the verb
        may only stand after a start's first characters), the last place the verb starts a
        word ("ran" inside "insurance" is no verb of a report). Past the text when not scanned."""
        part = _part(pattern) if self._scan else None
        if part is None:
            return len(text) + 1
        scanned = (part.verb.pattern, part.verb.flags, text)
        places = self._places.get(scanned)
        if places is None:
            places = self._places[scanned] = _last_places(part.verb, text)
        last, last_word = places
        if not part.word_start:
            return last
        if part.opens:
            after = self._after_other.get(text)
            if after is None:
                after = self._after_other[text] = all(
                    s == 0 or _kind(text[s - 1]) == _OTHER for s in self._starts
                )
            if not after:
                return last
        return last_word


def _last_places(verb: re.Pattern[str], text: str) -> tuple[int, int]:
    """The last place ``verb`` matches in ``text``, and the last where it starts a word (-1:
    nowhere)."""
    last = last_word = -1
    found = verb.search(text)
    while found is not None:  # (each search resumes one past the last verb found)
        last = found.start()
        if last == 0 or _kind(text[last - 1]) == _OTHER:
            last_word = last
        found = verb.search(text, last + 1)
    return last, last_word


__all__ = ["VerbReach", "sentence_starts", "verb_part"]
