"""The per-session tracker: escalation when the same phantom tools are wiped again."""

from __future__ import annotations

import pytest

from nofab import Guard, Policy, SessionTracker

GUARD = Guard(Policy(mode="wipe", load_plugins=False))
OK = {"name": "geocode", "result": {"lat": 1.5}}


def turn(text: str) -> dict[str, object]:
    return {"response": f"Here is what I have.\n\n{text}", "tool_calls": [OK]}


def test_second_wipe_of_same_phantom_escalates() -> None:
    """The first wipe of a phantom is quiet; the second in the same session escalates with the count."""
    tracker = SessionTracker()
    first = GUARD.check(turn("get_weather_forecast says rain."), session=tracker)
    assert first.action == "wiped" and "phantom_wipe_escalation" not in first.details
    second = GUARD.check(turn("According to get_weather_forecast and fetch_alerts, rain."), session=tracker)
    assert second.details["phantom_wipe_escalation"] == {
        "overlapping_tools": ["get_weather_forecast"],
        "session_wipe_count": 2,
    }
    assert any("wiped 2 times" in w for w in second.warnings)


def test_different_phantoms_and_other_sessions_do_not_escalate() -> None:
    """Escalation needs the same phantom in the same tracker; a new tracker starts from zero."""
    tracker = SessionTracker()
    GUARD.check(turn("get_weather_forecast says rain."), session=tracker)
    other = GUARD.check(turn("fetch_alerts says storm."), session=tracker)
    assert "phantom_wipe_escalation" not in other.details
    fresh = GUARD.check(turn("get_weather_forecast says rain."), session=SessionTracker())
    assert "phantom_wipe_escalation" not in fresh.details


def test_observe_mode_records_nothing() -> None:
    """Only wipes count: observing a phantom twice does not escalate."""
    tracker = SessionTracker()
    observer = Guard(Policy(mode="observe", load_plugins=False))
    for _ in range(3):
        verdict = observer.check(turn("get_weather_forecast says rain."), session=tracker)
    assert tracker.wipes == () and "phantom_wipe_escalation" not in verdict.details


def test_escalate_at_is_validated() -> None:
    """A tracker that could never (or always) escalate is refused at construction."""
    with pytest.raises(ValueError, match="escalate_at"):
        SessionTracker(escalate_at=0)
