"""The review page: go through a run's findings and label them true/false positive.

A Starlette app over the run database. Pages are rendered server-side by Jinja with
autoescape (answers and tool results are untrusted text). Labels are written with a POST that
must carry the per-server CSRF token in a header (a cross-site form cannot set one) and come
from an allowed Host (no DNS-rebinding access to the local server).
"""

from __future__ import annotations

import contextlib
import getpass
import secrets
from collections.abc import AsyncIterator
from typing import Any

from nofab.batch.extra import require
from nofab.batch.page import calibration_view, environment, turn_view
from nofab.batch.report import Gate, TurnLoader
from nofab.batch.store import LABELS, RunStore
from nofab.errors import InputError

PAGE_SIZE = 50
_CONFIDENCE_FLOORS = ("0", "0.5", "0.6", "0.7", "0.8", "0.9")


def default_user() -> str:
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return "reviewer"


def create_app(
    run: str, *, user: str | None = None, target: float = 0.95, allowed_hosts: tuple[str, ...] = ()
) -> Any:
    """The Starlette application for ``run`` (a DuckDB file made by ``nofab audit``)."""
    require("starlette", "review")
    require("jinja2", "review")
    from markupsafe import Markup
    from starlette.applications import Starlette
    from starlette.middleware import Middleware
    from starlette.middleware.trustedhost import TrustedHostMiddleware
    from starlette.requests import Request
    from starlette.responses import HTMLResponse, JSONResponse, Response
    from starlette.routing import Route

    store = RunStore(run)  # read-write: labels go into the run
    token = secrets.token_urlsafe(32)
    who = user or default_user()
    env = environment()
    gate = Gate.of(store)
    loader = TurnLoader(store)

    def filters(request: Request) -> dict[str, str]:
        q = request.query_params
        return {
            "kind": q.get("kind", ""),
            "min": q.get("min", "0") if q.get("min", "0") in _CONFIDENCE_FLOORS else "0",
            "label": q.get("label", "") if q.get("label", "") in ("", "none", *LABELS) else "",
        }

    def findings(f: dict[str, str], offset: int) -> tuple[list[dict[str, Any]], int]:
        where: list[str] = ["f.confidence >= ?"]
        params: list[Any] = [float(f["min"])]
        if f["kind"]:
            where.append("f.kind = ?")
            params.append(f["kind"])
        if f["label"] == "none":
            where.append("l.label IS NULL")
        elif f["label"]:
            where.append("l.label = ?")
            params.append(f["label"])
        # One row per fingerprint (labels are per fingerprint), shown with its most confident turn.
        base = (
            "SELECT f.fingerprint, f.kind, f.turn_id, f.confidence, "
            "count(*) OVER (PARTITION BY f.fingerprint) "
            "AS occurrences, row_number() OVER (PARTITION BY f.fingerprint ORDER BY f.confidence DESC, "
            "f.turn_id) AS rn FROM findings f LEFT JOIN labels l USING (fingerprint) WHERE "
            + " AND ".join(where)
        )
        total = store.scalar(f"SELECT count(*) FROM ({base}) WHERE rn = 1", params)
        rows = store.rows(
            f"SELECT * FROM ({base}) WHERE rn = 1 "
            "ORDER BY confidence DESC, kind, fingerprint LIMIT ? OFFSET ?",
            [*params, PAGE_SIZE, offset],
        )
        return rows, int(total or 0)

    def page(request: Request) -> Response:
        f = filters(request)
        nonce = secrets.token_urlsafe(16)  # only the page's own script may run
        try:
            offset = max(0, int(request.query_params.get("offset", "0")))
        except ValueError:
            offset = 0
        with store.lock:
            rows, total = findings(f, offset)
            items = []
            for row in rows:
                turn = store.rows(
                    "SELECT t.*, r.unit FROM turns t JOIN records r USING (record_key) WHERE turn_id = ?",
                    [row["turn_id"]],
                )[0]
                view = turn_view(store, loader, turn, gate)
                focus = next(x for x in view["findings"] if x["fingerprint"] == row["fingerprint"])
                items.append({"row": row, "t": view, "focus": focus})
            kinds = [
                k for (k,) in store.con.execute("SELECT DISTINCT kind FROM findings ORDER BY 1").fetchall()
            ]
            counts = dict(store.con.execute("SELECT label, count(*) FROM labels GROUP BY 1").fetchall())
            calibration = [{**c, "svg": Markup(c["svg"])} for c in calibration_view(store, target)]
        html = env.get_template("review.html.j2").render(
            items=items,
            total=total,
            offset=offset,
            page_size=PAGE_SIZE,
            f=f,
            kinds=kinds,
            floors=_CONFIDENCE_FLOORS,
            labels=LABELS,
            counts=counts,
            csrf=token,
            who=who,
            calibration=calibration,
            target=target,
            run=str(store.path),
            nonce=nonce,
        )
        headers = {**_SECURITY_HEADERS, "Content-Security-Policy": _csp(nonce)}
        return HTMLResponse(html, headers=headers)

    def calibration_fragment(request: Request) -> Response:
        with store.lock:
            calibration = [{**c, "svg": Markup(c["svg"])} for c in calibration_view(store, target)]
        html = env.get_template("calibration.html.j2").render(calibration=calibration, target=target)
        return HTMLResponse(html, headers=_SECURITY_HEADERS)

    async def label(request: Request) -> Response:
        if not secrets.compare_digest(request.headers.get("x-csrf-token", ""), token):
            return JSONResponse({"error": "missing or wrong CSRF token: reload the page"}, status_code=403)
        if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
            return JSONResponse({"error": "expected application/json"}, status_code=415)
        try:
            body = await request.json()
            fingerprint, value = str(body["fingerprint"]), str(body["label"])
        except (ValueError, KeyError, TypeError):
            return JSONResponse({"error": 'expected {"fingerprint": ..., "label": ...}'}, status_code=400)
        try:
            with store.lock:
                store.set_label(fingerprint, value, who)
        except InputError as exc:
            return JSONResponse({"error": str(exc)}, status_code=400)
        return JSONResponse({"fingerprint": fingerprint, "label": value, "who": who})

    hosts = list(allowed_hosts) or ["127.0.0.1", "localhost", "::1"]
    app = Starlette(
        routes=[
            Route("/", page),
            Route("/calibration", calibration_fragment),
            Route("/api/label", label, methods=["POST"]),
        ],
        middleware=[Middleware(TrustedHostMiddleware, allowed_hosts=hosts)],
        lifespan=_closing(store),
    )
    app.state.store = store
    app.state.csrf = token
    return app


def _closing(store: RunStore) -> Any:
    @contextlib.asynccontextmanager
    async def lifespan(_app: Any) -> AsyncIterator[None]:
        try:
            yield
        finally:
            store.close()

    return lifespan


def _csp(nonce: str = "") -> str:
    """Only the page's own (nonce-tagged) script runs; nothing is framed or loaded from elsewhere."""
    script = f"'nonce-{nonce}'" if nonce else "'none'"
    return (
        f"default-src 'none'; script-src {script}; style-src 'unsafe-inline'; img-src data:; "
        "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
    )


_SECURITY_HEADERS = {
    "Content-Security-Policy": _csp(),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


def serve(run: str, host: str, port: int, user: str | None, target: float) -> None:
    uvicorn: Any = require("uvicorn", "review")
    hosts = ("127.0.0.1", "localhost", "::1", host)
    app = create_app(run, user=user, target=target, allowed_hosts=hosts)
    uvicorn.run(app, host=host, port=port, log_level="warning")
