"""A short game that plays itself (R-BOT): four bots on a small generated map, a few turns
through the API, every invariant checked after every turn (the replay of each turn equal to the
live map, armies, territories and gold it was played on: `bench.replay_check`)."""

import uuid
from dataclasses import replace

from httpx import AsyncClient
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app.platform import metrics
from app.rules.ruleset import default_ruleset
from app.rules.setup import CAPITAL_PORT_FACTIONS
from app.store.models.turn import TurnRecord
from bench import replay_check
from tests.factories.flows import Game, MakeUser, gold_and_ledger, ok

PERSONALITIES = ("builder", "raider", "turtle", "raider")
FACTIONS = [f.key for f in default_ruleset().factions if f.key not in CAPITAL_PORT_FACTIONS][:4]


def _counted(outcome: str) -> float:
    value: float = metrics.BOT_ORDERS.labels(outcome)._value.get()
    return value


async def test_R_BOT_four_bots_play_a_small_map_keeping_every_invariant_each_turn(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    owner = await make_user()  # the game master: plays no seat
    generated = {"width": 16, "height": 12, "players": 4, "seed": 5}
    game_map = await ok(
        await client.post("/v1/maps/generate", json=generated, headers=owner.headers), 201
    )
    settings = {"max_players": 4, "bot_battles_by_points": True}
    body = {"name": "Self-play", "map_id": game_map["id"], "settings": settings}
    campaign = await ok(await client.post("/v1/campaigns", json=body, headers=owner.headers), 201)
    game = Game(campaign["id"], owner, [])
    for number, (faction, personality) in enumerate(zip(FACTIONS, PERSONALITIES, strict=True), 1):
        bot = {
            "difficulty": ("easy", "normal")[number % 2],
            "personality": personality,
            "faction": faction,
            "slot": number - 1,
        }
        await ok(
            await client.put(game.url(f"/seats/{number}/bot"), json=bot, headers=owner.headers)
        )
    await ok(await client.post(game.url("/start"), headers=owner.headers))
    refused, given = _counted("refused"), _counted("given")
    base, cid = game.url(""), uuid.UUID(game.id)
    for turn in range(1, 7):
        before = await replay_check.look(client, base, owner.headers, session, cid)
        await ok(await client.post(game.url("/turn/resolve"), headers=owner.headers))
        assert await replay_check.compare(client, base, owner.headers, session, before) == []
        shown = await ok(await client.get(game.url("/turn"), headers=owner.headers))
        assert (shown["number"], shown["pending_battles"]) == (turn + 1, 0)
        for number in range(1, 5):
            gold, ledger = await gold_and_ledger(session, game, number)
            assert gold == ledger >= 0, (turn, number)
        records = await session.scalars(
            select(TurnRecord.number).where(TurnRecord.campaign_id == uuid.UUID(game.id))
        )
        assert sorted(records) == list(range(1, turn + 1))
        assert _counted("refused") == refused  # nothing the bots' views allowed was refused
    assert _counted("given") > given
    # The check sees a replay that differs: a gold the ledger never booked, a moved army.
    tiles = [dict(t) for t in before.map["tiles"]]
    army = next(i for i, t in enumerate(tiles) if t.get("armies"))
    tiles[army]["armies"] = []
    seat, (gold, territories) = next(iter(before.numbers.items()))
    doctored = replace(
        before,
        map={**before.map, "tiles": tiles},
        numbers={**before.numbers, seat: (gold + 100_000, territories)},
    )
    problems = await replay_check.compare(client, base, owner.headers, session, doctored)
    assert [p.split(":")[0] for p in problems] == ["map", f"seat {seat}"], problems
