"""A time or date the answer binds to a role of a record ("Lunch at 12:30", "from 3:00 to
4:00 PM", "departs 9:05", "arrive le 7 mai"), read against the record's field with that role.

Principle: a record that holds both a start and an end (an event's start and end, a
flight's departure and arrival, a stay's check-in and check-out) gives each time its role,
and the answer gives one too: the word before the time ("from", "starts", "departs" vs
"until", "ends", "arrives", in five languages: ``time_roles`` in ``numbers.json``; a plain
"at" makes a time the start — not a date: "renews on May 3" is any date of the record —, and
a range link "to" ends a range that a time before it opened). The nearest role word of the
time's own clause decides, so a verb of arriving or leaving in any tense is listed ("landed",
"arrived", "touched down", "llegó", "aterrizó", "atterri", "landete", "angekommen", "chegou" vs
"left", "departed", "took off", "salió", "décollé", "startete", "partiu"): "it landed in Denver
at 9:05" binds the time to the arrival, not, through its plain "at", to the start; a time set
against another ("at 9:05 instead of 8:40", "en lugar de", "au lieu de", "statt":
``time_roles.contrast``) takes no role of its own. A time
that the evidence holds somewhere, stated with a role for a record the answer names, must be
that record's field of that role: the same event's end given as its start is a misread, not
a grounded time. Which record: the one named nearest before the time in its sentence
(``nofab.numbers.anchored``); a record named in an earlier sentence or line is another
item's (a heading above "- Departure: 09:05" is not read: that wider reach raised clean flags).
A time in a bracketed aside takes a record of the clause the aside hangs on, or of the aside
itself (``nofab.numbers.asides``): "the review (ends 2:30) and before the call (starts 3:30)"
binds 3:30 to no review.
A record named right after the time by a short word ("Arrival: 2:35 PM on HAT359", "(HAT359)")
is the record the time is given for, before the one named nearest before it. Risk: a clause
that names another record right after the time for another reason ("leaves at 8:10, on
HAT287's old slot") reads the time against that record.
Records written as one group ("HX310 + HX882 — leaves 6:40 AM, arrives 5:20 PM", joined by
"+", a comma, "and" ...: ``namedsums.JOINER``) are one itinerary: its start is its first
member's and its end its last's, so a time any member holds with the role agrees. Risk: a
time stated of each member ("both leave at 6:40") that only one holds passes.
Which fields: keys whose words say the role (``start_keys`` / ``end_keys``: start,
departure, check-in vs end, arrival, check-out).

A record a later call rewrote is read as rewritten: a call that succeeded, whose arguments
name the record (one of its naming values, e.g. its id) and give a field of the role
("new_start_time"), set that role's value, so the answer's time agrees when it is the
argument's (an event read at 14:00 and moved to 15:00 starts at 15:00). Risk of that reading:
a call naming the record by a value other records share — the naming values are ids and
titles, rarely shared.

Risk: a role word that governs another time of the clause ("moved from 3 to 4": the new
start read as an end) — so a clause with a word of moving (moved, rescheduled, verschoben
... ``time_roles.move``) reads no role, a range link only ends a range a time before it
opened, and a plain "at" after another time of the clause reads no role; a record that holds
several times of one role (legs of a trip) compares against all of them.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterator
from functools import cache, lru_cache
from itertools import pairwise
from typing import TYPE_CHECKING

from nofab.evidence.records import Record
from nofab.model.finding import Finding
from nofab.numbers.anchored import RecordFields
from nofab.numbers.asides import aside_clause
from nofab.numbers.extract import Numeral
from nofab.numbers.lexicon import by_language
from nofab.numbers.namedsums import JOINER
from nofab.numbers.plain import MONTHS

if TYPE_CHECKING:
    from nofab.model.turn import ToolCall

#: A record named right after a time, by a short joining word, is the one the time is given for.
AFTER_REACH = 40
_AFTER_JOIN = re.compile(
    r"[\s*_]*(?:(?:on|aboard|with|via|for|en|con|avec|mit|com|no|na|del|du|do|da|de)\b)?"
    r"[\s*_]*(?:(?:the|el|la|le|der|dem|o|a)\b)?[\s*_(#:–—-]*",
    re.IGNORECASE,
)
#: A group of records read as one itinerary: at most this many, within this many characters.
ROLE_GROUP = 6
ROLE_GROUP_REACH = 300
#: The confidence of a time or date the named record holds under the other role only.
CONFIDENCE_ROLE = 0.8
#: How far back (characters) the clause before a time is read for its role word.
ROLE_REACH = 100

_ROLES = ("move", "start", "end", "range", "at", "contrast")
#: The words of a clause (with their inner apostrophes and hyphens: "jusqu'à", "check-in")
#: and its numbers.
_TOKENS = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*|\d+")
_CLAUSE_END = re.compile(r"[\n.;!?,(•|]")
_KEY_PART = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")
_FIELD_TIME = re.compile(r"(?<!\d)(\d{1,2}):(\d{2})")
_FIELD_DATE = re.compile(r"(?<!\d)(\d{4})-(\d{2})-(\d{2})")


@cache
def _cues() -> dict[str, str]:
    """Each role word or phrase of two or three words ("a las", "en lugar de") of every
    language, lower case, with its role."""
    role_of: dict[str, str] = {}
    for table in by_language("time_roles").values():
        for role in _ROLES:
            for word in table.get(role, ()):
                role_of.setdefault(" ".join(word.lower().replace("’", "'").split()), role)
    return role_of


@cache
def _key_roles() -> dict[str, str]:
    english = by_language("time_roles").get("en", {})
    return {w: role for role in ("start", "end") for w in english.get(f"{role}_keys", ())}


def role_before(answer: str, start: int) -> str | None:
    """The role ("start" or "end") the words before the time at ``start`` give it, "at" when
    only a plain "at" does (a start for a time, nothing for a date: "renews on May 3"), or
    None when its clause gives none it can be sure of. A number written before a month name
    ("le 12 juillet à 16 h 45") is a date's day, not another time of the clause (risk: none
    for times; a day is never a time the range link could close)."""
    lo = max(0, start - ROLE_REACH)
    cut = max((m.end() for m in _CLAUSE_END.finditer(answer, lo, start)), default=lo)
    role_of = _cues()
    words = [w.lower().replace("’", "'") for w in _TOKENS.findall(answer, cut, start)]
    found: list[str | None] = []  # per word or phrase: its role, "#" for a number, else None
    i = 0
    while i < len(words):
        size = next((n for n in (3, 2) if " ".join(words[i : i + n]) in role_of), 0)
        if size and i + size <= len(words):  # a phrase, longest first: "en lugar de", "a las"
            found.append(role_of[" ".join(words[i : i + size])])
            i += size
            continue
        # a day before its month ("le 12 juillet à 16 h 45") is a date's, not another time
        day = words[i][0].isdigit() and i + 1 < len(words) and words[i + 1] in MONTHS
        found.append("#" if words[i][0].isdigit() and not day else role_of.get(words[i]))
        i += 1
    if "move" in found:
        return None  # "moved from 3 PM to 4 PM": an old and a new time, not a range
    weak: str | None = None
    at = False
    for role in reversed(found):
        if role == "contrast":
            return None  # "at 12:55 instead of 11:20": set against the time before, no role of its own
        if role == "#":
            # "from 3:00 to 4:00": the link closes a range; any other word before another
            # time of the clause is that time's, not this one's
            return "end" if weak == "range" else None
        if role in ("start", "end"):
            return role
        weak = weak or role
        at = at or role == "at"
    # A range link with no time before it in the clause closes no range, and is no "at"
    # either: Spanish and Portuguese "a" is also the English article ("it means a 6:00
    # departure"), read as a link it gave the time a start it never had.
    return "at" if at else None


def role_words(answer: str, lo: int, hi: int) -> list[tuple[int, int, str]]:
    """(start, end, role) of each start or end word or phrase ("departs", "llega", "touched
    down") written in ``answer[lo:hi]``, longest phrase first, in order
    (``nofab.numbers.nextday`` reads the one nearest a date)."""
    role_of = _cues()
    tokens = list(_TOKENS.finditer(answer, lo, hi))
    words = [t[0].lower().replace("’", "'") for t in tokens]
    out: list[tuple[int, int, str]] = []
    i = 0
    while i < len(words):
        size = next(
            (n for n in (3, 2, 1) if i + n <= len(words) and " ".join(words[i : i + n]) in role_of), 0
        )
        if not size:
            i += 1
            continue
        role = role_of[" ".join(words[i : i + size])]
        if role in ("start", "end"):
            out.append((tokens[i].start(), tokens[i + size - 1].end(), role))
        i += size
    return out


@lru_cache(maxsize=4096)
def _key_role(key: str) -> str | None:
    """The role a field key says ("scheduled_departure_time_est" -> start), or None; keys
    repeat across records and turns, so each is read once."""
    parts = [p.lower() for p in _KEY_PART.findall(key.rsplit(".", 1)[-1])]
    parts += [a + b for a, b in itertools.pairwise(parts)]  # "check_in" is checkin
    roles = {_key_roles()[p] for p in parts if p in _key_roles()}
    return roles.pop() if len(roles) == 1 else None


def key_role(key: str) -> str | None:
    """The role ("start" or "end") a field key says, or None (``nofab.numbers.recordgaps``
    pairs one record's end with the next one's start)."""
    return _key_role(key)


def _held(record: Record, role: str, numeral: Numeral) -> tuple[list[str], bool]:
    """The record's values of fields with ``role`` that hold a time (or date) at all, and
    whether one of them is the numeral's."""
    values: list[str] = []
    agrees = False
    for key, text in record.values.items():
        if _key_role(key) != role:
            continue
        if numeral.time is not None:
            hour, minute, exact = numeral.time
            times = [(int(h), int(m)) for h, m in _FIELD_TIME.findall(text)]
            if times:
                values.append(text)
                agrees = agrees or any(m == minute and _same_hour(h, hour, exact) for h, m in times)
        elif numeral.date is not None:
            year, month, day = numeral.date
            dates = [(int(y), int(m), int(d)) for y, m, d in _FIELD_DATE.findall(text)]
            if dates:
                values.append(text)
                agrees = agrees or any(m == month and d == day and year in (None, y) for y, m, d in dates)
    return values, agrees


def _written(record: Record, role: str, numeral: Numeral, calls: tuple[ToolCall, ...]) -> bool:
    """Did a call that succeeded name the record and set its field of ``role`` to the
    numeral's time or date (a move or an edit after the read)?"""
    names = {text for _f, text in record.names}
    for call in calls:
        arguments = call.parsed_arguments
        if not isinstance(arguments, dict):
            continue
        flat = {str(k): str(v) for k, v in arguments.items() if isinstance(v, str | int | float)}
        if names.isdisjoint(flat.values()):
            continue
        if _held(Record(where=call.name, names=(), values=flat), role, numeral)[1]:
            return True
    return False


def _same_hour(held: int, hour: int, exact: bool) -> bool:
    """Does a field's hour agree with the answer's? As the evidence's time index reads them:
    a field hour below 12 may be either half of the day (a 12-hour clock written bare), and
    an answer's hour without am/pm may be too."""
    if held == hour or (not exact and held % 12 == hour % 12):
        return True
    return held < 12 and held + 12 == hour


def _joined(fields: RecordFields, answer: str, start: int) -> list[Record]:
    """The records written as one group before the one named nearest ``start`` in its line
    ("HX310 + HX882": HX310), nearest first."""
    floor = max(0, start - ROLE_GROUP_REACH)  # bounded per time, however long the line
    line = answer.rfind("\n", floor, start) + 1
    mentions = fields.named_between(max(line, floor), start, 2 * ROLE_GROUP)
    out: list[Record] = []
    for (_s, end, records), (after, _e, _r) in reversed(list(pairwise(mentions or ()))):
        if not JOINER.fullmatch(answer, end, after):
            break
        out.extend(records)
    return out[: 4 * ROLE_GROUP]


def _named_after(fields: RecordFields, answer: str, end: int) -> list[Record]:
    """The records named right after a time, joined to it by a short word ("2:35 PM on
    HAT359", "14 h 35 avec HAT359", "(HAT359)"), or none."""
    mentions = fields.named_between(end, end + AFTER_REACH, 2)
    if not mentions:
        return []
    start, _end, records = mentions[0]
    return records if _AFTER_JOIN.fullmatch(answer, end, start) else []


def role_findings(finding: Callable[..., Finding], fields: RecordFields) -> Iterator[Finding]:
    """``unverified_number`` findings for times and dates the evidence holds, that the answer
    gives a role for a named record whose field of that role says otherwise."""
    evidence = fields.evidence
    answer = evidence.answer
    dates = evidence.dates
    roles: set[str | None] | None = None
    for numeral in evidence.numerals:
        if numeral.kind not in ("time", "date"):
            continue
        role = role_before(answer, numeral.span[0])  # the cheap test first: most have none
        if role == "at":
            role = "start" if numeral.kind == "time" else None  # "at 12:30"; "due on May 3"
        if role is None:
            continue
        if numeral.time is not None and not dates.has_time(*numeral.time):
            continue  # the direct check reports it already
        if numeral.date is not None and numeral.time is None and not dates.has_date(numeral.date):
            continue
        if roles is None:  # once per turn: do the turn's records hold both roles at all?
            roles = {_key_role(key) for key in {k for r in evidence.records for k in r.values}}
        if not {"start", "end"} <= roles:
            return
        other = "end" if role == "start" else "start"
        held: list[tuple[Record, list[str]]] = []
        # a time in an aside ("call (starts 3:30)"): a record of the clause the aside hangs on
        # "Arrival: 2:35 PM on HAT359": the record named right after the time is the one it is
        # given for; else the one named nearest before it in its sentence
        after = _named_after(fields, answer, numeral.span[1])
        nearest = after or fields.named_in_sentence(numeral.span[0], aside_clause(answer, numeral.span[0]))
        for record in nearest:
            same, agrees = _held(record, role, numeral)
            if agrees or (same and _written(record, role, numeral, evidence.succeeded_calls)):
                held = []
                break
            if same and _held(record, other, numeral)[0]:
                held.append((record, same))
        if held and any(_held(r, role, numeral)[1] for r in _joined(fields, answer, numeral.span[0])):
            held = []  # the time of an itinerary the nearest record ends
        if held:
            record, same = held[0]
            yield finding(
                "unverified_number",
                numeral.text,
                CONFIDENCE_ROLE,
                numeral.span,
                f"{numeral.text} is given as the {role} of {record.label}, whose {role} is {same[0]}",
                evidence={
                    "literal_kind": numeral.kind,
                    "role": role,
                    "record_field": f"{record.label}: {same[0]}",
                },
            )


__all__ = ["CONFIDENCE_ROLE", "ROLE_REACH", "key_role", "role_before", "role_findings", "role_words"]
