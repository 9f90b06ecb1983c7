"""The installable web client (issue 46): its service worker is served at the root scope as
JavaScript and never cached stale, its manifest with the manifest's type, and the client's
policy names both (`worker-src`, `manifest-src`) without allowing anything more than before."""

import mimetypes
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from httpx import ASGITransport, AsyncClient

from app.main import create_app
from app.platform.config import Settings
from app.shell.web.client import WEB_CSP

WORKER = "self.addEventListener('push', () => {});"
MANIFEST = '{"name": "Marchlords", "start_url": "/", "display": "standalone"}'
# The policy before the app became installable: every directive keeps its value.
BEFORE = {
    "default-src": "'self'",
    "script-src": "'self'",
    "style-src": "'self'",
    "img-src": "'self' data:",
    "connect-src": "'self'",
    "font-src": "'self'",
    "object-src": "'none'",
    "frame-ancestors": "'none'",
    "base-uri": "'none'",
    "form-action": "'self'",
}


def directives(policy: str) -> dict[str, str]:
    found: dict[str, str] = {}
    for part in policy.split(";"):
        name, _, value = part.strip().partition(" ")
        if name:
            found[name] = value
    return found


@pytest.fixture
def dist(tmp_path: Path) -> Path:
    root = tmp_path / "dist"
    (root / "assets").mkdir(parents=True)
    (root / "index.html").write_text("<!doctype html><title>Marchlords</title>")
    (root / "sw.js").write_text(WORKER)
    (root / "manifest.webmanifest").write_text(MANIFEST)
    return root


@pytest.fixture
async def client(dist: Path) -> AsyncIterator[AsyncClient]:
    app: FastAPI = create_app(Settings(web_dist_dir=dist))
    async with AsyncClient(transport=ASGITransport(app=app), base_url="http://test") as opened:
        yield opened


@pytest.fixture
def odd_mime_table() -> Iterator[None]:
    """A platform whose table types `.js` as text and does not know `.webmanifest` (a Windows
    registry or a trimmed /etc/mime.types do that): browsers then refuse the worker."""
    saved = {ext: mimetypes.types_map.get(ext) for ext in (".js", ".webmanifest")}
    mimetypes.add_type("text/plain", ".js")
    mimetypes.add_type("application/octet-stream", ".webmanifest")
    yield
    for ext, kind in saved.items():
        if kind is None:
            mimetypes.types_map.pop(ext, None)
        else:
            mimetypes.add_type(kind, ext)


async def test_the_service_worker_is_served_at_the_root_as_javascript_never_cached(
    client: AsyncClient,
) -> None:
    response = await client.get("/sw.js")

    assert response.status_code == 200
    assert response.text == WORKER
    assert response.headers["content-type"].split(";")[0] == "text/javascript"
    assert response.headers["cache-control"] == "no-cache"
    assert response.headers["content-security-policy"] == WEB_CSP
    # Its scope is the root by where it is served: nothing widens or moves it.
    assert "service-worker-allowed" not in response.headers


async def test_the_manifest_is_served_with_the_manifest_type(client: AsyncClient) -> None:
    response = await client.get("/manifest.webmanifest")

    assert response.status_code == 200
    assert response.json()["name"] == "Marchlords"
    assert response.headers["content-type"] == "application/manifest+json"
    assert response.headers["cache-control"] == "no-cache"


@pytest.mark.usefixtures("odd_mime_table")
async def test_the_worker_and_manifest_keep_their_types_whatever_the_platform_table(
    client: AsyncClient,
) -> None:
    worker = await client.get("/sw.js")
    manifest = await client.get("/manifest.webmanifest")

    assert worker.headers["content-type"].split(";")[0] == "text/javascript"
    assert manifest.headers["content-type"] == "application/manifest+json"


async def test_the_policy_allows_this_origins_worker_and_manifest_and_nothing_more(
    client: AsyncClient,
) -> None:
    page = await client.get("/")

    policy = directives(page.headers["content-security-policy"])

    assert policy["worker-src"] == "'self'"
    assert policy["manifest-src"] == "'self'"
    assert {name: value for name, value in policy.items() if name in BEFORE} == BEFORE
    assert set(policy) == {*BEFORE, "worker-src", "manifest-src"}


async def test_a_missing_worker_is_a_404_not_the_index(tmp_path: Path) -> None:
    root = tmp_path / "dist"
    root.mkdir()
    (root / "index.html").write_text("<!doctype html><title>Marchlords</title>")
    app: FastAPI = create_app(Settings(web_dist_dir=root))
    async with AsyncClient(transport=ASGITransport(app=app), base_url="http://test") as client:
        response = await client.get("/sw.js")

    # The index as a worker would register the page itself as one (or fail the registration
    # in a way that hides a broken build).
    assert response.status_code == 404
