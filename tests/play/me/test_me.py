"""GET /me: gold, forecast, ledger, faction action and pending orders of the caller (R-ECO)."""

from typing import Any

from httpx import AsyncClient
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app.store.models.campaign import CampaignPlayer
from app.store.models.ledger import LedgerRow
from app.store.models.world import ArmyRow, StakeRow
from tests.factories.flows import Game, MakeUser, create_lobby, my_army, ok, start_game
from tests.helpers import assert_problem


async def me(client: AsyncClient, game: Game, index: int, query: str = "") -> dict[str, Any]:
    response = await client.get(game.url(f"/me{query}"), headers=game.players[index].headers)
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


async def test_me_at_start(client: AsyncClient, make_user: MakeUser) -> None:
    game = await start_game(client, make_user)
    body = await me(client, game, 0)
    assert body["player"] == game.players[0].number
    assert body["faction"] == "empire"
    assert body["faction_name"] == "Empire"
    assert body["turn"] == 1
    assert body["gold"] == 5
    assert (body["ready"], body["inactive"], body["infamy"], body["victories"]) == (
        False,
        False,
        0,
        0,
    )
    assert body["faction_action"] == {
        "key": "call_to_arms",
        "name": "Call to Arms",
        "recharge": 6,
        "available_from_turn": 1,
        "needs_victories": 0,
        "used_this_turn": False,
        "available": True,
    }
    assert body["forecast"] == {
        "income": [{"amount": 3, "reason": "city level 1 ×1", "rule": "R-ECO-2"}],
        "upkeep": [{"amount": -1, "reason": "upkeep: tier 1 army ×1", "rule": "R-ECO-4"}],
        "net": 2,
        "insolvent": False,
    }
    ledger = body["ledger"]
    assert ledger["total"] == 1
    assert [(e["turn"], e["amount"], e["rule"]) for e in ledger["items"]] == [(1, 5, "R-CAMP-3")]
    assert body["orders"] == {
        "moves": [],
        "builds": [],
        "raises": [],
        "upgrades": [],
        "recruits": [],
        "faction_action": False,
    }


async def test_orcs_pay_no_upkeep_for_low_tiers(client: AsyncClient, make_user: MakeUser) -> None:
    game = await start_game(client, make_user)
    body = await me(client, game, 1)
    assert body["faction"] == "orcs_goblins"
    assert body["forecast"]["upkeep"] == []
    assert body["forecast"]["net"] == 3
    # WAAAGH! needs 3 victories first (R-FAC).
    assert body["faction_action"]["needs_victories"] == 3
    assert body["faction_action"]["available"] is False


async def test_me_lists_pending_orders_and_the_action_in_the_forecast(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    headers = game.players[0].headers
    army = await session.scalar(
        select(ArmyRow).where(ArmyRow.campaign_id == game.id, ArmyRow.owner == 1)
    )
    assert army is not None
    moved = await client.put(
        game.url(f"/armies/{army.id}/move"), json={"path": [[3, 1]]}, headers=headers
    )
    assert moved.status_code == 200, moved.text
    built = await client.post(
        game.url("/builds"),
        json={"kind": "outpost", "q": 3, "r": 1, "army_id": army.id},
        headers=headers,
    )
    assert built.status_code == 201, built.text
    action = await client.post(game.url("/faction-action"), headers=headers)
    assert action.status_code == 201, action.text

    body = await me(client, game, 0)
    assert body["gold"] == 2
    orders = body["orders"]
    assert orders["moves"] == [{"army_id": army.id, "path": [[3, 1]]}]
    assert [(b["kind"], b["q"], b["r"], b["army_id"], b["cost"]) for b in orders["builds"]] == [
        ("outpost", 3, 1, army.id, 3)
    ]
    assert orders["faction_action"] is True
    assert body["faction_action"]["used_this_turn"] is True
    assert body["faction_action"]["available"] is False
    # Call to Arms: −1 upkeep per army this turn, so the tier-1 army costs nothing.
    assert body["forecast"]["upkeep"] == []
    assert body["forecast"]["net"] == 3
    assert body["ledger"]["items"][0]["amount"] == -3


async def test_ledger_is_paginated_most_recent_first(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    army = await session.scalar(
        select(ArmyRow).where(ArmyRow.campaign_id == game.id, ArmyRow.owner == 1)
    )
    assert army is not None
    headers = game.players[0].headers
    await client.put(game.url(f"/armies/{army.id}/move"), json={"path": [[3, 1]]}, headers=headers)
    built = await client.post(
        game.url("/builds"),
        json={"kind": "outpost", "q": 3, "r": 1, "army_id": army.id},
        headers=headers,
    )
    assert built.status_code == 201, built.text
    first = await me(client, game, 0, "?limit=1")
    assert first["ledger"]["total"] == 2
    assert first["ledger"]["limit"] == 1
    assert [e["amount"] for e in first["ledger"]["items"]] == [-3]
    second = await me(client, game, 0, "?limit=1&offset=1")
    assert [e["amount"] for e in second["ledger"]["items"]] == [5]
    assert second["ledger"]["total"] == 2
    past = await me(client, game, 0, "?limit=1&offset=5")  # past the end: still the count
    assert (past["ledger"]["items"], past["ledger"]["total"]) == ([], 2)


async def test_a_stake_won_shows_what_is_owed_not_the_losers_gold(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    loser = await session.get_one(CampaignPlayer, (game.id, 2))
    loser.gold = 0
    session.add(
        StakeRow(
            campaign_id=game.id, id=1, battle_id=9, winner=1, loser=2, amount=10, rule="R-BAT-7"
        )
    )
    await session.flush()
    forecast = (await me(client, game, 0))["forecast"]
    assert forecast["income"][0] == {
        "amount": 10,
        "reason": "stake of battle #9",
        "rule": "R-BAT-7",
    }
    assert forecast["net"] == 12


async def test_me_needs_a_player(client: AsyncClient, make_user: MakeUser) -> None:
    game = await start_game(client, make_user, owner_plays=False)
    assert_problem(await client.get(game.url("/me"), headers=game.owner.headers), 403, "R-CAMP-2")
    stranger = await make_user()
    assert_problem(await client.get(game.url("/me"), headers=stranger.headers), 404, "not_found")


async def test_reads_before_the_start_are_a_conflict(
    client: AsyncClient, make_user: MakeUser
) -> None:
    owner = await make_user()
    campaign = await create_lobby(client, owner)
    for path in ("/map", "/tiles/2/1", "/armies", "/standings"):
        response = await client.get(f"/v1/campaigns/{campaign['id']}{path}", headers=owner.headers)
        assert_problem(response, 409, "R-CAMP-2")


async def test_ledger_and_forecast_reasons_in_the_readers_language(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    # A line written before reasons kept their template: its English is all there is.
    session.add(
        LedgerRow(campaign_id=game.id, player=1, turn=1, amount=0, reason="old", rule="R-ECO-6")
    )
    await session.flush()
    url, headers = game.url("/me"), game.players[0].headers

    french = await client.get(url, headers={**headers, "Accept-Language": "fr"})
    english = await client.get(url, headers=headers)

    assert french.headers["content-language"] == "fr"
    assert [e["reason"] for e in french.json()["ledger"]["items"]] == ["old", "or de départ"]
    assert [e["reason"] for e in english.json()["ledger"]["items"]] == ["old", "starting gold"]
    forecast = french.json()["forecast"]
    assert [e["reason"] for e in forecast["income"] + forecast["upkeep"]] == [
        "ville de niveau 1 ×1",
        "entretien\u00a0: armée de palier 1 ×1",
    ]
    assert french.headers["etag"] != english.headers["etag"]


async def test_the_kind_in_a_ledger_reason_is_a_word_of_the_readers_language(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user, ruleset={"starting_gold": 40})
    alice = game.players[0]
    army = await my_army(client, game, alice)  # on the capital (R-CAMP-3)
    city = {"kind": "upgrade_city", "q": army["q"], "r": army["r"]}
    order = await ok(await client.post(game.url("/builds"), json=city, headers=alice.headers), 201)
    await ok(await client.delete(game.url(f"/orders/{order['id']}"), headers=alice.headers), 204)
    url, where = game.url("/me"), f"{army['q']},{army['r']}"

    french = await ok(await client.get(url, headers={**alice.headers, "Accept-Language": "fr"}))
    english = await ok(await client.get(url, headers=alice.headers))

    # Newest first: the refund, then the order.
    assert [e["reason"] for e in french["ledger"]["items"]][:2] == [
        "remboursement, annulation\u00a0: construction",
        f"ordre\u00a0: agrandissement de ville en {where}",
    ]
    assert [e["reason"] for e in english["ledger"]["items"]][:2] == [
        "refund: cancelled build",
        f"ordered upgrade_city at {where}",  # the API's value, as before
    ]
