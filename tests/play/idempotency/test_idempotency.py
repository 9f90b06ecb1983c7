"""`Idempotency-Key` on campaign writes (ARCHITECTURE: "a retry with the same key returns the
first response"): replay without redoing the work, refusal of a reused key, per-user keys,
expiry, nothing stored for a failed request, and a concurrent duplicate that waits and replays."""

import asyncio
import uuid
from datetime import timedelta

import pytest
from httpx import AsyncClient, Response
from sqlalchemy import func, select, update
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession

from app.platform.db.base import utcnow
from app.store.models import CampaignPlayer, IdempotencyKey, LedgerRow, OrderRow
from tests.factories.flows import Game, GamePlayer, MakeUser, start_game
from tests.helpers import assert_problem

# On the skirmish map player 1 starts at (2, 1) and player 2 at (7, 1).
OUTPOST_EAST = {"kind": "outpost", "q": 3, "r": 1}
OUTPOST_WEST = {"kind": "outpost", "q": 6, "r": 1}


def key_header(player: GamePlayer, key: str) -> dict[str, str]:
    return {**player.headers, "Idempotency-Key": key}


async def first_army(client: AsyncClient, game: Game, player: GamePlayer) -> int:
    armies = (await client.get(game.url("/armies"), headers=player.headers)).json()
    army_id: int = armies["mine"][0]["id"]
    return army_id


async def march(client: AsyncClient, game: Game, player: GamePlayer, q: int, r: int) -> int:
    """Move the player's first army one tile, so it may build there; return its id."""
    army_id = await first_army(client, game, player)
    moved = await client.put(
        game.url(f"/armies/{army_id}/move"), json={"path": [[q, r]]}, headers=player.headers
    )
    assert moved.status_code == 200, moved.text
    return army_id


async def books(session: AsyncSession, game: Game, number: int) -> tuple[int, int, int]:
    """(gold, ledger sum, orders of this player): what a replay must leave untouched."""
    gold = await session.scalar(
        select(CampaignPlayer.gold).where(
            CampaignPlayer.campaign_id == game.id, CampaignPlayer.number == number
        )
    )
    ledger = await session.scalar(
        select(func.coalesce(func.sum(LedgerRow.amount), 0)).where(
            LedgerRow.campaign_id == game.id, LedgerRow.player == number
        )
    )
    orders = await session.scalar(
        select(func.count())
        .select_from(OrderRow)
        .where(OrderRow.campaign_id == game.id, OrderRow.player == number)
    )
    return gold or 0, ledger or 0, orders or 0


def same_response(first: Response, again: Response) -> None:
    assert again.status_code == first.status_code
    assert again.content == first.content
    assert again.headers["content-type"] == first.headers["content-type"]
    assert again.headers["Idempotent-Replayed"] == "true"
    assert "Idempotent-Replayed" not in first.headers


async def test_build_retried_with_the_same_key_is_charged_once_and_replays_the_response(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    alice = game.players[0]
    army_id = await march(client, game, alice, 3, 1)
    body = {**OUTPOST_EAST, "army_id": army_id}

    first = await client.post(game.url("/builds"), json=body, headers=key_header(alice, "k-1"))
    assert first.status_code == 201, first.text
    assert first.json() == {
        "id": first.json()["id"],
        "turn": 1,
        "kind": "build",
        "cost": 3,
        "total_cost": 3,
        "army_id": army_id,
        "build_kind": "outpost",
        "q": 3,
        "r": 1,
        "city_id": None,
        "general_id": None,
        "path": None,
    }
    after_first = await books(session, game, alice.number)
    assert after_first == (2, 2, 2)  # 5 - 3 for the outpost; the move is an order too

    again = await client.post(game.url("/builds"), json=body, headers=key_header(alice, "k-1"))
    same_response(first, again)
    assert await books(session, game, alice.number) == after_first


async def test_same_key_with_another_body_is_refused_with_422_and_changes_nothing(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    alice = game.players[0]
    army_id = await march(client, game, alice, 3, 1)
    first = await client.post(
        game.url("/builds"),
        json={**OUTPOST_EAST, "army_id": army_id},
        headers=key_header(alice, "k-1"),
    )
    assert first.status_code == 201, first.text
    before = await books(session, game, alice.number)

    other_body = await client.post(
        game.url("/builds"),
        json={"kind": "port", "q": 3, "r": 1, "army_id": army_id},
        headers=key_header(alice, "k-1"),
    )
    assert_problem(other_body, 422, "idempotency_key_reused")
    other_path = await client.post(game.url("/generals"), headers=key_header(alice, "k-1"))
    assert_problem(other_path, 422, "idempotency_key_reused")
    assert await books(session, game, alice.number) == before


async def test_keys_are_per_user(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    alice, bob = game.players
    alice_army = await march(client, game, alice, 3, 1)
    bob_army = await march(client, game, bob, 6, 1)

    mine = await client.post(
        game.url("/builds"),
        json={**OUTPOST_EAST, "army_id": alice_army},
        headers=key_header(alice, "shared"),
    )
    theirs = await client.post(
        game.url("/builds"),
        json={**OUTPOST_WEST, "army_id": bob_army},
        headers=key_header(bob, "shared"),
    )
    assert (mine.status_code, theirs.status_code) == (201, 201), theirs.text
    assert "Idempotent-Replayed" not in theirs.headers
    assert theirs.json()["q"] == 6
    assert await books(session, game, alice.number) == (2, 2, 2)
    assert (await books(session, game, bob.number))[2] == 2


async def test_expired_key_is_forgotten_and_the_request_runs_again(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    alice = game.players[0]
    army_id = await march(client, game, alice, 3, 1)
    body = {**OUTPOST_EAST, "army_id": army_id}
    first = await client.post(game.url("/builds"), json=body, headers=key_header(alice, "k-1"))
    assert first.status_code == 201, first.text
    cancelled = await client.delete(
        game.url(f"/builds/{first.json()['id']}"), headers=alice.headers
    )
    assert cancelled.status_code == 204
    assert await books(session, game, alice.number) == (5, 5, 1)

    await session.execute(
        update(IdempotencyKey)
        .where(IdempotencyKey.user_id == alice.user.id)
        .values(expires_at=utcnow() - timedelta(seconds=1))
    )
    await session.flush()
    again = await client.post(game.url("/builds"), json=body, headers=key_header(alice, "k-1"))
    assert again.status_code == 201, again.text
    assert "Idempotent-Replayed" not in again.headers
    assert again.json()["id"] != first.json()["id"]
    assert await books(session, game, alice.number) == (2, 2, 2)
    stored = (
        await session.scalars(select(IdempotencyKey).where(IdempotencyKey.user_id == alice.user.id))
    ).all()
    assert [(k.key, k.status, k.expires_at > utcnow() + timedelta(hours=23)) for k in stored] == [
        ("k-1", 201, True)
    ]


async def test_a_refused_request_stores_no_key_so_its_retry_is_judged_again(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    alice = game.players[0]
    army_id = await march(client, game, alice, 3, 1)
    before = await books(session, game, alice.number)

    # A city needs a city_site tile and 10 gold (R-MAP-3, R-BUILD-3, R-ECO-1).
    refused = await client.post(
        game.url("/builds"),
        json={"kind": "found_city", "q": 2, "r": 1, "army_id": army_id},
        headers=key_header(alice, "k-1"),
    )
    assert_problem(refused, 422, "R-MAP-3")
    assert await books(session, game, alice.number) == before
    assert await session.scalar(select(func.count()).select_from(IdempotencyKey)) == 0

    # The key was never stored, so it is free for the corrected request.
    corrected = await client.post(
        game.url("/builds"),
        json={**OUTPOST_EAST, "army_id": army_id},
        headers=key_header(alice, "k-1"),
    )
    assert corrected.status_code == 201, corrected.text
    assert "Idempotent-Replayed" not in corrected.headers


async def test_a_cancellation_retried_with_its_key_replays_204_instead_of_404(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    alice = game.players[0]
    army_id = await march(client, game, alice, 3, 1)
    built = await client.post(
        game.url("/builds"), json={**OUTPOST_EAST, "army_id": army_id}, headers=alice.headers
    )
    url = game.url(f"/builds/{built.json()['id']}")
    first = await client.delete(url, headers=key_header(alice, "cancel-1"))
    assert first.status_code == 204
    again = await client.delete(url, headers=key_header(alice, "cancel-1"))
    assert (again.status_code, again.content, again.headers["Idempotent-Replayed"]) == (
        204,
        b"",
        "true",
    )
    assert await books(session, game, alice.number) == (5, 5, 1)
    # Without a key the retry is a new request, and the build is gone.
    assert_problem(await client.delete(url, headers=alice.headers), 404, "not_found")


async def test_the_turn_change_confirmed_twice_with_one_key_happens_once(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user)
    for player in game.players:
        await client.put(game.url("/turn/ready"), headers=player.headers)
    owner = game.players[0]
    first = await client.post(game.url("/turn/resolve"), headers=key_header(owner, "turn-1"))
    assert first.status_code == 200, first.text
    again = await client.post(game.url("/turn/resolve"), headers=key_header(owner, "turn-1"))
    same_response(first, again)
    turn = (await client.get(game.url("/turn"), headers=owner.headers)).json()
    assert turn["number"] == first.json()["number"] == 2


@pytest.mark.parametrize("key", ["", "x" * 256])
async def test_a_key_outside_1_to_255_characters_is_a_validation_error(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession, key: str
) -> None:
    game = await start_game(client, make_user)
    alice = game.players[0]
    before = await books(session, game, alice.number)
    response = await client.post(game.url("/generals"), headers=key_header(alice, key))
    body = assert_problem(response, 422, "validation_error")
    assert [e["loc"] for e in body["errors"]] == [["header", "Idempotency-Key"]]
    assert await books(session, game, alice.number) == before


async def test_openapi_documents_the_header_on_campaign_writes_and_offer_answers_only(
    client: AsyncClient,
) -> None:
    schema = (await client.get("/openapi.json")).json()
    with_header = sorted(
        f"{method.upper()} {path}"
        for path, operations in schema["paths"].items()
        for method, operation in operations.items()
        if any(p["name"] == "Idempotency-Key" for p in operation.get("parameters", []))
    )
    writes = sorted(
        f"{method.upper()} {path}"
        for path, operations in schema["paths"].items()
        for method in operations
        if method in {"post", "put", "patch", "delete"}
        and (path == "/v1/campaigns" or path.startswith("/v1/campaigns/"))
    )
    # And the answers to a seat offer (R-CAMP-6), which make a member of the campaign.
    writes = sorted(
        [
            *writes,
            "POST /v1/users/me/join-requests",  # an ask to join (R-CAMP-11)
            "POST /v1/users/me/seat-offers/{offer_id}/accept",
            "POST /v1/users/me/seat-offers/{offer_id}/decline",
        ]
    )
    assert with_header == writes
    assert {
        "POST /v1/campaigns/{campaign_id}/builds",
        "POST /v1/campaigns/{campaign_id}/turn/resolve",
        "PUT /v1/campaigns/{campaign_id}/turn/ready",
    } <= set(with_header)
    build = schema["paths"]["/v1/campaigns/{campaign_id}/builds"]["post"]
    header = next(p for p in build["parameters"] if p["name"] == "Idempotency-Key")
    assert header["in"] == "header"
    assert header["required"] is False
    assert header["schema"]["anyOf"][0] == {
        "type": "string",
        "minLength": 1,
        "maxLength": 255,
        "pattern": "^[^\\u0000]*$",  # no NUL (app/shell/contract.py)
    }


# --- a concurrent duplicate: real committed transactions on separate connections -------------


async def test_concurrent_duplicates_do_the_work_once_and_both_get_the_first_response(
    committing_client: AsyncClient,
    committing_engine: AsyncEngine,
    committing_make_user: MakeUser,
) -> None:
    client = committing_client
    game = await start_game(client, committing_make_user)
    alice = game.players[0]
    army_id = await march(client, game, alice, 3, 1)
    body = {**OUTPOST_EAST, "army_id": army_id}
    key = str(uuid.uuid4())
    responses = await asyncio.gather(
        *(
            client.post(game.url("/builds"), json=body, headers=key_header(alice, key))
            for _ in range(4)
        )
    )
    assert [r.status_code for r in responses] == [201] * 4
    originals = [r for r in responses if "Idempotent-Replayed" not in r.headers]
    assert len(originals) == 1
    assert {r.content for r in responses} == {originals[0].content}
    async with AsyncSession(committing_engine) as session:
        assert await books(session, game, alice.number) == (2, 2, 2)
