"""One vocabulary of event kinds (EventKind): turn summaries, history and live events alike,
published as an enum in the contract; the data migration rewrites the kinds stored before."""

import importlib.util
import json
import uuid
from pathlib import Path
from types import ModuleType
from typing import Any

from httpx import AsyncClient
from sqlalchemy import select, text
from sqlalchemy.ext.asyncio import AsyncSession

from app.openapi import render_openapi
from app.store.events.kinds import ALL_KINDS
from app.store.models import ArmyRow
from app.store.models.event import CampaignEvent
from app.store.models.summary_event import PendingSummaryEvent
from app.store.models.turn import TurnRecord, TurnSummaryRow
from tests.factories.flows import MakeUser, army_of, start_game

MIGRATION = (
    Path(__file__).resolve().parents[3]
    / "migrations"
    / "versions"
    / "2026-11-30-0700_event_kind_vocabulary.py"
)
KINDS = {k.value for k in ALL_KINDS}


def migration() -> ModuleType:
    spec = importlib.util.spec_from_file_location("event_kind_vocabulary", MIGRATION)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_contract_publishes_event_kinds_as_one_enum_for_summaries_and_live_events() -> None:
    contract = json.loads(render_openapi())
    schemas = contract["components"]["schemas"]
    assert schemas["EventKind"]["enum"] == [k.value for k in ALL_KINDS]
    ref = {"$ref": "#/components/schemas/EventKind"}
    # Summaries: a union discriminated on `kind`, each variant's `kind` one of the vocabulary.
    discriminator = schemas["SummaryEvent"]["discriminator"]
    assert discriminator["propertyName"] == "kind"
    assert set(discriminator["mapping"]) <= KINDS
    stream = contract["paths"]["/v1/campaigns/{campaign_id}/events"]["get"]["responses"]["200"]
    # OpenAPI 3.1 has no `itemSchema`: the stream's items are given as `x-itemSchema`.
    item = stream["content"]["text/event-stream"]["x-itemSchema"]
    assert item == {"$ref": "#/components/schemas/ServerSentEvent"}
    for variant in schemas["ServerSentEvent"]["oneOf"]:
        event = variant["properties"].get("event")
        if event is not None:  # the first frame has none, only `retry`
            assert event.items() >= ref.items()
            assert event["const"] in KINDS


async def test_summaries_and_live_events_of_a_real_turn_speak_the_vocabulary(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    p1 = game.players[0]
    a1 = await army_of(session, game, 1)
    a1.q, a1.r = 4, 1
    await session.flush()
    r = await client.put(game.url(f"/armies/{a1.id}/move"), json={"path": [[5, 1]]},
                         headers=p1.headers)  # fmt: skip
    assert r.status_code == 200, r.text
    for p in game.players:
        r = await client.put(game.url("/turn/ready"), headers=p.headers)
        assert r.status_code == 200, r.text
    r = await client.post(game.url("/turn/resolve"), headers=game.owner.headers)
    assert r.status_code == 200, r.text
    summary = (await client.get(game.url("/turns/1/summary"), headers=p1.headers)).json()
    kinds = [e["kind"] for e in summary["events"]]
    assert "army_moved" in kinds
    assert "gold" in kinds
    assert set(kinds) <= KINDS
    live = await session.scalars(
        select(CampaignEvent.kind).where(CampaignEvent.campaign_id == uuid.UUID(game.id))
    )
    assert set(live) <= KINDS
    moved = await session.get_one(ArmyRow, (uuid.UUID(game.id), a1.id), populate_existing=True)
    assert (moved.q, moved.r) == (5, 1)


async def test_data_migration_rewrites_the_kinds_stored_before(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    """Summaries (order and other fields kept), pending summary events and live events."""
    game = await start_game(client, make_user)
    cid = uuid.UUID(game.id)

    def entry(kind: str, **data: Any) -> dict[str, Any]:
        return {"kind": kind, "rule": "R-X", "coords": [[1, 2]], "data": data}

    old = [
        entry("army moved", army_id=1),
        entry("army lost a tier", army_id=2, tier=1),
        entry("army_tier_lost", army_id=3, tier=2),
        entry("outpost done", build_id=4),
        entry("gold", amount=3),
        entry("siege lifted", structure_id=5),
    ]
    session.add(TurnRecord(campaign_id=cid, number=1))
    await session.flush()
    session.add_all(
        [
            TurnSummaryRow(campaign_id=cid, number=1, player=1, events=old),
            TurnSummaryRow(campaign_id=cid, number=1, player=2, events=[]),
            PendingSummaryEvent(campaign_id=cid, player=1, event=entry("treaty ended", t=1)),
            PendingSummaryEvent(campaign_id=cid, player=2, event=entry("battle_cancelled")),
            CampaignEvent(campaign_id=cid, seq=1, cursor="c1", kind="army raised", payload={}),
            CampaignEvent(campaign_id=cid, seq=2, cursor="c2", kind="turn_changed", payload={}),
        ]
    )
    await session.flush()

    module = migration()
    renamed = json.dumps(module.RENAMED)
    for statement in (module.SUMMARIES, module.PENDING, module.LIVE):
        await session.execute(text(statement).bindparams(renamed=renamed))
    session.expire_all()

    mine = await session.get_one(TurnSummaryRow, (cid, 1, 1))
    assert mine.events == [
        entry("army_moved", army_id=1),
        entry("army_tier_lost", army_id=2, tier=1),
        entry("army_tier_lost", army_id=3, tier=2),
        entry("outpost_built", build_id=4),
        entry("gold", amount=3),
        entry("siege_lifted", structure_id=5),
    ]
    assert (await session.get_one(TurnSummaryRow, (cid, 1, 2))).events == []
    pending = await session.scalars(
        select(PendingSummaryEvent.event)
        .where(PendingSummaryEvent.campaign_id == cid)
        .order_by(PendingSummaryEvent.id)
    )
    assert list(pending) == [entry("treaty_ended", t=1), entry("battle_cancelled")]
    live = await session.scalars(
        select(CampaignEvent.kind)
        .where(CampaignEvent.campaign_id == cid)
        .order_by(CampaignEvent.seq)
    )
    assert list(live) == ["army_raised", "turn_changed"]
    assert set(module.RENAMED.values()) <= KINDS
    # The history reads them back as the enum.
    summary = await client.get(game.url("/turns/1/summary"), headers=game.players[0].headers)
    assert summary.status_code == 200, summary.text
    assert [e["kind"] for e in summary.json()["events"]] == [e["kind"] for e in mine.events]
