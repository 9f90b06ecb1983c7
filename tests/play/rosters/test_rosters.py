"""Army lists (rosters) over HTTP (issue 30): upload, read, delete; the check against the
army's tier (R-ARMY-4, R-SYS); and who sees them (R-FOG-3/4/5): the army's owner and the game
master, and, once a battle is declared, that battle's participants — no one else, and never
through the roster route of another's army.

Skirmish map: player 1 (Empire), player 2 (Orcs & Goblins), player 3 (Dwarfs, far away).
"""

import base64
import io
import uuid
import zipfile
from pathlib import Path
from typing import Any

from httpx import AsyncClient
from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.store.models import GeneralRow, RosterRow
from tests.factories.battles import field_battle, get_battle
from tests.factories.flows import THREE, MakeUser, army_of, start_game
from tests.factories.planting import add_army, army, place
from tests.factories.rosters import EMPIRE_LIST, ORC_LIST, roster_url, upload
from tests.helpers import assert_problem

FIXTURES = Path(__file__).parents[2] / "play" / "rosters" / "fixtures"

url = roster_url


def check(tier: int, army: int, general: int, caps: tuple[int, int] = (500, 100)) -> dict[str, Any]:
    return {
        "tier": tier,
        "army_points_cap": caps[0],
        "general_points_cap": caps[1],
        "army_points": army,
        "general_points": general,
        "army_points_excess": max(army - caps[0], 0),
        "general_points_excess": max(general - caps[1], 0),
        "fits": army <= caps[0] and general <= caps[1],
    }


async def test_R_ARMY_4_upload_read_and_check_a_text_list(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    p1, _ = game.players
    a1 = (await army_of(session, game, 1)).id
    r = await upload(client, game, p1, a1, EMPIRE_LIST, filename="patrol.txt")
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["uploaded_at"]
    assert {k: v for k, v in body.items() if k != "uploaded_at"} == {
        "army_id": a1,
        "owner": 1,
        "format": "text",
        "filename": "patrol.txt",
        "name": "Border patrol",
        "faction": "Empire",
        "game_system": "",
        "total_points": 390,
        "general_points": 90,
        "units": [
            {"name": "General of the Empire", "count": 1, "points": 90, "options": "warhorse",
             "general": True},
            {"name": "State Troops", "count": 20, "points": 300, "options": "halberds",
             "general": False},
        ],
        "warnings": [],
        # A tier-1 army in The Old World: 500 army points and 100 for the general.
        "check": check(1, 300, 90),
    }  # fmt: skip
    got = await client.get(url(game, a1), headers=p1.headers)
    assert got.json() == body
    # The check follows the army's tier: at tier 1 a 600-point list exceeds by 100...
    big = EMPIRE_LIST.replace("300 pts", "610 pts")
    r = await upload(client, game, p1, a1, big)
    assert r.json()["check"] == check(1, 610, 90)
    assert r.json()["check"]["army_points_excess"] == 110
    # ...at tier 2 (1000 + 175) it fits.
    (await army(session, game, a1)).tier = 2
    await session.flush()
    got = await client.get(url(game, a1), headers=p1.headers)
    assert got.json()["check"] == check(2, 610, 90, (1000, 175))


async def test_R_SYS_the_check_is_in_the_campaign_game_system(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user, settings={"game_system": "ninth_age"})
    p1, _ = game.players
    a1 = (await army_of(session, game, 1)).id
    r = await upload(client, game, p1, a1, EMPIRE_LIST.replace("90 pts", "230 pts"))
    assert r.json()["check"] == check(1, 300, 230, (1125, 225))
    assert r.json()["check"]["general_points_excess"] == 5


async def test_every_format_uploads_and_a_foreign_faction_is_a_warning(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    p1, p2 = game.players
    a1 = (await army_of(session, game, 1)).id
    a2 = (await army_of(session, game, 2)).id
    owb = (FIXTURES / "reikland.owb.json").read_text()
    r = await upload(client, game, p1, a1, owb)
    assert (r.status_code, r.json()["format"], r.json()["warnings"]) == (200, "owb", [])
    nr = (FIXTURES / "waaagh.newrecruit.json").read_text()
    r = await upload(client, game, p2, a2, nr, format="new_recruit")
    assert (r.status_code, r.json()["format"], r.json()["warnings"]) == (200, "new_recruit", [])
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("karaz.ros", (FIXTURES / "karaz.ros").read_bytes())
    encoded = base64.b64encode(buffer.getvalue()).decode()
    # Player 2 plays Orcs & Goblins: a Dwarf list is accepted, with a warning.
    r = await upload(client, game, p2, a2, encoded, base64=True, filename="karaz.rosz")
    assert r.status_code == 200, r.text
    assert (r.json()["format"], r.json()["total_points"]) == ("rosz", 480)
    assert r.json()["warnings"] == [
        "the list is for 'Dwarfen Mountain Holds', your faction is 'Orcs & Goblins'"
    ]
    # The original file comes back as uploaded, to its owner.
    r = await client.get(url(game, a2) + "/original", headers=p2.headers)
    assert (r.status_code, r.content) == (200, buffer.getvalue())
    assert r.headers["content-disposition"] == 'attachment; filename="karaz.rosz"'
    assert_problem(await client.get(url(game, a2) + "/original", headers=p1.headers), 404,
                   "not_found")  # fmt: skip


async def test_an_unreadable_list_is_422_naming_the_line_and_changes_nothing(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    p1, _ = game.players
    a1 = (await army_of(session, game, 1)).id
    before = (await upload(client, game, p1, a1, EMPIRE_LIST)).json()
    r = await upload(client, game, p1, a1, EMPIRE_LIST + "and a line that is no unit\n")
    problem = assert_problem(r, 422, "roster_unreadable")
    assert problem["where"] == "line 5"
    assert "line 5" in problem["detail"]
    r = await upload(client, game, p1, a1, '{"core": [{"name_en": "X", "points": "many"}]}')
    assert assert_problem(r, 422, "roster_unreadable")["where"] == "core[0].points"
    r = await upload(client, game, p1, a1, "not base64!", base64=True)
    assert_problem(r, 422, "roster_unreadable")
    bomb = io.BytesIO()
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("x.ros", b"<roster>" + b" " * 2_000_000 + b"</roster>")
    r = await upload(client, game, p1, a1, base64.b64encode(bomb.getvalue()).decode(), base64=True)
    assert "compressed more than" in assert_problem(r, 422, "roster_unreadable")["detail"]
    assert (await client.get(url(game, a1), headers=p1.headers)).json() == before


async def test_R_FOG_3_only_the_owner_and_the_game_master_read_a_list(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user, owner_plays=False)
    p1, p2 = game.players
    a1 = (await army_of(session, game, 1)).id
    a2 = (await army_of(session, game, 2)).id
    mine = (await upload(client, game, p1, a1, EMPIRE_LIST)).json()
    # Another player: the same 404 for a list, an army without one, and no army at all.
    listed = await client.get(url(game, a1), headers=p2.headers)
    without = await client.get(url(game, a2), headers=p1.headers)
    nowhere = await client.get(url(game, 999_999), headers=p2.headers)
    for r in (listed, without, nowhere):
        assert assert_problem(r, 404, "not_found")["detail"] == "Roster not found."
    # Nor can they replace or delete it.
    assert_problem(await upload(client, game, p2, a1, ORC_LIST), 404, "not_found")
    r = await client.delete(url(game, a1), headers=p2.headers)
    assert_problem(r, 404, "not_found")
    # The game master (the owner who does not play) reads it, but it is not theirs to write.
    r = await client.get(url(game, a1), headers=game.owner.headers)
    assert r.json() == mine
    r = await client.put(url(game, a1), json={"content": ORC_LIST}, headers=game.owner.headers)
    assert_problem(r, 403, "R-CAMP-2")
    # A stranger to the campaign learns nothing either.
    stranger = await make_user()
    assert_problem(await client.get(url(game, a1), headers=stranger.headers), 404, "not_found")
    # The owner deletes it.
    assert (await client.delete(url(game, a1), headers=p1.headers)).status_code == 204
    assert_problem(await client.get(url(game, a1), headers=p1.headers), 404, "not_found")
    assert_problem(await client.delete(url(game, a1), headers=p1.headers), 404, "not_found")


async def test_R_FOG_4_a_declared_battle_shows_both_lists_to_its_participants_only(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user, THREE)
    p1, p2, p3 = game.players
    a1 = await place(session, game, 1, (4, 1))
    a2 = await place(session, game, 2, (5, 1))
    mine = (await upload(client, game, p1, a1, EMPIRE_LIST)).json()
    # The orcs' warboss is over the general's cap (130 > 100): flagged once declared.
    theirs = (await upload(client, game, p2, a2, ORC_LIST)).json()
    # Before the battle, neither sees the other's list.
    assert_problem(await client.get(url(game, a2), headers=p1.headers), 404, "not_found")
    assert_problem(await client.get(url(game, a1), headers=p2.headers), 404, "not_found")

    battle, _, _ = await field_battle(client, session, game)
    expected = [
        {"side": "attacker", "army_id": a1, "exceeds_caps": False, "roster": mine},
        {"side": "defender", "army_id": a2, "exceeds_caps": True, "roster": theirs},
    ]
    assert battle["rosters"] == expected  # the battle list, as player 1 sees it
    assert (await get_battle(client, game, p1, battle["id"]))["rosters"] == expected
    assert (await get_battle(client, game, p2, battle["id"]))["rosters"] == expected
    assert theirs["check"]["general_points_excess"] == 30
    # Checked at the tier the battle was declared with (R-ARMY-4), not a later one.
    (await army(session, game, a2)).tier = 3
    await session.flush()
    assert (await get_battle(client, game, p1, battle["id"]))["rosters"] == expected
    # The roster route still answers only the owner (the battle is where the opponent reads),
    # and the original file, which may name hidden choices, stays the owner's.
    assert_problem(await client.get(url(game, a2), headers=p1.headers), 404, "not_found")
    r = await client.get(url(game, a2) + "/original", headers=p1.headers)
    assert_problem(r, 404, "not_found")
    # A player who sees the battle's tile but takes no part sees no list.
    await place(session, game, 3, (6, 0))
    onlooker = await get_battle(client, game, p3, battle["id"])
    assert onlooker["rosters"] is None
    listed = (await client.get(game.url("/battles"), headers=p3.headers)).json()
    assert [b["rosters"] for b in listed["items"]] == [None]
    assert_problem(await client.get(url(game, a1), headers=p3.headers), 404, "not_found")
    # The owner (player 1 here) who plays sees only as player 1: not player 3's list.
    a3 = (await army_of(session, game, 3)).id
    await upload(client, game, p3, a3, "Dwarfs - 100 pts\n")
    assert_problem(await client.get(url(game, a3), headers=p1.headers), 404, "not_found")


async def test_R_ARMY_4_a_list_is_fixed_while_its_army_fights_a_pending_battle(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    p1, p2 = game.players
    a1 = await place(session, game, 1, (4, 1))
    before = (await upload(client, game, p1, a1, EMPIRE_LIST)).json()
    battle, _, a2 = await field_battle(client, session, game)
    assert_problem(await upload(client, game, p1, a1, ORC_LIST), 409, "R-ARMY-4")
    assert_problem(await client.delete(url(game, a1), headers=p1.headers), 409, "R-ARMY-4")
    assert_problem(await upload(client, game, p2, a2, ORC_LIST), 409, "R-ARMY-4")
    assert (await client.get(url(game, a1), headers=p1.headers)).json() == before
    assert [r["roster"] for r in battle["rosters"]] == [before]


async def test_a_destroyed_armys_list_is_unreachable_and_kept_for_a_rollback(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    p1, _ = game.players
    a1 = (await army_of(session, game, 1)).id
    extra = await add_army(session, game, 1, (2, 1))
    assert (await upload(client, game, p1, extra, EMPIRE_LIST)).status_code == 200
    await session.execute(delete(GeneralRow).where(GeneralRow.army_id == extra))
    await session.delete(await army(session, game, extra))
    await session.flush()
    assert_problem(await client.get(url(game, extra), headers=p1.headers), 404, "not_found")
    assert (await upload(client, game, p1, a1, EMPIRE_LIST)).status_code == 200
    assert_problem(await client.get(url(game, extra), headers=p1.headers), 404, "not_found")
    # Kept: a rollback may bring the army back with it (tests/play/turns/test_roster_rollback.py).
    left = await session.scalars(
        select(RosterRow.army_id)
        .where(RosterRow.campaign_id == uuid.UUID(game.id))
        .order_by(RosterRow.army_id)
    )
    assert list(left) == sorted([a1, extra])
