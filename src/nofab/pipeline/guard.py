"""The guard: detect -> filter -> dedupe -> decide -> act -> emit, for every turn.

A ``Guard`` compiles its detectors and vocabulary once and then checks any number of
turns, from any number of threads: it holds no per-turn state.

Each step is a public method, so the stream and the framework integrations run the same
pipeline as ``check`` instead of copies of it:

- ``assess`` = detect (every detector, a failure becomes a ``DetectorError``), filter (the
  per-detector cap), dedupe (one finding per place), and the threshold -> ``Assessment``;
- ``decide`` -> ``Ruling``: the action the mode takes (``nofab.pipeline.assessment``);
- ``act`` -> ``Verdict``: decide, then build the text to show (``nofab.pipeline.actions``);
- ``emit``: the ``FabricationDetectedEvent`` to the handlers.

Revise mode is one state machine (``nofab.pipeline.revise``) driven by ``check`` (sync),
``acheck`` (async) and the integrations (one round per framework step).
"""

from __future__ import annotations

from collections.abc import AsyncIterable, Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from nofab.config.policy import Policy, Profile
from nofab.errors import DetectorFailedError, ProfileError
from nofab.model.events import DetectorErrorEvent, EventBus, FabricationDetectedEvent, fabrication_event
from nofab.model.finding import Finding
from nofab.model.turn import Turn
from nofab.model.verdict import ActionTaken, DetectorError, RevisionRound, Verdict
from nofab.pipeline import actions
from nofab.pipeline.assessment import Assessment, Ruling, decide
from nofab.pipeline.cache import GuardCache
from nofab.pipeline.collector import paused_for
from nofab.pipeline.dedupe import dedupe
from nofab.pipeline.detection import detect
from nofab.pipeline.limits import within_limits
from nofab.pipeline.revise import Reviser, arevise, revise, revision_loop
from nofab.pipeline.session import SessionTracker

if TYPE_CHECKING:
    # Types only: nofab.detectors loads every detector and the evidence index the lexicons,
    # which the first Guard does (in __init__), not `import nofab`.
    from nofab.detectors.base import Detector, DetectorFactory
    from nofab.evidence.index import Evidence
    from nofab.pipeline.stream import AsyncGuardedStream, GuardedStream

__all__ = ["Assessment", "Guard", "Reviser", "Ruling", "check", "fidelity_details"]


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
        from nofab.evidence.results import ResultCache
        from nofab.language.lexicon import lexicon_for

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
            except ProfileError:
                raise  # a settings typo must not quietly switch a detector off
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
        # Whether ``arguments`` runs, per detector tuple (callers may wrap ``detectors``).
        self._arguments_for: tuple[Detector, ...] = ()
        self._checks_arguments = False
        warnings.extend(self._check_rule_tables(factories, seen))
        self.warnings = tuple(warnings)
        self.events = EventBus()
        for handler in handlers:
            self.events.subscribe(handler)

    def _check_rule_tables(self, factories: Sequence[DetectorFactory], built: set[str]) -> list[str]:
        """A ``rules`` table no detector reads is a typo (``rules.bulk_failur``): an error, or
        a warning when plugins were not loaded (the table may belong to one)."""
        ids = built | {str(getattr(f, "id", "")) for f in factories}
        unknown = sorted(set(self.profile.rules) - ids)
        if not unknown:
            return []
        from difflib import get_close_matches  # only on the error path

        known = sorted(i for i in ids if i)

        def message(name: str) -> str:
            close = get_close_matches(name, known, n=1)
            hint = f"did you mean {close[0]!r}? " if close else ""
            return f"no detector has this id; {hint}expected one of {known}"

        if self.policy.load_plugins:
            raise ProfileError(message(unknown[0]), f"rules.{unknown[0]}")
        return [f"rules.{name}: {message(name)} (plugins were not loaded)" for name in unknown]

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

    def assess(
        self,
        turn: Turn,
        run_id: str = "",
        evidence: Evidence | None = None,
        *,
        given: Mapping[str, Sequence[Finding]] | None = None,
        produced: dict[str, list[Finding] | None] | None = None,
    ) -> Assessment:
        """detect -> filter -> dedupe -> threshold; ``evidence`` lets a caller share one index
        across answers (streaming); ``given`` and ``produced``: see ``nofab.pipeline.detection``."""
        turn, notes = within_limits(self.policy, turn)
        with paused_for(len(turn.response)):  # a long answer: ``nofab.pipeline.collector``
            if evidence is None:
                from nofab.evidence.index import Evidence  # loaded by __init__: a dict lookup

                evidence = Evidence(turn, self.profile, self.lexicon, cache=self.results)
            cap = self.policy.max_findings_per_detector
            detected = detect(
                self.detectors,
                evidence,
                cap,
                lambda detector, exc: self._failed(detector, exc, run_id),
                given=given,
                produced=produced,
            )
            found, errors, capped = detected.found, detected.errors, detected.capped
            stopped = "findings; the rest of the answer was not checked by it"
            notes.extend(f"detector {name!r} stopped after {cap} {stopped}" for name in capped)
            if not found:
                # Most turns: nothing to merge or weigh, so no sort, no closure, no tuples.
                return Assessment((), (), tuple(errors), evidence, tuple(notes), tuple(capped))
            default = self.policy.threshold
            thresholds = self.profile.thresholds

            def blocks(f: Finding) -> bool:
                return f.confidence >= float(thresholds.get(f.kind, default))

            findings = dedupe(found, blocks)
            blocking = tuple(f for f in findings if blocks(f))
            return Assessment(findings, blocking, tuple(errors), evidence, tuple(notes), tuple(capped))

    def _failed(self, detector: Detector, exc: Exception, run_id: str) -> DetectorError:
        """A detector raised: report it (an event, and the verdict's ``detector_errors``)."""
        if self.policy.on_detector_error == "raise":
            raise DetectorFailedError(detector.id, exc) from exc
        error = DetectorError(detector.id, type(exc).__name__, str(exc)[:500])
        if self.events.wants(DetectorErrorEvent):
            self.events.emit(DetectorErrorEvent(run_id, error.detector, error.error_type, error.message))
        return error

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
        first = self.assess(turn, run_id or "")
        if self.policy.mode == "revise" and reviser is not None:
            verdict = revise(revision_loop(self, turn, first, run_id or ""), reviser)
        else:
            verdict = self.act(turn, first, reviser_missing=reviser is None)
        if session is not None:
            verdict = session.observe(verdict)
        self.emit(turn, verdict, run_id)
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
        first = self.assess(turn, run_id or "")
        if self.policy.mode == "revise" and reviser is not None:
            verdict = await arevise(revision_loop(self, turn, first, run_id or ""), reviser)
        else:
            verdict = self.act(turn, first, reviser_missing=reviser is None)
        if session is not None:
            verdict = session.observe(verdict)
        if self._worth_an_event(verdict):
            await self.events.aemit(self.event(turn, verdict, run_id))
        return verdict

    # ------------------------------------------------------------------ streaming
    def stream(
        self,
        turn: Turn | Mapping[str, Any],
        chunks: Iterable[str | None],
        *,
        run_id: str | None = None,
        max_sentence_chars: int | None = None,
        gate_chars: int = 0,
    ) -> GuardedStream:
        """Release the answer's chunks sentence by sentence, each only after it was checked.

        ``turn`` is everything but the answer (its ``response`` is ignored); iterate the result
        for the text to show, then read its ``.verdict``. See ``nofab.pipeline.stream``.
        """
        from nofab.pipeline.stream import DEFAULT_MAX_SENTENCE_CHARS, GuardedStream, partial_turn

        limit = max_sentence_chars or DEFAULT_MAX_SENTENCE_CHARS
        return GuardedStream(self, partial_turn(turn), chunks, run_id, limit, gate_chars)

    def astream(
        self,
        turn: Turn | Mapping[str, Any],
        chunks: AsyncIterable[str | None] | Iterable[str | None],
        *,
        run_id: str | None = None,
        max_sentence_chars: int | None = None,
        gate_chars: int = 0,
    ) -> AsyncGuardedStream:
        """``stream`` for async agents: ``async for text in guard.astream(turn, chunks)``."""
        from nofab.pipeline.stream import DEFAULT_MAX_SENTENCE_CHARS, AsyncGuardedStream, partial_turn

        limit = max_sentence_chars or DEFAULT_MAX_SENTENCE_CHARS
        return AsyncGuardedStream(self, partial_turn(turn), chunks, run_id, limit, gate_chars)

    # ------------------------------------------------------------------ decide, act, emit
    def decide(
        self, assessment: Assessment, mode: str | None = None, *, reviser_missing: bool = False
    ) -> Ruling:
        """The action ``mode`` (default: the policy's) takes on ``assessment`` (no text built)."""
        return decide(self.policy, assessment, mode, reviser_missing=reviser_missing)

    def act(
        self,
        turn: Turn,
        assessment: Assessment,
        mode: str | None = None,
        *,
        reviser_missing: bool = False,
        rounds: Sequence[RevisionRound] = (),
        warnings: Sequence[str] = (),
    ) -> Verdict:
        """Decide, then build the text to show: the verdict of ``assessment`` under ``mode``."""
        ruling = self.decide(assessment, mode, reviser_missing=reviser_missing)
        output, details = actions.render(
            ruling.action,
            turn.response,
            assessment.evidence.answer,
            assessment.blocking,
            self.policy.envelope,
            unchecked=assessment.unchecked if ruling.fail_closed else "",
        )
        return self.verdict(
            assessment,
            ruling.action,
            output,
            rounds=rounds,
            warnings=[*warnings, *ruling.warnings],
            details=details,
        )

    def verdict(
        self,
        assessment: Assessment,
        action: ActionTaken,
        output: str,
        *,
        rounds: Sequence[RevisionRound] = (),
        warnings: Sequence[str] = (),
        details: Mapping[str, Any] | None = None,
    ) -> Verdict:
        """The verdict of ``assessment`` once ``action`` produced ``output`` (no event)."""
        findings = assessment.findings
        # The values the fidelity parser read and the tool partition travel with the verdict.
        facts = self._tool_details(assessment)
        if fidelity := fidelity_details(self.detectors, assessment.evidence):
            facts = {**fidelity, **facts}
        facts.update(details or ())
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
            details=facts,
            blocking=assessment.blocking,
        )

    def emit(self, turn: Turn, verdict: Verdict, run_id: str | None = None) -> None:
        """Send the ``FabricationDetectedEvent`` of ``verdict`` to the sync handlers (if any)."""
        if self._worth_an_event(verdict):
            self.events.emit(self.event(turn, verdict, run_id))

    def _worth_an_event(self, verdict: Verdict) -> bool:
        return bool(verdict.findings or verdict.rounds) and self.events.wants(FabricationDetectedEvent)

    def _tool_details(self, assessment: Assessment) -> dict[str, Any]:
        from nofab.evidence.toolstatus import verdict_details as tool_details  # tool partition, phantoms

        detectors = self.detectors
        if detectors is not self._arguments_for:  # worked out once per detector set
            self._arguments_for = detectors
            self._checks_arguments = any(d.id == "arguments" for d in detectors)
        return tool_details(assessment.evidence, assessment.findings, self._checks_arguments)

    def _off(self, turn: Turn) -> Verdict:
        return Verdict((), "none", turn.response, "off", self.policy.threshold)

    def event(self, turn: Turn, verdict: Verdict, run_id: str | None = None) -> FabricationDetectedEvent:
        """The ``FabricationDetectedEvent`` of ``verdict`` on ``turn`` (previews redacted)."""
        return fabrication_event(turn.response, verdict, run_id, self.redactor)


def fidelity_details(detectors: Sequence[Detector], evidence: Evidence) -> dict[str, Any]:
    """The declared values the fidelity parser read (nothing when no turn declares any)."""
    if not evidence.turn.asserted_values and not getattr(evidence.turn, "declared_claims", ()):
        return {}
    # Imported here: importing a detector module loads the whole detectors package.
    from nofab.detectors.fidelity import verdict_details

    return verdict_details(detectors, evidence)


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
