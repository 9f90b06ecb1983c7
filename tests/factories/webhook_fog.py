"""The randomized fog games' webhook check (issue 15): every notification written for a
player's personal webhook says no more than that player may know, and the campaign webhook's
say only public facts; no real name appears, in any format, under anonymity (R-CAMP-5).

The inbox is checked by the same rules as the personal webhooks (each player's inbox, and so
their email, says no more than they may know).

The games register the webhooks at a public address literal (no name to resolve) and never run
the delivery worker: the outbox rows are what would be posted, and the bodies each format
would post are rendered from them here.
"""

import uuid
from collections import Counter

from httpx import AsyncClient
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app.channels.notifications.formats import render
from app.channels.notifications.messages import CAMPAIGN_KINDS, NotificationData
from app.store.models import BattleRow, EdictRow, InboxItem, WebhookDelivery, WebhookEndpoint
from app.store.models.notification import EndpointFormat, EndpointScope
from tests.factories.flows import AuthUser

HOOK_URL = "https://93.184.215.14/hook"


async def register_fog_webhooks(
    client: AsyncClient, campaign_id: str, users: dict[int, AuthUser], owner: AuthUser
) -> None:
    """A personal webhook for every player, and the owner's campaign webhook."""
    url = f"/v1/campaigns/{campaign_id}/webhooks"
    for user in users.values():
        created = await client.post(url, json={"url": HOOK_URL}, headers=user.headers)
        assert created.status_code == 201, created.text
    channel = {"url": HOOK_URL, "scope": "campaign", "format": "discord"}
    created = await client.post(url, json=channel, headers=owner.headers)
    assert created.status_code == 201, created.text


def _participants(battle: BattleRow) -> set[int]:
    return set(battle.attacker["players"]) | set(battle.defender["players"])


async def webhook_leaks(
    session: AsyncSession,
    campaign_id: str,
    users: dict[int, AuthUser],
    hidden_names: set[str],
    tally: Counter[str],
) -> list[str]:
    """What the outbox would tell someone who may not know it."""
    cid = uuid.UUID(campaign_id)
    session.expire_all()
    number_of = {user.id: number for number, user in users.items()}
    endpoints = {
        e.id: e
        for e in await session.scalars(
            select(WebhookEndpoint).where(WebhookEndpoint.campaign_id == cid)
        )
    }
    battles = {
        b.id: b
        for b in await session.scalars(select(BattleRow).where(BattleRow.campaign_id == cid))
    }
    edicts = {
        e.id: e for e in await session.scalars(select(EdictRow).where(EdictRow.campaign_id == cid))
    }
    found: list[str] = []
    rows = await session.scalars(
        select(WebhookDelivery)
        .where(WebhookDelivery.campaign_id == cid)
        .order_by(WebhookDelivery.id)
    )
    for row in rows:
        endpoint = endpoints[row.endpoint_id]
        data = NotificationData.model_validate_json(row.body)
        bodies = [render(f, data, row.created_at, None) for f in EndpointFormat]
        where = f"webhook {endpoint.scope.value} {data.kind.value}"
        tally[f"webhook {data.kind.value}"] += 1
        found += [f"{where}: real name {n!r}" for n in hidden_names if any(n in b for b in bodies)]
        if endpoint.scope is EndpointScope.CAMPAIGN:
            if data.kind not in CAMPAIGN_KINDS:
                found.append(f"{where}: not a public kind")
            if data.battle_id is not None or data.edict_id is not None:
                found.append(f"{where}: names a battle or an edict")
            if any(f"/battles/{b}" in body for b in battles for body in bodies):
                found.append(f"{where}: links a battle")
            continue
        me = number_of[endpoint.user_id]
        if data.battle_id is not None:
            battle = battles.get(data.battle_id)
            if battle is None or me not in _participants(battle):
                found.append(f"{where} to player {me}: battle {data.battle_id} is not theirs")
        if data.edict_id is not None:
            edict = edicts.get(data.edict_id)
            if edict is None or edict.recipient != me:
                found.append(f"{where} to player {me}: edict {data.edict_id} is not for them")
        others = [b for b in battles if f"/battles/{b}" in data.link and b != data.battle_id]
        if others:
            found.append(f"{where} to player {me}: links battles {others}")
    found += await _inbox_leaks(session, cid, number_of, battles, edicts, hidden_names, tally)
    return found


async def _inbox_leaks(
    session: AsyncSession,
    cid: uuid.UUID,
    number_of: dict[uuid.UUID, int],
    battles: dict[int, BattleRow],
    edicts: dict[int, EdictRow],
    hidden_names: set[str],
    tally: Counter[str],
) -> list[str]:
    """The inbox (issue 28), by the same rules as a personal webhook: what each player's inbox
    says about the campaign (and so what their email would say)."""
    found: list[str] = []
    items = await session.scalars(
        select(InboxItem).where(InboxItem.campaign_id == cid).order_by(InboxItem.seq)
    )
    for item in items:
        data = NotificationData.model_validate_json(item.body)
        where = f"inbox {data.kind.value}"
        tally[where] += 1
        found += [f"{where}: real name {n!r}" for n in hidden_names if n in item.body]
        me = number_of.get(item.user_id)
        if me is None:
            continue  # the game master sees everything
        if data.battle_id is not None:
            battle = battles.get(data.battle_id)
            if battle is None or me not in _participants(battle):
                found.append(f"{where} to player {me}: battle {data.battle_id} is not theirs")
        if data.edict_id is not None:
            edict = edicts.get(data.edict_id)
            if edict is None or edict.recipient != me:
                found.append(f"{where} to player {me}: edict {data.edict_id} is not for them")
        others = [b for b in battles if f"/battles/{b}" in data.link and b != data.battle_id]
        if others:
            found.append(f"{where} to player {me}: links battles {others}")
    return found
