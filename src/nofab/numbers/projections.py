"""A count the answer projects: the count a record will have once a change is made.

Principle: "adding 3 more brings you to 5 bags", "con 2 maletas más serán 4", "avec 1 bagage
supplémentaire, vous en aurez 3" give the count the record will have once the change is made:
a held count plus or minus the changed count (one marked by a modifier of change: more,
extra, added, removed, weitere, más ...: ``count_modifiers``). It is explained when it equals
one (``projected``). The change may also be the user's own request ("can I add two more
checked bags?" then "you have 1 bag now, so going to 3 bags"): a count of the same noun the
user's message marks as a change, added to or taken from a held count (``requested``).

Risk: a wrong new total that equals a held count plus or minus another modified count of
the sentence, or of the user's request, passes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from nofab.numbers.nouns import modified_before, modifier_words, noun_concept, words_after

#: The two words after a count: a modifier of change stands before or after its noun ("3 more
#: bags", "1 bagage supplémentaire", "2 maletas más").
_WORD_NEXT = re.compile(r"[ \t]+([^\W\d_]+)(?:[ \t]+([^\W\d_]+))?")


def _marked(text: str, start: int, end: int) -> bool:
    """Is the count at ``[start, end)`` of ``text`` marked as a change ("3 more", "one extra",
    "2 maletas más")?"""
    after = _WORD_NEXT.match(text, end)
    return modified_before(text, start) or (
        after is not None and not modifier_words().isdisjoint(w.lower() for w in after.groups() if w)
    )


def _lands(count: int, held: list[float], changed: int) -> bool:
    """Is ``count`` a held count plus or minus ``changed``?"""
    return any(abs(count - (h + changed)) < 1e-9 or abs(count - (h - changed)) < 1e-9 for h in held)


def projected(
    answer: str,
    counts: Iterable[tuple[int, tuple[int, int], str]],
    span: tuple[int, int],
    count: int,
    held: Iterable[float],
    sentence: int,
) -> bool:
    """Is the count the records' count after a change its sentence states before it? (module
    doc)"""
    kept = list(held)
    return any(
        sentence <= where[0] < span[0]
        and changed != 0
        and _marked(answer, *where)
        and _lands(count, kept, changed)
        for changed, where, _text in counts
    )


def requested(
    message: str,
    asked: Iterable[tuple[int, tuple[int, int]]],
    concept: str,
    count: int,
    held: Iterable[float],
) -> bool:
    """Is the count a held count plus or minus a change of its noun the user's ``message``
    asks for ("two more bags", "1 extra bag")? ``asked``: the counts of the message written as
    words, (count, span); those in digits are read here. (module doc)"""
    if not message:
        return False
    kept = list(held)
    counts = [*asked, *((int(m.group()), m.span()) for m in _DIGITS.finditer(message))]
    return any(
        changed != 0
        and _noun_of(message, end) == concept
        and _marked(message, start, end)
        and _lands(count, kept, changed)
        for changed, (start, end) in counts
    )


def _noun_of(text: str, end: int) -> str | None:
    """The counted noun among the three words after a count, whatever modifies it ("two more
    checked bags", "2 maletas más", "2 bagages supplémentaires")."""
    return next((c for w in words_after(text, end) if (c := noun_concept(w)) is not None), None)


#: A count in digits in the user's message.
_DIGITS = re.compile(r"(?<![\d.,])\d{1,3}(?![\d.,:])")


__all__ = ["projected", "requested"]
