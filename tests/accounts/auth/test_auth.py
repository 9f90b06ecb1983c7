"""Password login and bearer token validation."""

from datetime import timedelta

import pytest
from httpx import AsyncClient
from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.auth import passwords
from app.accounts.auth.tokens import hash_token
from app.platform.db.base import utcnow
from app.store.models import Token, TokenKind
from tests.factories.flows import MakeUser, login
from tests.helpers import assert_problem


async def test_login_returns_a_bearer_token_with_expiry(
    client: AsyncClient, make_user: MakeUser
) -> None:
    alice = await make_user("alice")

    response = await login(client, "alice", alice.password)

    assert response.status_code == 200
    body = response.json()
    assert body["token_type"] == "bearer"
    assert len(body["access_token"]) >= 40
    assert body["expires_at"]


async def test_login_is_case_insensitive_on_username(
    client: AsyncClient, make_user: MakeUser
) -> None:
    alice = await make_user("Alice")

    assert (await login(client, "aLiCe", alice.password)).status_code == 200


async def test_token_is_stored_only_as_sha256_digest(
    client: AsyncClient, session: AsyncSession, make_user: MakeUser
) -> None:
    alice = await make_user("alice")

    stored = (await session.scalars(select(Token.token_hash))).all()

    assert stored == [hash_token(alice.token)]
    assert alice.token not in stored


async def test_wrong_password_and_unknown_user_get_the_same_401(
    client: AsyncClient, make_user: MakeUser, monkeypatch: pytest.MonkeyPatch
) -> None:
    await make_user("alice")
    verified: list[str] = []
    real_verify = passwords._hasher.verify

    def spy(password: str, hash: str) -> bool:
        verified.append(hash)
        return real_verify(password, hash)

    monkeypatch.setattr(passwords._hasher, "verify", spy)

    wrong = await login(client, "alice", "not the password")
    unknown = await login(client, "nobody", "not the password")

    body = assert_problem(wrong, 401, "unauthorized")
    assert unknown.json() == body | {"instance": unknown.json()["instance"]}
    assert unknown.status_code == 401
    assert wrong.headers["www-authenticate"] == unknown.headers["www-authenticate"] == "Bearer"
    # Both paths run one Argon2 verification, so their timing does not reveal the username.
    assert len(verified) == 2
    assert all(h.startswith("$argon2id$") for h in verified)


async def test_login_form_fields_are_required(client: AsyncClient) -> None:
    response = await client.post("/v1/auth/token", data={"username": "alice"})

    body = assert_problem(response, 422, "validation_error")
    assert ["body", "password"] in [error["loc"] for error in body["errors"]]


@pytest.mark.parametrize(
    "authorization",
    ["Bearer not-a-real-token", "Bearer ", "Basic YWxpY2U6cGFzc3dvcmQ=", "bearer"],
)
async def test_bad_credentials_are_401(client: AsyncClient, authorization: str) -> None:
    response = await client.get("/v1/users/me", headers={"Authorization": authorization})

    assert_problem(response, 401, "unauthorized")
    assert response.headers["www-authenticate"] == "Bearer"


async def test_expired_token_is_401(
    client: AsyncClient, session: AsyncSession, make_user: MakeUser
) -> None:
    alice = await make_user("alice")
    await session.execute(
        update(Token)
        .where(Token.token_hash == hash_token(alice.token))
        .values(expires_at=utcnow() - timedelta(seconds=1))
    )
    await session.flush()

    response = await client.get("/v1/users/me", headers=alice.headers)

    body = assert_problem(response, 401, "unauthorized")
    assert "expired" in body["detail"]


async def test_session_token_lifetime_follows_settings(
    client: AsyncClient, session: AsyncSession, make_user: MakeUser
) -> None:
    before = utcnow()
    alice = await make_user("alice")

    token = await session.scalar(select(Token).where(Token.token_hash == hash_token(alice.token)))

    assert token is not None
    assert token.kind is TokenKind.SESSION
    assert token.expires_at is not None
    lifetime = token.expires_at - before
    assert timedelta(days=7) - timedelta(minutes=1) < lifetime < timedelta(days=7, minutes=1)
