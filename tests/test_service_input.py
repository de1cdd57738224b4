"""Every JSON body gets a verdict or a JSON 4xx from the service, never a 500: lone surrogates,
huge integers, deep nesting, NaN/Infinity, huge strings; only application/json is accepted;
the bearer scheme is case-insensitive; /metrics and the offline /docs page work."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("uvicorn")
httpx = pytest.importorskip("httpx")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from nofab import Policy  # noqa: E402
from nofab.service import Limits, create_app  # noqa: E402

from .servers import running  # noqa: E402

JSON = {"content-type": "application/json"}
TOKEN = "Tok-3n"


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    policy = Policy(load_plugins=False, max_answer_chars=20_000)
    with running(create_app(policy, limits=Limits(workers=1, max_bytes=200_000))) as base:
        yield base


@pytest.fixture(scope="module")
def client(url: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=url, headers=JSON, timeout=30) as c:
        yield c


def assert_answered(r: httpx.Response) -> None:
    """A verdict (200) or a one-line JSON 4xx naming what is wrong; never 5xx, never a trace."""
    assert r.status_code == 200 or 400 <= r.status_code < 500, (r.status_code, r.text[:300])
    body = r.json()
    if r.status_code == 200:
        assert "findings" in body and "action" in body
    else:
        assert isinstance(body["error"], str) and "\n" not in body["error"]
    assert "Traceback" not in r.text


# Strings that include lone surrogates (hypothesis leaves them out of text() by default).
_texts = st.one_of(
    st.text(max_size=40),
    st.lists(
        st.sampled_from(["a", "é", "42.73", "\ud800", "\udfff", "\U0001f600", " ", "$"]), max_size=12
    ).map("".join),
)
_numbers = st.one_of(
    st.integers(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.integers(min_value=4290, max_value=4400).map(lambda n: int("9" * n) if n < 4300 else n),
)
_json = st.recursive(
    st.one_of(st.none(), st.booleans(), _numbers, _texts),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(_texts, inner, max_size=4)),
    max_leaves=20,
)


def encode(value: Any) -> bytes:
    # Python's encoder writes NaN/Infinity literals and \ud800 escapes: exactly the hostile cases.
    return json.dumps(value, ensure_ascii=True).encode()


def _big_int_text(digits: int) -> str:
    return "1" + "0" * (digits - 1)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(response=_texts, result=_json, extra=_json)
def test_any_json_turn_gets_a_verdict_or_a_4xx(
    client: httpx.Client, response: str, result: Any, extra: Any
) -> None:
    """Turns whose answer, tool result and context hold hostile JSON values are answered."""
    turn = {"response": response, "tool_calls": [{"name": "t", "result": result}], "context": extra}
    assert_answered(client.post("/v1/check", content=encode(turn)))
    assert_answered(client.post("/v1/check", content=encode(result)))


@pytest.mark.parametrize("route", ["/v1/check", "/v1/check-call"])
@pytest.mark.parametrize(
    ("raw", "status", "needle"),
    [
        ('{"response": "x \\ud800 y"}', 422, "lone surrogate"),
        ('{"response": "ok", "user_message": "\\udfff"}', 422, "lone surrogate"),
        (
            '{"response": "ok", "tool_calls": [{"name": "t", "result": {"\\ud801": 1}}]}',
            422,
            "lone surrogate",
        ),
        (
            '{"response": "$1", "tool_calls": [{"name": "t", "result": ' + _big_int_text(4301) + "}]}",
            400,
            "number",
        ),
        ('{"response": "$1", "tool_calls": [{"name": "t", "result": NaN}]}', 400, "NaN"),
        ('{"response": "$1", "tool_calls": [{"name": "t", "result": -Infinity}]}', 400, "Infinity"),
        ('{"response": "$1", "tool_calls": [{"name": "t", "result": 1e400}]}', 400, "too large"),
    ],
)
def test_hostile_values_are_named_4xx(
    client: httpx.Client, route: str, raw: str, status: int, needle: str
) -> None:
    """Each hostile value gets its own 4xx naming the problem (both routes)."""
    if route == "/v1/check-call":
        raw = raw.replace('{"response"', '{"pending_call": {"name": "f"}, "response"', 1)
    r = client.post(route, content=raw.encode())
    assert r.status_code == status, r.text
    assert needle in r.json()["error"]


def test_lone_surrogate_error_says_where(client: httpx.Client) -> None:
    """The 422 for a lone surrogate names the field that holds it."""
    raw = '{"response": "ok", "tool_calls": [{"name": "t", "result": {"a": ["x", "\\ud800"]}}]}'
    assert client.post("/v1/check", content=raw.encode()).json()["where"] == "tool_calls[0].result.a[1]"


@pytest.mark.parametrize("depth", [50, 900, 985, 995, 3000, 20_000])
@pytest.mark.parametrize("where", ["result", "arguments", "top"])
def test_deep_nesting_is_answered(client: httpx.Client, depth: int, where: str) -> None:
    """Nesting at any depth, up to past the decoder's own limit, gets a verdict or a 400."""
    nested = "[" * depth + "42.73" + "]" * depth
    if where == "top":
        raw = nested
    else:
        call = f'{{"name": "t", "{where}": {nested}}}'
        raw = f'{{"response": "It costs $42.73.", "tool_calls": [{call}]}}'
    r = client.post("/v1/check", content=raw.encode())
    assert_answered(r)
    if depth <= 900 and where == "result":
        assert r.status_code == 200


def test_a_huge_answer_is_413_naming_the_field(client: httpx.Client) -> None:
    """An answer over the policy's character limit is 413 (InputTooLargeError), not 500."""
    r = client.post("/v1/check", content=encode({"response": "é" * 30_000}))
    assert r.status_code == 413 and r.json()["where"] == "response"


@pytest.mark.parametrize(
    "content_type",
    [None, "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "text/json"],
)
def test_only_application_json_is_accepted(url: str, content_type: str | None) -> None:
    """Bodies a web page can send without a CORS preflight are refused with 415."""
    headers = {"content-type": content_type} if content_type else {}
    r = httpx.post(f"{url}/v1/check", content=b'{"response": "hi"}', headers=headers)
    assert r.status_code == 415 and r.json()["where"] == "headers.content-type"


@pytest.mark.parametrize("content_type", ["application/json", "Application/JSON; charset=utf-8"])
def test_json_content_types_are_accepted(url: str, content_type: str) -> None:
    r = httpx.post(f"{url}/v1/check", content=b'{"response": "hi"}', headers={"content-type": content_type})
    assert r.status_code == 200


@pytest.mark.parametrize(
    ("header", "status"),
    [
        (f"Bearer {TOKEN}", 200),
        (f"bearer {TOKEN}", 200),
        (f"BEARER  {TOKEN}", 200),
        (f"bearer {TOKEN.lower()}", 401),
        (f"Basic {TOKEN}", 401),
        ("bearer", 401),
    ],
)
def test_bearer_scheme_is_case_insensitive_and_the_token_is_not(header: str, status: int) -> None:
    """RFC 7235: the scheme name is case-insensitive; the token itself is compared exactly."""
    with running(create_app(Policy(load_plugins=False), token=TOKEN, limits=Limits(workers=0))) as base:
        r = httpx.post(f"{base}/v1/check", json={"response": "hi"}, headers={"authorization": header})
    assert r.status_code == status


def _sample(text: str, name: str, **labels: str) -> float:
    total = 0.0
    for line in text.splitlines():
        if not line.startswith(name + "{") and not line.startswith(name + " "):
            continue
        found = dict(re.findall(r'(\w+)="([^"]*)"', line.partition("}")[0]))
        if all(found.get(k) == v for k, v in labels.items()):
            total += float(line.rsplit(" ", 1)[1])
    return total


def test_metrics_count_requests_latency_and_findings_by_kind() -> None:
    """Scraping /metrics shows the requests by route and status, their latency, and findings by kind."""
    turn = {"response": "Your refund RF-88231 was issued.", "tool_calls": []}
    app = create_app(Policy(load_plugins=False), limits=Limits(workers=0))
    with running(app) as base, httpx.Client(base_url=base, headers=JSON) as c:
        before = c.get("/metrics").text
        verdicts = [c.post("/v1/check", content=encode(turn)).json() for _ in range(3)]
        c.post("/v1/check", content=b"{bad")
        c.get("/healthz")
        after = c.get("/metrics")
    assert after.headers["content-type"].startswith("text/plain")
    text = after.text
    kinds = {f["kind"] for f in verdicts[0]["findings"]}
    assert kinds, "the example turn should have findings"
    for kind in kinds:
        expected = 3 * sum(f["kind"] == kind for f in verdicts[0]["findings"])
        assert (
            _sample(text, "nofab_findings_total", kind=kind)
            - _sample(before, "nofab_findings_total", kind=kind)
            == expected
        )
    assert _sample(text, "nofab_requests_total", route="/v1/check", status="200") == 3
    assert _sample(text, "nofab_requests_total", route="/v1/check", status="400") == 1
    assert _sample(text, "nofab_requests_total", route="/healthz", status="200") == 1
    assert _sample(text, "nofab_request_duration_seconds_count", route="/v1/check") == 4
    assert _sample(text, "nofab_request_duration_seconds_bucket", route="/v1/check", le="+Inf") == 4


def test_metrics_need_the_token_when_one_is_set() -> None:
    with running(create_app(Policy(load_plugins=False), token=TOKEN, limits=Limits(workers=0))) as base:
        assert httpx.get(f"{base}/metrics").status_code == 401
        assert httpx.get(f"{base}/metrics", headers={"authorization": f"Bearer {TOKEN}"}).status_code == 200


def test_docs_page_loads_its_assets_from_the_service(url: str) -> None:
    """/docs references only the service's own assets (no CDN), and each of them is served."""
    page = httpx.get(f"{url}/docs")
    assert page.status_code == 200
    refs = re.findall(r'(?:src|href)="([^"]+)"', page.text)
    assert refs and not [r for r in refs if "://" in r], refs
    assert "/openapi.json" in page.text
    for ref in refs:
        asset = httpx.get(f"{url}{ref}")
        assert asset.status_code == 200 and len(asset.content) > 100, ref
