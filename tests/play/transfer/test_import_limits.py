"""R-CAMP-9: what imports may hold at once (app/play/transfer/admission.py), and documents whose
state the server could not play, refused with 422 naming the field (app/play/transfer/checks.py)."""

import asyncio
import gc
import json
from collections.abc import AsyncIterator
from typing import Any

import pytest
from fastapi import FastAPI
from httpx import AsyncClient, Response
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.play.transfer import service as transfer_service
from app.store.models import Campaign
from tests.factories import fog_games
from tests.factories.flows import AuthUser, MakeUser, export_campaign, start_game
from tests.helpers import assert_problem

JSON = {"Content-Type": "application/json"}


async def campaigns(session: AsyncSession) -> int:
    return await session.scalar(select(func.count()).select_from(Campaign)) or 0


async def played_document(client: AsyncClient, make_user: MakeUser) -> dict[str, Any]:
    """A running two-seat campaign after one turn change, exported."""
    game = await start_game(client, make_user, owner_plays=False)
    for p in game.players:
        assert (await client.put(game.url("/turn/ready"), headers=p.headers)).is_success
    assert (await client.post(game.url("/turn/resolve"), headers=game.owner.headers)).is_success
    return await export_campaign(client, game.id, game.owner)


async def held_back(body: bytes, gate: asyncio.Event) -> AsyncIterator[bytes]:
    """A body that arrives in two parts, the second once `gate` opens."""
    yield body[:16]
    await gate.wait()
    yield body[16:]


async def until(condition: Any) -> None:
    for _ in range(500):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("never happened")


async def test_imports_run_one_per_user_and_two_in_all_refused_beyond_with_retry_after(
    app: FastAPI, client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    document = await played_document(client, make_user)
    alice, bob, carol, dave, erin = [await make_user() for _ in range(5)]
    body = json.dumps(
        {"document": document, "seats": {"1": dave.username, "2": erin.username}}
    ).encode()
    running = app.state.imports.running
    before = await campaigns(session)

    def post(user: AuthUser, content: Any) -> "asyncio.Task[Response]":
        headers = {**user.headers, **JSON}
        request = client.post("/v1/campaigns/import", content=content, headers=headers)
        return asyncio.create_task(request)

    alice_gate, bob_gate = asyncio.Event(), asyncio.Event()
    alice_first = post(alice, held_back(body, alice_gate))
    await until(lambda: len(running) == 1)
    # A second import of the same user while the first runs: 429, its body never needed.
    again = await post(alice, body)
    refused = assert_problem(again, 429, "too_many_requests")
    assert again.headers["Retry-After"] == "5"
    assert "one at a time" in refused["detail"]
    bob_first = post(bob, held_back(body, bob_gate))
    await until(lambda: len(running) == 2)
    # A third import in all: 503 with Retry-After.
    busy = await post(carol, body)
    assert_problem(busy, 503, "imports_busy")
    assert busy.headers["Retry-After"] == "5"
    assert await campaigns(session) == before
    # Those admitted run to their end, one after the other (the test shares one connection).
    alice_gate.set()
    assert (await alice_first).status_code == 201
    assert len(running) == 1
    bob_gate.set()
    assert (await bob_first).status_code == 201
    assert running == set()
    assert (await post(carol, body)).status_code == 201
    assert await campaigns(session) == before + 3


async def test_an_import_without_a_usable_token_is_refused_before_its_body_is_read(
    client: AsyncClient,
) -> None:
    read = []

    async def body() -> AsyncIterator[bytes]:
        read.append(True)
        yield b"{}"

    for headers in ({}, {"Authorization": "Bearer not-a-token"}):
        response = await client.post(
            "/v1/campaigns/import", content=body(), headers={**headers, **JSON}
        )
        assert_problem(response, 401, "unauthorized")
        assert response.headers["WWW-Authenticate"] == "Bearer"
    assert read == []


# --- documents the server could not play ---------------------------------------------------
# Each spoils a clean export (skirmish map, 10 × 8 = 80 tiles; seat 1's city 1, army 2 led by
# general 3; seat 2's city 4, army 5, general 6) and names the field the 422 must point at.

Doc = dict[str, Any]


def _tables(d: Doc) -> dict[str, list[dict[str, Any]]]:
    tables: dict[str, list[dict[str, Any]]] = d["state"]["tables"]
    return tables


def lobby_with_a_world(d: Doc) -> str:
    # A lobby's world is made at its start: with rows, POST /start answered 500.
    d["state"]["campaign"]["status"] = "lobby"
    d["turns"], d["rollbacks"], d["ledger"] = [], [], []
    for seat in d["seats"]:
        seat["gold"], seat["capital_id"] = 0, None
    return "/document/state/tables/structures"


def nested_too_deep(d: Doc) -> str:
    deep: Any = 0
    for _ in range(300):
        deep = [deep]
    d["seats"][0]["explored"] = {"deep": deep}  # a free-form column (JSONB)
    # The first value past 32 levels: /document is the first, `deep` the fifth.
    return "/document/seats/0/explored/deep" + "/0" * 29


def army_off_the_map(d: Doc) -> str:
    _tables(d)["armies"][0]["q"] = 40  # then …/reachable answered 500
    return "/document/state/tables/armies/0/q"


def structure_off_the_map(d: Doc) -> str:
    _tables(d)["structures"][1]["r"] = -9
    return "/document/state/tables/structures/1/q"


def capital_pointing_nowhere(d: Doc) -> str:
    d["seats"][0]["capital_id"] = 999
    return "/document/seats/0/capital_id"


def capital_at_another_players_city(d: Doc) -> str:
    d["seats"][0]["capital_id"] = d["seats"][1]["capital_id"]
    return "/document/seats/0/capital_id"


def missing_general(d: Doc) -> str:
    _tables(d)["armies"][0]["general_id"] = 999
    return "/document/state/tables/armies/0/general_id"


def tier_minus_one(d: Doc) -> str:
    _tables(d)["armies"][0]["tier"] = -1  # the ruleset's tiers[-2]: accepted by every read
    return "/document/state/tables/armies/0/tier"


def two_armies_sharing_a_general(d: Doc) -> str:
    first, second = _tables(d)["armies"]
    second["owner"] = first["owner"]
    second["general_id"] = first["general_id"]
    return "/document/state/tables/armies/1/general_id"


def _battle(battle_id: int) -> dict[str, Any]:
    side = {"players": [1], "army_ids": [2], "leader_id": 3, "structure_id": None}
    return {
        "id": battle_id,
        "turn": 1,
        "q": 4,
        "r": 1,
        "kind": "field",
        "attacker": side,
        "defender": {**side, "players": [2], "army_ids": [5], "leader_id": 6},
        "siege_draws": 0,
        "status": "awaiting_report",
        "report": None,
        "reported_by": None,
        "resolved_turn": None,
        "forces": None,
        "rejection_reason": None,
        "report_version": 0,
        "auto_confirm_at": None,
        "play_by": None,
        "play_by_proposal": None,
        "play_by_proposed_by": None,
    }


def identical_battles(d: Doc) -> str:
    _tables(d)["battles"] = [_battle(1000 + n) for n in range(7500)]
    return "/document/state/tables/battles"


def gold_at_the_top_of_64_bits(d: Doc) -> str:
    # Its ledger agrees, so the books check passed; every turn change then answered 422.
    top = 2**63 - 1
    seat = d["seats"][0]
    lines = [line for line in d["ledger"] if line["player"] == seat["number"]]
    lines[0]["amount"] += top - seat["gold"]
    seat["gold"] = top
    return "/document/seats/0/gold"


def ids_colliding(d: Doc) -> str:
    _tables(d)["generals"][1]["id"] = _tables(d)["armies"][0]["id"]
    return "/document/state/tables/generals/1/id"


def an_id_counter_behind_its_ids(d: Doc) -> str:
    # Imported, it gave its next army or battle an id already taken: the turn change failed.
    d["state"]["campaign"]["next_id"] = 1
    return "/document/state/campaign/next_id"


def a_negative_counter(d: Doc) -> str:
    d["seats"][1]["victories"] = -3
    return "/document/seats/1/victories"


def _order(**fields: Any) -> dict[str, Any]:
    return {
        "id": 2**31 - 7,
        "turn": 2,
        "player": 1,
        "kind": "move",
        "army_id": 2,
        "build_kind": None,
        "q": None,
        "r": None,
        "target_id": None,
        "general_id": None,
        "path": [[3, 1]],
        "cost": 0,
        "created_at": "2026-01-01T00:00:00Z",
        "updated_at": "2026-01-01T00:00:00Z",
        **fields,
    }


def order_of_an_army_that_does_not_exist(d: Doc) -> str:
    d["state"]["orders"] = [_order(army_id=999)]
    return "/document/state/orders/0/army_id"


def order_of_another_players_army(d: Doc) -> str:
    d["state"]["orders"] = [_order(army_id=5)]
    return "/document/state/orders/0/army_id"


def order_marching_off_the_map(d: Doc) -> str:
    d["state"]["orders"] = [_order(path=[[3, 1], [3, 99]])]
    return "/document/state/orders/0/path"


def order_of_another_turn(d: Doc) -> str:
    d["state"]["orders"] = [_order(turn=7)]
    return "/document/state/orders/0/turn"


def raise_in_a_city_that_does_not_exist(d: Doc) -> str:
    d["state"]["orders"] = [_order(kind="raise", army_id=None, path=None, target_id=77)]
    return "/document/state/orders/0/target_id"


def running_at_turn_zero(d: Doc) -> str:
    d["state"]["campaign"]["turn"] = 0
    return "/document/state/campaign/turn"


def kept_state_of_another_turn(d: Doc) -> str:
    d["turns"][0]["state"]["campaign"]["turn"] = 1 + d["turns"][0]["number"]
    return "/document/turns/0/state/campaign/turn"


def more_armies_than_the_map_holds(d: Doc) -> str:
    army = _tables(d)["armies"][0]
    _tables(d)["armies"] += [{**army, "id": 5000 + n, "general_id": None} for n in range(400)]
    return "/document/state/tables/armies"


def ledger_line_of_no_seat(d: Doc) -> str:
    d["ledger"].append({**d["ledger"][0], "player": 9, "amount": 0})
    return f"/document/ledger/{len(d['ledger']) - 1}/player"


def storm_off_the_map(d: Doc) -> str:
    d["state"]["campaign"]["storms"] = [[[0, 0], [60, 60]]]
    return "/document/state/campaign/storms/0"


@pytest.mark.parametrize(
    "spoil",
    [
        lobby_with_a_world,
        nested_too_deep,
        army_off_the_map,
        structure_off_the_map,
        capital_pointing_nowhere,
        capital_at_another_players_city,
        missing_general,
        tier_minus_one,
        two_armies_sharing_a_general,
        identical_battles,
        gold_at_the_top_of_64_bits,
        ids_colliding,
        an_id_counter_behind_its_ids,
        a_negative_counter,
        order_of_an_army_that_does_not_exist,
        order_of_another_players_army,
        order_marching_off_the_map,
        order_of_another_turn,
        raise_in_a_city_that_does_not_exist,
        running_at_turn_zero,
        kept_state_of_another_turn,
        more_armies_than_the_map_holds,
        ledger_line_of_no_seat,
        storm_off_the_map,
    ],
)
async def test_R_CAMP_9_a_document_the_server_could_not_play_is_refused_naming_the_field(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession, spoil: Any
) -> None:
    document = await played_document(client, make_user)
    importer, carol, dave = await make_user(), await make_user(), await make_user()
    seats = {"1": carol.username, "2": dave.username}
    before = await campaigns(session)
    spoiled = json.loads(json.dumps(document))
    pointer = spoil(spoiled)
    response = await client.post(
        "/v1/campaigns/import",
        json={"document": spoiled, "seats": seats},
        headers=importer.headers,
    )
    refused = assert_problem(response, 422, "R-CAMP-9")
    assert pointer in [v["path"] for v in refused["violations"]], refused["violations"]
    assert await campaigns(session) == before
    # The clean document still imports: the refusal was the spoiled field's.
    clean = await client.post(
        "/v1/campaigns/import",
        json={"document": document, "seats": seats},
        headers=importer.headers,
    )
    assert clean.status_code == 201, clean.text


async def test_R_CAMP_9_a_played_random_game_passes_the_checks_and_imports(
    app: FastAPI,
    client: AsyncClient,
    make_user: MakeUser,
    session: AsyncSession,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The checks refuse only what the engine never writes: a generated map, seven turns of
    four players' random marches, outposts and battles reported and confirmed
    (tests/play/world/test_fog_random.py; this seed has two battles of one kind at one tile and
    turn) export and import again."""
    table = await fog_games.setup_table(client, make_user, session, app, 2, 4)
    for number in range(1, 8):
        await fog_games.play_turn(table, number)
    assert table.tally["POST confirm 200"] >= 1, table.tally  # battles were fought
    # The owner plays: let them export the running game for this test.
    monkeypatch.setattr(transfer_service, "require_exporter", lambda member: None)
    owner = table.users[1]
    document = await export_campaign(client, table.campaign_id, owner)
    assert document["state"]["tables"]["battles"]
    seats = {str(n): (await make_user()).username for n in table.users}
    imported = await client.post(
        "/v1/campaigns/import", json={"document": document, "seats": seats}, headers=owner.headers
    )
    assert imported.status_code == 201, imported.text


async def test_an_import_runs_with_the_collector_paused_and_it_runs_again_after(
    client: AsyncClient, make_user: MakeUser, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The millions of objects an import holds until it ends are not walked by collections
    while it runs (app/platform/heap.py); the collector runs again once it has answered."""
    document = await played_document(client, make_user)
    importer, carol, dave = await make_user(), await make_user(), await make_user()
    usual, collecting = transfer_service.import_campaign, []

    async def import_campaign(*args: Any, **kwargs: Any) -> Any:
        collecting.append(gc.isenabled())
        return await usual(*args, **kwargs)

    monkeypatch.setattr(transfer_service, "import_campaign", import_campaign)
    assert gc.isenabled()
    body = {"document": document, "seats": {"1": carol.username, "2": dave.username}}
    imported = await client.post("/v1/campaigns/import", json=body, headers=importer.headers)
    assert imported.status_code == 201, imported.text
    assert collecting == [False]
    assert gc.isenabled()
