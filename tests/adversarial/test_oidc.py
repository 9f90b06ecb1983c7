"""Sign-in with a provider (issue 46 §4), as an attacker tries it over HTTP against a real
OpenID Connect provider on loopback.

The attacker forges or replays what comes back from the provider (the state, the code), hands
their own sign-in to a victim's browser (login CSRF), mixes up providers or sign-ins (an ID
token of another issuer, or of another sign-in: the nonce), points the return path at their
site, and tries to attach identities to accounts that are not theirs. Each is refused and
signs nobody in, changes nothing: at the callback, where the browser lands, by sending it to
the web client's page with the refusal's code (`error`), elsewhere with a problem. With an
older session of a passwordless account, they try to set its first password.
"""

import base64
import json
import time
from collections.abc import Iterator
from datetime import timedelta
from urllib.parse import urlencode, urlsplit, urlunsplit

import httpx
import pytest
from fastapi import FastAPI
from httpx import ASGITransport, AsyncClient
from joserfc import jwt
from joserfc.jwk import OctKey, RSAKey
from sqlalchemy import func, select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.accounts.auth.dependencies import SUDO_WINDOW
from app.accounts.auth.tokens import hash_token
from app.accounts.oidc.client import OidcClient, ProviderFailed
from app.accounts.oidc.providers import load_providers
from app.platform.config import Settings
from app.platform.db.base import utcnow
from app.store.models import OidcFlow, OidcTicket, Token, User, UserIdentity
from tests.factories.apps import fresh_app
from tests.factories.flows import MakeUser
from tests.factories.oidc import (
    CLIENT_ID,
    authorize,
    landing,
    local,
    oidc_settings_for,
    provider,
    provider_server,
    query_of,
    refused,
    sign_in,
    start,
)
from tests.factories.oidc import browser as browser  # a fixture
from tests.factories.oidc import issuer as issuer  # a fixture
from tests.factories.oidc import oidc_app as oidc_app  # a fixture
from tests.factories.oidc import oidc_settings as oidc_settings  # a fixture
from tests.helpers import assert_problem


def _bearer(secret: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {secret}"}


async def _count(sessionmaker: async_sessionmaker[AsyncSession], model: type) -> int:
    async with sessionmaker() as session:
        return (await session.scalar(select(func.count()).select_from(model))) or 0


def _with_query(url: str, **changes: str) -> str:
    parts = urlsplit(url)
    query = {**query_of(url), **changes}
    return urlunsplit(parts._replace(query=urlencode(query)))


async def test_a_forged_state_signs_nobody_in(
    browser: AsyncClient, sessionmaker: async_sessionmaker[AsyncSession]
) -> None:
    callback = authorize(await start(browser), "mallory@example.org")
    forged = _with_query(
        local("http://test" + urlsplit(callback).path + "?" + urlsplit(callback).query),
        state="forged-state",
    )
    assert refused(await browser.get(forged)) == "oidc_state"
    assert await _count(sessionmaker, OidcTicket) == 0


async def test_a_callback_replayed_is_refused(browser: AsyncClient) -> None:
    callback = local(authorize(await start(browser), "replay@example.org"))
    assert landing(await browser.get(callback)).fragment["ticket"]
    assert refused(await browser.get(callback)) == "oidc_state"


async def test_a_code_used_once_is_refused_under_a_fresh_state(browser: AsyncClient) -> None:
    used = local(authorize(await start(browser), "code@example.org"))
    assert landing(await browser.get(used)).fragment["ticket"]
    fresh = query_of(await start(browser))["state"]  # a flow of this browser, never returned
    replayed = _with_query("http://test" + used, state=fresh)
    assert refused(await browser.get(local(replayed))) == "oidc_provider"


async def test_a_sign_in_handed_to_another_browser_signs_it_in_to_nothing(
    oidc_app: FastAPI, browser: AsyncClient, sessionmaker: async_sessionmaker[AsyncSession]
) -> None:
    # Login CSRF: the attacker starts a sign-in to their own account and makes the victim's
    # browser (no cookie of that flow) follow the provider's return.
    callback = local(authorize(await start(browser), "attacker@example.org"))
    async with AsyncClient(transport=ASGITransport(app=oidc_app), base_url="http://test") as victim:
        assert refused(await victim.get(callback)) == "oidc_state"
    assert await _count(sessionmaker, OidcTicket) == 0


@pytest.mark.parametrize(
    "return_to",
    [
        "//evil.example",
        "https://evil.example",
        "/\\evil.example",
        "\\\\evil.example",
        "javascript:alert(1)",
        "evil.example",
        "/ok\r\nLocation: https://evil.example",
        "",
    ],
)
async def test_a_return_path_to_another_site_is_refused(
    browser: AsyncClient, sessionmaker: async_sessionmaker[AsyncSession], return_to: str
) -> None:
    response = await browser.get("/v1/auth/oidc/mock/start", params={"return_to": return_to})
    assert_problem(response, 422, "validation_error")
    assert await _count(sessionmaker, OidcFlow) == 0


async def test_a_link_cannot_return_to_another_site(
    browser: AsyncClient, make_user: MakeUser
) -> None:
    user = await make_user()
    response = await browser.post(
        "/v1/users/me/identities/mock/start",
        json={"return_to": "//evil.example"},
        headers=user.headers,
    )
    assert_problem(response, 422, "validation_error")


@pytest.fixture
def second_issuer() -> Iterator[str]:
    with provider_server() as found:
        yield found


async def test_an_id_token_of_another_issuer_is_refused(
    settings: Settings,
    issuer: str,
    second_issuer: str,
    sessionmaker: async_sessionmaker[AsyncSession],
    fast_password_hashing: None,
) -> None:
    # The operator's issuer is the first provider's, but its endpoints answer for the second:
    # its ID tokens are well signed (its own keys) but name the second issuer.
    mixed = oidc_settings_for(
        settings,
        provider(
            issuer,
            authorization_endpoint=f"{second_issuer}/oauth2/authorize",
            token_endpoint=f"{second_issuer}/oauth2/token",
            jwks_uri=f"{second_issuer}/jwks",
        ),
    )
    with fresh_app(mixed) as app:
        app.state.sessionmaker = sessionmaker
        async with AsyncClient(transport=ASGITransport(app=app), base_url="http://test") as web:
            callback = local(authorize(await start(web), "mixup@example.org"))
            assert refused(await web.get(callback)) == "oidc_token"
    assert await _count(sessionmaker, OidcTicket) == 0


async def test_an_id_token_signed_by_another_provider_is_refused(
    settings: Settings,
    issuer: str,
    second_issuer: str,
    sessionmaker: async_sessionmaker[AsyncSession],
    fast_password_hashing: None,
) -> None:
    # The second provider's code and token, checked with the first one's keys.
    mixed = oidc_settings_for(
        settings,
        provider(
            second_issuer,
            authorization_endpoint=f"{second_issuer}/oauth2/authorize",
            token_endpoint=f"{second_issuer}/oauth2/token",
            jwks_uri=f"{issuer}/jwks",
        ),
    )
    with fresh_app(mixed) as app:
        app.state.sessionmaker = sessionmaker
        async with AsyncClient(transport=ASGITransport(app=app), base_url="http://test") as web:
            callback = local(authorize(await start(web), "keys@example.org"))
            assert refused(await web.get(callback)) == "oidc_token"


async def test_a_discovery_document_naming_another_issuer_is_refused(
    settings: Settings,
    issuer: str,
    sessionmaker: async_sessionmaker[AsyncSession],
    fast_password_hashing: None,
) -> None:
    wrong = oidc_settings_for(settings, provider(issuer.replace("localhost", "127.0.0.1") + "/x"))
    with fresh_app(wrong) as app:
        app.state.sessionmaker = sessionmaker
        async with AsyncClient(transport=ASGITransport(app=app), base_url="http://test") as web:
            response = await web.get("/v1/auth/oidc/mock/start")
            assert_problem(response, 502, "oidc_provider")
    assert await _count(sessionmaker, OidcFlow) == 0


async def test_an_id_token_of_another_sign_in_is_refused_by_its_nonce(
    browser: AsyncClient, sessionmaker: async_sessionmaker[AsyncSession]
) -> None:
    # Two sign-ins of this browser; the provider is sent the second one's (its nonce), and
    # the return claims the first one's state.
    first = query_of(await start(browser))["state"]
    second = await start(browser)
    callback = local(authorize(_with_query(second, state=first), "nonce@example.org"))
    assert refused(await browser.get(callback)) == "oidc_token"
    assert await _count(sessionmaker, OidcTicket) == 0


async def test_an_identity_of_another_account_is_never_linked(
    browser: AsyncClient, make_user: MakeUser, sessionmaker: async_sessionmaker[AsyncSession]
) -> None:
    owner = await make_user()
    ticket = (await sign_in(browser, "owned@example.org")).fragment["ticket"]
    created = await browser.post(
        "/v1/auth/oidc/complete", json={"ticket": ticket, "username": "owned"}
    )
    assert created.status_code == 201
    started = await browser.post(
        "/v1/users/me/identities/mock/start", json={}, headers=owner.headers
    )
    callback = local(authorize(started.json()["authorization_url"], "owned@example.org"))
    assert refused(await browser.get(callback)) == "identity_taken"
    async with sessionmaker() as session:
        holders = await session.scalars(
            select(User.username)
            .join(UserIdentity, UserIdentity.user_id == User.id)
            .where(UserIdentity.label == "owned@example.org")
        )
        assert list(holders) == ["owned"]


async def test_another_users_identity_is_answered_as_none(
    browser: AsyncClient, make_user: MakeUser
) -> None:
    stranger = await make_user()
    ticket = (await sign_in(browser, "victim@example.org")).fragment["ticket"]
    victim = (
        await browser.post("/v1/auth/oidc/complete", json={"ticket": ticket, "username": "vic"})
    ).json()["access_token"]
    # A second way in, so that the unlink would be allowed to its owner.
    started = await browser.post(
        "/v1/users/me/identities/mock/start", json={}, headers=_bearer(victim)
    )
    await browser.get(local(authorize(started.json()["authorization_url"], "victim2@example.org")))
    listed = await browser.get("/v1/users/me/identities", headers=_bearer(victim))
    theirs = listed.json()["identities"][0]["id"]
    other = await browser.delete(f"/v1/users/me/identities/{theirs}", headers=stranger.headers)
    unknown = await browser.delete(
        "/v1/users/me/identities/00000000-0000-4000-8000-000000000000", headers=stranger.headers
    )
    assert_problem(other, 404, "not_found")
    assert_problem(unknown, 404, "not_found")
    assert other.json()["detail"] == unknown.json()["detail"]
    after = await browser.get("/v1/users/me/identities", headers=_bearer(victim))
    assert len(after.json()["identities"]) == 2


async def test_linking_an_identity_needs_the_password_or_a_fresh_sign_in(
    browser: AsyncClient, make_user: MakeUser, sessionmaker: async_sessionmaker[AsyncSession]
) -> None:
    # A stolen `play` token cannot add a way in for the thief.
    user = await make_user()
    personal = await browser.post("/v1/tokens", json={"name": "bot"}, headers=user.headers)
    play = personal.json()["token"]
    refused = await browser.post(
        "/v1/users/me/identities/mock/start", json={}, headers=_bearer(play)
    )
    assert_problem(refused, 403, "token_scope")
    wrong = await browser.post(
        "/v1/users/me/identities/mock/start",
        json={"current_password": "not it"},
        headers=user.headers,
    )
    assert_problem(wrong, 403, "wrong_password")
    assert await _count(sessionmaker, OidcFlow) == 0


async def test_a_ticket_is_single_use_and_unguessable(browser: AsyncClient) -> None:
    for forged in ("", "x" * 129):
        assert_problem(
            await browser.post("/v1/auth/oidc/ticket", json={"ticket": forged}),
            422,
            "validation_error",
        )
    assert_problem(
        await browser.post("/v1/auth/oidc/ticket", json={"ticket": "guessed"}),
        400,
        "invalid_oidc_ticket",
    )


async def test_an_unknown_provider_is_not_found(browser: AsyncClient, make_user: MakeUser) -> None:
    user = await make_user()
    assert_problem(await browser.get("/v1/auth/oidc/nope/start"), 404, "not_found")
    gone = await browser.get("/v1/auth/oidc/nope/callback", params={"state": "s", "code": "c"})
    assert refused(gone) == "not_found"  # a provider removed in the middle of a sign-in
    assert_problem(
        await browser.post("/v1/users/me/identities/nope/start", json={}, headers=user.headers),
        404,
        "not_found",
    )


async def test_the_flow_cookie_is_http_only_and_same_site(browser: AsyncClient) -> None:
    response = await browser.get("/v1/auth/oidc/mock/start")
    cookie = response.headers["set-cookie"].lower()
    assert "httponly" in cookie
    assert "samesite=lax" in cookie
    assert "path=/v1/auth/oidc" in cookie
    url = response.headers["location"]
    query = query_of(url)
    assert query["code_challenge_method"] == "S256"
    assert query["nonce"]
    assert query["state"]
    assert len(query["code_challenge"]) == 43  # base64url of a SHA-256


async def test_starting_sign_ins_in_a_flood_is_limited_per_address(
    oidc_settings: Settings,
    sessionmaker: async_sessionmaker[AsyncSession],
    fast_password_hashing: None,
) -> None:
    # Each start stores a flow: past the anonymous writes' rate, 429 and nothing stored.
    tight = oidc_settings.model_copy(update={"login_failures_per_address_per_minute": 3})
    with fresh_app(tight) as app:
        app.state.sessionmaker = sessionmaker
        async with AsyncClient(transport=ASGITransport(app=app), base_url="http://test") as web:
            answers = [(await web.get("/v1/auth/oidc/mock/start")).status_code for _ in range(5)]
    assert answers == [302, 302, 302, 429, 429]
    assert await _count(sessionmaker, OidcFlow) == 3


ISSUER = "https://id.example"


def _forged(kind: str, key: RSAKey, nonce: str) -> str:
    """An ID token as a hostile or broken token endpoint could answer it."""
    now = int(time.time())
    claims: dict[str, object] = {
        "iss": ISSUER,
        "sub": "victim",
        "aud": CLIENT_ID,
        "iat": now,
        "exp": now + 300,
        "nonce": nonce,
    }
    if kind == "none":  # unsigned
        head = base64.urlsafe_b64encode(b'{"alg":"none"}').rstrip(b"=").decode()
        body = base64.urlsafe_b64encode(json.dumps(claims).encode()).rstrip(b"=").decode()
        return f"{head}.{body}."
    if kind == "hs256-public-key":  # signed with the public key as a shared secret
        secret = OctKey.import_key(json.dumps(key.as_dict(private=False)).encode())
        return jwt.encode({"alg": "HS256", "kid": "k1"}, claims, secret)
    changes: dict[str, dict[str, object]] = {
        "expired": {"exp": now - 3600, "iat": now - 7200},
        "other-audience": {"aud": "someone-else"},
        "other-issuer": {"iss": "https://evil.example"},
        "no-nonce": {"nonce": None},
        "no-subject": {"sub": None},
    }
    signed = {k: v for k, v in {**claims, **changes[kind]}.items() if v is not None}
    return jwt.encode({"alg": "RS256", "kid": "k1"}, signed, key)


@pytest.mark.parametrize(
    "kind",
    [
        "none",
        "hs256-public-key",
        "expired",
        "other-audience",
        "other-issuer",
        "no-nonce",
        "no-subject",
    ],
)
async def test_an_id_token_that_fails_a_check_is_refused(
    kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    key = RSAKey.generate_key(2048, parameters={"kid": "k1"})
    nonce = "the-nonce-of-this-sign-in"

    def provider_answers(request: httpx.Request) -> httpx.Response:
        if request.url.path == "/jwks":
            return httpx.Response(200, json={"keys": [key.as_dict(private=False)]})
        return httpx.Response(
            200,
            json={
                "access_token": "at",
                "token_type": "Bearer",
                "id_token": _forged(kind, key, nonce),
            },
        )

    real = httpx.AsyncClient
    monkeypatch.setattr(
        httpx,
        "AsyncClient",
        lambda **kw: real(transport=httpx.MockTransport(provider_answers), **kw),
    )
    entry = provider(
        ISSUER,
        authorization_endpoint=f"{ISSUER}/authorize",
        token_endpoint=f"{ISSUER}/token",
        jwks_uri=f"{ISSUER}/jwks",
    )
    settings = Settings(oidc_providers=json.dumps([entry]))
    oidc = OidcClient(settings, load_providers(settings))
    with pytest.raises(ProviderFailed) as refused:
        await oidc.identify(
            oidc.providers["mock"],
            code="c",
            redirect_uri="https://play.example/cb",
            code_verifier="v" * 43,
            nonce=nonce,
        )
    assert refused.value.code == "oidc_token"


async def test_the_forging_test_accepts_a_good_id_token(monkeypatch: pytest.MonkeyPatch) -> None:
    # The control of the test above: the same provider, an ID token that passes every check.
    key = RSAKey.generate_key(2048, parameters={"kid": "k1"})
    now = int(time.time())
    token = jwt.encode(
        {"alg": "RS256", "kid": "k1"},
        {"iss": ISSUER, "sub": "s1", "aud": CLIENT_ID, "iat": now, "exp": now + 60, "nonce": "n"},
        key,
    )

    def provider_answers(request: httpx.Request) -> httpx.Response:
        if request.url.path == "/jwks":
            return httpx.Response(200, json={"keys": [key.as_dict(private=False)]})
        return httpx.Response(200, json={"access_token": "at", "id_token": token})

    real = httpx.AsyncClient
    monkeypatch.setattr(
        httpx,
        "AsyncClient",
        lambda **kw: real(transport=httpx.MockTransport(provider_answers), **kw),
    )
    entry = provider(
        ISSUER,
        authorization_endpoint=f"{ISSUER}/authorize",
        token_endpoint=f"{ISSUER}/token",
        jwks_uri=f"{ISSUER}/jwks",
    )
    settings = Settings(oidc_providers=json.dumps([entry]))
    oidc = OidcClient(settings, load_providers(settings))
    claimed = await oidc.identify(
        oidc.providers["mock"],
        code="c",
        redirect_uri="https://p/cb",
        code_verifier="v" * 43,
        nonce="n",
    )
    assert (claimed.issuer, claimed.subject) == (ISSUER, "s1")


# ------------------------------------------------------------------ a first password


async def _passwordless(browser: AsyncClient, sub: str, username: str) -> str:
    """A session of a new account made by signing in with the provider (no password)."""
    ticket = (await sign_in(browser, sub)).fragment["ticket"]
    created = await browser.post(
        "/v1/auth/oidc/complete", json={"ticket": ticket, "username": username}
    )
    assert created.status_code == 201, created.text
    token: str = created.json()["access_token"]
    return token


async def test_a_stolen_older_session_of_a_passwordless_account_sets_no_password(
    browser: AsyncClient, sessionmaker: async_sessionmaker[AsyncSession]
) -> None:
    """Setting a first password takes the account for good (then a password signs in): only
    a sign-in of the last minutes may, never a token kept or stolen from earlier."""
    token = await _passwordless(browser, "stolen@example.org", "stolen")
    async with sessionmaker() as session, session.begin():
        await session.execute(
            update(Token)
            .where(Token.token_hash == hash_token(token))
            .values(created_at=utcnow() - SUDO_WINDOW - timedelta(seconds=1))
        )
    refused = await browser.put(
        "/v1/users/me/password",
        json={"new_password": "mallory's password"},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert_problem(refused, 403, "password_required")
    login = await browser.post(
        "/v1/auth/token", data={"username": "stolen", "password": "mallory's password"}
    )
    assert_problem(login, 401, "unauthorized")


async def test_a_fresh_sign_in_never_replaces_an_existing_password_without_it(
    browser: AsyncClient, make_user: MakeUser
) -> None:
    """The way in for a first password is no way around the current one: a fresh session
    of an account that has a password gives it, or nothing changes."""
    alice = await make_user()
    refused = await browser.put(
        "/v1/users/me/password",
        json={"new_password": "mallory's password"},
        headers=alice.headers,  # a session of seconds ago
    )
    assert_problem(refused, 403, "wrong_password")
    login = await browser.post(
        "/v1/auth/token", data={"username": alice.username, "password": alice.password}
    )
    assert login.status_code == 200
