"""Scenarios over HTTP: R-TURN-1, R-MAP-2, R-BUILD-6, and the whole price of a raise (R-ARMY-2)."""

from typing import Any

from httpx import AsyncClient
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import undefer

from app.rules.state import SeenTile, StructureKind
from app.store.models import CampaignPlayer, StructureRow
from app.store.persistence import explored_from_json, explored_to_json
from tests.factories.flows import (
    AuthUser,
    Game,
    GamePlayer,
    MakeUser,
    army_of,
    change_turn,
    create_lobby,
    join,
    my_army,
)
from tests.helpers import assert_problem


async def rich_game(client: AsyncClient, make_user: MakeUser) -> Game:
    """Empire against Orcs & Goblins, each with 100 gold to spend in the first turn."""
    owner, other = await make_user(), await make_user()
    campaign = await create_lobby(client, owner, ruleset={"starting_gold": 100})
    players = [
        GamePlayer(user, await join(client, campaign, user, faction, slot), faction)
        for slot, (user, faction) in enumerate(((owner, "empire"), (other, "orcs_goblins")))
    ]
    started = await client.post(f"/v1/campaigns/{campaign['id']}/start", headers=owner.headers)
    assert started.status_code == 200, started.text
    return Game(campaign["id"], owner, players)


async def test_R_TURN_1_everyone_orders_everything_in_the_same_turn(
    client: AsyncClient, make_user: MakeUser
) -> None:
    """R-TURN-1: in one turn both players, interleaved, build, upgrade, recruit, move, use the
    faction action and issue one edict; all of it waits for the one turn change."""
    game = await rich_game(client, make_user)
    alice, bob = game.players
    army = await my_army(client, game, alice)
    bob_army = await my_army(client, game, bob)

    steps = [
        (alice, "PUT", f"/armies/{army['id']}/move", {"path": [[3, 1]]}, 200),
        (bob, "POST", "/generals", None, 201),
        (alice, "POST", "/builds", {"kind": "outpost", "q": 3, "r": 1, "army_id": army["id"]}, 201),
        (bob, "POST", f"/armies/{bob_army['id']}/upgrade", None, 201),
        (alice, "POST", f"/armies/{army['id']}/upgrade", None, 201),
        (alice, "POST", "/faction-action", None, 201),
        (bob, "POST", "/edicts", {"kind": "exploration", "q": 5, "r": 3}, 201),
        (alice, "POST", "/edicts", {"kind": "exploration", "q": 4, "r": 3}, 201),
    ]
    for player, method, path, body, expected in steps:
        response = await client.request(method, game.url(path), json=body, headers=player.headers)
        assert response.status_code == expected, (path, response.text)
    # One edict per turn (R-DIP-2), whatever else was ordered.
    second = await client.post(
        game.url("/edicts"), json={"kind": "exploration", "q": 4, "r": 2}, headers=alice.headers
    )
    assert_problem(second, 422, "R-DIP-2")
    # Nothing took effect yet: the army stands, untouched, and the tile is nobody's.
    assert await army_state(client, game, alice, army["id"]) == (army["q"], army["r"], 1)
    assert await tile_owner(client, game, alice.user, 3, 1) is None

    await change_turn(client, game)

    assert await army_state(client, game, alice, army["id"]) == (3, 1, 2)
    assert await army_state(client, game, bob, bob_army["id"]) == (
        bob_army["q"],
        bob_army["r"],
        2,
    )
    assert await tile_owner(client, game, alice.user, 3, 1) == alice.number
    generals = (await client.get(game.url("/generals"), headers=bob.headers)).json()["mine"]
    assert len(generals) == 2
    for player in (alice, bob):
        edicts = (await client.get(game.url("/edicts"), headers=player.headers)).json()
        assert [e["status"] for e in edicts["items"]] == ["done"], edicts


async def test_R_MAP_2_city_and_oasis_tiles_are_neutral_terrain(
    client: AsyncClient, make_user: MakeUser
) -> None:
    """R-MAP-2: oasis and city terrains change nobody's movement (Empire: 3 tiles when a path
    ends there, 4 on a plain), and a `city` tile nobody owns holds no structure."""
    owner = await make_user()
    uploaded = await client.post("/v1/maps", json=terrain_map(), headers=owner.headers)
    assert uploaded.status_code == 201, uploaded.text
    game = await seated_game(client, make_user, owner, uploaded.json()["id"])
    alice = game.players[0]
    army = await my_army(client, game, alice)
    assert (army["q"], army["r"]) == (1, 0)

    budgets = {}
    # Each a neighbour of the capital, so in sight: the budget is the real terrain's.
    for name, step in {"plain": [0, 0], "oasis": [2, 0], "city": [0, 1]}.items():
        moved = await client.put(
            game.url(f"/armies/{army['id']}/move"), json={"path": [step]}, headers=alice.headers
        )
        assert moved.status_code == 200, moved.text
        budgets[name] = moved.json()["budget"]
    assert budgets == {"plain": 4, "oasis": 3, "city": 3}
    city_tile = (await client.get(game.url("/tiles/0/1"), headers=alice.headers)).json()
    assert city_tile["terrain"] == "city"
    assert city_tile["fog"] == "visible"
    assert city_tile.get("owner") is None
    assert city_tile.get("structure") is None


async def test_R_BUILD_6_a_structure_records_who_built_it(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    """R-BUILD-6: an outpost built through the turn records its builder; capitals were built by
    nobody."""
    game = await rich_game(client, make_user)
    alice = game.players[0]
    army = await my_army(client, game, alice)
    await client.put(
        game.url(f"/armies/{army['id']}/move"), json={"path": [[3, 1]]}, headers=alice.headers
    )
    built = await client.post(
        game.url("/builds"),
        json={"kind": "outpost", "q": 3, "r": 1, "army_id": army["id"]},
        headers=alice.headers,
    )
    assert built.status_code == 201, built.text

    await change_turn(client, game)

    rows = (
        await session.execute(
            select(StructureRow.kind, StructureRow.owner, StructureRow.built_by)
            .where(StructureRow.campaign_id == game.id)
            .order_by(StructureRow.kind, StructureRow.owner)
        )
    ).all()
    assert [tuple(row) for row in rows] == [
        ("city", alice.number, None),
        ("city", game.players[1].number, None),
        ("outpost", alice.number, alice.number),
    ]


# --------------------------------------------------------------------------------- helpers


def terrain_map() -> dict[str, Any]:
    """Two rows of land; slot (1, 0) has a plain west, an oasis east, a city south-west."""
    top = ["plain", "plain", "oasis", "plain", "plain", "plain", "plain", "plain"]
    bottom = ["city", "plain", "plain", "plain", "plain", "plain", "plain", "plain"]
    tiles = [{"q": q, "r": 0, "terrain": t} for q, t in enumerate(top)]
    tiles += [{"q": q, "r": 1, "terrain": t} for q, t in enumerate(bottom)]
    return {
        "name": "Terrain row",
        "width": 8,
        "height": 2,
        "tiles": tiles,
        "slots": [{"q": 1, "r": 0}, {"q": 7, "r": 0}],
    }


async def seated_game(
    client: AsyncClient, make_user: MakeUser, owner: AuthUser, map_id: str
) -> Game:
    other = await make_user()
    created = await client.post(
        "/v1/campaigns", json={"name": "Terrain", "map_id": map_id}, headers=owner.headers
    )
    assert created.status_code == 201, created.text
    campaign = created.json()
    players = [
        GamePlayer(user, await join(client, campaign, user, faction, slot), faction)
        for slot, (user, faction) in enumerate(((owner, "empire"), (other, "dwarfs")))
    ]
    started = await client.post(f"/v1/campaigns/{campaign['id']}/start", headers=owner.headers)
    assert started.status_code == 200, started.text
    return Game(campaign["id"], owner, players)


async def army_state(
    client: AsyncClient, game: Game, player: Any, army_id: int
) -> tuple[int, int, int]:
    mine = (await client.get(game.url("/armies"), headers=player.headers)).json()["mine"]
    army = next(a for a in mine if a["id"] == army_id)
    return army["q"], army["r"], army["tier"]


async def tile_owner(client: AsyncClient, game: Game, user: AuthUser, q: int, r: int) -> Any:
    tile = (await client.get(game.url(f"/tiles/{q}/{r}"), headers=user.headers)).json()
    return tile.get("owner")


async def test_R_ARMY_2_a_raise_that_recruits_its_general_answers_the_whole_price(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    """R-ARMY-2: the raise's answer and the order list show army 12 + general 40 = 52 as its
    `total_cost`, the refund a cancellation gives back."""
    game = await rich_game(client, make_user)
    alice = game.players[0]
    army = await army_of(session, game, alice.number)
    capital = await session.get(StructureRow, (game.id, army.seat_id))
    assert capital is not None
    capital.level, army.seat_id = 2, None  # a level-2 city that seats no army
    await session.flush()

    raised = await client.post(
        game.url("/armies"), json={"city_id": capital.id}, headers=alice.headers
    )

    assert raised.status_code == 201, raised.text
    assert (raised.json()["cost"], raised.json()["total_cost"]) == (12, 52)
    listed = (await client.get(game.url("/orders"), headers=alice.headers)).json()
    assert sorted((o["kind"], o["cost"], o["total_cost"]) for o in listed) == [
        ("raise", 12, 52),
        ("recruit", 40, 52),
    ]
    me = (await client.get(game.url("/me"), headers=alice.headers)).json()
    assert me["gold"] == 100 - 52


async def test_R_HOUSE_2_a_campaign_changes_one_tier_by_its_number(
    client: AsyncClient, make_user: MakeUser
) -> None:
    """R-HOUSE-2: `{"tiers": {"2": {"upkeep": 3}}}` changes tier 2 alone; a tier that is not
    there is refused with 422 naming it."""
    owner = await make_user()

    campaign = await create_lobby(client, owner, ruleset={"tiers": {"2": {"upkeep": 3}}})
    ruleset = (
        await client.get(f"/v1/campaigns/{campaign['id']}/ruleset", headers=owner.headers)
    ).json()
    default = (await client.get("/v1/rulesets/default")).json()

    assert [t["upkeep"] for t in ruleset["tiers"]] == [1, 3, 3, 5, 7, 10]
    assert ruleset["tiers"][2:] == default["tiers"][2:]
    refused = await client.post(
        "/v1/campaigns",
        json={
            "name": "Seven tiers",
            "map_id": campaign["map_id"],
            "ruleset": {"tiers": {"7": {"upkeep": 3}}},
        },
        headers=owner.headers,
    )
    body = assert_problem(refused, 422, "R-HOUSE-2")
    assert "tiers.7" in str(body)


def test_R_FOG_1_memories_keep_the_structure_id_and_read_older_ones() -> None:
    seen = {(7, 1): SeenTile(1, 2, StructureKind.CITY, 1, 42), (8, 1): SeenTile(1, None, None)}

    stored = explored_to_json(seen)

    assert stored == {"7,1": [1, 2, "city", 1, 42], "8,1": [1, None, None, 0]}
    assert explored_from_json(stored) == seen
    assert explored_from_json({"7,1": [1, 2, "city", 1]}) == {
        (7, 1): SeenTile(1, 2, StructureKind.CITY, 1, None)
    }


async def test_R_FOG_1_an_explored_city_shows_its_id_as_last_seen_to_name_it_in_a_trade(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    """R-FOG-1 / R-DIP-2: a remembered city keeps the id it had when seen, so a trade route can
    be proposed to it without seeing it now."""
    game = await rich_game(client, make_user)
    alice, bob = game.players
    bob_army = await army_of(session, game, bob.number)
    capital = await session.get(StructureRow, (game.id, bob_army.seat_id))
    assert capital is not None
    row = await session.get_one(
        CampaignPlayer, (game.id, alice.number), options=[undefer(CampaignPlayer.explored)]
    )
    key = f"{capital.q},{capital.r}"
    row.explored = {**row.explored, key: [1, bob.number, "city", 1, capital.id]}
    await session.flush()

    world = (await client.get(game.url("/map"), headers=alice.headers)).json()
    tile = next(t for t in world["tiles"] if (t["q"], t["r"]) == (capital.q, capital.r))
    assert tile["fog"] == "explored"
    assert tile["structure"] == {"id": capital.id, "kind": "city", "level": 1}

    mine = (await army_of(session, game, alice.number)).seat_id
    route = {"kind": "trade", "my_city_id": mine, "their_city_id": tile["structure"]["id"]}
    refused = await client.post(game.url("/edicts"), json=route, headers=alice.headers)
    # The city is known: what is missing is an embassy, not the city.
    body = assert_problem(refused, 422, "R-DIP-2")
    assert body["detail"] == "A trade route needs an embassy or better with that player."
