"""The web client (web/, built into web/dist) is served at `/` on the API's origin (issue 27):
its files, its routes through index.html, a policy that lets its own scripts and styles run,
and never in the way of the API (unknown API paths keep their 404 problem, wrong methods their
405), nor a 500 when it was not built."""

from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest
from fastapi import FastAPI
from httpx import ASGITransport, AsyncClient

from app.main import create_app
from app.platform.config import Settings
from app.shell.web.client import WEB_CSP
from app.shell.web.security import API_CSP

INDEX = "<!doctype html><title>Marchlords</title><script type=module src=/assets/app-1.js></script>"

MakeClient = Callable[[Path], AsyncClient]


@pytest.fixture
async def clients() -> AsyncIterator[MakeClient]:
    opened: list[AsyncClient] = []

    def make(dist: Path) -> AsyncClient:
        app: FastAPI = create_app(Settings(web_dist_dir=dist))
        client = AsyncClient(transport=ASGITransport(app=app), base_url="http://test")
        opened.append(client)
        return client

    yield make
    for client in opened:
        await client.aclose()


@pytest.fixture
def dist(tmp_path: Path) -> Path:
    root = tmp_path / "dist"
    (root / "assets").mkdir(parents=True)
    (root / "index.html").write_text(INDEX)
    (root / "assets" / "app-1.js").write_text("console.log('hi')")
    (tmp_path / "secret.txt").write_text("outside")
    return root


async def test_the_index_and_the_assets_are_served_with_the_web_policy(
    clients: MakeClient, dist: Path
) -> None:
    client = clients(dist)

    page = await client.get("/")
    asset = await client.get("/assets/app-1.js")

    assert page.status_code == 200
    assert page.text == INDEX
    assert page.headers["content-security-policy"] == WEB_CSP
    assert "script-src 'self'" in WEB_CSP
    assert "style-src 'self'" in WEB_CSP
    assert page.headers["cache-control"] == "no-cache"
    assert page.headers["x-content-type-options"] == "nosniff"
    assert asset.status_code == 200
    assert asset.text == "console.log('hi')"
    assert "immutable" in asset.headers["cache-control"]


async def test_a_route_of_the_client_gets_the_index(clients: MakeClient, dist: Path) -> None:
    client = clients(dist)

    response = await client.get("/campaigns/3f2b/map")

    assert response.status_code == 200
    assert response.text == INDEX


async def test_the_api_keeps_its_paths_answers_and_policy(clients: MakeClient, dist: Path) -> None:
    client = clients(dist)

    unknown = await client.get("/v1/no-such-thing")
    unknown_post = await client.post("/v1/no-such-thing")
    wrong_method = await client.put("/healthz")
    health = await client.get("/healthz")
    contract = await client.get("/openapi.json")
    docs = await client.get("/docs")
    docs_child = await client.get("/docs/whatever")

    assert unknown.status_code == 404
    assert unknown.headers["content-type"] == "application/problem+json"
    assert unknown.headers["content-security-policy"] == API_CSP
    assert unknown_post.status_code == 404
    assert wrong_method.status_code == 405
    assert health.json() == {"status": "ok"}
    assert contract.json()["openapi"].startswith("3.")
    assert "swagger" in docs.text.lower()
    assert docs_child.status_code == 404
    assert docs_child.headers["content-type"] == "application/problem+json"


async def test_a_missing_file_is_a_404_not_the_index(clients: MakeClient, dist: Path) -> None:
    client = clients(dist)

    missing = await client.get("/assets/gone-2.js")
    escape = await client.get("/..%2Fsecret.txt")

    assert missing.status_code == 404
    assert escape.status_code == 404
    assert "outside" not in escape.text


async def test_without_a_build_the_page_says_how_to_build(
    clients: MakeClient, tmp_path: Path
) -> None:
    client = clients(tmp_path / "never-built")

    response = await client.get("/")

    assert response.status_code == 503
    assert "npm run build" in response.text
    assert "scripts/serve" in response.text
