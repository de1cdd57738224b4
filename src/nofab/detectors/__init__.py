"""The detector registry: the built-ins, listed once, and third-party plugins.

Plugins register a factory under the entry-point group ``nofab.detectors``. Set
``NOFAB_DISABLE_PLUGINS=1`` to load none, or a comma-separated list of entry-point names
to skip just those.
"""

from __future__ import annotations

import os
from typing import Any

from nofab.detectors.arguments import ArgumentDetector
from nofab.detectors.attribution import AttributionDetector
from nofab.detectors.base import DetectorFactory
from nofab.detectors.bulk import BulkFailureDetector
from nofab.detectors.claims import ClaimDetector
from nofab.detectors.confessions import ConfessionDetector
from nofab.detectors.entities import EntityDetector
from nofab.detectors.fidelity import FidelityDetector
from nofab.detectors.identifiers import IdentifierDetector
from nofab.detectors.inflation import InflationDetector
from nofab.detectors.intent import IntentDetector
from nofab.detectors.numbers import NumberDetector
from nofab.detectors.phantom import ToolReferenceDetector
from nofab.detectors.prose import DegenerateProseDetector
from nofab.detectors.quotes import QuoteDetector
from nofab.detectors.weekdays import WeekdayDetector

#: Every built-in detector, in the order they run.
BUILTIN: tuple[DetectorFactory, ...] = (
    IdentifierDetector,
    ClaimDetector,
    IntentDetector,
    NumberDetector,
    WeekdayDetector,
    AttributionDetector,
    FidelityDetector,
    # Tool failures (phantom, failed, empty and refused tools; figures; rows; confessions; prose).
    ToolReferenceDetector,
    BulkFailureDetector,
    InflationDetector,
    ConfessionDetector,
    DegenerateProseDetector,
    EntityDetector,
    QuoteDetector,
    ArgumentDetector,
)

#: The detectors of the tool-failure family (for benchmarks and tests that look at them alone).
TOOL_FAILURE_DETECTORS: tuple[str, ...] = (
    "tool_references",
    "bulk_failure",
    "data_inflation",
    "confessions",
    "degenerate_prose",
    "entities",
    "arguments",
)

ENTRY_POINT_GROUP = "nofab.detectors"
DISABLE_ENV = "NOFAB_DISABLE_PLUGINS"


def entry_points(group: str) -> Any:
    """The installed entry points of ``group`` (importlib.metadata costs milliseconds to
    import, so it is loaded only when a guard is built)."""
    from importlib.metadata import entry_points as installed

    return installed(group=group)


def plugin_factories() -> tuple[list[tuple[str, DetectorFactory]], list[str]]:
    """Load plugin factories; returns (name, factory) pairs and load errors as messages."""
    setting = os.environ.get(DISABLE_ENV, "").strip()
    if setting.lower() in ("1", "true", "yes", "all", "*"):
        return [], []
    skipped = {s.strip() for s in setting.split(",") if s.strip()}
    loaded: list[tuple[str, DetectorFactory]] = []
    errors: list[str] = []
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        if ep.name in skipped:
            continue
        try:
            loaded.append((ep.name, ep.load()))
        except Exception as exc:  # a broken plugin must not take the guard down
            errors.append(f"plugin {ep.name!r} ({ep.value}) failed to load: {type(exc).__name__}: {exc}")
    return loaded, errors


__all__ = ["BUILTIN", "DISABLE_ENV", "ENTRY_POINT_GROUP", "TOOL_FAILURE_DETECTORS", "plugin_factories"]
