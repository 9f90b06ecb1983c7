"""Moderation as an attacker tries it (issue 45).

The blocked user probes whether they are blocked: by the answers (they must be the same as
anyone's) and by the work the server does (the same statements as for a recipient who turned
their notifications off, which any recipient may do). A user calls the operator API, or tries
to make themselves an operator: the API answers them as a path that does not exist. An
operator reads a report and tries to reach the rest of the campaign through it. A reporter
names a message of another campaign. A suspended user keeps a stream open.
"""

import re
import uuid
from typing import Any

import pytest
from fastapi import FastAPI
from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

from tests.factories.flows import THREE, MakeUser, ok, start_game
from tests.factories.moderation import (
    BLOCKS,
    OPERATOR,
    WHY,
    block,
    make_operator,
    open_reports,
    report_message,
    send,
)
from tests.factories.statements import counted
from tests.helpers import assert_problem

_LITERALS = re.compile(r"\$\d+|'[^']*'|\b\d+\b")


# The notifications' fan-out: for a recipient who will hear nothing (blocked, or every channel
# off) it reads at most their presence and wishes, one indexed read, then writes nothing.
_FAN_OUT = ("stream_presence", "notification_")


def _shapes(statements: list[str]) -> list[str]:
    """The statements without their parameters, the notifications' fan-out left out."""
    return [_LITERALS.sub("?", s) for s in statements if not any(t in s for t in _FAN_OUT)]


async def test_a_blocked_sender_is_answered_as_anyone_and_costs_the_server_the_same_work(
    client: AsyncClient, make_user: MakeUser, connection: AsyncConnection
) -> None:
    """Player 1 writes to 2, who blocked them, and to 3, who did not but hears of nothing (no
    notification for messages: any user may choose so). Same answer, same statements but for
    one read of the notifications' fan-out (docs/security.md: the residue, below the noise)."""
    game = await start_game(client, make_user, THREE)
    second, third = game.players[1], game.players[2]
    await block(client, second.user, game.players[0].user)
    off = {"inbox": "off", "email": "off", "webhook": "off", "push": "off"}
    quiet = {"kinds": {"message_received": off}}
    await ok(await client.put("/v1/users/me/notifications", json=quiet, headers=third.headers))
    await send(client, game, 0, [3], "Warm-up.")  # caches and first-time work out of the way
    with counted(connection) as to_blocker:
        blocked = await send(client, game, 0, [2], "Do you hear me?")
    with counted(connection) as to_other:
        heard = await send(client, game, 0, [3], "Do you hear me?")
    assert blocked.keys() == heard.keys()
    assert (blocked["body"], blocked["read"], blocked["sent_by_you"]) == (
        heard["body"],
        heard["read"],
        heard["sent_by_you"],
    )
    assert [r["number"] for r in blocked["recipients"]] == [2]
    assert _shapes(to_blocker) == _shapes(to_other)
    assert len(to_other) - len(to_blocker) <= 1


def _operator_calls(app: FastAPI) -> list[tuple[str, str, dict[str, Any] | None]]:
    """Every operation of the contract's `operators` tag, its path filled in, a valid body."""
    calls = []
    for path, operations in app.openapi()["paths"].items():
        for method, operation in operations.items():
            if "operators" not in operation.get("tags", ()):
                continue
            filled = path.replace("{report_id}", str(uuid.uuid4()))
            filled = filled.replace("{campaign_id}", str(uuid.uuid4()))
            filled = "/v1" + filled.removeprefix("/v1").replace("{username}", "alice")
            body = None if method == "get" else {**WHY, "name": "A name"}
            if body is not None and "rename" not in path:
                body = dict(WHY)
            calls.append((method.upper(), filled, body))
    return calls


async def test_the_operator_api_answers_anyone_else_as_a_path_that_does_not_exist(
    app: FastAPI, client: AsyncClient, make_user: MakeUser
) -> None:
    mallory = await make_user()
    nowhere = await client.get("/v1/operator/nothing-here", headers=mallory.headers)
    expected = {k: v for k, v in nowhere.json().items() if k != "instance"}
    calls = _operator_calls(app)
    assert len(calls) == 8
    for method, path, body in calls:
        for headers in (mallory.headers, {}, {"Authorization": "Bearer not-a-token"}):
            response = await client.request(method, path, json=body, headers=headers)
            problem = assert_problem(response, 404, "not_found")
            assert {k: v for k, v in problem.items() if k != "instance"} == expected, path


async def test_no_request_makes_a_user_an_operator(
    client: AsyncClient, make_user: MakeUser
) -> None:
    mallory = await make_user()
    for body in ({"is_operator": True}, {"display_name": "Op", "is_operator": True}):
        response = await client.patch("/v1/users/me", json=body, headers=mallory.headers)
        assert response.status_code in (200, 422), response.text
    me = await ok(await client.get("/v1/users/me", headers=mallory.headers))
    assert "is_operator" not in me
    reports = await client.get(f"{OPERATOR}/reports", headers=mallory.headers)
    assert_problem(reports, 404, "not_found")


_REPORT_FIELDS = {
    "id",
    "kind",
    "reason",
    "reporter",
    "reported_user",
    "reported_user_suspended",
    "campaign_id",
    "campaign_name",
    "message_id",
    "message_hidden",
    "army_id",
    "excerpt",
    "created_at",
    "resolved_at",
}


async def test_an_operator_reads_the_reported_message_and_nothing_else_of_its_campaign(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user, THREE)
    operator = await make_operator(session, make_user)
    await send(client, game, 0, [3], "Secret plan: we march on the pass at dawn.")
    abuse = await send(client, game, 0, [2], "Abuse.")
    await ok(await report_message(client, game.players[1].user, game.id, abuse["id"]), 201)
    [seen] = await open_reports(client, operator)
    assert set(seen) == _REPORT_FIELDS
    assert seen["excerpt"] == "Abuse."
    one = await ok(await client.get(f"{OPERATOR}/reports/{seen['id']}", headers=operator.headers))
    assert one == seen
    listing = (await client.get(f"{OPERATOR}/reports?open=false", headers=operator.headers)).text
    assert "Secret plan" not in listing
    # The operator is no member: every view of the campaign is "not found", as for anyone.
    for path in ("", "/world", "/messages", "/players", "/turn", "/history", "/join-requests"):
        response = await client.get(game.url(path), headers=operator.headers)
        assert_problem(response, 404, "not_found")


async def test_a_report_naming_a_message_of_another_campaign_is_not_found(
    client: AsyncClient, make_user: MakeUser
) -> None:
    ours = await start_game(client, make_user)
    theirs = await start_game(client, make_user)
    elsewhere = await send(client, theirs, 0, [2], "Not for you.")
    reporter = ours.players[1].user
    mixed = await report_message(client, reporter, ours.id, elsewhere["id"])
    foreign = await report_message(client, reporter, theirs.id, elsewhere["id"])
    unknown = await report_message(client, reporter, ours.id, 12345)
    for response in (mixed, foreign, unknown):
        assert_problem(response, 404, "not_found")
    assert mixed.json()["detail"] == unknown.json()["detail"]


@pytest.mark.parametrize("what", ["message", "user"])
async def test_a_blocked_user_cannot_read_their_block_in_any_list(
    client: AsyncClient, make_user: MakeUser, what: str
) -> None:
    """The blocked user's own lists (blocks, bans) never show who blocked them."""
    alice, mallory = await make_user(), await make_user()
    await block(client, alice, mallory)
    for path in (BLOCKS, "/v1/users/me/banned"):
        page = await ok(await client.get(path, headers=mallory.headers))
        assert page["items"] == []
