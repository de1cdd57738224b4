"""OpenTelemetry recording, read back through the SDK's in-memory span exporter and metric
reader (the SDK is a test dependency of the otel extra; without it these tests skip)."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("opentelemetry.sdk", reason="needs the otel extra and the OpenTelemetry SDK")

from opentelemetry.sdk.metrics import MeterProvider
from opentelemetry.sdk.metrics.export import InMemoryMetricReader
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from nofab import Guard, Policy
from nofab.telemetry import Telemetry

FABRICATED = {
    "response": "Your total is $42.73 and I have refunded $19.99 to your card.",
    "tool_calls": [{"name": "get_order", "result": {"total": 42.73}}],
}
GROUNDED = {**FABRICATED, "response": "Your total is $42.73."}


@pytest.fixture
def otel() -> tuple[Any, InMemorySpanExporter, InMemoryMetricReader, Telemetry]:
    exporter = InMemorySpanExporter()
    tracer_provider = TracerProvider()
    tracer_provider.add_span_processor(SimpleSpanProcessor(exporter))
    reader = InMemoryMetricReader()
    telemetry = Telemetry(meter_provider=MeterProvider(metric_readers=[reader]))
    return tracer_provider.get_tracer("agent"), exporter, reader, telemetry


def points(reader: InMemoryMetricReader) -> dict[str, list[Any]]:
    data = reader.get_metrics_data()
    out: dict[str, list[Any]] = {}
    for resource in data.resource_metrics if data else ():
        for scope in resource.scope_metrics:
            for metric in scope.metrics:
                out[metric.name] = list(metric.data.data_points)
    return out


def test_a_verdict_lands_on_the_current_span_with_one_event_per_finding(otel: Any) -> None:
    tracer, exporter, _, telemetry = otel
    guard = Guard(Policy(mode="flag"))
    with tracer.start_as_current_span("agent.turn"):
        verdict = telemetry.check(guard, FABRICATED)
    (span,) = exporter.get_finished_spans()
    assert span.attributes["nofab.action"] == verdict.action == "flagged"
    assert span.attributes["nofab.findings.count"] == len(verdict.findings) >= 2
    assert span.attributes["nofab.findings.blocking_count"] == len(verdict.blocking)
    events = [e for e in span.events if e.name == "nofab.finding"]
    assert [e.attributes["nofab.finding.kind"] for e in events] == [f.kind for f in verdict.findings]
    assert {e.attributes["nofab.finding.identifier"] for e in events} >= {"$19.99"}
    assert all(
        e.attributes["nofab.finding.span.end"] > e.attributes["nofab.finding.span.start"] for e in events
    )


def test_metrics_count_checks_findings_by_kind_and_latency(otel: Any) -> None:
    _, _, reader, telemetry = otel
    guard = Guard()
    for turn in (FABRICATED, GROUNDED, GROUNDED):
        telemetry.check(guard, turn)
    found = points(reader)
    checks = {p.attributes["nofab.action"]: p.value for p in found["nofab.checks"]}
    assert checks == {"observed": 1, "none": 2}
    kinds = {p.attributes["nofab.finding.kind"]: p.value for p in found["nofab.findings"]}
    expected = guard.check(FABRICATED).findings
    assert sum(kinds.values()) == len(expected) and set(kinds) == {f.kind for f in expected}
    (histogram,) = [p for p in found["nofab.check.duration"] if p.attributes["nofab.action"] == "none"]
    assert histogram.count == 2 and 0 < histogram.sum < 5


def test_as_an_event_handler_it_records_turns_with_findings(otel: Any) -> None:
    tracer, exporter, reader, telemetry = otel
    guard = Guard(Policy(mode="refuse"))
    guard.subscribe(telemetry)
    with tracer.start_as_current_span("clean"):
        guard.check(GROUNDED)
    with tracer.start_as_current_span("fabricated"):
        verdict = guard.check(FABRICATED)
    spans = {s.name: s for s in exporter.get_finished_spans()}
    assert "nofab.action" not in (spans["clean"].attributes or {})
    assert spans["fabricated"].attributes["nofab.action"] == verdict.action == "refuse_replaced"
    assert len([e for e in spans["fabricated"].events if e.name == "nofab.finding"]) == len(verdict.findings)
    assert sum(p.value for p in points(reader)["nofab.findings"]) == len(verdict.findings)


def test_no_span_no_problem(otel: Any) -> None:
    """Outside any span only the metrics are recorded, and the verdict is unchanged."""
    _, exporter, reader, telemetry = otel
    guard = Guard()
    assert telemetry.check(guard, FABRICATED) == guard.check(FABRICATED)
    assert exporter.get_finished_spans() == () and points(reader)["nofab.checks"]
