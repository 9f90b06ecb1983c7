"""Edicts over HTTP (R-DIP-2): issue, answer, withdraw, expire; gold always in the ledger."""

from typing import Any

from httpx import AsyncClient
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.store.models.campaign import Campaign, CampaignPlayer
from app.store.models.diplomacy import EdictRow
from app.store.models.ledger import LedgerRow
from app.store.models.world import GeneralRow, TreatyRow
from tests.factories.diplomacy import (
    answer,
    capitals,
    dip_ledger,
    events,
    gold,
    names,
    post_edict,
    remember_city,
)
from tests.factories.flows import Game, MakeUser, change_turn, start_game
from tests.helpers import assert_problem

# Skirmish map: player 1 (Empire) starts at (2, 1), player 2 (Orcs & Goblins) at (7, 1).


async def edict_count(session: AsyncSession, game: Game) -> int:
    count = await session.scalar(
        select(func.count()).select_from(EdictRow).where(EdictRow.campaign_id == game.id)
    )
    return count or 0


def edict_body(**overrides: Any) -> dict[str, Any]:
    """The full read model of an edict, with the fields that differ given."""
    body: dict[str, Any] = {
        "recipient": None,
        "recipient_name": None,
        "q": None,
        "r": None,
        "my_city_id": None,
        "their_city_id": None,
        "general_id": None,
        "amount": None,
        "offer": None,
        "treaty_id": None,
        "answered_turn": None,
    }
    body.update(overrides)
    return body


def without_time(body: dict[str, Any]) -> dict[str, Any]:
    assert body.pop("created_at")
    return body


# ---------------------------------------------------------------------------------- proposals


async def test_R_DIP_2_embassy_paid_now_accepted_and_binding_from_the_next_turn(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    who = await names(client, game)
    sent = await post_edict(client, game, 0, {"kind": "embassy", "to": 2})
    assert sent.status_code == 201, sent.text
    edict = sent.json()
    edict_id = edict["id"]
    expected = edict_body(
        id=edict_id,
        turn=1,
        kind="embassy",
        status="proposed",
        sender=1,
        sender_name=who[1],
        recipient=2,
        recipient_name=who[2],
        cost=2,
    )
    assert without_time(edict) == expected
    assert await gold(session, game) == {1: 3, 2: 5}
    assert await dip_ledger(session, game) == [(1, 1, -2, f"edict #{edict_id}: embassy")]

    # The recipient sees it in their list; the sender's list holds it too.
    for index in (0, 1):
        page = (await client.get(game.url("/edicts"), headers=game.players[index].headers)).json()
        assert page["total"] == 1
        assert [without_time(e) for e in page["items"]] == [expected]

    accepted = await answer(client, game, 1, edict_id, "accept")
    assert accepted.status_code == 200, accepted.text
    treaty_id = accepted.json()["treaty_id"]
    assert without_time(accepted.json()) == {
        **expected,
        "status": "accepted",
        "treaty_id": treaty_id,
        "answered_turn": 1,
    }
    assert await events(session, game, "edict_received", "edict_answered") == [
        ("edict_received", [2], {"edict_id": edict_id, "kind": "embassy", "sender": 1}),
        ("edict_answered", [1], {"edict_id": edict_id, "kind": "embassy", "status": "accepted"}),
    ]
    treaty = {
        "id": treaty_id,
        "kind": "embassy",
        "a": 1,
        "a_name": who[1],
        "b": 2,
        "b_name": who[2],
        "since_turn": 2,
        "ends_turn": None,
        "status": "agreed",
        "city_a": None,
        "city_b": None,
    }
    mine = await client.get(game.url("/treaties"), headers=game.players[0].headers)
    assert mine.json() == [treaty]
    await change_turn(client, game)
    theirs = await client.get(game.url(f"/treaties/{treaty_id}"), headers=game.players[1].headers)
    assert theirs.json() == {**treaty, "status": "in_force"}
    # The cost of an accepted proposal is not refunded.
    assert await dip_ledger(session, game) == [(1, 1, -2, f"edict #{edict_id}: embassy")]


async def test_R_DIP_2_refused_withdrawn_and_expired_proposals_are_refunded(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user, ("empire", "orcs_goblins", "dwarfs"))
    refused = (await post_edict(client, game, 0, {"kind": "pact", "to": 2})).json()["id"]
    withdrawn = (await post_edict(client, game, 1, {"kind": "alliance", "to": 3})).json()["id"]
    expired = (await post_edict(client, game, 2, {"kind": "embassy", "to": 1})).json()["id"]
    assert await gold(session, game) == {1: 3, 2: 3, 3: 3}

    response = await answer(client, game, 1, refused, "refuse")
    assert response.status_code == 200, response.text
    assert response.json()["status"] == "refused"
    response = await answer(client, game, 1, withdrawn, "withdraw")
    assert response.status_code == 200, response.text
    assert response.json()["status"] == "withdrawn"
    assert await gold(session, game) == {1: 5, 2: 5, 3: 3}
    # A withdrawn edict frees the turn's slot; a refused one does not (R-DIP-2).
    again = await post_edict(client, game, 1, {"kind": "gift", "to": 3, "amount": 1})
    assert again.status_code == 201, again.text
    assert_problem(await post_edict(client, game, 0, {"kind": "pact", "to": 3}), 422, "R-DIP-2")

    await change_turn(client, game)
    listed = (await client.get(game.url("/edicts"), headers=game.players[2].headers)).json()
    assert [(e["id"], e["status"]) for e in listed["items"]] == [
        (again.json()["id"], "done"),
        (expired, "expired"),
        (withdrawn, "withdrawn"),
    ]
    assert await dip_ledger(session, game) == [
        (1, 1, -2, f"edict #{refused}: pact"),
        (2, 1, -2, f"edict #{withdrawn}: alliance"),
        (3, 1, -2, f"edict #{expired}: embassy"),
        (1, 1, 2, f"edict #{refused} refused: refund"),
        (2, 1, 2, f"edict #{withdrawn} withdrawn: refund"),
        (2, 1, -1, "gift to player 3"),
        (3, 1, 1, "gift from player 2"),
        (3, 1, 2, f"edict #{expired} expired: refund"),
    ]
    # Answering an expired proposal, or one of a past turn: refused, nothing changed.
    before = await gold(session, game)
    late = await answer(client, game, 0, expired, "accept")
    assert_problem(late, 409, "R-DIP-2")
    assert await gold(session, game) == before
    assert await session.scalar(select(func.count()).select_from(TreatyRow)) == 0


# ---------------------------------------------------------------------------------- refusals


async def test_R_DIP_2_bad_edicts_are_refused_and_change_nothing(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    cases = [
        ({"kind": "embassy", "to": 1}, 422, "R-DIP-2"),  # to yourself
        ({"kind": "embassy", "to": 9}, 422, "R-DIP-2"),  # not a player of the campaign
        ({"kind": "gift", "to": 2, "amount": 2}, 422, "R-DIP-2"),  # 25 % of 5 is 1
        ({"kind": "trade", "my_city_id": 999, "their_city_id": 1}, 422, "R-DIP-2"),
        ({"kind": "exploration", "q": 9, "r": 7}, 422, "R-DIP-2"),  # beyond 4 tiles
        ({"kind": "release_prisoner", "general_id": 1}, 422, "R-ARMY-2"),
        ({"kind": "trade", "my_city_id": 1}, 422, "validation_error"),
    ]
    for body, status, code in cases:
        assert_problem(await post_edict(client, game, 0, body), status, code)
    assert await gold(session, game) == {1: 5, 2: 5}
    assert await edict_count(session, game) == 0

    # R-ECO-1: an embassy costs 2; with 1 gold, refused.
    row = await session.get_one(CampaignPlayer, (game.id, 1))
    row.gold = 1
    session.add(LedgerRow(campaign_id=game.id, player=1, turn=1, amount=-4, reason="t", rule="t"))
    await session.flush()
    assert_problem(await post_edict(client, game, 0, {"kind": "embassy", "to": 2}), 422, "R-ECO-1")
    assert await gold(session, game) == {1: 1, 2: 5}
    assert await edict_count(session, game) == 0


async def test_R_DIP_2_trade_needs_your_city_and_an_embassy(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    mine, theirs = await capitals(session, game)
    # Player 1 has never seen player 2's capital: refused like a city that does not exist.
    route = {"kind": "trade", "my_city_id": mine, "their_city_id": theirs}
    assert_problem(await post_edict(client, game, 0, route), 422, "R-DIP-2")
    await remember_city(session, game, 1, (7, 1), 2)
    no_embassy = assert_problem(await post_edict(client, game, 0, route), 422, "R-DIP-2")
    assert no_embassy["detail"] == "A trade route needs an embassy or better with that player."
    not_mine = {"kind": "trade", "my_city_id": theirs, "their_city_id": mine}
    assert_problem(await post_edict(client, game, 1, not_mine), 422, "R-DIP-2")
    assert await gold(session, game) == {1: 5, 2: 5}
    assert await edict_count(session, game) == 0


async def test_R_DIP_2_only_the_recipient_answers_and_only_the_sender_withdraws(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user, ("empire", "orcs_goblins", "dwarfs"))
    edict_id = (await post_edict(client, game, 0, {"kind": "pact", "to": 2})).json()["id"]
    assert_problem(await answer(client, game, 0, edict_id, "accept"), 422, "R-DIP-2")
    assert_problem(await answer(client, game, 1, edict_id, "withdraw"), 422, "R-DIP-2")
    # A third player may not even know it exists.
    assert_problem(await answer(client, game, 2, edict_id, "accept"), 404, "not_found")
    third = await client.get(game.url(f"/edicts/{edict_id}"), headers=game.players[2].headers)
    assert_problem(third, 404, "not_found")
    assert (await client.get(game.url("/edicts"), headers=game.players[2].headers)).json()[
        "total"
    ] == 0
    assert await gold(session, game) == {1: 3, 2: 5, 3: 5}
    row = await session.get_one(EdictRow, (game.id, edict_id))
    await session.refresh(row)
    assert row.status == "proposed"
    # Answered once, never again.
    assert (await answer(client, game, 1, edict_id, "refuse")).status_code == 200
    assert_problem(await answer(client, game, 1, edict_id, "accept"), 409, "R-DIP-2")
    assert_problem(await answer(client, game, 0, edict_id, "withdraw"), 409, "R-DIP-2")
    assert await gold(session, game) == {1: 5, 2: 5, 3: 5}


# ------------------------------------------------------------------------ immediate edicts


async def test_R_DIP_2_a_gift_moves_gold_with_a_ledger_line_on_each_side(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    sent = await post_edict(client, game, 0, {"kind": "gift", "to": 2, "amount": 1})
    assert sent.status_code == 201, sent.text
    assert sent.json()["status"] == "done"
    assert sent.json()["amount"] == 1
    assert await gold(session, game) == {1: 4, 2: 6}
    assert await dip_ledger(session, game) == [
        (1, 1, -1, "gift to player 2"),
        (2, 1, 1, "gift from player 1"),
    ]
    assert_problem(await answer(client, game, 0, sent.json()["id"], "withdraw"), 409, "R-DIP-2")


async def test_R_ARMY_2_a_released_prisoner_returns_free_to_its_owner(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    campaign = await session.get_one(Campaign, game.id)
    prisoner_id = campaign.next_id
    campaign.next_id += 1
    session.add(GeneralRow(campaign_id=game.id, id=prisoner_id, owner=2, army_id=None, held_by=1))
    await session.flush()
    held = (await client.get(game.url("/generals"), headers=game.players[0].headers)).json()
    assert [p["id"] for p in held["prisoners"]] == [prisoner_id]

    sent = await post_edict(
        client, game, 0, {"kind": "release_prisoner", "general_id": prisoner_id}
    )
    assert sent.status_code == 201, sent.text
    assert (sent.json()["status"], sent.json()["recipient"]) == ("done", 2)
    row = await session.get_one(GeneralRow, (game.id, prisoner_id))
    await session.refresh(row)
    assert (row.owner, row.army_id, row.held_by) == (2, None, None)
    assert sent.json()["id"] > prisoner_id  # the id counter moved on, no collision
    assert await events(session, game, "edict_received") == [
        (
            "edict_received",
            [2],
            {"edict_id": sent.json()["id"], "kind": "release_prisoner", "sender": 1},
        )
    ]


# ------------------------------------------------------------------------------ exploration


async def test_R_FOG_1_exploration_leaves_the_tiles_explored_at_the_turn_change(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    sent = await post_edict(client, game, 0, {"kind": "exploration", "q": 4, "r": 3})
    assert sent.status_code == 201, sent.text
    assert (sent.json()["status"], sent.json()["q"], sent.json()["r"]) == ("pending", 4, 3)
    tile = await client.get(game.url("/tiles/4/3"), headers=game.players[0].headers)
    assert tile.json()["fog"] == "unexplored"
    await change_turn(client, game)
    for q, r in [(4, 3), (5, 3), (3, 4), (4, 2)]:
        tile = await client.get(game.url(f"/tiles/{q}/{r}"), headers=game.players[0].headers)
        assert (tile.json()["fog"], tile.json()["seen_turn"]) == ("explored", 2), (q, r)
    # Player 2 learnt nothing of it.
    tile = await client.get(game.url("/tiles/4/3"), headers=game.players[1].headers)
    assert tile.json()["fog"] == "unexplored"
    edict = await client.get(
        game.url(f"/edicts/{sent.json()['id']}"), headers=game.players[0].headers
    )
    assert edict.json()["status"] == "done"


# --------------------------------------------------------------------------------- helpers
