"""Finding a game over HTTP for API tests: public settings, asking to join, the owner's
answers, a user's inbox."""

from typing import Any

from httpx import AsyncClient

from tests.factories.disorder import SETTINGS
from tests.factories.flows import AuthUser, ok

MINE = "/v1/users/me/join-requests"
PUBLIC = {**SETTINGS, "public": True, "civil_disorder_after_missed": 1}


async def ask(
    client: AsyncClient,
    user: AuthUser,
    campaign_id: str,
    number: int | None = None,
    status: int = 201,
) -> dict[str, Any]:
    body: dict[str, Any] = {"campaign_id": campaign_id, "note": "Keen, plays weekly."}
    if number is not None:
        body["number"] = number
    response = await client.post(MINE, json=body, headers=user.headers)
    asked: dict[str, Any] = await ok(response, status)
    return asked


async def requests_of(client: AsyncClient, campaign_id: str, owner: AuthUser) -> list[Any]:
    url = f"/v1/campaigns/{campaign_id}/join-requests"
    found: list[Any] = await ok(await client.get(url, headers=owner.headers))
    return found


async def answer(
    client: AsyncClient, campaign_id: str, request_id: str, owner: AuthUser, verb: str
) -> Any:
    url = f"/v1/campaigns/{campaign_id}/join-requests/{request_id}/{verb}"
    return await client.post(url, headers=owner.headers)


async def inbox_kinds(client: AsyncClient, user: AuthUser) -> list[str]:
    page = await ok(await client.get("/v1/notifications", headers=user.headers))
    return [item["kind"] for item in page["items"]]
