"""Discord: my linked account and its one-time codes; the interactions endpoint Discord calls."""

from typing import Any

from fastapi import APIRouter, Request, Response, status
from fastapi.responses import JSONResponse

from app.accounts.auth.dependencies import CurrentUser
from app.channels.discord import commands, links, signature
from app.channels.discord.interactions import INTERACTIONS_PATH, PING, parse
from app.channels.discord.messages import pong
from app.channels.discord.schemas import (
    DiscordLinkCodeCreated,
    DiscordLinkRead,
    InteractionResponse,
)
from app.platform.db.session import SessionDep
from app.platform.dependencies import NowDep, SettingsDep
from app.platform.errors import PROBLEM_RESPONSES, NotFound
from app.platform.i18n import _

router = APIRouter(tags=["discord"], responses=PROBLEM_RESPONSES)

INTERACTION_REQUEST: dict[str, Any] = {
    "required": True,
    "content": {
        "application/json": {
            "schema": {
                "type": "object",
                "description": "Discord's interaction object, signed by Discord "
                "(`X-Signature-Ed25519` over `X-Signature-Timestamp` and this body).",
                "additionalProperties": True,
            }
        }
    },
}
SIGNATURE_HEADERS: list[dict[str, Any]] = [
    {
        "name": "X-Signature-Ed25519",
        "in": "header",
        "required": True,
        "description": "Discord's Ed25519 signature (hexadecimal) of the timestamp and the body.",
        "schema": {"type": "string"},
    },
    {
        "name": "X-Signature-Timestamp",
        "in": "header",
        "required": True,
        "description": "Unix seconds; refused if older than 5 minutes or in the future.",
        "schema": {"type": "string"},
    },
]


@router.post("/users/me/discord/link-code", status_code=status.HTTP_201_CREATED)
async def create_discord_link_code(
    user: CurrentUser, session: SessionDep, now: NowDep
) -> DiscordLinkCodeCreated:
    """Make a one-time code that links my account to the Discord user who types it.

    Valid 10 minutes, single use; a new code retires the earlier ones. At most 5 an hour
    (then 429 with `Retry-After`). No `Idempotency-Key`: a retry simply makes another code.
    """
    code, expires_at = await links.issue_code(session, user, now)
    return DiscordLinkCodeCreated(code=code, expires_at=expires_at)


@router.get("/users/me/discord")
async def read_discord_link(user: CurrentUser, session: SessionDep) -> DiscordLinkRead:
    """Whether my account is linked to a Discord user."""
    link = await links.read_link(session, user)
    if link is None:
        return DiscordLinkRead(linked=False)
    return DiscordLinkRead(
        linked=True, discord_user_id=link.discord_user_id, linked_at=link.linked_at
    )


@router.delete("/users/me/discord", status_code=status.HTTP_204_NO_CONTENT)
async def unlink_discord(user: CurrentUser, session: SessionDep) -> Response:
    """Unlink my Discord user: its commands no longer act for me (404 if none is linked)."""
    await links.unlink(session, user)
    return Response(status_code=status.HTTP_204_NO_CONTENT)


@router.post(
    INTERACTIONS_PATH,
    response_model=InteractionResponse,
    openapi_extra={"requestBody": INTERACTION_REQUEST, "parameters": SIGNATURE_HEADERS},
)
async def discord_interaction(
    request: Request, session: SessionDep, settings: SettingsDep, now: NowDep
) -> Response:
    """Discord's interactions (the `/marchlords` slash commands), signed by Discord.

    For Discord only: its application's "Interactions Endpoint URL". 404 while
    `MARCHLORDS_DISCORD_PUBLIC_KEY` is unset (the integration is off); 401 for a missing,
    invalid or stale signature, checked on the raw body before it is read as JSON. A command's
    refusal is an answer (text in the caller's Discord language), not an error.
    """
    key = settings.discord_public_key
    if key is None:
        raise NotFound(_("The Discord integration is off on this server."))
    body = await request.body()  # bounded: MAX_BODY_BYTES (app/shell/limits)
    signature.verify(
        key,
        request.headers.get("x-signature-ed25519"),
        request.headers.get("x-signature-timestamp"),
        body,
        now,
    )
    interaction = parse(body)
    if interaction.type == PING:
        return JSONResponse(pong())
    return JSONResponse(await commands.answer(session, interaction, now, settings.public_url))
