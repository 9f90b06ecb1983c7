"""Seat offers over HTTP (R-CAMP-6): hand a seat over, or import, and have the user answer."""

from typing import Any

from httpx import AsyncClient

from tests.factories.flows import AuthUser, Game

OFFERS = "/v1/users/me/seat-offers"


async def offers_to(client: AsyncClient, user: AuthUser) -> list[dict[str, Any]]:
    """The seats offered to `user`, as their list shows them."""
    response = await client.get(OFFERS, headers=user.headers)
    assert response.status_code == 200, response.text
    items: list[dict[str, Any]] = response.json()["items"]
    return items


async def offer_of(client: AsyncClient, user: AuthUser, campaign_id: str) -> dict[str, Any]:
    """The one seat of campaign `campaign_id` offered to `user`."""
    found = [o for o in await offers_to(client, user) if o["campaign_id"] == campaign_id]
    assert len(found) == 1, found
    return found[0]


async def accept(client: AsyncClient, user: AuthUser, campaign_id: str) -> dict[str, Any]:
    """`user` accepts the seat of `campaign_id` offered to them; the campaign as they see it."""
    offer = await offer_of(client, user, campaign_id)
    response = await client.post(f"{OFFERS}/{offer['id']}/accept", headers=user.headers)
    assert response.status_code == 200, response.text
    campaign: dict[str, Any] = response.json()
    return campaign


async def hand_over_accepted(
    client: AsyncClient, game: Game, number: int, user: AuthUser, headers: dict[str, str]
) -> dict[str, Any]:
    """The owner hands seat `number` to `user`, who accepts; the seat as the owner sees it."""
    offered = await client.post(
        game.url(f"/players/{number}/handover"), json={"username": user.username}, headers=headers
    )
    assert offered.status_code == 201, offered.text
    await accept(client, user, game.id)
    players = await client.get(game.url("/players"), headers=headers)
    assert players.status_code == 200, players.text
    seat: dict[str, Any] = next(p for p in players.json() if p["number"] == number)
    return seat
