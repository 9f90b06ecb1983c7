"""Web Push (issue 46): the server's VAPID key, and a user's browsers' push subscriptions."""

import base64
import binascii
from datetime import datetime
from typing import Annotated, Self

from cryptography.hazmat.primitives.asymmetric import ec
from fastapi import APIRouter, Header, Path, Response, status
from pydantic import BaseModel, ConfigDict, Field, field_validator

from app.accounts.auth.dependencies import CurrentUser
from app.channels.notifications import push
from app.channels.notifications.mail import clean
from app.platform.db.session import SessionDep
from app.platform.dependencies import SettingsDep
from app.platform.errors import PROBLEM_RESPONSES
from app.platform.i18n import _
from app.store.models.push import PushSubscription

key_router = APIRouter(prefix="/push", tags=["notifications"], responses=PROBLEM_RESPONSES)
subscriptions_router = APIRouter(
    prefix="/users/me/push-subscriptions", tags=["notifications"], responses=PROBLEM_RESPONSES
)

MAX_USER_AGENT = 200
_BASE64URL = r"^[A-Za-z0-9_\-]+={0,2}$"


def _decoded(value: str) -> bytes:
    try:
        return base64.urlsafe_b64decode(value.rstrip("=") + "=" * (-len(value.rstrip("=")) % 4))
    except (binascii.Error, ValueError):
        raise ValueError(_("not base64url")) from None


class PushKeys(BaseModel):
    model_config = ConfigDict(extra="forbid")

    p256dh: str = Field(
        min_length=80,
        max_length=100,
        pattern=_BASE64URL,
        description="The browser's P-256 public key: base64url of its uncompressed point "
        "(65 bytes).",
    )
    auth: str = Field(
        min_length=16,
        max_length=32,
        pattern=_BASE64URL,
        description="The browser's authentication secret: base64url of 16 bytes.",
    )

    @field_validator("p256dh")
    @classmethod
    def _point(cls, value: str) -> str:
        raw = _decoded(value)
        if len(raw) != 65 or raw[0] != 4:
            raise ValueError(_("not an uncompressed P-256 point"))
        try:  # on the curve: a point that is not would fail every message's encryption
            ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), raw)
        except ValueError:
            raise ValueError(_("not an uncompressed P-256 point")) from None
        return value

    @field_validator("auth")
    @classmethod
    def _secret(cls, value: str) -> str:
        if len(_decoded(value)) != 16:
            raise ValueError(_("not 16 bytes"))
        return value


class PushSubscriptionCreate(BaseModel):
    """The browser's `PushSubscription.toJSON()` (its `expirationTime` is allowed and
    ignored)."""

    model_config = ConfigDict(extra="forbid")

    endpoint: str = Field(
        min_length=9,
        max_length=2048,
        pattern=r"^https?://\S+$",
        description="The push service's URL for this browser: https on a public address "
        "(else 422 `push_endpoint_refused`), checked again before every message.",
    )
    keys: PushKeys
    expirationTime: int | float | None = Field(  # the browser's own name
        default=None, description="Ignored."
    )


class PushSubscriptionRead(BaseModel):
    id: int
    endpoint: str
    user_agent: str | None = Field(description="The subscribing browser's `User-Agent`.")
    created_at: datetime

    @classmethod
    def of(cls, row: PushSubscription) -> Self:
        return cls(
            id=row.id, endpoint=row.endpoint, user_agent=row.user_agent, created_at=row.created_at
        )


class PushSubscriptionList(BaseModel):
    items: list[PushSubscriptionRead]


class PushKey(BaseModel):
    enabled: bool = Field(description="Whether this server sends Web Push.")
    public_key: str | None = Field(
        description="The VAPID application server key (base64url of the uncompressed P-256 "
        "point), for `pushManager.subscribe({applicationServerKey})`; null when push is off."
    )


def _user_agent(value: str | None) -> str | None:
    """The `User-Agent` header as a name: one line, no control character, bounded."""
    if value is None:
        return None
    found = clean(value)[:MAX_USER_AGENT].strip()
    return found or None


@key_router.get("/key")
async def get_push_key(settings: SettingsDep) -> PushKey:
    """The server's Web Push key, and whether push is on (no sign-in needed)."""
    key = push.public_key(settings)
    return PushKey(enabled=key is not None, public_key=key)


@subscriptions_router.post(
    "",
    status_code=status.HTTP_201_CREATED,
    responses={200: {"model": PushSubscriptionRead, "description": "Subscribed already."}},
)
async def create_push_subscription(
    data: PushSubscriptionCreate,
    session: SessionDep,
    user: CurrentUser,
    settings: SettingsDep,
    response: Response,
    user_agent: Annotated[str | None, Header()] = None,
) -> PushSubscriptionRead:
    """Subscribe a browser to your notifications (the same endpoint again: 200, unchanged)."""
    row, created = await push.subscribe(
        session,
        user,
        data.endpoint,
        data.keys.p256dh,
        data.keys.auth,
        _user_agent(user_agent),
        settings,
    )
    if not created:
        response.status_code = status.HTTP_200_OK
    return PushSubscriptionRead.of(row)


@subscriptions_router.get("")
async def list_push_subscriptions(session: SessionDep, user: CurrentUser) -> PushSubscriptionList:
    """Your browsers' push subscriptions, oldest first."""
    rows = await push.list_mine(session, user)
    return PushSubscriptionList(items=[PushSubscriptionRead.of(r) for r in rows])


@subscriptions_router.delete("/{subscription_id}", status_code=status.HTTP_204_NO_CONTENT)
async def delete_push_subscription(
    subscription_id: Annotated[int, Path(ge=1, le=2**63 - 1)],
    session: SessionDep,
    user: CurrentUser,
) -> Response:
    """Unsubscribe a browser (someone else's subscription is 404)."""
    await push.unsubscribe(session, user, subscription_id)
    return Response(status_code=status.HTTP_204_NO_CONTENT)
