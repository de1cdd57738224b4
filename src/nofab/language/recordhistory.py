"""A read record's history described by a dated participle: "I found your trip, booked on July 20".

Principle: after a read ("I've pulled up your trip", "He encontrado tu viaje"), a participle
joined to it by a comma or a coordinator and dated at once ("booked on July 20", "reservado el
20 de julio", "gebucht am 20. Juli") is a reduced relative clause: it tells when the record
just read was made or changed, a state the record holds, not a deed the agent did this turn.
A deed of this turn takes its own object ("..., cancelled it and refunded the fare") and has
no date of its own to give. The dating words are each language's ``dating_words``
(``language/lexicons/<code>.json``), the month names those of ``numbers.json``.

A passive dated at once in the past by a relative day and a clock time or date ("elle a été
réservée hier à 20 h 15", "it was booked yesterday at 8:15 PM", "fue reservada ayer a las
20:15", and inside the claim where the participle comes last: "wurde gestern um 20:15 Uhr
storniert") tells the record's history the same way, read head or not: the agent's deed of
this turn is never yesterday. The time or date after it stays checked by the number check (it
must be the record's own), which is what keeps this reading narrow.

Risk: a deed done this turn right after a read and dated by its object's date ("I found a
flight, booked on August 16" meaning the agent booked it) is read as the record's history;
a read head is required so that "I cancelled the old flight, rebooked on August 16" still
claims the booking.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from nofab.language.claimfinder import Claim
from nofab.language.vocabulary import LANGUAGES, load
from nofab.numbers.lexicon import alternation, number_words

#: The action a read verb names ("found", "pulled up", "encontrado").
_READ = "read"
#: A sentence's end between the read and the participle puts them in different sentences.
_SENTENCE_END = re.compile(r"[.!?](?!\S)|\n")


@cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """(a claim text that joins its verb to the one before, the date right after a verb)."""
    joins: set[str] = set()
    dating: set[str] = set()
    for code in LANGUAGES:
        spec = load(code)
        joins.update(w for w in spec.get("coordinators", ()) if w.isalpha())
        dating.update(spec.get("dating_words", ()))
    joined = re.compile(rf"(?:,\s*|(?:{alternation(frozenset(joins))})\s+)", re.IGNORECASE)
    months = alternation(frozenset(number_words().months))
    dated = re.compile(
        rf"\s+(?:(?:{alternation(frozenset(dating))})\s+(?:\d|(?:{months})(?!\w))|(?:{months})(?!\w))",
        re.IGNORECASE,
    )
    return joined, dated


def _describes(claim: Claim, head: Claim | None, text: str) -> bool:
    if head is None or head.action.name != _READ or claim.action.name == _READ:
        return False
    joined, dated = _patterns()
    if not joined.match(claim.text) or _SENTENCE_END.search(text, head.span[1], claim.span[0]):
        return False
    return dated.match(text, claim.span[1]) is not None


@cache
def _past_dated() -> re.Pattern[str]:
    """A past relative day ("yesterday", "hier", "ayer", "gestern") and, within a few words,
    a digit (a clock time or a date)."""
    from nofab.numbers.lexicon import by_language

    past = {
        " ".join(p.lower().split())
        for table in by_language("relative_days").values()
        for p, offset in table.items()
        if int(offset) < 0
    }
    words = alternation(frozenset(past)).replace(r"\ ", r"\s+")
    return re.compile(rf"[\s,]+(?:{words})(?!\w)[\s,]+(?:[^\W\d_]+\s+){{0,2}}\d", re.IGNORECASE)


def _past_passive(claim: Claim, text: str) -> bool:
    """A passive dated in the past right after it, or inside it where the participle comes
    last ("wurde gestern um 20:15 Uhr storniert")."""
    if not claim.passive:
        return False
    pattern = _past_dated()
    return pattern.match(text, claim.span[1]) is not None or pattern.search(text, *claim.span) is not None


def without_record_history(claims: Sequence[Claim], text: str) -> list[Claim]:
    """``claims`` without the dated participles that describe a record a read just named,
    and without the passives dated at once in the past (module doc)."""
    out: list[Claim] = []
    head: Claim | None = None
    for claim in claims:
        if not _describes(claim, head, text) and not _past_passive(claim, text):
            out.append(claim)
            head = claim
    return out
