"""The guard: detect -> filter -> dedupe -> decide -> act -> emit, for every turn.

A ``Guard`` compiles its detectors and vocabulary once and then checks any number of
turns, from any number of threads: it holds no per-turn state.
"""

from __future__ import annotations

import asyncio
import inspect
import uuid
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from nofab import actions
from nofab.detector import Detector, DetectorFactory
from nofab.errors import DetectorFailedError, UsageError
from nofab.events import DetectorErrorEvent, EventBus, FabricationDetectedEvent, preview
from nofab.evidence import Evidence
from nofab.finding import Finding
from nofab.lexicon import lexicon_for
from nofab.policy import Policy, Profile
from nofab.session import SessionTracker
from nofab.toolstatus import verdict_details
from nofab.turn import Turn
from nofab.verdict import ActionTaken, DetectorError, RevisionRound, Verdict

Reviser = Callable[[str], "str | Awaitable[str]"]


@dataclass(frozen=True, slots=True)
class _Assessment:
    findings: tuple[Finding, ...]
    blocking: tuple[Finding, ...]
    errors: tuple[DetectorError, ...]
    evidence: Evidence


class Guard:
    """Checks agent turns for fabrication. Build once, call ``check`` for every turn."""

    def __init__(
        self,
        policy: Policy | None = None,
        profile: Profile | None = None,
        *,
        detectors: Iterable[DetectorFactory] = (),
        handlers: Iterable[Any] = (),
    ) -> None:
        from nofab.detectors import BUILTIN, plugin_factories

        self.policy = policy or Policy()
        self.profile = profile or Profile()
        self.lexicon = lexicon_for(self.profile)
        self.warnings: tuple[str, ...] = ()
        factories: list[DetectorFactory] = [*BUILTIN, *detectors]
        warnings: list[str] = []
        if self.policy.load_plugins:
            plugins, errors = plugin_factories()
            factories.extend(f for _name, f in plugins)
            warnings.extend(errors)
        built: list[Detector] = []
        seen: set[str] = set()
        for factory in factories:
            try:
                detector = factory(self.profile)
            except Exception as exc:
                if self.policy.on_detector_error == "raise":
                    raise DetectorFailedError(getattr(factory, "id", repr(factory)), exc) from exc
                warnings.append(f"detector {getattr(factory, 'id', factory)!r} could not be built: {exc}")
                continue
            if detector.id in seen:
                warnings.append(f"detector id {detector.id!r} registered twice; the first one is kept")
                continue
            seen.add(detector.id)
            if self.policy.detectors is not None and detector.id not in self.policy.detectors:
                continue
            if detector.id in self.policy.disabled:
                continue
            built.append(detector)
        self.detectors: tuple[Detector, ...] = tuple(built)
        self.warnings = tuple(warnings)
        self.events = EventBus()
        for handler in handlers:
            self.events.subscribe(handler)

    def subscribe(self, handler: Any, event_type: type | None = None) -> None:
        """Register an event handler (see ``nofab.events``)."""
        self.events.subscribe(handler, event_type)

    @property
    def detector_versions(self) -> dict[str, str]:
        return {d.id: str(getattr(d, "version", "")) for d in self.detectors}

    # ------------------------------------------------------------------ detection
    def _coerce(self, turn: Turn | Mapping[str, Any]) -> Turn:
        if isinstance(turn, Turn):
            return turn
        return Turn.from_dict(turn)

    def assess(self, turn: Turn, run_id: str = "") -> _Assessment:
        evidence = Evidence(turn, self.profile, self.lexicon)
        found: list[Finding] = []
        errors: list[DetectorError] = []
        for detector in self.detectors:
            try:
                found.extend(detector.detect(evidence))
            except Exception as exc:
                if self.policy.on_detector_error == "raise":
                    raise DetectorFailedError(detector.id, exc) from exc
                error = DetectorError(detector.id, type(exc).__name__, str(exc)[:500])
                errors.append(error)
                if self.events.wants(DetectorErrorEvent):
                    self.events.emit(
                        DetectorErrorEvent(run_id, error.detector, error.error_type, error.message)
                    )
        findings = _dedupe(found)
        default = self.policy.threshold
        blocking = tuple(f for f in findings if f.confidence >= self.profile.threshold_for(f.kind, default))
        return _Assessment(findings, blocking, tuple(errors), evidence)

    def detect(self, turn: Turn | Mapping[str, Any]) -> tuple[Finding, ...]:
        """Only the findings, whatever the mode (no action, no event)."""
        return self.assess(self._coerce(turn)).findings

    # ------------------------------------------------------------------ checking
    def check(
        self,
        turn: Turn | Mapping[str, Any],
        *,
        reviser: Reviser | None = None,
        run_id: str | None = None,
        session: SessionTracker | None = None,
    ) -> Verdict:
        """Check one turn and act on it according to the policy's mode.

        ``session``: the caller's per-conversation tracker (``nofab.session``), which adds
        ``phantom_wipe_escalation`` when the same phantom tools are wiped again."""
        turn = self._coerce(turn)
        if self.policy.mode == "off":
            return self._off(turn)
        rid = run_id or ""
        first = self.assess(turn, rid)
        if self.policy.mode == "revise" and first.blocking and reviser is not None:
            verdict = self._revise_sync(turn, first, reviser, rid)
        else:
            verdict = self._act(turn, first, reviser_missing=reviser is None)
        if session is not None:
            verdict = session.observe(verdict)
        if verdict.findings and self.events.wants(FabricationDetectedEvent):
            self.events.emit(self._event(turn, verdict, run_id))
        return verdict

    async def acheck(
        self,
        turn: Turn | Mapping[str, Any],
        *,
        reviser: Reviser | None = None,
        run_id: str | None = None,
        session: SessionTracker | None = None,
    ) -> Verdict:
        """``check`` for async agents: awaits an async reviser and async handlers."""
        turn = self._coerce(turn)
        if self.policy.mode == "off":
            return self._off(turn)
        rid = run_id or ""
        first = self.assess(turn, rid)
        if self.policy.mode == "revise" and first.blocking and reviser is not None:
            rounds: list[RevisionRound] = []
            current, assessment = turn, first
            for _ in range(max(1, self.policy.max_revisions)):
                instruction = actions.revision_instruction(assessment.blocking, bool(turn.tool_calls))
                try:
                    result = reviser(instruction)
                    text = await result if inspect.isawaitable(result) else result
                    error = _revision_error(text)
                except Exception as exc:
                    text, error = current.response, f"{type(exc).__name__}: {exc}"
                current, assessment = self._next_round(
                    current, assessment, instruction, text, error, rounds, rid
                )
                if not assessment.blocking or error:
                    break
            verdict = self._after_revision(turn, current, assessment, rounds)
        else:
            verdict = self._act(turn, first, reviser_missing=reviser is None)
        if session is not None:
            verdict = session.observe(verdict)
        if verdict.findings and self.events.wants(FabricationDetectedEvent):
            await self.events.aemit(self._event(turn, verdict, run_id))
        return verdict

    def _revise_sync(self, turn: Turn, first: _Assessment, reviser: Reviser, rid: str) -> Verdict:
        rounds: list[RevisionRound] = []
        current, assessment = turn, first
        for _ in range(max(1, self.policy.max_revisions)):
            instruction = actions.revision_instruction(assessment.blocking, bool(turn.tool_calls))
            try:
                result = reviser(instruction)
                text = _run_sync(result) if inspect.isawaitable(result) else result
                error = _revision_error(text)
            except UsageError:
                raise
            except Exception as exc:
                text, error = current.response, f"{type(exc).__name__}: {exc}"
            current, assessment = self._next_round(current, assessment, instruction, text, error, rounds, rid)
            if not assessment.blocking or error:
                break
        return self._after_revision(turn, current, assessment, rounds)

    def _next_round(
        self,
        current: Turn,
        assessment: _Assessment,
        instruction: str,
        text: Any,
        error: str | None,
        rounds: list[RevisionRound],
        rid: str,
    ) -> tuple[Turn, _Assessment]:
        if error:
            rounds.append(RevisionRound(instruction, current.response, "", assessment.findings, error))
            return current, assessment
        revised = current.with_response(cast(str, text))
        new = self.assess(revised, rid)
        rounds.append(RevisionRound(instruction, current.response, revised.response, new.findings))
        return revised, new

    def _after_revision(
        self, original: Turn, current: Turn, assessment: _Assessment, rounds: list[RevisionRound]
    ) -> Verdict:
        warnings = [f"reviser failed: {r.error}" for r in rounds if r.error]
        if not assessment.blocking:
            return self._verdict(
                assessment, "revise_forced", current.response, rounds=rounds, warnings=warnings
            )
        fallback = self.policy.revise_fallback
        verdict = self._act(current, assessment, mode=fallback)
        return self._verdict(
            assessment,
            verdict.action,
            verdict.output,
            rounds=rounds,
            warnings=[*warnings, f"the revision still failed; fell back to {fallback}"],
            details=verdict.details,
        )

    def _act(
        self, turn: Turn, assessment: _Assessment, mode: str | None = None, reviser_missing: bool = False
    ) -> Verdict:
        mode = mode or self.policy.mode
        findings, blocking = assessment.findings, assessment.blocking
        warnings: list[str] = []
        if mode == "revise":
            if blocking and reviser_missing:
                warnings.append("revise mode without a reviser: fell back to refuse")
            mode = "refuse"
        if not blocking or mode == "observe":
            action: ActionTaken = "observed" if findings else "none"
            return self._verdict(assessment, action, turn.response, warnings=warnings)
        if mode == "flag":
            return self._verdict(
                assessment, "flagged", actions.flag(turn.response, blocking), warnings=warnings
            )
        if mode == "wipe":
            text, kept, wiped = actions.wipe(assessment.evidence.answer, blocking)
            output = text if kept else self.policy.envelope
            details = {
                "preserved_paragraphs": kept,
                "wiped_paragraphs": wiped,
                "preserved_text": text,
            }
            return self._verdict(assessment, "wiped", output, warnings=warnings, details=details)
        return self._verdict(assessment, "refuse_replaced", self.policy.envelope, warnings=warnings)

    def _verdict(
        self,
        assessment: _Assessment,
        action: ActionTaken,
        output: str,
        *,
        rounds: Sequence[RevisionRound] = (),
        warnings: Sequence[str] = (),
        details: Mapping[str, Any] | None = None,
    ) -> Verdict:
        findings = assessment.findings
        return Verdict(
            findings=findings,
            action=action,
            output=output,
            mode=self.policy.mode,
            threshold=self.policy.threshold,
            max_confidence=max((f.confidence for f in findings), default=0.0),
            detector_errors=assessment.errors,
            warnings=(*self.warnings, *warnings),
            rounds=tuple(rounds),
            details={**self._tool_details(assessment), **(details or {})},
            blocking=assessment.blocking,
        )

    def _tool_details(self, assessment: _Assessment) -> dict[str, Any]:
        # Tool partition, phantoms, inflation and pending-call routing (nofab.toolstatus).
        checked = any(d.id == "arguments" for d in self.detectors)
        return verdict_details(assessment.evidence, assessment.findings, checked)

    def _off(self, turn: Turn) -> Verdict:
        return Verdict((), "none", turn.response, "off", self.policy.threshold)

    def _event(self, turn: Turn, verdict: Verdict, run_id: str | None) -> FabricationDetectedEvent:
        draft, truncated = preview(turn.response)
        replaced = verdict.output != turn.response
        return FabricationDetectedEvent(
            run_id=run_id or uuid.uuid4().hex,
            mode=verdict.mode,
            action_taken=verdict.action,
            findings=tuple(f.to_dict() for f in verdict.findings),
            refuse_threshold=verdict.threshold,
            max_finding_confidence=verdict.max_confidence,
            original_draft_preview=draft,
            replacement_preview=preview(verdict.output)[0] if replaced else None,
            preview_truncated=truncated,
        )


def _revision_error(text: Any) -> str | None:
    if not isinstance(text, str):
        return f"the reviser returned {type(text).__name__}, not a string"
    return None


def _run_sync(awaitable: Awaitable[str]) -> str:
    try:
        asyncio.get_running_loop()
    except RuntimeError:

        async def _wait() -> str:
            return await awaitable

        return asyncio.run(_wait())
    if inspect.iscoroutine(awaitable):
        awaitable.close()
    raise UsageError("the reviser is async and an event loop is running: use `await guard.acheck(...)`")


def _dedupe(findings: list[Finding]) -> tuple[Finding, ...]:
    """One finding per place: where findings overlap, the most confident one stays."""
    kept: list[Finding] = []
    whole: set[str] = set()
    for f in sorted(findings, key=lambda f: (-f.confidence, f.span)):
        if f.whole_turn:
            if f.kind not in whole:
                whole.add(f.kind)
                kept.append(f)
            continue
        if any(not k.whole_turn and k.span[0] < f.span[1] and f.span[0] < k.span[1] for k in kept):
            continue
        kept.append(f)
    kept.sort(key=lambda f: (f.span, f.kind))
    return tuple(kept)


def check(
    turn: Turn | Mapping[str, Any],
    policy: Policy | None = None,
    profile: Profile | None = None,
    *,
    reviser: Reviser | None = None,
) -> Verdict:
    """Check one turn with a guard built for the occasion (build a ``Guard`` to check many)."""
    return Guard(policy, profile).check(turn, reviser=reviser)
