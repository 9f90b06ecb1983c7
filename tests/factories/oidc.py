"""A real OpenID Connect provider on loopback (oidc-provider-mock, in a thread), an app that
signs in with it, and a browser's steps through the redirects, followed by hand."""

import json
import os
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from fastapi import FastAPI
from httpx import ASGITransport, AsyncClient, Response
from oidc_provider_mock import run_server_in_thread
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.platform.config import Settings
from tests.factories.apps import fresh_app

CLIENT_ID = "marchlords-test"
CLIENT_SECRET = "s3cret-of-the-test"


@contextmanager
def provider_server() -> Iterator[str]:
    """A provider on loopback; yields its issuer (`http://localhost:PORT`)."""
    # The mock refuses plain http unless told (the server under test is told by its settings).
    os.environ["AUTHLIB_INSECURE_TRANSPORT"] = "1"
    with run_server_in_thread(require_nonce=True) as server:
        yield f"http://localhost:{server.server_port}"


def provider(issuer: str, provider_id: str = "mock", **extra: Any) -> dict[str, Any]:
    """One provider of `MARCHLORDS_OIDC_PROVIDERS`."""
    return {
        "id": provider_id,
        "name": "Mock ID",
        "issuer": issuer,
        "client_id": CLIENT_ID,
        "client_secret": CLIENT_SECRET,
        **extra,
    }


def oidc_settings_for(settings: Settings, *providers: dict[str, Any]) -> Settings:
    return settings.model_copy(
        update={"oidc_providers": json.dumps(list(providers)), "oidc_allow_http": True}
    )


@pytest.fixture(scope="module")
def issuer() -> Iterator[str]:
    with provider_server() as found:
        yield found


@pytest.fixture(scope="module")
def oidc_settings(settings: Settings, issuer: str) -> Settings:
    return oidc_settings_for(settings, provider(issuer))


@pytest.fixture
def oidc_app(
    oidc_settings: Settings,
    sessionmaker: async_sessionmaker[AsyncSession],
    fast_password_hashing: None,
) -> Iterator[FastAPI]:
    with fresh_app(oidc_settings) as application:
        application.state.sessionmaker = sessionmaker
        yield application


@pytest.fixture
async def browser(oidc_app: FastAPI) -> AsyncIterator[AsyncClient]:
    """A browser of the app: it keeps the cookies the app sets."""
    async with AsyncClient(transport=ASGITransport(app=oidc_app), base_url="http://test") as found:
        yield found


def authorize(authorization_url: str, sub: str) -> str:
    """Sign in at the provider as `sub` (its form, posted); the URL it redirects back to."""
    response = httpx.post(authorization_url, data={"sub": sub}, follow_redirects=False)
    assert response.status_code == 302, response.text
    return response.headers["location"]


def local(url: str) -> str:
    """The path and query of a URL of the app (`http://test/v1/…` → `/v1/…`)."""
    parts = urlsplit(url)
    assert parts.netloc == "test", url
    return f"{parts.path}?{parts.query}"


@dataclass(frozen=True)
class Landing:
    """Where the app sent the browser after the provider: the web client's page and fragment."""

    path: str
    fragment: dict[str, str]


def landing(response: Response) -> Landing:
    assert response.status_code == 302, response.text
    parts = urlsplit(response.headers["location"])
    fragment = {key: values[0] for key, values in parse_qs(parts.fragment).items()}
    return Landing(path=parts.path, fragment=fragment)


def refused(response: Response) -> str:
    """The code of a refused callback: the browser is sent to the web client's page, which
    says why (`error`), with no ticket and nothing linked."""
    found = landing(response)
    assert found.path == "/oidc", found
    assert "ticket" not in found.fragment
    assert "linked" not in found.fragment
    assert response.headers["cache-control"] == "no-store"
    return found.fragment["error"]


async def start(browser: AsyncClient, provider_id: str = "mock", return_to: str = "/") -> str:
    """Ask the app to sign in with the provider; the authorization URL it redirects to."""
    response = await browser.get(
        f"/v1/auth/oidc/{provider_id}/start", params={"return_to": return_to}
    )
    assert response.status_code == 302, response.text
    location: str = response.headers["location"]
    return location


async def sign_in(browser: AsyncClient, sub: str, provider_id: str = "mock") -> Landing:
    """The whole round: start, sign in at the provider, come back to the callback."""
    callback = authorize(await start(browser, provider_id), sub)
    return landing(await browser.get(local(callback)))


def query_of(url: str) -> dict[str, str]:
    return {key: values[0] for key, values in parse_qs(urlsplit(url).query).items()}
