"""Game flows for API tests: register and log in, create a lobby, join, start, play.

The set-up (a user and their token, a started campaign) is written by the services the
endpoints call, when the client calls the app in this process: the tests of registering,
joining and starting make those requests themselves; a client of a real server sets up over
HTTP."""

import itertools
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Any, Protocol

from httpx import ASGITransport, AsyncClient, Response
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.accounts.auth import service as auth_service
from app.accounts.users import service as users_service
from app.accounts.users.schemas import UserCreate
from app.platform.config import Settings
from app.platform.db.session import transaction
from app.play.campaigns import service as campaigns_service
from app.play.campaigns.access import Membership, load_membership
from app.play.campaigns.schemas import CampaignCreate, PlayerChoice
from app.play.maps.service import ensure_builtin_maps
from app.store.models import (
    ArmyRow,
    CampaignPlayer,
    GameMap,
    LedgerRow,
    TokenKind,
    TokenScope,
    User,
)

DEFAULT_PASSWORD = "correct horse battery"
_counter = itertools.count(1)


@dataclass(frozen=True)
class AuthUser:
    """A registered, logged-in user: pass `headers` to authenticate requests as them."""

    id: uuid.UUID
    username: str
    password: str
    token: str

    @property
    def headers(self) -> dict[str, str]:
        """`Authorization: Bearer …` header for this user."""
        return {"Authorization": f"Bearer {self.token}"}


class MakeUser(Protocol):
    """Signature of the `make_user` fixture."""

    async def __call__(
        self,
        username: str | None = None,
        *,
        password: str = DEFAULT_PASSWORD,
        display_name: str | None = None,
    ) -> AuthUser: ...


async def login(client: AsyncClient, username: str, password: str = DEFAULT_PASSWORD) -> Response:
    """POST the OAuth2 password form."""
    return await client.post("/v1/auth/token", data={"username": username, "password": password})


async def register_and_login(
    client: AsyncClient,
    username: str | None = None,
    *,
    password: str = DEFAULT_PASSWORD,
    display_name: str | None = None,
) -> AuthUser:
    """Register `username` (a unique one if omitted), log in, and return the handle."""
    username = username or f"user{next(_counter)}"
    created = await client.post(
        "/v1/users",
        json={
            "username": username,
            "password": password,
            "display_name": display_name or username.title(),
        },
    )
    assert created.status_code == 201, created.text
    token = await login(client, username, password)
    assert token.status_code == 200, token.text
    return AuthUser(
        id=uuid.UUID(created.json()["id"]),
        username=username,
        password=password,
        token=token.json()["access_token"],
    )


async def registered_user(
    sessionmaker: async_sessionmaker[AsyncSession],
    settings: Settings,
    username: str | None = None,
    *,
    password: str = DEFAULT_PASSWORD,
    display_name: str | None = None,
) -> AuthUser:
    """`register_and_login` without HTTP: the user and a session token written by the services
    behind `POST /v1/users` and `POST /v1/auth/token`, as those endpoints write them but for the
    client's address and agent (none). The set-up of most API tests (the `make_user` fixture):
    over HTTP, with the rate limits' eight statements, the two requests cost a sixth of the
    in-process tests' CPU. The tests of registering and logging in make those requests."""
    username = username or f"user{next(_counter)}"
    data = UserCreate(
        username=username, password=password, display_name=display_name or username.title()
    )
    async with sessionmaker() as session:
        user = await users_service.register(session, data)
        _, secret = await auth_service.issue_token(
            session,
            user,
            kind=TokenKind.SESSION,
            lifetime=timedelta(minutes=settings.access_token_ttl_minutes),
            scope=TokenScope.ACCOUNT,
        )
        await session.commit()
    return AuthUser(id=user.id, username=username, password=password, token=secret)


THREE = ("empire", "orcs_goblins", "dwarfs")  # player 3 starts far away, at (-1, 4)


@dataclass(frozen=True)
class GamePlayer:
    user: AuthUser
    number: int
    faction: str

    @property
    def headers(self) -> dict[str, str]:
        return self.user.headers


@dataclass(frozen=True)
class Game:
    """A started campaign; `owner` is also `players[0]` unless created with a non-playing owner."""

    id: str
    owner: AuthUser
    players: list[GamePlayer]

    def url(self, path: str = "") -> str:
        return f"/v1/campaigns/{self.id}{path}"


async def builtin_map_id(client: AsyncClient, headers: dict[str, str], key: str) -> str:
    maps = (await client.get("/v1/maps", headers=headers)).json()["items"]
    map_id: str = next(m["id"] for m in maps if m["builtin_key"] == key)
    return map_id


async def stored_builtin_map_id(session: AsyncSession, key: str) -> uuid.UUID:
    """The id of the built-in map `key`, stored first if missing (as listing the maps does)."""
    await ensure_builtin_maps(session)
    map_id = await session.scalar(select(GameMap.id).where(GameMap.builtin_key == key))
    assert map_id is not None, key
    return map_id


def lobby_body(
    map_id: str, settings: dict[str, Any] | None, ruleset: dict[str, Any] | None
) -> dict[str, Any]:
    """The body of `POST /v1/campaigns` for a test campaign."""
    body: dict[str, Any] = {"name": "Test campaign", "map_id": map_id, "settings": settings or {}}
    if ruleset is not None:
        body["ruleset"] = ruleset
    return body


async def create_lobby(
    client: AsyncClient,
    owner: AuthUser,
    *,
    map_key: str = "skirmish",
    settings: dict[str, Any] | None = None,
    ruleset: dict[str, Any] | None = None,
) -> dict[str, Any]:
    map_id = await builtin_map_id(client, owner.headers, map_key)
    body = lobby_body(map_id, settings, ruleset)
    response = await client.post("/v1/campaigns", json=body, headers=owner.headers)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


async def join(
    client: AsyncClient, campaign: dict[str, Any], user: AuthUser, faction: str, slot: int
) -> int:
    response = await client.post(
        f"/v1/campaigns/{campaign['id']}/players",
        json={"invite_code": campaign["invite_code"] or "OWNER000"},
        headers=user.headers,
    )
    assert response.status_code == 201, response.text
    number: int = response.json()["number"]
    chosen = await client.patch(
        f"/v1/campaigns/{campaign['id']}/players/me",
        json={"faction": faction, "slot": slot},
        headers=user.headers,
    )
    assert chosen.status_code == 200, chosen.text
    return number


@dataclass(frozen=True)
class _Setup:
    """What `start_game` seats and starts: the owner, each player's faction and start slot."""

    owner: AuthUser
    seats: list[tuple[AuthUser, str, int]]
    map_key: str
    settings: dict[str, Any] | None
    ruleset: dict[str, Any] | None


async def start_game(
    client: AsyncClient,
    make_user: MakeUser,
    factions: Sequence[str] = ("empire", "orcs_goblins"),
    *,
    map_key: str = "skirmish",
    slots: Sequence[int] | None = None,
    settings: dict[str, Any] | None = None,
    ruleset: dict[str, Any] | None = None,
    owner_plays: bool = True,
) -> Game:
    """Create a campaign, seat one new user per faction (the owner first), start it."""
    owner = await make_user()
    users = [owner] if owner_plays else []
    while len(users) < len(factions):
        users.append(await make_user())
    slot_of = slots if slots is not None else range(len(factions))
    setup = _Setup(
        owner, list(zip(users, factions, slot_of, strict=True)), map_key, settings, ruleset
    )
    sessionmaker = in_process_sessionmaker(client)
    if sessionmaker is None:
        return await _start_over_http(client, setup)
    return await _start_by_services(sessionmaker, setup)


def in_process_sessionmaker(client: AsyncClient) -> async_sessionmaker[AsyncSession] | None:
    """The sessionmaker of the app `client` calls in this process (None: a real server's)."""
    transport = client._transport  # httpx names no public getter for it
    if not isinstance(transport, ASGITransport):
        return None
    state = getattr(transport.app, "state", None)
    sessionmaker: async_sessionmaker[AsyncSession] | None = getattr(state, "sessionmaker", None)
    return sessionmaker


async def _start_over_http(client: AsyncClient, setup: _Setup) -> Game:
    """`start_game` by the requests a client makes: create, join and choose, start."""
    owner = setup.owner
    campaign = await create_lobby(
        client, owner, map_key=setup.map_key, settings=setup.settings, ruleset=setup.ruleset
    )
    players = [
        GamePlayer(user, await join(client, campaign, user, faction, slot), faction)
        for user, faction, slot in setup.seats
    ]
    started = await client.post(f"/v1/campaigns/{campaign['id']}/start", headers=owner.headers)
    assert started.status_code == 200, started.text
    return Game(campaign["id"], owner, players)


async def _start_by_services(sessionmaker: async_sessionmaker[AsyncSession], setup: _Setup) -> Game:
    """`start_game` by the services those requests call, each step in a transaction of its
    own as each request's is: a sixth of the in-process tests' CPU went to their HTTP."""
    async with transaction(sessionmaker) as session:
        map_id = await stored_builtin_map_id(session, setup.map_key)
        data = CampaignCreate.model_validate(lobby_body(str(map_id), setup.settings, setup.ruleset))
        campaign = await campaigns_service.create(
            session, data, await session.get_one(User, setup.owner.id)
        )

    async def locked_member(session: AsyncSession, user: AuthUser) -> Membership:
        return await load_membership(
            session, campaign.id, await session.get_one(User, user.id), lock=True
        )

    players = []
    for user, faction, slot in setup.seats:
        async with transaction(sessionmaker) as session:
            seat = await campaigns_service.join(
                session, campaign.id, await session.get_one(User, user.id), campaign.invite_code
            )
        async with transaction(sessionmaker) as session:
            member = await locked_member(session, user)
            await campaigns_service.choose(
                session, member, PlayerChoice(faction=faction, slot=slot)
            )
        players.append(GamePlayer(user, seat.number, faction))
    async with transaction(sessionmaker) as session:
        await campaigns_service.start(session, await locked_member(session, setup.owner))
    return Game(str(campaign.id), setup.owner, players)


async def army_of(session: AsyncSession, game: Game, player: int) -> ArmyRow:
    """The player's first army as a row (fresh from the database), to set up a situation."""
    row = await session.scalar(
        select(ArmyRow)
        .where(ArmyRow.campaign_id == game.id, ArmyRow.owner == player)
        .order_by(ArmyRow.id)
        .execution_options(populate_existing=True)
    )
    assert row is not None
    return row


async def my_army(client: AsyncClient, game: Game, player: GamePlayer) -> dict[str, Any]:
    armies = (await client.get(game.url("/armies"), headers=player.headers)).json()
    mine: dict[str, Any] = armies["mine"][0]
    return mine


async def gold_and_ledger(session: AsyncSession, game: Game, number: int) -> tuple[int, int]:
    gold = await session.scalar(
        select(CampaignPlayer.gold).where(
            CampaignPlayer.campaign_id == game.id, CampaignPlayer.number == number
        )
    )
    total = await session.scalar(
        select(func.sum(LedgerRow.amount)).where(
            LedgerRow.campaign_id == game.id, LedgerRow.player == number
        )
    )
    return gold or 0, total or 0


async def change_turn(client: AsyncClient, game: Game) -> None:
    """Everyone ready, then the owner confirms the end of turn (R-TURN-3)."""
    for p in game.players:
        ready = await client.put(game.url("/turn/ready"), headers=p.headers)
        assert ready.status_code == 200, ready.text
    done = await client.post(game.url("/turn/resolve"), headers=game.owner.headers)
    assert done.status_code == 200, done.text


async def export_campaign(
    client: AsyncClient, game_id: str, owner: AuthUser, messages: bool = True
) -> dict[str, Any]:
    """The campaign's export document, as its owner downloads it."""
    response = await client.get(
        f"/v1/campaigns/{game_id}/export",
        params={"messages": "true" if messages else "false"},
        headers=owner.headers,
    )
    assert response.status_code == 200, response.text
    document: dict[str, Any] = response.json()
    return document


async def ok(response: Response, status: int = 200) -> Any:
    """The body of an answer that must have `status` (None when it has none)."""
    assert response.status_code == status, response.text
    return response.json() if response.content else None
