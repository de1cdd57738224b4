"""Reading OTLP JSON traces (``{"resourceSpans": [...]}``) into plain span records.

Shared by the OpenTelemetry GenAI and the OpenInference adapters. Attribute values are
decoded from OTLP ``AnyValue`` objects (``stringValue``, ``intValue`` written as a string,
``arrayValue``, ``kvlistValue``, ...); exporters that write attributes as a plain
``{"key": value}`` object are read too.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from nofab.adapters.conversation import mapping, sequence
from nofab.errors import TurnError
from nofab.model.turn import typename


@dataclass(frozen=True)
class SpanEvent:
    name: str
    attributes: Mapping[str, Any]
    where: str


@dataclass(frozen=True)
class Span:
    index: int
    where: str
    name: str
    trace_id: str
    span_id: str
    start: int
    end: int
    attributes: Mapping[str, Any]
    events: tuple[SpanEvent, ...]
    failed: bool
    status_message: str


def read_spans(obj: Any) -> list[Span]:
    """Every span of an OTLP JSON export, ordered by start time (file order breaks ties)."""
    root = mapping(obj, "input")
    spans: list[Span] = []
    for r, raw_resource in enumerate(sequence(root.get("resourceSpans"), "resourceSpans")):
        rwhere = f"resourceSpans[{r}]"
        resource = mapping(raw_resource, rwhere)
        for s, raw_scope in enumerate(
            sequence(resource.get("scopeSpans"), f"{rwhere}.scopeSpans", optional=True)
        ):
            swhere = f"{rwhere}.scopeSpans[{s}]"
            scope = mapping(raw_scope, swhere)
            for k, raw_span in enumerate(sequence(scope.get("spans"), f"{swhere}.spans", optional=True)):
                spans.append(_span(raw_span, f"{swhere}.spans[{k}]", len(spans)))
    spans.sort(key=lambda sp: (sp.start, sp.index))
    return spans


def _span(raw: Any, where: str, index: int) -> Span:
    span = mapping(raw, where)
    status = span.get("status")
    code = status.get("code") if isinstance(status, Mapping) else None
    message = status.get("message") if isinstance(status, Mapping) else None
    events = tuple(
        SpanEvent(
            name=str(mapping(event, f"{where}.events[{e}]").get("name", "")),
            attributes=attributes(event.get("attributes"), f"{where}.events[{e}].attributes"),
            where=f"{where}.events[{e}]",
        )
        for e, event in enumerate(sequence(span.get("events"), f"{where}.events", optional=True))
    )
    return Span(
        index=index,
        where=where,
        name=str(span.get("name", "")),
        trace_id=str(span.get("traceId", "")),
        span_id=str(span.get("spanId", "")),
        start=_nanos(span.get("startTimeUnixNano"), f"{where}.startTimeUnixNano"),
        end=_nanos(span.get("endTimeUnixNano"), f"{where}.endTimeUnixNano"),
        attributes=attributes(span.get("attributes"), f"{where}.attributes"),
        events=events,
        # OTLP JSON writes the status code as a number (2) or, from some exporters, its name.
        failed=code in (2, "2", "STATUS_CODE_ERROR", "ERROR"),
        status_message=message if isinstance(message, str) else "",
    )


def _nanos(value: Any, where: str) -> int:
    if value is None:
        return 0
    try:
        return int(value)
    except (TypeError, ValueError):
        raise TurnError(f"must be an integer (nanoseconds), got {value!r}", where) from None


def attributes(value: Any, where: str) -> dict[str, Any]:
    """A span's or event's attributes as a plain dict."""
    if value is None:
        return {}
    if isinstance(value, Mapping):
        return dict(value)
    out: dict[str, Any] = {}
    for i, raw in enumerate(sequence(value, where)):
        item = mapping(raw, f"{where}[{i}]")
        key = item.get("key")
        if not isinstance(key, str):
            raise TurnError(f"must be a string, got {typename(key)}", f"{where}[{i}].key")
        out[key] = any_value(item.get("value"), f"{where}[{i}].value")
    return out


def any_value(value: Any, where: str) -> Any:
    """Decode one OTLP ``AnyValue``."""
    if value is None:
        return None
    obj = mapping(value, where)
    if "stringValue" in obj:
        return obj["stringValue"]
    if "intValue" in obj:
        try:
            return int(obj["intValue"])
        except (TypeError, ValueError):
            raise TurnError(f"must be an integer, got {obj['intValue']!r}", f"{where}.intValue") from None
    if "doubleValue" in obj:
        return obj["doubleValue"]
    if "boolValue" in obj:
        return obj["boolValue"]
    if "bytesValue" in obj:
        return obj["bytesValue"]
    if "arrayValue" in obj:
        values = mapping(obj["arrayValue"], f"{where}.arrayValue").get("values")
        return [any_value(v, f"{where}.arrayValue.values[{i}]") for i, v in enumerate(values or [])]
    if "kvlistValue" in obj:
        values = mapping(obj["kvlistValue"], f"{where}.kvlistValue").get("values")
        return attributes(values or [], f"{where}.kvlistValue.values")
    if not obj:
        return None
    raise TurnError(f"unknown OTLP value type {sorted(obj)}", where)


def json_value(value: Any) -> Any:
    """An attribute that holds JSON text (message lists, tool calls), decoded; else as it is."""
    if isinstance(value, str) and value.strip()[:1] in ("[", "{"):
        try:
            return json.loads(value)
        except ValueError:
            return value
    return value


def flattened(attrs: Mapping[str, Any], prefix: str) -> dict[int, dict[str, Any]]:
    """Group ``prefix.<i>.<rest>`` attributes by ``i``: ``{i: {rest: value}}``."""
    groups: dict[int, dict[str, Any]] = {}
    for key, value in attrs.items():
        if not key.startswith(prefix):
            continue
        head, _, rest = key[len(prefix) :].partition(".")
        if head.isdigit() and rest:
            groups.setdefault(int(head), {})[rest] = value
    return dict(sorted(groups.items()))
