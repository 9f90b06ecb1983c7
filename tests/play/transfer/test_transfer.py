"""R-CAMP-9: a campaign exported as one document, imported on another server, and the round
trip export → import → export giving the same document."""

import json
import re
from typing import Any

import pytest
from fastapi import FastAPI
from httpx import AsyncClient
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

from app.play.transfer import service as transfer_service
from app.play.transfer.router import ImportRequest
from app.play.transfer.schemas import CampaignImport
from app.play.world.service import world_map_json as usual_world_map_json
from app.store.models import Campaign, CampaignPlayer, LedgerRow, StandingOrderRow
from tests.factories.flows import (
    AuthUser,
    Game,
    GamePlayer,
    MakeUser,
    export_campaign,
    my_army,
    start_game,
)
from tests.factories.seat_offers import accept
from tests.factories.statements import counted
from tests.helpers import assert_problem

STEAM = {"section": "Steam Tank", "kind": "remove", "text": "No steam tanks."}


async def _play(client: AsyncClient, game: Game) -> None:
    """Two turn changes and one rollback, orders, a message, a house rule."""
    alice, bob = game.players
    added = await client.post(game.url("/house-rules"), json=STEAM, headers=game.owner.headers)
    assert added.status_code == 201, added.text
    sent = await client.post(
        game.url("/messages"), json={"to": [bob.number], "body": "hi"}, headers=alice.headers
    )
    assert sent.status_code == 201, sent.text
    army = await my_army(client, game, alice)
    moved = await client.put(
        game.url(f"/armies/{army['id']}/move"), json={"path": [[3, 1]]}, headers=alice.headers
    )
    assert moved.status_code == 200, moved.text
    built = await client.post(
        game.url("/builds"),
        json={"kind": "outpost", "q": 3, "r": 1, "army_id": army["id"]},
        headers=alice.headers,
    )
    assert built.status_code == 201, built.text
    for _ in range(2):
        for p in game.players:
            assert (await client.put(game.url("/turn/ready"), headers=p.headers)).is_success
        changed = await client.post(game.url("/turn/resolve"), headers=game.owner.headers)
        assert changed.status_code == 200, changed.text
    rolled = await client.post(game.url("/turn/rollback"), headers=game.owner.headers)
    assert rolled.status_code == 200, rolled.text


async def _import(
    client: AsyncClient, importer: AuthUser, document: dict[str, Any], seats: dict[str, str]
) -> Any:
    return await client.post(
        "/v1/campaigns/import",
        json={"document": document, "seats": seats},
        headers=importer.headers,
    )


async def test_R_CAMP_9_export_import_export_gives_the_same_document(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user, owner_plays=False)
    await _play(client, game)
    first = await export_campaign(client, game.id, game.owner)
    assert first["format"] == "marchlords.campaign"
    assert first["version"] == 1
    assert [t["number"] for t in first["turns"]] == [1]
    assert [r["number"] for r in first["rollbacks"]] == [2]
    assert first["turns"][0]["state"]["campaign"]["turn"] == 1
    assert first["messages"][0]["body"] == "hi"
    assert first["house_rules"][0]["section"] == "Steam Tank"
    assert first["state"]["tables"]["structures"]
    assert first["state"]["tables"]["armies"]
    # Orders: this turn's in the state, each past turn's in that turn's state.
    assert first["state"]["orders"] == []
    assert {o["kind"] for o in first["turns"][0]["state"]["orders"]} == {"move", "build"}
    assert all(s["explored"] for s in first["turns"][0]["state"]["players"])
    assert sum(line["amount"] for line in first["ledger"] if line["player"] == 1) == next(
        s["gold"] for s in first["seats"] if s["number"] == 1
    )
    # Nothing of the source server's accounts travels.
    text = json.dumps(first)
    for user in (game.owner, *(p.user for p in game.players)):
        assert user.username not in text
        assert str(user.id) not in text

    importer, carol, dave = await make_user(), await make_user(), await make_user()
    imported = await _import(client, importer, first, {"1": carol.username, "2": dave.username})
    assert imported.status_code == 201, imported.text
    copy = imported.json()
    assert copy["id"] != game.id
    assert copy["turn"] == 2
    second = await export_campaign(client, copy["id"], importer)
    assert second == first
    without = await export_campaign(client, copy["id"], importer, messages=False)
    assert without["messages"] is None

    # The copy plays on: its seats are held by the users named once they accept, its books
    # are right, and the change kept before the export can still be rolled back.
    for user in (carol, dave):
        await accept(client, user, copy["id"])
    carol_seat = GamePlayer(carol, 1, "empire")
    dave_seat = GamePlayer(dave, 2, "orcs_goblins")
    copied = Game(copy["id"], importer, [carol_seat, dave_seat])
    me = await client.get(copied.url("/me"), headers=carol.headers)
    assert me.status_code == 200, me.text
    assert me.json()["gold"] == next(s["gold"] for s in first["seats"] if s["number"] == 1)
    for p in copied.players:
        assert (await client.put(copied.url("/turn/ready"), headers=p.headers)).is_success
    assert (await client.post(copied.url("/turn/resolve"), headers=importer.headers)).is_success
    for p in copied.players:
        gold = await session.scalar(
            select(CampaignPlayer.gold).where(
                CampaignPlayer.campaign_id == copy["id"], CampaignPlayer.number == p.number
            )
        )
        total = await session.scalar(
            select(func.sum(LedgerRow.amount)).where(
                LedgerRow.campaign_id == copy["id"], LedgerRow.player == p.number
            )
        )
        assert gold == total
    back = await client.post(copied.url("/turn/rollback"), headers=importer.headers)
    assert back.status_code == 200, back.text
    again = await client.post(copied.url("/turn/rollback"), headers=importer.headers)
    assert again.json()["number"] == 1
    owner = await session.scalar(select(Campaign.owner_id).where(Campaign.id == copy["id"]))
    assert str(owner) == str(importer.id)


async def _read_as_import(body: bytes) -> Any:
    """What the import route's request reads from `body` as its JSON."""
    sent = False

    async def receive() -> dict[str, Any]:
        nonlocal sent
        assert not sent
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}

    scope = {"type": "http", "method": "POST", "path": "/v1/campaigns/import", "headers": []}
    return await ImportRequest(scope, receive).json()


async def test_R_CAMP_9_an_import_body_read_from_its_text_is_the_document_json_loads_gives(
    client: AsyncClient, make_user: MakeUser
) -> None:
    """The import validates its body's text itself (quicker than `json.loads`, then the
    models): an accepted document is the same model, values the JSON parsers could read
    apart (64-bit integers, floats, escapes, keys given twice) as `json.loads` reads them."""
    game = await start_game(client, make_user, owner_plays=False)
    await _play(client, game)
    document = await export_campaign(client, game.id, game.owner)
    document["campaign"]["id_salt"] = 2**63 - 1
    document["state"]["campaign"]["storms"] = [
        [2**64 + 1, -(2**63), 0.1, 1e300, 5e-324, -0.0, 1.0, '\u00e9\n\\"[{']
    ]
    seats = {"1": "carol", "2": "dave"}
    for text in (
        json.dumps({"document": document, "seats": seats}),
        json.dumps({"document": document, "seats": seats}, ensure_ascii=False, indent=1),
        '{"name": "one", ' + json.dumps({"document": document, "seats": seats, "name": "two"})[1:],
    ):
        body = text.encode()
        read = await _read_as_import(body)
        assert isinstance(read, CampaignImport)
        assert read == CampaignImport.model_validate(json.loads(body))
        assert read.model_dump() == CampaignImport.model_validate(json.loads(body)).model_dump()


@pytest.mark.parametrize(
    "body",
    [
        b'{"document": {',  # not JSON
        b'{"document": 1, "seats": {"1": "carol"}}',  # not the schema
        b'{"document": {}, "seats": {"1": "\\ud800"}}',  # a lone surrogate (json.loads reads it)
        b'{"document": {"deep": ' + b"[" * 300 + b"]" * 300 + b'}, "seats": {}}',
        b"[" * 300 + b"]" * 300,  # past the depth pydantic's own JSON parser reads
    ],
)
async def test_R_CAMP_9_an_import_body_pydantic_refuses_is_read_by_json_loads_as_before(
    body: bytes,
) -> None:
    """Its refusal is then FastAPI's as ever (the same 422, the same errors and locations)."""
    try:
        expected: Any = json.loads(body)
    except json.JSONDecodeError as refused:
        expected = (refused.msg, refused.pos)
    try:
        read: Any = await _read_as_import(body)
    except json.JSONDecodeError as refused:
        read = (refused.msg, refused.pos)
    assert read == expected


async def test_R_CAMP_9_imported_messages_keep_their_order_recipients_and_text(
    client: AsyncClient, make_user: MakeUser
) -> None:
    """Written as arrays unnested into rows: the copy's export lists them as the document did
    (their order is their ids'), each with its recipients, none, one or several."""
    game = await start_game(client, make_user, owner_plays=False)
    await _play(client, game)
    document = await export_campaign(client, game.id, game.owner)
    first = document["messages"][0]
    document["messages"] = [
        {
            **first,
            "public_id": 10**15 - 7 * n,
            "sender": 1 + n % 2,
            "recipients": [[], [2 - n % 2], [1, 2]][n % 3],
            "to_all": n % 3 == 2,
            "turn": n % 2,
            "body": f"message {n}: " + '«{1,2}», "quoted"\n',
        }
        for n in range(40)
    ]
    importer, carol, dave = await make_user(), await make_user(), await make_user()
    seats = {"1": carol.username, "2": dave.username}
    imported = await _import(client, importer, document, seats)
    assert imported.status_code == 201, imported.text
    copy = await export_campaign(client, imported.json()["id"], importer)
    assert copy["messages"] == document["messages"]


async def test_R_CAMP_9_only_the_game_master_exports_a_running_campaign(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user)  # the owner plays
    alice, bob = game.players
    assert_problem(await client.get(game.url("/export"), headers=alice.headers), 403, "R-FOG-5")
    assert_problem(await client.get(game.url("/export"), headers=bob.headers), 403, "R-CAMP-1")
    stranger = await make_user()
    assert_problem(
        await client.get(game.url("/export"), headers=stranger.headers), 404, "not_found"
    )
    ended = await client.post(game.url("/end"), headers=game.owner.headers)
    assert ended.status_code == 200, ended.text
    done = await client.get(game.url("/export"), headers=alice.headers)
    assert done.status_code == 200, done.text


async def test_R_CAMP_9_import_needs_a_user_for_every_seat_and_right_books(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user, owner_plays=False)
    for p in game.players:
        assert (await client.put(game.url("/turn/ready"), headers=p.headers)).is_success
    assert (await client.post(game.url("/turn/resolve"), headers=game.owner.headers)).is_success
    document = await export_campaign(client, game.id, game.owner)
    importer, carol = await make_user(), await make_user()
    missing = assert_problem(
        await _import(client, importer, document, {"1": carol.username}), 422, "R-CAMP-9"
    )
    assert {"path": "seats.2", "message": "this seat needs a user"} in missing["violations"]
    unknown = assert_problem(
        await _import(client, importer, document, {"1": carol.username, "2": "nobody-here"}),
        422,
        "R-CAMP-9",
    )
    assert {"path": "seats.2", "message": "no such user"} in unknown["violations"]
    twice = {"1": carol.username, "2": carol.username}
    assert_problem(await _import(client, importer, document, twice), 422, "R-CAMP-9")
    # Gold that its ledger does not explain (R-ECO-6) is refused.
    dave = await make_user()
    seats = {"1": carol.username, "2": dave.username}
    rich = json.loads(json.dumps(document))
    rich["seats"][0]["gold"] += 100
    assert_problem(await _import(client, importer, rich, seats), 422, "R-CAMP-9")
    # Rows that contradict each other: an army of a seat that does not exist.
    stray = json.loads(json.dumps(document))
    stray["state"]["tables"]["armies"][0]["owner"] = 9
    assert_problem(await _import(client, importer, stray, seats), 422, "R-CAMP-9")
    # A turn changed twice, or after the turn the game stands at.
    twice_changed = json.loads(json.dumps(document))
    twice_changed["turns"] = [*document["turns"], *document["turns"]]
    assert twice_changed["turns"]
    assert_problem(await _import(client, importer, twice_changed, seats), 422, "R-CAMP-9")
    # Counts are bounded in the schema (422), bodies by size (413).
    many = json.loads(json.dumps(document))
    many["turns"] = [{"number": 1}] * 1001
    assert_problem(await _import(client, importer, many, seats), 422, "validation_error")
    huge = await client.post(
        "/v1/campaigns/import",
        content=b'{"document": "' + b"x" * (9 * 1024 * 1024) + b'"}',
        headers={**importer.headers, "Content-Type": "application/json"},
    )
    assert_problem(huge, 413, "content_too_large")
    # A clean import still works.
    assert (await _import(client, importer, document, seats)).status_code == 201


async def test_R_CAMP_9_a_campaign_past_the_bounds_is_refused_whole(
    client: AsyncClient, make_user: MakeUser, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = await start_game(client, make_user, owner_plays=False)
    for p in game.players:
        assert (await client.put(game.url("/turn/ready"), headers=p.headers)).is_success
    assert (await client.post(game.url("/turn/resolve"), headers=game.owner.headers)).is_success
    monkeypatch.setattr(transfer_service, "MAX_TURNS", 0)
    refused = assert_problem(
        await client.get(game.url("/export"), headers=game.owner.headers), 409, "R-CAMP-9"
    )
    assert "turns" in refused["detail"]


async def test_R_CAMP_9_a_document_larger_than_an_import_is_refused_before_it_is_built(
    app: FastAPI, client: AsyncClient, make_user: MakeUser, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The export measures itself in the database first: one this server could not import
    (MARCHLORDS_MAX_UPLOAD_BODY_BYTES) is 409, and no memory is spent building it."""
    game = await start_game(client, make_user, owner_plays=False)
    for p in game.players:
        assert (await client.put(game.url("/turn/ready"), headers=p.headers)).is_success
    assert (await client.post(game.url("/turn/resolve"), headers=game.owner.headers)).is_success
    small = app.state.settings.model_copy(update={"max_upload_body_bytes": 1024})
    monkeypatch.setattr(app.state, "settings", small)
    refused = assert_problem(
        await client.get(game.url("/export"), headers=game.owner.headers), 409, "R-CAMP-9"
    )
    assert "MARCHLORDS_MAX_UPLOAD_BODY_BYTES" in refused["detail"]


def _summary(d: dict[str, Any]) -> None:
    d["turns"][0]["summaries"]["1"] = [{"kind": "army_moved", "coords": "x"}]


def _faction(d: dict[str, Any]) -> None:
    d["seats"][0]["faction"] = "no_such_faction"


def _tier(d: dict[str, Any]) -> None:
    d["state"]["tables"]["armies"][0]["tier"] = 99


def _debt(d: dict[str, Any]) -> None:
    owed = sum(line["amount"] for line in d["ledger"] if line["player"] == 1) + 5
    d["ledger"].append({**d["ledger"][0], "player": 1, "amount": -owed})
    d["seats"][0]["gold"] = -5


@pytest.mark.parametrize("spoil", [_summary, _faction, _tier, _debt])
async def test_R_CAMP_9_a_game_the_server_could_not_show_is_refused(
    client: AsyncClient, make_user: MakeUser, spoil: Any
) -> None:
    """What the engine trusts (summary lines, factions of the ruleset, tiers, gold ≥ 0) is
    checked at the import, by the same readers the copy would be shown with: 422, never a
    campaign that answers 500 later."""
    game = await start_game(client, make_user, owner_plays=False)
    for p in game.players:
        assert (await client.put(game.url("/turn/ready"), headers=p.headers)).is_success
    assert (await client.post(game.url("/turn/resolve"), headers=game.owner.headers)).is_success
    document = await export_campaign(client, game.id, game.owner)
    importer, carol, dave = await make_user(), await make_user(), await make_user()
    seats = {"1": carol.username, "2": dave.username}
    assert (await _import(client, importer, document, seats)).status_code == 201
    spoiled = json.loads(json.dumps(document))
    spoil(spoiled)
    assert_problem(await _import(client, importer, spoiled, seats), 422, "R-CAMP-9")


async def test_R_CAMP_9_standing_orders_travel_in_the_export_and_come_back_on_import_R_TURN_8(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user, owner_plays=False)
    alice = game.players[0]
    army = await my_army(client, game, alice)
    hold = {"kind": "hold", "army_id": army["id"]}
    made = await client.post(game.url("/standing-orders"), json=hold, headers=alice.headers)
    assert made.status_code == 201, made.text
    first = await export_campaign(client, game.id, game.owner)
    exported = first["state"]["tables"]["standing_orders"]
    assert [(o["id"], o["player"], o["kind"], o["army_id"]) for o in exported] == [
        (made.json()["id"], 1, "hold", army["id"])
    ]
    importer, carol, dave = await make_user(), await make_user(), await make_user()
    imported = await _import(client, importer, first, {"1": carol.username, "2": dave.username})
    assert imported.status_code == 201, imported.text
    copy = imported.json()
    kinds = await session.scalars(
        select(StandingOrderRow.kind).where(StandingOrderRow.campaign_id == copy["id"])
    )
    assert list(kinds) == ["hold"]
    assert await export_campaign(client, copy["id"], importer) == first


async def test_R_CAMP_9_ledger_reasons_travel_with_their_template_and_older_documents_import(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user, owner_plays=False)
    document = await export_campaign(client, game.id, game.owner)
    assert {line["reason_text"]["template"] for line in document["ledger"]} == {"starting gold"}
    older = {**document, "ledger": [dict(line) for line in document["ledger"]]}
    for line in older["ledger"]:
        del line["reason_text"]  # a document exported before reasons kept their template

    async def first_reason_in_french(doc: dict[str, Any]) -> str:
        importer, carol, dave = await make_user(), await make_user(), await make_user()
        imported = await _import(client, importer, doc, {"1": carol.username, "2": dave.username})
        assert imported.status_code == 201, imported.text
        await accept(client, carol, imported.json()["id"])
        copied = Game(imported.json()["id"], importer, [GamePlayer(carol, 1, "empire")])
        me = await client.get(copied.url("/me"), headers={**carol.headers, "Accept-Language": "fr"})
        assert me.status_code == 200, me.text
        reason: str = me.json()["ledger"]["items"][0]["reason"]
        return reason

    assert await first_reason_in_french(document) == "or de départ"
    assert await first_reason_in_french(older) == "starting gold"


async def test_R_CAMP_9_the_checks_read_the_copys_world_once_and_show_it_to_every_viewer(
    client: AsyncClient,
    make_user: MakeUser,
    connection: AsyncConnection,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The import proves every seat's and the owner's reads of the copy, each through the
    readers a request uses: they share the world the first of them read (the transaction wrote
    it, so the shared cache may not serve it), and every one of them is still read."""
    game = await start_game(client, make_user, owner_plays=False)
    for p in game.players:
        assert (await client.put(game.url("/turn/ready"), headers=p.headers)).is_success
    assert (await client.post(game.url("/turn/resolve"), headers=game.owner.headers)).is_success
    document = await export_campaign(client, game.id, game.owner)
    shown: list[int | None] = []

    def world_map_json(view: Any) -> bytes:
        shown.append(view.player)
        return usual_world_map_json(view)

    monkeypatch.setattr(transfer_service, "world_map_json", world_map_json)
    importer, carol, dave = await make_user(), await make_user(), await make_user()
    with counted(connection) as statements:
        imported = await _import(
            client, importer, document, {"1": carol.username, "2": dave.username}
        )
    assert imported.status_code == 201, imported.text
    assert shown == [None, 1, 2]  # the owner's map (the game master's), then each seat's
    world_reads = [s for s in statements if re.search(r"\bFROM structures\b", s)]
    assert len(world_reads) == 1, world_reads
