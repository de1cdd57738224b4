"""People a sending claim names who are none of the recipients this turn's messages went to:
"I messaged Kofi and Marta" when the SendMessage calls went to kofi_mensah and lena_hoffmann.

Principle: a claim of sending, messaging or e-mailing (``send``, ``notify``, ``email``
actions) names its recipients right after its verb, or after "to" ("sent the new time to
Kofi and Lena", "le escribí a Kofi y a Marta"): the names coordinated there (by commas and
the lexicon's conjunctions). When this turn's successful calls that send name their
recipients (a ``to``, ``receiver``, ``recipient``, ``cc`` argument ... as a name, a handle
built from one, or an address), each named person must be one of them: a first name or
full name all of whose words are a recipient's. A name that is none of them but another
person of the results (all its words one person's: an attendee, a sender) is a finding: the
message went to someone else.

A name no person of the results holds ("Mom" for ``mary_lee``, a nickname) is not read.

A handle of a name and an initial ("dana.w", "d_whitfield") holds the name's word and the
initial's letter: "Dana Whitfield" is that recipient (each word is the handle's word or starts
with its initial, one word at least in full), "Marcus Lee" is not. Risk: two people of one
first name and initial are one recipient.

Risk: recipients given only by opaque ids or one-word handles ("u_8812", "decture", "alima")
are never read (the rule then stays silent for the whole claim); a name the answer adds to
the list for another reason ("I messaged Kofi and Lena, Marta's team") is read as a
recipient when only commas and conjunctions join it. Recipients named before a verb that ends
its clause (German "Ich habe Kofi und Marta benachrichtigt") are not read.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from nofab.detectors.peoplekeys import display_name, handle_words
from nofab.detectors.persons import persons_of
from nofab.language.text import fold, strip_accents

if TYPE_CHECKING:
    from nofab.evidence.index import Evidence

#: The confidence of a named recipient no message went to.
CONFIDENCE = 0.8
#: Argument keys (folded, any language's usual tool spelling) that hold a message's recipients.
RECIPIENT_KEYS = frozenset(
    {"to", "receiver", "receivers", "recipient", "recipients", "cc", "bcc", "recipient_name",
     "recipient_email", "to_email", "receiver_id", "user", "username", "contact", "phone", "number"}
)  # fmt: skip
_ACTIONS = frozenset({"send", "notify", "email"})
_NAME_WORD = r"[A-ZÀ-ÖØ-Þ][^\W\d_]+(?:[-'’][^\W\d_]+)?"
_NAME = re.compile(rf"{_NAME_WORD}(?:[ \t]{_NAME_WORD}){{0,2}}")
#: Where the names may start after the verb: right after it (markup aside), or after an
#: address word that at most five lower-case words lead to ("sent the new time to").
_SKIP = re.compile(r"[\s*_]*")
_ADDRESS = re.compile(r"(?<![^\W\d_])(?:to|a|à|an|para|al|ao|aux)[\s*_]+")
_LEAD_WORDS = re.compile(r"[\s*_]*(?:[a-zà-ÿ'’]+[\s*_]+){0,6}")
#: A handle of a name and an initial, either way round ("dana.w", "d_whitfield").
_INITIALLED = re.compile(r"(?=[a-z]{2,}[._][a-z]$|[a-z][._][a-z]{2,}$)([a-z]+)[._]([a-z]+)")
#: Between two names: a comma or a conjunction (with an address word after it).
_JOIN = re.compile(r"[\s*_]*(?:,|\band\b|&|\by\b|\be\b|\bet\b|\bund\b)(?:[\s*_]+(?:a|à|an|to))?[\s*_]*")


def _words(name: str) -> frozenset[str]:
    return frozenset(strip_accents(fold(w)) for w in re.split(r"[\s_.]+", name) if w)


def _recipients(evidence: Evidence) -> list[tuple[frozenset[str], str]] | None:
    """The name words of each recipient of this turn's successful sending calls; None when a
    recipient is given in a form no name can be read from (an id), or no call names one."""
    out: list[tuple[frozenset[str], str]] = []
    for call in evidence.succeeded_calls:
        if call.earlier or not isinstance(call.parsed_arguments, dict):
            continue
        for key, value in call.parsed_arguments.items():
            if fold(str(key)) not in RECIPIENT_KEYS:
                continue
            for item in value if isinstance(value, list) else [value]:
                words = _name_of(item)
                if words is None:
                    return None
                out.append((words, str(item).strip()))
    return out or None


def _name_of(item: Any) -> frozenset[str] | None:
    if not isinstance(item, str) or not item.strip():
        return None
    text = item.strip()
    if "@" in text:
        name, _from_address = display_name(text)
        return _words(name) if name else None
    if text[:1].isupper():
        return _words(text)
    # a handle in a recipient argument is a person's: its letter runs are the name's words
    # ("kofi_mensah", "lena.hoffmann"), whether or not the gazetteer knows the first
    built = handle_words(text)
    if built:
        return _words(built)
    initialled = _INITIALLED.fullmatch(text)
    if initialled is None:
        return None
    first, second = initialled.group(1), initialled.group(2)
    return frozenset(w if len(w) > 1 else w + "." for w in (fold(first), fold(second)))


def _is(words: frozenset[str], held: frozenset[str]) -> bool:
    """Is a name of ``words`` the recipient whose handle holds ``held`` (words, and initials
    written "w.")?"""
    return any(w in held for w in words) and all(w in held or f"{w[:1]}." in held for w in words)


def _named(answer: str, end: int) -> Iterator[tuple[tuple[int, int], str]]:
    """The coordinated names right after a claim ending at ``end``."""
    at = _SKIP.match(answer, end).end()  # type: ignore[union-attr]
    if _NAME.match(answer, at) is None:
        reach = _LEAD_WORDS.match(answer, end).end()  # type: ignore[union-attr]
        starts = [m.end() for m in _ADDRESS.finditer(answer, end, reach + 4) if _NAME.match(answer, m.end())]
        if not starts:
            return
        at = starts[0]
    while True:
        name = _NAME.match(answer, at)
        if name is None:
            return
        yield name.span(), name.group()
        join = _JOIN.match(answer, name.end())
        if join is None or join.end() == name.end():
            return
        at = join.end()


def wrong_recipients(evidence: Evidence, answer: str) -> Iterator[tuple[tuple[int, int], str]]:
    """(span of a name, the recipients written) for each person a sending claim names whom
    none of this turn's messages went to (module doc)."""
    claims = [c for c in evidence.claims if c.action.name in _ACTIONS and not c.passive]
    if not claims:
        return
    recipients = _recipients(evidence)
    if not recipients:
        return
    shown = ", ".join(raw for _w, raw in recipients)
    people: list[frozenset[str]] | None = None
    for claim in claims:
        for span, name in _named(answer, claim.span[1]):
            words = _words(name)
            if any(_is(words, held) for held, _raw in recipients):
                continue
            if people is None:
                people = [frozenset(strip_accents(w) for w in p) for p in persons_of(evidence)]
            if any(words <= person for person in people):
                yield span, shown  # another person of the results, not a nickname ("Mom")


__all__ = ["CONFIDENCE", "RECIPIENT_KEYS", "wrong_recipients"]
