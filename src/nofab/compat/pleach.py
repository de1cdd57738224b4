"""Pleach's ``applyFabricationGuard`` as ``apply_fabrication_guard``, on nofab's pipeline.

``apply_fabrication_guard(params, config)`` takes Pleach's parameter envelope and config
(snake_case, or Pleach's own camelCase keys) and returns a ``FabricationGuardResult`` with
Pleach's fields: the answer with every paragraph holding a blocking finding wiped, the tool
partition, phantom tools, ungrounded entities, data inflation, the phantom-wipe escalation
and the plugin detectors' findings. The signals are nofab's tool-failure family (tool
references, bulk failure, data inflation, confessions, degenerate prose, entities) plus any
installed ``nofab.detectors`` plugins.

How the envelope becomes a turn: each executed tool is a successful call, failed ones
errors, empty-result ones empty; ``total_tool_count`` beyond the names listed counts as
further successful calls. ``tool_results_raw`` is the calls' output: a JSON object keyed by
tool name gives each tool its own result (row counts need that), anything else is the
output of the first successful call, or the turn's context when no call succeeded.
Deliberate differences: ``docs/compat.md``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from nofab.compat.pleach_detectors import (
    DEFAULT_BULK_FAILURE_MIN_LENGTH,
    DEFAULT_BULK_FAILURE_PATTERN_THRESHOLD,
    DEFAULT_BULK_FAILURE_RATIO_THRESHOLD,
    BulkFailureResult,
    DataInflation,
    SignalResult,
    content_references_missing_tools,
    detect_bulk_failure_fabrication,
    detect_data_inflation,
    detect_degenerate_prose_quality,
    detect_method_result_fabrication_confession,
    detect_self_fabrication_confession,
    is_guard_blocked_failure,
    partition_failed_tools,
    prior_tool_uses,
    prose_rules,
)
from nofab.config.policy import Policy, Profile
from nofab.detectors import BUILTIN
from nofab.detectors.base import DetectorFactory
from nofab.errors import TurnError
from nofab.language.text import value_text
from nofab.model.turn import ToolCall, Turn, parse_json_text
from nofab.model.verdict import Verdict
from nofab.pipeline.guard import Guard
from nofab.pipeline.session import SessionTracker

#: nofab's detectors behind Pleach's signals (the plugins run as well).
DETECTORS = (
    "tool_references",
    "bulk_failure",
    "data_inflation",
    "confessions",
    "degenerate_prose",
    "entities",
)
_BUILTIN_IDS = frozenset(f.id for f in BUILTIN)  # type: ignore[attr-defined]


@dataclass(frozen=True)
class ApplyFabricationGuardParams:
    """Pleach's ``ApplyFabricationGuardParams``."""

    full_content: str
    failed_tool_names: list[str] = field(default_factory=list)
    empty_result_tool_names: list[str] = field(default_factory=list)
    executed_tool_names: list[str] = field(default_factory=list)
    all_known_tool_names: list[str] = field(default_factory=list)
    total_tool_count: int = 0
    tool_results_raw: Any = None
    prior_tool_uses: list[Any] = field(default_factory=list)
    #: Accepted for parity; a re-synthesised turn is checked like any other.
    is_resynthesis: bool = False
    #: nofab's addition (Pleach's detectors see it as ``userText``): names and numbers the user
    #: gave are evidence too.
    user_text: str = ""


@dataclass(frozen=True)
class ApplyFabricationGuardConfig:
    """Pleach's ``ApplyFabricationGuardConfig`` (the strategy slots nofab implements)."""

    quantitative_patterns: list[Any] = field(default_factory=list)
    degenerate_prose_config: Mapping[str, Any] | None = None
    #: Phantom name -> canonical tool: a mapping, or a function returning the name or None.
    phantom_wipe_strategy: Mapping[str, str] | Callable[[str], str | None] | None = None
    #: The conversation's tracker (``nofab.SessionTracker``), kept by the caller across turns.
    phantom_wipe_tracker: SessionTracker | None = None


@dataclass(frozen=True)
class FabricationGuardResult:
    """Pleach's ``FabricationGuardResultWithPluginFindings`` (optional slots None unless fired)."""

    triggered: bool
    preserved_content: str
    preserved_paragraphs: int
    wiped_paragraphs: int
    unavailable_tool_names: list[str]
    api_failed_tool_names: list[str]
    guard_blocked_tool_names: list[str]
    plugin_findings: list[dict[str, Any]]
    phantom_tools: list[str] | None = None
    phantom_tools_not_in_registry: list[str] | None = None
    phantom_replacements: list[dict[str, str]] | None = None
    ungrounded_entities: list[str] | None = None
    data_inflation: list[dict[str, Any]] | None = None
    phantom_wipe_escalation: dict[str, Any] | None = None

    def to_camel(self) -> dict[str, Any]:
        """The result as Pleach's JSON (camelCase keys; unset optional slots left out)."""
        return {_camel(k): _camel_keys(v) for k, v in asdict(self).items() if v is not None}


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(p[:1].upper() + p[1:] for p in rest)


def _camel_keys(value: Any) -> Any:
    if isinstance(value, dict):
        return {_camel(k): _camel_keys(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_camel_keys(v) for v in value]
    return value


def _snake(name: str) -> str:
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name).lower()


def _coerce(cls: type[Any], data: Any, where: str) -> Any:
    """A params/config dataclass from itself or a mapping (snake_case or camelCase keys)."""
    if isinstance(data, cls):
        return data
    if data is None:
        data = {}
    if not isinstance(data, Mapping):
        raise TurnError(f"must be an object, got {type(data).__name__}", where)
    names = {f.name for f in fields(cls)}
    values: dict[str, Any] = {}
    for key, value in data.items():
        name = _snake(str(key))
        if name not in names:
            raise TurnError(f"unknown key {key!r}", where)
        values[name] = value
    if cls is ApplyFabricationGuardParams and "full_content" not in values:
        raise TurnError("is required", f"{where}.fullContent")
    return cls(**values)


def _names(value: Any, where: str) -> list[str]:
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
        raise TurnError("must be a list of tool names", where)
    return list(value)


def _turn(p: ApplyFabricationGuardParams) -> Turn:
    if not isinstance(p.full_content, str):
        raise TurnError(f"must be a string, got {type(p.full_content).__name__}", "params.fullContent")
    failed = _names(p.failed_tool_names, "params.failedToolNames")
    empty = _names(p.empty_result_tool_names, "params.emptyResultToolNames")
    executed = _names(p.executed_tool_names, "params.executedToolNames")
    raw = parse_json_text(p.tool_results_raw) if isinstance(p.tool_results_raw, str) else p.tool_results_raw
    per_tool = raw if isinstance(raw, Mapping) and raw and set(raw) <= set(executed) | set(failed) else None
    calls: list[ToolCall] = []
    for name in failed:
        calls.append(ToolCall(name=name, status="error", error="failed", id=str(len(calls))))
    for name in empty:
        if name not in failed:
            calls.append(ToolCall(name=name, result=[], status="empty", id=str(len(calls))))
    ok = [n for n in dict.fromkeys(executed) if n not in failed and n not in empty]
    blob_used = False
    for name in ok:
        if per_tool is not None:
            result = per_tool.get(name, "ok")
        elif raw not in (None, "") and not blob_used:
            result, blob_used = raw, True
        else:
            result = "ok"
        calls.append(ToolCall(name=name, result=result, status="ok", id=str(len(calls))))
    if not isinstance(p.total_tool_count, int) or isinstance(p.total_tool_count, bool):
        raise TurnError("must be an integer", "params.totalToolCount")
    for _ in range(max(0, p.total_tool_count - len(calls))):
        calls.append(ToolCall(name="", result="ok", status="ok", id=str(len(calls))))
    # Results that no successful call of this turn can hold (earlier turns' output) are
    # still evidence: they become the turn's context.
    context = "" if blob_used or per_tool is not None or raw in (None, "") else value_text(raw)
    if not isinstance(p.user_text, str):
        raise TurnError(f"must be a string, got {type(p.user_text).__name__}", "params.userText")
    return Turn(
        response=p.full_content,
        user_message=p.user_text,
        context=context,
        tool_calls=tuple(calls),
        prior_tool_uses=prior_tool_uses(p.prior_tool_uses),
    )


def _profile(p: ApplyFabricationGuardParams, c: ApplyFabricationGuardConfig) -> Profile:
    patterns = tuple(str(getattr(q, "pattern", q)) for q in c.quantitative_patterns)
    rules = {"degenerate_prose": prose_rules(c.degenerate_prose_config)} if c.degenerate_prose_config else {}
    known = tuple(_names(p.all_known_tool_names, "params.allKnownToolNames"))
    return Profile(known_tools=known, quantitative_patterns=patterns, rules=rules)


def _replacement(strategy: Any, phantom: str) -> str | None:
    if strategy is None:
        return None
    found = strategy.get(phantom) if isinstance(strategy, Mapping) else strategy(phantom)
    return str(found) if found else None


def _result(verdict: Verdict, c: ApplyFabricationGuardConfig) -> FabricationGuardResult:
    d = verdict.details
    phantoms: list[str] | None = d.get("phantom_tools")
    replacements = None
    if phantoms and c.phantom_wipe_strategy is not None:
        pairs = [(ph, _replacement(c.phantom_wipe_strategy, ph)) for ph in phantoms]
        replacements = [{"phantom": ph, "replacement": r} for ph, r in pairs if r] or None
    entities = [f.identifier for f in verdict.findings if f.kind == "ungrounded_entity"]
    entities += [
        e["identifier"]
        for f in verdict.findings
        for e in f.evidence.get("also_flagged", ())
        if e["kind"] == "ungrounded_entity"
    ]
    unavailable = list(dict.fromkeys([*d.get("unavailable_tools", ()), *(phantoms or ())]))
    wiped = verdict.action == "wiped"
    paragraphs = int(d.get("preserved_paragraphs", 0)) if wiped else len(_paragraphs(verdict.output))
    plugin = [
        {"detector_id": f.detector, "severity": f.severity, "reason": f.reason, "evidence": dict(f.evidence)}
        for f in verdict.findings
        if f.detector not in _BUILTIN_IDS
    ]
    escalation = d.get("phantom_wipe_escalation")
    return FabricationGuardResult(
        triggered=bool(verdict.blocking),
        preserved_content=verdict.output,
        preserved_paragraphs=paragraphs,
        wiped_paragraphs=int(d.get("wiped_paragraphs", 0)) if wiped else 0,
        unavailable_tool_names=unavailable,
        api_failed_tool_names=list(d.get("api_failed_tools", ())),
        guard_blocked_tool_names=list(d.get("guard_blocked_tools", ())),
        plugin_findings=plugin,
        phantom_tools=phantoms or None,
        phantom_tools_not_in_registry=d.get("phantom_tools_not_in_registry") or None,
        phantom_replacements=replacements,
        ungrounded_entities=list(dict.fromkeys(entities)) or None,
        data_inflation=_unique(d.get("data_inflation") or ()) or None,
        phantom_wipe_escalation=dict(escalation) if escalation else None,
    )


def _unique(rows: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """One row per (tool, claimed, actual): a list and a count phrase can both overstate it."""
    seen: dict[tuple[Any, ...], dict[str, Any]] = {}
    for row in rows:
        seen.setdefault(tuple(sorted(row.items())), dict(row))
    return list(seen.values())


def _paragraphs(text: str) -> list[str]:
    return [p for p in re.split(r"\n\s*\n", text) if p.strip()]


def apply_fabrication_guard(
    params: Any,
    config: Any = None,
    *,
    threshold: float = 0.8,
    detectors: Iterable[DetectorFactory] = (),
) -> FabricationGuardResult:
    """Wipe what the turn cannot back up and report why (Pleach's ``applyFabricationGuard``).

    ``threshold``: a finding wipes its paragraph at or above this confidence (nofab's
    default 0.8). ``detectors``: extra detector factories (Pleach's
    ``contributeFabricationDetectors``); their findings come back in ``plugin_findings``, as
    do those of installed ``nofab.detectors`` plugins. Bad input raises
    ``nofab.errors.InputError`` (``TurnError``, ``ProfileError``) naming the field.
    """
    p: ApplyFabricationGuardParams = _coerce(ApplyFabricationGuardParams, params, "params")
    c: ApplyFabricationGuardConfig = _coerce(ApplyFabricationGuardConfig, config, "config")
    others = tuple(sorted(_BUILTIN_IDS - set(DETECTORS)))
    guard = Guard(
        Policy(mode="wipe", threshold=threshold, disabled=others), _profile(p, c), detectors=detectors
    )
    verdict = guard.check(_turn(p), session=c.phantom_wipe_tracker)
    return _result(verdict, c)


__all__ = [
    "DEFAULT_BULK_FAILURE_MIN_LENGTH",
    "DEFAULT_BULK_FAILURE_PATTERN_THRESHOLD",
    "DEFAULT_BULK_FAILURE_RATIO_THRESHOLD",
    "DETECTORS",
    "ApplyFabricationGuardConfig",
    "ApplyFabricationGuardParams",
    "BulkFailureResult",
    "DataInflation",
    "FabricationGuardResult",
    "SignalResult",
    "apply_fabrication_guard",
    "content_references_missing_tools",
    "detect_bulk_failure_fabrication",
    "detect_data_inflation",
    "detect_degenerate_prose_quality",
    "detect_method_result_fabrication_confession",
    "detect_self_fabrication_confession",
    "is_guard_blocked_failure",
    "partition_failed_tools",
]
