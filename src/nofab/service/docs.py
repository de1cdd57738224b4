"""``GET /docs``: Swagger UI from files installed with the ``serve`` extra, never a CDN.

FastAPI's own /docs page loads Swagger UI from a CDN, so offline (nofab's promise is "no
network") it was a blank page (issue 14.5). The assets come from the ``swagger-ui-bundle``
package and are served by the app itself under ``/docs/assets``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fastapi import FastAPI

DOCS_PATH = "/docs"
_ASSETS = "/docs/assets"


def add_docs(app: FastAPI, title: str) -> None:
    """Serve Swagger UI at /docs for the app's /openapi.json, with local assets."""
    from fastapi.openapi.docs import get_swagger_ui_html
    from fastapi.responses import HTMLResponse
    from starlette.staticfiles import StaticFiles
    from swagger_ui_bundle import swagger_ui_path

    app.mount(_ASSETS, StaticFiles(directory=str(swagger_ui_path)), name="swagger-ui-assets")

    @app.get(DOCS_PATH, include_in_schema=False)
    async def docs() -> HTMLResponse:
        return get_swagger_ui_html(
            openapi_url=app.openapi_url or "/openapi.json",
            title=f"{title} — API",
            swagger_js_url=f"{_ASSETS}/swagger-ui-bundle.js",
            swagger_css_url=f"{_ASSETS}/swagger-ui.css",
            swagger_favicon_url=f"{_ASSETS}/favicon-32x32.png",
        )
