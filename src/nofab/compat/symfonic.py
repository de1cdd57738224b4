"""Symfonic's ``detect_fabrication``, answered by nofab's pipeline.

Change ``from symfonic.agent.middleware.fabrication import detect_fabrication`` to
``from nofab.compat.symfonic import detect_fabrication``: the call, the arguments and the
``FabricationFinding`` fields stay the same. Tool-call records are read as Symfonic reads
them (name from ``name``/``tool``, output from ``result``/``output``, inputs from
``args``/``arguments``); the intent verdict is duck-typed (``label``, ``confidence``,
``matched_tool_keywords``, as attributes or mapping keys).

Only Symfonic's six kinds are returned. Where nofab merged two of them on one place (a
``kv`` that is also a ``short_hex_near_key``), both are reported, as Symfonic does.
Deliberate differences: ``docs/compat.md``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, cast, get_args

from nofab.config.policy import Policy, Profile
from nofab.errors import TurnError
from nofab.model.finding import Finding
from nofab.model.turn import ToolCall, Turn, UserIntent
from nofab.pipeline.guard import Guard

FabricationKind = Literal[
    "uuid", "kv", "verb_claim", "short_hex_near_verb", "short_hex_near_key", "intent_action_no_tool"
]
FabricationSeverity = Literal["low", "medium", "high"]
KINDS: tuple[str, ...] = get_args(FabricationKind)

#: Symfonic's severity per kind (``kv`` under a caller's own key is ``medium``).
_SEVERITY: dict[str, FabricationSeverity] = {
    "uuid": "high",
    "kv": "high",
    "verb_claim": "medium",
    "short_hex_near_verb": "high",
    "short_hex_near_key": "high",
    "intent_action_no_tool": "medium",
}
#: The telemetry mirror of the intent kind, as Symfonic's payload consumers match it.
_PATTERN_KIND = {"intent_action_no_tool": "intent_no_grounding"}
# The families that produce Symfonic's kinds; the others are not run.
_DETECTORS = ("identifiers", "claims", "intent")
#: Claim verbs Symfonic knows that nofab's English lexicon does not, with the tool-name parts
#: that could have done them: a Symfonic user keeps these findings.
_EXTRA_VERBS: dict[str, tuple[str, ...]] = {
    "delivered": ("send", "message", "deliver", "post", "notify", "email", "sms"),
    "pushed": ("push", "upload", "send", "commit", "deploy", "publish"),
}


@dataclass(frozen=True)
class FabricationFinding:
    """A single flagged identifier or claim in the draft (Symfonic's fields)."""

    identifier: str
    kind: FabricationKind
    severity: FabricationSeverity
    reason: str
    key: str | None = None
    pattern_kind: str = ""
    confidence: float = 0.8
    span: tuple[int, int] = (0, 0)
    grounded_sources: list[str] = field(default_factory=list)

    def to_event_payload(self) -> dict[str, Any]:
        """The JSON-serialisable telemetry payload (Symfonic's shape)."""
        return {
            "identifier": self.identifier,
            "kind": self.kind,
            "severity": self.severity,
            "reason": self.reason,
            "key": self.key,
            "pattern_kind": self.pattern_kind or self.kind,
            "confidence": round(self.confidence, 3),
            "span": list(self.span),
        }


def _field(record: Mapping[str, Any], *names: str) -> Any:
    for name in names:
        if record.get(name) is not None:
            return record[name]
    return None


def tool_call(record: Any, index: int = 0) -> ToolCall | None:
    """One Symfonic tool-call record as a nofab ``ToolCall`` (None for a non-mapping).

    Symfonic counts every record as a tool that fired; only an explicit ``error`` makes it
    a failure here.
    """
    if not isinstance(record, Mapping):
        return None
    name = _field(record, "name", "tool")
    error = record.get("error")
    return ToolCall(
        name=str(name) if name is not None else "",
        arguments=_field(record, "args", "arguments"),
        result=_field(record, "result", "output"),
        status="error" if error else "ok",
        error=str(error) if error else None,
        id=str(record.get("id", index)),
    )


def _attribute(verdict: Any, name: str) -> Any:
    if isinstance(verdict, Mapping):
        return verdict.get(name)
    return getattr(verdict, name, None)


def user_intent(verdict: Any) -> UserIntent | None:
    """Symfonic's ``IntentVerdict`` (or any object or mapping with ``label`` and ``confidence``)."""
    if verdict is None:
        return None
    label = _attribute(verdict, "label")
    confidence = _attribute(verdict, "confidence")
    if not isinstance(label, str):
        raise TurnError(f"must be a string, got {type(label).__name__}", "intent_verdict.label")
    if isinstance(confidence, bool) or not isinstance(confidence, (int, float)):
        raise TurnError(f"must be a number, got {type(confidence).__name__}", "intent_verdict.confidence")
    return UserIntent(label=label, confidence=min(1.0, max(0.0, float(confidence))))


def _guard(identifier_keys: Sequence[str] | None) -> Guard:
    keys = tuple(str(k) for k in identifier_keys or ())
    profile = Profile(identifier_keys=keys, claim_verbs=_EXTRA_VERBS)
    return Guard(Policy(mode="observe", detectors=_DETECTORS, load_plugins=False), profile)


_DEFAULT_GUARD: Guard | None = None


def _convert(finding: Finding, keywords: list[str]) -> FabricationFinding | None:
    if finding.kind not in KINDS:
        return None
    if finding.kind == "intent_action_no_tool" and finding.evidence.get("intent_source") != "caller":
        # Symfonic fires only on the caller's verdict; nofab's own reading of the user
        # message is not what a drop-in caller asked for.
        return None
    key = finding.evidence.get("key")
    severity = _SEVERITY[finding.kind]
    if finding.kind == "kv":
        severity = "high" if finding.severity == "high" else "medium"
    reason = finding.reason
    if finding.kind == "intent_action_no_tool":
        reason = f"{reason} (matched tool keywords: {keywords})"
    return FabricationFinding(
        identifier=finding.identifier,
        kind=cast(FabricationKind, finding.kind),
        severity=severity,
        reason=reason,
        key=str(key) if key is not None and finding.kind in ("kv", "short_hex_near_key") else None,
        pattern_kind=_PATTERN_KIND.get(finding.kind, finding.kind),
        confidence=finding.confidence,
        span=finding.span,
        grounded_sources=[str(s) for s in finding.evidence.get("searched", ())],
    )


def _expanded(findings: Iterable[Finding]) -> Iterable[Finding]:
    """Each finding, then the ones merged into it (``also_flagged``) as findings again."""
    for f in findings:
        yield f
        for entry in f.evidence.get("also_flagged", ()):
            extra = {"key": entry["key"]} if "key" in entry else {}
            yield Finding(
                entry["kind"],
                entry["detector"],
                entry["identifier"],
                entry["confidence"],
                (entry["span"][0], entry["span"][1]),
                f"{entry['kind']} at the same place as a {f.kind} finding",
                evidence=extra,
            )


def detect_fabrication(
    response_text: str,
    tool_calls_this_turn: list[dict[str, Any]] | None = None,
    *,
    hydrated_context: str = "",
    user_message: str = "",
    identifier_keys: list[str] | None = None,
    intent_verdict: Any = None,
) -> list[FabricationFinding]:
    """Scan ``response_text`` for identifiers and claims nothing this turn backs up.

    Returns one ``FabricationFinding`` per (identifier, kind); an empty list for an empty
    draft. Bad input (a draft that is not text, an intent verdict without a label) raises
    ``nofab.errors.TurnError`` naming the field.
    """
    global _DEFAULT_GUARD
    if response_text is None:
        return []
    if not isinstance(response_text, str):
        raise TurnError(f"must be a string, got {type(response_text).__name__}", "response_text")
    if not response_text.strip():
        return []
    calls = tuple(c for i, r in enumerate(tool_calls_this_turn or ()) if (c := tool_call(r, i)) is not None)
    intent = user_intent(intent_verdict)
    keywords = [str(k) for k in (_attribute(intent_verdict, "matched_tool_keywords") or ())]
    turn = Turn(
        response=response_text,
        user_message=user_message or "",
        context=hydrated_context or "",
        tool_calls=calls,
        user_intent=intent,
    )
    if identifier_keys:
        guard = _guard(identifier_keys)
    else:
        guard = _DEFAULT_GUARD = _DEFAULT_GUARD or _guard(None)
    out: dict[tuple[str, str], FabricationFinding] = {}
    for finding in _expanded(guard.detect(turn)):
        converted = _convert(finding, keywords)
        if converted is not None:
            out.setdefault((converted.identifier, converted.kind), converted)
    return sorted(out.values(), key=lambda f: (f.span, f.kind))


__all__ = ["KINDS", "FabricationFinding", "FabricationKind", "FabricationSeverity", "detect_fabrication"]
