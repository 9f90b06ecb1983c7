"""Reports and the operators' API over HTTP: a player reports a message, a user or a campaign;
an operator reads the report, hides the message, suspends the user (their tokens stop at once,
sign-in refuses them, their seats fall into civil disorder, R-CAMP-10), reinstates them,
renames a campaign; every act is in the audit log, with who, when and why."""

from typing import Any

from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession

from tests.factories.flows import THREE, MakeUser, create_lobby, login, ok, start_game
from tests.factories.lobbies import PUBLIC
from tests.factories.moderation import (
    OPERATOR,
    REPORTS,
    WHY,
    mailbox_bodies,
    make_operator,
    open_reports,
    report_message,
    send,
)
from tests.factories.planting import place
from tests.factories.rosters import EMPIRE_LIST, upload
from tests.helpers import assert_problem


async def test_a_reported_message_reaches_the_operators_with_whom_it_is_about(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user, THREE, settings={"anonymity": True})
    operator = await make_operator(session, make_user)
    sent = await send(client, game, 0, [2], "You will regret this.")
    receipt = await ok(await report_message(client, game.players[1].user, game.id, sent["id"]), 201)
    # The reporter learns nothing of the sender (anonymity holds): the receipt only.
    assert set(receipt) == {"id", "kind", "created_at"}
    [seen] = await open_reports(client, operator)
    assert seen["id"] == receipt["id"]
    assert (seen["kind"], seen["reason"], seen["excerpt"]) == (
        "message",
        "Threats.",
        "You will regret this.",
    )
    assert (seen["reporter"], seen["reported_user"]) == (
        game.players[1].user.username,
        game.players[0].user.username,
    )
    assert (seen["campaign_id"], seen["message_id"], seen["message_hidden"]) == (
        game.id,
        sent["id"],
        False,
    )


async def test_users_and_campaign_names_are_reported_only_when_the_reporter_sees_them(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    owner, carol = await make_user(), await make_user()
    operator = await make_operator(session, make_user)
    public = await create_lobby(client, owner, settings=PUBLIC)
    private = await create_lobby(client, owner)

    async def report(body: dict[str, Any]) -> Any:
        full = {**body, "reason": "An insult as a name."}
        return await client.post(REPORTS, json=full, headers=carol.headers)

    await ok(await report({"kind": "user", "username": owner.username}), 201)
    await ok(await report({"kind": "campaign", "campaign_id": public["id"]}), 201)
    # A private campaign she is no member of is not found, as an id that names nothing.
    hidden = await report({"kind": "campaign", "campaign_id": private["id"]})
    nothing = await report(
        {"kind": "campaign", "campaign_id": "00000000-0000-4000-8000-000000000000"}
    )
    assert_problem(hidden, 404, "not_found")
    assert hidden.json()["detail"] == nothing.json()["detail"]
    assert_problem(await report({"kind": "user", "username": "no_such_user"}), 404, "not_found")
    assert_problem(
        await report({"kind": "message", "campaign_id": public["id"]}), 422, "validation_error"
    )
    kinds = [
        (r["kind"], r["excerpt"], r["reported_user"]) for r in await open_reports(client, operator)
    ]
    assert kinds == [
        ("user", owner.username, owner.username),
        ("campaign", public["name"], owner.username),
    ]


async def test_an_operator_suspends_a_user_who_is_signed_out_and_whose_seats_fall_into_disorder(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user, THREE)
    operator = await make_operator(session, make_user)
    abuser = game.players[1]
    url = f"{OPERATOR}/users/{abuser.user.username}/suspend"
    suspended = await ok(await client.post(url, json=WHY, headers=operator.headers))
    assert suspended["suspended_at"] is not None
    # Their token is refused at once, and signing in is refused with a clear problem.
    assert_problem(await client.get("/v1/users/me", headers=abuser.headers), 401, "unauthorized")
    assert_problem(await login(client, abuser.user.username), 403, "account_suspended")
    # Their seat is in civil disorder (R-CAMP-10): everyone sees it.
    players = await ok(await client.get(game.url("/players"), headers=game.owner.headers))
    disorder = {p["number"]: p["civil_disorder"] for p in players}
    assert disorder == {1: False, 2: True, 3: False}
    # Reinstated, they sign in again.
    back = f"{OPERATOR}/users/{abuser.user.username}/reinstate"
    assert (await ok(await client.post(back, json=WHY, headers=operator.headers)))[
        "suspended_at"
    ] is None
    assert (await login(client, abuser.user.username)).status_code == 200
    audit = await ok(await client.get(f"{OPERATOR}/audit", headers=operator.headers))
    acts = [(a["operator"], a["action"], a["subject"], a["reason"]) for a in audit["items"]]
    assert acts == [
        (operator.username, "reinstate", abuser.user.username, WHY["reason"]),
        (operator.username, "suspend", abuser.user.username, WHY["reason"]),
    ]
    assert all(a["at"] for a in audit["items"])


async def test_an_operator_hides_a_reported_message_from_every_mailbox(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user, THREE)
    operator = await make_operator(session, make_user)
    await send(client, game, 0, "all", "Fine words.")
    sent = await send(client, game, 0, "all", "Abuse.")
    receipt = await ok(await report_message(client, game.players[2].user, game.id, sent["id"]), 201)
    hide = f"{OPERATOR}/reports/{receipt['id']}/hide-message"
    hidden = await ok(await client.post(hide, json=WHY, headers=operator.headers))
    assert hidden["message_hidden"] is True
    for index in range(3):
        assert await mailbox_bodies(client, game, index) == ["Fine words."]
    resolve = f"{OPERATOR}/reports/{receipt['id']}/resolve"
    resolved = await ok(await client.post(resolve, json=WHY, headers=operator.headers))
    assert resolved["resolved_at"] is not None
    assert await open_reports(client, operator) == []
    audit = await ok(await client.get(f"{OPERATOR}/audit", headers=operator.headers))
    assert [a["action"] for a in audit["items"]] == ["resolve_report", "hide_message"]
    assert {a["report_id"] for a in audit["items"]} == {receipt["id"]}


async def test_an_operator_renames_a_campaign_and_the_act_is_audited(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    operator = await make_operator(session, make_user)
    rename = f"{OPERATOR}/campaigns/{game.id}/rename"
    body = {"name": "Renamed by the operators", "reason": "An offensive name."}
    await ok(await client.post(rename, json=body, headers=operator.headers), 204)
    campaign = await ok(await client.get(game.url(), headers=game.owner.headers))
    assert campaign["name"] == "Renamed by the operators"
    bad = await client.post(rename, json={**body, "name": "Two\nlines"}, headers=operator.headers)
    assert_problem(bad, 422, "validation_error")
    audit = await ok(await client.get(f"{OPERATOR}/audit", headers=operator.headers))
    [act] = audit["items"]
    assert (act["action"], act["reason"]) == ("rename_campaign", "An offensive name.")
    assert "Renamed by the operators" in act["subject"]


async def test_an_army_list_is_reported_by_who_may_read_it_and_by_nobody_else(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    operator = await make_operator(session, make_user)
    owner_army = await place(session, game, 1, (4, 1))
    assert (await upload(client, game, game.players[0], owner_army, EMPIRE_LIST)).status_code == 200
    body = {"kind": "army_list", "campaign_id": game.id, "army_id": owner_army, "reason": "Slur."}
    # Player 2 may not read player 1's list (R-FOG-4, no battle): not found, as no army.
    hidden = await client.post(REPORTS, json=body, headers=game.players[1].headers)
    unknown = await client.post(
        REPORTS, json={**body, "army_id": 999_999}, headers=game.players[1].headers
    )
    assert_problem(hidden, 404, "not_found")
    assert hidden.json()["detail"] == unknown.json()["detail"]
    await ok(await client.post(REPORTS, json=body, headers=game.players[0].headers), 201)
    [seen] = await open_reports(client, operator)
    assert (seen["kind"], seen["army_id"]) == ("army_list", owner_army)
    assert seen["excerpt"].startswith("Border patrol\n")
    assert "State Troops" in seen["excerpt"]


async def test_a_user_is_told_whether_they_are_an_operator_and_nobody_else_is(
    client: AsyncClient, session: AsyncSession, make_user: MakeUser
) -> None:
    """`GET /v1/users/me` says `operator`, so a client shows the queue to operators only and
    never asks anyone else for it (the 404 a browser would log, issue 44)."""
    operator, player = await make_operator(session, make_user), await make_user()
    mine = await ok(await client.get("/v1/users/me", headers=operator.headers))
    theirs = await ok(await client.get("/v1/users/me", headers=player.headers))
    assert (mine["operator"], theirs["operator"]) == (True, False)
