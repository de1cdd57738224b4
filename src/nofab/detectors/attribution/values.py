"""Comparing what the answer wrote with what a record holds.

A record value matches a written number when they are equal or when the written number is
the value rounded to the decimals written; a number the turn's evidence explains otherwise
(held as written, derived from one tool result) is not attribution's to judge; digits that
are part of a date, a time, a code or an ordinal are not values at all.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable, Sequence

from nofab.detectors.attribution.vocabulary import DASHES
from nofab.evidence.index import Evidence
from nofab.evidence.records import Record
from nofab.language.sentences import Token
from nofab.numbers.lexicon import number_words
from nofab.numbers.rounding import decimals_shown, display_interval, format_number, same_as_shown

#: Numerals that are not quantities: the digits of "01:00 AM", "1977-02-03", "2024", "3rd",
#: and a time or date that cannot exist ("36:00": the numbers detector reports it).
_NOT_VALUES = frozenset({"date", "time", "year", "code", "ordinal", "invalid"})
#: The letters of a code glued to digits by a dash ("ABC" of "ABC-123").
_CODE_PART = re.compile(r"^[A-Z]{2,}\d*$")
#: Margins are looked for among at most this many values of a field (two teams, not a table).
_MAX_MARGIN_VALUES = 40


#: The record value ``x`` is what the answer wrote as ``y``, allowing display rounding to the
#: decimals written (42.7333 is "42.73"; 42.7333 is also "43"): the one rule of ``numbers.rounding``.
same = same_as_shown
fmt = format_number


def is_difference(records: Sequence[Record], fields: tuple[str, ...], value: float) -> bool:
    """Is ``value`` the difference of two records' values of one of ``fields`` (a margin)?"""
    for name in fields:
        values = [v for r in records if (v := r.number(name)) is not None]
        if len(values) > _MAX_MARGIN_VALUES:
            continue
        if any(same(abs(x - y), value) for x in values for y in values):
            return True
    return False


def explained(evidence: Evidence, text: str, value: float) -> bool:
    """Does the turn's evidence hold ``value`` (as written), derive it from one tool result,
    or hold it divided by a small count the answer or the user mentions ("2 passengers")?"""
    decimals = decimals_shown(text)
    if evidence.numbers.explains(value, decimals):
        return True
    lo, hi = display_interval(value, decimals)
    # A derivation explains the number only when it is informative: among densely derivable
    # values (a column of 10-40 figures combines into most nearby integers) it proves nothing,
    # the same rule the numbers detector applies (``DerivedTable.dense``).
    derived = evidence.derived
    if derived.aggregate(lo, hi) or (derived.pair(lo, hi) and not derived.dense(lo, hi)):
        return True
    counts = {int(n.value) for n in evidence.numerals if n.kind == "number" and n.value.is_integer()}
    words = re.findall(r"[^\W\d_]+", f"{evidence.turn.user_message} {evidence.answer}".casefold())
    count_words = number_words().number_words
    counts.update(count_words[w] for w in words if w in count_words)
    return any(evidence.numbers.near(lo / k, hi / k) for k in counts if 2 <= k <= 9)


def not_value_tokens(
    evidence: Evidence, tokens: Sequence[Token], candidates: Iterable[int] | None = None
) -> set[int]:
    """Indices of digit tokens that are not quantities: parts of a date, a time, a year, a
    code or an ordinal as ``nofab.numbers.extract`` reads the answer, of a slashed date ("10/04"),
    of an identifier ("ABC-123"), or of a proper name (``_in_name``: "Golden 1 Center").
    ``candidates``: indices that include every digit token (all tokens by default)."""
    # Numerals do not overlap: sorted by start, the one that may hold a token is found by bisection
    # (a long answer full of dates stays linear-logarithmic).
    spans = sorted(n.span for n in evidence.numerals if n.kind in _NOT_VALUES)
    starts = [start for start, _end in spans]
    out: set[int] = set()
    for index in range(len(tokens)) if candidates is None else candidates:
        token = tokens[index]
        if not token.text[0].isdigit():
            continue
        k = bisect_right(starts, token.start) - 1
        if (k >= 0 and token.end <= spans[k][1]) or _in_name(tokens, index):
            out.add(index)
            continue
        for step in (-1, 1):
            mark, other = index + step, index + 2 * step
            if not (0 <= other < len(tokens)) or not _glued(tokens, index, mark, other, step):
                continue
            if tokens[mark].text == "/" and tokens[other].text[0].isdigit():
                out.update((index, other))  # "10/04", "12/25/2024"
            elif tokens[mark].text in DASHES and _CODE_PART.match(tokens[other].text):
                out.add(index)  # "ABC-123", "HAT-069"
    return out


def _in_name(tokens: Sequence[Token], index: int) -> bool:
    """Does the number at ``index`` stand between two words of one proper name ("Golden 1 Center")?

    A quantity is followed by what it counts, in lower case ("1 point", "2 bags"); digits with
    a capitalised name word on both sides, in one sentence, are a part of the name (an arena,
    a terminal, a street). Risk: a title-cased heading ("Scores 30 Points") hides its number,
    and so does a name before a capitalised noun ("Schmidt 21 Punkte" in German, where nouns
    are capitalised).
    """
    if not 0 < index < len(tokens) - 1:
        return False
    before, after = tokens[index - 1], tokens[index + 1]
    return (
        before.sentence == after.sentence == tokens[index].sentence
        and _name_word(before.text)
        and _name_word(after.text)
    )


def _name_word(text: str) -> bool:
    """A capital, then lower-case letters ("Golden", "Überlingen"; not "über", "USD" or "I")."""
    return len(text) > 1 and text.isalpha() and text[0].isupper() and text[1:].islower()


def _glued(tokens: Sequence[Token], index: int, mark: int, other: int, step: int) -> bool:
    """No space between tokens ``index``, ``mark`` and ``other`` (in that direction)."""
    a, b, c = (index, mark, other) if step > 0 else (other, mark, index)
    return tokens[a].end == tokens[b].start and tokens[b].end == tokens[c].start


__all__ = ["explained", "fmt", "is_difference", "not_value_tokens", "same"]
