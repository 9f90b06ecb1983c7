"""Helpers for API tests (importable: `from tests.helpers import register_and_login`)."""

import functools
import itertools
import json
import uuid
from dataclasses import dataclass
from typing import Any, Protocol

from httpx import AsyncClient, Response
from jsonschema import Draft202012Validator

from app.openapi import OPENAPI_PATH

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
    assert_problem_in_contract(body)
    return body


@functools.cache
def _problem_validators() -> tuple[Draft202012Validator, Draft202012Validator]:
    """Validators of the committed contract's `Problem` and 422 `UnprocessableProblem`."""
    document = json.loads(OPENAPI_PATH.read_text(encoding="utf-8"))
    components = {"components": document["components"]}  # what the `$ref`s point into

    def validator(name: str) -> Draft202012Validator:
        return Draft202012Validator({"$ref": f"#/components/schemas/{name}", **components})

    return validator("Problem"), validator("UnprocessableProblem")


def assert_problem_in_contract(body: dict[str, Any]) -> None:
    """The problem is what the contract says: its `code` one of `ProblemCode` (or a 422's
    `validation_error`, with `errors`), `violations` typed, as a generated client parses it."""
    problem, unprocessable = _problem_validators()
    checked = unprocessable if body.get("status") == 422 else problem
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in checked.iter_errors(body)]
    assert errors == [], (body, errors)
