"""Check every declared value of a turn against the output of the tool call it cites.

Pure: the same turn and settings always give the same report. What passes carries the
values the parser actually read (the full string for ``contains``, the whole object for
``record``), so what is recorded is what the evidence holds, not what the model typed.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from nofab.fidelity import path as paths
from nofab.fidelity.anchor import declared_anchor
from nofab.fidelity.ladder import ClaimOutcome, FidelitySettings, judge_claims
from nofab.fidelity.matchers import MATCHERS, MatchError, scalar_text
from nofab.model.turn import AssertedValue, ToolCall, Turn

#: passed: found (count satisfied); short: found fewer times than ``count`` claims;
#: failed: not found (or unknown call / malformed path); held / refuted / unresolved /
#: not_checked: the outcomes of an expectation.
ValueStatus = Literal["passed", "short", "failed", "held", "refuted", "unresolved", "not_checked"]

#: How many non-matching values a failure reason quotes.
_QUOTED = 3


@dataclass(frozen=True, slots=True)
class ValueResult:
    """The outcome of one declaration, with the values read."""

    index: int
    value: AssertedValue
    status: ValueStatus
    reason: str = ""
    matched: tuple[Any, ...] = ()
    matched_paths: tuple[str, ...] = ()
    anchor: str | None = None
    unknown_call: bool = False

    @property
    def failed(self) -> bool:
        return self.status in ("failed", "short", "refuted")

    def to_dict(self) -> dict[str, Any]:
        """The sealed form: enough to re-run the matcher offline (``recheck``)."""
        v = self.value
        return {
            "index": self.index,
            "tool_call_id": v.tool_call_id,
            "path": v.path,
            "match": v.match,
            "expected": v.expected,
            "count": v.count,
            "claim": v.claim,
            "expectation": v.expectation,
            "status": self.status,
            "reason": self.reason,
            "matched": list(self.matched),
            "matched_paths": list(self.matched_paths),
            "anchor": self.anchor,
        }


@dataclass(frozen=True, slots=True)
class FidelityReport:
    """Every declaration's outcome and every claim's place on the tier ladder."""

    values: tuple[ValueResult, ...] = ()
    claims: tuple[ClaimOutcome, ...] = ()
    settings: FidelitySettings = field(default_factory=FidelitySettings)

    def details(self) -> dict[str, Any]:
        """What goes into ``Verdict.details`` (nothing when the turn declared nothing)."""
        out: dict[str, Any] = {}
        if self.values:
            out["asserted_values"] = [r.to_dict() for r in self.values]
        if self.claims:
            out["declared_claims"] = [c.to_dict() for c in self.claims]
        return out


def assess(turn: Turn, settings: FidelitySettings | None = None) -> FidelityReport:
    """Check every declared value and place every declared claim on the ladder."""
    settings = settings or FidelitySettings()
    by_id: dict[str, list[ToolCall]] = {}
    for call in turn.tool_calls:
        if call.id:
            by_id.setdefault(call.id, []).append(call)
    results = tuple(
        check_value(i, value, by_id, check_expectations=settings.expectations)
        for i, value in enumerate(turn.asserted_values)
    )
    claims = judge_claims(turn.declared_claims, results, settings)
    return FidelityReport(results, claims, settings)


def check_value(
    index: int,
    value: AssertedValue,
    calls: Mapping[str, Sequence[ToolCall]],
    *,
    check_expectations: bool = False,
) -> ValueResult:
    """Re-extract one declared value from the output of the call it cites."""
    anchor = declared_anchor(value.match, value.expected)

    def result(status: ValueStatus, reason: str, **kw: Any) -> ValueResult:
        return ValueResult(index, value, status, reason, anchor=anchor, **kw)

    cited = calls.get(value.tool_call_id, ())
    if not cited:
        # A citation of a call that never happened is a finding for a value and an
        # expectation alike, checked or not: the receipt itself is fabricated.
        return result("failed", f"no tool call has id {value.tool_call_id!r}", unknown_call=True)
    if value.expectation and not check_expectations:
        return result(
            "not_checked", "expectations are opt-in: set rules.fidelity.expectations = true in the profile"
        )
    miss: ValueStatus = "unresolved" if value.expectation else "failed"
    if len(cited) > 1:
        return result(
            "failed", f"{len(cited)} tool calls share the id {value.tool_call_id!r}; it is ambiguous"
        )
    call = cited[0]
    if call.status in ("error", "blocked"):
        return result(
            miss, f"tool call {value.tool_call_id!r} ({call.name}) has status {call.status}: no output"
        )
    matcher = MATCHERS.get(value.match)
    if matcher is None:
        return result("failed", f"unknown match kind {value.match!r}")
    try:
        parsed = paths.parse(value.path)
        matcher.prepare(value.expected)
    except (paths.PathError, MatchError) as exc:
        # Only reachable for values built in code without from_dict: still a failure, never a skip.
        return result("failed", f"invalid declaration: {exc}")
    resolution = parsed.resolve(call.parsed_result)
    if not resolution.values:
        return result(miss, f"path {value.path!r} resolves to nothing: {resolution.failure}")
    candidates = [
        (p, v)
        for p, v in resolution.values
        if (isinstance(v, dict) if matcher.wants_object else scalar_text(v) is not None)
    ]
    if not candidates:
        wanted = "an object" if matcher.wants_object else "a value (string, number, boolean or null)"
        return result(miss, f"path {value.path!r} reaches no {wanted}; match {value.match!r} needs one")
    hits = [(p, v) for p, v in candidates if matcher.match(value.expected, v)]
    matched = {"matched": tuple(v for _p, v in hits), "matched_paths": tuple(p for p, _v in hits)}
    if value.expectation:
        if hits:
            return result("held", "", **matched)
        return result("refuted", f"every value at {value.path!r} conflicts: {_quote(candidates)}")
    if not hits:
        return result("failed", f"no value at {value.path!r} {_verb(value)}: read {_quote(candidates)}")
    if value.count is not None and len(hits) < value.count:
        return result(
            "short", f"claimed {value.count} time(s), found {len(hits)} at {value.path!r}", **matched
        )
    return result("passed", "", **matched)


def _verb(value: AssertedValue) -> str:
    return {
        "exact": "equals",
        "contains": "contains",
        "int": "is the integer",
        "number": "rounds to",
        "iso_ts": "is the instant",
        "record": "satisfies the record",
        "regex": "matches the pattern",
    }.get(value.match, "matches") + f" {_short(value.expected)}"


def _quote(pairs: Sequence[tuple[str, Any]]) -> str:
    shown = ", ".join(f"{_short(v)} at {p}" for p, v in pairs[:_QUOTED])
    more = len(pairs) - _QUOTED
    return shown + (f" (and {more} more)" if more > 0 else "")


def _short(value: Any, limit: int = 80) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, sort_keys=True)
    text = repr(text) if isinstance(value, str) else text
    return text if len(text) <= limit else text[: limit - 1] + "…"


def recheck(sealed: Mapping[str, Any]) -> str | None:
    """Re-run the matcher over the values sealed in a ledger record (no tool re-run).

    Returns what is wrong, or ``None`` when every sealed value still matches and the
    recorded status follows from them.
    """
    try:
        kind = sealed["match"]
        expected = sealed["expected"]
        status = sealed["status"]
        matched = sealed["matched"]
        count = sealed.get("count")
    except (KeyError, TypeError):
        return "sealed value is missing match/expected/status/matched"
    matcher = MATCHERS.get(kind) if isinstance(kind, str) else None
    if matcher is None:
        return f"sealed value has unknown match kind {kind!r}"
    if not isinstance(matched, list):
        return "sealed 'matched' is not a list"
    try:
        matcher.prepare(expected)
    except MatchError as exc:
        return f"sealed expected value is invalid: {exc}"
    for i, actual in enumerate(matched):
        if not matcher.match(expected, actual):
            return f"sealed matched[{i}] {_short(actual)} does not satisfy {kind} {_short(expected)}"
    if status in ("passed", "held") and not matched:
        return f"status {status!r} with no matched value"
    if status == "passed" and isinstance(count, int) and len(matched) < count:
        return f"status 'passed' but only {len(matched)} of the claimed {count} values are sealed"
    if status == "short" and (not isinstance(count, int) or len(matched) >= count):
        return "status 'short' but the sealed values satisfy the claimed count"
    if status in ("failed", "refuted") and matched:
        return f"status {status!r} but values are sealed as matched"
    return None
