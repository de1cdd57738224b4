"""The people of an answer that are other people of the results, by the rule that tells: a
fellow traveller who is not the booking's party (``parties``), a name beside another person's
identifying value (``boundpeople``), a recipient no message went to (``recipients``), a
deed's object named by another record's person (``actedrecords``), a person named as replaced
who stays on the list the call set (``replacedpeople``). Each yields (span,
confidence, reason, evidence) for the entities detector's ``misattributed_value`` findings;
the principle and risk of each rule are in its module."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from nofab.detectors import actedrecords, boundpeople, parties, recipients, replacedpeople

if TYPE_CHECKING:
    from nofab.evidence.index import Evidence

Swap = tuple[tuple[int, int], float, str, dict[str, Any]]


def person_swaps(evidence: Evidence) -> Iterator[Swap]:
    """Every swapped person the five rules find, in rule order."""
    answer = evidence.answer
    for span, party in parties.swapped_party(evidence, answer):
        text = answer[span[0] : span[1]]
        why = (
            f"{text}, named as a fellow traveller, is another person of the results: the party of"
            f" the booking its sentence shows is {party}"
        )
        yield span, parties.CONFIDENCE, why, {"shape": "party_person", "held": party}
    for span, own in boundpeople.swapped_bindings(evidence, answer):
        text = answer[span[0] : span[1]]
        why = f"{text} is named beside a value that identifies another person of the results: {own}"
        yield span, boundpeople.CONFIDENCE, why, {"shape": "bound_person", "held": own}
    for span, shown in recipients.wrong_recipients(evidence, answer):
        text = answer[span[0] : span[1]]
        why = f"{text} is named as a recipient, but this turn's messages went to {shown}"
        yield span, recipients.CONFIDENCE, why, {"shape": "recipient", "held": shown}
    for span, label in actedrecords.misnamed_objects(evidence):
        text = answer[span[0] : span[1]]
        why = f"{text} belongs to another record than the one this turn's call acted on: {label}"
        yield span, actedrecords.CONFIDENCE, why, {"shape": "acted_record", "held": label}
    for span, name in replacedpeople.kept_as_replaced(evidence):
        why = f"{name} is named as replaced or removed, but stays on the list this turn's call set"
        yield span, replacedpeople.CONFIDENCE, why, {"shape": "kept_person", "held": name}


__all__ = ["person_swaps"]
