"""Concealment over HTTP (R-OPT-3): a hidden army is absent from the views it hides from."""

import uuid
from typing import Any

from httpx import AsyncClient
from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from app.channels.stream.service import Listener, visible_events
from app.play.campaigns.access import load_membership
from app.rules import concealment
from app.rules.maps import builtin_maps
from app.rules.state import Army, CampaignState, Options
from app.store.models import BattleRow, Campaign, User
from tests.factories.flows import Game, GamePlayer, MakeUser, army_of, change_turn, start_game
from tests.factories.pictures import battle_frames
from tests.factories.rosters import EMPIRE_LIST, roster_url, upload
from tests.helpers import assert_problem

FOREST = (1, 2)  # a forest of the skirmish map
WATCH = (3, 1)  # two tiles from it: in sight with sight 2, not next to it


def salt_that(army_id: int, hides: bool, turns: tuple[int, ...] = (1,)) -> int:
    """A campaign seed whose draws of `turns` hide (or not) an army on the forest."""
    skirmish = builtin_maps()["skirmish"]
    army = Army(army_id, 1, FOREST)
    on = Options(concealment=True)
    for salt in range(100):
        states = [CampaignState(t, skirmish, {}, options=on, id_salt=salt) for t in turns]
        if all(concealment.draw(state, army) == hides for state in states):
            return salt
    raise AssertionError("no such seed in 100")


async def views(client: AsyncClient, game: Game, viewer: GamePlayer, army_id: int) -> Any:
    """Where the viewer's map, tile panel and army list show the army (None: not shown)."""
    world = (await client.get(game.url("/map"), headers=viewer.headers)).json()
    on_map = [
        (t["q"], t["r"]) for t in world["tiles"] for a in t.get("armies", []) if a["id"] == army_id
    ]
    tile = (await client.get(game.url("/tiles/1/2"), headers=viewer.headers)).json()
    on_tile = [a["id"] for a in tile.get("armies", [])]
    armies = (await client.get(game.url("/armies"), headers=viewer.headers)).json()
    listed = [a["id"] for a in armies["mine"] + armies["others"]]
    return on_map, on_tile, army_id in listed, tile["fog"]


async def test_R_OPT_3_a_hidden_army_is_absent_from_the_views_of_those_it_hides_from(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    """The Empire's army stands in a forest the Orcs see (sight 2) without anything next to it.
    With a seed whose draw hides it, the Orcs' map, tile panel and army list lack it and its
    operations answer 404 as for an unknown army; the Empire sees it. With a seed whose draw does
    not hide it, the Orcs see it."""
    game = await start_game(
        client, make_user, settings={"concealment": True}, ruleset={"movement": {"sight": 2}}
    )
    empire, orcs = game.players
    cid = uuid.UUID(game.id)
    mine, theirs = (
        await army_of(session, game, empire.number),
        await army_of(session, game, orcs.number),
    )
    mine.q, mine.r = FOREST
    theirs.q, theirs.r = WATCH
    await session.flush()
    army_id = mine.id

    for hides in (True, False):
        salt = salt_that(army_id, hides)
        # A new world version: map views are cached under it (app/play/world/cache.py).
        await session.execute(
            update(Campaign)
            .where(Campaign.id == cid)
            .values(id_salt=salt, world_version=Campaign.world_version + 1)
        )
        await session.flush()
        seen = ([FOREST], [army_id], True, "visible")
        assert await views(client, game, empire, army_id) == seen
        assert await views(client, game, orcs, army_id) == (
            ([], [], False, "visible") if hides else seen
        )
        # An order for it: refused as for an army that does not exist, or as not theirs.
        move = {"path": [[1, 1]]}
        ordered = await client.put(
            game.url(f"/armies/{army_id}/move"), json=move, headers=orcs.headers
        )
        if hides:
            unknown = await client.put(
                game.url("/armies/999999/move"), json=move, headers=orcs.headers
            )
            body = assert_problem(ordered, 404, "not_found")
            assert body["detail"] == assert_problem(unknown, 404, "not_found")["detail"]
        else:
            assert ordered.status_code in (403, 422), ordered.text


async def test_R_OPT_3_off_by_default(client: AsyncClient, make_user: MakeUser) -> None:
    game = await start_game(client, make_user)
    campaign = (await client.get(game.url(), headers=game.owner.headers)).json()
    assert campaign["settings"]["concealment"] is False


BESIDE = (0, 2)  # next to the forest, out of the watcher's sight


async def test_R_OPT_3_R_FOG_4_a_battle_with_a_concealed_army_does_not_exist_for_onlookers(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    """The Dwarfs attack the Empire's army in the forest from (0, 2); the Orcs watch the forest
    from two tiles away, where the seed's draws of turns 2 and 3 hide the Empire's army from
    them. The
    battle reveals it to the Dwarfs and the Empire only: to the Orcs it does not exist — not in
    the battle list (404 by id), not framed on the map picture, not in the turn summaries (the
    encounter, then its result), not on their event stream — and only the count of pending
    battles tells them a battle holds up the turn (R-FOG-4)."""
    game = await start_game(
        client,
        make_user,
        ("empire", "orcs_goblins", "dwarfs"),
        settings={"concealment": True},
        ruleset={"movement": {"sight": 2}},
    )
    empire, orcs, dwarfs = game.players
    cid = uuid.UUID(game.id)
    hidden, watcher, attacker = (
        await army_of(session, game, empire.number),
        await army_of(session, game, orcs.number),
        await army_of(session, game, dwarfs.number),
    )
    (hidden.q, hidden.r), (watcher.q, watcher.r), (attacker.q, attacker.r) = FOREST, WATCH, BESIDE
    await session.execute(
        update(Campaign)
        .where(Campaign.id == cid)
        .values(
            id_salt=salt_that(hidden.id, True, turns=(2, 3)),
            world_version=Campaign.world_version + 1,
        )
    )
    await session.flush()
    hidden_id, attacker_id = hidden.id, attacker.id
    # The hidden army carries its list: it must stay as secret as the army (R-FOG-4, R-OPT-3).
    assert (await upload(client, game, empire, hidden_id, EMPIRE_LIST)).status_code == 200
    attack = await client.put(
        game.url(f"/armies/{attacker_id}/move"),
        json={"path": [list(FOREST)]},
        headers=dwarfs.headers,
    )
    assert attack.status_code == 200, attack.text

    await change_turn(client, game)

    rows = list(await session.scalars(select(BattleRow).where(BattleRow.campaign_id == cid)))
    assert [(b.q, b.r, b.attacker["army_ids"], b.defender["army_ids"]) for b in rows] == [
        (*FOREST, [attacker_id], [hidden_id])
    ]
    battle_id = rows[0].id

    async def onlooker_knows_nothing(turn: int) -> None:
        listed = (await client.get(game.url("/battles"), headers=orcs.headers)).json()
        assert (listed["items"], listed["total"]) == ([], 0)
        one = await client.get(game.url(f"/battles/{battle_id}"), headers=orcs.headers)
        assert_problem(one, 404, "not_found")
        picture = await client.get(game.url("/map.svg"), headers=orcs.headers)
        assert battle_frames(picture.text) == []
        summary = await client.get(game.url(f"/turns/{turn}/summary"), headers=orcs.headers)
        told = [e for e in summary.json()["events"] if tuple(map(tuple, e["coords"])) == (FOREST,)]
        assert told == []
        assert [e for e in summary.json()["events"] if "battle_id" in e["data"]] == []
        # Nor the hidden army's list: not on its own route, not through any battle.
        roster = await client.get(roster_url(game, hidden_id), headers=orcs.headers)
        assert roster.status_code == 404, roster.text
        for b in listed["items"]:
            assert hidden_id not in [r["army_id"] for r in b.get("rosters") or []]

    # The Orcs see the forest but neither the army in it nor the battle; they are told how
    # many battles are pending.
    assert (await views(client, game, orcs, hidden_id))[3] == "visible"
    assert (await views(client, game, orcs, hidden_id))[:3] == ([], [], False)
    turn = (await client.get(game.url("/turn"), headers=orcs.headers)).json()
    assert turn["pending_battles"] == 1
    await onlooker_knows_nothing(1)
    for side in (empire, dwarfs):
        listed = (await client.get(game.url("/battles"), headers=side.headers)).json()
        assert [b["id"] for b in listed["items"]] == [battle_id]
        # Its participants see the hidden army's list once the battle is declared (R-FOG-4).
        [fielded] = [r for r in listed["items"][0]["rosters"] if r["army_id"] == hidden_id]
        assert (fielded["side"], fielded["roster"]["name"]) == ("defender", "Border patrol")
        picture = await client.get(game.url("/map.svg"), headers=side.headers)
        assert battle_frames(picture.text) == [FOREST]
        summary = (await client.get(game.url("/turns/1/summary"), headers=side.headers)).json()
        assert [
            e["kind"] for e in summary["events"] if e["data"].get("battle_id") == battle_id
        ] == ["encounter"]

    # The result: reported and confirmed by its sides, then a turn change.
    draw = {"outcome": "draw", "attacker_losses_pct": 10, "defender_losses_pct": 10}
    reported = await client.post(
        game.url(f"/battles/{battle_id}/report"), json=draw, headers=dwarfs.headers
    )
    assert reported.status_code == 200, reported.text
    confirmed = await client.post(game.url(f"/battles/{battle_id}/confirm"), headers=empire.headers)
    assert confirmed.status_code == 200, confirmed.text
    listed = (await client.get(game.url("/battles"), headers=orcs.headers)).json()
    assert (listed["items"], listed["total"]) == ([], 0)
    await change_turn(client, game)
    await onlooker_knows_nothing(2)
    mine = (await client.get(game.url("/turns/2/summary"), headers=empire.headers)).json()
    assert "battle_resolved" in [e["kind"] for e in mine["events"]]

    # Nor does their event stream carry anything of it.
    session.expire_all()
    account = await session.get_one(User, orcs.user.id)
    viewer = Listener.of(await load_membership(session, cid, account))
    streamed = await visible_events(session, viewer, after=0)
    assert [e for e in streamed if e.payload.get("battle_id") == battle_id] == []
