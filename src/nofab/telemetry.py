"""OpenTelemetry: nofab's verdicts on the spans and in the metrics agent teams already run.

    from nofab.telemetry import Telemetry
    telemetry = Telemetry()                    # the global tracer and meter providers
    verdict = telemetry.check(guard, turn)     # every verdict, with its latency
    guard.subscribe(telemetry)                 # or: only turns with findings, via the event bus

On the current span (when one is recording): ``nofab.action``, ``nofab.mode``,
``nofab.findings.count``, ``nofab.findings.blocking_count``, ``nofab.max_confidence``, and one
span event ``nofab.finding`` per finding (``nofab.finding.kind``, ``.identifier``,
``.confidence``, ``.blocking``, ``.span.start``, ``.span.end``, ``.reason``): the GenAI
semantic conventions' style of a namespace, dotted lower-case names, units in the metric.

Metrics: ``nofab.checks`` (counter, by ``nofab.action``), ``nofab.findings`` (counter, by
``nofab.finding.kind`` and ``nofab.finding.blocking``), ``nofab.check.duration`` (histogram,
seconds; recorded by ``Telemetry.check``, since events do not carry the time).

Needs ``pip install 'nofab[otel]'`` (the OpenTelemetry API only: the SDK and exporters are the
application's choice). A failure here never breaks the turn: the event bus logs handler
errors, and ``check`` records after the verdict is made.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from nofab import __version__
from nofab.errors import MissingExtraError
from nofab.model.events import DetectorErrorEvent, FabricationDetectedEvent
from nofab.model.verdict import Verdict

if TYPE_CHECKING:
    from nofab.model.turn import Turn
    from nofab.pipeline.guard import Guard

#: Latency buckets (seconds) around what a check costs: 50 µs to 1 s.
_BUCKETS = (0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0)
_REASON_CHARS = 500


def _api() -> tuple[Any, Any]:
    try:
        from opentelemetry import metrics, trace
    except ImportError as exc:
        raise MissingExtraError("OpenTelemetry recording", "otel", exc.name) from None
    return trace, metrics


class Telemetry:
    """Records verdicts on the current span and in OpenTelemetry metrics.

    ``meter_provider``: default the global one (``opentelemetry.metrics.get_meter_provider()``).
    """

    def __init__(self, meter_provider: Any = None) -> None:
        self._trace, metrics = _api()
        provider = meter_provider if meter_provider is not None else metrics.get_meter_provider()
        meter = provider.get_meter("nofab", __version__)
        self._checks = meter.create_counter("nofab.checks", unit="{check}", description="Turns checked")
        self._findings = meter.create_counter(
            "nofab.findings", unit="{finding}", description="Findings, by kind and whether they block"
        )
        self._errors = meter.create_counter(
            "nofab.detector_errors", unit="{error}", description="Detectors that raised on a turn"
        )
        self._duration = meter.create_histogram(
            "nofab.check.duration",
            unit="s",
            description="Time to check one turn",
            explicit_bucket_boundaries_advisory=list(_BUCKETS),
        )

    # ------------------------------------------------------------------ every verdict
    def check(self, guard: Guard, turn: Turn | Mapping[str, Any], **kwargs: Any) -> Verdict:
        """``guard.check(turn, **kwargs)``, recorded with its latency."""
        start = time.perf_counter()
        verdict = guard.check(turn, **kwargs)
        self.record(verdict, time.perf_counter() - start)
        return verdict

    def record(self, verdict: Verdict, seconds: float | None = None) -> None:
        """Record one verdict (and, when given, how long the check took)."""
        findings = [(f.to_dict(), f in verdict.blocking) for f in verdict.findings]
        self._record(verdict.action, verdict.mode, verdict.max_confidence, findings)
        for error in verdict.detector_errors:
            self._errors.add(1, {"nofab.detector": error.detector, "error.type": error.error_type})
        if seconds is not None:
            self._duration.record(seconds, {"nofab.action": verdict.action})

    # ------------------------------------------------------------------ event handler
    def on_fabrication_detected(self, event: FabricationDetectedEvent) -> None:
        """Event-bus handler (``guard.subscribe(telemetry)``): turns with findings only."""
        findings = [(f, float(f.get("confidence", 0.0)) >= event.refuse_threshold) for f in event.findings]
        self._record(event.action_taken, event.mode, event.max_finding_confidence, findings)

    def on_detector_error(self, event: DetectorErrorEvent) -> None:
        self._errors.add(1, {"nofab.detector": event.detector, "error.type": event.error_type})

    # ------------------------------------------------------------------ shared
    def _record(
        self,
        action: str,
        mode: str,
        max_confidence: float,
        findings: Iterable[tuple[Mapping[str, Any], bool]],
    ) -> None:
        findings = list(findings)
        blocking = sum(1 for _, above in findings if above)
        self._checks.add(1, {"nofab.action": action})
        for finding, above in findings:
            self._findings.add(
                1, {"nofab.finding.kind": str(finding.get("kind", "")), "nofab.finding.blocking": above}
            )
        span = self._trace.get_current_span()
        if not span.is_recording():
            return
        span.set_attributes(
            {
                "nofab.action": action,
                "nofab.mode": mode,
                "nofab.findings.count": len(findings),
                "nofab.findings.blocking_count": blocking,
                "nofab.max_confidence": float(max_confidence),
            }
        )
        for finding, above in findings:
            span.add_event("nofab.finding", _finding_attributes(finding, above))


def _finding_attributes(finding: Mapping[str, Any], above: bool) -> dict[str, Any]:
    span = finding.get("span") or (0, 0)
    return {
        "nofab.finding.kind": str(finding.get("kind", "")),
        "nofab.finding.identifier": str(finding.get("identifier", "")),
        "nofab.finding.confidence": float(finding.get("confidence", 0.0)),
        "nofab.finding.blocking": above,
        "nofab.finding.span.start": int(span[0]),
        "nofab.finding.span.end": int(span[1]),
        # Reasons quote the answer; a bounded attribute keeps a hostile answer out of the trace store.
        "nofab.finding.reason": str(finding.get("reason", ""))[:_REASON_CHARS],
    }
