"""Helpers for API tests (importable: `from tests.helpers import register_and_login`)."""

import itertools
import uuid
from dataclasses import dataclass
from typing import Any, Protocol

from httpx import AsyncClient, Response

DEFAULT_PASSWORD = "correct horse battery"
_counter = itertools.count(1)


@dataclass(frozen=True)
class AuthUser:
    """A registered, logged-in user: pass `headers` to authenticate requests as them."""

    id: uuid.UUID
    username: str
    password: str
    token: str

    @property
    def headers(self) -> dict[str, str]:
        """`Authorization: Bearer …` header for this user."""
        return {"Authorization": f"Bearer {self.token}"}


class MakeUser(Protocol):
    """Signature of the `make_user` fixture."""

    async def __call__(
        self,
        username: str | None = None,
        *,
        password: str = DEFAULT_PASSWORD,
        display_name: str | None = None,
    ) -> AuthUser: ...


async def login(client: AsyncClient, username: str, password: str = DEFAULT_PASSWORD) -> Response:
    """POST the OAuth2 password form."""
    return await client.post("/v1/auth/token", data={"username": username, "password": password})


async def register_and_login(
    client: AsyncClient,
    username: str | None = None,
    *,
    password: str = DEFAULT_PASSWORD,
    display_name: str | None = None,
) -> AuthUser:
    """Register `username` (a unique one if omitted), log in, and return the handle."""
    username = username or f"user{next(_counter)}"
    created = await client.post(
        "/v1/users",
        json={
            "username": username,
            "password": password,
            "display_name": display_name or username.title(),
        },
    )
    assert created.status_code == 201, created.text
    token = await login(client, username, password)
    assert token.status_code == 200, token.text
    return AuthUser(
        id=uuid.UUID(created.json()["id"]),
        username=username,
        password=password,
        token=token.json()["access_token"],
    )


def assert_problem(response: Response, status: int, code: str) -> dict[str, Any]:
    """Assert an RFC 9457 problem response with this status and code; return its body."""
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == "application/problem+json"
    body: dict[str, Any] = response.json()
    assert body["status"] == status
    assert body["code"] == code
    assert body["type"] == f"urn:marchlords:problem:{code}"
    assert body["title"]
    assert body["detail"]
    return body
