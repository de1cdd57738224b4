"""VERDICT's declared findings as a nofab turn (``declared_claims`` + ``asserted_values``).

A VERDICT finding cites a ``tool_call_id``, declares ``asserted_values`` (``path``,
``expected``, ``match``), carries a ``tier`` (``CONFIRMED``/``INFERRED``/``HYPOTHESIS``),
optionally ``derived_from`` (other findings' ids) and an ``expectation`` (one refutable
prediction of the same shape). ``turn_with_findings`` maps each onto nofab's contract:

- the finding becomes a ``declared_claims`` entry (``id``, lower-cased ``tier``,
  ``derived_from``, ``text``);
- each asserted value becomes an ``asserted_values`` entry citing the finding's
  ``tool_call_id`` (a value may cite its own) with ``claim`` = the finding's id;
- the expectation becomes one more entry with ``expectation: true``.

nofab's ``fidelity`` detector then does what VERDICT's verifier does: re-extracts each value
from the cited output, rejects a misread, downgrades lower tiers, and reports in
``Verdict.details["declared_claims"]`` / ``["asserted_values"]`` what the parser read.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from nofab.errors import TurnError
from nofab.model.turn import Turn

_FINDING_KEYS = frozenset(
    ["id", "tier", "tool_call_id", "asserted_values", "derived_from", "expectation", "text"]
)
_VALUE_KEYS = frozenset(["path", "expected", "match", "count", "tool_call_id"])


def _mapping(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise TurnError(f"must be an object, got {type(value).__name__}", where)
    return value


def _value(raw: Any, finding: Mapping[str, Any], claim: str, where: str) -> dict[str, Any]:
    value = _mapping(raw, where)
    unknown = sorted(set(value) - _VALUE_KEYS)
    if unknown:
        raise TurnError(f"unknown key {unknown[0]!r}", where)
    call = value.get("tool_call_id", finding.get("tool_call_id"))
    if not call:
        raise TurnError("names no tool_call_id (on the value or its finding)", where)
    return {**value, "tool_call_id": call, "claim": claim}


def claims_and_values(findings: Iterable[Any]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(declared_claims, asserted_values) for VERDICT findings."""
    claims: list[dict[str, Any]] = []
    values: list[dict[str, Any]] = []
    for i, raw in enumerate(findings):
        where = f"findings[{i}]"
        finding = _mapping(raw, where)
        unknown = sorted(set(finding) - _FINDING_KEYS)
        if unknown:
            raise TurnError(f"unknown key {unknown[0]!r}", where)
        ident = finding.get("id")
        if not isinstance(ident, str) or not ident:
            raise TurnError("is required (a non-empty string)", f"{where}.id")
        tier = finding.get("tier", "CONFIRMED")
        if not isinstance(tier, str):
            raise TurnError("must be a string", f"{where}.tier")
        claim: dict[str, Any] = {"id": ident, "tier": tier.lower()}
        if finding.get("derived_from"):
            claim["derived_from"] = list(finding["derived_from"])
        if finding.get("text"):
            claim["text"] = finding["text"]
        claims.append(claim)
        for j, value in enumerate(finding.get("asserted_values") or ()):
            values.append(_value(value, finding, ident, f"{where}.asserted_values[{j}]"))
        if finding.get("expectation") is not None:
            expectation = _value(finding["expectation"], finding, ident, f"{where}.expectation")
            values.append({**expectation, "expectation": True})
    return claims, values


def turn_with_findings(turn: Mapping[str, Any], findings: Iterable[Any]) -> Turn:
    """``turn`` (nofab's JSON shape) with VERDICT ``findings`` declared on it, validated."""
    claims, values = claims_and_values(findings)
    data = dict(_mapping(turn, "turn"))
    data["declared_claims"] = [*data.get("declared_claims", ()), *claims]
    data["asserted_values"] = [*data.get("asserted_values", ()), *values]
    return Turn.from_dict(data)


__all__ = ["claims_and_values", "turn_with_findings"]
