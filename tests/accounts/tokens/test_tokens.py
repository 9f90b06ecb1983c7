"""Tokens: personal access tokens and login sessions, listed and revoked; logout."""

import uuid
from datetime import timedelta
from typing import Any

from httpx import AsyncClient
from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.auth.service import is_token_active
from app.accounts.auth.tokens import hash_token
from app.platform.db.base import utcnow
from app.store.models import Token
from tests.factories.flows import AuthUser, MakeUser, login, register_and_login
from tests.helpers import assert_problem


def bearer(secret: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {secret}"}


async def me(client: AsyncClient, secret: str) -> int:
    return (await client.get("/v1/users/me", headers=bearer(secret))).status_code


async def tokens_of(client: AsyncClient, user: AuthUser) -> list[dict[str, Any]]:
    page = await client.get("/v1/tokens", headers=user.headers)
    assert page.status_code == 200, page.text
    items: list[dict[str, Any]] = page.json()["items"]
    assert page.json()["total"] == len(items)
    return items


async def token_id(session: AsyncSession, secret: str) -> uuid.UUID:
    found = await session.scalar(select(Token.id).where(Token.token_hash == hash_token(secret)))
    assert found is not None
    return found


async def test_created_token_is_shown_once_and_usable(
    client: AsyncClient, make_user: MakeUser
) -> None:
    alice = await make_user("alice")

    created = await client.post("/v1/tokens", json={"name": "bot"}, headers=alice.headers)

    assert created.status_code == 201, created.text
    body = created.json()
    assert (body["kind"], body["name"], body["expires_at"]) == ("personal", "bot", None)
    secret = body["token"]
    assert await me(client, secret) == 200

    listed = await client.get("/v1/tokens", headers=alice.headers)
    assert listed.status_code == 200
    assert secret not in listed.text
    assert alice.token not in listed.text
    personal = [item for item in listed.json()["items"] if item["kind"] == "personal"]
    assert [item["id"] for item in personal] == [body["id"]]
    assert "token" not in personal[0]
    assert personal[0]["last_used_at"] is not None
    assert personal[0]["current"] is False


async def test_login_sessions_are_listed_with_where_and_when_they_were_issued(
    client: AsyncClient,
) -> None:
    alice = await register_and_login(client, "alice")  # both sessions from logins
    agent = "Mozilla/5.0 " + "x" * 300
    second = await client.post(
        "/v1/auth/token",
        data={"username": "alice", "password": alice.password},
        headers={"User-Agent": agent},
    )
    assert second.status_code == 200
    await client.post("/v1/tokens", json={"name": "bot"}, headers=alice.headers)

    items = await tokens_of(client, alice)

    assert sorted(item["kind"] for item in items) == ["personal", "session", "session"]
    sessions = [item for item in items if item["kind"] == "session"]
    assert all(item["name"] is None for item in sessions)
    assert all(item["client_address"] == "127.0.0.1" for item in items)
    assert all(item["expires_at"] is not None for item in sessions)
    # The request's own token is marked; the user agent is kept, cut to 200 characters.
    (current,) = [item for item in items if item["current"]]
    assert current["kind"] == "session"
    assert current["last_used_at"] is not None
    (other,) = [item for item in sessions if not item["current"]]
    assert other["user_agent"] == agent[:200]
    assert other["last_used_at"] is None
    # Newest first.
    assert [item["created_at"] for item in items] == sorted(
        (item["created_at"] for item in items), reverse=True
    )


async def test_a_revoked_login_session_answers_401(
    client: AsyncClient, session: AsyncSession, make_user: MakeUser
) -> None:
    alice = await make_user("alice")
    laptop = (await login(client, "alice", alice.password)).json()["access_token"]
    laptop_id = await token_id(session, laptop)
    assert await me(client, laptop) == 200

    revoked = await client.delete(f"/v1/tokens/{laptop_id}", headers=alice.headers)

    assert revoked.status_code == 204
    assert revoked.content == b""
    body = assert_problem(
        await client.get("/v1/users/me", headers=bearer(laptop)), 401, "unauthorized"
    )
    assert "revoked" in body["detail"]
    assert await me(client, alice.token) == 200
    assert str(laptop_id) not in [item["id"] for item in await tokens_of(client, alice)]
    again = await client.delete(f"/v1/tokens/{laptop_id}", headers=alice.headers)
    assert_problem(again, 404, "not_found")


async def test_revoking_the_current_token_logs_it_out(
    client: AsyncClient, session: AsyncSession, make_user: MakeUser
) -> None:
    alice = await make_user("alice")
    own = await token_id(session, alice.token)

    assert (await client.delete(f"/v1/tokens/{own}", headers=alice.headers)).status_code == 204

    assert await me(client, alice.token) == 401


async def test_logout_revokes_only_the_token_used(client: AsyncClient, make_user: MakeUser) -> None:
    alice = await make_user("alice")
    phone = (await login(client, "alice", alice.password)).json()["access_token"]

    out = await client.post("/v1/auth/logout", headers=alice.headers)

    assert out.status_code == 204
    assert out.content == b""
    assert await me(client, alice.token) == 401
    assert_problem(await client.post("/v1/auth/logout", headers=alice.headers), 401, "unauthorized")
    assert await me(client, phone) == 200
    assert [item["current"] for item in await tokens_of(client, replace_token(alice, phone))] == [
        True
    ]


def replace_token(user: AuthUser, secret: str) -> AuthUser:
    return AuthUser(id=user.id, username=user.username, password=user.password, token=secret)


async def test_logout_without_a_token_is_401(client: AsyncClient) -> None:
    response = await client.post("/v1/auth/logout")

    assert_problem(response, 401, "unauthorized")
    assert response.headers["www-authenticate"] == "Bearer"


async def test_nobody_lists_or_revokes_another_users_token(
    client: AsyncClient, session: AsyncSession, make_user: MakeUser
) -> None:
    alice = await make_user("alice")
    mallory = await make_user("mallory")
    bot = (await client.post("/v1/tokens", json={"name": "x"}, headers=alice.headers)).json()
    alice_session = await token_id(session, alice.token)

    listed = await tokens_of(client, mallory)
    refusals = [
        await client.delete(f"/v1/tokens/{target}", headers=mallory.headers)
        for target in (bot["id"], alice_session, uuid.uuid4())
    ]

    assert {item["id"] for item in listed} == {str(await token_id(session, mallory.token))}
    bodies = [assert_problem(response, 404, "not_found") for response in refusals]
    # Another user's token and a token that does not exist get the same answer.
    assert [{**b, "instance": None} for b in bodies[1:]] == [{**bodies[0], "instance": None}] * 2
    assert await me(client, bot["token"]) == 200
    assert await me(client, alice.token) == 200


async def test_expired_tokens_are_neither_listed_nor_revocable(
    client: AsyncClient, session: AsyncSession, make_user: MakeUser
) -> None:
    alice = await make_user("alice")
    old = (await client.post("/v1/tokens", json={"name": "old"}, headers=alice.headers)).json()
    await session.execute(
        update(Token)
        .where(Token.id == uuid.UUID(old["id"]))
        .values(expires_at=utcnow() - timedelta(seconds=1))
    )
    await session.flush()

    assert [item["kind"] for item in await tokens_of(client, alice)] == ["session"]
    gone = await client.delete(f"/v1/tokens/{old['id']}", headers=alice.headers)
    assert_problem(gone, 404, "not_found")


async def test_last_used_is_written_at_most_once_a_minute(
    client: AsyncClient, session: AsyncSession, make_user: MakeUser
) -> None:
    alice = await make_user("alice")
    own = await token_id(session, alice.token)

    async def last_used_after_a_request(set_to: timedelta) -> timedelta:
        stamp = utcnow() - set_to
        await session.execute(update(Token).where(Token.id == own).values(last_used_at=stamp))
        await session.flush()
        assert await me(client, alice.token) == 200
        session.expire_all()
        now = await session.scalar(select(Token.last_used_at).where(Token.id == own))
        assert now is not None
        return now - stamp

    # Used 30 s ago: a read leaves the row alone. Used 2 minutes ago: the read records itself.
    assert await last_used_after_a_request(timedelta(seconds=30)) == timedelta(0)
    assert await last_used_after_a_request(timedelta(minutes=2)) > timedelta(minutes=1)


async def test_is_token_active_follows_revocation_and_expiry(
    client: AsyncClient, session: AsyncSession, make_user: MakeUser
) -> None:
    alice = await make_user("alice")
    own = await token_id(session, alice.token)
    bot = (await client.post("/v1/tokens", json={"name": "x"}, headers=alice.headers)).json()
    bot_id = uuid.UUID(bot["id"])
    assert await is_token_active(session, own)
    assert await is_token_active(session, bot_id)

    await client.delete(f"/v1/tokens/{bot_id}", headers=alice.headers)
    await session.execute(
        update(Token).where(Token.id == own).values(expires_at=utcnow() - timedelta(seconds=1))
    )

    assert not await is_token_active(session, bot_id)
    assert not await is_token_active(session, own)
    assert not await is_token_active(session, uuid.uuid4())


async def test_token_expiry_in_days(client: AsyncClient, make_user: MakeUser) -> None:
    alice = await make_user("alice")

    created = await client.post(
        "/v1/tokens", json={"name": "ci", "expires_in_days": 30}, headers=alice.headers
    )

    assert created.status_code == 201
    expires_at = created.json()["expires_at"]
    assert expires_at is not None
    assert (utcnow() + timedelta(days=29)).isoformat() < expires_at


async def test_invalid_token_request_is_422(client: AsyncClient, make_user: MakeUser) -> None:
    alice = await make_user("alice")

    response = await client.post(
        "/v1/tokens", json={"name": "", "expires_in_days": 0}, headers=alice.headers
    )

    body = assert_problem(response, 422, "validation_error")
    assert {tuple(e["loc"]) for e in body["errors"]} == {
        ("body", "name"),
        ("body", "expires_in_days"),
    }


async def test_revoked_personal_token_stops_working(
    client: AsyncClient, make_user: MakeUser
) -> None:
    alice = await make_user("alice")
    created = (await client.post("/v1/tokens", json={"name": "x"}, headers=alice.headers)).json()

    revoked = await client.delete(f"/v1/tokens/{created['id']}", headers=alice.headers)

    assert revoked.status_code == 204
    assert await me(client, created["token"]) == 401
    assert [item["kind"] for item in await tokens_of(client, alice)] == ["session"]


async def test_token_list_is_paginated_with_a_hard_cap(
    client: AsyncClient, make_user: MakeUser
) -> None:
    alice = await make_user("alice")
    for n in range(3):
        await client.post("/v1/tokens", json={"name": f"t{n}"}, headers=alice.headers)

    first = (await client.get("/v1/tokens?limit=2", headers=alice.headers)).json()
    second = (await client.get("/v1/tokens?limit=2&offset=2", headers=alice.headers)).json()
    capped = (await client.get("/v1/tokens?limit=100000", headers=alice.headers)).json()

    # Three personal tokens and the login session.
    assert (first["total"], len(first["items"]), len(second["items"])) == (4, 2, 2)
    assert capped["limit"] == 100
    names = [i["name"] for i in first["items"] + second["items"]]
    assert sorted(n for n in names if n) == ["t0", "t1", "t2"]
    assert len({i["id"] for i in first["items"] + second["items"]}) == 4


async def test_malformed_token_id_is_422(client: AsyncClient, make_user: MakeUser) -> None:
    alice = await make_user("alice")

    response = await client.delete("/v1/tokens/not-a-uuid", headers=alice.headers)

    body = assert_problem(response, 422, "validation_error")
    assert body["errors"][0]["loc"] == ["path", "token_id"]
