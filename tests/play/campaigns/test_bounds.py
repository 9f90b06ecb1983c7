"""Bounded work for any accepted input (R-HOUSE-2, R-MAP-4): every number of a ruleset variant
and of map generation has a range, a value outside it is a 422 naming the field, and the
largest accepted values still start, change turns and answer reads (their speed is measured by
`scripts/bench_extreme`, not asserted here)."""

import uuid
from dataclasses import replace
from typing import Any

import pytest
from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession

from app.play.ledger import service as ledger
from app.rules.hexgrid import Coord, Grid
from app.rules.ruleset import LIMITS, LONGEST_PATH, extreme_ruleset, ruleset_to_dict
from app.rules.state import LedgerEntry
from tests.factories.flows import (
    AuthUser,
    Game,
    MakeUser,
    builtin_map_id,
    create_lobby,
    gold_and_ledger,
    join,
    start_game,
)
from tests.helpers import assert_problem


async def _create(client: AsyncClient, owner: AuthUser, **body: Any) -> tuple[int, dict[str, Any]]:
    body.setdefault("map_id", await builtin_map_id(client, owner.headers, "skirmish"))
    response = await client.post(
        "/v1/campaigns", json={"name": "Bounds", **body}, headers=owner.headers
    )
    return response.status_code, response.json()


@pytest.mark.parametrize(
    ("variant", "path", "message"),
    [
        ({"movement": {"sight": 1200}}, "movement.sight", "must be 1 to 3"),
        ({"movement": {"base_budget": 10**7}}, "movement.base_budget", "must be 1 to 10"),
        ({"starting_gold": 2**31}, "starting_gold", "must be 0 to 1000000"),
        ({"income": {"city_level1": 2**31}}, "income.city_level1", "must be 0 to 1000"),
        (
            {"factions": {"dwarfs": {"sea_bonus": 11}}},
            "factions[4].sea_bonus",
            "must be 0 to 10",
        ),
        (
            {"diplomacy": {"exploration_radius": 4}},
            "diplomacy.exploration_radius",
            "must be 0 to 3",
        ),
    ],
)
async def test_R_HOUSE_2_a_number_out_of_range_is_refused_naming_the_field(
    client: AsyncClient,
    make_user: MakeUser,
    variant: dict[str, Any],
    path: str,
    message: str,
) -> None:
    owner = await make_user()
    status, body = await _create(client, owner, ruleset=variant)
    assert status == 422, body
    assert body["code"] == "R-HOUSE-2"
    assert body["violations"] == [{"path": path, "message": message}]
    # The same refusal when the owner changes the variant in the lobby.
    campaign = await create_lobby(client, owner)
    patched = await client.patch(
        f"/v1/campaigns/{campaign['id']}", json={"ruleset": variant}, headers=owner.headers
    )
    assert assert_problem(patched, 422, "R-HOUSE-2")["violations"] == body["violations"]


async def test_R_HOUSE_2_the_campaign_game_system_must_be_in_the_ruleset(
    client: AsyncClient, make_user: MakeUser
) -> None:
    """Otherwise the first battle would look up a game system that does not exist."""
    owner = await make_user()
    only = {"game_systems": [{"key": "mine", "name": "Mine", "coefficient_pct": 100}]}
    status, body = await _create(client, owner, ruleset=only)
    assert status == 422, body
    assert body["code"] == "R-HOUSE-2"
    assert body["violations"] == [{"path": "settings.game_system", "message": "not in the ruleset"}]
    custom = {"game_system": "custom", "custom_coefficient_pct": 150}
    assert (await _create(client, owner, ruleset=only, settings=custom))[0] == 201


async def test_R_CAMP_1_a_campaign_too_small_for_its_ruleset_is_refused(
    client: AsyncClient, make_user: MakeUser
) -> None:
    """It could never start: fewer seats than the ruleset's least number of players."""
    owner = await make_user()
    status, body = await _create(
        client, owner, ruleset={"min_players": 3}, settings={"max_players": 2}
    )
    assert (status, body["code"]) == (422, "R-CAMP-1"), body
    assert (await _create(client, owner, ruleset={"min_players": 3}))[0] == 201


async def test_R_MAP_4_generation_settings_that_cannot_fit_are_a_422(
    client: AsyncClient, make_user: MakeUser
) -> None:
    """17 players on 8×8 tiles: a rule refusal naming `players`, not a server error."""
    owner = await make_user()
    params = {"width": 8, "height": 8, "players": 17}
    generated = await client.post("/v1/maps/generate", json=params, headers=owner.headers)
    body = assert_problem(generated, 422, "R-MAP-4")
    assert body["violations"] == [{"path": "players", "message": "must be 2 to 16 on a 8x8 map"}]
    status, created = await _create(client, owner, map_id=None, generate_map=params)
    assert (status, created["code"], created["violations"]) == (422, "R-MAP-4", body["violations"])
    maps = (await client.get("/v1/maps", headers=owner.headers)).json()
    assert maps["total"] == 2  # nothing was kept


async def test_R_MAP_4_a_torus_of_odd_height_is_a_422_naming_the_height(
    client: AsyncClient, make_user: MakeUser
) -> None:
    owner = await make_user()
    params = {"width": 8, "height": 9, "players": 2, "wrap": "torus"}
    generated = await client.post("/v1/maps/generate", json=params, headers=owner.headers)
    body = assert_problem(generated, 422, "R-MAP-4")
    assert body["violations"] == [{"path": "height", "message": "a torus needs an even height"}]


async def test_R_MAP_4_generation_ranges_are_validated_before_the_engine(
    client: AsyncClient, make_user: MakeUser
) -> None:
    owner = await make_user()
    for params in ({"width": 65}, {"height": 7}, {"players": 18}, {"seed": -1}):
        response = await client.post("/v1/maps/generate", json=params, headers=owner.headers)
        problem = assert_problem(response, 422, "validation_error")
        assert [e["loc"][-1] for e in problem["errors"]] == list(params)


async def test_R_HOUSE_2_ranges_are_in_the_openapi_schema(client: AsyncClient) -> None:
    schema = (await client.get("/openapi.json")).json()["components"]["schemas"]
    ref = schema["CampaignCreate"]["properties"]["ruleset"]["anyOf"][0]["$ref"]
    variant = schema[ref.removeprefix("#/components/schemas/")]
    sight = variant["properties"]["movement"]["properties"]["sight"]
    assert (sight["minimum"], sight["maximum"]) == LIMITS["Movement.sight"]
    path = schema["MoveSet"]["properties"]["path"]
    assert path["maxItems"] == LONGEST_PATH
    gold = variant["properties"]["starting_gold"]
    assert (gold["minimum"], gold["maximum"]) == LIMITS["Ruleset.starting_gold"]
    generated = schema["GeneratedMap"]["properties"]
    assert (generated["width"]["minimum"], generated["width"]["maximum"]) == (8, 64)
    assert (generated["players"]["minimum"], generated["players"]["maximum"]) == (2, 17)


async def test_R_HOUSE_2_the_extreme_variant_starts_changes_turns_and_answers_reads(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    """Every number at the top of its range, on the largest generated map; two players seated.

    Correctness only: `scripts/bench_extreme` measures what these values cost.
    """
    owner, rival = await make_user(), await make_user()
    variant = ruleset_to_dict(replace(extreme_ruleset(), min_players=2))
    status, campaign = await _create(
        client,
        owner,
        map_id=None,
        generate_map={"width": 64, "height": 64, "players": 17, "seed": 3},
        settings={"max_players": 17},
        ruleset=variant,
    )
    assert status == 201, campaign
    url = f"/v1/campaigns/{campaign['id']}"
    stored = (await client.get(f"{url}/ruleset", headers=owner.headers)).json()
    assert stored == ruleset_to_dict(replace(extreme_ruleset(), min_players=2))
    numbers = [
        await join(client, campaign, user, faction, slot)
        for slot, (user, faction) in enumerate(((owner, "empire"), (rival, "orcs_goblins")))
    ]
    started = await client.post(f"{url}/start", headers=owner.headers)
    assert started.status_code == 200, started.text
    me = (await client.get(f"{url}/me", headers=owner.headers)).json()
    assert me["gold"] == 1_000_000

    # The longest march the rules allow: the farthest reachable tile.
    army = (await client.get(f"{url}/armies", headers=owner.headers)).json()["mine"][0]
    reachable = await client.get(f"{url}/armies/{army['id']}/reachable", headers=owner.headers)
    assert reachable.status_code == 200, reachable.text
    tiles = reachable.json()
    assert max(t["cost"] for t in tiles) > 10  # farther than any default budget
    path = _longest_land_path((army["q"], army["r"]), tiles)
    assert len(path) == 13  # base budget 10 + modifier 3, over land
    moved = await client.put(
        f"{url}/armies/{army['id']}/move", json={"path": path}, headers=owner.headers
    )
    assert moved.status_code == 200, moved.text
    for user in (owner, rival):
        ready = await client.put(f"{url}/turn/ready", headers=user.headers)
        assert ready.status_code == 200, ready.text
    changed = await client.post(f"{url}/turn/resolve", headers=owner.headers)
    assert changed.status_code == 200, changed.text
    assert changed.json()["number"] == 2

    for user in (owner, rival):
        world = await client.get(f"{url}/map", headers=user.headers)
        assert world.status_code == 200, world.text
        assert len(world.json()["tiles"]) == 64 * 64
        mine = await client.get(f"{url}/me", headers=user.headers)
        assert mine.status_code == 200, mine.text
    standings = await client.get(f"{url}/standings", headers=owner.headers)
    assert standings.status_code == 200, standings.text
    again = await client.get(f"{url}/armies/{army['id']}/reachable", headers=owner.headers)
    assert again.status_code == 200, again.text
    game = Game(campaign["id"], owner, [])
    for number in numbers:
        gold, ledger = await gold_and_ledger(session, game, number)
        assert gold == ledger >= 1_000_000


def _longest_land_path(start: Coord, tiles: list[dict[str, int]]) -> list[list[int]]:
    """A path to the farthest tile reached over land, walking back through costs 1 lower."""
    grid = Grid(64, 64)
    cost = {(t["q"], t["r"]): t["cost"] for t in tiles}
    for target in sorted(cost, key=lambda c: -cost[c]):
        path = [target]
        while cost[path[-1]] > 1:
            back = [n for n in grid.neighbours(path[-1]) if cost.get(n) == cost[path[-1]] - 1]
            if not back:
                break
            path.append(back[0])
        # Counted in tiles (one per step): a land path.
        if cost[path[-1]] == 1 and start in grid.neighbours(path[-1]) and len(path) == cost[target]:
            return [list(c) for c in reversed(path)]
    raise AssertionError("no land path found")


async def test_R_ECO_6_a_treasury_past_32_bits_is_kept_and_matches_the_ledger(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    """Gold columns are 64-bit: the top of the ranges over many turns cannot overflow them."""
    game = await start_game(client, make_user)
    alice = game.players[0]
    fortune = 3 * 2**31
    await ledger.post(
        session, uuid.UUID(game.id), 1, [LedgerEntry(alice.number, fortune, "test", "R-ECO-6")]
    )
    await session.flush()
    me = (await client.get(game.url("/me"), headers=alice.headers)).json()
    assert me["gold"] == 5 + fortune
    army = (await client.get(game.url("/armies"), headers=alice.headers)).json()["mine"][0]
    upgraded = await client.post(game.url(f"/armies/{army['id']}/upgrade"), headers=alice.headers)
    assert upgraded.status_code == 201, upgraded.text
    for p in game.players:
        assert (await client.put(game.url("/turn/ready"), headers=p.headers)).status_code == 200
    assert (await client.post(game.url("/turn/resolve"), headers=alice.headers)).status_code == 200
    # Empire: 5 − 8 (the upgrade) + 3 (capital) − 1 (upkeep): gold still equals the ledger.
    assert await gold_and_ledger(session, game, alice.number) == (fortune - 1, fortune - 1)
