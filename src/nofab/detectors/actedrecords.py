"""A person named as what a deed acted on, who belongs to another record: "ho spostato la
riunione con Marco Bassi" when the ModifyEvent call moved ev_9120, "Riunione con Giulia
Ferri", and Marco Bassi is the lunch beside it.

Principle: a deed's call names the record it acts on by an identifier (``event_id``,
``reservation_id``, ``reminder_id`` ... any argument whose key ends in "id"); an earlier
result of the conversation holds that record among its siblings (the other events of the
day, the other reservations of the user). A claim of that deed that describes its object by
a person ("the meeting with X", "la reserva de X", "le rendez-vous avec X") names someone of
the record acted on. A full name (two capitalised words or more) in the claim's clause (from
its start to the end of the sentence or the next semicolon) that is all words of a sibling
record and no word of the acted record's names says the deed was done to the other record.

Risk: a clause that names another record's person for another reason ("moved the review
with Ana next to the lunch with Marco Bassi") is read as a swap when the acted record names
no person at all of that clause; a name any two records share is never read.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from nofab.detectors.boundpeople import NAME_RUN
from nofab.language.capabilities import definitions_by_name
from nofab.language.text import fold

if TYPE_CHECKING:
    from nofab.evidence.index import Evidence
    from nofab.evidence.records import Record

#: The confidence of a deed's object named by another record's person.
CONFIDENCE = 0.8
#: Records read at most per list (a hostile result stays bounded).
MAX_SIBLINGS = 200
_CLAUSE_END = re.compile(r"[.!?;](?!\w)|\n")
_WORD = re.compile(r"[^\W\d_]+")
_INDEX = re.compile(r"\[\d+\]$")


def _words(text: str) -> frozenset[str]:
    return frozenset(fold(w) for w in _WORD.findall(text) if len(w) > 1)


def _acted(evidence: Evidence) -> list[tuple[Record, list[Record]]]:
    """(record acted on, its siblings) for each successful call of this turn whose id
    argument names a record of a list in the results."""
    by_id: dict[str, list[Record]] = {}
    lists: dict[str, list[Record]] = {}  # the named records of each list, by the list's path
    for record in evidence.records:
        for key, text in record.names:
            if key.lower().endswith("id") and text:
                by_id.setdefault(text, []).append(record)
        if record.names and _INDEX.search(record.where):
            lists.setdefault(_INDEX.sub("", record.where), []).append(record)
    out: list[tuple[Record, list[Record]]] = []
    for call in evidence.succeeded_calls:
        arguments = call.parsed_arguments
        if call.earlier or not isinstance(arguments, dict):
            continue
        for key, value in arguments.items():
            if not (isinstance(value, str) and str(key).lower().endswith("id")):
                continue
            for record in by_id.get(value, ()):
                if not _INDEX.search(record.where):
                    continue  # no list: no sibling to mistake it for
                parent = _INDEX.sub("", record.where)
                siblings = [r for r in lists.get(parent, ()) if r is not record][:MAX_SIBLINGS]
                if siblings:
                    out.append((record, siblings))
    return out


def misnamed_objects(evidence: Evidence) -> Iterator[tuple[tuple[int, int], str]]:
    """(span of a name, the label of the record acted on) for each deed claim whose clause
    names another record's person (module doc)."""
    claims = [c for c in evidence.claims if c.action.hints is not None]
    if not claims or not evidence.succeeded_calls:
        return
    acted = _acted(evidence)
    if not acted:
        return
    answer = evidence.answer
    definitions = definitions_by_name(evidence.turn.tools)
    calls = evidence.current_calls
    for claim in claims:
        if evidence.lexicon.grounded_by(claim.action, calls, claim.objects, definitions) is None:
            continue
        # from the claim's start: a verb-final claim holds its object inside its span
        # ("Ich habe die Besprechung mit X verschoben")
        end = _CLAUSE_END.search(answer, claim.span[1])
        clause = (claim.span[0], end.start() if end else len(answer))
        for run in NAME_RUN.finditer(answer, *clause):
            named = _words(run.group())
            if len(named) < 2:
                continue
            for record, siblings in acted:
                own = _words(" ".join(t for _k, t in record.names))
                if named & own:
                    break  # the clause names the record acted on
                if any(named <= _words(" ".join(t for _k, t in s.names)) for s in siblings):
                    yield run.span(), record.label
                    break


__all__ = ["CONFIDENCE", "misnamed_objects"]
