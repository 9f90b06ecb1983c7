"""Sign-in with OpenID Connect and OAuth 2 providers, and the identities of my account."""

import logging
import re
import uuid
from datetime import timedelta
from typing import Annotated, Any
from urllib.parse import quote, urlencode

from fastapi import APIRouter, Query, Request, Response, status
from fastapi.responses import RedirectResponse

from app.accounts.auth import service as auth_service
from app.accounts.auth.client import client_address, user_agent
from app.accounts.auth.dependencies import AccountAuth, CurrentUser, require_password
from app.accounts.auth.schemas import AccessToken
from app.accounts.auth.tokens import generate_token
from app.accounts.oidc import service
from app.accounts.oidc.client import OidcClient, ProviderFailed
from app.accounts.oidc.providers import Provider
from app.accounts.oidc.schemas import (
    AuthorizationRedirect,
    IdentityList,
    IdentityRead,
    LinkStart,
    ProviderRead,
    ReturnPath,
    SignUpCompletion,
    TicketExchange,
)
from app.platform.config import Settings
from app.platform.db.session import SessionDep, transaction
from app.platform.errors import PROBLEM_RESPONSES, AppError, NotFound
from app.platform.i18n import _
from app.store.models import TokenKind, TokenScope, User

logger = logging.getLogger(__name__)

router = APIRouter(prefix="/auth", tags=["auth"], responses=PROBLEM_RESPONSES)
identities_router = APIRouter(
    prefix="/users/me/identities", tags=["users"], responses=PROBLEM_RESPONSES
)

# The cookie binding a flow to the browser that started it (login CSRF: a stranger's code and
# state, handed to my browser, find no flow of mine). Sent back to the callback only.
BROWSER_COOKIE = "marchlords_oidc"
COOKIE_PATH = "/v1/auth/oidc"
BROWSER_SECRET = re.compile(r"[A-Za-z0-9_-]{43}")
# The web client's page a sign-in returns to (web/src: the OIDC return page).
RETURN_PAGE = "/oidc"

_REDIRECT: dict[int | str, dict[str, Any]] = {
    302: {"description": "To the provider (a sign-in) or to the web client's page."}
}


def _client(request: Request) -> OidcClient:
    client: OidcClient = request.app.state.oidc
    return client


def _provider(request: Request, provider_id: str) -> Provider:
    provider = _client(request).providers.get(provider_id)
    if provider is None:
        raise NotFound(_("No such sign-in provider."))
    return provider


def _origin(request: Request) -> str:
    settings: Settings = request.app.state.settings
    return settings.public_url.rstrip("/") if settings.public_url else ""


def _redirect_uri(request: Request, provider: Provider) -> str:
    settings: Settings = request.app.state.settings
    base = settings.public_url or str(request.base_url)
    return f"{base.rstrip('/')}{COOKIE_PATH}/{provider.id}/callback"


def _browser(request: Request) -> str:
    """This browser's flow secret: its cookie's, or a new one."""
    found = request.cookies.get(BROWSER_COOKIE, "")
    return found if BROWSER_SECRET.fullmatch(found) else generate_token()


def _bind(response: Response, request: Request, browser: str) -> None:
    response.set_cookie(
        BROWSER_COOKIE,
        browser,
        max_age=int(service.FLOW_LIFETIME.total_seconds()),
        path=COOKIE_PATH,
        secure=request.url.scheme == "https",
        httponly=True,
        samesite="lax",
    )


async def _authorization_url(
    request: Request,
    session: SessionDep,
    provider: Provider,
    browser: str,
    return_to: str,
    user: User | None,
) -> str:
    client = _client(request)
    try:
        endpoints = await client.endpoints(provider)
    except ProviderFailed as failed:
        raise AppError(failed.reason, status=502, code=failed.code) from None
    redirect_uri = _redirect_uri(request, provider)
    state, nonce, verifier = await service.start_flow(
        session,
        provider.id,
        browser=browser,
        redirect_uri=redirect_uri,
        return_to=return_to,
        user_id=user.id if user is not None else None,
    )
    return client.authorization_url(
        provider,
        endpoints,
        redirect_uri=redirect_uri,
        state=state,
        nonce=nonce,
        code_verifier=verifier,
    )


@router.get("/providers")
async def list_providers(request: Request) -> list[ProviderRead]:
    """List the providers players may sign in with (the buttons of a sign-in screen)."""
    return [ProviderRead(id=p.id, name=p.name) for p in _client(request).providers.values()]


@router.get(
    "/oidc/{provider}/start",
    status_code=status.HTTP_302_FOUND,
    response_class=RedirectResponse,
    responses=_REDIRECT,
)
async def start_sign_in(
    request: Request,
    session: SessionDep,
    provider: str,
    return_to: Annotated[ReturnPath, Query()] = "/",
) -> RedirectResponse:
    """Sign in with a provider: a redirect to it, back to `callback`, then to the web client."""
    found = _provider(request, provider)
    browser = _browser(request)
    url = await _authorization_url(request, session, found, browser, return_to, None)
    response = RedirectResponse(url, status_code=status.HTTP_302_FOUND)
    _bind(response, request, browser)
    return response


def _to_web_client(request: Request, **fragment: str) -> RedirectResponse:
    url = f"{_origin(request)}{RETURN_PAGE}#{urlencode(fragment, quote_via=quote)}"
    response = RedirectResponse(url, status_code=status.HTTP_302_FOUND)
    response.headers["Cache-Control"] = "no-store"
    response.headers["Referrer-Policy"] = "no-referrer"
    return response


@router.get(
    "/oidc/{provider}/callback",
    status_code=status.HTTP_302_FOUND,
    response_class=RedirectResponse,
    responses=_REDIRECT,
)
async def sign_in_callback(
    request: Request,
    provider: str,
    state: Annotated[str, Query(min_length=1, max_length=128)],
    code: Annotated[str | None, Query(min_length=1, max_length=2048)] = None,
    error: Annotated[str | None, Query(max_length=200)] = None,
) -> RedirectResponse:
    """Where the provider returns: the state, the code and who signed in are checked, then
    the web client gets a one-time ticket (`POST /v1/auth/oidc/ticket`), or the identity is
    linked to the account that asked; a refusal goes there too, as its `error` code."""
    # A browser lands here, not a client: a refusal is the web client's page saying why in
    # the player's language (`error` in the fragment), never a JSON problem shown raw.
    return_to = "/"
    try:
        found = _provider(request, provider)
        sessionmaker = request.app.state.sessionmaker
        # The flow is used up first, in a transaction of its own: a failure below keeps it used.
        async with transaction(sessionmaker) as session:
            flow = await service.take_flow(
                session, found.id, state, request.cookies.get(BROWSER_COOKIE)
            )
        return_to = flow.return_to
        if error is not None or code is None:
            return _to_web_client(request, error="oidc_denied", return_to=return_to)
        claimed = await _client(request).identify(
            found,
            code=code,
            redirect_uri=flow.redirect_uri,
            code_verifier=flow.code_verifier,
            nonce=flow.nonce,
        )
        async with transaction(sessionmaker) as session:
            if flow.user_id is not None:
                await service.link_identity(session, flow.user_id, found.id, claimed)
                return _to_web_client(request, linked=found.id, return_to=return_to)
            ticket, new = await service.finish_sign_in(session, found.id, claimed)
    except ProviderFailed as failed:
        # What the provider did wrong is for the operator; the player reads the code's text.
        logger.warning(
            "sign-in refused",
            extra={"provider": provider, "code": failed.code, "reason": failed.reason},
        )
        return _to_web_client(request, error=failed.code, return_to=return_to)
    except AppError as refused:
        return _to_web_client(request, error=refused.code, return_to=return_to)
    return _to_web_client(request, ticket=ticket, signup="1" if new else "0", return_to=return_to)


async def _session_token(request: Request, session: SessionDep, user: User) -> AccessToken:
    settings: Settings = request.app.state.settings
    token, secret = await auth_service.issue_token(
        session,
        user,
        kind=TokenKind.SESSION,
        scope=TokenScope.ACCOUNT,  # a sign-in: every right, as with the password
        lifetime=timedelta(minutes=settings.access_token_ttl_minutes),
        client_address=client_address(request),
        user_agent=user_agent(request),
    )
    assert token.expires_at is not None  # noqa: S101  (session tokens always expire)
    return AccessToken(access_token=secret, expires_at=token.expires_at)


@router.post("/oidc/ticket")
async def exchange_ticket(
    request: Request, session: SessionDep, data: TicketExchange
) -> AccessToken:
    """Exchange a sign-in's ticket for the session token a password sign-in gives (once)."""
    user = await service.redeem_ticket(session, data.ticket)
    return await _session_token(request, session, user)


@router.post("/oidc/complete", status_code=status.HTTP_201_CREATED)
async def complete_sign_up(
    request: Request, session: SessionDep, data: SignUpCompletion
) -> AccessToken:
    """Create the account of a new identity, named by its user, and sign in to it."""
    user = await service.complete_sign_up(session, data.ticket, data.username, data.display_name)
    return await _session_token(request, session, user)


@identities_router.get("")
async def list_identities(user: CurrentUser, session: SessionDep) -> IdentityList:
    """List the identities that sign in to my account."""
    rows = await service.list_identities(session, user)
    return IdentityList(
        identities=[IdentityRead.from_model(row) for row in rows],
        password=user.password_hash is not None,
    )


@identities_router.post("/{provider}/start")
async def start_link(
    request: Request,
    response: Response,
    provider: str,
    data: LinkStart,
    auth: AccountAuth,
    session: SessionDep,
) -> AuthorizationRedirect:
    """Link an identity at a provider to my account: the URL to send the browser to (with
    the password, or within minutes of a sign-in)."""
    found = _provider(request, provider)
    await require_password(auth, data.current_password)
    browser = _browser(request)
    url = await _authorization_url(request, session, found, browser, data.return_to, auth.user)
    _bind(response, request, browser)
    return AuthorizationRedirect(authorization_url=url)


@identities_router.delete("/{identity_id}", status_code=status.HTTP_204_NO_CONTENT)
async def unlink_identity(
    identity_id: uuid.UUID, auth: AccountAuth, session: SessionDep
) -> Response:
    """Unlink an identity from my account (never its last way in)."""
    await service.unlink_identity(session, auth.user, identity_id)
    return Response(status_code=status.HTTP_204_NO_CONTENT)
