"""A person named as the user's fellow traveller on a record the turn read must be one of
that record's party ("$288 (2 × $144, for you and Emma)" when the reservation's passengers
are Noah and Clara, and Emma is another saved passenger of the profile).

Principle: a record that files its own party under the plain group noun (``passengers``,
``travelers``, ``guests``, ``attendees``: a whole key of ``people_keys.json``'s groups, not a
qualified list such as ``saved_passengers``, which is a directory of people) says who that
booking is for. A party phrase of the answer ("you and ___", "vous et ___", "usted y ___",
"Sie und ___", "você e ___") whose sentence shows a figure of that record (an amount or
price of ten or more, or a code it holds) names that booking's party, so the given name
after it must be a first name of the party. A name that is instead a first name another
person of the results holds (a saved passenger, a contact) was moved from one role to
another: a ``misattributed_value``.

Risk: a sentence that shows a figure of one booking while its party phrase is about another
one (a new booking whose party is not filed yet) is flagged when the name is held elsewhere;
a swapped name no evidence holds at all is left to the name rules; a name a call's
arguments write (a passenger the agent added) passes; a party filed under a qualified key
("booked_passengers") is not read, so a swap there passes.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from nofab.detectors.namerecords import FIRST_FIELD, MAX_DEPTH, People
from nofab.detectors.peoplekeys import people_key
from nofab.evidence.index import Evidence
from nofab.language.text import fold

CONFIDENCE = 0.8
#: "you and ___" in the lexicon languages (the pronoun of address, then "and"). Written to
#: open with a character class (the pronouns' first letters), the word boundary before it a
#: look-behind after it, and each pronoun's tail tied to its first letter: the same matches
#: as ``\b(?:[Yy]ou|[Vv]ous|...)``, but the scan for a first letter runs in C (an opening
#: ``\b`` made the engine try every position of every answer in turn).
_PARTY = re.compile(
    r"[YyVvTtUuSsDd](?<!\w.)(?:(?<=[Yy])ou|(?<=[Vv])ous|(?<=[Tt])oi|(?<=[Uu])sted|(?<=[Tt])i|(?<=[Ss])ie"
    r"|(?<=[Dd])ich|(?<=[Vv])ocê)\s+(?:and|et|y|und|e)\s+([A-ZÀ-ÖØ-Þ][^\W\d_]{1,30})\b"
)
#: A figure of the answer: digits, thousands separators, decimals.
_FIGURE = re.compile(r"\d[\d,]*(?:\.\d+)?")
#: A code of the answer: letters and digits ("TD8Y4H").
_CODE = re.compile(r"\w+(?:-\w+)*")
#: Records read per result and values per record (results are untrusted input).
_MAX_VALUES = 400


def _party_records(value: Any) -> tuple[tuple[frozenset[str], frozenset[str]], ...]:
    """(the party's first names, the record's ties: its numbers of ten or more and its
    codes) of every object that files its party under a plain group key."""
    out: list[tuple[frozenset[str], frozenset[str]]] = []
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_DEPTH:
            continue
        if isinstance(item, dict):
            party = _party(item)
            if party:
                out.append((party, _ties(item)))
            stack.extend((v, depth + 1) for v in item.values() if isinstance(v, (dict, list)))
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item if isinstance(v, (dict, list)))
    return tuple(out)


def _party(record: dict[Any, Any]) -> frozenset[str]:
    names: set[str] = set()
    for key, value in record.items():
        if not isinstance(value, list) or people_key(str(key)) != "group" or "_" in str(key):
            continue
        for person in value:
            if isinstance(person, dict):
                firsts = (v for k, v in person.items() if isinstance(v, str) and FIRST_FIELD.search(str(k)))
                names.update(fold(v) for v in firsts)
    return frozenset(names)


def _ties(record: dict[Any, Any]) -> frozenset[str]:
    out: set[str] = set()
    stack: list[Any] = [record]
    seen = 0
    while stack and seen < _MAX_VALUES:
        item = stack.pop()
        seen += 1
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, (int, float)) and not isinstance(item, bool) and abs(item) >= 10:
            out.add(_number(str(abs(item))))
        elif isinstance(item, str) and any(c.isdigit() for c in item) and any(c.isalpha() for c in item):
            out.add(fold(item))
    return frozenset(out)


def _number(text: str) -> str:
    value = float(text.replace(",", ""))
    return str(int(value)) if value == int(value) else str(value)


def swapped_party(evidence: Evidence, answer: str) -> Iterator[tuple[tuple[int, int], str]]:
    """(span, the tied records' party as written) of each party phrase's name that is another
    person of the results, not the party of the record its sentence shows a figure of."""
    phrases = list(_PARTY.finditer(answer))
    if not phrases:
        return
    records = [r for _l, _c, found in evidence.per_result("parties.records", _party_records) for r in found]
    if not records:
        return
    first, _last = People(evidence).held()
    arguments = " ".join(fold(str(c.arguments)) for c in evidence.turn.tool_calls)
    for m in phrases:
        name = fold(m.group(1))
        if name not in first or name in arguments:
            continue
        start, end = evidence.sentence_at(m.start())
        sentence = answer[start:end]
        shown = {_number(f) for f in _FIGURE.findall(sentence)} | {fold(w) for w in _CODE.findall(sentence)}
        tied = [party for party, ties in records if ties & shown]
        if tied and not any(name in party for party in tied):
            yield m.span(1), ", ".join(sorted(n.title() for party in tied for n in party))


__all__ = ["CONFIDENCE", "swapped_party"]
