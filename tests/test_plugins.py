"""Third-party detectors load through the `nofab.detectors` entry point group."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from nofab import Finding, Guard, Policy, Profile
from nofab.detectors import DISABLE_ENV
from nofab.evidence.index import Evidence
from tests.helpers import turn


class OrderIdDetector:
    """Flags order ids that are not 8 digits after ORD-."""

    id = "order-id-format"
    version = "0.1.0"
    kinds = ("ungrounded_entity",)

    def __init__(self, profile: Profile) -> None:
        self.profile = profile

    def detect(self, evidence: Evidence) -> Iterator[Finding]:
        import re

        for m in re.finditer(r"\bORD-\d{1,7}\b", evidence.answer):
            yield Finding(
                "ungrounded_entity", self.id, m.group(), 0.9, m.span(), "malformed order id", "high"
            )


class FakeEntryPoint:
    def __init__(self, name: str, target: Any) -> None:
        self.name, self.value, self._target = name, f"tests:{name}", target

    def load(self) -> Any:
        if isinstance(self._target, Exception):
            raise self._target
        return self._target


@pytest.fixture
def entry_points(monkeypatch: pytest.MonkeyPatch) -> None:
    eps = [FakeEntryPoint("order_ids", OrderIdDetector), FakeEntryPoint("broken", ImportError("no module x"))]
    monkeypatch.setattr(
        "nofab.detectors.entry_points", lambda group: eps if group == "nofab.detectors" else []
    )


def test_plugin_runs_and_broken_plugin_is_a_warning(entry_points: None) -> None:
    """A plugin's findings join the verdict; a plugin that fails to load is a warning, not a crash."""
    v = Guard(Policy(mode="observe")).check(turn("Your order ORD-123 shipped."))
    assert [(f.detector, f.identifier) for f in v.findings] == [("order-id-format", "ORD-123")]
    assert any("broken" in w and "no module x" in w for w in v.warnings)


@pytest.mark.parametrize(
    ("setting", "loaded"), [("1", False), ("order_ids", False), ("broken", True), ("", True)]
)
def test_plugins_can_be_disabled(
    entry_points: None, monkeypatch: pytest.MonkeyPatch, setting: str, loaded: bool
) -> None:
    """NOFAB_DISABLE_PLUGINS=1 loads none; a comma list skips just those entry points."""
    monkeypatch.setenv(DISABLE_ENV, setting)
    ids = [d.id for d in Guard().detectors]
    assert ("order-id-format" in ids) is loaded


def test_policy_selects_and_disables_detectors() -> None:
    """Policy.detectors restricts the set; Policy.disabled removes from it."""
    assert [d.id for d in Guard(Policy(detectors=("numbers",), load_plugins=False)).detectors] == ["numbers"]
    assert "claims" not in [d.id for d in Guard(Policy(disabled=("claims",), load_plugins=False)).detectors]
