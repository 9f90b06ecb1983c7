"""Every event kind has a schema in the contract, and what a played campaign emits matches it:
its turn summaries (read over HTTP, and by the generated client as one model per kind) and its
live events (the stream's payloads)."""

import uuid
from typing import Any

from httpx import AsyncClient
from marchlords_client.models import TurnSummaryRead
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app.rules.state import EventKind
from app.store.events.kinds import ALL_KINDS, AppEventKind
from app.store.events.schemas import LIVE_PAYLOAD, SUMMARY_DATA
from app.store.models.event import CampaignEvent
from tests.event_schemas import live_kinds, payload_problem, summary_kinds, summary_problem
from tests.factories.flows import MakeUser, army_of, start_game


def test_every_kind_has_a_schema_in_the_contract() -> None:
    """The engine's kinds reach summaries; the app's reach summaries or the stream."""
    assert len({k.value for k in ALL_KINDS}) == len(ALL_KINDS)  # no app kind repeats an engine's
    assert set(EventKind) <= set(SUMMARY_DATA)
    assert set(AppEventKind) <= set(SUMMARY_DATA) | set(LIVE_PAYLOAD)
    # The committed contract is the one these models make (scripts/openapi).
    assert summary_kinds() == {str(k) for k in SUMMARY_DATA}
    assert live_kinds() == {str(k) for k in LIVE_PAYLOAD}


def test_a_payload_off_its_schema_is_caught() -> None:
    """The checks below can fail: a missing field, a wrong type, a field the schema lacks."""
    assert payload_problem("player_ready", {"player": 1, "ready": True}) is None
    assert payload_problem("player_ready", {"player": 1}) is not None
    assert payload_problem("player_ready", {"player": "1", "ready": True}) is not None
    assert payload_problem("player_ready", {"player": 1, "ready": True, "x": 1}) is not None
    line = {"kind": "gold", "rule": "R-ECO-6", "coords": [], "data": {"amount": 3, "reason": "x"}}
    assert summary_problem(line) is None
    assert summary_problem({**line, "data": {"amount": 3}}) is not None
    assert summary_problem({**line, "kind": "army_moved"}) is not None


async def _put(client: AsyncClient, url: str, headers: dict[str, str], **body: Any) -> None:
    r = await client.put(url, json=body or None, headers=headers)
    assert r.status_code == 200, r.text


async def test_events_of_a_played_campaign_match_the_contract(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    """Two turns with a battle reported and confirmed, a message, an edict, readiness changes,
    a pause: every summary line and live event validates."""
    game = await start_game(client, make_user)
    p1, p2 = game.players
    a1, a2 = await army_of(session, game, 1), await army_of(session, game, 2)
    a1.q, a1.r, a2.q, a2.r = 4, 1, 5, 1
    await session.flush()
    await _put(client, game.url(f"/armies/{a1.id}/move"), p1.headers, path=[[5, 1]])
    r = await client.post(
        game.url("/messages"), json={"to": "all", "body": "Well met."}, headers=p1.headers
    )
    assert r.status_code == 201, r.text
    r = await client.post(
        game.url("/edicts"), json={"kind": "embassy", "to": 2}, headers=p1.headers
    )
    assert r.status_code == 201, r.text
    await _put(client, game.url("/turn/ready"), p1.headers)
    r = await client.delete(game.url("/turn/ready"), headers=p1.headers)
    assert r.status_code == 200, r.text
    for p in game.players:
        await _put(client, game.url("/turn/ready"), p.headers)
    r = await client.post(game.url("/turn/resolve"), headers=game.owner.headers)
    assert r.status_code == 200, r.text
    battles = (await client.get(game.url("/battles"), headers=p1.headers)).json()["items"]
    assert battles, "the armies met: a battle"
    battle_id = battles[0]["id"]
    report = {"outcome": "attacker_victory", "attacker_losses_pct": 10, "defender_losses_pct": 60}
    r = await client.post(game.url(f"/battles/{battle_id}/report"), json=report, headers=p1.headers)
    assert r.status_code == 200, r.text
    r = await client.post(game.url(f"/battles/{battle_id}/confirm"), headers=p2.headers)
    assert r.status_code == 200, r.text
    for action in ("pause", "resume"):
        r = await client.post(game.url(f"/{action}"), headers=game.owner.headers)
        assert r.status_code == 200, r.text
    for p in game.players:
        await _put(client, game.url("/turn/ready"), p.headers)
    r = await client.post(game.url("/turn/resolve"), headers=game.owner.headers)
    assert r.status_code == 200, r.text

    lines = []
    for number in (1, 2):
        for p in game.players:
            r = await client.get(game.url(f"/turns/{number}/summary"), headers=p.headers)
            assert r.status_code == 200, r.text
            lines.extend(r.json()["events"])
            # The generated client reads each line as its kind's own model.
            parsed = TurnSummaryRead.from_dict(r.json())
            for line, event in zip(r.json()["events"], parsed.events, strict=True):
                pascal = "".join(part.capitalize() for part in line["kind"].split("_"))
                assert type(event).__name__ == f"{pascal}SummaryEvent"
    live = (
        await session.execute(
            select(CampaignEvent.kind, CampaignEvent.payload).where(
                CampaignEvent.campaign_id == uuid.UUID(game.id)
            )
        )
    ).all()
    problems = [summary_problem(line) for line in lines]
    problems += [payload_problem(kind, payload) for kind, payload in live]
    assert [p for p in problems if p is not None] == []
    summarised = {line["kind"] for line in lines}
    published = {kind for kind, _ in live}
    # What this campaign went through, so that the check above is not a check of nothing.
    assert {"encounter", "battle_resolved", "army_advanced", "gold"} <= summarised, summarised
    expected_live = {"message_received", "edict_received", "player_ready", "battle_declared"}
    expected_live |= {"battle_reported", "battle_confirmed", "turn_changed", "campaign_paused"}
    assert expected_live <= published, published
