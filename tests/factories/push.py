"""Web Push for tests: a push service on 127.0.0.1 that records each message, a `Browser` that
subscribes as a browser does (its own P-256 key pair and 16-byte auth secret) and decrypts
what it is sent (RFC 8291, `http_ece`), and the check of a message's VAPID token (RFC 8292)
against the server's public key."""

import asyncio
import base64
import json
import random
import secrets
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any
from urllib.parse import urlsplit

import http_ece
import pytest
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from fastapi import FastAPI
from httpx import AsyncClient
from pydantic import SecretStr
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.channels.notifications.delivery import RetryPolicy
from app.channels.notifications.push import PushReport, send_due
from app.main import create_app
from app.platform.config import Settings
from tests.factories.flows import AuthUser

SUBJECT = "mailto:ops@example.org"


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Pushed:
    path: str
    headers: dict[str, str]
    body: bytes


@dataclass
class PushService:
    """An HTTP server on 127.0.0.1 that records each POST (its raw bytes) and answers as
    scripted (then 201, as push services answer)."""

    port: int = 0
    received: list[Pushed] = field(default_factory=list)
    script: list[int] = field(default_factory=list)

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            head = await reader.readuntil(b"\r\n\r\n")
            lines = head.decode("latin-1").split("\r\n")
            _method, path, _version = lines[0].split(" ", 2)
            headers = {}
            for line in lines[1:]:
                if ":" in line:
                    name, value = line.split(":", 1)
                    headers[name.strip().lower()] = value.strip()
            body = await reader.readexactly(int(headers.get("content-length", "0")))
            self.received.append(Pushed(path, headers, body))
            status = self.script.pop(0) if self.script else 201
            writer.write(
                f"HTTP/1.1 {status} X\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".encode()
            )
            await writer.drain()
        finally:
            writer.close()

    def of(self, path: str) -> list[Pushed]:
        return [r for r in self.received if r.path == path]


@pytest.fixture
async def push_service() -> AsyncIterator[PushService]:
    found = PushService()
    server = await asyncio.start_server(found.handle, "127.0.0.1", 0)
    found.port = server.sockets[0].getsockname()[1]
    async with server:
        yield found
        server.close()


def vapid_private_key() -> str:
    """A fresh VAPID private key, as MARCHLORDS_VAPID_PRIVATE_KEY takes it (raw, base64url)."""
    key = ec.generate_private_key(ec.SECP256R1())
    return b64url(key.private_numbers().private_value.to_bytes(32, "big"))


@pytest.fixture
def push_settings(settings: Settings) -> Settings:
    """Push on (a key made for the test), and loopback endpoints allowed as the webhook tests
    allow them (`webhooks_allow_loopback`, never in production)."""
    return settings.model_copy(
        update={
            "webhooks_allow_loopback": True,
            "vapid_private_key": SecretStr(vapid_private_key()),
            "vapid_subject": SUBJECT,
        }
    )


@pytest.fixture
def app(
    push_settings: Settings,
    sessionmaker: async_sessionmaker[AsyncSession],
    fast_password_hashing: None,
) -> FastAPI:
    """The test app with push on."""
    application = create_app(push_settings)
    application.state.sessionmaker = sessionmaker
    return application


@dataclass
class Browser:
    """A browser's push subscription: its key pair and auth secret, made here."""

    key: ec.EllipticCurvePrivateKey = field(
        default_factory=lambda: ec.generate_private_key(ec.SECP256R1())
    )
    auth: bytes = field(default_factory=lambda: secrets.token_bytes(16))

    def keys(self) -> dict[str, str]:
        point = self.key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return {"p256dh": b64url(point), "auth": b64url(self.auth)}

    def subscription(self, endpoint: str) -> dict[str, Any]:
        return {"endpoint": endpoint, "expirationTime": None, "keys": self.keys()}

    def read(self, message: Pushed) -> dict[str, Any]:
        """The payload, decrypted as the browser does (aes128gcm)."""
        assert message.headers["content-encoding"] == "aes128gcm"
        plain = http_ece.decrypt(
            message.body, private_key=self.key, auth_secret=self.auth, version="aes128gcm"
        )
        found: dict[str, Any] = json.loads(plain)
        return found


def vapid_claims(message: Pushed, public_key: str) -> dict[str, Any]:
    """The VAPID token's claims, once its ES256 signature is verified with `public_key`
    (the server's, from /v1/push/key), which the `k` parameter must also be."""
    scheme, _, params = message.headers["authorization"].partition(" ")
    assert scheme == "vapid"
    values = dict(part.strip().split("=", 1) for part in params.split(","))
    assert values["k"] == public_key
    head, payload, signature = values["t"].split(".")
    raw = unb64url(signature)
    assert len(raw) == 64
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64url(public_key))
    key.verify(der, f"{head}.{payload}".encode(), ec.ECDSA(hashes.SHA256()))
    assert json.loads(unb64url(head))["alg"] == "ES256"
    claims: dict[str, Any] = json.loads(unb64url(payload))
    return claims


def origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def assert_vapid(message: Pushed, public_key: str, endpoint: str) -> None:
    claims = vapid_claims(message, public_key)
    assert claims["aud"] == origin(endpoint)
    assert claims["sub"] == SUBJECT
    assert time.time() < claims["exp"] <= time.time() + 24 * 3600


async def server_key(client: AsyncClient) -> str:
    answer = await client.get("/v1/push/key")
    assert answer.status_code == 200, answer.text
    key: str = answer.json()["public_key"]
    return key


async def subscribe(
    client: AsyncClient, user: AuthUser, browser: Browser, endpoint: str
) -> dict[str, Any]:
    answer = await client.post(
        "/v1/users/me/push-subscriptions",
        json=browser.subscription(endpoint),
        headers={**user.headers, "User-Agent": "Firefox/140"},
    )
    assert answer.status_code == 201, answer.text
    found: dict[str, Any] = answer.json()
    return found


FAST = RetryPolicy(base_delay=timedelta(seconds=10))


async def send(
    sessionmaker: async_sessionmaker[AsyncSession], settings: Settings, at: datetime
) -> PushReport:
    return await send_due(sessionmaker, settings, at, policy=FAST, rng=random.Random(7))  # noqa: S311
