"""The TypeScript example (a Node agent using fetch) talks to a real `nofab serve` and gets the
verdict and the clear 4xx error it expects. Skipped without node and a way to run TypeScript."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("uvicorn")

from nofab import Policy
from nofab.service import create_app

from .servers import running

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "typescript"


def _command(tmp_path: Path) -> list[str]:
    """How to run agent.ts here: Node's own type stripping (22.6+), else the example's tsc."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    version = subprocess.run([node, "--version"], capture_output=True, text=True).stdout.strip()
    major, minor = (int(p) for p in version.lstrip("v").split(".")[:2])
    if (major, minor) >= (22, 6):
        return [node, "--experimental-strip-types", "--no-warnings", str(EXAMPLE / "agent.ts")]
    tsc = EXAMPLE / "node_modules" / ".bin" / "tsc"
    if not tsc.exists():
        pytest.skip(f"node {version} cannot strip types; run `npm install` in {EXAMPLE} to use tsc")
    subprocess.run(
        [str(tsc), "-p", str(EXAMPLE / "tsconfig.json"), "--outDir", str(tmp_path)], check=True, timeout=120
    )
    (tmp_path / "package.json").write_text('{"type": "module"}')
    return [node, str(tmp_path / "agent.js")]


def test_node_agent_against_live_service(tmp_path: Path) -> None:
    """The Node agent sees the invented refund id refused, and a malformed turn rejected with 422."""
    command = _command(tmp_path)
    with running(create_app(Policy(load_plugins=False), token="tok")) as url:
        env = {**os.environ, "NOFAB_URL": url, "NOFAB_TOKEN": "tok"}
        done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 1, done.stderr
    # the invented refund id, reported as kv or ungrounded_entity (the more confident wins the span)
    assert 'kv "RF-88231"' in done.stdout or 'ungrounded_entity "RF-88231"' in done.stdout
    assert "action: refuse_replaced" in done.stdout
    assert "bad turn rejected: nofab 422: response: must be a string, got a number" in done.stdout
