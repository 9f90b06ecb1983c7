"""Campaign isolation for API tests: a `world` of two running campaigns with armies, structures
and battles in place, and every campaign-scoped operation (`campaign_operations`)."""

import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from fastapi import FastAPI
from httpx import AsyncClient
from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from app.store.models import (
    ArmyRow,
    BattleRow,
    Campaign,
    CampaignPlayer,
    GeneralRow,
    PushSubscription,
    TreatyRow,
    UserIdentity,
)
from tests.factories.flows import (
    THREE,
    AuthUser,
    Game,
    GamePlayer,
    MakeUser,
    create_lobby,
    ok,
    start_game,
)


@dataclass(frozen=True)
class Operation:
    id: str
    method: str
    path: str
    has_body: bool

    def url(self, values: dict[str, Any]) -> str:
        return self.path.format(**values)


def operations(app: FastAPI) -> Iterator[Operation]:
    for path, items in app.openapi()["paths"].items():
        for method, op in items.items():
            yield Operation(op["operationId"], method.upper(), path, "requestBody" in op)


def campaign_operations(app: FastAPI) -> list[Operation]:
    return [op for op in operations(app) if "{campaign_id}" in op.path]


@dataclass
class World:
    game: Game
    stranger: AuthUser
    ids: dict[str, Any]
    # Per-operation path values and bodies that would succeed for the object's rightful owner.
    overrides: dict[str, dict[str, Any]] = field(default_factory=dict)

    @property
    def p1(self) -> GamePlayer:
        return self.game.players[0]

    @property
    def p2(self) -> GamePlayer:
        return self.game.players[1]

    @property
    def p3(self) -> GamePlayer:
        return self.game.players[2]

    def values(self, op: Operation) -> dict[str, Any]:
        return {**self.ids, **self.overrides.get(op.id, {})}

    def body(self, op: Operation) -> Any:
        if not op.has_body:
            return None
        return BODIES.get(op.id, lambda w: {})(self)


BODIES: dict[str, Any] = {
    "campaigns-update-campaign": lambda w: {"name": "Hijacked"},
    "campaigns-join-campaign": lambda w: {"invite_code": "WRONG999"},
    "campaigns-choose-faction": lambda w: {"faction": "skaven", "slot": 3},
    "campaigns-extend-deadline": lambda w: {"extend_hours": 5},
    "campaigns-set-player-status": lambda w: {"inactive": True},
    "seats-hand-over-seat": lambda w: {"username": w.stranger.username},
    "bots-put-seat-bot": lambda w: {"difficulty": "easy", "personality": "builder"},
    "seats-start-vacation": lambda w: {"days": 1},
    "orders-order-build": lambda w: {
        "kind": "outpost",
        "q": 7,
        "r": 3,
        "army_id": w.ids["army_id"],
    },
    "orders-raise-army": lambda w: {"city_id": w.ids["p2_capital"]},
    "orders-set-standing-order": lambda w: {"kind": "hold", "army_id": w.ids["army_id"]},
    "rosters-put-roster": lambda w: {"content": "Name: Stolen\n5x Spearmen - 50 pts\n"},
    "orders-set-move": lambda w: {"path": [[8, 4]]},
    "orders-assign-general": lambda w: {"general_id": w.ids["free_general"]},
    "battles-choose-leader": lambda w: {"army_id": w.ids["p2_army"]},
    "battles-report-result": lambda w: {
        "outcome": "attacker_victory",
        "attacker_losses_pct": 10,
        "defender_losses_pct": 100,
    },
    "battles-reject-result": lambda w: {"reason": "not what happened"},
    "battles-edit-report": lambda w: {
        "outcome": "draw",
        "attacker_losses_pct": 10,
        "defender_losses_pct": 10,
    },
    "battles-propose-play-by": lambda w: {"date": "2099-01-01T18:00:00Z"},
    "battles-accept-play-by": lambda w: {"date": "2099-01-01T18:00:00Z"},
    "battles-arbitrate-battle": lambda w: {"cancel": True},
    "diplomacy-issue-edict": lambda w: {"kind": "alliance", "to": 3},
    "messages-send-message": lambda w: {"to": [3], "body": "hello"},
    "messages-mark-messages-read": lambda w: {"up_to": 1000},
    "messages-mark-message-thread-read": lambda w: {"up_to": 0},
    "house-rules-create-house-rule": lambda w: {
        "section": "Magic",
        "kind": "add",
        "text": "No miscasts.",
    },
    "house-rules-update-house-rule": lambda w: {"text": "Hijacked"},
    "tokens-create-token": lambda w: {"name": "x"},
    "maps-generate-map": lambda w: {"seed": 1},
    "notifications-create-webhook": lambda w: {"url": "https://93.184.215.14/hook"},
    "notifications-update-webhook": lambda w: {"kinds": ["turn_started"]},
}


async def _one(session: AsyncSession, query: Any) -> Any:
    value = await session.scalar(query.execution_options(populate_existing=True))
    assert value is not None
    return value


async def _new_id(session: AsyncSession, cid: uuid.UUID) -> int:
    campaign = await session.get_one(Campaign, cid, populate_existing=True)
    value = campaign.next_id
    campaign.next_id += 1
    await session.flush()
    return value


async def _add_army(
    session: AsyncSession, cid: uuid.UUID, owner: int, coord: tuple[int, int], *, general: bool
) -> int:
    army_id = await _new_id(session, cid)
    general_id = await _new_id(session, cid) if general else None
    session.add(
        ArmyRow(
            campaign_id=cid,
            id=army_id,
            owner=owner,
            q=coord[0],
            r=coord[1],
            tier=1,
            general_id=general_id,
        )
    )
    await session.flush()
    if general_id is not None:
        session.add(GeneralRow(campaign_id=cid, id=general_id, owner=owner, army_id=army_id))
        await session.flush()
    return army_id


@pytest.fixture
async def world(client: AsyncClient, make_user: MakeUser, session: AsyncSession) -> World:
    game = await start_game(client, make_user, THREE)
    cid = uuid.UUID(game.id)
    p2 = game.players[1]
    armies = {
        row.owner: row.id
        for row in await session.scalars(
            select(ArmyRow).where(ArmyRow.campaign_id == cid).order_by(ArmyRow.id)
        )
    }
    # A field battle at (5, 1), out of player 1's sight (its capital is at (2, 1)).
    await session.execute(
        update(ArmyRow).where(ArmyRow.campaign_id == cid, ArmyRow.id == armies[2]).values(q=4, r=1)
    )
    await session.execute(
        update(ArmyRow).where(ArmyRow.campaign_id == cid, ArmyRow.id == armies[3]).values(q=5, r=1)
    )
    await session.flush()
    path = {"path": [[5, 1]]}
    await ok(await client.put(game.url(f"/armies/{armies[2]}/move"), json=path, headers=p2.headers))
    for p in game.players:
        await ok(await client.put(game.url("/turn/ready"), headers=p.headers))
    await ok(await client.post(game.url("/turn/resolve"), headers=game.owner.headers))
    battle = await _one(session, select(BattleRow).where(BattleRow.campaign_id == cid))
    assert (battle.q, battle.r, battle.status) == (5, 1, "awaiting_report")

    await session.execute(
        update(CampaignPlayer).where(CampaignPlayer.campaign_id == cid).values(gold=200)
    )
    army2 = await _add_army(session, cid, 2, (7, 2), general=True)
    army3 = await _add_army(session, cid, 2, (8, 3), general=True)
    army4 = await _add_army(session, cid, 2, (8, 2), general=False)
    free_general = await _new_id(session, cid)
    session.add(GeneralRow(campaign_id=cid, id=free_general, owner=2))
    await session.flush()

    # Player 2's orders of turn 2 on army 2: a move, an outpost where it ends, an upgrade.
    await ok(
        await client.put(
            game.url(f"/armies/{army2}/move"), json={"path": [[7, 3]]}, headers=p2.headers
        )
    )
    build = await ok(
        await client.post(
            game.url("/builds"),
            json={"kind": "outpost", "q": 7, "r": 3, "army_id": army2},
            headers=p2.headers,
        ),
        201,
    )
    await ok(await client.post(game.url(f"/armies/{army2}/upgrade"), headers=p2.headers), 201)
    # Diplomacy between players 2 and 3 only.
    edict = await ok(
        await client.post(
            game.url("/edicts"), json={"kind": "embassy", "to": 3}, headers=p2.headers
        ),
        201,
    )
    treaty_id = await _new_id(session, cid)
    session.add(TreatyRow(campaign_id=cid, id=treaty_id, kind="pact", a=2, b=3, since_turn=2))
    await session.flush()
    await ok(
        await client.post(
            game.url("/messages"), json={"to": [3], "body": "Secret plan"}, headers=p2.headers
        ),
        201,
    )
    rule = await ok(
        await client.post(
            game.url("/house-rules"),
            json={"section": "Magic", "kind": "add", "text": "No miscasts."},
            headers=game.owner.headers,
        ),
        201,
    )
    token = await ok(await client.post("/v1/tokens", json={"name": "p2"}, headers=p2.headers), 201)
    webhook = await ok(
        await client.post(
            game.url("/webhooks"), json={"url": "https://93.184.215.14/hook"}, headers=p2.headers
        ),
        201,
    )
    game_map = await ok(
        await client.post("/v1/maps/generate", json={"seed": 7}, headers=p2.headers), 201
    )
    p2_player = await session.get_one(CampaignPlayer, (cid, 2), populate_existing=True)
    # Seat 3 offered to a user outside the campaign: the offer is theirs and the owner's.
    invitee = await make_user()
    offer = await ok(
        await client.post(
            game.url("/players/3/handover"),
            json={"username": invitee.username},
            headers=game.owner.headers,
        ),
        201,
    )

    # Player 2's army list on army 3, a standing order, and an item of their inbox.
    await ok(
        await client.put(
            game.url(f"/armies/{army3}/roster"),
            json={"content": "Name: Patrol\n20x Halberdiers - 140 pts\n"},
            headers=p2.headers,
        )
    )
    standing = await ok(
        await client.post(
            game.url("/standing-orders"),
            json={"kind": "hold", "army_id": army2},
            headers=p2.headers,
        ),
        201,
    )
    inbox = await ok(await client.get("/v1/notifications", headers=p2.headers))
    assert inbox["items"], "a turn change told player 2"
    # Player 2 asks to join another, public, campaign (R-CAMP-11).
    public = await create_lobby(client, invitee, settings={"public": True})
    join_request = await ok(
        await client.post(
            "/v1/users/me/join-requests", json={"campaign_id": public["id"]}, headers=p2.headers
        ),
        201,
    )

    # One of player 2's browsers' push subscriptions (push is off here: stored as it would be).
    subscription = PushSubscription(
        user_id=p2.user.id,
        endpoint="https://push.example.org/p2",
        p256dh="B" + "A" * 86,
        auth="A" * 22,
    )
    session.add(subscription)
    # An identity at a provider that signs in to player 2's account (issue 46).
    identity = UserIdentity(
        user_id=p2.user.id, provider="mock", issuer="https://id.example.org", subject="p2"
    )
    session.add(identity)
    await session.flush()

    ids = {
        "campaign_id": game.id,
        "army_id": army3,
        "p2_army": armies[2],
        "order_id": build["id"],
        "battle_id": battle.id,
        "edict_id": edict["id"],
        "treaty_id": treaty_id,
        "rule_id": rule["id"],
        "number": 3,
        "thread": 3,  # a conversation by seat (issue 44)
        "q": 7,
        "r": 2,
        "token_id": token["id"],
        "map_id": game_map["id"],
        "free_general": free_general,
        "p2_capital": p2_player.capital_id,
        "webhook_id": webhook["id"],
        "offer_id": offer["id"],
        "standing_id": standing["id"],
        "notification_id": inbox["items"][0]["id"],
        "request_id": join_request["id"],
        "user_id": str(invitee.id),  # a user who watches nothing (R-CAMP-13)
        "username": invitee.username,  # a user to block, bar or suspend (issue 45)
        "subscription_id": subscription.id,
        "identity_id": str(identity.id),
        "provider": "mock",
        "report_id": 1,  # the operators' API answers anyone else as a path that does not exist
    }
    overrides = {
        "orders-cancel-upgrade": {"army_id": army2},
        "orders-cancel-move": {"army_id": army2},
        "orders-set-entrench": {"army_id": army2},
        "orders-cancel-entrench": {"army_id": army2},
        "orders-assign-general": {"army_id": army4},
    }
    return World(game, await make_user(), ids, overrides)
