"""An item no result holds, enumerated in a read-back of a result's list ("bread, tortillas, eggs").

Principle: an answer that enumerates a list a tool returned (a shopping list's items, a
playlist's songs, a folder's files) copies its items; a series or bulleted list most of whose
items are the items of one list a result holds (strings, or the short texts of its records)
is a read-back of that list, and each of its items should be one of the list's. An item of
such a read-back that matches none of them (neither equal, nor part of one, nor holding one,
nor sharing a content word with one) and that no evidence holds anywhere was invented.

Risk: a list of advice, options or the agent's own suggestions beside the held items ("you
have eggs and bread; maybe add butter"). A series is read as a read-back only when at least
``MIN_MATCHED`` of its items and at least half of them are held items of one list, so a list
of suggestions (which matches none) is never read; an item the user or any result names
passes. Series are split on commas and the coordinators of five languages ("and", "y", "et",
"und", "e"; never "or"); a pronoun ("... and you") and an item made only of closing words
and numbers ("etc.", "and 2 more"; lexicon data) are never items read; a first part that is
a lead-in clause ending in the first item ("vous serez donc 5 avec toi, A, B et C") is read
by its last words only (``_without_lead_in``); at most ``MAX_SERIES`` series of an answer are
read.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from typing import Any

from nofab.evidence.index import Evidence
from nofab.language.text import fold
from nofab.language.vocabulary import LANGUAGES, load, words

CONFIDENCE = 0.8
#: Held items a series must match (and at least half of its items).
MIN_MATCHED = 2
#: Series of one answer read at most (any length, in the order they are found: series after
#: a colon, then bulleted lists), and items of one series.
MAX_SERIES = 64
MAX_ITEMS = 64
#: Lists of the results a series is held against at most (the first found).
MAX_LISTS = 256
#: Longest held item or enumerated item, in characters (longer is prose).
_MAX_ITEM = 60
#: How deep a result is walked for lists, and how many values are read (results are untrusted).
_MAX_DEPTH = 8
_MAX_VALUES = 20000
#: Arguments of one call read at most (arguments are the agent's, but may be long).
_MAX_ARGUMENTS = 64
#: A series after a colon, to the end of its sentence or line (or a semicolon, or the next colon).
_SERIES = re.compile(r":[*_]{0,2}[ \t]+([^\n:;]{3,600}?)(?=[:;\n]|[.!?](?:\s|$)|$)")
#: A bulleted list item.
_BULLET = re.compile(r"^[ \t]*(?:[-*\u2022]|\d{1,2}[.)])[ \t]+(.{1,200})$", re.MULTILINE)
#: A word of an item (with its inner apostrophes and hyphens: "d'autres", "Jean-Luc").
_ITEM_WORD = re.compile(r"[^\W_]+(?:['’-][^\W_]+)*")
_FILLER_WORDS = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")
_CONTENT = re.compile(r"[^\W\d_]{3,}")
_MARKUP = "*_`\"'“”‘’ \t"
#: Where a bulleted item's text ends: a dash between spaces, a parenthesis or a colon.
_ITEM_END = re.compile(r"\s[—–-]\s|\s\(|:")


@cache
def _joiners() -> re.Pattern[str]:
    words = {
        w
        for code in LANGUAGES
        for w in load(code).get("coordinators", ())
        if w not in ("or", "o", "ou", "oder", "ou")
    }
    alternation = "|".join(sorted((re.escape(w) for w in words), key=len, reverse=True))
    return re.compile(rf",\s*(?:(?:{alternation})\s+)?|\s+(?:{alternation})\s+", re.IGNORECASE)


def _strings(values: list[Any]) -> set[str]:
    """The item texts of one list: its short strings, or its records' short texts without
    digits (names, not ids, dates or counts)."""
    out: set[str] = set()
    for v in values:
        if isinstance(v, str):
            if 0 < len(v) <= _MAX_ITEM:
                out.add(fold(v).strip())
        elif isinstance(v, dict):
            out.update(
                fold(t).strip()
                for t in v.values()
                if isinstance(t, str) and 0 < len(t) <= _MAX_ITEM and not any(c.isdigit() for c in t)
            )
    return out


def held_lists(evidence: Evidence) -> list[frozenset[str]]:
    """The item texts of each list of two or more items in the results, then those of the
    calls' arguments (``argument_lists``).

    Each result's lists are read once per content (``Evidence.per_result``: kept in the
    guard's cache while the conversation carries the result) and joined per turn here, with
    the walk's budget and the ``MAX_LISTS`` cap applied across the turn's results in call
    order exactly as one walk over all of them would apply them."""
    readings = {id(call): walk for _label, call, walk in evidence.per_result(_READ_LISTS, _walk)}
    lists: list[frozenset[str]] = []
    budget = _MAX_VALUES
    for call in evidence.succeeded_calls:
        if budget <= 0:
            break
        # a result that is text or null is one value of the walk, holding no list
        found, walked = readings.get(id(call), _NO_LISTS)
        lists.extend(items for at, items in found if at < budget)
        budget -= walked
    lists = lists[:MAX_LISTS]
    lists.extend(argument_lists(evidence)[: max(0, MAX_LISTS - len(lists))])
    return lists


def argument_lists(evidence: Evidence) -> list[frozenset[str]]:
    """The lists the successful calls were given: a list argument ("attendees": [...]), and
    the values of one argument across the calls of one tool ("receiver" of each
    ``SendMessage``).

    Principle: a tool run once per item (a message per recipient, a deletion per reminder)
    acts on the list of its arguments' values as surely as a list returned by a result, and
    the answer's read-back of what was done ("sent to: Aiko, Marcus") enumerates that list.
    Risk: calls of one tool whose values are no one list the answer reads back (a lookup per
    reservation, then a series of cities the answer offers): the read-back rule still needs
    most of a series to be held values, and an item any evidence holds passes."""
    values: dict[tuple[str, str], set[str]] = {}
    lists: list[frozenset[str]] = []
    for call in evidence.succeeded_calls:
        arguments = call.parsed_arguments
        if not isinstance(arguments, dict):
            continue
        for key, value in list(arguments.items())[:_MAX_ARGUMENTS]:
            if isinstance(value, str) and 0 < len(value) <= _MAX_ITEM:
                values.setdefault((call.name, str(key)), set()).add(fold(value).strip())
            elif isinstance(value, list) and len(value) >= MIN_MATCHED and (items := _strings(value[:500])):
                lists.append(frozenset(items))
    lists.extend(frozenset(v) for v in values.values() if len(v) >= MIN_MATCHED)
    return lists


#: The name ``held_lists``' readings are kept under in the guard's cache (they depend on
#: the result alone: no profile field shapes them).
_READ_LISTS = "readbacks.lists"
_NO_LISTS: tuple[tuple[tuple[int, frozenset[str]], ...], int] = ((), 1)


def _walk(result: Any) -> tuple[tuple[tuple[int, frozenset[str]], ...], int]:
    """One result's lists as (the step of the walk that reached it, its item texts), the
    first ``MAX_LISTS``, and the steps the walk took (at most ``_MAX_VALUES``): a turn's
    remaining budget keeps the lists reached before it runs out."""
    found: list[tuple[int, frozenset[str]]] = []
    stack: list[tuple[Any, int]] = [(result, 0)]
    step = 0
    while stack and step < _MAX_VALUES:
        value, depth = stack.pop()
        step += 1
        if depth > _MAX_DEPTH:
            continue
        if isinstance(value, dict):
            stack.extend((v, depth + 1) for v in value.values() if isinstance(v, (dict, list)))
        elif isinstance(value, list):
            if len(found) < MAX_LISTS and len(value) >= MIN_MATCHED and (items := _strings(value[:500])):
                found.append((step - 1, frozenset(items)))
            stack.extend((v, depth + 1) for v in value if isinstance(v, (dict, list)))
    return tuple(found), step


def _series(answer: str) -> Iterator[list[tuple[str, int, int]]]:
    """Each enumeration of the answer as (item, start, end): a series after a colon, and a
    run of bulleted lines (each item's text before a dash, a parenthesis or a colon)."""
    joiners = _joiners()
    for m in _SERIES.finditer(answer):
        items: list[tuple[str, int, int]] = []
        pos = m.start(1)
        for part in joiners.split(m.group(1)):
            at = answer.find(part, pos)
            pos = at + len(part)
            items.append(_trimmed(part, at))
        items = [i for i in items if i[0]]
        yield _without_lead_in(items)
    run: list[tuple[str, int, int]] = []
    end = -1
    for m in _BULLET.finditer(answer):
        if run and m.start() != end + 1:  # (not the line right after the last item)
            yield run
            run = []
        end = m.end()
        text = _ITEM_END.split(m.group(1), maxsplit=1)[0]
        run.append(_trimmed(text, m.start(1)))
    if run:
        yield run


def _without_lead_in(items: list[tuple[str, int, int]]) -> list[tuple[str, int, int]]:
    """The series with its first part cut to its last words when that part is a lead-in
    clause ending in the first item ("vous serez donc 5 avec toi, A, B et C", "this week you
    meet Ana, Bo and Cy").

    Principle: the items of one enumeration have like shapes; a first part longer by more than
    one word than every other item is a clause that leads into the series, and its first item
    is its last words, as many as the longest other item has. The lead-in's words are no item
    (its verb, its count: "vous serez donc 5 avec"); the item at its end is still read, so an
    invented first item is still flagged. Risk: a first item really that long, read only by its
    tail (an invented word in its head passes)."""
    if len(items) < MIN_MATCHED + 1:
        return items
    text, start, end = items[0]
    words = list(_ITEM_WORD.finditer(text))
    longest = max(len(_ITEM_WORD.findall(other)) for other, _s, _e in items[1:])
    if longest == 0 or len(words) <= longest + 1:
        return items
    cut = words[-longest].start()
    return [(text[cut:], start + cut, end), *items[1:]]


def _trimmed(part: str, at: int) -> tuple[str, int, int]:
    """An item without markup around it, and its span."""
    lead = len(part) - len(part.lstrip(_MARKUP))
    core = part.strip(_MARKUP)
    return core, at + lead, at + lead + len(core)


@cache
def _fillers() -> frozenset[str]:
    return frozenset(fold(w) for w in load("id_cues")["list_fillers"])


def _filler(item: str) -> bool:
    """Is the item only words that close an enumeration ("etc.", "2 more", "entre otros")?"""
    return all(w in _fillers() for w in _FILLER_WORDS.findall(item))


def _matches(item: str, held: frozenset[str]) -> bool:
    if item in held:
        return True
    if any(h in item or item in h for h in held if len(h) >= 3):
        return True
    words = set(_CONTENT.findall(item))
    return any(words & set(_CONTENT.findall(h)) for h in held)


def ungrounded_list_items(evidence: Evidence, answer: str) -> Iterator[tuple[str, tuple[int, int], float]]:
    """(shape, span, confidence) of each item of a read-back list that no held list item and
    no evidence holds."""
    if ":" not in answer and "\n" not in answer:
        return
    lists: list[frozenset[str]] | None = None
    for read, series in enumerate(_series(answer)):
        if read >= MAX_SERIES:
            return
        items = [
            (fold(text), start, end) for text, start, end in series[:MAX_ITEMS] if 0 < len(text) <= _MAX_ITEM
        ]
        if len(items) < MIN_MATCHED + 1:
            continue
        if lists is None:
            lists = held_lists(evidence)  # (read only for an answer that enumerates)
            if not lists:
                return
        for held in lists:
            exact = sum(1 for item, _s, _e in items if item in held)
            if exact < MIN_MATCHED or 2 * exact < len(items):
                continue
            pronouns = words("pronouns")
            for item, start, end in items:
                if item in pronouns or _filler(item):
                    continue  # "... and you", "... and 2 more": no item of a list
                if not _matches(item, held) and not evidence.grounds(item):
                    yield "list_item", (start, end), CONFIDENCE
            break


__all__ = [
    "CONFIDENCE",
    "MAX_ITEMS",
    "MAX_LISTS",
    "MAX_SERIES",
    "MIN_MATCHED",
    "argument_lists",
    "held_lists",
    "ungrounded_list_items",
]
