"""The guard: detect -> filter -> dedupe -> decide -> act -> emit, for every turn.

A ``Guard`` compiles its detectors and vocabulary once and then checks any number of
turns, from any number of threads: it holds no per-turn state.
"""

from __future__ import annotations

from collections.abc import AsyncIterable, Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import islice
from typing import TYPE_CHECKING, Any, cast

from nofab.config.policy import Policy, Profile
from nofab.errors import DetectorFailedError, InputTooLargeError, UsageError
from nofab.evidence.index import Evidence
from nofab.evidence.results import ResultCache
from nofab.evidence.toolstatus import verdict_details as tool_details
from nofab.language.lexicon import lexicon_for
from nofab.model.events import DetectorErrorEvent, EventBus, FabricationDetectedEvent, preview
from nofab.model.finding import Finding
from nofab.model.turn import Turn
from nofab.model.verdict import ActionTaken, DetectorError, RevisionRound, Verdict
from nofab.pipeline import actions
from nofab.pipeline.cache import GuardCache
from nofab.pipeline.session import SessionTracker
from nofab.pipeline.spans import SpanSet

if TYPE_CHECKING:
    # Types only: importing nofab.detectors loads every detector, which the first Guard
    # does (in __init__), not `import nofab`.
    from nofab.detectors.base import Detector, DetectorFactory
    from nofab.pipeline.stream import AsyncGuardedStream, GuardedStream

Reviser = Callable[[str], "str | Awaitable[str]"]


@dataclass(frozen=True, slots=True)
class _Assessment:
    findings: tuple[Finding, ...]
    blocking: tuple[Finding, ...]
    errors: tuple[DetectorError, ...]
    evidence: Evidence
    notes: tuple[str, ...] = ()


class Guard:
    """Checks agent turns for fabrication. Build once, call ``check`` for every turn."""

    def __init__(
        self,
        policy: Policy | None = None,
        profile: Profile | None = None,
        *,
        detectors: Iterable[DetectorFactory] = (),
        handlers: Iterable[Any] = (),
        redactor: Callable[[str], str] | None = None,
    ) -> None:
        from nofab.detectors import BUILTIN, plugin_factories

        self.policy = policy or Policy()
        self.profile = profile or Profile()
        #: Applied to event previews and the findings they carry (``nofab.redaction``).
        self.redactor = redactor
        self.lexicon = lexicon_for(self.profile)
        #: Per-source indexes shared by every turn this guard checks (``nofab.evidence.results``).
        self.results = ResultCache()
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
        """Register an event handler (see ``nofab.model.events``)."""
        self.events.subscribe(handler, event_type)

    @property
    def detector_versions(self) -> dict[str, str]:
        return {d.id: str(getattr(d, "version", "")) for d in self.detectors}

    # ------------------------------------------------------------------ detection
    def _coerce(self, turn: Turn | Mapping[str, Any]) -> Turn:
        if isinstance(turn, Turn):
            return turn
        return Turn.from_dict(turn)

    def _within_limits(self, turn: Turn) -> tuple[Turn, list[str]]:
        """Apply the policy's input limits: raise, or truncate and say what was cut."""
        policy = self.policy
        cuts: list[tuple[str, str]] = []
        response, calls = turn.response, turn.tool_calls
        if len(response) > policy.max_answer_chars:
            cuts.append(("response", f"{len(response)} characters, limit {policy.max_answer_chars}"))
            response = response[: policy.max_answer_chars]
        if len(calls) > policy.max_tool_calls:
            cuts.append(("tool_calls", f"{len(calls)} calls, limit {policy.max_tool_calls}"))
            calls = calls[-policy.max_tool_calls :]  # the most recent calls matter most
        size = (
            len(turn.context)
            + len(turn.user_message)
            + sum(len(c.result) if isinstance(c.result, str) else 0 for c in calls)
        )
        if size > policy.max_evidence_chars:
            cuts.append(("evidence", f"about {size} characters, limit {policy.max_evidence_chars}"))
        if not cuts:
            return turn, []
        if policy.on_oversize == "error":
            where, what = cuts[0]
            raise InputTooLargeError(
                f"is too large ({what}); raise the policy limit or use on_oversize='truncate'", where
            )
        notes = [
            f"input truncated: {where} had {what}; only the part within the limit was checked"
            for where, what in cuts
        ]
        return replace(turn, response=response, tool_calls=calls), notes

    def assess(self, turn: Turn, run_id: str = "", evidence: Evidence | None = None) -> _Assessment:
        """Run every detector; ``evidence`` lets a caller share one index across answers (streaming)."""
        turn, notes = self._within_limits(turn)
        if evidence is None:
            evidence = Evidence(turn, self.profile, self.lexicon, cache=self.results)
        found: list[Finding] = []
        errors: list[DetectorError] = []
        cap = self.policy.max_findings_per_detector
        for detector in self.detectors:
            try:
                produced = list(islice(detector.detect(evidence), cap + 1))
                if len(produced) > cap:
                    produced.pop()
                    notes.append(
                        f"detector {detector.id!r} stopped after {cap} findings; the rest of the "
                        "answer was not checked by it"
                    )
                found.extend(produced)
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
        return _Assessment(findings, blocking, tuple(errors), evidence, tuple(notes))

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

        ``session``: the caller's per-conversation tracker (``nofab.pipeline.session``), which adds
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
        if (verdict.findings or verdict.rounds) and self.events.wants(FabricationDetectedEvent):
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
            for _ in range(self.policy.max_revisions):
                instruction = actions.revision_instruction(assessment.blocking, bool(turn.tool_calls))
                try:
                    result = reviser(instruction)
                    text: Any = await result if isinstance(result, Awaitable) else result
                except Exception as exc:  # the guard never crashes the agent over its reviser
                    text = exc
                current, assessment = self._next_round(current, assessment, instruction, text, rounds, rid)
                if not assessment.blocking or rounds[-1].error:
                    break
            verdict = self._after_revision(turn, current, assessment, rounds)
        else:
            verdict = self._act(turn, first, reviser_missing=reviser is None)
        if session is not None:
            verdict = session.observe(verdict)
        if (verdict.findings or verdict.rounds) and self.events.wants(FabricationDetectedEvent):
            await self.events.aemit(self._event(turn, verdict, run_id))
        return verdict

    # ------------------------------------------------------------------ streaming
    def stream(
        self,
        turn: Turn | Mapping[str, Any],
        chunks: Iterable[str | None],
        *,
        run_id: str | None = None,
        max_sentence_chars: int | None = None,
    ) -> GuardedStream:
        """Release the answer's chunks sentence by sentence, each only after it was checked.

        ``turn`` is everything but the answer (its ``response`` is ignored); iterate the result
        for the text to show, then read its ``.verdict``. See ``nofab.pipeline.stream``.
        """
        from nofab.pipeline.stream import DEFAULT_MAX_SENTENCE_CHARS, GuardedStream, partial_turn

        limit = max_sentence_chars or DEFAULT_MAX_SENTENCE_CHARS
        return GuardedStream(self, partial_turn(turn), chunks, run_id, limit)

    def astream(
        self,
        turn: Turn | Mapping[str, Any],
        chunks: AsyncIterable[str | None] | Iterable[str | None],
        *,
        run_id: str | None = None,
        max_sentence_chars: int | None = None,
    ) -> AsyncGuardedStream:
        """``stream`` for async agents: ``async for text in guard.astream(turn, chunks)``."""
        from nofab.pipeline.stream import DEFAULT_MAX_SENTENCE_CHARS, AsyncGuardedStream, partial_turn

        limit = max_sentence_chars or DEFAULT_MAX_SENTENCE_CHARS
        return AsyncGuardedStream(self, partial_turn(turn), chunks, run_id, limit)

    def _revise_sync(self, turn: Turn, first: _Assessment, reviser: Reviser, rid: str) -> Verdict:
        rounds: list[RevisionRound] = []
        current, assessment = turn, first
        for _ in range(self.policy.max_revisions):
            instruction = actions.revision_instruction(assessment.blocking, bool(turn.tool_calls))
            try:
                result = reviser(instruction)
                text: Any = _run_sync(result) if isinstance(result, Awaitable) else result
            except UsageError:
                raise
            except Exception as exc:  # the guard never crashes the agent over its reviser
                text = exc
            current, assessment = self._next_round(current, assessment, instruction, text, rounds, rid)
            if not assessment.blocking or rounds[-1].error:
                break
        return self._after_revision(turn, current, assessment, rounds)

    def _next_round(
        self,
        current: Turn,
        assessment: _Assessment,
        instruction: str,
        text: Any,
        rounds: list[RevisionRound],
        rid: str,
    ) -> tuple[Turn, _Assessment]:
        """Record one round; a failed reviser leaves the current draft and its findings in place."""
        error = _revision_error(text)
        if error:
            rounds.append(
                RevisionRound(
                    instruction, current.response, "", assessment.findings, error, assessment.blocking
                )
            )
            return current, assessment
        revised = current.with_response(cast(str, text))
        new = self.assess(revised, rid)
        rounds.append(
            RevisionRound(
                instruction, current.response, revised.response, new.findings, None, assessment.blocking
            )
        )
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
        why = "the revision still failed" if rounds else "max_revisions is 0, so no revision was asked for"
        verdict = self._act(current, assessment, mode=fallback)
        return self._verdict(
            assessment,
            verdict.action,
            verdict.output,
            rounds=rounds,
            warnings=[*warnings, f"{why}; fell back to {fallback}"],
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
        incomplete = bool(assessment.errors) or any(n.startswith("input truncated") for n in assessment.notes)
        if mode == "refuse" and incomplete and self.policy.on_error_in_refuse == "refuse":
            failed = ", ".join(sorted({e.detector for e in assessment.errors})) or "none"
            warnings.append(
                f"refused because the answer was not fully checked (failed detectors: {failed}) "
                "and the policy fails closed"
            )
            return self._verdict(assessment, "refuse_replaced", self.policy.envelope, warnings=warnings)
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
            warnings=(*self.warnings, *assessment.notes, *warnings),
            rounds=tuple(rounds),
            # The values the fidelity parser read and the tool partition travel with the verdict.
            details={
                **fidelity_details(self.detectors, assessment.evidence),
                **self._tool_details(assessment),
                **(details or {}),
            },
            blocking=assessment.blocking,
        )

    def _tool_details(self, assessment: _Assessment) -> dict[str, Any]:
        # Tool partition, phantoms, inflation and pending-call routing (nofab.evidence.toolstatus).
        checked = any(d.id == "arguments" for d in self.detectors)
        return tool_details(assessment.evidence, assessment.findings, checked)

    def _off(self, turn: Turn) -> Verdict:
        return Verdict((), "none", turn.response, "off", self.policy.threshold)

    def _event(self, turn: Turn, verdict: Verdict, run_id: str | None) -> FabricationDetectedEvent:
        draft, truncated = preview(turn.response)
        replaced = verdict.output != turn.response
        # A revised turn reports what the draft had: the final findings may be none at all.
        findings = verdict.rounds[0].draft_findings if verdict.rounds else verdict.findings
        payload = tuple(f.to_dict() for f in findings)
        replacement = preview(verdict.output)[0] if replaced else None
        if self.redactor is not None:
            from nofab.redaction import redact_finding

            payload = tuple(redact_finding(f, self.redactor) for f in payload)
            draft = self.redactor(draft)
            replacement = self.redactor(replacement) if replacement is not None else None
        return FabricationDetectedEvent(
            run_id=run_id or _new_run_id(),
            mode=verdict.mode,
            action_taken=verdict.action,
            findings=payload,
            refuse_threshold=verdict.threshold,
            max_finding_confidence=max((f.confidence for f in findings), default=0.0),
            original_draft_preview=draft,
            replacement_preview=replacement,
            preview_truncated=truncated,
        )


def fidelity_details(detectors: Sequence[Detector], evidence: Evidence) -> dict[str, Any]:
    """The declared values the fidelity parser read (nothing when no turn declares any)."""
    if not evidence.turn.asserted_values and not getattr(evidence.turn, "declared_claims", ()):
        return {}
    # Imported here: importing a detector module loads the whole detectors package.
    from nofab.detectors.fidelity import verdict_details

    return verdict_details(detectors, evidence)


def _new_run_id() -> str:
    import uuid  # only when an event is built for a caller that gave no run id

    return uuid.uuid4().hex


def _revision_error(text: Any) -> str | None:
    """Why a reviser's return value cannot be used as a revision (``None`` when it can)."""
    if isinstance(text, BaseException):
        return f"{type(text).__name__}: {text}"
    if not isinstance(text, str):
        return f"the reviser returned {type(text).__name__}, not a string"
    if not text.strip():
        return "the reviser returned an empty answer"
    return None


def _run_sync(awaitable: Awaitable[str]) -> str:
    import asyncio
    import inspect

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
    taken = SpanSet()
    for f in sorted(findings, key=lambda f: (-f.confidence, f.span)):
        if f.whole_turn:
            if f.kind not in whole:
                whole.add(f.kind)
                kept.append(f)
            continue
        # an empty span (a zero-width anchor) still occupies its position
        if taken.add(f.span[0], max(f.span[1], f.span[0] + 1)):
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
    """Check one turn. The guard for this policy and profile is built on the first call and
    reused by later ones (``nofab.pipeline.cache``), so a loop of one-shot calls costs what a
    ``Guard`` built once costs; build your own ``Guard`` to subscribe handlers or stream."""
    return GUARDS.get(policy, profile).check(turn, reviser=reviser)


#: The guards ``check`` reuses, one per (policy, profile) content.
GUARDS: GuardCache[Guard] = GuardCache(Guard)
