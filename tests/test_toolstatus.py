"""Tool status partition: ok / api-failed / guard-blocked / empty, and what the verdict reports."""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Guard, Policy, Profile, ToolCall, Turn
from nofab.errors import ProfileError
from nofab.evidence.toolstatus import ToolStatus, is_guard_blocked, partition_failed_tools

STATE_CASES = [
    ("ok result", {"name": "t", "result": {"a": 1}}, "ok"),
    ("API error", {"name": "t", "error": "HTTP 503"}, "api_failed"),
    ("BLOCKED prefix", {"name": "t", "error": "BLOCKED: policy"}, "guard_blocked"),
    (
        "DUPLICATE prefix, lower case and padded",
        {"name": "t", "error": "  duplicate: same args"},
        "guard_blocked",
    ),
    ("DENIED prefix", {"name": "t", "error": "DENIED: guest user"}, "guard_blocked"),
    ("RATE_LIMITED prefix", {"name": "t", "error": "RATE_LIMITED: retry in 5s"}, "guard_blocked"),
    ("POLICY prefix", {"name": "t", "error": "POLICY: no PII"}, "guard_blocked"),
    (
        "error status with a refusal prefix",
        {"name": "t", "status": "error", "error": "BLOCKED: x"},
        "guard_blocked",
    ),
    ("explicit blocked status", {"name": "t", "status": "blocked"}, "guard_blocked"),
    ("empty list", {"name": "t", "result": []}, "empty"),
    ("empty object", {"name": "t", "result": {}}, "empty"),
    ("null", {"name": "t", "result": None}, "empty"),
    ("empty string", {"name": "t", "result": ""}, "empty"),
    ("wrapper around nothing", {"name": "t", "result": {"results": []}}, "empty"),
    ("JSON text of a wrapper around nothing", {"name": "t", "result": '{"items": []}'}, "empty"),
    ("ok status but empty result", {"name": "t", "status": "ok", "result": []}, "empty"),
]


@pytest.mark.parametrize(("label", "call", "state"), STATE_CASES, ids=[c[0] for c in STATE_CASES])
def test_state_of_each_call(label: str, call: dict[str, Any], state: str) -> None:
    """Each call lands in exactly the documented partition."""
    status = ToolStatus.of([ToolCall.from_dict(call)])
    assert status.calls[0][1] == state, label


def test_profile_extends_refusal_prefixes() -> None:
    """A profile's guard_block_prefixes make its runtime's refusals guard-blocked, not API failures."""
    call = ToolCall.from_dict({"name": "t", "error": "QUOTA: daily budget spent"})
    assert ToolStatus.of([call]).api_failed == ("t",)
    profile = Profile.from_dict({"guard_block_prefixes": ["QUOTA:"]})
    assert ToolStatus.of([call], profile).guard_blocked == ("t",)
    assert is_guard_blocked("quota: x", ["QUOTA:"])


def test_profile_rejects_blank_prefix() -> None:
    """A blank refusal prefix would mark every error as blocked, so the profile refuses it."""
    with pytest.raises(ProfileError, match=r"guard_block_prefixes\[0\]"):
        Profile.from_dict({"guard_block_prefixes": [" "]})


def test_failure_ratio_excludes_guard_refusals() -> None:
    """Refused calls do not count towards the failure ratio; one good call makes a tool available."""
    calls = [
        ToolCall.from_dict(c)
        for c in (
            {"name": "a", "error": "HTTP 500"},
            {"name": "a", "result": {"x": 1}},
            {"name": "b", "error": "BLOCKED: dup"},
            {"name": "c", "result": []},
        )
    ]
    status = ToolStatus.of(calls)
    assert status.failure_ratio == pytest.approx(1 / 3)
    assert status.unavailable == ("b", "c")
    assert partition_failed_tools(calls) == {"api_failed_tools": ["a"], "guard_blocked_tools": ["b"]}


def test_verdict_lists_api_failed_and_guard_blocked_separately() -> None:
    """The verdict carries api_failed_tools and guard_blocked_tools as separate lists."""
    turn = Turn.from_dict(
        {
            "response": "Sorry, both lookups failed.",
            "tool_calls": [
                {"name": "get_order", "error": "HTTP 502"},
                {"name": "get_user", "error": "DENIED: guest"},
            ],
        }
    )
    data = Guard(Policy(load_plugins=False)).check(turn).to_dict()
    assert data["api_failed_tools"] == ["get_order"]
    assert data["guard_blocked_tools"] == ["get_user"]
    assert data["unavailable_tools"] == ["get_order", "get_user"]


def test_verdict_has_no_partition_when_all_tools_worked() -> None:
    """A turn whose tools all worked carries no failure lists (nothing to report)."""
    data = (
        Guard(Policy(load_plugins=False))
        .check({"response": "Done.", "tool_calls": [{"name": "t", "result": {"a": 1}}]})
        .to_dict()
    )
    assert "api_failed_tools" not in data and "guard_blocked_tools" not in data


@pytest.mark.parametrize(
    "answers",
    [["I booked it.", "I booked it. Then I checked again."], ["Erledigt.", "Erledigt. Noch etwas?", "Ja."]],
)
def test_one_partition_per_turn_for_every_answer_checked_against_it(answers: list[str]) -> None:
    # A stream checks each batch (and a revision each draft) as a for_answer index of one
    # turn: the calls are the same, so the partition is the one computed for the turn.
    from nofab.evidence.index import Evidence
    from nofab.evidence.toolstatus import status_for
    from nofab.language.lexicon import lexicon_for

    profile = Profile()
    turn = Turn.from_dict(
        {
            "response": "",
            "tool_calls": [{"name": "a", "result": {"x": 1}}, {"name": "b", "error": "HTTP 500"}],
        }
    )
    root = Evidence(turn, profile, lexicon_for(profile))
    first = status_for(root)
    derived = [root.for_answer(a) for a in answers]
    assert all(status_for(e) is first for e in derived)
    assert all(status_for(e.for_answer("x")) is first for e in derived)  # a revision of a batch
    assert first.api_failed == ("b",) and first.ok == ("a",)
    other = Evidence(turn, profile, lexicon_for(profile))  # another check of the turn: its own
    assert status_for(other) is not first and status_for(other) == first
