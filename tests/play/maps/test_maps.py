"""Maps and rulesets over HTTP (R-MAP, R-HOUSE-2)."""

from typing import Any

import pytest
from httpx import AsyncClient
from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

from app.play.maps import service as maps_service
from app.store.models.game_map import GameMap
from tests.factories.flows import MakeUser
from tests.factories.statements import counted
from tests.helpers import assert_problem


def tiny_map(**changes: Any) -> dict[str, Any]:
    """A valid 4×2 map: a plain row with a city site, a coast row on the sea."""
    tiles = [
        {"q": 0, "r": 0, "terrain": "plain"},
        {"q": 1, "r": 0, "terrain": "city"},
        {"q": 2, "r": 0, "terrain": "plain"},
        {"q": 3, "r": 0, "terrain": "forest"},
        {"q": 0, "r": 1, "terrain": "coast"},
        {"q": 1, "r": 1, "terrain": "sea"},
        {"q": 2, "r": 1, "terrain": "sea"},
        {"q": 3, "r": 1, "terrain": "coast"},
    ]
    return {
        "name": "Tiny",
        "width": 4,
        "height": 2,
        "tiles": tiles,
        "slots": [{"q": 0, "r": 0}, {"q": 3, "r": 0}],
        **changes,
    }


async def test_R_HOUSE_2_default_ruleset_is_the_rulebook(client: AsyncClient) -> None:
    body = (await client.get("/v1/rulesets/default")).json()
    assert (body["starting_gold"], body["max_players"], body["army_base_cost"]) == (5, 8, 6)
    assert body["costs"] == {"found_city": 10, "port": 8, "outpost": 3, "upgrade_city": 12}
    assert [t["upkeep"] for t in body["tiers"]] == [1, 2, 3, 5, 7, 10]
    assert len(body["factions"]) == 17
    dwarfs = next(f for f in body["factions"] if f["key"] == "dwarfs")
    assert (dwarfs["terrain_modifiers"], dwarfs["action"]["recharge"]) == ({"mountain": 1}, 3)


async def test_R_MAP_4_built_in_maps_are_listed_in_pages(
    client: AsyncClient, make_user: MakeUser
) -> None:
    alice = await make_user()
    page = (await client.get("/v1/maps?limit=1", headers=alice.headers)).json()
    assert (page["total"], page["limit"], page["offset"], len(page["items"])) == (2, 1, 0, 1)
    everything = (await client.get("/v1/maps", headers=alice.headers)).json()["items"]
    assert {(m["builtin_key"], m["slots"]) for m in everything} == {
        ("old_world", 17),
        ("skirmish", 4),
    }


async def test_R_MAP_4_an_uploaded_map_is_validated_and_private(
    client: AsyncClient, make_user: MakeUser
) -> None:
    alice, bob = await make_user(), await make_user()
    created = await client.post("/v1/maps", json=tiny_map(), headers=alice.headers)
    assert created.status_code == 201, created.text
    document = created.json()["document"]
    city = next(t for t in document["tiles"] if t["terrain"] == "city")
    assert city["tags"] == ["city_site"]  # implied by the terrain (R-MAP-3)
    map_id = created.json()["id"]
    assert (await client.get(f"/v1/maps/{map_id}", headers=alice.headers)).status_code == 200
    assert_problem(await client.get(f"/v1/maps/{map_id}", headers=bob.headers), 404, "not_found")
    mine = (await client.get("/v1/maps", headers=alice.headers)).json()
    assert mine["total"] == 3
    assert (await client.get("/v1/maps", headers=bob.headers)).json()["total"] == 2


async def test_R_MAP_4_an_invalid_map_lists_every_fault_and_stores_nothing(
    client: AsyncClient, make_user: MakeUser
) -> None:
    alice = await make_user()
    broken = tiny_map()
    broken["tiles"] = broken["tiles"][:-1]  # a tile missing
    broken["slots"] = [{"q": 1, "r": 1}, {"q": 3, "r": 0}]  # a slot at sea
    refused = await client.post("/v1/maps", json=broken, headers=alice.headers)
    body = assert_problem(refused, 422, "R-MAP-4")
    paths = sorted(v["path"] for v in body["violations"])
    assert len(paths) == 2
    assert any(p.startswith("slots") for p in paths)
    assert any(p.startswith("tiles") for p in paths)
    assert (await client.get("/v1/maps", headers=alice.headers)).json()["total"] == 2


async def test_R_MAP_4_a_generated_map_is_the_same_for_the_same_seed(
    client: AsyncClient, make_user: MakeUser
) -> None:
    alice = await make_user()
    params = {"width": 16, "height": 12, "players": 3, "seed": 42}
    first = await client.post("/v1/maps/generate", json=params, headers=alice.headers)
    second = await client.post("/v1/maps/generate", json=params, headers=alice.headers)
    assert first.status_code == second.status_code == 201
    assert first.json()["document"] == second.json()["document"]
    assert first.json()["slots"] == 3
    other = await client.post(
        "/v1/maps/generate", json={**params, "seed": 43}, headers=alice.headers
    )
    assert other.json()["document"] != first.json()["document"]


async def test_R_MAP_4_a_tile_missing_next_to_a_coast_is_a_fault_not_a_server_error(
    client: AsyncClient, make_user: MakeUser
) -> None:
    """The coast at (0,1) has its sea neighbour (1,1) missing: both faults, one 422."""
    alice = await make_user()
    broken = tiny_map()
    broken["tiles"] = [t for t in broken["tiles"] if (t["q"], t["r"]) != (1, 1)]
    refused = await client.post("/v1/maps", json=broken, headers=alice.headers)
    body = assert_problem(refused, 422, "R-MAP-4")
    assert body["violations"] == [
        {"path": "tiles", "message": "missing tiles (1,1)"},
        {"path": "tiles[4]", "message": "a coast must touch the sea"},
    ]
    assert (await client.get("/v1/maps", headers=alice.headers)).json()["total"] == 2


async def test_R_MAP_2_terrains_and_tags_are_the_schema_enums(
    client: AsyncClient, make_user: MakeUser
) -> None:
    """Known to the contract, so clients and the fuzzer send real terrains and tags."""
    alice = await make_user()
    broken = tiny_map()
    broken["tiles"][0] = {**broken["tiles"][0], "terrain": "lava", "tags": ["ruins"]}
    refused = await client.post("/v1/maps", json=broken, headers=alice.headers)
    body = assert_problem(refused, 422, "validation_error")
    assert [e["loc"] for e in body["errors"]] == [
        ["body", "tiles", 0, "terrain"],
        ["body", "tiles", 0, "tags", 0],
    ]


async def test_the_list_of_maps_reads_no_document(
    client: AsyncClient, connection: AsyncConnection, make_user: MakeUser
) -> None:
    """A summary shows a map's size, not its tiles: the documents (a 128×128 upload is
    megabytes) are neither read nor decoded to list them."""
    alice = await make_user("alice")
    uploaded = await client.post("/v1/maps", json=tiny_map(), headers=alice.headers)
    assert uploaded.status_code == 201, uploaded.text
    await client.get("/v1/maps", headers=alice.headers)  # the built-in maps stored, if missing
    with counted(connection) as statements:
        listed = await client.get("/v1/maps", headers=alice.headers)
    assert listed.status_code == 200, listed.text
    assert {m["builtin_key"] or m["name"] for m in listed.json()["items"]} == {
        "old_world",
        "skirmish",
        "Tiny",
    }
    # The page's rows (the count's subquery is flattened: it reads no column).
    (page,) = [s for s in statements if "LIMIT" in s]
    assert "maps.document" not in page
    assert "maps.width" in page


async def test_the_built_in_maps_are_built_from_their_pictures_only_when_missing(
    client: AsyncClient, make_user: MakeUser, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every list of maps and every new campaign checks the built-in maps are stored: once
    they are, their pictures are not parsed again for it (~0.7 ms at each request)."""
    alice = await make_user("alice")
    await client.get("/v1/maps", headers=alice.headers)  # stored, if they were missing

    def parsed() -> dict[str, Any]:
        raise AssertionError("the built-in maps were built again")

    monkeypatch.setattr(maps_service, "builtin_maps", parsed)
    listed = await client.get("/v1/maps", headers=alice.headers)
    assert listed.status_code == 200, listed.text
    assert {m["builtin_key"] for m in listed.json()["items"]} == {"old_world", "skirmish"}


async def test_R_MAP_4_missing_built_in_maps_are_stored_when_maps_are_listed(
    client: AsyncClient, session: AsyncSession, make_user: MakeUser
) -> None:
    """A new database has no maps: the first list stores the built-in ones (once), and a
    campaign can be made on them."""
    await session.execute(delete(GameMap))
    await session.flush()
    alice = await make_user("alice")
    for _ in range(2):
        listed = await client.get("/v1/maps", headers=alice.headers)
        assert listed.status_code == 200, listed.text
        assert sorted(m["builtin_key"] for m in listed.json()["items"]) == ["old_world", "skirmish"]
    stored = await session.scalars(select(GameMap.builtin_key))
    assert sorted(k or "" for k in stored) == ["old_world", "skirmish"]
    skirmish = next(m for m in listed.json()["items"] if m["builtin_key"] == "skirmish")
    created = await client.post(
        "/v1/campaigns",
        json={"name": "New", "map_id": skirmish["id"], "settings": {}},
        headers=alice.headers,
    )
    assert created.status_code == 201, created.text


@pytest.mark.parametrize(
    ("language", "names"),
    [("en", ["The Old World", "Skirmish"]), ("fr", ["Le Vieux Monde", "Escarmouche"])],
)
async def test_the_built_in_maps_are_named_in_the_readers_language(
    client: AsyncClient, make_user: MakeUser, language: str, names: list[str]
) -> None:
    alice = await make_user()
    headers = {**alice.headers, "Accept-Language": language}
    # A map of a player's keeps the name it was given, even a built-in map's English name.
    mine = await client.post("/v1/maps", json=tiny_map(name="Skirmish"), headers=alice.headers)
    assert mine.status_code == 201, mine.text

    r = await client.get("/v1/maps", headers=headers)
    assert r.status_code == 200, r.text
    assert r.headers["content-language"] == language
    named = {(m["builtin_key"], m["name"]) for m in r.json()["items"]}
    assert named == {("old_world", names[0]), ("skirmish", names[1]), (None, "Skirmish")}
    skirmish = next(m for m in r.json()["items"] if m["builtin_key"] == "skirmish")
    one = await client.get(f"/v1/maps/{skirmish['id']}", headers=headers)
    assert (one.status_code, one.json()["name"]) == (200, names[1])
