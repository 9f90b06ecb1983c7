"""Typed dependencies for authenticated endpoints: `CurrentUser`, and `CurrentAuth` when the
endpoint also needs the token the request was made with (logout, the token list), and
`AccountAuth` for the endpoints that change the account's credentials (the token's scope)."""

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Annotated

from fastapi import Depends, Request
from fastapi.security import OAuth2PasswordBearer

from app.accounts.auth.passwords import verify_password
from app.accounts.auth.service import authenticate_token
from app.platform.db.base import utcnow
from app.platform.db.session import SessionDep
from app.platform.errors import Forbidden, Unauthorized
from app.platform.i18n import _
from app.platform.i18n.requests import speak_to
from app.store.models import Token, TokenKind, TokenScope, User

WRONG_PASSWORD = "wrong_password"  # noqa: S105  (a problem code, not a secret)

# auto_error=False: a missing token must produce our problem+json 401, not FastAPI's default.
oauth2_scheme = OAuth2PasswordBearer(tokenUrl="/v1/auth/token", auto_error=False)

BearerSecret = Annotated[str | None, Depends(oauth2_scheme)]


@dataclass(frozen=True, slots=True)
class Authenticated:
    """The caller and the token of this request."""

    user: User
    token: Token


async def get_authenticated(
    request: Request, session: SessionDep, secret: BearerSecret
) -> Authenticated:
    """The user and token of the bearer token of this request, or 401."""
    if not secret:
        raise Unauthorized(_("Not authenticated."))
    token, user = await authenticate_token(session, secret)
    speak_to(request, user.language)
    return Authenticated(user=user, token=token)


CurrentAuth = Annotated[Authenticated, Depends(get_authenticated)]


async def get_current_user(auth: CurrentAuth) -> User:
    """The user owning the bearer token of this request, or 401."""
    return auth.user


CurrentUser = Annotated[User, Depends(get_current_user)]


# -------------------------------------------------------------------------- scopes and sudo

# How long after a password sign-in its session may change the address or the password
# without giving the password again ("sudo mode").
SUDO_WINDOW = timedelta(minutes=10)
TOKEN_SCOPE = "token_scope"  # noqa: S105  (a problem code, not a secret)
PASSWORD_REQUIRED = "password_required"  # noqa: S105  (a problem code, not a secret)


async def get_account_auth(auth: CurrentAuth) -> Authenticated:
    """The caller, if their token may change the account's credentials and recovery (its
    address, password and tokens), or 403 `token_scope`.

    The one place scopes are checked: every endpoint that changes credentials or recovery
    depends on `AccountAuth` (tests/adversarial/test_tokens.py lists them all)."""
    if auth.token.scope is not TokenScope.ACCOUNT:
        raise Forbidden(
            _(
                "This token may play but not change the account's address, password or "
                "tokens: sign in with your password, or use a token with the account scope."
            ),
            code=TOKEN_SCOPE,
        )
    return auth


AccountAuth = Annotated[Authenticated, Depends(get_account_auth)]


def fresh_sign_in(token: Token, now: datetime) -> bool:
    """Whether `token` is a login session issued by a password sign-in within `SUDO_WINDOW`."""
    return token.kind is TokenKind.SESSION and now - token.created_at < SUDO_WINDOW


async def require_password(auth: Authenticated, current_password: str | None) -> None:
    """Sudo: the current password, right (else 403 `wrong_password`), or, when none is given,
    a sign-in of the last `SUDO_WINDOW` (else 403 `password_required`), whatever the token."""
    if current_password is not None:
        if not await verify_password(current_password, auth.user.password_hash):
            raise Forbidden(_("The current password is incorrect."), code=WRONG_PASSWORD)
        return
    if not fresh_sign_in(auth.token, utcnow()):
        raise Forbidden(
            _(
                "Give your current password (current_password) to do this, or sign in again: "
                "a sign-in of the last {minutes} minutes is enough.",
                minutes=int(SUDO_WINDOW.total_seconds() // 60),
            ),
            code=PASSWORD_REQUIRED,
        )
