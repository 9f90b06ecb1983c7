"""Pictures over HTTP (issue 16): the map as SVG, replays of past turns under fog, charts.

Skirmish map: player 1 (Empire, the owner) starts at (2, 1), player 2 (Orcs & Goblins) at
(7, 1); at the start neither sees the other.
"""

import functools
import uuid
from typing import Any

from fastapi import FastAPI
from httpx import ASGITransport, AsyncClient, Response
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.main import create_app
from app.platform.config import Settings
from app.play.pictures import cache as picture_cache
from app.rules.hexgrid import Grid, Wrap, to_offset
from app.store.models import CampaignPlayer, LedgerRow
from app.store.models.turn import TurnRecord
from tests.factories.flows import (
    Game,
    GamePlayer,
    MakeUser,
    army_of,
    change_turn,
    my_army,
    register_and_login,
    start_game,
)
from tests.factories.pictures import SVG_NS, WORLD_MAP_SCHEMA, comparable, parse, svg_world
from tests.factories.walk import Schemas, knowledge, leaks
from tests.helpers import assert_problem

SVG = "image/svg+xml"


async def get_json(client: AsyncClient, game: Game, path: str, index: int) -> Any:
    response = await client.get(game.url(path), headers=game.players[index].headers)
    assert response.status_code == 200, response.text
    return response.json()


async def get_svg(client: AsyncClient, game: Game, path: str, index: int) -> str:
    response = await client.get(game.url(path), headers=game.players[index].headers)
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith(SVG)
    return response.text


async def test_the_map_picture_draws_exactly_the_json_map_R_FOG_1_R_CAMP_5(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user, settings={"anonymity": True})
    hidden_army = await army_of(session, game, 1)
    for index in (0, 1):
        world = await get_json(client, game, "/map", index)
        text = await get_svg(client, game, "/map.svg", index)
        assert comparable(svg_world(text)) == comparable(world)
    # Player 2 sees nothing of player 1: not their army, not their name (R-CAMP-5).
    text = await get_svg(client, game, "/map.svg", 1)
    drawn = svg_world(text)
    assert all(a["id"] != hidden_army.id for t in drawn["tiles"] for a in t.get("armies", ()))
    assert all(t.get("owner") in (None, 2) for t in drawn["tiles"])
    owner_names = (game.owner.username, game.owner.username.title())
    assert not any(name in text for name in owner_names)
    fog = {t["fog"] for t in drawn["tiles"]}
    assert fog == {"visible", "unexplored"}
    assert len(drawn["tiles"]) == 80


async def test_the_map_picture_shows_my_move_orders_and_coordinates_on_request(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user)
    p1 = game.players[0]
    army = await my_army(client, game, p1)
    moved = await client.put(
        game.url(f"/armies/{army['id']}/move"), json={"path": [[3, 1], [4, 1]]}, headers=p1.headers
    )
    assert moved.status_code == 200, moved.text
    root = parse(await get_svg(client, game, "/map.svg", 0))
    moves = [e for e in root.iter(f"{SVG_NS}g") if e.get("class") == "move"]
    assert [(m.get("data-from"), m.get("data-path")) for m in moves] == [("2,1", "3,1 4,1")]
    assert not [e for e in root.iter(f"{SVG_NS}text") if e.get("class") == "coord"]
    # The other player's picture has no arrow of it.
    other = parse(await get_svg(client, game, "/map.svg", 1))
    assert not [e for e in other.iter(f"{SVG_NS}g") if e.get("class") == "move"]

    text = await get_svg(client, game, "/map.svg?coordinates=true", 0)
    labels = {e.text for e in parse(text).iter(f"{SVG_NS}text")}
    assert {"2,1", "9,0", "-3,7"} <= labels  # every tile, unexplored ones too
    bad = await client.get(game.url("/map.svg?coordinates=maybe"), headers=p1.headers)
    assert_problem(bad, 422, "validation_error")


async def test_pictures_are_for_members_only(client: AsyncClient, make_user: MakeUser) -> None:
    game = await start_game(client, make_user)
    stranger = await make_user()
    for path in ("/map.svg", "/turns/1/map", "/turns/1/map.svg", "/charts", "/charts.svg"):
        assert_problem(await client.get(game.url(path), headers=stranger.headers), 404, "not_found")


async def test_a_replay_is_the_turn_as_the_viewer_saw_it_when_it_ended_R_FOG_6(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user, settings={"anonymity": True})
    p1, p2 = game.players
    army = await my_army(client, game, p1)
    moved = await client.put(
        game.url(f"/armies/{army['id']}/move"), json={"path": [[3, 1], [4, 1]]}, headers=p1.headers
    )
    assert moved.status_code == 200, moved.text
    # Before turn 1 ends: what each player sees of it (the JSON map) and their picture.
    seen = [await get_json(client, game, "/map", i) for i in (0, 1)]
    assert_problem(await client.get(game.url("/turns/1/map"), headers=p1.headers), 404, "not_found")
    await change_turn(client, game)
    # The world moved on: player 1's army marched, the map now differs from the replay.
    assert await get_json(client, game, "/map", 0) != seen[0]
    for index in (0, 1):
        replay = await get_json(client, game, "/turns/1/map", index)
        assert replay == seen[index]
        text = await get_svg(client, game, "/turns/1/map.svg", index)
        assert comparable(svg_world(text)) == comparable(seen[index])
    # Player 1's own arrows of turn 1 are in their replay, not in player 2's.
    root = parse(await get_svg(client, game, "/turns/1/map.svg", 0))
    moves = [e.get("data-path") for e in root.iter(f"{SVG_NS}g") if e.get("class") == "move"]
    assert moves == ["3,1 4,1"]
    root = parse(await get_svg(client, game, "/turns/1/map.svg", 1))
    assert not [e for e in root.iter(f"{SVG_NS}g") if e.get("class") == "move"]
    # Turns not over yet, and turns that never were.
    for path in ("/turns/2/map", "/turns/2/map.svg", "/turns/99/map"):
        assert_problem(await client.get(game.url(path), headers=p2.headers), 404, "not_found")
    assert_problem(
        await client.get(game.url("/turns/0/map"), headers=p2.headers), 422, "validation_error"
    )
    # Turn 2: the army marches home; at the end of turn 3 what it saw around (4, 1) is
    # remembered, no longer seen: the replay shows it as explored, as the map did then.
    army = await my_army(client, game, p1)
    assert (army["q"], army["r"]) == (4, 1)
    home = {"path": [[3, 1], [2, 1]]}
    moved = await client.put(game.url(f"/armies/{army['id']}/move"), json=home, headers=p1.headers)
    assert moved.status_code == 200, moved.text
    await change_turn(client, game)
    seen = [await get_json(client, game, "/map", 0)]
    assert any(t["fog"] == "explored" for t in seen[0]["tiles"])
    await change_turn(client, game)
    assert await get_json(client, game, "/turns/3/map", 0) == seen[0]
    text = await get_svg(client, game, "/turns/3/map.svg", 0)
    assert comparable(svg_world(text)) == comparable(seen[0])


async def test_after_the_end_everyone_replays_without_fog(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    """R-FOG-6: once the campaign has ended, every past turn shows everything to everyone."""
    game = await start_game(client, make_user, settings={"anonymity": True})
    p2 = game.players[1]
    await change_turn(client, game)
    hidden_army = await army_of(session, game, 1)
    before = await get_json(client, game, "/turns/1/map", 1)
    armies = {a["id"] for t in before["tiles"] for a in t.get("armies", ())}
    assert hidden_army.id not in armies
    assert any(t["fog"] == "unexplored" for t in before["tiles"])

    ended = await client.post(game.url("/end"), headers=game.owner.headers)
    assert ended.status_code == 200, ended.text
    after = await get_json(client, game, "/turns/1/map", 1)
    assert {t["fog"] for t in after["tiles"]} == {"visible"}
    armies = {a["id"] for t in after["tiles"] for a in t.get("armies", ())}
    assert hidden_army.id in armies
    owners = {t.get("owner") for t in after["tiles"]}
    assert {1, 2} <= owners
    text = await get_svg(client, game, "/turns/1/map.svg", 1)
    assert comparable(svg_world(text)) == comparable(after)
    response = await client.get(game.url("/turns/1/map"), headers=p2.headers)
    assert response.headers["content-type"] == "application/json"


async def _ledger_until(session: AsyncSession, game: Game, player: int, turn: int | None) -> int:
    """The player's ledger total before turn `turn` changed (None: all of it)."""
    where = [LedgerRow.campaign_id == uuid.UUID(game.id), LedgerRow.player == player]
    if turn is not None:
        resolved = await session.scalar(
            select(TurnRecord.resolved_at).where(
                TurnRecord.campaign_id == uuid.UUID(game.id), TurnRecord.number == turn
            )
        )
        assert resolved is not None
        where.append(LedgerRow.created_at < resolved)
    return int(
        await session.scalar(select(func.coalesce(func.sum(LedgerRow.amount), 0)).where(*where))
        or 0
    )


async def _income_lines(session: AsyncSession, game: Game, player: int, turn: int) -> int:
    total = await session.scalar(
        select(func.coalesce(func.sum(LedgerRow.amount), 0)).where(
            LedgerRow.campaign_id == uuid.UUID(game.id),
            LedgerRow.player == player,
            LedgerRow.turn == turn,
            LedgerRow.rule.in_(("R-ECO-2", "R-FAC")),
        )
    )
    return int(total or 0)


async def _check_against_ledger(
    session: AsyncSession,
    game: Game,
    chart: dict[str, Any],
    rolled_back: frozenset[int] = frozenset(),
) -> None:
    for line in chart["players"]:
        player = line["player"]
        for point in line["points"]:
            if point["current"]:
                assert point["income"] is None
                assert point["gold"] == await _ledger_until(session, game, player, None)
                gold = await session.scalar(
                    select(CampaignPlayer.gold).where(
                        CampaignPlayer.campaign_id == uuid.UUID(game.id),
                        CampaignPlayer.number == player,
                    )
                )
                assert point["gold"] == gold
            else:
                turn = point["turn"]
                if turn in rolled_back:  # the ledger holds the undone change's lines too
                    continue
                assert point["gold"] == await _ledger_until(session, game, player, turn), point
                assert point["income"] == await _income_lines(session, game, player, turn)


async def test_charts_show_my_numbers_per_turn_equal_to_the_ledger_R_ECO_6(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user, settings={"anonymity": True})
    p1 = game.players[0]
    army = await my_army(client, game, p1)
    moved = await client.put(
        game.url(f"/armies/{army['id']}/move"), json={"path": [[3, 1]]}, headers=p1.headers
    )
    assert moved.status_code == 200, moved.text
    build = {"kind": "outpost", "q": 3, "r": 1, "army_id": army["id"]}
    built = await client.post(game.url("/builds"), json=build, headers=p1.headers)
    assert built.status_code == 201, built.text
    await change_turn(client, game)
    await change_turn(client, game)

    chart = await get_json(client, game, "/charts", 0)
    assert chart["final"] is False
    assert [line["player"] for line in chart["players"]] == [1]
    points = chart["players"][0]["points"]
    assert [(p["turn"], p["current"]) for p in points] == [(1, False), (2, False), (3, True)]
    # The outpost ordered in turn 1 was paid in turn 1 and stands from turn 2 on (R-ECO-3).
    assert points[0]["gold"] == 5 - 3
    assert [p["territories"] for p in points] == [1, 2, 2]
    await _check_against_ledger(session, game, chart)
    standings = await get_json(client, game, "/standings", 0)
    mine = next(s for s in standings["players"] if s["is_you"])
    assert (points[-1]["score"], points[-1]["territories"]) == (mine["score"], mine["territories"])
    other = await get_json(client, game, "/charts", 1)
    assert [line["player"] for line in other["players"]] == [2]

    ended = await client.post(game.url("/end"), headers=game.owner.headers)
    assert ended.status_code == 200, ended.text
    final = await get_json(client, game, "/charts", 1)
    assert final["final"] is True
    assert [line["player"] for line in final["players"]] == [1, 2]
    await _check_against_ledger(session, game, final)

    text = await get_svg(client, game, "/charts.svg", 1)
    root = parse(text)
    series = [e for e in root.iter(f"{SVG_NS}g") if e.get("class") == "series"]
    assert {e.get("data-player") for e in series} == {"1", "2"}
    assert len(series) == 8  # four measures, two players
    gold = next(e for e in root.iter(f"{SVG_NS}g") if e.get("data-measure") == "gold")
    dots = [
        (e.get("data-turn"), e.get("data-value"))
        for e in gold.iter(f"{SVG_NS}circle")
        if e.get("class") == "point"
    ]
    assert ("1", str(points[0]["gold"])) in dots


async def test_charts_take_a_bounded_window_of_turns(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user)
    await change_turn(client, game)
    await change_turn(client, game)
    window = await get_json(client, game, "/charts?first=2&count=1", 0)
    assert (window["first_turn"], window["last_turn"]) == (2, 2)
    assert [p["turn"] for p in window["players"][0]["points"]] == [2]
    latest = await get_json(client, game, "/charts?count=2", 0)
    assert [p["turn"] for p in latest["players"][0]["points"]] == [2, 3]
    p1 = game.players[0]
    for query in ("count=0", "count=101", "first=0"):
        response: Response = await client.get(game.url(f"/charts?{query}"), headers=p1.headers)
        assert_problem(response, 422, "validation_error")


async def test_a_rolled_back_change_counts_once_in_the_charts_R_TURN_6(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    """The rolled back change's income lines stay in the ledger (before the reversing line);
    the change made again counts, once, and its replay is the new snapshot's."""
    game = await start_game(client, make_user)
    await change_turn(client, game)
    chart = await get_json(client, game, "/charts", 0)
    replay = await get_json(client, game, "/turns/1/map", 0)
    assert chart["players"][0]["points"][0]["income"] > 0
    rolled = await client.post(game.url("/turn/rollback"), headers=game.owner.headers)
    assert rolled.status_code == 200, rolled.text
    assert_problem(
        await client.get(game.url("/turns/1/map"), headers=game.owner.headers), 404, "not_found"
    )
    back = await get_json(client, game, "/charts", 0)
    assert [p["turn"] for p in back["players"][0]["points"]] == [1]
    await change_turn(client, game)
    again = await get_json(client, game, "/charts", 0)
    assert again == chart
    assert await get_json(client, game, "/turns/1/map", 0) == replay
    await _check_against_ledger(session, game, again, rolled_back=frozenset({1}))


async def test_the_picture_checker_catches_a_planted_army_R_FOG_3(
    app: FastAPI, client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    """The fog games judge pictures through `svg_world`: a real picture passes, the same with
    one army drawn where the viewer does not see fails (the checker is not vacuous)."""
    game = await start_game(client, make_user, settings={"anonymity": True})
    k = await knowledge(session, uuid.UUID(game.id), 2)
    hidden = next(a for a in k.state.armies.values() if a.owner == 1)
    assert hidden.coord not in k.sight
    schemas = Schemas(app.openapi())
    text = await get_svg(client, game, "/map.svg", 1)
    assert leaks(schemas, WORLD_MAP_SCHEMA, svg_world(text), k, "map.svg") == []
    q, r = hidden.coord
    planted = text.replace(
        "</svg>",
        f'<g class="army" data-q="{q}" data-r="{r}" data-id="{hidden.id}" data-owner="1" '
        'data-tier="1" /></svg>',
    )
    found = leaks(schemas, WORLD_MAP_SCHEMA, svg_world(planted), k, "map.svg")
    assert f"map.svg TileArmy: army {hidden.id} is out of player 2's knowledge" in found
    assert f"tile {hidden.coord}: armies or ships outside sight" in found


async def test_a_march_over_a_wrapping_edge_is_drawn_leaving_east_and_entering_west_R_MAP_4(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    owner, guest = await make_user(), await make_user()
    params = {"width": 10, "height": 8, "players": 2, "seed": 3, "wrap": "horizontal"}
    generated = await client.post("/v1/maps/generate", json=params, headers=owner.headers)
    assert generated.status_code == 201, generated.text
    document = generated.json()["document"]
    body = {"name": "Round", "map_id": generated.json()["id"]}
    created = await client.post("/v1/campaigns", json=body, headers=owner.headers)
    campaign = created.json()
    for slot, (user, faction) in enumerate(((owner, "empire"), (guest, "orcs_goblins"))):
        joined = await client.post(
            f"/v1/campaigns/{campaign['id']}/players",
            json={"invite_code": campaign["invite_code"]},
            headers=user.headers,
        )
        assert joined.status_code == 201, joined.text
        chosen = await client.patch(
            f"/v1/campaigns/{campaign['id']}/players/me",
            json={"faction": faction, "slot": slot},
            headers=user.headers,
        )
        assert chosen.status_code == 200, chosen.text
    started = await client.post(f"/v1/campaigns/{campaign['id']}/start", headers=owner.headers)
    assert started.status_code == 200, started.text
    game = Game(campaign["id"], owner, [GamePlayer(owner, 1, "empire")])
    # Put player 1's army on a land tile of the last column whose east neighbour, over the
    # edge, is land too.
    grid = Grid(10, 8, Wrap.HORIZONTAL)
    land = {(t["q"], t["r"]) for t in document["tiles"] if t["terrain"] != "sea"}
    start, step = next(
        (c, grid.normalize((c[0] + 1, c[1])))
        for c in sorted(land)
        if to_offset(c)[0] == 9 and grid.normalize((c[0] + 1, c[1])) in land
    )
    assert step is not None
    army = await army_of(session, game, 1)
    army.q, army.r = start
    await session.flush()
    moved = await client.put(
        game.url(f"/armies/{army.id}/move"), json={"path": [list(step)]}, headers=owner.headers
    )
    assert moved.status_code == 200, moved.text
    root = parse(await get_svg(client, game, "/map.svg", 0))
    board = next(e for e in root.iter(f"{SVG_NS}g") if e.get("class") == "map")
    assert board.get("data-wrap") == "horizontal"
    edges = next(e for e in root.iter(f"{SVG_NS}g") if e.get("class") == "wrap")
    assert len(list(edges)) == 2  # the east and west edges, dashed
    move = next(e for e in root.iter(f"{SVG_NS}g") if e.get("class") == "move")
    assert move.get("data-path") == f"{step[0]},{step[1]}"
    runs = list(move)
    assert len(runs) == 2  # out over the east edge, in from the west
    assert runs[-1].get("marker-end") is not None
    assert runs[0].get("marker-end") is None


async def test_pictures_answer_304_while_what_the_viewer_sees_is_unchanged(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user)
    p1 = game.players[0]
    await change_turn(client, game)
    for path in ("/map.svg", "/turns/1/map", "/turns/1/map.svg", "/charts", "/charts.svg"):
        first = await client.get(game.url(path), headers=p1.headers)
        assert first.status_code == 200, first.text
        tag = first.headers["etag"]
        assert first.headers["cache-control"] == "private, no-cache"
        again = await client.get(game.url(path), headers={**p1.headers, "If-None-Match": tag})
        assert (again.status_code, again.content, again.headers["etag"]) == (304, b"", tag)
    # A new move order changes the picture, and so its tag.
    tag = (await client.get(game.url("/map.svg"), headers=p1.headers)).headers["etag"]
    army = await my_army(client, game, p1)
    here = (army["q"], army["r"])
    reach = await client.get(game.url(f"/armies/{army['id']}/reachable"), headers=p1.headers)
    step = next(c for c in reach.json() if abs(c["q"] - here[0]) + abs(c["r"] - here[1]) == 1)
    order = {"path": [[step["q"], step["r"]]]}
    moved = await client.put(game.url(f"/armies/{army['id']}/move"), json=order, headers=p1.headers)
    assert moved.status_code == 200, moved.text
    changed = await client.get(game.url("/map.svg"), headers={**p1.headers, "If-None-Match": tag})
    assert changed.status_code == 200
    assert changed.headers["etag"] != tag


async def test_the_game_master_sees_every_tile_now_and_in_replays_R_FOG_5(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user, owner_plays=False)
    await change_turn(client, game)
    armies = {(await army_of(session, game, 1)).id, (await army_of(session, game, 2)).id}
    master = game.owner.headers
    for path in ("/map.svg", "/turns/1/map.svg"):
        response = await client.get(game.url(path), headers=master)
        assert response.status_code == 200, response.text
        drawn = svg_world(response.text)
        assert {t["fog"] for t in drawn["tiles"]} == {"visible"}
        assert armies <= {a["id"] for t in drawn["tiles"] for a in t.get("armies", ())}
    chart = (await client.get(game.url("/charts"), headers=master)).json()
    assert [line["player"] for line in chart["players"]] == [1, 2]


async def test_the_chart_checker_catches_another_players_line_R_FOG_6(
    app: FastAPI, client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    """The fog games read the charts too: player 2's pass, with player 1's line added they fail."""
    game = await start_game(client, make_user)
    await change_turn(client, game)
    k = await knowledge(session, uuid.UUID(game.id), 2)
    schemas = Schemas(app.openapi())
    schema = schemas.response("GET", "/v1/campaigns/{campaign_id}/charts", 200)
    chart = await get_json(client, game, "/charts", 1)
    assert leaks(schemas, schema, chart, k, "charts") == []
    theirs = {**chart["players"][0], "player": 1}
    planted = {**chart, "players": [*chart["players"], theirs]}
    assert leaks(schemas, schema, planted, k, "charts") == ["charts: player 1's chart"]


async def test_the_picture_cache_holds_no_more_bytes_than_its_setting(
    settings: Settings,
    sessionmaker: async_sessionmaker[AsyncSession],
    fast_password_hashing: None,
) -> None:
    budget = 40 * 1024  # a skirmish picture is ~15 KB: two or three of them
    application = create_app(settings.model_copy(update={"picture_cache_bytes": budget}))
    application.state.sessionmaker = sessionmaker
    try:
        assert picture_cache.pictures.max_bytes == budget
        async with AsyncClient(
            transport=ASGITransport(app=application), base_url="http://test"
        ) as client:
            game = await start_game(client, functools.partial(register_and_login, client))
            await change_turn(client, game)
            await change_turn(client, game)
            drawn = 0
            for index in (0, 1):
                for path in ("/map.svg", "/map.svg?coordinates=true", "/turns/1/map.svg"):
                    drawn += len(await get_svg(client, game, path, index))
                    assert picture_cache.pictures.held_bytes <= budget
                for path in ("/turns/1/map", "/turns/2/map"):
                    await get_json(client, game, path, index)
                    assert picture_cache.pictures.held_bytes <= budget
            assert drawn > 2 * budget  # more was drawn than the cache may hold
            assert 0 < len(picture_cache.pictures) < 10
    finally:
        picture_cache.pictures.resize(settings.picture_cache_bytes)


async def test_a_replays_caption_is_in_the_viewers_language_and_cached_apart(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user)
    await change_turn(client, game)
    headers = game.players[0].headers
    picture_cache.pictures.clear()

    def texts(r: Response) -> str:
        assert r.status_code == 200, r.text
        return " ".join(parse(r.text).itertext())

    url = game.url("/turns/1/map.svg")
    french = await client.get(url, headers={**headers, "Accept-Language": "fr"})
    english = await client.get(url, headers=headers)

    assert "Tour 1, tel qu'il s'est achevé" in texts(french)
    assert "Turn 1, as it ended" in texts(english)
    assert (french.headers["content-language"], english.headers["content-language"]) == (
        "fr",
        "en",
    )
    assert french.headers["etag"] != english.headers["etag"]
    assert len(picture_cache.pictures) == 2  # one replay per language
    # Each language is served from its own entry: French again is French, from the cache.
    again = await client.get(url, headers={**headers, "Accept-Language": "fr"})
    assert (again.text, len(picture_cache.pictures)) == (french.text, 2)


def _texts(response: Response) -> list[str]:
    """Every text an SVG picture writes (legend, captions, `<title>`s), one per element."""
    assert response.status_code == 200, response.text
    root = parse(response.text)
    written = [*root.iter(f"{SVG_NS}text"), *root.iter(f"{SVG_NS}title")]
    return [e.text for e in written if e.text]


# What the English map picture of player 1 of a skirmish at its start writes, and its French.
ENGLISH_MAP = ("Turn 1", "You are player 1", "Pending battles: 0", "On the map", "Players")
ENGLISH_THINGS = ("army of player 1, tier 1", "capital city level 1 of player 1", "player 1 (you)")
FRENCH_MAP = ("Tour 1", "Vous êtes le joueur 1", "Batailles en attente\u00a0: 0", "Sur la carte")
FRENCH_THINGS = ("armée du joueur 1, palier 1", "ville capitale de niveau 1 du joueur 1")


async def test_the_map_picture_is_in_the_readers_language_and_cached_apart(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user)
    headers = game.players[0].headers
    url = game.url("/map.svg")
    world = await get_json(client, game, "/map", 0)
    unasked = await client.get(url, headers=headers)
    picture_cache.pictures.clear()

    french = await client.get(url, headers={**headers, "Accept-Language": "fr-FR, en;q=0.5"})
    english = await client.get(url, headers={**headers, "Accept-Language": "en"})

    said = _texts(french)
    assert {*FRENCH_MAP, *FRENCH_THINGS, "Joueurs", "joueur 1 (vous)", "plaine"} <= set(said)
    assert not {*ENGLISH_MAP, *ENGLISH_THINGS, "plain", "unexplored"} & set(said)
    assert not [t for t in said if "player" in t or "army" in t]
    assert {*ENGLISH_MAP, *ENGLISH_THINGS, "plain", "unexplored"} <= set(_texts(english))
    # The English picture is the one a reader who names no language gets, byte for byte.
    assert english.content == unasked.content
    # The picture still draws exactly the JSON map: only its words changed.
    assert comparable(svg_world(french.text)) == comparable(world)
    assert (french.headers["content-language"], english.headers["content-language"]) == (
        "fr",
        "en",
    )
    assert "Accept-Language" in french.headers["vary"]
    assert french.headers["etag"] != english.headers["etag"]
    assert len(picture_cache.pictures) == 2  # one picture per language
    again = await client.get(url, headers={**headers, "Accept-Language": "fr"})
    assert (again.content, len(picture_cache.pictures)) == (french.content, 2)


async def test_a_replays_legend_is_in_the_viewers_language(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user)
    await change_turn(client, game)
    headers = game.players[0].headers
    url = game.url("/turns/1/map.svg")

    said = _texts(await client.get(url, headers={**headers, "Accept-Language": "fr"}))
    english = _texts(await client.get(url, headers=headers))

    assert {*FRENCH_MAP[1:], *FRENCH_THINGS, "Joueurs", "plaine"} <= set(said)
    assert not {*ENGLISH_MAP[1:], *ENGLISH_THINGS, "plain"} & set(said)
    assert {*ENGLISH_MAP[1:], *ENGLISH_THINGS, "plain"} <= set(english)


async def test_the_charts_picture_is_in_the_readers_language(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user)
    await change_turn(client, game)
    headers = game.players[0].headers
    url = game.url("/charts.svg")

    french = await client.get(url, headers={**headers, "Accept-Language": "fr"})
    english = await client.get(url, headers=headers)

    said = _texts(french)
    assert {"Tours 1–2, joueur 1", "or", "revenu", "territoires", "tour 1", "joueur 1"} <= set(said)
    assert any(t.startswith("joueur 1, tour 1\u00a0: ") for t in said)
    assert not [t for t in said if "player" in t or "turn" in t.lower()]
    assert not {"gold", "income", "territories"} & set(said)
    words = _texts(english)
    assert {"Turns 1–2, player 1", "gold", "income", "territories", "turn 1", "player 1"} <= set(
        words
    )
    assert any(t.startswith("player 1, turn 1: ") for t in words)
    # The measures keep their names for programs, in every language.
    measures = [e.get("data-measure") for e in parse(french.text).iter(f"{SVG_NS}g")]
    assert {"gold", "income", "territories", "score"} <= set(measures)
    assert french.headers["content-language"] == "fr"
    assert french.headers["etag"] != english.headers["etag"]
