"""Spectators over HTTP (R-CAMP-13): a user finds a public campaign that takes spectators,
asks to watch it, and sees turn T − N alone — its map as it ended and the public lines of the
changes before it — never a later turn, nothing private, no names under anonymity."""

import asyncio
from typing import Any

from httpx import AsyncClient

from tests.factories.flows import AuthUser, Game, MakeUser, change_turn, my_army, ok, start_game
from tests.factories.races import Race, rounds
from tests.factories.races import race as race  # a fixture
from tests.helpers import assert_problem

WATCHED = {"public": True, "spectator_delay_turns": 2}


async def watch(client: AsyncClient, game: Game, user: AuthUser) -> dict[str, Any]:
    watched: dict[str, Any] = await ok(
        await client.post(game.url("/spectators"), headers=user.headers), 201
    )
    return watched


async def shown(client: AsyncClient, game: Game, user: AuthUser) -> dict[str, Any]:
    view: dict[str, Any] = await ok(await client.get(game.url("/spectate"), headers=user.headers))
    return view


# Member reads a spectator must not reach: the same 404 as for an unknown campaign (R-FOG-3).
MEMBER_READS = (
    "",
    "/turn",
    "/map",
    "/map.svg",
    "/turns",
    "/turns/1/map",
    "/turns/1/summary?player=1",
    "/armies",
    "/orders",
    "/builds",
    "/battles",
    "/messages",
    "/edicts",
    "/treaties",
    "/standings",
    "/players",
    "/charts",
    "/events",
    "/export",
    "/spectators",
)


async def test_R_CAMP_13_a_spectator_sees_turn_T_minus_N_and_never_a_later_one(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user, settings=WATCHED, ruleset={"starting_gold": 40})
    bob = game.players[1]
    carol = await make_user()
    # Found among the lobbies, though it has no open seat.
    listed = (await ok(await client.get("/v1/lobbies?spectators=true", headers=carol.headers)))[
        "items"
    ]
    assert [(c["campaign_id"], c["spectators_welcome"]) for c in listed] == [(game.id, True)]
    assert listed[0]["spectator_delay_turns"] == 2
    unwelcome = await ok(await client.get("/v1/lobbies?spectators=false", headers=carol.headers))
    assert unwelcome["items"] == []
    # Nobody is a spectator without asking.
    assert_problem(await client.get(game.url("/spectate"), headers=carol.headers), 404, "not_found")
    watched = await watch(client, game, carol)
    assert (watched["user_id"], watched["username"]) == (str(carol.id), carol.username)
    again = await client.post(game.url("/spectators"), headers=carol.headers)
    assert_problem(again, 409, "R-CAMP-13")

    # Turn 1, 2: no turn is two turns old yet.
    assert (await shown(client, game, carol))["turn"] is None
    assert_problem(
        await client.get(game.url("/spectate/map"), headers=carol.headers), 404, "not_found"
    )
    army = await my_army(client, game, bob)
    capital = {"kind": "upgrade_city", "q": army["q"], "r": army["r"]}
    await ok(await client.post(game.url("/builds"), json=capital, headers=bob.headers), 201)
    await change_turn(client, game)  # change 1: bob's city grows (a public line), pays (not)
    assert (await shown(client, game, carol))["turn"] is None
    await change_turn(client, game)
    # Turn 3: turn 1 as it ended, and no change before it.
    assert (await shown(client, game, carol))["turn"] == 1
    first = await ok(await client.get(game.url("/spectate/map"), headers=carol.headers))
    assert first["turn"] == 1
    await change_turn(client, game)

    # Turn 4: turn 2 and the change before it (1); not the change that ended turn 2.
    view = await shown(client, game, carol)
    assert (view["turn"], view["delay_turns"], view["status"]) == (2, 2, "active")
    assert [(p["number"], p["faction"], p["faction_name"]) for p in view["players"]] == [
        (1, "empire", "Empire"),
        (2, "orcs_goblins", "Orcs & Goblins"),
    ]
    # The factions named in the reader's language (issue 44), never their keys alone.
    french = {**carol.headers, "Accept-Language": "fr"}
    seen_fr = await ok(await client.get(game.url("/spectate"), headers=french))
    assert [p["faction_name"] for p in seen_fr["players"]] == ["Empire", "Orcs et Gobelins"]
    world = await ok(await client.get(game.url("/spectate/map"), headers=carol.headers))
    assert world["turn"] == 2
    assert {t["fog"] for t in world["tiles"]} == {"visible"}  # the whole map, as it stood
    owners = sorted(a["owner"] for t in world["tiles"] for a in t.get("armies", ()))
    assert owners == [1, 2]
    levels = {t["owner"]: t["structure"]["level"] for t in world["tiles"] if "structure" in t}
    assert levels == {1: 1, 2: 2}  # bob's city grew at change 1
    turns = await ok(await client.get(game.url("/spectate/turns"), headers=carol.headers))
    assert [t["number"] for t in turns["items"]] == [1]
    summary = await ok(
        await client.get(game.url("/spectate/turns/1/summary"), headers=carol.headers)
    )
    assert [(e["kind"], e["data"]) for e in summary["events"]] == [("city_upgraded", {"player": 2})]
    for later in (2, 3, 4, 99):
        url = game.url(f"/spectate/turns/{later}/summary")
        assert_problem(await client.get(url, headers=carol.headers), 404, "not_found")
    # No member endpoint: not the stream, battles, messages, orders, rosters, live map.
    for path in (*MEMBER_READS, f"/armies/{army['id']}/roster"):
        response = await client.get(game.url(path), headers=carol.headers)
        assert_problem(response, 404, "not_found")
    # The players themselves are no spectators: they see through their own fog.
    assert_problem(await client.get(game.url("/spectate"), headers=bob.headers), 404, "not_found")


async def test_R_CAMP_13_the_owner_lists_and_sends_away_spectators_who_may_leave(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user, settings=WATCHED)
    alice, bob = game.players
    carol, dave = await make_user(), await make_user()
    await watch(client, game, carol)
    await watch(client, game, dave)
    listed = await ok(await client.get(game.url("/spectators"), headers=alice.headers))
    assert [s["username"] for s in listed] == [carol.username, dave.username]
    for path in ("/spectators", f"/spectators/{carol.id}"):
        method = "GET" if path == "/spectators" else "DELETE"
        refused = await client.request(method, game.url(path), headers=bob.headers)
        assert_problem(refused, 403, "R-CAMP-1")
    sent_away = await client.delete(game.url(f"/spectators/{carol.id}"), headers=alice.headers)
    assert sent_away.status_code == 204, sent_away.text
    assert_problem(await client.get(game.url("/spectate"), headers=carol.headers), 404, "not_found")
    gone = await client.delete(game.url(f"/spectators/{carol.id}"), headers=alice.headers)
    assert_problem(gone, 404, "not_found")
    left = await client.delete(game.url("/spectators"), headers=dave.headers)
    assert left.status_code == 204, left.text
    assert_problem(
        await client.delete(game.url("/spectators"), headers=dave.headers), 404, "not_found"
    )
    assert await ok(await client.get(game.url("/spectators"), headers=alice.headers)) == []
    await watch(client, game, carol)  # sent away, she may ask again


async def test_R_CAMP_13_who_may_not_watch(client: AsyncClient, make_user: MakeUser) -> None:
    carol = await make_user()
    private = await start_game(client, make_user, settings={"spectator_delay_turns": 1})
    refused = await client.post(private.url("/spectators"), headers=carol.headers)
    assert_problem(refused, 404, "not_found")  # a private campaign exists for nobody outside
    closed = await start_game(client, make_user, settings={"public": True})
    refused = await client.post(closed.url("/spectators"), headers=carol.headers)
    assert_problem(refused, 409, "R-CAMP-13")
    watched = await start_game(client, make_user, settings=WATCHED)
    for member in watched.players:  # the owner plays as player 1
        refused = await client.post(watched.url("/spectators"), headers=member.headers)
        assert_problem(refused, 409, "R-CAMP-13")
    # A lobby has nothing to watch yet.
    lobby = await client.post(
        "/v1/campaigns",
        json={
            "name": "Not yet",
            "map_id": (await client.get("/v1/maps", headers=carol.headers)).json()["items"][0][
                "id"
            ],
            "settings": WATCHED,
        },
        headers=(await make_user()).headers,
    )
    lobby_id = (await ok(lobby, 201))["id"]
    refused = await client.post(f"/v1/campaigns/{lobby_id}/spectators", headers=carol.headers)
    assert_problem(refused, 409, "R-CAMP-13")
    # Live is never late enough; the delay is bounded.
    for delay in (0, 53):
        bad = await client.post(
            "/v1/campaigns",
            json={
                "name": "x",
                "map_id": lobby.json()["map_id"],
                "settings": {"public": True, "spectator_delay_turns": delay},
            },
            headers=carol.headers,
        )
        assert_problem(bad, 422, "validation_error")


async def test_R_CAMP_13_R_CAMP_5_a_spectator_sees_no_names_under_anonymity(
    client: AsyncClient, make_user: MakeUser
) -> None:
    anonymous = await start_game(
        client, make_user, settings={**WATCHED, "spectator_delay_turns": 1, "anonymity": True}
    )
    named = await start_game(client, make_user, settings={**WATCHED, "spectator_delay_turns": 1})
    carol = await make_user()
    for game in (anonymous, named):
        await watch(client, game, carol)
        await change_turn(client, game)
    hidden = await shown(client, anonymous, carol)
    assert [p["name"] for p in hidden["players"]] == [None, None]
    body = (await client.get(anonymous.url("/spectate/map"), headers=carol.headers)).text
    body += (await client.get(anonymous.url("/spectate/turns"), headers=carol.headers)).text
    assert "user" not in body.lower()  # no username, no display name anywhere
    seen = await shown(client, named, carol)
    assert all(p["name"] for p in seen["players"])


@rounds
async def test_R_CAMP_13_joining_while_the_turn_changes_never_shows_the_new_turn_early(
    round_: int, race: Race
) -> None:
    """A spectator asks and reads while the turn changes: each read shows turn T − N of a
    turn T the campaign had reached, never one the change has not committed yet."""
    client = race.client
    game = await race.start(settings={**WATCHED, "spectator_delay_turns": 1})
    carol = await race.make_user()
    await change_turn(client, game)  # turn 2: turn 1 is shown
    for p in game.players:
        await ok(await client.put(game.url("/turn/ready"), headers=p.headers))

    async def spectate() -> list[int]:
        await watch(client, game, carol)
        seen: list[int] = []
        for _ in range(4):
            view = await client.get(game.url("/spectate"), headers=carol.headers)
            seen.append(view.json()["turn"])
            document = await client.get(game.url("/spectate/map"), headers=carol.headers)
            seen.append(document.json()["turn"])
        return seen

    async def resolve() -> int:
        done = await client.post(game.url("/turn/resolve"), headers=game.owner.headers)
        assert done.status_code == 200, done.text
        number: int = done.json()["number"]
        return number

    seen, turn = await asyncio.gather(spectate(), resolve())
    assert turn == 3
    assert set(seen) <= {1, 2}
    # Once a read showed turn 2, none shows turn 1 again: each follows a committed turn.
    assert seen == sorted(seen)
    assert (await shown(client, game, carol))["turn"] == 2
