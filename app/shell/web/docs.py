"""The API's docs pages (Swagger UI at /docs, ReDoc at /redoc) with their files served by the
app itself, so they work offline and load nothing from another host (their policy:
app/shell/web/security.py).

The files are those of the `fastapi-offline` package (Swagger UI 5 and ReDoc 2, pinned in
uv.lock); only its files are used, the pages are FastAPI's own.
"""

from pathlib import Path

import fastapi_offline
from fastapi import FastAPI, Request
from fastapi.openapi.docs import (
    get_redoc_html,
    get_swagger_ui_html,
    get_swagger_ui_oauth2_redirect_html,
)
from fastapi.responses import FileResponse, HTMLResponse

from app.platform.errors import NotFound

DOCS_URL = "/docs"
REDOC_URL = "/redoc"
OAUTH2_REDIRECT_URL = "/docs/oauth2-redirect"
ASSETS_URL = "/docs/assets"
DOCS_PATHS = (DOCS_URL, REDOC_URL, OAUTH2_REDIRECT_URL)
_FILES = Path(fastapi_offline.__file__).parent / "static"
# The only files served: a name is looked up here, never joined to a path.
ASSETS: dict[str, str] = {
    "swagger-ui-bundle.js": "text/javascript",
    "swagger-ui.css": "text/css",
    "redoc.standalone.js": "text/javascript",
    "favicon.png": "image/png",
}


def install_docs(app: FastAPI) -> None:
    """Add the docs pages and their files (the app is created with `docs_url=None` and
    `redoc_url=None`, so FastAPI adds none of its own)."""
    openapi_url = app.openapi_url or "/openapi.json"

    @app.get(DOCS_URL, include_in_schema=False)
    async def swagger_ui(request: Request) -> HTMLResponse:
        root = request.scope.get("root_path", "")
        return get_swagger_ui_html(
            openapi_url=f"{root}{openapi_url}",
            title=f"{app.title} - Swagger UI",
            oauth2_redirect_url=f"{root}{OAUTH2_REDIRECT_URL}",
            swagger_js_url=f"{root}{ASSETS_URL}/swagger-ui-bundle.js",
            swagger_css_url=f"{root}{ASSETS_URL}/swagger-ui.css",
            swagger_favicon_url=f"{root}{ASSETS_URL}/favicon.png",
            swagger_ui_parameters=app.swagger_ui_parameters,
        )

    @app.get(OAUTH2_REDIRECT_URL, include_in_schema=False)
    async def swagger_ui_redirect() -> HTMLResponse:
        return get_swagger_ui_oauth2_redirect_html()

    @app.get(REDOC_URL, include_in_schema=False)
    async def redoc(request: Request) -> HTMLResponse:
        root = request.scope.get("root_path", "")
        return get_redoc_html(
            openapi_url=f"{root}{openapi_url}",
            title=f"{app.title} - ReDoc",
            redoc_js_url=f"{root}{ASSETS_URL}/redoc.standalone.js",
            redoc_favicon_url=f"{root}{ASSETS_URL}/favicon.png",
            with_google_fonts=False,
        )

    @app.get(f"{ASSETS_URL}/{{name}}", include_in_schema=False)
    async def asset(name: str) -> FileResponse:
        media_type = ASSETS.get(name)
        if media_type is None:
            raise NotFound()
        # Named by the package's version in uv.lock, not by their content: revalidated (ETag).
        return FileResponse(
            _FILES / name, media_type=media_type, headers={"Cache-Control": "no-cache"}
        )
