"""Signing in with an OpenID Connect provider, through the whole redirect flow against a real
provider on loopback: a new identity names its account, signs out and back in; a signed-in
user links and unlinks identities."""

from fastapi import FastAPI
from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.platform.db.base import utcnow
from app.store.models import UserEmail
from tests.factories.flows import MakeUser
from tests.factories.oidc import Landing, authorize, landing, local, sign_in
from tests.factories.oidc import browser as browser  # a fixture
from tests.factories.oidc import issuer as issuer  # a fixture
from tests.factories.oidc import oidc_app as oidc_app  # a fixture
from tests.factories.oidc import oidc_settings as oidc_settings  # a fixture
from tests.helpers import assert_problem


def _bearer(secret: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {secret}"}


async def test_the_configured_providers_are_listed_for_the_sign_in_buttons(
    browser: AsyncClient,
) -> None:
    response = await browser.get("/v1/auth/providers")
    assert response.status_code == 200
    assert response.json() == [{"id": "mock", "name": "Mock ID"}]  # never its secret


async def test_a_new_identity_chooses_a_username_signs_out_and_signs_back_in(
    browser: AsyncClient,
) -> None:
    first = await sign_in(browser, "ada@example.org")
    assert first.path == "/oidc"
    assert first.fragment["signup"] == "1"
    assert first.fragment["return_to"] == "/"
    ticket = first.fragment["ticket"]

    # A new identity has no account yet: the ticket alone signs in to nothing.
    assert_problem(
        await browser.post("/v1/auth/oidc/ticket", json={"ticket": ticket}),
        409,
        "oidc_signup_required",
    )
    created = await browser.post(
        "/v1/auth/oidc/complete", json={"ticket": ticket, "username": "ada"}
    )
    assert created.status_code == 201, created.text
    token = created.json()["access_token"]
    me = (await browser.get("/v1/users/me", headers=_bearer(token))).json()
    assert me["username"] == "ada"
    assert me["display_name"] == "ada"
    identities = (await browser.get("/v1/users/me/identities", headers=_bearer(token))).json()
    assert identities["password"] is False
    assert [(i["provider"], i["label"]) for i in identities["identities"]] == [
        ("mock", "ada@example.org")
    ]
    # The ticket made one account, once.
    assert_problem(
        await browser.post("/v1/auth/oidc/complete", json={"ticket": ticket, "username": "ada2"}),
        400,
        "invalid_oidc_ticket",
    )

    assert (await browser.post("/v1/auth/logout", headers=_bearer(token))).status_code == 204
    assert (await browser.get("/v1/users/me", headers=_bearer(token))).status_code == 401

    again = await sign_in(browser, "ada@example.org")
    assert again.fragment["signup"] == "0"
    session = await browser.post("/v1/auth/oidc/ticket", json={"ticket": again.fragment["ticket"]})
    assert session.status_code == 200, session.text
    assert session.json()["token_type"] == "bearer"
    back = await browser.get("/v1/users/me", headers=_bearer(session.json()["access_token"]))
    assert back.json()["id"] == me["id"]
    # One use.
    assert_problem(
        await browser.post("/v1/auth/oidc/ticket", json={"ticket": again.fragment["ticket"]}),
        400,
        "invalid_oidc_ticket",
    )


async def test_a_taken_username_keeps_the_ticket_for_another_try(
    browser: AsyncClient, make_user: MakeUser
) -> None:
    await make_user("grace")
    ticket = (await sign_in(browser, "grace@example.org")).fragment["ticket"]
    taken = await browser.post(
        "/v1/auth/oidc/complete", json={"ticket": ticket, "username": "GRACE"}
    )
    assert_problem(taken, 409, "username_taken")
    created = await browser.post(
        "/v1/auth/oidc/complete",
        json={"ticket": ticket, "username": "grace_h", "display_name": "Grace H."},
    )
    assert created.status_code == 201, created.text


async def test_the_return_path_comes_back_in_the_fragment(browser: AsyncClient) -> None:
    response = await browser.get(
        "/v1/auth/oidc/mock/start", params={"return_to": "/campaigns/42?tab=map"}
    )
    callback = authorize(response.headers["location"], "lin@example.org")
    found = landing(await browser.get(local(callback)))
    assert found.fragment["return_to"] == "/campaigns/42?tab=map"


async def test_an_account_with_a_matching_address_is_never_signed_in_to(
    browser: AsyncClient,
    make_user: MakeUser,
    sessionmaker: async_sessionmaker[AsyncSession],
) -> None:
    owner = await make_user("margaret")
    async with sessionmaker() as session:
        session.add(
            UserEmail(user_id=owner.id, address="margaret@example.org", confirmed_at=utcnow())
        )
        await session.commit()
    found = await sign_in(browser, "margaret@example.org")  # the provider's email claim is hers
    assert found.fragment["signup"] == "1"  # a new account to name, never hers
    assert_problem(
        await browser.post("/v1/auth/oidc/ticket", json={"ticket": found.fragment["ticket"]}),
        409,
        "oidc_signup_required",
    )


async def _link(browser: AsyncClient, token: str, sub: str, **body: str) -> Landing:
    started = await browser.post(
        "/v1/users/me/identities/mock/start", json=body, headers=_bearer(token)
    )
    assert started.status_code == 200, started.text
    return landing(await browser.get(local(authorize(started.json()["authorization_url"], sub))))


async def test_a_signed_in_user_links_an_identity_signs_in_with_it_and_unlinks_it(
    browser: AsyncClient, make_user: MakeUser
) -> None:
    user = await make_user("hedy")
    linked = await _link(browser, user.token, "hedy@example.org", return_to="/settings")
    assert linked.path == "/oidc"
    assert linked.fragment == {"linked": "mock", "return_to": "/settings"}

    ticket = (await sign_in(browser, "hedy@example.org")).fragment["ticket"]
    session = await browser.post("/v1/auth/oidc/ticket", json={"ticket": ticket})
    me = await browser.get("/v1/users/me", headers=_bearer(session.json()["access_token"]))
    assert me.json()["id"] == str(user.id)

    listed = (await browser.get("/v1/users/me/identities", headers=user.headers)).json()
    assert listed["password"] is True
    [identity] = listed["identities"]
    gone = await browser.delete(f"/v1/users/me/identities/{identity['id']}", headers=user.headers)
    assert gone.status_code == 204  # the password is still a way in
    assert (await sign_in(browser, "hedy@example.org")).fragment["signup"] == "1"


async def test_the_last_way_in_is_never_unlinked(browser: AsyncClient) -> None:
    ticket = (await sign_in(browser, "joan@example.org")).fragment["ticket"]
    created = await browser.post(
        "/v1/auth/oidc/complete", json={"ticket": ticket, "username": "joan"}
    )
    token = created.json()["access_token"]
    [only] = (await browser.get("/v1/users/me/identities", headers=_bearer(token))).json()[
        "identities"
    ]
    refused = await browser.delete(f"/v1/users/me/identities/{only['id']}", headers=_bearer(token))
    assert_problem(refused, 409, "last_sign_in")

    # A second identity (a fresh sign-in needs no password): now either may go.
    await _link(browser, token, "joan.other@example.org")
    gone = await browser.delete(f"/v1/users/me/identities/{only['id']}", headers=_bearer(token))
    assert gone.status_code == 204
    [other] = (await browser.get("/v1/users/me/identities", headers=_bearer(token))).json()[
        "identities"
    ]
    assert other["label"] == "joan.other@example.org"
    assert_problem(
        await browser.delete(f"/v1/users/me/identities/{other['id']}", headers=_bearer(token)),
        409,
        "last_sign_in",
    )


async def test_an_account_made_with_a_provider_sets_its_first_password_while_signed_in(
    browser: AsyncClient,
) -> None:
    ticket = (await sign_in(browser, "rosa@example.org")).fragment["ticket"]
    created = await browser.post(
        "/v1/auth/oidc/complete", json={"ticket": ticket, "username": "rosa"}
    )
    token = created.json()["access_token"]
    # The identity just used is the proof: no current password to give.
    first = await browser.put(
        "/v1/users/me/password",
        json={"new_password": "a first password"},
        headers=_bearer(token),
    )
    assert first.status_code == 204, first.text
    identities = (await browser.get("/v1/users/me/identities", headers=_bearer(token))).json()
    assert identities["password"] is True
    login = await browser.post(
        "/v1/auth/token", data={"username": "rosa", "password": "a first password"}
    )
    assert login.status_code == 200, login.text
    # From now on, as for any account: the current password, or nothing changes.
    again = await browser.put(
        "/v1/users/me/password",
        json={"new_password": "a second password"},
        headers=_bearer(token),
    )
    assert_problem(again, 403, "wrong_password")
    # And the identity, no longer the only way in, may go.
    [only] = identities["identities"]
    gone = await browser.delete(f"/v1/users/me/identities/{only['id']}", headers=_bearer(token))
    assert gone.status_code == 204


def test_fixture_app_has_providers(oidc_app: FastAPI) -> None:
    assert list(oidc_app.state.oidc.providers) == ["mock"]
