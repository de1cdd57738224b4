"""The HTTP service, over real HTTP on a loopback port: checks, call checks, auth, size limits,
and a clear JSON 4xx for every malformed request — never a stack trace."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("uvicorn")
httpx = pytest.importorskip("httpx")

from nofab import Policy, UsageError  # noqa: E402
from nofab.service import check_bind, create_app, is_loopback  # noqa: E402

from .servers import running  # noqa: E402

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
EXAMPLE = json.loads((EXAMPLES / "fabricated_refund.json").read_text())
TOKEN = "s3cret-token"
LIMIT = 4096


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    with running(create_app(Policy(load_plugins=False), max_bytes=LIMIT)) as url:
        yield url


@pytest.fixture(scope="module")
def secured() -> Iterator[str]:
    with running(create_app(Policy(load_plugins=False), token=TOKEN)) as url:
        yield url


def post(url: str, body: Any = None, *, raw: bytes | None = None, **kw: Any) -> httpx.Response:
    content = raw if raw is not None else json.dumps(body).encode()
    headers = {"content-type": "application/json", **kw.pop("headers", {})}
    return httpx.post(url, content=content, headers=headers, **kw)


def test_healthz(base: str) -> None:
    """GET /healthz answers ok with the version and the active policy."""
    r = httpx.get(f"{base}/healthz")
    assert r.status_code == 200
    assert r.json()["status"] == "ok" and r.json()["mode"] == "observe"
    assert "identifiers" in r.json()["detectors"]


def test_check_returns_the_cli_verdict(base: str) -> None:
    """POST /v1/check returns the same verdict JSON as `nofab check --format json`, plus `passed`."""
    r = post(f"{base}/v1/check", EXAMPLE)
    assert r.status_code == 200
    body = r.json()
    assert {"findings", "action", "output", "mode", "threshold", "max_confidence", "passed"} <= set(body)
    assert "RF-88231" in {f["identifier"] for f in body["findings"]}
    assert body["action"] == "observed" and body["passed"] is False


@pytest.mark.parametrize(
    ("mode", "action"), [("refuse", "refuse_replaced"), ("flag", "flagged"), ("off", "none")]
)
def test_mode_query_parameter(base: str, mode: str, action: str) -> None:
    """?mode= overrides the server's mode for one request."""
    r = post(f"{base}/v1/check?mode={mode}", EXAMPLE)
    assert r.status_code == 200 and r.json()["action"] == action


def test_clean_turn_passes(base: str) -> None:
    """A grounded answer has no findings and passed=true."""
    turn = {
        "response": "Your order A-1042 has 3 items.",
        "tool_calls": [{"name": "get_order", "result": {"order_id": "A-1042", "items": 3}}],
    }
    r = post(f"{base}/v1/check", turn)
    assert r.status_code == 200 and r.json()["passed"] is True and r.json()["findings"] == []


@pytest.mark.parametrize(
    ("path", "raw", "status", "message", "where"),
    [
        ("/v1/check", b"{not json", 400, "is not valid JSON", "body"),
        ("/v1/check", b"", 400, "body is empty", "body"),
        ("/v1/check", b'{"response": "\xff"}', 400, "not UTF-8", "body"),
        ("/v1/check", b"[1, 2]", 422, "must be a JSON object", "turn"),
        ("/v1/check", b'{"user_message": "hi"}', 422, "is required", "response"),
        ("/v1/check", b'{"response": 42}', 422, "must be a string, got a number", "response"),
        ("/v1/check", b'{"response": "x", "tool_calls": {}}', 422, "must be an array", "tool_calls"),
        (
            "/v1/check",
            b'{"response": "x", "tool_calls": [{"name": "a", "status": "weird"}]}',
            422,
            "unknown status",
            "tool_calls[0].status",
        ),
        ("/v1/check?mode=loud", b'{"response": "x"}', 422, "unknown mode", "query.mode"),
        ("/v1/check?threshold=abc", b'{"response": "x"}', 422, "valid number", "query.threshold"),
        ("/v1/check?threshold=3", b'{"response": "x"}', 422, "[0, 1]", "query.threshold"),
        ("/v1/check-call", b'{"response": "x"}', 422, "is required", "pending_call"),
        (
            "/v1/check-call",
            b'{"pending_call": {"name": "f", "safety_tier": "x"}}',
            422,
            "unknown safety tier",
            "pending_call.safety_tier",
        ),
    ],
)
def test_malformed_requests_get_clear_json_errors(
    base: str, path: str, raw: bytes, status: int, message: str, where: str
) -> None:
    """Malformed JSON, wrong types and bad parameters each get a 4xx JSON error naming what and where."""
    r = post(f"{base}{path}", raw=raw)
    assert r.status_code == status, r.text
    body = r.json()
    assert message in body["error"]
    assert body.get("where") == where
    assert "Traceback" not in r.text


def test_oversize_body_is_413(base: str) -> None:
    """A body over the limit is refused with 413 and a JSON error, before it is parsed."""
    big = {"response": "x" * (LIMIT + 10)}
    r = post(f"{base}/v1/check", big)
    assert r.status_code == 413
    assert f"{LIMIT}-byte limit" in r.json()["error"]


def test_oversize_chunked_body_is_413(base: str) -> None:
    """A chunked body (no Content-Length) is cut off at the limit too."""

    def chunks() -> Iterator[bytes]:
        yield b'{"response": "'
        for _ in range(20):
            yield b"y" * 1000
        yield b'"}'

    r = httpx.post(f"{base}/v1/check", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413 and "limit" in r.json()["error"]


def test_unknown_route_and_method_are_json(base: str) -> None:
    """404 and 405 are JSON errors too."""
    assert httpx.get(f"{base}/v2/nothing").json() == {"error": "Not Found"}
    r = httpx.get(f"{base}/v1/check")
    assert r.status_code == 405 and "error" in r.json()


def test_check_call(base: str) -> None:
    """POST /v1/check-call answers whether the pending call may go ahead, with its findings."""
    turn = {
        "user_message": "fetch https://example.com/a",
        "pending_call": {
            "name": "fetch_url",
            "arguments": {"url": "https://example.com/a"},
            "safety_tier": "critical",
        },
    }
    r = post(f"{base}/v1/check-call", turn)
    assert r.status_code == 200
    body = r.json()
    assert body["allowed"] is True
    assert body["pending_call"] == {"name": "fetch_url", "safety_tier": "critical"}
    assert all(f["kind"] == "argument_without_provenance" for f in body["findings"])


def test_openapi_spec_documents_the_endpoints(base: str) -> None:
    """/openapi.json lists both endpoints with the turn schema as their request body."""
    spec = httpx.get(f"{base}/openapi.json").json()
    assert {"/v1/check", "/v1/check-call", "/healthz"} <= set(spec["paths"])
    body = spec["paths"]["/v1/check"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert body["required"] == ["response"] and "tool_calls" in body["properties"]
    assert "413" in spec["paths"]["/v1/check"]["post"]["responses"]


@pytest.mark.parametrize(
    ("headers", "status"),
    [
        ({}, 401),
        ({"authorization": "Bearer wrong"}, 401),
        ({"authorization": TOKEN}, 401),
        ({"authorization": f"Bearer {TOKEN}"}, 200),
    ],
)
def test_bearer_token(secured: str, headers: dict[str, str], status: int) -> None:
    """With a token set, /v1 requests need exactly 'Authorization: Bearer <token>'."""
    r = post(f"{secured}/v1/check", {"response": "hi"}, headers=headers)
    assert r.status_code == status
    if status == 401:
        assert r.headers["www-authenticate"] == "Bearer" and "bearer token" in r.json()["error"]


def test_healthz_needs_no_token(secured: str) -> None:
    """Liveness probes work without the token."""
    assert httpx.get(f"{secured}/healthz").status_code == 200


@pytest.mark.parametrize(
    ("host", "loopback"),
    [
        ("127.0.0.1", True),
        ("127.8.0.1", True),
        ("localhost", True),
        ("::1", True),
        ("[::1]", True),
        ("0.0.0.0", False),
        ("::", False),
        ("10.0.0.5", False),
        ("example.com", False),
    ],
)
def test_is_loopback(host: str, loopback: bool) -> None:
    """Only loopback addresses count as private to this machine."""
    assert is_loopback(host) is loopback


def test_non_loopback_needs_a_token() -> None:
    """Binding beyond this machine without a token is refused; with one it is allowed."""
    with pytest.raises(UsageError, match="without a bearer token"):
        check_bind("0.0.0.0", None)
    check_bind("0.0.0.0", "t")
    check_bind("127.0.0.1", None)


def test_cli_refuses_public_bind_without_token(monkeypatch: pytest.MonkeyPatch, capsys: Any) -> None:
    """`nofab serve --host 0.0.0.0` without a token exits 2 with a one-line error."""
    from nofab.cli.main import main

    monkeypatch.delenv("NOFAB_TOKEN", raising=False)
    assert main(["serve", "--host", "0.0.0.0"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("nofab: error: refusing to listen on 0.0.0.0") and err.count("\n") == 1


def test_nofab_serve_command_serves(tmp_path: Any) -> None:
    """`nofab serve` (the CLI, in its own process) listens on loopback and answers /healthz and /v1/check."""
    import socket
    import subprocess
    import sys

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "nofab.cli.main",
            "serve",
            "--port",
            str(port),
            "--mode",
            "refuse",
            "--log-level",
            "warning",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        base = f"http://127.0.0.1:{port}"
        assert proc.stdout is not None
        # It says where it listens once it is ready (and where the API docs are).
        ready = proc.stdout.readline().decode()
        assert ready == f"nofab serve: listening on {base} (API docs: {base}/docs)\n", (
            ready,
            proc.stderr.read() if proc.stderr and proc.poll() is not None else "",
        )
        health = httpx.get(f"{base}/healthz", timeout=5)
        assert health.json()["mode"] == "refuse"
        assert post(f"{base}/v1/check", EXAMPLE).json()["action"] == "refuse_replaced"
    finally:
        proc.terminate()
        proc.wait(10)


class _Exploding:
    """A detector that always raises, to reach the service's last-resort error handler."""

    id = "test_exploding"
    version = "1"
    kinds = ("uuid",)

    def __init__(self, profile: Any) -> None:
        del profile

    def detect(self, evidence: Any) -> Any:
        raise KeyError("boom")


def test_unexpected_error_is_a_json_500_without_trace() -> None:
    """A failure inside the check answers 500 with one JSON line naming the error type, never a trace."""
    app = create_app(Policy(load_plugins=False, on_detector_error="raise"), detectors=[_Exploding])
    with running(app) as url:
        r = post(f"{url}/v1/check", {"response": "hi"})
    assert r.status_code == 500
    assert r.json() == {"error": "internal error (DetectorFailedError); see the server log"}
    assert "Traceback" not in r.text and "boom" not in r.text


def test_check_call_refuses_an_argument_from_nowhere() -> None:
    """With an argument-provenance detector, a pending call whose URL nobody supplied is not allowed."""
    from .integration_helpers import UrlProvenance

    turn = {
        "user_message": "summarise https://docs.example/a",
        "pending_call": {"name": "fetch_url", "arguments": {"url": "https://evil.example/x"}},
    }
    with running(create_app(Policy(load_plugins=False), detectors=[UrlProvenance])) as url:
        refused = post(f"{url}/v1/check-call", turn).json()
        turn["pending_call"]["arguments"]["url"] = "https://docs.example/a"  # type: ignore[index]
        allowed = post(f"{url}/v1/check-call", turn).json()
    assert refused["allowed"] is False
    assert [f["identifier"] for f in refused["findings"]] == ["https://evil.example/x"]
    assert allowed["allowed"] is True and allowed["findings"] == []


def test_busy_port_is_one_line_and_exit_2() -> None:
    """`nofab serve` on a port already taken exits 2 with one line saying so."""
    import socket
    import subprocess
    import sys

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(
            [sys.executable, "-m", "nofab.cli.main", "serve", "--port", str(port)],
            capture_output=True,
            text=True,
            timeout=30,
        )
    assert done.returncode == 2
    assert done.stderr == f"nofab: error: cannot listen on 127.0.0.1:{port}: Address already in use\n"


def test_turn_schema_is_served_and_is_the_validators(base: str) -> None:
    """GET /v1/schema/turn is the schema `nofab schema turn` prints, and the OpenAPI request body
    of /v1/check rejects unknown keys as the validator does."""
    from nofab.model.schema import turn_schema

    served = httpx.get(f"{base}/v1/schema/turn").json()
    assert served == turn_schema()
    api = httpx.get(f"{base}/openapi.json").json()
    body = api["paths"]["/v1/check"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert body["additionalProperties"] is False and "tools" in body["properties"]
