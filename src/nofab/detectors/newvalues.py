"""New values a change claim names, held to the calls that could have set them.

Principle: a change claim that names the value it set ("I've set your recovery phone to
617-555-0148", "changed your email to ana@example.com", "moved the meeting to 3 PM",
"Ihre Telefonnummer auf +49 170 1234567 geändert") is done only by a successful call of this
turn whose arguments or result hold that value. A tool able to do that kind of change
(``UpdateAccountSettings(two_factor=true)``) grounds the verb, but when no call of the turn
carries the value, the deed that set it did not happen: the value came from the user's
request, and the answer reports the request as done.

Only values with an identity are held: an e-mail address (compared without case), a phone
number (its digits), a clock time, a calendar date or an amount of money (read by
``nofab.numbers.extract``, so "3 PM" is "15:00" and "May 20" is "2024-05-20"), and a code
that mixes letters and digits ("HAT123"). Plain words ("to business") and bare counts ("to 2
bags") are never held: their wording varies too much between the answer and the call.

A call that sets items by reference (``flights=[{"flight_number": "HAT305", ...}]``, a list of
attendees, a seat) sets what those items are: the departure time an earlier search gave for
HAT305 is the new departure of the trip it was set on ("moved your return to the 5:40 PM
flight (HAT305)", "avec un départ à 17 h 40"). So a value held by another result's record
that names such an item (a code inside the arguments' lists or objects, never a top-level
argument: ``reservation_id`` names the thing changed, whose earlier record holds its *old*
values) counts as held by the call.

Risks: a value written in a shape the calls spell otherwise (a phone stored without its
country code is still found by its last digits; a time stored as minutes since midnight is
not), and a sentence that names a second, unrelated target after the change ("updated your
profile, which forwards to ana@example.com") is read as the new value.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterator, Sequence
from functools import cache, lru_cache

from nofab.evidence.index import Evidence
from nofab.language.lexicon import Claim
from nofab.language.vocabulary import load
from nofab.model.finding import Finding
from nofab.model.turn import ToolCall
from nofab.numbers.extract import extract_numerals
from nofab.numbers.numeral import Numeral

#: How deep a call's arguments and result are walked (they are untrusted input).
_DEPTH = 8
#: Digits a phone number has at least (shorter runs are counts, years, prices).
_PHONE_DIGITS = 7
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+", re.UNICODE)
_PHONE = re.compile(r"\+?\(?\d[\d\s().-]{5,}\d")
#: A code that mixes letters and digits ("HAT123", "ORD-7781A"), five characters or more.
_CODE = re.compile(r"(?=[\w-]*\d)(?=[\w-]*[^\W\d_])[\w][\w-]{3,}[\w]")
#: An ISO timestamp's "T" hides its time from the numeral reader.
_ISO_T = re.compile(r"(?<=\d)T(?=\d\d:\d\d)")
#: Where a sentence ends: a stop before a space, or a line break.
_SENTENCE_END = re.compile(r"[.!?](?=\s)|\n")
#: What may stand between the preposition and the value (markup, "the new", quotes).
_LEAD = re.compile(r"[\s*_`\"'“”«»(]*")


def _either(words: Sequence[str]) -> str:
    return "|".join(re.escape(w) for w in words)


@cache
def _spec() -> tuple[frozenset[str], dict[str, re.Pattern[str]], frozenset[str]]:
    """(the actions that set a value, {language: its new-value prepositions as a pattern},
    the languages whose participle follows the value)."""
    data = load("new_values")
    articles = data["articles"]
    prepositions = {
        lang: re.compile(
            rf"(?<!\w)(?:{_either(words)})(?!\w)"
            + (rf"(?:\s+(?:{_either(articles[lang])})(?!\w))?" if lang in articles else ""),
            re.IGNORECASE,
        )
        for lang, words in data["prepositions"].items()
    }
    return frozenset(data["actions"]), prepositions, frozenset(data["value_before_verb"])


def _leaves(value: object, depth: int = 0) -> Iterator[str]:
    """Every string and number a call's arguments or result hold, as text."""
    if depth > _DEPTH:
        return
    if isinstance(value, dict):
        for item in value.values():
            yield from _leaves(item, depth + 1)
    elif isinstance(value, list):
        for item in value:
            yield from _leaves(item, depth + 1)
    elif isinstance(value, str):
        yield value
    elif isinstance(value, (int, float)) and not isinstance(value, bool):
        yield str(value)


def call_values(call: ToolCall) -> list[str]:
    """Every value a call's arguments and result hold, as text."""
    return [*_leaves(call.parsed_arguments), *_leaves(call.parsed_result)]


def _digits(text: str) -> str:
    return "".join(c for c in text if c.isdigit())


def _same_numeral(wanted: Numeral, held: Numeral) -> bool:
    """Whether two numerals name one time, date or amount (formats aside)."""
    if wanted.kind == "time" and held.kind == "time":
        return wanted.time is not None and held.time is not None and wanted.time[:2] == held.time[:2]
    if wanted.kind == "date" and held.kind == "date" and wanted.date and held.date:
        year = wanted.date[0]
        return wanted.date[1:] == held.date[1:] and (year is None or held.date[0] in (None, year))
    if wanted.kind == "money":
        return held.kind in ("money", "number") and abs(held.value - wanted.value) < 0.005
    return False


@lru_cache(maxsize=4096)
def _numerals_of(leaf: str) -> tuple[Numeral, ...]:
    """The times, dates and amounts a call's value holds (read once per value: every change
    claim of every turn of a conversation asks the same calls)."""
    if leaf.replace(".", "", 1).isdigit():
        return (Numeral((0, len(leaf)), leaf, "number", float(leaf)),)
    return tuple(extract_numerals(_ISO_T.sub(" ", leaf)))


class NewValue:
    """One value a claim names as set, and how to tell whether a call holds it."""

    __slots__ = ("kind", "numerals", "text")

    def __init__(self, text: str, kind: str, numerals: tuple[Numeral, ...] = ()) -> None:
        self.text = text
        self.kind = kind
        self.numerals = numerals

    def held_by(self, leaves: Sequence[str]) -> bool:
        """Whether any of ``leaves`` (a call's values as text) holds this value."""
        if self.kind == "email":
            return any(self.text.casefold() in leaf.casefold() for leaf in leaves)
        if self.kind == "phone":
            # The last seven digits: a number stored without (or with) its country code.
            tail = _digits(self.text)[-_PHONE_DIGITS:]
            return any(tail in _digits(leaf) for leaf in leaves)
        if self.kind == "code":
            return any(self.text.casefold() in leaf.casefold() for leaf in leaves)
        return any(_same_numeral(w, h) for leaf in leaves for h in _numerals_of(leaf) for w in self.numerals)


def value_at(text: str) -> NewValue | None:
    """The value that opens ``text`` (right after a new-value preposition), or None."""
    text = text[_LEAD.match(text).end() :]  # type: ignore[union-attr]
    email = _EMAIL.match(text)
    if email:
        return NewValue(email.group(0).rstrip("."), "email")
    phone = _PHONE.match(text)
    if phone and len(_digits(phone.group(0))) >= _PHONE_DIGITS and not re.match(r"\d{4}-\d\d-\d\d", text):
        return NewValue(phone.group(0), "phone")
    head = text[:40]
    numerals = tuple(
        n for n in extract_numerals(head) if n.span[0] <= 4 and n.kind in ("time", "date", "money")
    )
    if numerals:
        return NewValue(head, "numeral", numerals)
    code = _CODE.match(text)
    if code and not code.group(0).isdigit():
        return NewValue(code.group(0), "code")
    return None


def claimed_value(claim: Claim, answer: str, bounds: Callable[[], tuple[int, int]]) -> NewValue | None:
    """The new value a change claim names within ``bounds()`` (its sentence, cut at the claims
    before and after it; asked only of a change claim in a language with new-value words):
    after the verb ("set your phone **to** X"), or, in a language that puts the participle
    last, before it ("**auf** X geändert")."""
    actions, prepositions, before = _spec()
    pattern = prepositions.get(claim.language)
    if pattern is None or claim.action.name not in actions:
        return None
    first, last = bounds()
    start = first if claim.language in before else claim.span[0]
    region = answer[start:last]
    for match in pattern.finditer(region):
        value = value_at(region[match.end() :])
        if value is not None:
            return value
    return None


class _Edges:
    """Where the answer's sentences end and its claims start and end, sorted once per answer
    so that each claim's bounds are a few binary searches (an answer may hold thousands of
    claims: a scan of all of them per claim would be quadratic)."""

    __slots__ = ("claim_ends", "claim_starts", "stop_ends", "stop_starts")

    def __init__(self, evidence: Evidence) -> None:
        stops = list(_SENTENCE_END.finditer(evidence.answer))
        self.stop_ends = [m.end() for m in stops]
        self.stop_starts = [m.start() for m in stops]
        self.claim_ends = sorted(c.span[1] for c in evidence.claims)
        self.claim_starts = sorted(c.span[0] for c in evidence.claims)


#: The last answer's edges (one entry, swapped whole, so threads never see half of one).
_last_edges: tuple[Evidence, _Edges] | None = None


def _edges(evidence: Evidence) -> _Edges:
    global _last_edges
    last = _last_edges
    if last is not None and last[0] is evidence:
        return last[1]
    edges = _Edges(evidence)
    _last_edges = (evidence, edges)
    return edges


def _bounds(evidence: Evidence, claim: Claim) -> tuple[int, int]:
    """The claim's sentence (a stop before a space, or a line break, ends one: the dot of an
    address does not), cut at the end of the claim before it and the start of the one after."""
    edges = _edges(evidence)
    first, last = claim.span
    i = bisect_right(edges.stop_ends, first)
    start = edges.stop_ends[i - 1] if i else 0
    j = bisect_left(edges.stop_starts, last)
    end = edges.stop_starts[j] if j < len(edges.stop_starts) else len(evidence.answer)
    i = bisect_right(edges.claim_ends, first)
    if i:
        start = max(start, edges.claim_ends[i - 1])
    j = bisect_left(edges.claim_starts, last)
    if j < len(edges.claim_starts):
        end = min(end, edges.claim_starts[j])
    return start, end


def _referenced(value: object, depth: int = 0) -> Iterator[str]:
    """The codes a call's arguments name inside a list or object (the items it sets by
    reference), not at the top level (the thing it changes)."""
    if depth > _DEPTH:
        return
    items = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    for item in items:
        if isinstance(item, (dict, list)):
            yield from _referenced(item, depth + 1)
        elif depth and isinstance(item, str) and _CODE.fullmatch(item) and not item.isdigit():
            yield item


def _records_naming(value: object, codes: frozenset[str], depth: int = 0) -> Iterator[dict[str, object]]:
    """Every object in ``value`` that holds one of ``codes`` as one of its own values."""
    if depth > _DEPTH:
        return
    items: list[object]
    if isinstance(value, dict):
        items = list(value.values())
        if any(isinstance(v, str) and v in codes for v in items):
            yield value
    elif isinstance(value, list):
        items = value
    else:
        return
    for item in items:
        yield from _records_naming(item, codes, depth + 1)


def _item_values(call: ToolCall, others: Sequence[ToolCall]) -> list[str]:
    """The values other results' records give for the items ``call`` sets by reference."""
    arguments = call.parsed_arguments
    codes = frozenset(_referenced(arguments)) if isinstance(arguments, (dict, list)) else frozenset()
    if not codes:
        return []
    return [
        leaf
        for other in others
        if other is not call
        for record in _records_naming(other.parsed_result, codes)
        for leaf in _leaves(record)
    ]


def unset_value(
    evidence: Evidence, claim: Claim, calls: Sequence[ToolCall], finding: Callable[..., Finding]
) -> Finding | None:
    """A finding (built by the detector's ``finding``) when a change claim names a value (in
    its sentence, before the next claim) that no successful call of this turn (``calls``)
    holds in its arguments or result."""
    value = claimed_value(claim, evidence.answer, lambda: _bounds(evidence, claim))
    if value is None:
        return None
    for call in calls:
        if value.held_by(call_values(call)):
            return None
    others = evidence.turn.tool_calls
    if any(value.held_by(_item_values(call, others)) for call in calls):
        return None
    text = value.text.strip()[:40]
    return finding(
        "verb_claim",
        claim.text,
        claim.action.confidence,
        claim.span,
        f"claims '{claim.text}' set to {text}, but no call this turn holds that value",
        evidence={"new_value": text, "tools_run": [c.name for c in calls]},
    )
