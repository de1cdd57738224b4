"""One finding per place: where findings overlap, which one stays and what it remembers.

Two families often flag the same text: ``incident_id=INC-4411`` is a ``kv`` id (identifiers)
and an ``ungrounded_entity`` (entities); ``task_id=9f2b1e47`` is both a ``kv`` and a
``short_hex_near_key``. The answer holds one fabrication there, so the verdict reports one
finding — but which kind it carries matters to callers: a handler keyed on ``kv`` must not
silently stop firing because another family happened to be more confident.

The rule, in order:

1. a finding that reaches its blocking threshold beats one that does not, so merging never
   lowers the verdict (a 0.6 short hex never hides a 0.85 entity the policy would act on);
2. among those, the more specific kind stays (``SPECIFICITY``: a declared value checked
   against its source, then an identifier shape, then a confession or a tool name, then a
   number, then the generic "named thing not in the evidence", then a plugin's own kind, and
   last a claim verb — whose span is a whole clause, so every more pointed finding inside it
   keeps its place);
3. then the more confident, then the earlier.

Every finding merged away is listed in the kept one's ``evidence["also_flagged"]`` (kind,
detector, identifier, confidence, span, and its key when it had one), so nothing another
family saw is lost and a compatibility layer can report it under its own kind.
Whole-turn findings are kept once per kind.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any

from nofab.model.finding import Finding

#: Kinds from the most specific to the least.
SPECIFICITY: tuple[str, ...] = (
    "refuted_expectation",
    "misread_value",
    "misattributed_value",
    "argument_without_provenance",
    "uuid",
    "kv",
    "short_hex_near_key",
    "hex_hash",
    "short_hex_near_verb",
    "self_confession",
    "method_result_confession",
    "phantom_tool",
    "unavailable_tool_reference",
    "data_inflation",
    "unverified_number",
    "undeclared_claim",
    "ungrounded_entity",
    "verb_claim",
)
_RANK = {kind: i for i, kind in enumerate(SPECIFICITY)}
#: A kind not listed (a plugin's) ranks after the built-in pointed kinds, before a claim verb.
_UNLISTED = _RANK["verb_claim"] - 0.5
#: How many merged findings one kept finding lists (a hostile answer can stack many).
MAX_ALSO_FLAGGED = 16


def _rank(kind: str) -> float:
    return _RANK.get(kind, _UNLISTED)


def merged_entry(finding: Finding) -> dict[str, Any]:
    """How a finding merged into another is remembered in ``evidence["also_flagged"]``."""
    entry: dict[str, Any] = {
        "kind": finding.kind,
        "detector": finding.detector,
        "identifier": finding.identifier,
        "confidence": round(finding.confidence, 3),
        "span": [finding.span[0], finding.span[1]],
    }
    key = finding.evidence.get("key")
    if key is not None:
        entry["key"] = key
    return entry


class _Places:
    """Kept, non-overlapping spans, each with the index of the finding that holds it."""

    __slots__ = ("_ends", "_owners", "_starts")

    def __init__(self) -> None:
        self._starts: list[int] = []
        self._ends: list[int] = []
        self._owners: list[int] = []

    def owner(self, start: int, end: int) -> int | None:
        """The finding holding a span that overlaps ``[start, end)``, if any."""
        i = bisect_left(self._starts, end)
        # Kept spans never overlap, so they are ordered by end too: only the last one
        # starting before ``end`` can reach past ``start``.
        if i > 0 and self._ends[i - 1] > start:
            return self._owners[i - 1]
        return None

    def add(self, start: int, end: int, owner: int) -> None:
        i = bisect_left(self._starts, start)
        self._starts.insert(i, start)
        self._ends.insert(i, end)
        self._owners.insert(i, owner)


def dedupe(findings: Iterable[Finding], blocks: Callable[[Finding], bool]) -> tuple[Finding, ...]:
    """The findings with overlaps merged (see the module docstring), ordered by position.

    ``blocks(finding)`` says whether the policy would act on it (its confidence reaches the
    threshold for its kind).
    """
    ordered = sorted(
        findings,
        key=lambda f: (not blocks(f), _rank(f.kind), -f.confidence, f.span, f.kind),
    )
    kept: list[Finding] = []
    merged: dict[int, list[dict[str, Any]]] = {}
    whole: set[str] = set()
    places = _Places()
    for f in ordered:
        if f.whole_turn:
            if f.kind not in whole:
                whole.add(f.kind)
                kept.append(f)
            continue
        # an empty span (a zero-width anchor) still occupies its position
        start, end = f.span[0], max(f.span[1], f.span[0] + 1)
        owner = places.owner(start, end)
        if owner is None:
            places.add(start, end, len(kept))
            kept.append(f)
            continue
        entries = merged.setdefault(owner, [])
        if len(entries) < MAX_ALSO_FLAGGED:
            entries.append(merged_entry(f))
    for index, entries in merged.items():
        winner = kept[index]
        kept[index] = replace(winner, evidence={**winner.evidence, "also_flagged": entries})
    kept.sort(key=lambda f: (f.span, f.kind))
    return tuple(kept)


__all__ = ["MAX_ALSO_FLAGGED", "SPECIFICITY", "dedupe", "merged_entry"]
