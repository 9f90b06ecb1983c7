"""Registration, /users/me and password change."""

from httpx import AsyncClient, Response
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.store.models import User
from tests.factories.flows import MakeUser, login
from tests.helpers import assert_problem


async def test_register_returns_the_user(client: AsyncClient) -> None:
    response = await client.post(
        "/v1/users",
        json={"username": "Alice", "password": "long enough", "display_name": " Alice A. "},
    )

    assert response.status_code == 201, response.text
    body = response.json()
    assert set(body) == {"id", "username", "display_name", "created_at", "language", "operator"}
    assert body["language"] is None  # each request's Accept-Language decides
    assert body["operator"] is False  # only the command line makes an operator (issue 45)
    assert body["username"] == "Alice"
    assert body["display_name"] == "Alice A."


async def test_password_is_stored_as_argon2_hash(
    client: AsyncClient, session: AsyncSession
) -> None:
    await client.post(
        "/v1/users", json={"username": "bob", "password": "hunter2hunter2", "display_name": "B"}
    )

    stored = await session.scalar(select(User.password_hash).where(User.username == "bob"))
    assert stored is not None
    assert stored.startswith("$argon2id$")
    assert "hunter2" not in stored


async def test_duplicate_username_is_409_case_insensitively(
    client: AsyncClient, make_user: MakeUser
) -> None:
    await make_user("carol")

    response = await client.post(
        "/v1/users", json={"username": "CAROL", "password": "password123", "display_name": "C"}
    )

    assert_problem(response, 409, "username_taken")


async def test_invalid_fields_are_422_naming_each_field_and_create_nothing(
    client: AsyncClient, session: AsyncSession
) -> None:
    response = await client.post(
        "/v1/users",
        json={"username": "a b", "password": "xyzzy", "display_name": ""},
    )

    body = assert_problem(response, 422, "validation_error")
    locs = {tuple(error["loc"]) for error in body["errors"]}
    assert locs == {("body", "username"), ("body", "password"), ("body", "display_name")}
    for field in ("username", "password", "display_name"):
        assert f"body.{field}" in body["detail"]
    assert "xyzzy" not in response.text  # submitted values are never echoed
    assert all(set(error) == {"loc", "msg", "type"} for error in body["errors"])
    assert await session.scalar(select(func.count()).select_from(User)) == 0


async def test_username_length_limits(client: AsyncClient) -> None:
    for username, expected in (("ab", 422), ("a" * 33, 422), ("abc", 201), ("a" * 32, 201)):
        response = await client.post(
            "/v1/users",
            json={"username": username, "password": "password123", "display_name": "X"},
        )
        assert response.status_code == expected, (username, response.text)


async def test_unknown_fields_are_rejected(client: AsyncClient) -> None:
    response = await client.post(
        "/v1/users",
        json={"username": "dave", "password": "password123", "display_name": "D", "admin": True},
    )

    body = assert_problem(response, 422, "validation_error")
    assert ["body", "admin"] in [error["loc"] for error in body["errors"]]


async def test_me_returns_the_authenticated_user(client: AsyncClient, make_user: MakeUser) -> None:
    alice = await make_user("alice", display_name="Alice of the March")

    response = await client.get("/v1/users/me", headers=alice.headers)

    assert response.status_code == 200
    assert response.json()["id"] == str(alice.id)
    assert response.json()["display_name"] == "Alice of the March"


async def test_me_requires_authentication(client: AsyncClient) -> None:
    response = await client.get("/v1/users/me")

    assert_problem(response, 401, "unauthorized")
    assert response.headers["www-authenticate"] == "Bearer"


# --- password change -------------------------------------------------------------------------


async def change_password(
    client: AsyncClient, token: str, current: str, new: str = "a brand new secret"
) -> Response:
    return await client.put(
        "/v1/users/me/password",
        json={"current_password": current, "new_password": new},
        headers={"Authorization": f"Bearer {token}"},
    )


async def test_password_change_logs_out_every_other_token_and_swaps_the_password(
    client: AsyncClient, make_user: MakeUser
) -> None:
    alice = await make_user("alice")
    phone = (await login(client, "alice", alice.password)).json()["access_token"]
    bot = (await client.post("/v1/tokens", json={"name": "bot"}, headers=alice.headers)).json()
    mallory = await make_user("mallory")

    changed = await change_password(client, alice.token, alice.password)

    assert changed.status_code == 204, changed.text
    assert changed.content == b""
    for other in (phone, bot["token"]):
        response = await client.get("/v1/users/me", headers={"Authorization": f"Bearer {other}"})
        assert_problem(response, 401, "unauthorized")
    assert (await client.get("/v1/users/me", headers=alice.headers)).status_code == 200
    listed = (await client.get("/v1/tokens", headers=alice.headers)).json()["items"]
    assert [(item["kind"], item["current"]) for item in listed] == [("session", True)]
    assert_problem(await login(client, "alice", alice.password), 401, "unauthorized")
    assert (await login(client, "alice", "a brand new secret")).status_code == 200
    # Nobody else was touched.
    assert (await client.get("/v1/users/me", headers=mallory.headers)).status_code == 200
    assert (await login(client, "mallory", mallory.password)).status_code == 200


async def test_a_wrong_current_password_changes_nothing(
    client: AsyncClient, make_user: MakeUser
) -> None:
    alice = await make_user("alice")
    phone = (await login(client, "alice", alice.password)).json()["access_token"]

    refused = await change_password(client, alice.token, "not the password")

    body = assert_problem(refused, 403, "wrong_password")
    assert "not the password" not in refused.text
    assert body["detail"] == "The current password is incorrect."
    assert (
        await client.get("/v1/users/me", headers={"Authorization": f"Bearer {phone}"})
    ).status_code == 200
    assert (await login(client, "alice", alice.password)).status_code == 200
    assert_problem(await login(client, "alice", "a brand new secret"), 401, "unauthorized")


async def test_password_change_validates_the_new_password_and_needs_a_token(
    client: AsyncClient, make_user: MakeUser
) -> None:
    alice = await make_user("alice")

    short = await change_password(client, alice.token, alice.password, new="short")
    anonymous = await client.put(
        "/v1/users/me/password",
        json={"current_password": alice.password, "new_password": "a brand new secret"},
    )

    body = assert_problem(short, 422, "validation_error")
    assert [e["loc"] for e in body["errors"]] == [["body", "new_password"]]
    assert_problem(anonymous, 401, "unauthorized")
    assert (await login(client, "alice", alice.password)).status_code == 200
