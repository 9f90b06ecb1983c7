"""GET /map and GET /tiles/{q}/{r}: the world through each viewer's fog (R-FOG-1/2/3)."""

from typing import Any

import pytest
from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import undefer

from app.play.world.schemas import WorldMap
from app.store.models.campaign import CampaignPlayer
from app.store.models.world import ArmyRow, GeneralRow
from tests.factories.flows import Game, MakeUser, army_of, start_game
from tests.helpers import assert_problem

# Skirmish map: player 1 (Empire) starts at (2, 1), player 2 (Orcs & Goblins) at (7, 1).
P1_CAPITAL = (2, 1)
P2_CAPITAL = (7, 1)


def tiles_by_coord(world: dict[str, Any]) -> dict[tuple[int, int], dict[str, Any]]:
    return {(t["q"], t["r"]): t for t in world["tiles"]}


async def move_army(
    session: AsyncSession, game: Game, player: int, coord: tuple[int, int]
) -> ArmyRow:
    """Put the player's starting army on `coord` directly in the database."""
    army = await army_of(session, game, player)
    army.q, army.r = coord
    await session.flush()
    return army


async def world(client: AsyncClient, game: Game, index: int) -> dict[str, Any]:
    response = await client.get(game.url("/map"), headers=game.players[index].headers)
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


async def test_map_at_start_shows_own_tiles_and_hides_the_rest(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    body = await world(client, game, 0)
    assert (body["width"], body["height"], body["wrap"], body["turn"]) == (10, 8, "none", 1)
    tiles = tiles_by_coord(body)
    assert len(tiles) == 80

    capital = tiles[P1_CAPITAL]
    own_army = await army_of(session, game, 1)
    assert capital["fog"] == "visible"
    assert capital["terrain"] == "plain"
    assert capital["owner"] == 1
    assert capital["structure"]["kind"] == "city"
    assert capital["structure"]["level"] == 1
    assert capital["structure"]["capital"] is True
    assert capital["structure"]["besieged"] is False
    assert capital["armies"] == [{"id": own_army.id, "owner": 1, "tier": 1, "at_sea": False}]
    assert "seen_turn" not in capital

    # A neighbour: visible, neutral, empty (no nulls in the compact payload).
    assert tiles[(3, 1)] == {"q": 3, "r": 1, "fog": "visible", "terrain": "plain"}
    # Far away: nothing but the coordinates.
    assert tiles[(9, 0)] == {"q": 9, "r": 0, "fog": "unexplored"}
    assert tiles[P2_CAPITAL] == {"q": 7, "r": 1, "fog": "unexplored"}
    other_army = await army_of(session, game, 2)
    assert all(a["id"] != other_army.id for t in body["tiles"] for a in t.get("armies", []))
    assert all(t.get("owner") != 2 for t in body["tiles"])


async def test_map_shows_the_other_army_once_in_sight(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    other_army = await army_of(session, game, 2)
    await move_army(session, game, 1, (6, 1))

    tiles = tiles_by_coord(await world(client, game, 0))
    there = tiles[P2_CAPITAL]
    assert there["fog"] == "visible"
    assert there["owner"] == 2
    assert there["structure"]["capital"] is True
    assert there["armies"] == [{"id": other_army.id, "owner": 2, "tier": 1, "at_sea": False}]
    # Own tiles stay visible without the army (R-FOG-2).
    assert tiles[P1_CAPITAL]["fog"] == "visible"
    assert "armies" not in tiles[P1_CAPITAL]


async def test_explored_tiles_show_the_last_seen_owner_without_armies(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    player = await session.get_one(
        CampaignPlayer, (game.id, 1), options=[undefer(CampaignPlayer.explored)]
    )
    # Player 1 once saw player 2's capital (as a level-1 city) and a neutral tile.
    player.explored = {**player.explored, "7,1": [1, 2, "city", 1], "8,1": [1, None, None, 0]}
    await session.flush()

    tiles = tiles_by_coord(await world(client, game, 0))
    assert tiles[P2_CAPITAL] == {
        "q": 7,
        "r": 1,
        "fog": "explored",
        "terrain": "plain",
        "owner": 2,
        "structure": {"kind": "city", "level": 1},
        "seen_turn": 1,
    }
    assert tiles[(8, 1)] == {
        "q": 8,
        "r": 1,
        "fog": "explored",
        "terrain": "mountain",
        "seen_turn": 1,
    }


async def test_owner_who_does_not_play_sees_everything(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user, owner_plays=False)
    response = await client.get(game.url("/map"), headers=game.owner.headers)
    assert response.status_code == 200, response.text
    tiles = tiles_by_coord(response.json())
    assert all(t["fog"] == "visible" for t in tiles.values())
    assert tiles[P1_CAPITAL]["owner"] == 1
    assert tiles[P2_CAPITAL]["owner"] == 2


async def test_map_document_conforms_to_its_schema_without_nulls(
    client: AsyncClient, make_user: MakeUser
) -> None:
    """The map is serialised by hand for speed: it must still be exactly a `WorldMap`."""
    game = await start_game(client, make_user, owner_plays=False)
    for headers in (game.owner.headers, game.players[0].headers):
        body = (await client.get(game.url("/map"), headers=headers)).json()
        parsed = WorldMap.model_validate(body)
        assert parsed.model_dump(mode="json", exclude_none=True) == body


async def test_map_is_hidden_from_non_members(client: AsyncClient, make_user: MakeUser) -> None:
    game = await start_game(client, make_user)
    stranger = await make_user()
    assert_problem(await client.get(game.url("/map"), headers=stranger.headers), 404, "not_found")
    assert_problem(
        await client.get(game.url("/tiles/2/1"), headers=stranger.headers), 404, "not_found"
    )


def options(panel: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {o["kind"]: o for o in panel["accepts"]}


async def test_tile_panel_says_what_a_neutral_tile_accepts(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    army = await move_army(session, game, 1, (3, 1))

    response = await client.get(game.url("/tiles/3/1"), headers=game.players[0].headers)
    assert response.status_code == 200, response.text
    panel = response.json()
    assert panel["fog"] == "visible"
    assert panel["terrain"] == "plain"
    assert panel["armies"] == [{"id": army.id, "owner": 1, "tier": 1, "at_sea": False}]
    accepts = options(panel)
    assert accepts["outpost"] == {"kind": "outpost", "allowed": True, "cost": 3, "army_id": army.id}
    assert accepts["found_city"]["allowed"] is False
    assert accepts["found_city"]["rule"] == "R-MAP-3"
    assert accepts["found_city"]["cost"] == 10
    assert accepts["found_city"]["reason"]
    assert accepts["port"]["allowed"] is False
    assert accepts["port"]["rule"] == "R-MAP-3"
    assert accepts["upgrade_city"]["allowed"] is False
    assert accepts["upgrade_city"]["rule"] == "R-BUILD-3"


@pytest.mark.parametrize(
    ("language", "reason"),
    [
        ("en", "A city can only be founded on a city site."),
        ("fr", "Une cité ne se fonde que sur un site de cité."),
    ],
)
async def test_tile_panel_says_why_not_in_the_readers_language(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession, language: str, reason: str
) -> None:
    game = await start_game(client, make_user)
    await move_army(session, game, 1, (3, 1))
    headers = {**game.players[0].headers, "Accept-Language": language}

    response = await client.get(game.url("/tiles/3/1"), headers=headers)
    assert response.status_code == 200, response.text
    assert response.headers["content-language"] == language
    assert "Accept-Language" in response.headers["vary"]
    found_city = options(response.json())["found_city"]
    assert (found_city["rule"], found_city["reason"]) == ("R-MAP-3", reason)


async def test_tile_panel_of_own_capital(client: AsyncClient, make_user: MakeUser) -> None:
    game = await start_game(client, make_user)
    response = await client.get(game.url("/tiles/2/1"), headers=game.players[0].headers)
    assert response.status_code == 200, response.text
    accepts = options(response.json())
    # The capital is a level-1 city, but 12 gold are needed and the player holds 5.
    assert accepts["upgrade_city"]["allowed"] is False
    assert accepts["upgrade_city"]["rule"] == "R-ECO-1"
    assert accepts["found_city"]["rule"] == "R-MAP-3"
    assert accepts["outpost"]["rule"] == "R-BUILD-3"


async def test_tile_panel_off_the_map_is_404(client: AsyncClient, make_user: MakeUser) -> None:
    game = await start_game(client, make_user)
    headers = game.players[0].headers
    assert_problem(await client.get(game.url("/tiles/50/50"), headers=headers), 404, "not_found")
    assert_problem(await client.get(game.url("/tiles/-9/0"), headers=headers), 404, "not_found")


async def test_tile_panel_of_an_unseen_tile_reveals_nothing(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    other_army = await army_of(session, game, 2)
    response = await client.get(game.url("/tiles/7/1"), headers=game.players[0].headers)
    assert response.status_code == 200, response.text
    panel = response.json()
    assert set(panel) == {"q", "r", "fog", "accepts"}
    assert panel["fog"] == "unexplored"
    accepts = options(panel)
    for kind in ("found_city", "port", "upgrade_city"):
        assert accepts[kind]["allowed"] is False
        assert accepts[kind]["rule"] == "R-FOG-3"
    # Nothing tells that the tile holds player 2's capital and army.
    assert accepts["outpost"]["rule"] == "R-BUILD-2"
    assert f'"id":{other_army.id}' not in response.text.replace(" ", "")


async def test_tile_panel_outpost_at_the_end_of_a_move(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    army = await army_of(session, game, 1)
    moved = await client.put(
        game.url(f"/armies/{army.id}/move"),
        json={"path": [[3, 1], [4, 1]]},
        headers=game.players[0].headers,
    )
    assert moved.status_code == 200, moved.text
    # (4, 1) is out of sight: its outpost is judged on what the player knows (R-FOG-3).
    response = await client.get(game.url("/tiles/4/1"), headers=game.players[0].headers)
    panel = response.json()
    assert panel == {**panel, "q": 4, "r": 1, "fog": "unexplored"}
    assert options(panel)["outpost"] == {
        "kind": "outpost",
        "allowed": True,
        "cost": 3,
        "army_id": army.id,
    }
    # The army left its tile in its orders: no outpost where it stands now.
    here = options(
        (await client.get(game.url("/tiles/2/1"), headers=game.players[0].headers)).json()
    )
    assert here["outpost"]["allowed"] is False


async def test_armies_lists_mine_and_the_others_in_sight(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    mine = await army_of(session, game, 1)
    theirs = await army_of(session, game, 2)
    headers = game.players[0].headers

    body = (await client.get(game.url("/armies"), headers=headers)).json()
    assert body == {
        "mine": [
            {
                "id": mine.id,
                "q": 2,
                "r": 1,
                "tier": 1,
                "general_id": mine.general_id,
                "seat_id": mine.seat_id,
                "at_sea": False,
                "raised_turn": mine.raised_turn,
                "move": None,
                "upgrade_cost": None,
                "locked_in_battle": False,
                "entrenched": False,
            }
        ],
        "others": [],
    }

    await move_army(session, game, 1, (6, 1))
    moved = await client.put(
        game.url(f"/armies/{mine.id}/move"), json={"path": [[5, 1]]}, headers=headers
    )
    assert moved.status_code == 200, moved.text
    body = (await client.get(game.url("/armies"), headers=headers)).json()
    assert body["mine"][0]["move"] == {"path": [[5, 1]]}
    assert body["others"] == [
        {
            "id": theirs.id,
            "owner": 2,
            "owner_name": game.players[1].user.username.title(),
            "hostile": True,
            "q": 7,
            "r": 1,
            "tier": 1,
            "at_sea": False,
        }
    ]
    assert "general_id" not in body["others"][0]


async def test_armies_of_others_are_anonymous_with_anonymity(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user, settings={"anonymity": True})
    await move_army(session, game, 2, (3, 1))
    # Player 2 is not the owner (who sees real names, R-CAMP-5).
    body = (await client.get(game.url("/armies"), headers=game.players[1].headers)).json()
    assert [(a["owner"], a["owner_name"]) for a in body["others"]] == [(1, "Player A")]


async def test_generals(client: AsyncClient, make_user: MakeUser, session: AsyncSession) -> None:
    game = await start_game(client, make_user)
    mine = await army_of(session, game, 1)
    theirs = await army_of(session, game, 2)
    body = (await client.get(game.url("/generals"), headers=game.players[0].headers)).json()
    assert body == {
        "mine": [{"id": mine.general_id, "army_id": mine.id}],
        "prisoners": [],
        "captured": [],
    }

    # Player 1 captured player 2's general (R-BAT-7).
    general = await session.get_one(GeneralRow, (game.id, theirs.general_id))
    general.held_by, general.army_id = 1, None
    theirs.general_id = None
    await session.flush()
    body = (await client.get(game.url("/generals"), headers=game.players[0].headers)).json()
    assert body["prisoners"] == [
        {
            "id": general.id,
            "owner": 2,
            "owner_name": game.players[1].user.username.title(),
        }
    ]
    body = (await client.get(game.url("/generals"), headers=game.players[1].headers)).json()
    assert body == {"mine": [], "prisoners": [], "captured": [{"id": general.id}]}

    # The owner who does not play has no generals.
    gm = await start_game(client, make_user, owner_plays=False)
    assert_problem(await client.get(gm.url("/generals"), headers=gm.owner.headers), 403, "R-CAMP-2")
