"""Security headers (issue 18) on every response: JSON, problems, the docs pages, the event
stream; HSTS only over TLS as seen through the trusted proxies, and only when enabled."""

import base64
import hashlib
import re
from collections.abc import Callable
from typing import Any

import pytest
from fastapi import FastAPI
from httpx import ASGITransport, AsyncClient, Response
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from app.channels.stream.hub import EventHub
from app.main import create_app
from app.platform.config import Settings
from app.platform.db.embedded import asyncpg_dsn
from app.platform.db.session import create_sessionmaker
from app.play.pictures.svg import TERRAIN_COLOURS
from tests.factories.flows import create_lobby, register_and_login, start_game
from tests.factories.pictures import SVG_NS, parse
from tests.factories.served import WAIT, served

API_CSP = "default-src 'none'; frame-ancestors 'none'"
PROXY = "192.0.2.200"

AppFactory = Callable[..., FastAPI]


@pytest.fixture
def make_app(
    settings: Settings,
    sessionmaker: async_sessionmaker[AsyncSession],
    fast_password_hashing: None,
) -> AppFactory:
    def make(**update: Any) -> FastAPI:
        application = create_app(settings.model_copy(update=update))
        application.state.sessionmaker = sessionmaker
        return application

    return make


def assert_common(response: Response) -> None:
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["referrer-policy"] == "no-referrer"


def directives(csp: str) -> dict[str, list[str]]:
    parsed: dict[str, list[str]] = {}
    for part in csp.split(";"):
        name, *values = part.split()
        parsed[name] = values
    return parsed


async def test_json_and_problem_responses_carry_the_strict_policy(
    client: AsyncClient, make_user: Any
) -> None:
    alice = await make_user()
    for response in (
        await client.get("/v1/users/me", headers=alice.headers),
        await client.get("/v1/users/me"),  # 401
        await client.get("/v1/nowhere"),  # 404 from the router
        await client.get("/openapi.json"),
        await client.get("/healthz"),
    ):
        assert_common(response)
        assert response.headers["content-security-policy"] == API_CSP
        assert "strict-transport-security" not in response.headers


@pytest.mark.parametrize("path", ["/docs", "/redoc", "/docs/oauth2-redirect"])
async def test_the_docs_pages_load_everything_from_this_server(
    client: AsyncClient, path: str
) -> None:
    response = await client.get(path)
    assert response.status_code == 200
    assert_common(response)
    policy = directives(response.headers["content-security-policy"])
    assert policy["default-src"] == ["'none'"]
    assert policy["frame-ancestors"] == ["'none'"]
    # Offline: no host but this one, in the page or in its policy.
    html = response.text
    assert not re.findall(r"(?:src|href|url)\s*[=(]\s*[\"']?(?:https?:)?//", html), html
    assert "http" not in response.headers["content-security-policy"]
    # Every script, stylesheet and icon the page names is served here, and allowed.
    for attribute, url in re.findall(r'<(?:script|link)[^>]*\b(src|href)="([^"]+)"', html):
        assert url.startswith("/docs/assets/"), url
        asset = await client.get(url)
        assert asset.status_code == 200, url
        assert asset.content
        kind = "script-src" if attribute == "src" else "style-src"
        if url.endswith(".png"):
            kind = "img-src"
        assert "'self'" in policy[kind], (url, policy)
    assert (path == "/docs/oauth2-redirect") or re.search(r'src="/docs/assets/[^"]+\.js"', html)
    # Inline scripts are allowed by their hash only, never by 'unsafe-inline'.
    assert "'unsafe-inline'" not in policy["script-src"]
    inline = re.findall(r"<script>(.*?)</script>", html, re.DOTALL)
    for script in inline:
        digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
        assert f"'sha256-{digest}'" in policy["script-src"]
    assert path == "/redoc" or inline  # Swagger UI starts itself from an inline script
    if path == "/docs":  # no badge from validator.swagger.io, which the policy does not allow
        assert '"validatorUrl": null' in html
    # The page fetches the OpenAPI document from this origin.
    assert policy["connect-src"] == ["'self'"]


async def test_the_docs_serve_only_their_own_files(client: AsyncClient) -> None:
    for name in ("..%2F..%2Fpyproject.toml", "core.py", "__init__.py", "nothing.js"):
        response = await client.get(f"/docs/assets/{name}")
        assert response.status_code == 404, name
        assert response.headers["content-type"].startswith("application/problem+json")


async def test_hsts_only_over_tls_behind_a_trusted_proxy_and_when_enabled(
    make_app: AppFactory,
) -> None:
    async def get(app: FastAPI, peer: str, proto: str) -> Response:
        transport = ASGITransport(app=app, client=(peer, 40000))
        async with AsyncClient(transport=transport, base_url="http://test") as client:
            return await client.get("/healthz", headers={"X-Forwarded-Proto": proto})

    enabled = make_app(hsts_max_age_seconds=31_536_000, trusted_proxies=(PROXY,))
    over_tls = await get(enabled, PROXY, "https")
    assert over_tls.headers["strict-transport-security"] == "max-age=31536000"
    assert_common(over_tls)
    # Plain HTTP, or an untrusted peer claiming TLS: no HSTS.
    assert "strict-transport-security" not in (await get(enabled, PROXY, "http")).headers
    assert "strict-transport-security" not in (await get(enabled, "192.0.2.9", "https")).headers
    # Not enabled: never.
    disabled = make_app(trusted_proxies=(PROXY,))
    assert "strict-transport-security" not in (await get(disabled, PROXY, "https")).headers


async def test_the_event_stream_carries_the_headers_and_still_streams(
    settings: Settings,
    committing_engine: AsyncEngine,
    database_url: str,
    fast_password_hashing: None,
) -> None:
    app = create_app(settings)
    app.state.sessionmaker = create_sessionmaker(committing_engine)
    app.state.event_hub = hub = EventHub(asyncpg_dsn(database_url))
    await hub.start()
    try:
        await hub.wait_listening(WAIT)
        async with served(app) as client:
            owner = await register_and_login(client)
            lobby = await create_lobby(client, owner)
            url = f"/v1/campaigns/{lobby['id']}/events"
            async with client.stream("GET", url, headers=owner.headers) as response:
                assert response.status_code == 200
                assert_common(response)
                assert response.headers["content-security-policy"] == API_CSP
                # The first message arrives while the stream stays open: nothing buffers it.
                first = await anext(response.aiter_lines())
                assert first.startswith((":", "retry"))
    finally:
        await hub.stop()


def _sha256(text: str) -> str:
    return f"'sha256-{base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()}'"


async def test_a_picture_may_use_exactly_its_own_style(client: AsyncClient, make_user: Any) -> None:
    game = await start_game(client, make_user)
    for p in game.players:
        assert (await client.put(game.url("/turn/ready"), headers=p.headers)).is_success
    assert (await client.post(game.url("/turn/resolve"), headers=game.owner.headers)).is_success
    for path in ("/map.svg", "/map.svg?coordinates=true", "/turns/1/map.svg"):
        response = await client.get(game.url(path), headers=game.owner.headers)
        assert response.status_code == 200, response.text
        assert_common(response)
        # The style as the browser's DOM holds it (CDATA unwrapped) is what the hash is of.
        root = parse(response.text)
        styles = ["".join(e.itertext()) for e in root.iter(f"{SVG_NS}style")]
        assert len(styles) == 1
        assert all(f".t.{t}{{fill:{c}}}" in styles[0] for t, c in TERRAIN_COLOURS.items())
        assert response.headers.get_list("content-security-policy") == [
            f"default-src 'none'; style-src {_sha256(styles[0])}; frame-ancestors 'none'"
        ]
        # A hash allows <style> elements only: nothing may rely on a style attribute.
        assert not [e.tag for e in root.iter() if "style" in e.attrib]
    # The charts style nothing by CSS, the JSON is no document: the API's policy.
    for path in ("/charts.svg", "/map", "/turns/1/map"):
        response = await client.get(game.url(path), headers=game.owner.headers)
        assert response.status_code == 200, response.text
        assert b"<style" not in response.content
        assert response.headers.get_list("content-security-policy") == [API_CSP]
