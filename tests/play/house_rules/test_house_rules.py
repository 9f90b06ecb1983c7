"""House rules (R-HOUSE-1): ordered amendments the owner edits and every player reads, with
every change kept with its author and time; the ruleset variant stays readable (R-HOUSE-2)."""

from typing import Any

from httpx import AsyncClient
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.store.models import HouseRule, HouseRuleChange
from tests.factories.flows import Game, MakeUser, start_game
from tests.helpers import assert_problem

MISCAST = {"section": "Magic: Miscast", "page": "p. 87", "kind": "replace", "text": "Roll 2D6."}
STEAM = {"section": "Steam Tank", "kind": "remove", "text": "No steam tanks."}
TERRAIN = {"section": "Terrain", "page": "p. 120", "kind": "add", "text": "Marsh is difficult."}


async def add(client: AsyncClient, game: Game, data: dict[str, Any]) -> dict[str, Any]:
    response = await client.post(game.url("/house-rules"), json=data, headers=game.owner.headers)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


async def listing(client: AsyncClient, game: Game, index: int = 1) -> dict[str, Any]:
    response = await client.get(game.url("/house-rules"), headers=game.players[index].headers)
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def order(body: dict[str, Any]) -> list[tuple[int, str]]:
    return [(a["position"], a["section"]) for a in body["amendments"]]


async def counts(session: AsyncSession, game: Game) -> tuple[int, int]:
    rules = await session.scalar(
        select(func.count()).select_from(HouseRule).where(HouseRule.campaign_id == game.id)
    )
    changes = await session.scalar(
        select(func.count())
        .select_from(HouseRuleChange)
        .where(HouseRuleChange.campaign_id == game.id)
    )
    return rules or 0, changes or 0


async def test_R_HOUSE_1_owner_adds_amendments_every_player_reads_them_in_order(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user, settings={"game_system": "ninth_age"})
    miscast = await add(client, game, MISCAST)
    assert miscast == {
        "id": miscast["id"],
        "position": 1,
        "section": "Magic: Miscast",
        "page": "p. 87",
        "kind": "replace",
        "text": "Roll 2D6.",
        "created_at": miscast["created_at"],
        "updated_at": miscast["updated_at"],
    }
    await add(client, game, STEAM)
    await add(client, game, {**TERRAIN, "position": 1})  # goes first, the rest move down
    body = await listing(client, game)
    assert body["game_system"] == "ninth_age"
    assert order(body) == [(1, "Terrain"), (2, "Magic: Miscast"), (3, "Steam Tank")]
    assert body["amendments"][2]["page"] is None
    # A position past the end means last.
    await add(client, game, {**STEAM, "section": "Last", "position": 99})
    assert order(await listing(client, game))[-1] == (4, "Last")


async def test_R_HOUSE_1_update_moves_and_delete_closes_the_gap(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user)
    a = await add(client, game, MISCAST)
    await add(client, game, STEAM)
    c = await add(client, game, TERRAIN)
    response = await client.patch(
        game.url(f"/house-rules/{c['id']}"),
        json={"position": 1, "text": "Marsh costs double.", "page": None},
        headers=game.owner.headers,
    )
    assert response.status_code == 200, response.text
    moved = response.json()
    assert (moved["position"], moved["text"], moved["page"]) == (1, "Marsh costs double.", None)
    assert order(await listing(client, game)) == [
        (1, "Terrain"),
        (2, "Magic: Miscast"),
        (3, "Steam Tank"),
    ]
    response = await client.delete(game.url(f"/house-rules/{a['id']}"), headers=game.owner.headers)
    assert response.status_code == 204
    assert order(await listing(client, game)) == [(1, "Terrain"), (2, "Steam Tank")]


async def test_R_HOUSE_1_history_keeps_every_change_with_author_and_time(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user)
    rule = await add(client, game, MISCAST)
    await client.patch(
        game.url(f"/house-rules/{rule['id']}"), json={"kind": "add"}, headers=game.owner.headers
    )
    # A change that changes nothing is not a change.
    await client.patch(
        game.url(f"/house-rules/{rule['id']}"), json={"kind": "add"}, headers=game.owner.headers
    )
    await client.delete(game.url(f"/house-rules/{rule['id']}"), headers=game.owner.headers)
    response = await client.get(game.url("/house-rules/history"), headers=game.players[1].headers)
    assert response.status_code == 200, response.text
    history = response.json()
    owner_name = game.owner.username.title()
    snapshot = {
        "position": 1,
        "section": "Magic: Miscast",
        "page": "p. 87",
        "kind": "replace",
        "text": "Roll 2D6.",
    }
    changed = {**snapshot, "kind": "add"}
    assert history["total"] == 3
    assert [
        (h["rule_id"], h["action"], h["author"], h["by_you"], h["before"], h["after"])
        for h in history["items"]
    ] == [
        (rule["id"], "delete", owner_name, False, changed, None),
        (rule["id"], "update", owner_name, False, snapshot, changed),
        (rule["id"], "create", owner_name, False, None, snapshot),
    ]
    assert all(h["at"] for h in history["items"])
    page = await client.get(
        game.url("/house-rules/history?limit=1&offset=1"), headers=game.owner.headers
    )
    assert [(h["action"], h["by_you"]) for h in page.json()["items"]] == [("update", True)]


async def test_R_HOUSE_1_R_CAMP_5_history_hides_the_owner_name_under_anonymity(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user, settings={"anonymity": True})
    await add(client, game, MISCAST)
    seen = await client.get(game.url("/house-rules/history"), headers=game.players[1].headers)
    assert [h["author"] for h in seen.json()["items"]] == ["Owner"]
    own = await client.get(game.url("/house-rules/history"), headers=game.owner.headers)
    assert [h["author"] for h in own.json()["items"]] == [game.owner.username.title()]


async def test_R_HOUSE_1_players_may_not_edit_and_nothing_changes(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    rule = await add(client, game, MISCAST)
    before = await counts(session, game)
    headers = game.players[1].headers
    for response in (
        await client.post(game.url("/house-rules"), json=STEAM, headers=headers),
        await client.patch(
            game.url(f"/house-rules/{rule['id']}"), json={"text": "x"}, headers=headers
        ),
        await client.delete(game.url(f"/house-rules/{rule['id']}"), headers=headers),
    ):
        assert_problem(response, 403, "R-HOUSE-1")
    assert await counts(session, game) == before
    assert (await listing(client, game))["amendments"] == [rule]


async def test_house_rules_refusals(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    stranger = await make_user()
    assert_problem(
        await client.get(game.url("/house-rules"), headers=stranger.headers), 404, "not_found"
    )
    owner = game.owner.headers
    assert_problem(
        await client.patch(game.url("/house-rules/999"), json={"text": "x"}, headers=owner),
        404,
        "not_found",
    )
    assert_problem(
        await client.delete(game.url("/house-rules/999"), headers=owner), 404, "not_found"
    )
    for bad in (
        {**MISCAST, "kind": "recolour"},
        {**MISCAST, "section": ""},
        {**MISCAST, "position": 0},
        {k: v for k, v in MISCAST.items() if k != "text"},
    ):
        response = await client.post(game.url("/house-rules"), json=bad, headers=owner)
        assert_problem(response, 422, "validation_error")
    rule = await add(client, game, MISCAST)
    response = await client.patch(
        game.url(f"/house-rules/{rule['id']}"), json={"text": None}, headers=owner
    )
    assert_problem(response, 422, "validation_error")
    assert await counts(session, game) == (1, 1)
    # Another campaign's amendment does not exist here.
    other = await start_game(client, make_user)
    response = await client.patch(
        other.url(f"/house-rules/{rule['id']}"), json={"text": "x"}, headers=other.owner.headers
    )
    assert_problem(response, 404, "not_found")


async def test_R_HOUSE_2_the_ruleset_variant_is_readable_by_every_player(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user, ruleset={"starting_gold": 9})
    response = await client.get(game.url("/ruleset"), headers=game.players[1].headers)
    assert response.status_code == 200
    assert response.json()["starting_gold"] == 9
