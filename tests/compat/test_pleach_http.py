"""POST /v1/pleach/guard: Pleach's camelCase envelope over HTTP, and the TypeScript host using it."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
TestClient = pytest.importorskip("fastapi.testclient", reason="the serve extra is not installed").TestClient

from nofab import Policy  # noqa: E402
from nofab.service import create_app  # noqa: E402
from tests.helpers import typescript_command  # noqa: E402
from tests.servers import running  # noqa: E402

AUTH = {"authorization": "Bearer tok"}
PARAMS = {
    "fullContent": "I searched the corpus.\n\nAccording to fetch_url, the page reports 42% growth.",
    "failedToolNames": ["fetch_url"],
    "executedToolNames": ["search_corpus", "fetch_url"],
    "totalToolCount": 2,
    "toolResultsRaw": {"search_corpus": [{"title": "a"}]},
}


@pytest.fixture(scope="module")
def client() -> Any:
    with TestClient(create_app(Policy(load_plugins=False), token="tok")) as c:
        yield c


def test_the_route_answers_in_pleachs_camel_case(client: Any) -> None:
    """The failed tool's paragraph is wiped and the result keys are Pleach's."""
    res = client.post(
        "/v1/pleach/guard", json={"params": PARAMS, "config": {"quantitativePatterns": []}}, headers=AUTH
    )
    assert res.status_code == 200, res.text
    body = res.json()
    assert body["triggered"] is True
    assert body["preservedContent"] == "I searched the corpus."
    assert (body["preservedParagraphs"], body["wipedParagraphs"]) == (1, 1)
    assert body["unavailableToolNames"] == ["fetch_url"] == body["apiFailedToolNames"]
    assert body["pluginFindings"] == [] and "phantomTools" not in body


def test_the_threshold_query_parameter_changes_what_is_wiped(client: Any) -> None:
    """Above every finding's confidence nothing is wiped."""
    res = client.post("/v1/pleach/guard?threshold=0.99", json={"params": PARAMS}, headers=AUTH)
    assert res.json()["triggered"] is False


@pytest.mark.parametrize(
    ("body", "status", "where"),
    [
        ({"params": {**PARAMS, "failedTools": ["x"]}}, 422, "params"),
        ({"params": {"fullContent": 3}}, 422, "params.fullContent"),
        ({"params": PARAMS, "config": {"quantitativePatterns": ["("]}}, 422, "quantitative_patterns[0]"),
        ({"params": PARAMS, "config": {"phantomWipeTracker": {}}}, 422, "config.phantomWipeTracker"),
        ({"params": PARAMS, "extra": 1}, 422, "body"),
        ([1, 2], 422, "body"),
    ],
)
def test_bad_requests_get_one_json_error_naming_the_field(
    client: Any, body: Any, status: int, where: str
) -> None:
    """A 4xx with {error, where}, never a traceback."""
    res = client.post("/v1/pleach/guard", json=body, headers=AUTH)
    assert res.status_code == status
    assert res.json()["where"] == where and res.json()["error"]


def test_the_route_needs_the_token_and_a_body(client: Any) -> None:
    """The service's bearer token and body reader protect it: 401, 415 for a non-JSON content
    type, 400 for an empty or malformed JSON body."""
    json_auth = {**AUTH, "content-type": "application/json"}
    assert client.post("/v1/pleach/guard", json={"params": PARAMS}).status_code == 401
    assert client.post("/v1/pleach/guard", content=b"{}", headers=AUTH).status_code == 415
    assert client.post("/v1/pleach/guard", content=b"", headers=json_auth).status_code == 400
    assert client.post("/v1/pleach/guard", content=b"{nope", headers=json_auth).status_code == 400


def test_the_typescript_pleach_host_against_a_live_service(tmp_path: Path) -> None:
    """The host sees the failed tool's paragraph and the phantom wiped, and a misspelt key rejected."""
    pytest.importorskip("uvicorn")
    command = typescript_command(tmp_path, "pleach_host.ts")
    with running(create_app(Policy(load_plugins=False), token="tok")) as url:
        env = {**os.environ, "NOFAB_URL": url, "NOFAB_TOKEN": "tok"}
        done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 1, done.stderr
    assert "triggered: true" in done.stdout
    assert "wiped paragraphs: 2, kept: 1" in done.stdout
    assert "phantom: get_citation_graph -> citation_graph" in done.stdout
    assert "bad params rejected: nofab 422: params: unknown key 'failedTools'" in done.stdout


def test_a_slow_pleach_check_gets_the_services_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """The route runs in the service's check pool: past the budget it answers 503 instead of
    holding the client (and the serving process) for as long as the check takes."""
    import time

    import nofab.service.work as work
    from nofab.service import Limits

    def slow(body: bytes, threshold: float) -> tuple[int, dict[str, Any]]:
        time.sleep(2.0)
        return 200, {}

    monkeypatch.setattr(work, "pleach_answer", slow)
    app = create_app(Policy(load_plugins=False), token="tok", limits=Limits(workers=0, check_seconds=0.3))
    with TestClient(app) as c:
        res = c.post("/v1/pleach/guard", json={"params": PARAMS, "config": {}}, headers=AUTH)
        assert res.status_code == 503 and "budget" in res.json()["error"]
