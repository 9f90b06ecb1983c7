"""R-CAMP-9: what imports may hold at once (app/transfer/admission.py), and documents whose
state the server could not play, refused with 422 naming the field (app/transfer/checks.py)."""

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any

from fastapi import FastAPI
from httpx import AsyncClient, Response
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.models import Campaign
from tests.api.game import start_game
from tests.api.test_transfer import _export
from tests.helpers import AuthUser, MakeUser, assert_problem

JSON = {"Content-Type": "application/json"}


async def campaigns(session: AsyncSession) -> int:
    return await session.scalar(select(func.count()).select_from(Campaign)) or 0


async def played_document(client: AsyncClient, make_user: MakeUser) -> dict[str, Any]:
    """A running two-seat campaign after one turn change, exported."""
    game = await start_game(client, make_user, owner_plays=False)
    for p in game.players:
        assert (await client.put(game.url("/turn/ready"), headers=p.headers)).is_success
    assert (await client.post(game.url("/turn/resolve"), headers=game.owner.headers)).is_success
    return await _export(client, game.id, game.owner)


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
