"""The TypeScript example (a Node agent using fetch) talks to a real `nofab serve` and gets the
verdict and the clear 4xx error it expects. Skipped without node and a way to run TypeScript."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("uvicorn")

from nofab import Policy
from nofab.service import create_app

from .helpers import typescript_command
from .servers import running


def test_node_agent_against_live_service(tmp_path: Path) -> None:
    """The Node agent sees the invented refund id refused, and a malformed turn rejected with 422."""
    command = typescript_command(tmp_path, "agent.ts")
    with running(create_app(Policy(load_plugins=False), token="tok")) as url:
        env = {**os.environ, "NOFAB_URL": url, "NOFAB_TOKEN": "tok"}
        done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 1, done.stderr
    # the invented refund id, reported as kv or ungrounded_entity (the more confident wins the span)
    assert 'kv "RF-88231"' in done.stdout or 'ungrounded_entity "RF-88231"' in done.stdout
    assert "action: refuse_replaced" in done.stdout
    assert "bad turn rejected: nofab 422: response: must be a string, got a number" in done.stdout
