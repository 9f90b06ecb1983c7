"""After the battle (issue 30 item 4, R-ARMY-7): a report's casualties, checked against the
lists fielded; written onto the lists once the result is confirmed, and into each army's
veteran history, shown with the army to whoever may read its list (R-FOG-3); the battle keeps
the lists as fielded (a copy taken at declaration, R-ARMY-4).

Skirmish map: player 1 (Empire) attacks player 2 (Orcs & Goblins) on (5, 1).
"""

import asyncio
import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

from fastapi import FastAPI
from httpx import AsyncClient
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from app.platform.db.session import create_sessionmaker
from app.platform.dependencies import get_now
from app.play.deadlines.service import sweep
from app.store.models import ArmyBattleRow, ArmyRow, RosterRow
from tests.factories.battles import act, get_battle, result
from tests.factories.flows import THREE, MakeUser, start_game
from tests.factories.planting import place
from tests.factories.rosters import EMPIRE_LIST, armies, battle_with_lists, upload
from tests.helpers import assert_problem

T0 = datetime(2030, 6, 1, 12, 0, tzinfo=UTC)


def _losses(roster: dict[str, Any]) -> list[tuple[int, str, int, str]]:
    return [(u["unit"], u["name"], u["lost"], u["state"]) for u in roster["losses"]]


async def test_R_ARMY_7_casualties_outside_the_lists_fielded_are_422_naming_the_field(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    p1, _ = game.players
    battle, a1, a2 = await battle_with_lists(client, session, game)
    bid = battle["id"]
    wrong = {
        "casualties[0].army_id": [{"army_id": a1 + a2, "unit": 0, "lost": 1}],
        "casualties[1].unit": [{"army_id": a1, "unit": 0, "lost": 1},
                               {"army_id": a2, "unit": 2, "lost": 1}],
        "casualties[0].lost": [{"army_id": a1, "unit": 1, "lost": 21}],
        "casualties[2].unit": [{"army_id": a1, "unit": 1, "lost": 2},
                               {"army_id": a2, "unit": 1, "lost": 1},
                               {"army_id": a1, "unit": 1, "lost": 3}],
    }  # fmt: skip
    for where, lines in wrong.items():
        r = await act(
            client, game, p1.headers, bid, "report", result("draw", 10, 10, casualties=lines)
        )
        problem = assert_problem(r, 422, "R-ARMY-7")
        assert problem["where"] == where, problem
        assert problem["detail"].startswith(where)
    # Beyond the bounds of the contract: a validation error.
    negative = [{"army_id": a1, "unit": -1, "lost": 1}]
    r = await act(
        client, game, p1.headers, bid, "report", result("draw", 1, 1, casualties=negative)
    )
    assert_problem(r, 422, "validation_error")
    # Nothing changed.
    read = await get_battle(client, game, p1, bid)
    assert (read["status"], read["report"]) == ("awaiting_report", None)


async def test_R_ARMY_7_a_confirmed_result_goes_onto_the_lists_and_the_veteran_histories(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user, owner_plays=False)
    p1, p2 = game.players
    battle, a1, a2 = await battle_with_lists(client, session, game)
    bid = battle["id"]
    fielded = battle["rosters"]
    first = [{"army_id": a1, "unit": 1, "lost": 5}]
    r = await act(client, game, p1.headers, bid, "report",
                  result("attacker_victory", 60, 40, casualties=first))  # fmt: skip
    assert r.status_code == 200, r.text
    assert r.json()["report"]["casualties"] == first
    # The reporter corrects it (R-BAT-10): the troops lost 12, the orc mob fell.
    casualties = [{"army_id": a1, "unit": 1, "lost": 12}, {"army_id": a2, "unit": 1, "lost": 1}]
    edited = result("attacker_victory", 60, 40, casualties=casualties)
    r = await client.put(game.url(f"/battles/{bid}/report"), json=edited, headers=p1.headers)
    assert (r.status_code, r.json()["report"]["version"]) == (200, 2), r.text
    # Sending it again changes nothing.
    r = await client.put(game.url(f"/battles/{bid}/report"), json=edited, headers=p1.headers)
    assert r.json()["report"]["version"] == 2
    # Nothing is written before the confirmation.
    mine = (await client.get(game.url(f"/armies/{a1}/roster"), headers=p1.headers)).json()
    assert "losses" not in mine
    assert "veteran" not in (await armies(client, game, p1))["mine"][0]

    r = await act(client, game, p2.headers, bid, "confirm")
    assert r.status_code == 200, r.text
    mine = (await client.get(game.url(f"/armies/{a1}/roster"), headers=p1.headers)).json()
    assert _losses(mine) == [(1, "State Troops", 12, "below_half")]  # 8 of 20 left
    theirs = (await client.get(game.url(f"/armies/{a2}/roster"), headers=p2.headers)).json()
    assert _losses(theirs) == [(1, "Orc Mob", 1, "lost")]
    # The battle keeps the lists as they were fielded.
    assert (await get_battle(client, game, p1, bid))["rosters"] == fielded

    # Each army's history, with the opponent as its owner knows them.
    p1_armies = await armies(client, game, p1)
    [veteran] = next(a for a in p1_armies["mine"] if a["id"] == a1)["veteran"]
    assert veteran == {
        "battle_id": bid,
        "turn": battle["turn"],
        "side": "attacker",
        "opponents": [{"number": 2, "name": battle["defender"]["players"][0]["name"]}],
        "result": "won",
        "losses_pct": 60,
        "casualties": [{"unit": 1, "name": "State Troops", "lost": 12}],
    }
    [defeat] = (await armies(client, game, p2))["mine"][0]["veteran"]
    assert (defeat["side"], defeat["result"], defeat["losses_pct"]) == ("defender", "lost", 40)
    assert defeat["casualties"] == [{"unit": 1, "name": "Orc Mob", "lost": 1}]
    # Another player who sees the army never sees its history; the game master does.
    others = (await armies(client, game, p1))["others"]
    assert [a.get("veteran") for a in others if a["id"] == a2] in ([], [None])
    master = await armies(client, game, game.owner)
    seen = {a["id"]: a["veteran"] for a in master["others"]}
    assert seen[a1] == [veteran]

    # A new list starts without losses; the battle still shows the one fielded.
    r = await upload(client, game, p1, a1, EMPIRE_LIST.replace("20x", "25x"))
    assert "losses" not in r.json()
    assert (await get_battle(client, game, p1, bid))["rosters"] == fielded


async def test_R_ARMY_7_the_owners_ruling_writes_its_casualties(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user, owner_plays=False)
    p1, p2 = game.players
    battle, a1, _a2 = await battle_with_lists(client, session, game)
    bid = battle["id"]
    r = await act(client, game, p1.headers, bid, "report", result("draw", 10, 10))
    assert r.status_code == 200, r.text
    r = await act(client, game, p2.headers, bid, "reject", {"reason": "not so"})
    assert r.status_code == 200, r.text
    ruling = result("draw", 20, 20, casualties=[{"army_id": a1, "unit": 1, "lost": 20}])
    r = await act(client, game, game.owner.headers, bid, "arbitrate", {"report": ruling})
    assert r.status_code == 200, r.text
    mine = (await client.get(game.url(f"/armies/{a1}/roster"), headers=p1.headers)).json()
    assert _losses(mine) == [(1, "State Troops", 20, "lost")]
    [veteran] = (await armies(client, game, p1))["mine"][0]["veteran"]
    assert (veteran["result"], veteran["losses_pct"]) == ("draw", 20)


async def test_R_ARMY_7_racing_confirmations_write_the_casualties_once(
    committing_client: AsyncClient,
    committing_engine: AsyncEngine,
    committing_make_user: MakeUser,
) -> None:
    client = committing_client
    game = await start_game(client, committing_make_user)
    p1, p2 = game.players
    cid = uuid.UUID(game.id)
    sessions = create_sessionmaker(committing_engine)
    async with sessions() as session, session.begin():
        armies = {
            a.owner: a
            for a in await session.scalars(select(ArmyRow).where(ArmyRow.campaign_id == cid))
        }
        armies[1].q, armies[1].r = 4, 1
        armies[2].q, armies[2].r = 5, 1
        a1, a2 = armies[1].id, armies[2].id
    assert (await upload(client, game, p1, a1, EMPIRE_LIST)).status_code == 200
    r = await client.put(
        game.url(f"/armies/{a1}/move"), json={"path": [[5, 1]]}, headers=p1.headers
    )
    assert r.status_code == 200, r.text
    for p in game.players:
        assert (await client.put(game.url("/turn/ready"), headers=p.headers)).status_code == 200
    assert (await client.post(game.url("/turn/resolve"), headers=p1.headers)).status_code == 200
    battle = (await client.get(game.url("/battles"), headers=p1.headers)).json()["items"][0]
    url = game.url(f"/battles/{battle['id']}")
    report = result("defender_victory", 50, 0, casualties=[{"army_id": a1, "unit": 1, "lost": 7}])
    assert (await client.post(url + "/report", json=report, headers=p1.headers)).status_code == 200

    results = await asyncio.gather(
        *(client.post(url + "/confirm", headers=p2.headers) for _ in range(3))
    )
    assert sorted(r.status_code for r in results) == [200, 409, 409], [r.text for r in results]
    async with committing_engine.connect() as conn:
        units = await conn.scalar(
            select(RosterRow.units).where(RosterRow.campaign_id == cid, RosterRow.army_id == a1)
        )
        history = (
            await conn.execute(
                select(ArmyBattleRow.army_id, ArmyBattleRow.result).where(
                    ArmyBattleRow.campaign_id == cid
                )
            )
        ).all()
    assert units is not None
    assert [u["lost"] for u in units] == [0, 7]  # once, not 14 or 21
    assert sorted(tuple(h) for h in history) == sorted([(a1, "lost"), (a2, "won")])


async def test_R_ARMY_7_an_automatic_confirmation_writes_the_casualties_and_the_lists_stay_fogged(
    client: AsyncClient,
    make_user: MakeUser,
    session: AsyncSession,
    sessionmaker: async_sessionmaker[AsyncSession],
    app: FastAPI,
) -> None:
    game = await start_game(client, make_user, THREE, settings={"battle_auto_confirm_hours": 24})
    p1, p2, p3 = game.players
    app.dependency_overrides[get_now] = lambda: T0
    battle, a1, _a2 = await battle_with_lists(client, session, game)
    bid = battle["id"]
    lines = [{"army_id": a1, "unit": 1, "lost": 3}]
    r = await act(client, game, p1.headers, bid, "report", result("draw", 10, 10, casualties=lines))
    assert r.status_code == 200, r.text
    assert (await sweep(sessionmaker, T0 + timedelta(hours=25))).auto_confirmed == {
        uuid.UUID(game.id): [bid]
    }
    mine = (await client.get(game.url(f"/armies/{a1}/roster"), headers=p1.headers)).json()
    assert _losses(mine) == [(1, "State Troops", 3, "whole")]
    [veteran] = next(a for a in (await armies(client, game, p1))["mine"] if a["id"] == a1)[
        "veteran"
    ]
    assert (veteran["battle_id"], veteran["result"]) == (bid, "draw")
    # After the battle, its lists as fielded stay its participants': an onlooker who sees the
    # tile sees the result, never a list, and never another army's history.
    await place(session, game, 3, (6, 0))
    onlooker = await get_battle(client, game, p3, bid)
    assert (onlooker["status"], onlooker["rosters"]) == ("confirmed", None)
    # The result stands for all (R-FOG-4), its casualties (which name the lists' units) not.
    assert "casualties" not in onlooker["report"]
    assert all("veteran" not in a for a in (await armies(client, game, p3))["others"])
    assert (await get_battle(client, game, p2, bid))["rosters"] == battle["rosters"]
