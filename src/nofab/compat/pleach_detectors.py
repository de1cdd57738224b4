"""Pleach's single detectors and exported constants, under Python names, on nofab's detectors.

Each function takes what Pleach's takes (snake_case) and answers from the nofab detector of
the same family, so a plugin author or a test can run one signal outside the pipeline.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from nofab.config.policy import Profile
from nofab.detectors.bulk import (
    DEFAULT_BULK_FAILURE_MIN_LENGTH,
    DEFAULT_BULK_FAILURE_PATTERN_THRESHOLD,
    DEFAULT_BULK_FAILURE_RATIO_THRESHOLD,
    BulkFailureDetector,
)
from nofab.detectors.confessions import ConfessionDetector
from nofab.detectors.inflation import InflationDetector
from nofab.detectors.phantom import ToolReferenceDetector
from nofab.detectors.prose import DegenerateProseDetector
from nofab.errors import TurnError
from nofab.evidence.index import Evidence
from nofab.evidence.toolstatus import is_guard_blocked
from nofab.language.lexicon import lexicon_for
from nofab.model.finding import Finding
from nofab.model.turn import PriorToolUse, ToolCall, Turn

#: Pleach's degenerate-prose config keys (camelCase) and nofab's rule names.
PROSE_CONFIG_KEYS: dict[str, str] = {
    "additionalShortWords": "additional_short_words",
    "shortWordRatio": "short_word_ratio",
    "fragmentRatio": "fragment_ratio",
    "minWords": "min_words",
    "minSentences": "min_sentences",
    "repetitionRatio": "repetition_ratio",
    "maxWordRun": "max_word_run",
    "saladWordRatio": "salad_word_ratio",
    "saladPieceDensity": "salad_piece_density",
}


@dataclass(frozen=True)
class BulkFailureResult:
    """``detectBulkFailureFabrication``'s answer."""

    detected: bool
    matched_patterns: int
    matched_examples: list[str] = field(default_factory=list)
    failure_ratio: float = 0.0


@dataclass(frozen=True)
class SignalResult:
    """A yes/no signal with nofab's reason (confessions, degenerate prose)."""

    detected: bool
    reason: str = ""
    evidence: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class DataInflation:
    """The model presented more rows than the tool returned."""

    tool_name: str
    claimed_rows: int
    actual_rows: int


def _run(detector: Any, turn: Turn, profile: Profile) -> list[Finding]:
    return list(detector.detect(Evidence(turn, profile, lexicon_for(profile))))


def _text(content: Any, where: str = "content") -> str:
    if not isinstance(content, str):
        raise TurnError(f"must be a string, got {type(content).__name__}", where)
    return content


def prose_rules(config: Mapping[str, Any] | None) -> dict[str, Any]:
    """Pleach's ``degenerateProseConfig`` (camelCase or snake_case keys) as nofab rules."""
    rules: dict[str, Any] = {}
    for key, value in (config or {}).items():
        name = PROSE_CONFIG_KEYS.get(key, key)
        if name not in PROSE_CONFIG_KEYS.values():
            raise TurnError(f"unknown key {key!r}", "degenerate_prose_config")
        rules[name] = list(value) if name == "additional_short_words" else value
    return rules


def detect_bulk_failure_fabrication(
    content: str,
    failed_tool_count: int,
    total_tool_count: int,
    quantitative_patterns: Sequence[Any] = (),
    *,
    min_length: int = DEFAULT_BULK_FAILURE_MIN_LENGTH,
    ratio_threshold: float = DEFAULT_BULK_FAILURE_RATIO_THRESHOLD,
    pattern_threshold: int = DEFAULT_BULK_FAILURE_PATTERN_THRESHOLD,
) -> BulkFailureResult:
    """Most tools failed (ratio >= 0.8) yet the answer states >= 3 distinct figures.

    nofab's built-in figure patterns count too (Pleach's default set is empty, so it never
    fired without domain patterns); ``quantitative_patterns`` are regex strings or compiled.
    """
    text = _text(content)
    patterns = tuple(getattr(p, "pattern", p) for p in quantitative_patterns)
    detector = BulkFailureDetector(Profile(quantitative_patterns=patterns))
    ratio = failed_tool_count / total_tool_count if total_tool_count > 0 else 0.0
    hits = detector.hits(text)
    distinct = list(dict.fromkeys(h[2].strip().lower() for h in hits))
    detected = len(text) >= min_length and ratio >= ratio_threshold and len(distinct) >= pattern_threshold
    return BulkFailureResult(detected, len(distinct), [h[2] for h in hits[:10]], round(ratio, 3))


def _prior(entry: Any, i: int) -> PriorToolUse:
    if isinstance(entry, PriorToolUse):
        return entry
    if not isinstance(entry, Mapping):
        raise TurnError(f"must be an object, got {type(entry).__name__}", f"prior_tool_uses[{i}]")
    name = entry.get("name") or entry.get("tool_name") or entry.get("toolName") or ""
    job = entry.get("job_id") or entry.get("jobId") or ""
    return PriorToolUse(name=str(name), job_id=str(job))


def prior_tool_uses(entries: Iterable[Any] | None) -> tuple[PriorToolUse, ...]:
    """Pleach's ``PriorToolUseEntry`` list (``jobId``/``job_id``, ``toolName``/``name``)."""
    return tuple(_prior(e, i) for i, e in enumerate(entries or ()))


def _signal(findings: list[Finding], kind: str) -> SignalResult:
    for f in findings:
        if f.kind == kind:
            return SignalResult(True, f.reason, dict(f.evidence))
    return SignalResult(False)


def detect_self_fabrication_confession(content: str, prior_tool_uses_: Iterable[Any]) -> SignalResult:
    """A confession phrase AND an 8-hex prefix of a prior tool use's job id."""
    turn = Turn(response=_text(content), prior_tool_uses=prior_tool_uses(prior_tool_uses_))
    return _signal(_run(ConfessionDetector(Profile()), turn, Profile()), "self_confession")


def detect_method_result_fabrication_confession(content: str) -> SignalResult:
    """The answer retracts the method results it just wrote ("these numbers are illustrative")."""
    turn = Turn(response=_text(content))
    return _signal(_run(ConfessionDetector(Profile()), turn, Profile()), "method_result_confession")


def detect_degenerate_prose_quality(content: str, config: Mapping[str, Any] | None = None) -> SignalResult:
    """Garbled text: split words, fragments, loops or a stop-word salad (see nofab.detectors.prose)."""
    profile = Profile(rules={"degenerate_prose": prose_rules(config)})
    detector = DegenerateProseDetector(profile)
    result = _signal(_run(detector, Turn(response=_text(content)), profile), "degenerate_prose")
    if result.detected:
        return result
    return SignalResult(False, "", detector.measure(content) or {})


def detect_data_inflation(content: str, tool_results: Mapping[str, Any]) -> list[DataInflation]:
    """Tools whose rows the answer overstates (``tool_results``: tool name -> its result)."""
    calls = tuple(ToolCall(name=str(n), result=r, id=str(i)) for i, (n, r) in enumerate(tool_results.items()))
    findings = _run(InflationDetector(Profile()), Turn(response=_text(content), tool_calls=calls), Profile())
    rows = [
        DataInflation(
            str(f.evidence.get("tool_name", "")),
            int(f.evidence.get("claimed_rows", 0)),
            int(f.evidence.get("actual_rows", 0)),
        )
        for f in findings
        if f.kind == "data_inflation"
    ]
    return list(dict.fromkeys(rows))  # a list and a count phrase can both overstate one tool


def content_references_missing_tools(content: str, unavailable_tool_names: Iterable[str]) -> bool:
    """Does the text cite (bare, readable or aliased) a tool that failed or never ran?"""
    calls = tuple(
        ToolCall(name=str(n), status="error", error="unavailable", id=str(i))
        for i, n in enumerate(unavailable_tool_names)
    )
    if not calls:
        return False
    findings = _run(
        ToolReferenceDetector(Profile()), Turn(response=_text(content), tool_calls=calls), Profile()
    )
    return any(f.kind == "unavailable_tool_reference" for f in findings)


def is_guard_blocked_failure(error_message: str | None) -> bool:
    """A guard refusal (``BLOCKED:``, ``DUPLICATE:``, ...), not an API failure."""
    return is_guard_blocked(error_message)


def partition_failed_tools(
    failed_tool_names: Sequence[str], errors: Mapping[str, str] | Sequence[str] | None = None
) -> dict[str, list[str]]:
    """``{"api_failed_tool_names", "guard_blocked_tool_names"}``; ``errors`` by tool name, or
    aligned with ``failed_tool_names``."""
    if errors is None:
        by_name: Mapping[str, str] = {}
    elif isinstance(errors, Mapping):
        by_name = errors
    else:
        by_name = dict(zip(failed_tool_names, errors, strict=False))
    api: list[str] = []
    blocked: list[str] = []
    for name in failed_tool_names:
        (blocked if is_guard_blocked(by_name.get(name)) else api).append(name)
    return {"api_failed_tool_names": api, "guard_blocked_tool_names": blocked}


__all__ = [
    "DEFAULT_BULK_FAILURE_MIN_LENGTH",
    "DEFAULT_BULK_FAILURE_PATTERN_THRESHOLD",
    "DEFAULT_BULK_FAILURE_RATIO_THRESHOLD",
    "BulkFailureResult",
    "DataInflation",
    "SignalResult",
    "content_references_missing_tools",
    "detect_bulk_failure_fabrication",
    "detect_data_inflation",
    "detect_degenerate_prose_quality",
    "detect_method_result_fabrication_confession",
    "detect_self_fabrication_confession",
    "is_guard_blocked_failure",
    "partition_failed_tools",
]
