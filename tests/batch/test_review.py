"""The review app: escaped pages, CSRF-protected labels keyed by fingerprint, filters."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from nofab.batch.audit import audit, settings_for
from nofab.batch.store import RunStore

pytest.importorskip("starlette", reason="pip install 'nofab[review]'")
TestClient = pytest.importorskip(
    "starlette.testclient", reason="the Starlette test client needs httpx2: pip install 'nofab[browser-test]'"
).TestClient

from nofab.review.app import create_app  # noqa: E402 (after the skips above)

BASE = "http://127.0.0.1"


@pytest.fixture()
def client(corpus: Path, tmp_path: Path) -> Iterator[Any]:
    out = tmp_path / "run.duckdb"
    audit([str(corpus)], out, settings_for("observe", 0.8), progress=False)
    app = create_app(str(out), user="ann")
    with TestClient(app, base_url=BASE) as c:
        c.app_state = app.state
        yield c


def fingerprint(client: Any, identifier: str) -> str:
    store: RunStore = client.app_state.store
    return str(store.scalar("SELECT fingerprint FROM findings WHERE identifier = ?", [identifier]))


def test_page_lists_findings_escaped(client: Any) -> None:
    """The page shows each finding once, escaped, with a CSRF token and only its own script allowed."""
    page = client.get("/")
    assert page.status_code == 200
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page.text and "<script>alert(1)" not in page.text
    assert page.text.count('class="item"') == 6
    assert 'name="csrf-token"' in page.text
    csp = page.headers["content-security-policy"]
    assert "default-src 'none'" in csp and "unsafe-inline" not in csp.split("script-src")[1].split(";")[0]
    nonce = csp.split("'nonce-")[1].split("'")[0]
    assert f'<script nonce="{nonce}">' in page.text


def test_label_needs_the_csrf_token(client: Any) -> None:
    """A POST without the page's token is refused and stores nothing."""
    fp = fingerprint(client, "I sent")
    r = client.post("/api/label", json={"fingerprint": fp, "label": "tp"})
    assert r.status_code == 403
    r = client.post("/api/label", json={"fingerprint": fp, "label": "tp"}, headers={"X-CSRF-Token": "nope"})
    assert r.status_code == 403
    assert client.app_state.store.labels() == {}


def test_label_is_stored_with_who_and_filters_follow(client: Any) -> None:
    """A labelled finding is stored by fingerprint with who and when, and the label filter finds it."""
    fp = fingerprint(client, "I sent")
    headers = {"X-CSRF-Token": client.app_state.csrf}
    r = client.post("/api/label", json={"fingerprint": fp, "label": "fp"}, headers=headers)
    assert r.status_code == 200 and r.json()["who"] == "ann"
    label, who, at = client.app_state.store.labels()[fp]
    assert (label, who) == ("fp", "ann") and at
    only = client.get("/", params={"label": "fp"})
    assert only.text.count('class="item"') == 1 and fp in only.text
    assert client.get("/", params={"kind": "uuid"}).text.count('class="item"') == 1
    assert client.get("/", params={"min": "0.9"}).text.count('class="item"') == 2
    bad = client.post("/api/label", json={"fingerprint": "0" * 16, "label": "tp"}, headers=headers)
    assert bad.status_code == 400 and "no finding" in bad.json()["error"]


def test_foreign_host_is_refused(client: Any) -> None:
    """Requests naming another host (DNS rebinding) are refused."""
    assert client.get("/", headers={"host": "evil.example"}).status_code == 400
