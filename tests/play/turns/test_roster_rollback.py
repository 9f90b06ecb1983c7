"""A rollback and the army lists (issue 30, R-TURN-6, R-ARMY-7): the lists are not part of the
snapshot (a list uploaded since stays), but what the confirmations the rollback undoes wrote
on them is taken back — the casualties, exactly, and each army's line of the battle — and a
battle the rollback removes forgets the lists it fielded.

Skirmish map: player 1 (Empire) attacks player 2 (Orcs & Goblins) on (5, 1); the battle is
declared by the change of turn 1 and played in turn 2.
"""

import uuid
from typing import Any

from httpx import AsyncClient
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app.platform.db.session import create_sessionmaker
from app.store.models import ArmyBattleRow, BattleRosterRow
from tests.factories.battles import act, declared, get_battle, move, result
from tests.factories.flows import (
    Game,
    GamePlayer,
    MakeUser,
    army_of,
    change_turn,
    export_campaign,
    start_game,
)
from tests.factories.planting import add_army, army, place, planted
from tests.factories.races import Race, at_once, rounds, turn_number
from tests.factories.races import race as race  # a fixture
from tests.factories.rosters import EMPIRE_LIST, ORC_LIST, armies, battle_with_lists, upload


async def _roster(client: AsyncClient, game: Game, player: GamePlayer, army_id: int) -> Any:
    r = await client.get(game.url(f"/armies/{army_id}/roster"), headers=player.headers)
    assert r.status_code == 200, r.text
    return r.json()


def _losses(roster: dict[str, Any]) -> list[tuple[int, int]]:
    return [(u["unit"], u["lost"]) for u in roster.get("losses", [])]


async def _veterans(client: AsyncClient, game: Game, player: GamePlayer) -> list[Any]:
    mine = (await armies(client, game, player))["mine"]
    return [line for a in mine for line in a.get("veteran", [])]


async def _fielded(session: AsyncSession, game: Game) -> list[tuple[int, int]]:
    rows = await session.execute(
        select(BattleRosterRow.battle_id, BattleRosterRow.army_id)
        .where(BattleRosterRow.campaign_id == uuid.UUID(game.id))
        .order_by(BattleRosterRow.battle_id, BattleRosterRow.army_id)
    )
    return [(battle_id, army_id) for battle_id, army_id in rows.all()]


async def _rollback(client: AsyncClient, game: Game) -> None:
    r = await client.post(game.url("/turn/rollback"), headers=game.owner.headers)
    assert r.status_code == 200, r.text


async def _confirmed(
    client: AsyncClient, game: Game, battle_id: int, casualties: list[dict[str, int]]
) -> None:
    """Player 1 reports a draw with these casualties; player 2 confirms it."""
    p1, p2 = game.players[:2]
    report = result("draw", 10, 10, casualties=casualties)
    r = await act(client, game, p1.headers, battle_id, "report", report)
    assert r.status_code == 200, r.text
    r = await act(client, game, p2.headers, battle_id, "confirm")
    assert r.status_code == 200, r.text


async def test_R_TURN_6_a_rollback_to_before_the_battle_takes_back_its_losses_and_lines(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    p1, p2 = game.players
    battle, a1, a2 = await battle_with_lists(client, session, game)
    bid = battle["id"]
    assert await _fielded(session, game) == [(bid, a1), (bid, a2)]
    await _confirmed(client, game, bid, [{"army_id": a1, "unit": 1, "lost": 5},
                                         {"army_id": a2, "unit": 1, "lost": 1}])  # fmt: skip
    assert _losses(await _roster(client, game, p1, a1)) == [(1, 5)]
    assert [v["battle_id"] for v in await _veterans(client, game, p1)] == [bid]
    # Player 2 uploads another list after the battle: it never carried the orcs' loss.
    bigger = ORC_LIST.replace("Orc Mob: 500", "Orc Mob: 600")
    assert (await upload(client, game, p2, a2, bigger)).status_code == 200

    await _rollback(client, game)

    assert await turn_number(client, game) == 1
    assert _losses(await _roster(client, game, p1, a1)) == []
    assert await _veterans(client, game, p1) == []
    assert await _veterans(client, game, p2) == []
    assert await _fielded(session, game) == []  # the battle is gone, and its lists with it
    # The upload made since stays as it was uploaded.
    theirs = await _roster(client, game, p2, a2)
    assert (theirs["total_points"], _losses(theirs)) == (730, [])

    # The turn played again declares the battle anew, with the lists as they stand now; its
    # confirmation writes once.
    await move(client, game, p1, a1, (5, 1))
    again = await declared(client, game, p1)
    assert [r["roster"]["total_points"] for r in again["rosters"]] == [390, 730]
    await _confirmed(client, game, again["id"], [{"army_id": a1, "unit": 1, "lost": 3}])
    assert _losses(await _roster(client, game, p1, a1)) == [(1, 3)]
    assert [v["battle_id"] for v in await _veterans(client, game, p1)] == [again["id"]]


async def test_R_TURN_6_a_rollback_to_after_the_battle_keeps_its_losses_and_lines(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    p1, _ = game.players
    battle, a1, a2 = await battle_with_lists(client, session, game)
    bid = battle["id"]
    await _confirmed(client, game, bid, [{"army_id": a1, "unit": 1, "lost": 5}])
    fielded = (await get_battle(client, game, p1, bid))["rosters"]
    await change_turn(client, game)  # 2 → 3, after the confirmation

    await _rollback(client, game)

    assert await turn_number(client, game) == 2
    assert _losses(await _roster(client, game, p1, a1)) == [(1, 5)]
    assert [v["battle_id"] for v in await _veterans(client, game, p1)] == [bid]
    assert await _fielded(session, game) == [(bid, a1), (bid, a2)]
    assert (await get_battle(client, game, p1, bid))["rosters"] == fielded


async def test_R_TURN_6_a_rollback_takes_back_what_the_confirmation_wrote_not_what_was_reported(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    """A unit never loses more models than it has (R-ARMY-7): a later battle's report of 10 of
    the 5 State Troops left wrote 5, and its rollback gives back those 5, not 10."""
    game = await start_game(client, make_user)
    p1, _ = game.players
    battle, a1, _a2 = await battle_with_lists(client, session, game)
    await _confirmed(client, game, battle["id"], [{"army_id": a1, "unit": 1, "lost": 15}])
    await place(session, game, 1, (4, 1))
    await place(session, game, 2, (5, 1))
    await move(client, game, p1, a1, (5, 1))
    second = await declared(client, game, p1)  # 2 → 3
    await _confirmed(client, game, second["id"], [{"army_id": a1, "unit": 1, "lost": 10}])
    assert _losses(await _roster(client, game, p1, a1)) == [(1, 20)]

    await _rollback(client, game)

    assert _losses(await _roster(client, game, p1, a1)) == [(1, 15)]
    assert [v["battle_id"] for v in await _veterans(client, game, p1)] == [battle["id"]]


async def test_R_TURN_6_R_CAMP_9_an_imported_campaign_rolls_back_the_losses_too(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    """The export carries what each confirmation wrote on the lists."""
    game = await start_game(client, make_user, owner_plays=False)
    battle, a1, _a2 = await battle_with_lists(client, session, game)
    await _confirmed(client, game, battle["id"], [{"army_id": a1, "unit": 1, "lost": 5}])
    document = await export_campaign(client, game.id, game.owner)
    line = next(b for b in document["rosters"]["battles"] if b["army_id"] == a1)
    assert line["list_losses"] == [{"unit": 1, "lost": 5}]
    assert line["list_uploaded_at"] is not None

    importer, carol, dave = await make_user(), await make_user(), await make_user()
    body = {"document": document, "seats": {"1": carol.username, "2": dave.username}}
    r = await client.post("/v1/campaigns/import", json=body, headers=importer.headers)
    assert r.status_code == 201, r.text
    copy = r.json()["id"]
    r = await client.post(f"/v1/campaigns/{copy}/turn/rollback", headers=importer.headers)
    assert r.status_code == 200, r.text
    rolled = await export_campaign(client, copy, importer)
    [mine] = [r for r in rolled["rosters"]["lists"] if r["army_id"] == a1]
    assert [u.get("lost", 0) for u in mine["units"]] == [0, 0]
    assert (rolled["rosters"]["battles"], rolled["rosters"]["fielded"]) == ([], [])


async def test_R_TURN_6_the_list_of_an_army_the_rollback_removes_goes_with_it(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    """Its id is free again: the army the turn played again gives it to never shows that list,
    whoever owns it (R-FOG-3)."""
    game = await start_game(client, make_user)
    p1, p2 = game.players
    await change_turn(client, game)
    home = await army_of(session, game, 1)
    raised = await add_army(session, game, 1, (home.q, home.r))  # after turn 1's end
    assert (await upload(client, game, p1, raised, EMPIRE_LIST)).status_code == 200

    await _rollback(client, game)

    other = await army_of(session, game, 2)
    again = await add_army(session, game, 2, (other.q, other.r))
    assert again == raised
    r = await client.get(game.url(f"/armies/{again}/roster"), headers=p2.headers)
    assert r.status_code == 404, r.text


async def test_R_TURN_6_the_list_of_an_army_raised_before_the_rollback_point_stays(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    """The engine's ids are scrambled (app/rules/ids.py), and the rollback took every id above
    its counter for one raised since: the lists of all armies raised in the game went."""
    game = await start_game(client, make_user)
    p1, _ = game.players
    home = await army_of(session, game, 1)
    raised = await add_army(session, game, 1, (home.q, home.r))  # in turn 1
    assert (await upload(client, game, p1, raised, EMPIRE_LIST)).status_code == 200
    await change_turn(client, game)  # 1 → 2
    await change_turn(client, game)  # 2 → 3

    await _rollback(client, game)  # to 2: the army stands, raised before

    assert (await _roster(client, game, p1, raised))["name"] == "Border patrol"


async def test_R_TURN_6_the_list_of_an_army_that_fell_comes_back_with_it(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    """A rollback to after its fall keeps the list: a further one brings the army back."""
    game = await start_game(client, make_user)
    p1, _ = game.players
    fallen = await place(session, game, 1, (4, 1))
    assert (await upload(client, game, p1, fallen, EMPIRE_LIST)).status_code == 200
    await change_turn(client, game)  # 1 → 2: turn 1's end holds the army
    await session.delete(await army(session, game, fallen))  # it falls in turn 2
    await planted(session, game)
    # Another player's upload meanwhile dropped the lists of every fallen army of the campaign.
    p2_army = (await army_of(session, game, 2)).id
    assert (await upload(client, game, game.players[1], p2_army, ORC_LIST)).status_code == 200
    await change_turn(client, game)  # 2 → 3

    await _rollback(client, game)  # to 2: it has fallen
    r = await client.get(game.url(f"/armies/{fallen}/roster"), headers=p1.headers)
    assert r.status_code == 404, r.text
    await _rollback(client, game)  # to 1: it stands, with its list

    assert (await _roster(client, game, p1, fallen))["name"] == "Border patrol"


# ------------------------------------------------------------------------------ races


@rounds
async def test_R_TURN_6_a_rollback_racing_the_confirmation_leaves_none_of_it(
    round_: int, race: Race
) -> None:
    """Confirmation first: written, then taken back whole. Rollback first: the battle is gone
    and its confirmation refused. Either way no loss, no line, no list as fielded is left."""
    client = race.client
    game = await race.start()
    p1, p2 = game.players
    cid = uuid.UUID(game.id)
    async with create_sessionmaker(race.engine)() as session, session.begin():
        a1 = await place(session, game, 1, (4, 1))
        a2 = await place(session, game, 2, (5, 1))
    assert (await upload(client, game, p1, a1, EMPIRE_LIST)).status_code == 200
    assert (await upload(client, game, p2, a2, ORC_LIST)).status_code == 200
    await move(client, game, p1, a1, (5, 1))
    battle = await declared(client, game, p1)
    url = game.url(f"/battles/{battle['id']}")
    report = result("draw", 10, 10, casualties=[{"army_id": a1, "unit": 1, "lost": 7}])
    assert (await client.post(url + "/report", json=report, headers=p1.headers)).is_success

    writes = {
        "confirm": client.post(url + "/confirm", headers=p2.headers),
        "rollback": client.post(game.url("/turn/rollback"), headers=game.owner.headers),
    }
    order = sorted(writes, reverse=round_ % 2 == 1)  # each sent first in turn
    answers = dict(zip(order, await at_once(*(writes[w] for w in order)), strict=True))
    confirm, rollback = answers["confirm"], answers["rollback"]

    assert rollback.status_code == 200, rollback.text
    assert confirm.status_code in (200, 404), confirm.text  # 404: the rollback removed it
    assert await turn_number(client, game) == 1
    assert _losses(await _roster(client, game, p1, a1)) == []
    async with race.engine.connect() as conn:
        lines = (await conn.scalars(select(ArmyBattleRow.army_id).where(
            ArmyBattleRow.campaign_id == cid))).all()  # fmt: skip
        fielded = (await conn.scalars(select(BattleRosterRow.army_id).where(
            BattleRosterRow.campaign_id == cid))).all()  # fmt: skip
    assert (list(lines), list(fielded)) == ([], [])
