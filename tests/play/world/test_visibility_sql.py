"""The SQL that pages through battles and events decides as `app.rules.visibility` does.

Battle lists and event streams filter in the query (a page must be a page of what the caller may
see, and its total theirs), from the parameters `visibility.battle_filter` and
`visibility.event_filter` give. On random battles and events, and random viewers (seats, the
owner who plays, the game master; random sight and concealed armies, inactive seats), the rows
the query selects are exactly those the pure decision sees (R-FOG-3/4/5, R-OPT-3).
"""

import random
import uuid
from dataclasses import replace

from httpx import AsyncClient
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app.channels.stream.service import seen_clause
from app.play.battles.service import Caller, brought_to_owner, visible_clause
from app.play.campaigns.access import load_membership
from app.rules import visibility
from app.rules.hexgrid import Coord
from app.rules.ruleset import default_ruleset
from app.store.models import BattleRow, Campaign, User
from app.store.models.event import CampaignEvent
from app.store.models.world import BattleStatus
from app.store.persistence import load_state
from app.store.persistence.battles import battle_from_row
from tests.factories.flows import MakeUser, start_game

SEATS = (1, 2, 3)
ARMIES = tuple(range(100, 112))


def random_viewer(rng: random.Random, tiles: list[Coord]) -> visibility.Viewer:
    """A seat (owner or not), a member without a seat, or the game master, seeing random tiles
    with random armies concealed from them."""
    seat = rng.choice((None, *SEATS))
    looking = visibility.viewer(seat, owner=rng.random() < 0.4)
    sight = frozenset(rng.sample(tiles, rng.randrange(0, min(12, len(tiles)) + 1)))
    hidden = frozenset(rng.sample(ARMIES, rng.randrange(0, 4)))
    return replace(looking, sight=sight, hidden=hidden)


def random_side(rng: random.Random) -> dict[str, object]:
    return {
        "players": sorted(rng.sample(SEATS, rng.randrange(0, 3))),
        "army_ids": rng.sample(ARMIES, rng.randrange(0, 3)),
        "leader_id": None,
        "structure_id": None,
    }


async def test_R_FOG_4_R_OPT_3_the_battle_query_selects_what_battle_seen_sees(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    cid = uuid.UUID(game.id)
    member = await load_membership(session, cid, await session.get_one(User, game.owner.id))
    state = await load_state(session, await session.get_one(Campaign, cid))
    rng = random.Random(25)  # noqa: S311  (reproducible data, not a secret)
    tiles = sorted(state.map.tiles)
    # A few tiles hold most battles, so that sights and battles meet often.
    places = rng.sample(tiles, 8)
    rows = [
        BattleRow(
            campaign_id=cid,
            id=900 + i,
            turn=1,
            q=(place := rng.choice(places))[0],
            r=place[1],
            kind="field",
            attacker=random_side(rng),
            defender=random_side(rng),
            status=(status := rng.choice(list(BattleStatus))),
            # Disputed now, or once and settled since (the owner keeps those, R-BAT-5).
            was_disputed=status is BattleStatus.DISPUTED or rng.random() < 0.2,
        )
        for i in range(60)
    ]
    session.add_all(rows)
    await session.flush()

    checked = set()
    for _ in range(80):
        viewer = random_viewer(rng, places + rng.sample(tiles, 4))
        inactive = frozenset(rng.sample(SEATS, rng.randrange(0, 2)))
        caller = Caller(member, viewer, state, default_ruleset(), inactive)
        selected = set(
            await session.scalars(
                select(BattleRow.id).where(BattleRow.campaign_id == cid, visible_clause(caller))
            )
        )
        seen = {
            row.id
            for row in rows
            if visibility.battle_seen(
                viewer,
                frozenset(row.attacker["players"]) | frozenset(row.defender["players"]),
                [*row.attacker["army_ids"], *row.defender["army_ids"]],
                (row.q, row.r),
                brought_to_owner=brought_to_owner(caller, row, battle_from_row(row)),
            )
        }
        assert selected - {r.id for r in rows} <= set()  # only the planted battles matter
        assert selected == seen, viewer
        checked.add(len(seen) not in (0, len(rows)))
    assert checked == {True, False}  # not vacuous: some viewers see some battles, not all


async def test_R_FOG_3_R_FOG_5_the_event_query_selects_what_event_seen_sees(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    cid = uuid.UUID(game.id)
    rng = random.Random(5)  # noqa: S311  (reproducible data, not a secret)
    # Public, addressed to nobody (the game master alone), or to one or two seats.
    audiences: list[list[int] | None] = [None, []]
    events = [
        CampaignEvent(
            campaign_id=cid,
            seq=10_000 + i,
            cursor=f"agree{i:011d}",
            kind="probe",
            audience=rng.choice([*audiences, sorted(rng.sample(SEATS, rng.randrange(1, 3)))]),
            payload={},
        )
        for i in range(40)
    ]
    session.add_all(events)
    await session.flush()
    planted = {e.id for e in events}

    for _ in range(40):
        viewer = random_viewer(rng, [])
        selected = set(
            await session.scalars(
                select(CampaignEvent.id).where(
                    CampaignEvent.campaign_id == cid, seen_clause(viewer)
                )
            )
        )
        seen = {e.id for e in events if visibility.event_seen(viewer, e.audience)}
        assert selected & planted == seen, viewer
