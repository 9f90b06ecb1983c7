"""Personal access tokens."""

from datetime import timedelta

from httpx import AsyncClient

from app.db.base import utcnow
from tests.helpers import MakeUser, assert_problem


async def test_created_token_is_shown_once_and_usable(
    client: AsyncClient, make_user: MakeUser
) -> None:
    alice = await make_user("alice")

    created = await client.post("/v1/tokens", json={"name": "bot"}, headers=alice.headers)

    assert created.status_code == 201, created.text
    body = created.json()
    assert body["name"] == "bot"
    assert body["expires_at"] is None
    secret = body["token"]
    me = await client.get("/v1/users/me", headers={"Authorization": f"Bearer {secret}"})
    assert me.status_code == 200
    assert me.json()["username"] == "alice"

    listed = await client.get("/v1/tokens", headers=alice.headers)
    assert listed.status_code == 200
    page = listed.json()
    assert page["total"] == 1
    assert [item["id"] for item in page["items"]] == [body["id"]]
    assert "token" not in page["items"][0]
    assert secret not in listed.text
    assert page["items"][0]["last_used_at"] is not None


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


async def test_revoked_token_stops_working(client: AsyncClient, make_user: MakeUser) -> None:
    alice = await make_user("alice")
    created = (await client.post("/v1/tokens", json={"name": "x"}, headers=alice.headers)).json()

    revoked = await client.delete(f"/v1/tokens/{created['id']}", headers=alice.headers)

    assert revoked.status_code == 204
    assert revoked.content == b""
    response = await client.get(
        "/v1/users/me", headers={"Authorization": f"Bearer {created['token']}"}
    )
    body = assert_problem(response, 401, "unauthorized")
    assert "revoked" in body["detail"]
    assert (await client.get("/v1/tokens", headers=alice.headers)).json()["total"] == 0
    again = await client.delete(f"/v1/tokens/{created['id']}", headers=alice.headers)
    assert_problem(again, 404, "not_found")


async def test_cannot_revoke_or_see_another_users_token(
    client: AsyncClient, make_user: MakeUser
) -> None:
    alice = await make_user("alice")
    mallory = await make_user("mallory")
    created = (await client.post("/v1/tokens", json={"name": "x"}, headers=alice.headers)).json()

    response = await client.delete(f"/v1/tokens/{created['id']}", headers=mallory.headers)

    assert_problem(response, 404, "not_found")
    assert (await client.get("/v1/tokens", headers=mallory.headers)).json()["total"] == 0
    still = await client.get(
        "/v1/users/me", headers={"Authorization": f"Bearer {created['token']}"}
    )
    assert still.status_code == 200


async def test_token_list_is_paginated_with_a_hard_cap(
    client: AsyncClient, make_user: MakeUser
) -> None:
    alice = await make_user("alice")
    for n in range(3):
        await client.post("/v1/tokens", json={"name": f"t{n}"}, headers=alice.headers)

    first = (await client.get("/v1/tokens?limit=2", headers=alice.headers)).json()
    second = (await client.get("/v1/tokens?limit=2&offset=2", headers=alice.headers)).json()
    capped = (await client.get("/v1/tokens?limit=100000", headers=alice.headers)).json()

    assert (first["total"], len(first["items"]), len(second["items"])) == (3, 2, 1)
    assert capped["limit"] == 100
    names = [i["name"] for i in first["items"] + second["items"]]
    assert sorted(names) == ["t0", "t1", "t2"]


async def test_malformed_token_id_is_422(client: AsyncClient, make_user: MakeUser) -> None:
    alice = await make_user("alice")

    response = await client.delete("/v1/tokens/not-a-uuid", headers=alice.headers)

    body = assert_problem(response, 422, "validation_error")
    assert body["errors"][0]["loc"] == ["path", "token_id"]
