"""Moderation over HTTP for API tests: blocks, bans, reports, and an operator made as the
command line makes one (`set_operator`)."""

from typing import Any

from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.moderation.operators import set_operator
from tests.factories.flows import AuthUser, Game, MakeUser, ok

BLOCKS = "/v1/users/me/blocks"
BANNED = "/v1/users/me/banned"
REPORTS = "/v1/reports"
OPERATOR = "/v1/operator"
WHY = {"reason": "Insults in messages, reported twice."}


async def block(client: AsyncClient, user: AuthUser, other: AuthUser) -> None:
    await ok(await client.put(f"{BLOCKS}/{other.username}", headers=user.headers), 204)


async def make_operator(session: AsyncSession, make_user: MakeUser) -> AuthUser:
    """A user made an operator the only way there is: the command line's function."""
    operator = await make_user()
    assert await set_operator(session, operator.username, True) is not None
    return operator


async def send(client: AsyncClient, game: Game, index: int, to: Any, body: str) -> Any:
    response = await client.post(
        game.url("/messages"), json={"to": to, "body": body}, headers=game.players[index].headers
    )
    return await ok(response, 201)


async def mailbox_bodies(client: AsyncClient, game: Game, index: int) -> list[str]:
    page = await ok(await client.get(game.url("/messages"), headers=game.players[index].headers))
    return [m["body"] for m in page["items"]]


async def report_message(
    client: AsyncClient, reporter: AuthUser, campaign_id: str, message_id: int
) -> Any:
    body = {
        "kind": "message",
        "campaign_id": campaign_id,
        "message_id": message_id,
        "reason": "Threats.",
    }
    return await client.post(REPORTS, json=body, headers=reporter.headers)


async def open_reports(client: AsyncClient, operator: AuthUser) -> list[dict[str, Any]]:
    page = await ok(await client.get(f"{OPERATOR}/reports", headers=operator.headers))
    items: list[dict[str, Any]] = page["items"]
    return items
