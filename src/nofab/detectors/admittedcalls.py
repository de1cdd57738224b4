"""Which failed call an answer's admission describes: "the gift card was declined" excuses
the gift card's call, not the Visa's.

Principle: an admission of failure in the answer ("your gift card was declined", "la carte
cadeau a été refusée") only excuses the failed call it describes. When several calls of one
tool failed for different objects (two payment methods, two recipients), each object is named
by its argument value (``gift_card_7781``, read as "gift card 7781") or by the fields of the
record that holds that value in the turn's results (a card's brand "mastercard", its last
digits "4417"). A sentence (or the side of a "but" that reports success) that names a failed
call's object that no admission sentence names (the admissions name another failed call's object) claims that
call's deed done: the admission of one failure does not cover it.

Read narrowly: only calls of one tool that failed this turn with different argument values,
only those values that tell the calls apart, and only when some admission sentence names one
of them (an admission naming none is read as admitting every failure, as before).

Risk: a sentence that names the other object while still speaking of the failure without any
admission word ("then your Mastercard: same result") is read as a success; a record field
shared by both objects (both cards are "visa") names both, so neither is singled out.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence

from nofab.evidence.index import Evidence
from nofab.language.text import find_token, fold
from nofab.model.turn import ToolCall

#: A sentence ends at a stop before a space, or a line break.
_SENTENCE_END = re.compile(r"[.!?](?=\s)|\n")
#: Within the success's own sentence, a contrastive conjunction ("..., but", "mais", "pero",
#: "aber", "mas", "however") ends a report: "it went through to Dana, but the one to Lee
#: bounced" reports a success and a failure side by side.
_CLAUSE_END = re.compile(
    r"[.!?](?=\s)|\n|[,;]?\s+(?:but|however|whereas|mais|pero|sin embargo|aber|jedoch|mas|porém)(?=\s)"
)
#: Names shorter than this are no object's ("visa" is four).
_MIN_NAME = 4
#: How deep a result is walked for the record that holds a value, and how many nodes read.
_DEPTH = 6
_MAX_NODES = 2000


def _plain(text: str) -> str:
    """Folded, ids' underscores read as spaces ("gift_card_7781" -> "gift card 7781")."""
    return fold(text).replace("_", " ")


def _records_holding(result: object, value: str) -> Iterator[dict[object, object]]:
    """The objects of a result that hold ``value`` as one of their own values, or that a
    mapping keys by it (bounded)."""
    stack: list[tuple[object, int]] = [(result, 0)]
    nodes = 0
    while stack and nodes < _MAX_NODES:
        node, depth = stack.pop()
        nodes += 1
        if depth > _DEPTH:
            continue
        if isinstance(node, dict):
            if value in node.values():
                yield node
            keyed = node.get(value)
            if isinstance(keyed, dict):
                yield keyed  # records keyed by their id ({"credit_card_7702164": {...}})
            stack.extend((v, depth + 1) for v in node.values())
        elif isinstance(node, list):
            stack.extend((v, depth + 1) for v in node)


def _names(evidence: Evidence, value: str) -> frozenset[str]:
    """How an answer may name the object ``value`` is: the value, and the string fields of
    the records that hold it (a card's source, brand and last digits)."""
    names = {_plain(value)}
    for call in evidence.succeeded_calls:
        for record in _records_holding(call.parsed_result, value):
            names.update(_plain(v) for v in record.values() if isinstance(v, str))
    return frozenset(n for n in names if len(n.strip()) >= _MIN_NAME)


def _objects(evidence: Evidence, failed: Sequence[ToolCall]) -> dict[int, frozenset[str]]:
    """{id of a failed call: the names of its own object}, for the failed calls of one tool
    whose argument values tell them apart (see the module doc)."""
    out: dict[int, frozenset[str]] = {}
    for call in failed:
        others = [c for c in failed if c is not call and c.name == call.name]
        arguments = call.parsed_arguments
        if not others or not isinstance(arguments, dict):
            continue
        own = [
            v
            for k, value in arguments.items()
            # a list of one ("to": ["dana@x.io"]) names its object as the value itself does
            for v in (value if isinstance(value, list) and len(value) == 1 else [value])
            if isinstance(v, str)
            and len(v) >= _MIN_NAME
            and all(
                isinstance(o.parsed_arguments, dict) and o.parsed_arguments.get(k) != value for o in others
            )
        ]
        names = frozenset(n for v in own for n in _names(evidence, v))
        if names:
            out[id(call)] = names
    # A name every object shares ("credit card" of two cards) singles none out.
    shared = [n for names in out.values() for n in names]
    return {k: frozenset(n for n in names if shared.count(n) == 1) for k, names in out.items()}


def _sentences(norm: str) -> list[tuple[int, int]]:
    spans, start = [], 0
    for match in _SENTENCE_END.finditer(norm):
        spans.append((start, match.end()))
        start = match.end()
    spans.append((start, len(norm)))
    return spans


def _clauses(norm: str, start: int, end: int) -> list[tuple[int, int]]:
    """The reports of one sentence, split at its contrastive conjunctions."""
    spans, lo = [], start
    for match in _CLAUSE_END.finditer(norm, start, end):
        spans.append((lo, match.start()))
        lo = match.start()
    spans.append((lo, end))
    return spans


def unadmitted_failure(
    evidence: Evidence,
    failed: Sequence[ToolCall],
    norm: str,
    at: int,
    admits: Callable[[str], bool],
) -> ToolCall | None:
    """The failed call whose object the success sentence at ``at`` of ``norm`` (the normalised
    answer) names while the answer's admissions (``admits`` of a sentence) name another
    failed call's object and not this one's, or None."""
    objects = _objects(evidence, failed)
    if len(objects) < 2:
        return None
    sentences = _sentences(norm)
    admitted: set[int] = set()
    here = ""
    for start, end in sentences:
        text = _plain(norm[start:end])
        if start <= at < end:
            for lo, hi in _clauses(norm, start, end):
                if lo <= at < hi or hi == end:
                    here = _plain(norm[lo:hi])
                    if admits(norm[lo:hi]):
                        return None  # the success's own report admits a failure
                    break
                if admits(norm[lo:hi]):  # "..., but" the other side admits one
                    clause = _plain(norm[lo:hi])
                    admitted.update(
                        k for k, names in objects.items() if any(find_token(clause, n) != -1 for n in names)
                    )
        elif admits(norm[start:end]):
            admitted.update(
                k for k, names in objects.items() if any(find_token(text, n) != -1 for n in names)
            )
    if not admitted:
        return None  # the admissions name no object: they speak of every failure
    for call in failed:
        names = objects.get(id(call))
        if names and id(call) not in admitted and any(find_token(here, n) != -1 for n in names):
            return call
    return None


__all__ = ["unadmitted_failure"]
