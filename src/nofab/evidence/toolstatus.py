"""Tool status, partitioned: which of this turn's calls worked, failed, were refused by a
guard, or came back empty — and the verdict facts the tool-failure detectors report.

A guard refusal ("BLOCKED: duplicate call", "RATE_LIMITED: try later") is not an API
failure: the tool never ran, by design, and it must not count towards "most tools failed"
(the bulk-failure check) nor be reported as an outage. The refusal prefixes are
``GUARD_BLOCK_PREFIXES`` plus the profile's ``guard_block_prefixes``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Literal

from nofab.config.policy import Profile
from nofab.model.finding import Finding
from nofab.model.turn import GUARD_BLOCK_PREFIXES, PendingCall, ToolCall, is_empty_result

if TYPE_CHECKING:
    from nofab.evidence.index import Evidence

State = Literal["ok", "api_failed", "guard_blocked", "empty"]


def block_prefixes(profile: Profile) -> tuple[str, ...]:
    """Every error prefix that marks a guard refusal, upper-cased for comparison."""
    return _prefixes(profile.guard_block_prefixes)


@lru_cache(maxsize=64)
def _prefixes(extra: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(p.strip().upper() for p in (*GUARD_BLOCK_PREFIXES, *extra)))


def is_guard_blocked(error: str | None, prefixes: Sequence[str] = GUARD_BLOCK_PREFIXES) -> bool:
    """Does this error text say a guard, not the API, refused the call?"""
    return bool(error) and error.lstrip().upper().startswith(tuple(prefixes))  # type: ignore[union-attr]


def state_of(call: ToolCall, prefixes: Sequence[str] = GUARD_BLOCK_PREFIXES) -> State:
    """The call's place in the partition."""
    if call.status == "blocked":
        return "guard_blocked"
    if call.status == "error":
        # A runtime may mark a refusal as a plain error: the prefix decides.
        return "guard_blocked" if is_guard_blocked(call.error, prefixes) else "api_failed"
    if call.status == "empty" or (_maybe_empty(call.result) and is_empty_result(call.parsed_result)):
        return "empty"
    return "ok"


def _maybe_empty(result: Any) -> bool:
    """Cheap pre-check: only None, short text and tiny containers can be empty results."""
    if result is None:
        return True
    if isinstance(result, str):
        return len(result) <= 256
    if isinstance(result, (list, tuple, dict)):
        return len(result) <= 1
    return False


def status_for(evidence: Evidence) -> ToolStatus:
    """This turn's partition, computed once per turn and shared by every detector (and by
    the verdict) that asks: a turn-wide part of the evidence index, so an ``Evidence`` made
    by ``for_answer`` (each streamed batch, a revision) does not partition the calls again."""
    return evidence.tool_status


@dataclass(frozen=True, slots=True)
class ToolStatus:
    """This turn's calls, each with its state, in call order; the per-state name lists are
    built once, in the same pass (detectors ask for them on every turn)."""

    calls: tuple[tuple[ToolCall, State], ...]
    #: state -> distinct tool names with a call in that state, first-seen order.
    by_state: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    @classmethod
    def of(cls, calls: Iterable[ToolCall], profile: Profile | None = None) -> ToolStatus:
        prefixes = block_prefixes(profile) if profile is not None else GUARD_BLOCK_PREFIXES
        pairs = tuple((call, state_of(call, prefixes)) for call in calls)
        grouped: dict[str, dict[str, None]] = {"ok": {}, "api_failed": {}, "guard_blocked": {}, "empty": {}}
        for call, state in pairs:
            grouped[state][call.name] = None
        return cls(pairs, {state: tuple(names) for state, names in grouped.items()})

    def names(self, *states: State) -> tuple[str, ...]:
        """Distinct tool names with at least one call in one of ``states``, first-seen order."""
        if len(states) == 1 and self.by_state:
            return self.by_state.get(states[0], ())
        return tuple(dict.fromkeys(c.name for c, s in self.calls if s in states))

    @property
    def api_failed(self) -> tuple[str, ...]:
        return self.names("api_failed")

    @property
    def guard_blocked(self) -> tuple[str, ...]:
        return self.names("guard_blocked")

    @property
    def empty(self) -> tuple[str, ...]:
        return self.names("empty")

    @property
    def ok(self) -> tuple[str, ...]:
        return self.names("ok")

    @property
    def unavailable(self) -> tuple[str, ...]:
        """Tools that produced nothing usable this turn: every call failed, was refused or
        came back empty (one good call makes the tool available)."""
        if not (self.api_failed or self.guard_blocked or self.empty):
            return ()
        good = set(self.ok)
        return tuple(n for n in self.names("api_failed", "guard_blocked", "empty") if n not in good)

    @property
    def failure_ratio(self) -> float:
        """API failures over calls that were allowed to run (guard refusals excluded)."""
        ran = [s for _c, s in self.calls if s != "guard_blocked"]
        if not ran:
            return 0.0
        return sum(1 for s in ran if s == "api_failed") / len(ran)

    def state_of_name(self, name: str) -> State | None:
        """The best state any call of ``name`` reached (ok > empty > api_failed > guard_blocked)."""
        states = {s for c, s in self.calls if c.name == name}
        order: tuple[State, ...] = ("ok", "empty", "api_failed", "guard_blocked")
        for state in order:
            if state in states:
                return state
        return None


def partition_failed_tools(calls: Iterable[ToolCall], profile: Profile | None = None) -> dict[str, list[str]]:
    """``{"api_failed_tools": [...], "guard_blocked_tools": [...]}`` for these calls."""
    status = ToolStatus.of(calls, profile)
    return {"api_failed_tools": list(status.api_failed), "guard_blocked_tools": list(status.guard_blocked)}


def verdict_details(
    evidence: Evidence, findings: Sequence[Finding], calls_checked: bool = True
) -> dict[str, Any]:
    """The tool-failure facts a verdict carries (merged into ``Verdict.to_dict()``).

    The partition is reported whenever a tool failed, was refused or came back empty; the
    phantom and inflation lists only when those findings fired; ``pending_call`` (the
    routing of the call about to be dispatched) when the turn has one and its arguments
    were checked.
    """
    out: dict[str, Any] = {}
    turn, profile = evidence.turn, evidence.profile
    if turn.tool_calls:
        status = status_for(evidence)
        if status.api_failed or status.guard_blocked or status.empty:
            out["api_failed_tools"] = list(status.api_failed)
            out["guard_blocked_tools"] = list(status.guard_blocked)
            out["empty_result_tools"] = list(status.empty)
            out["unavailable_tools"] = list(status.unavailable)
    phantoms = [f for f in findings if f.kind == "phantom_tool"]
    if phantoms:
        names = list(dict.fromkeys(str(f.evidence.get("tool", f.identifier)) for f in phantoms))
        out["phantom_tools"] = names
        if profile.known_tools:
            out["phantom_tools_not_in_registry"] = [
                n
                for n in names
                if any(
                    f.evidence.get("in_registry") is False for f in phantoms if f.evidence.get("tool") == n
                )
            ]
        replacements = {
            str(f.evidence["tool"]): str(f.evidence["replacement"])
            for f in phantoms
            if f.evidence.get("replacement")
        }
        if replacements:
            out["phantom_replacements"] = [{"phantom": k, "replacement": v} for k, v in replacements.items()]
    inflation = [f.evidence for f in findings if f.kind == "data_inflation"]
    if inflation:
        out["data_inflation"] = [_inflation_row(e) for e in inflation]
    if turn.pending_call is not None and calls_checked:
        out["pending_call"] = _routing(turn.pending_call, findings)
    return out


def _routing(pending: PendingCall, findings: Sequence[Finding]) -> dict[str, Any]:
    from nofab.pipeline.provenance import route_for

    suspects = [f for f in findings if f.kind == "argument_without_provenance"]
    route = route_for(pending.safety_tier, bool(suspects))
    return {
        "tool": pending.name,
        "safety_tier": pending.safety_tier,
        "route": route,
        "recoverable": route != "halt",
        "suspects": [
            {"argument": f.evidence.get("argument", ""), "value": f.identifier, "reason": f.reason}
            for f in suspects
        ],
    }


def _inflation_row(evidence: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "tool_name": evidence.get("tool_name", ""),
        "claimed_rows": evidence.get("claimed_rows", 0),
        "actual_rows": evidence.get("actual_rows", 0),
    }
