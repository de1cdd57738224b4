"""Small builders for hand-written test turns, and how to run the TypeScript example."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from nofab import Finding, Guard, Policy, Profile, Turn
from nofab.detectors.claims import ClaimDetector
from nofab.evidence.index import Evidence
from nofab.language.lexicon import lexicon_for


def call(name: str, result: Any = None, arguments: Any = None, **extra: Any) -> dict[str, Any]:
    return {"name": name, "result": result, "arguments": arguments, **extra}


def turn(response: str, *calls: dict[str, Any], user: str = "", context: str = "") -> Turn:
    return Turn.from_dict(
        {"response": response, "user_message": user, "context": context, "tool_calls": list(calls)}
    )


def session_call(name: str, ok: bool = True, result: object = "success", **arguments: str) -> dict[str, Any]:
    """A ToolTalk-style call: the session token and ``arguments``; its result, or (``ok`` false)
    a refusal as its error."""
    out: dict[str, Any] = {"name": name, "arguments": {"session_token": "s-1", **arguments}}
    if ok:
        out["result"] = result
    else:
        out["error"] = "The request was refused."
    return out


def claimed(answer: str, *calls: dict[str, Any]) -> list[str]:
    """The identifiers of the claims detector's findings on ``answer`` after ``calls`` (default
    profile): the one way claim tests ask whether a deed is held to the calls."""
    profile = Profile()
    checked = Turn.from_dict({"response": answer, "tool_calls": list(calls)})
    evidence = Evidence(checked, profile, lexicon_for(profile))
    return [f.identifier for f in ClaimDetector(profile).detect(evidence)]


def claim_actions(answer: str) -> list[str]:
    """The actions of the claims the default lexicon finds in ``answer``, in order."""
    return [c.action.name for c in lexicon_for(Profile()).find_claims(answer)]


def findings(t: Turn, profile: Profile | None = None, detector: str | None = None) -> list[Finding]:
    policy = Policy(detectors=(detector,) if detector else None, load_plugins=False)
    assessment = Guard(policy, profile).assess(t)
    assert not assessment.errors, assessment.errors  # a crashing detector must fail the test
    return list(assessment.findings)


def blocking(response: str, *calls: dict[str, Any], user: str = "", context: str = "") -> list[str]:
    """The identifiers of every finding at or above the default bar (0.8), default policy."""
    return [
        f.identifier
        for f in findings(turn(response, *calls, user=user, context=context))
        if f.confidence >= 0.8
    ]


def kinds(t: Turn, profile: Profile | None = None, detector: str | None = None) -> list[str]:
    return [f.kind for f in findings(t, profile, detector)]


TYPESCRIPT_EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "typescript"


def typescript_command(tmp_path: Path, script: str) -> list[str]:
    """How to run a .ts file of examples/typescript: Node's own type stripping (22.6+), else the
    example's tsc (compiled into ``tmp_path``); skips the test when neither is there."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    version = subprocess.run([node, "--version"], capture_output=True, text=True).stdout.strip()
    major, minor = (int(p) for p in version.lstrip("v").split(".")[:2])
    if (major, minor) >= (22, 6):
        return [node, "--experimental-strip-types", "--no-warnings", str(TYPESCRIPT_EXAMPLE / script)]
    tsc = TYPESCRIPT_EXAMPLE / "node_modules" / ".bin" / "tsc"
    if not tsc.exists():
        pytest.skip(
            f"node {version} cannot strip types; run `npm install` in {TYPESCRIPT_EXAMPLE} to use tsc"
        )
    subprocess.run(
        [str(tsc), "-p", str(TYPESCRIPT_EXAMPLE / "tsconfig.json"), "--outDir", str(tmp_path)],
        check=True,
        timeout=120,
    )
    (tmp_path / "package.json").write_text('{"type": "module"}')
    return [node, str(tmp_path / script.replace(".ts", ".js"))]
