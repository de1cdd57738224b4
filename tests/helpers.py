"""Small builders for hand-written test turns."""

from __future__ import annotations

from typing import Any

from nofab import Finding, Guard, Policy, Profile, Turn


def call(name: str, result: Any = None, arguments: Any = None, **extra: Any) -> dict[str, Any]:
    return {"name": name, "result": result, "arguments": arguments, **extra}


def turn(response: str, *calls: dict[str, Any], user: str = "", context: str = "") -> Turn:
    return Turn.from_dict(
        {"response": response, "user_message": user, "context": context, "tool_calls": list(calls)}
    )


def findings(t: Turn, profile: Profile | None = None, detector: str | None = None) -> list[Finding]:
    policy = Policy(detectors=(detector,) if detector else None, load_plugins=False)
    assessment = Guard(policy, profile).assess(t)
    assert not assessment.errors, assessment.errors  # a crashing detector must fail the test
    return list(assessment.findings)


def kinds(t: Turn, profile: Profile | None = None, detector: str | None = None) -> list[str]:
    return [f.kind for f in findings(t, profile, detector)]
