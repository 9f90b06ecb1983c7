"""The generated client (clients/python, `marchlords_client`) plays a turn against the app:
register, log in, create and join a campaign, start it, order a move, get ready, have the
owner change the turn and read the next one, every call through the client's typed functions
over HTTP (ASGI transport)."""

from fastapi import FastAPI
from httpx import ASGITransport
from marchlords_client import AuthenticatedClient, Client
from marchlords_client.api.auth import auth_login
from marchlords_client.api.campaigns import (
    campaigns_choose_faction,
    campaigns_create_campaign,
    campaigns_join_campaign,
    campaigns_start_campaign,
)
from marchlords_client.api.maps import maps_list_maps
from marchlords_client.api.orders import orders_set_move
from marchlords_client.api.turn import turn_declare_ready, turn_read_turn, turn_resolve_turn
from marchlords_client.api.users import users_register_user
from marchlords_client.api.world import world_list_armies
from marchlords_client.models import (
    AccessToken,
    ArmyList,
    CampaignCreate,
    CampaignRead,
    JoinRequest,
    LoginForm,
    MapPage,
    MoveRead,
    MoveSet,
    PlayerChoice,
    PlayerRead,
    Problem,
    TurnRead,
    UserCreate,
)

BASE_URL = "http://test"
PASSWORD = "correct horse battery"


async def _player(app: FastAPI, username: str) -> AuthenticatedClient:
    anonymous = Client(BASE_URL, httpx_args={"transport": ASGITransport(app=app)})
    async with anonymous:
        created = await users_register_user.asyncio_detailed(
            client=anonymous,
            body=UserCreate(username=username, password=PASSWORD, display_name=username.title()),
        )
        assert created.status_code == 201, created.content
        token = await auth_login.asyncio(
            client=anonymous, body=LoginForm(username=username, password=PASSWORD)
        )
    assert isinstance(token, AccessToken), token
    return AuthenticatedClient(
        BASE_URL, token=token.access_token, httpx_args={"transport": ASGITransport(app=app)}
    )


async def test_the_generated_client_plays_a_turn(app: FastAPI) -> None:
    async with await _player(app, "clientowner") as alice, await _player(app, "clientbob") as bob:
        maps = await maps_list_maps.asyncio(client=alice)
        assert isinstance(maps, MapPage)
        skirmish = next(m for m in maps.items if m.builtin_key == "skirmish")
        campaign = await campaigns_create_campaign.asyncio(
            client=alice, body=CampaignCreate(name="Client campaign", map_id=skirmish.id)
        )
        assert isinstance(campaign, CampaignRead), campaign
        for player, faction, slot in ((alice, "empire", 0), (bob, "orcs_goblins", 1)):
            joined = await campaigns_join_campaign.asyncio(
                campaign.id,
                client=player,
                body=JoinRequest(invite_code=campaign.invite_code or "OWNER000"),
            )
            assert isinstance(joined, PlayerRead), joined
            chosen = await campaigns_choose_faction.asyncio(
                campaign.id, client=player, body=PlayerChoice(faction=faction, slot=slot)
            )
            assert isinstance(chosen, PlayerRead), chosen
        started = await campaigns_start_campaign.asyncio(campaign.id, client=alice)
        assert isinstance(started, CampaignRead), started
        assert started.turn == 1

        armies = await world_list_armies.asyncio(campaign.id, client=alice)
        assert isinstance(armies, ArmyList), armies
        army = armies.mine[0]
        moved = await orders_set_move.asyncio(
            campaign.id, army.id, client=alice, body=MoveSet(path=[[3, 1]])
        )
        assert isinstance(moved, MoveRead), moved
        assert (moved.used, moved.path) == (1, [[3, 1]])

        # A refusal comes back as a typed problem with its stable code.
        again = await campaigns_start_campaign.asyncio(campaign.id, client=alice)
        assert isinstance(again, Problem)
        assert again.status == 409

        for player in (alice, bob):
            ready = await turn_declare_ready.asyncio(campaign.id, client=player)
            assert isinstance(ready, TurnRead), ready
        resolved = await turn_resolve_turn.asyncio(campaign.id, client=alice)
        assert isinstance(resolved, TurnRead), resolved
        turn = await turn_read_turn.asyncio(campaign.id, client=bob)
        assert isinstance(turn, TurnRead), turn
        assert turn.number == 2
        after = await world_list_armies.asyncio(campaign.id, client=alice)
        assert isinstance(after, ArmyList)
        assert [(a.id, a.q, a.r) for a in after.mine if a.id == army.id] == [(army.id, 3, 1)]
