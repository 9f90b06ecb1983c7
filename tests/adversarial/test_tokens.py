"""Tokens and credentials (issue 42, item 3): a bearer token alone is not the password.

The attacker holds one of the victim's personal access tokens (leaked from a bot's config, a
CI log) and tries to turn it into the account: change its address to a mailbox of theirs,
then reset the password from there; or change the password, mint more tokens, revoke the
owner's sessions. Or they hold an old session (a borrowed laptop) and try the same without
the password. Each step is refused with a 403 problem that changes nothing; what a change of
address or a new sign-in does is told to the owner, and the old address can undo a change.
"""

import json
import re
from collections.abc import Iterable, Iterator
from datetime import timedelta
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.dependencies.models import Dependant
from fastapi.routing import APIRoute
from httpx import ASGITransport, AsyncClient
from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.accounts.auth.dependencies import SUDO_WINDOW, get_account_auth
from app.accounts.auth.tokens import hash_token
from app.channels.notifications import email as email_module
from app.channels.notifications.email import SmtpOutcome, send_due
from app.main import create_app
from app.platform.config import Settings
from app.platform.db.base import utcnow
from app.shell.limits.routes import uses_dependency
from app.store.models import AddressChangeUndo, EmailDelivery, PasswordReset, Token, UserEmail
from app.store.models.notification import DeliveryStatus
from tests.factories.flows import AuthUser, MakeUser
from tests.helpers import assert_problem

PUBLIC = "https://marchlords.test"
OWNER_ADDRESS = "owner@example.org"
ATTACKER_ADDRESS = "attacker@evil.example"


@pytest.fixture
def email_settings(settings: Settings) -> Settings:
    # Email on; nothing is sent (no pass of the sender runs): the queued rows are read.
    return settings.model_copy(
        update={"smtp_host": "127.0.0.1", "smtp_security": "none", "public_url": PUBLIC}
    )


@pytest.fixture
def app(
    email_settings: Settings,
    sessionmaker: async_sessionmaker[AsyncSession],
    fast_password_hashing: None,
) -> FastAPI:
    application = create_app(email_settings)
    application.state.sessionmaker = sessionmaker
    return application


def _bearer(secret: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {secret}"}


async def _confirmed_address(
    sessionmaker: async_sessionmaker[AsyncSession], user: AuthUser, address: str
) -> None:
    async with sessionmaker() as session:
        session.add(UserEmail(user_id=user.id, address=address, confirmed_at=utcnow()))
        await session.commit()


async def _age(sessionmaker: async_sessionmaker[AsyncSession], secret: str) -> None:
    """Make the session of `secret` older than the sudo window (signed in a while ago)."""
    async with sessionmaker() as session:
        await session.execute(
            update(Token)
            .where(Token.token_hash == hash_token(secret))
            .values(created_at=utcnow() - SUDO_WINDOW - timedelta(minutes=1))
        )
        await session.commit()


async def _personal_token(client: AsyncClient, user: AuthUser, **extra: Any) -> dict[str, Any]:
    response = await client.post(
        "/v1/tokens", json={"name": "my bot", **extra}, headers=user.headers
    )
    assert response.status_code == 201, response.text
    found: dict[str, Any] = response.json()
    return found


async def _address(sessionmaker: async_sessionmaker[AsyncSession], user: AuthUser) -> UserEmail:
    async with sessionmaker() as session:
        row = await session.get(UserEmail, user.id)
        assert row is not None
        return row


async def _sign_in(client: AsyncClient, user: AuthUser, **headers: str) -> str:
    response = await client.post(
        "/v1/auth/token",
        data={"username": user.username, "password": user.password},
        headers=headers,
    )
    assert response.status_code == 200, response.text
    secret: str = response.json()["access_token"]
    return secret


async def test_a_personal_token_cannot_take_the_account_over_through_its_address(
    client: AsyncClient,
    make_user: MakeUser,
    sessionmaker: async_sessionmaker[AsyncSession],
) -> None:
    victim = await make_user()
    await _confirmed_address(sessionmaker, victim, OWNER_ADDRESS)
    stolen = _bearer((await _personal_token(client, victim))["token"])

    # The chain of the report: the address to the attacker's mailbox, then a reset from it.
    for body in (
        {"address": ATTACKER_ADDRESS},
        {"address": ATTACKER_ADDRESS, "current_password": "a guess at it"},
    ):
        refused = await client.put("/v1/users/me/email", json=body, headers=stolen)
        problem = assert_problem(refused, 403, "token_scope")
        assert "password" in problem["detail"]
    assert_problem(await client.delete("/v1/users/me/email", headers=stolen), 403, "token_scope")
    row = await _address(sessionmaker, victim)
    assert (row.address, row.confirm_token_hash) == (OWNER_ADDRESS, None)
    assert row.confirmed_at is not None
    asked = await client.post("/v1/auth/password-reset", json={"address": ATTACKER_ADDRESS})
    assert asked.status_code == 202
    async with sessionmaker() as session:
        found = await session.scalars(
            select(PasswordReset.address).where(PasswordReset.user_id == victim.id)
        )
        assert list(found) == []
        sent_to = await session.scalars(select(EmailDelivery.address))
        assert ATTACKER_ADDRESS not in set(sent_to)


async def test_a_personal_token_cannot_change_the_password_even_knowing_it(
    client: AsyncClient, make_user: MakeUser
) -> None:
    victim = await make_user()
    stolen = _bearer((await _personal_token(client, victim))["token"])
    refused = await client.put(
        "/v1/users/me/password",
        json={"current_password": victim.password, "new_password": "the attacker's own"},
        headers=stolen,
    )
    assert_problem(refused, 403, "token_scope")
    again = await client.post(
        "/v1/auth/token", data={"username": victim.username, "password": victim.password}
    )
    assert again.status_code == 200  # the owner's password still works
    assert (await client.get("/v1/users/me", headers=victim.headers)).status_code == 200


async def test_a_personal_token_cannot_mint_tokens_or_sign_the_owner_out(
    client: AsyncClient, make_user: MakeUser
) -> None:
    victim = await make_user()
    stolen = _bearer((await _personal_token(client, victim))["token"])
    for scope in ("play", "account"):
        minted = await client.post(
            "/v1/tokens", json={"name": "mine now", "scope": scope}, headers=stolen
        )
        assert_problem(minted, 403, "token_scope")
    listed = (await client.get("/v1/tokens", headers=stolen)).json()["items"]
    assert len(listed) == 2  # it may read them: the owner's session and itself, nothing new
    session_id = next(t["id"] for t in listed if t["kind"] == "session")
    revoked = await client.delete(f"/v1/tokens/{session_id}", headers=stolen)
    assert_problem(revoked, 403, "token_scope")
    assert (await client.get("/v1/users/me", headers=victim.headers)).status_code == 200
    # What it is for still works: play (read, write the profile), and sign itself out.
    assert (await client.patch("/v1/users/me", json={"language": "fr"}, headers=stolen)).is_success
    assert (await client.post("/v1/auth/logout", headers=stolen)).status_code == 204


def _routes(routes: Iterable[Any]) -> Iterator[tuple[str, str, Dependant]]:
    """(method, path, dependant) of every route as the app serves them (an included router's
    routes are contexts of it), as tests/shell/limits/test_limits.py walks them."""
    for route in routes:
        if isinstance(route, APIRoute):
            for method in sorted(route.methods or ()):
                yield method, route.path, route.dependant
        contexts = getattr(route, "effective_route_contexts", None)
        if contexts is not None:
            for context in contexts():
                if isinstance(context.original_route, APIRoute) and context.dependant is not None:
                    for method in sorted(context.methods or ()):
                        yield method, context.path, context.dependant
        nested = getattr(route, "routes", None)
        if contexts is None and isinstance(nested, list):
            yield from _routes(nested)


# Where an account's credentials and recovery are changed: its address, password, tokens, and
# the account itself (no route deletes an account today; one that does falls under the rule).
CREDENTIALS = re.compile(r"^/v1/(users/me(/email|/password)?|tokens(/.*)?)$")
WRITES = frozenset({"POST", "PUT", "PATCH", "DELETE"})
# Writes under those paths that change no credential.
NOT_CREDENTIALS = {("PATCH", "/v1/users/me")}  # the language the server speaks


def test_every_route_that_changes_credentials_checks_the_scope_in_the_one_dependency(
    app: FastAPI,
) -> None:
    credentials = [
        (method, path, dependant)
        for method, path, dependant in _routes(app.router.routes)
        if method in WRITES and CREDENTIALS.match(path) and (method, path) not in NOT_CREDENTIALS
    ]
    assert len(credentials) >= 5
    unchecked = [
        f"{method} {path}"
        for method, path, dependant in credentials
        if not uses_dependency(dependant, get_account_auth)
    ]
    assert unchecked == []
    checked = {
        (method, path)
        for method, path, dependant in _routes(app.router.routes)
        if uses_dependency(dependant, get_account_auth)
    }
    assert checked >= {
        ("PUT", "/v1/users/me/email"),
        ("DELETE", "/v1/users/me/email"),
        ("PUT", "/v1/users/me/password"),
        ("POST", "/v1/tokens"),
        ("DELETE", "/v1/tokens/{token_id}"),
    }


async def test_an_old_session_changes_the_address_only_with_the_current_password(
    client: AsyncClient,
    make_user: MakeUser,
    sessionmaker: async_sessionmaker[AsyncSession],
) -> None:
    owner = await make_user()
    await _age(sessionmaker, owner.token)  # a laptop left signed in, found later
    bare = await client.put(
        "/v1/users/me/email", json={"address": ATTACKER_ADDRESS}, headers=owner.headers
    )
    assert_problem(bare, 403, "password_required")
    wrong = await client.put(
        "/v1/users/me/email",
        json={"address": ATTACKER_ADDRESS, "current_password": "not it at all"},
        headers=owner.headers,
    )
    assert_problem(wrong, 403, "wrong_password")
    async with sessionmaker() as session:
        assert await session.get(UserEmail, owner.id) is None
    right = await client.put(
        "/v1/users/me/email",
        json={"address": "new@example.org", "current_password": owner.password},
        headers=owner.headers,
    )
    assert right.status_code == 202, right.text
    # A sign-in of the last minutes is the password given: no need to type it again.
    fresh = _bearer(await _sign_in(client, owner))
    again = await client.put(
        "/v1/users/me/email", json={"address": "newer@example.org"}, headers=fresh
    )
    assert again.status_code == 202, again.text


async def test_an_account_token_is_created_and_used_with_the_password_only(
    client: AsyncClient,
    make_user: MakeUser,
    sessionmaker: async_sessionmaker[AsyncSession],
) -> None:
    owner = await make_user()
    await _age(sessionmaker, owner.token)
    refused = await client.post(
        "/v1/tokens", json={"name": "admin bot", "scope": "account"}, headers=owner.headers
    )
    assert_problem(refused, 403, "password_required")
    made = await _personal_token(client, owner, scope="account", current_password=owner.password)
    assert made["scope"] == "account"
    listed = (await client.get("/v1/tokens", headers=owner.headers)).json()["items"]
    assert {t["kind"]: t["scope"] for t in listed} == {"session": "account", "personal": "account"}
    play = await _personal_token(client, owner)
    assert play["scope"] == "play"  # the default
    # An account token is no fresh sign-in: the address still needs the password.
    strong = _bearer(made["token"])
    bare = await client.put(
        "/v1/users/me/email", json={"address": "bot@example.org"}, headers=strong
    )
    assert_problem(bare, 403, "password_required")
    given = await client.put(
        "/v1/users/me/email",
        json={"address": "bot@example.org", "current_password": owner.password},
        headers=strong,
    )
    assert given.status_code == 202, given.text


async def test_a_refusal_is_said_in_the_users_language(
    client: AsyncClient, make_user: MakeUser
) -> None:
    victim = await make_user()
    stolen = _bearer((await _personal_token(client, victim))["token"])
    refused = await client.put(
        "/v1/users/me/email",
        json={"address": ATTACKER_ADDRESS},
        headers={**stolen, "Accept-Language": "fr"},
    )
    problem = assert_problem(refused, 403, "token_scope")
    assert "mot de passe" in problem["detail"]


async def _queued(
    sessionmaker: async_sessionmaker[AsyncSession], user: AuthUser, kind: str
) -> list[EmailDelivery]:
    async with sessionmaker() as session:
        found = await session.scalars(
            select(EmailDelivery)
            .where(EmailDelivery.user_id == user.id, EmailDelivery.kind == kind)
            .order_by(EmailDelivery.id)
        )
        return list(found)


def _payload(row: EmailDelivery) -> dict[str, Any]:
    """What a queued message says (its links' secrets, an account notice's lead and link),
    read from the outbox row as the sender renders it."""
    found: dict[str, Any] = json.loads(row.text_body)
    return found


async def _reset_link(
    client: AsyncClient, sessionmaker: async_sessionmaker[AsyncSession], address: str
) -> str:
    """Ask for a reset at `address` and return the secret of the link mailed to it."""
    if address == ATTACKER_ADDRESS:
        await client.post("/v1/auth/password-reset", json={"address": address})
    async with sessionmaker() as session:
        found = await session.scalars(
            select(EmailDelivery)
            .where(EmailDelivery.address == address, EmailDelivery.kind == "password_reset")
            .order_by(EmailDelivery.id.desc())
        )
        newest = found.first()
        assert newest is not None
        secret: str = json.loads(newest.text_body)["reset"]
        return secret


async def test_the_old_address_undoes_a_change_and_the_attacker_is_out_for_good(
    client: AsyncClient,
    make_user: MakeUser,
    sessionmaker: async_sessionmaker[AsyncSession],
    email_settings: Settings,
) -> None:
    owner = await make_user()
    await _confirmed_address(sessionmaker, owner, OWNER_ADDRESS)
    # The attacker phished the password, signed in, moved the address to their mailbox,
    # confirmed it, and set a password of their own by a reset sent there.
    moved = await client.put(
        "/v1/users/me/email",
        json={"address": ATTACKER_ADDRESS},
        headers=_bearer(await _sign_in(client, owner)),
    )
    assert moved.status_code == 202, moved.text
    (confirmation,) = await _queued(sessionmaker, owner, "email_confirmation")
    confirm = _payload(confirmation)["confirm"]
    assert (await client.post(f"/v1/email/confirm/{confirm}")).status_code == 200
    theirs = "the attacker's own password"
    reset = await client.post(
        "/v1/auth/password-reset/confirm",
        json={
            "token": await _reset_link(client, sessionmaker, ATTACKER_ADDRESS),
            "new_password": theirs,
        },
    )
    assert reset.status_code == 204
    attacker = AuthUser(id=owner.id, username=owner.username, password=theirs, token="")
    attacker_session = _bearer(await _sign_in(client, attacker))
    spare_link = await _reset_link(client, sessionmaker, ATTACKER_ADDRESS)  # for later

    # The old address was told, with the link that undoes it.
    (told,) = await _queued(sessionmaker, owner, "address_changed")
    assert told.address == OWNER_ADDRESS
    assert ATTACKER_ADDRESS in _payload(told)["lead"]
    undo = re.fullmatch(r"/v1/email/undo/([\w-]+)", _payload(told)["link"])
    assert undo is not None
    page = await client.get(f"/v1/email/undo/{undo.group(1)}")
    assert page.status_code == 200
    assert "<form method='post'" in page.text  # a GET (a link scanner) undoes nothing
    assert (await _address(sessionmaker, owner)).address == ATTACKER_ADDRESS

    done = await client.post(f"/v1/email/undo/{undo.group(1)}")
    assert done.status_code == 200, done.text
    row = await _address(sessionmaker, owner)
    assert (row.address, row.confirm_token_hash) == (OWNER_ADDRESS, None)
    assert row.confirmed_at is not None
    # Out: the attacker's session, their password, their spare reset link, the undo link.
    assert_problem(await client.get("/v1/users/me", headers=attacker_session), 401, "unauthorized")
    for who in (attacker, owner):
        tried = await client.post(
            "/v1/auth/token", data={"username": who.username, "password": who.password}
        )
        assert_problem(tried, 401, "unauthorized")
    late = await client.post(
        "/v1/auth/password-reset/confirm", json={"token": spare_link, "new_password": theirs}
    )
    assert_problem(late, 400, "invalid_reset_token")
    assert_problem(await client.post(f"/v1/email/undo/{undo.group(1)}"), 404, "not_found")
    # The owner chooses a new password from the link sent to the restored address.
    mine = await client.post(
        "/v1/auth/password-reset/confirm",
        json={
            "token": await _reset_link(client, sessionmaker, OWNER_ADDRESS),
            "new_password": "the owner's new one",
        },
    )
    assert mine.status_code == 204, mine.text
    back = AuthUser(id=owner.id, username=owner.username, password="the owner's new one", token="")
    headers = _bearer(await _sign_in(client, back))
    notices = (await client.get("/v1/notifications/account", headers=headers)).json()["items"]
    assert {"address_changed", "address_restored"} <= {n["kind"] for n in notices}


async def test_an_undo_link_past_its_window_changes_nothing(
    client: AsyncClient,
    make_user: MakeUser,
    sessionmaker: async_sessionmaker[AsyncSession],
    email_settings: Settings,
) -> None:
    owner = await make_user()
    await _confirmed_address(sessionmaker, owner, OWNER_ADDRESS)
    moved = await client.put(
        "/v1/users/me/email", json={"address": "new@example.org"}, headers=owner.headers
    )
    assert moved.status_code == 202
    (told,) = await _queued(sessionmaker, owner, "address_changed")
    undo = re.fullmatch(r"/v1/email/undo/([\w-]+)", _payload(told)["link"])
    assert undo is not None
    async with sessionmaker() as session:
        await session.execute(
            update(AddressChangeUndo).values(expires_at=utcnow() - timedelta(seconds=1))
        )
        await session.commit()
    assert_problem(await client.post(f"/v1/email/undo/{undo.group(1)}"), 404, "not_found")
    assert (await _address(sessionmaker, owner)).address == "new@example.org"
    assert (await client.get("/v1/users/me", headers=owner.headers)).status_code == 200


async def test_every_new_session_and_token_is_told_to_the_account(
    client: AsyncClient,
    make_user: MakeUser,
    sessionmaker: async_sessionmaker[AsyncSession],
    email_settings: Settings,
) -> None:
    owner = await make_user()
    await _confirmed_address(sessionmaker, owner, OWNER_ADDRESS)
    # A hostile User-Agent is told as it is, text: no template, no header.
    agent = "{x.__class__} Bcc: evil@example.org"
    await _sign_in(client, owner, **{"User-Agent": agent})
    await _personal_token(client, owner)
    notices = (await client.get("/v1/notifications/account", headers=owner.headers)).json()
    # Newest first: the token, the sign-in, and the sign-in that made the account's session.
    kinds = [(n["kind"], n["text"]) for n in notices["items"]]
    assert [kind for kind, _ in kinds] == ["new_token", "new_session", "new_session"]
    assert "my bot" in kinds[0][1]
    assert agent in kinds[1][1]
    (session_mail,) = await _queued(sessionmaker, owner, "new_session")
    (token_mail,) = await _queued(sessionmaker, owner, "new_token")
    assert {session_mail.address, token_mail.address} == {OWNER_ADDRESS}
    assert session_mail.subject == "New sign-in to Marchlords"  # no user text in a header
    assert agent in _payload(session_mail)["lead"]
    french = await client.get(
        "/v1/notifications/account", headers={**owner.headers, "Accept-Language": "fr"}
    )
    assert any("connexion" in n["text"] for n in french.json()["items"])


async def test_the_old_address_is_sent_its_undo_link_though_the_address_changed(
    client: AsyncClient,
    make_user: MakeUser,
    sessionmaker: async_sessionmaker[AsyncSession],
    email_settings: Settings,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The sender checks the address's state at send time (a removed or changed address
    cancels what was queued for it): the notice to the *former* address must still go."""
    sent: list[object] = []

    async def accept(message: object, settings: Settings) -> SmtpOutcome:
        sent.append(message)
        return SmtpOutcome(ok=True, retryable=False)

    monkeypatch.setattr(email_module, "smtp_send", accept)
    owner = await make_user()
    await _confirmed_address(sessionmaker, owner, OWNER_ADDRESS)
    moved = await client.put(
        "/v1/users/me/email", json={"address": ATTACKER_ADDRESS}, headers=owner.headers
    )
    assert moved.status_code == 202
    await send_due(sessionmaker, email_settings, utcnow() + timedelta(seconds=1))
    (told,) = await _queued(sessionmaker, owner, "address_changed")
    assert (told.address, told.status) == (OWNER_ADDRESS, DeliveryStatus.DELIVERED)
    assert len(sent) == 2  # and the new address's confirmation


async def test_guessing_the_password_through_the_address_is_limited_like_logins(
    make_user: MakeUser,
    sessionmaker: async_sessionmaker[AsyncSession],
    email_settings: Settings,
) -> None:
    """An old session that guesses the current password on `PUT /v1/users/me/email` (or on
    `POST /v1/tokens`) spends the account's failed logins: then even the right one is 429."""
    few = {
        "login_failures_per_minute": 3,
        "login_failures_per_address_per_minute": 100,
        "login_failures_per_username_per_minute": 100,
    }
    application = create_app(email_settings.model_copy(update=few))
    application.state.sessionmaker = sessionmaker
    owner = await make_user()
    await _age(sessionmaker, owner.token)
    async with AsyncClient(transport=ASGITransport(app=application), base_url="http://t") as client:

        async def guess(password: str, path: str = "/v1/users/me/email") -> Any:
            body = {"address": ATTACKER_ADDRESS, "current_password": password}
            if path == "/v1/tokens":
                body = {"name": "x", "scope": "account", "current_password": password}
            return await client.request(
                "PUT" if path.endswith("email") else "POST", path, json=body, headers=owner.headers
            )

        codes = [(await guess(f"guess {n}")).status_code for n in range(2)]
        codes.append((await guess("guess 3", "/v1/tokens")).status_code)
        assert codes == [403] * 3
        assert_problem(await guess(owner.password), 429, "too_many_requests")
        assert_problem(await guess(owner.password, "/v1/tokens"), 429, "too_many_requests")
    async with sessionmaker() as session:
        assert await session.get(UserEmail, owner.id) is None
