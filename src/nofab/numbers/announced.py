"""A count that announces the list right after it ("You have 4 reminders left:", "Voici vos
3 rendez-vous :"), held against the number of items that list has.

Principle: a sentence that ends in a colon and holds one small count, bound to a word after
it, announces what follows: when a list (numbered or bulleted) starts right after the colon,
the count says how many items it has. The list's items are its sibling lines — the lines at
the indentation of its first item that start with a bullet or an item number; deeper lines
(sub-bullets, continuations) belong to an item, and the list ends at the first line at or
left of that indentation that is not an item (a blank line between items does not end it).
A count that differs from its own list's length contradicts the answer itself; unless the
results or the user ground it as written (a list of that many items, a count of records in
a state, the number in the user's message: then the list may show a part of what the
count counts), it is a finding.

The items may also be the rows of a markdown table after the colon, or an inline enumeration
on the colon's line ("...: A, B and C"; ``nofab.numbers.shownitems``).

Only the count of the clause that ends in the colon is read: a count in brackets ("(2
others are done)") is an aside, a count of an earlier clause (before a comma, or before ", and": "You have 5
reservations, and 4 are coming up:") is another clause's, a second count in the clause
("3 of your 5 reminders", but for an inline enumeration: "two of the four are warm:
A, B and C" names the part's members, and a list of neither length contradicts both) or
a word that makes the list a choice among more ("the most urgent", "including", "top",
``selection`` in ``flag_counts.json``) is left alone, as is a count after a semicolon.

A list's closing items labelled by a total word ("- **Total:** 338 €", "- Gesamt: 3 Std.")
sum the items and are none of them; they are not counted (``shownitems.total_row``).

Risk: a list whose items are not the things counted (one line per day for "3 meetings" on
two days: the first line is then usually a heading, not an item, and nothing is read), a
list closed by another item that is not one of them ("- Tip: ..."), a choice the lexicon
lacks a word for.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Callable, Iterable, Iterator
from functools import cache
from typing import TYPE_CHECKING

from nofab.language import vocabulary
from nofab.model.finding import Finding
from nofab.numbers.flagcounts import HeldStates, tokens, words
from nofab.numbers.lexicon import alternation, listed
from nofab.numbers.listcounts import HeldLists
from nofab.numbers.shownitems import closing_totals, inline_items, joins_clause, part_of, table_rows

if TYPE_CHECKING:
    from nofab.evidence.index import Evidence

#: The confidence of a count its own list contradicts (a counted noun's).
CONFIDENCE_ANNOUNCED = 0.8
#: Lines and characters of a list read at most (each colon's list is read apart).
MAX_LINES = 400
MAX_CHARS = 40_000
#: More counts than this in the sentence: no simple announcement (and no quadratic scan).
MAX_ASIDES = 8

_ITEM = re.compile(r"([ \t]*)(?:[-*•+]|\d{1,2}[.)])[ \t]+\S")
#: An item's own count at its end ("Tuesdays: Oct 3, 10, 17 (3)"): the item is a group.
_SIZE = re.compile(r"\(\d{1,3}(?:[ \t]+[^\W\d_]+)?\)[ \t*_.]*$")
_INDENT = re.compile(r"[ \t]*")
_BRACKETS = re.compile(r"\([^()\n]*\)|\[[^\[\]\n]*\]")
_WORD_AFTER = re.compile(r"[ \t]+[^\W\d_]")


def list_items(text: str, start: int) -> int:
    """How many sibling items the list starting at the first non-blank line from ``start``
    has, its closing total items left out (``shownitems.closing_totals``) (0 when that line
    is not a list item, or when most items end with a count of their
    own: the list then breaks the count down into groups)."""
    lines = text[start : start + MAX_CHARS].split("\n", MAX_LINES)[:MAX_LINES]
    if lines and not lines[0].strip():
        lines = lines[1:]  # the rest of the colon's own line
    while lines and not lines[0].strip():
        lines = lines[1:]
    first = _ITEM.match(lines[0]) if lines else None
    if first is None:
        return 0
    base, items, blank, sized = len(first.group(1)), [], False, 0
    for line in lines:
        if not line.strip():
            blank = True
            continue
        item = _ITEM.match(line)
        indent = len(item.group(1)) if item else len(_INDENT.match(line).group())  # type: ignore[union-attr]
        if item and indent == base:
            items.append(line[item.end() - 1 :])
            blank, sized = False, sized + bool(_SIZE.search(line))
        elif indent > base and not blank:
            continue  # a sub-item or the item's next line
        else:
            break
    if 2 * sized >= len(items):
        return 0  # items with their own sizes: groups
    return len(items) - closing_totals(items)  # a closing "- **Total:** ..." is no item


#: The end of a count's own noun phrase: the first clause or aside mark after it.
_PHRASE_END = re.compile(r"[,;(\[]")
#: The last word before a count (and the spaces or emphasis after it).
_LAST_WORD = re.compile(r"([^\W\d_]+)[\s*_]*$")


def _unranked(answer: str, start: int, span: tuple[int, int], colon: int) -> str:
    """The words of the count's sentence up to its colon, less the ranking words of the
    count's own noun phrase: the word right before the count ("the next 3", "the first 3") and
    those between it and the first comma, bracket or the colon ("3 upcoming trips", "les 3
    prochains rendez-vous").

    Principle: a selection word is a choice among more when it takes a part of what the
    count counts ("5 reminders, including:", "some of your 8 trips:") or names the answer's
    own pick ("the 2 most important:"). A word that picks items by their place in time or
    order, inside the count's noun phrase (``ranking`` in ``flag_counts.json``: next,
    upcoming, first, last, prochains, nächsten, próximos ...), says which records the count
    counts: "You have 3 upcoming trips:" counts the trips still ahead, and the list after it
    is those trips, so it is held against the count as any announced list is. Risk: a
    ranked count before a list of something else than the ranked items (one line per flight
    after "2 upcoming trips:") is read as a contradiction, as it is without the word."""
    ranking = words().ranking
    before = answer[start : span[0]]
    last = _LAST_WORD.search(before)
    if last is not None and tokens(last.group(1)) and tokens(last.group(1))[-1] in ranking:
        before = before[: last.start(1)]
    cut = _PHRASE_END.search(answer, span[1], colon)
    end = cut.start() if cut else colon
    phrase = " ".join(w for w in tokens(answer[span[1] : end]) if w not in ranking)
    return f"{before} {phrase} {answer[end:colon]}"


def _selects(sentence: str) -> bool:
    said = tokens(sentence)
    choice = words().selection
    return any(tuple(said[i : i + n]) in choice for i in range(len(said)) for n in (1, 2))


@cache
def _bound_before() -> re.Pattern[str]:
    """A comparative or limit phrase ending right before a count (five languages)."""
    phrases = alternation((*listed("comparatives"), *listed("limit_cues")))
    return re.compile(rf"(?<![^\W\d_])(?:{phrases})\s*$", re.IGNORECASE)


def _bound(answer: str, start: int) -> bool:
    """Is the count at ``start`` a bound ("more than 7 days", "bis zu 4 Koffer", "plus de 3")?

    Principle: a count after a comparative or limit phrase states a threshold (a policy's
    "more than 7 days before departure"), not how many things there are, so it announces no
    list, whatever follows its clause. Risk: "more than 3 options:" before a list of two
    (an understatement the answer makes of its own list) is no longer read."""
    return bool(_bound_before().search(answer, max(0, start - 24), start))


@cache
def _divisions() -> frozenset[str]:
    return frozenset(
        w.lower() for words in vocabulary.load("counted_lists")["divisions"].values() for w in words
    )


def _shares(answer: str, start: int) -> bool:
    """Is the count at ``start`` a number of shares ("split four ways:", "dividido entre 3:")?

    Principle: a count right after a verb of dividing (at most two words between: "split it
    four ways", "partagé entre 3") says into how many shares something is divided; the list
    after it shows the shares or what each one gets, so it announces no list of that many
    items. Risk: "divided into 3 groups:" before a list of two groups is not read."""
    said = tokens(answer[max(0, start - 40) : start])[-3:]
    return not _divisions().isdisjoint(said)


def _inside(position: int, asides: list[tuple[int, int]]) -> bool:
    return any(a <= position < b for a, b in asides)


def announced_findings(
    finding: Callable[..., Finding],
    evidence: Evidence,
    answer: str,
    counts: Iterable[tuple[int, tuple[int, int], str]],
) -> Iterator[Finding]:
    """``unverified_number`` findings for counts that announce a list of another length.
    ``answer`` is the answer with its emphasis blanked (same offsets)."""
    counts = list(counts)
    starts = sorted(span[0] for _c, span, _t in counts)
    held: tuple[HeldLists, HeldStates] | None = None
    for count, span, text in counts:
        start, end = evidence.sentence_at(span[0])
        intro = answer[start:end].rstrip(" \t*_")
        if not _WORD_AFTER.match(answer, span[1]) or _bound(answer, span[0]) or _shares(answer, span[0]):
            continue
        inline = not intro.endswith(":")  # a colon inside the sentence: an inline enumeration only
        colon = answer.find(":", span[1], end) + 1 if inline else start + len(intro)
        if colon <= 0:
            continue
        asides = [(m.start(), m.end()) for m in _BRACKETS.finditer(answer, start, colon)]
        if _inside(span[0], asides) or ";" in answer[span[1] : colon] or joins_clause(answer, span[1], colon):
            continue  # an aside in brackets, or another clause's count
        clause = max(start, answer.rfind(",", start, span[0]) + 1)  # the count's own clause
        others = [
            o
            for o in starts[bisect_left(starts, clause) : bisect_left(starts, colon)]
            if o != span[0] and not _inside(o, asides)
        ]
        # a part with its whole before an inline enumeration ("two of the four are warm: A, B
        # and C") names the part's members; a block list after "4 of your 6:" may be a choice
        wholes = [
            (c, s) for c, s, _t in counts if inline and others == [s[0]] and part_of(answer, span[1], s[0])
        ]
        if len(others) > MAX_ASIDES or (others and not wholes):
            continue  # "3 of the 5 mean ...": the list may show either; a part's whole is told
        whole = {c for c, _s in wholes}
        link = wholes[0][1] if wholes else (span[1], span[1])  # "of the" names no choice
        if wholes:
            told = answer[start : span[1]] + " " + answer[link[1] : colon]
        else:  # a ranking word of the count's own noun phrase chooses nothing
            told = _unranked(answer, start, span, colon)
        if _selects(_BRACKETS.sub(" ", told)):
            continue  # the list is a choice among more
        if inline:
            items = inline_items(answer, colon)
        else:
            items = list_items(answer, colon) or table_rows(answer, colon) or inline_items(answer, colon)
        if not items or items == count or items in whole:
            continue
        held = held if held is not None else (HeldLists(evidence), HeldStates(evidence))
        lengths = {n for ns in held[0].lengths.values() for n in ns}
        states = {n for ns in held[1].per_list.values() for n in ns}
        said = re.search(rf"(?<![\d.,]){count}(?![\d]|[.,]\d)", evidence.turn.user_message or "")
        if count in lengths or count in states or said:
            continue
        yield finding(
            "unverified_number",
            text,
            CONFIDENCE_ANNOUNCED,
            span,
            f"{text} announced, but the list after it has {items} item(s)",
            evidence={"literal_kind": "count", "listed": items},
        )


__all__ = ["CONFIDENCE_ANNOUNCED", "announced_findings", "list_items"]
