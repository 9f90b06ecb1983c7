"""Object-level authorization on every operation (OWASP API1, API3, API5; R-FOG-3, R-CAMP-1).

The operations come from `app.openapi()` at test time, so a new endpoint is covered the day it
is added: it gets the unauthenticated (401) and non-member (404) checks at once, and
`test_every_operation_with_an_id_is_classified` fails until someone says who may call it
(`OWNER_ONLY`, `PLAYER_OBJECT` or `MEMBER` below).

The world (skirmish map, owner plays as player 1, Orcs player 2, Dwarfs player 3):

- a field battle declared at (5, 1) between player 2 (attacker) and player 3, out of player 1's
  sight;
- player 2's second army (7, 2) with a move, an outpost build and an upgrade ordered this
  turn; a third army (8, 3) with no orders; a fourth army (8, 2) whose general was captured,
  and a free general;
- player 2's embassy proposal to player 3, an embassy treaty between them, a message from 2
  to 3; a house rule; player 2's personal token and private generated map.

Every refused write is checked to have changed nothing: every table is read before and after.
"""

import uuid
from typing import Any

from fastapi import FastAPI
from httpx import AsyncClient
from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from app.platform.db.base import Base
from app.store.models import ArmyRow, Campaign, CampaignPlayer, OrderKind, OrderRow
from tests.factories.flows import Game, MakeUser, ok, start_game
from tests.factories.isolation import Operation, World, campaign_operations, operations
from tests.factories.isolation import world as world  # a fixture
from tests.helpers import assert_problem

# Reachable without a token.
PUBLIC = frozenset(
    {
        "users-register-user",
        "auth-login",
        "rulesets-read-default-ruleset",
        # The secret in its URL is its credential (tests/channels/calendar/test_calendar.py: unknown
        # is 404).
        "calendar-read-calendar",
        # A forgotten password, and an email's links: their secret is the credential, and the
        # answers say nothing of whether an account or an address exists (test_email.py).
        "auth-request-password-reset",
        "auth-confirm-password-reset",
        "notifications-email-confirmation-page",
        "notifications-confirm-email-address",
        "notifications-email-unsubscribe-page",
        "notifications-unsubscribe-email",
        # The link that undoes a change of address, sent to the old one (issue 42 item 3).
        "notifications-address-change-undo-page",
        "notifications-undo-address-change",
        # The server's public Web Push key: the same for everyone (issue 46).
        "notifications-get-push-key",
        # Signing in with a provider (issue 46): the path names a provider the operator
        # configured; the flow's secrets are its state and the browser's cookie
        # (tests/adversarial/test_oidc.py).
        "auth-list-providers",
        "auth-start-sign-in",
        "auth-sign-in-callback",
        # Their one-time ticket is the credential (unknown or used: refused, test_oidc.py).
        "auth-exchange-ticket",
        "auth-complete-sign-up",
        # Discord's calls, signed with its key, checked before anything is read (404 while the
        # integration is off; tests/adversarial/test_discord.py).
        "discord-discord-interaction",
    }
)

# The operators' API (issue 45): anyone but an operator, with a token or none, gets the answer
# of a path that does not exist (tests/adversarial/test_moderation.py).
OPERATOR_ONLY = frozenset(
    {
        "operators-list-reports",
        "operators-read-report",
        "operators-resolve-report",
        "operators-hide-reported-message",
        "operators-suspend-user",
        "operators-reinstate-user",
        "operators-rename-campaign",
        "operators-read-audit-log",
    }
)

# The caller's own lists of other users (blocks, bans): the path names the other user, the
# list is always the caller's; an unknown username is 404 (tests/accounts/moderation).
OWN_LISTS = frozenset(
    {
        "moderation-block-user",
        "moderation-unblock-user",
        "moderation-ban-user",
        "moderation-unban-user",
        # Linking a provider to the caller's own account: the path names the provider.
        "users-start-link",
    }
)

# Objects of one user outside campaigns: another user gets 404.
USER_OBJECT = frozenset(
    {
        "tokens-revoke-token",
        "maps-read-map",
        # A seat offered to a user is theirs to answer (R-CAMP-6): anyone else gets 404.
        "seats-accept-seat-offer",
        "seats-decline-seat-offer",
        # An item of a user's inbox.
        "notifications-mark-notification-read",
        # One of a user's browsers' push subscriptions (tests/adversarial/test_push.py).
        "notifications-delete-push-subscription",
        # An identity that signs in to a user's account (tests/adversarial/test_oidc.py).
        "users-unlink-identity",
        # A user's request to join a public campaign (R-CAMP-11): theirs to take back.
        "lobbies-withdraw-join-request",
    }
)

# Only the campaign's owner (R-CAMP-1, R-CAMP-4, R-TURN-3, R-HOUSE-1, R-BAT-5): 403 for players.
OWNER_ONLY = frozenset(
    {
        "campaigns-update-campaign",
        "campaigns-start-campaign",
        "campaigns-end-campaign",
        "campaigns-pause-campaign",
        "campaigns-resume-campaign",
        "campaigns-extend-deadline",
        "campaigns-set-player-status",
        "seats-hand-over-seat",
        "seats-list-seat-offers",
        "bots-put-seat-bot",
        "bots-remove-seat-bot",
        "seats-cancel-seat-offer",
        "turn-resolve-turn",
        "turn-force-turn",
        "turn-rollback-turn",
        "transfer-export-campaign",
        "house-rules-create-house-rule",
        "house-rules-update-house-rule",
        "house-rules-delete-house-rule",
        "battles-arbitrate-battle",
        "battles-cancel-battle-after-deadline",
        "lobbies-list-join-requests",
        "lobbies-accept-join-request",
        "lobbies-decline-join-request",
        "lobbies-open-seat",
        "lobbies-close-seat",
        "spectators-list-spectators",
        "spectators-remove-spectator",
    }
)

# The path names an object of player 2 (an order, an army, an edict, a treaty, a battle of
# players 2 and 3): player 1, who cannot see it, gets 404 — never 403, never a 2xx.
PLAYER_OBJECT = frozenset(
    {
        "orders-cancel-order",
        "orders-cancel-build",
        "orders-upgrade-army",
        "orders-cancel-upgrade",
        "orders-set-move",
        "orders-cancel-move",
        "orders-set-entrench",
        "orders-cancel-entrench",
        "orders-reachable-tiles",
        "orders-assign-general",
        "diplomacy-read-edict",
        "diplomacy-accept-edict",
        "diplomacy-refuse-edict",
        "diplomacy-withdraw-edict",
        "diplomacy-read-treaty",
        "diplomacy-break-treaty",
        "battles-read-battle",
        "battles-choose-leader",
        "battles-report-result",
        "battles-confirm-result",
        "battles-reject-result",
        "battles-abandon-place",
        "battles-edit-report",
        "battles-propose-play-by",
        "battles-accept-play-by",
        "battles-read-pack",
        "battles-read-pack-pdf",
        # Player 2's personal webhook: nobody else's (issue 15).
        "notifications-get-webhook",
        "notifications-update-webhook",
        "notifications-delete-webhook",
        "notifications-list-deliveries",
        "notifications-ping-webhook",
        # Player 2's army list (R-FOG-3: no battle declared) and standing order (R-TURN-8).
        "rosters-read-roster",
        "rosters-put-roster",
        "rosters-delete-roster",
        "rosters-read-roster-original",
        "orders-delete-standing-order",
    }
)

# The rule id each owner-only refusal names (R-CAMP-1 unless the domain has its own).
OWNER_CODES = {
    "house-rules-create-house-rule": "R-HOUSE-1",
    "house-rules-update-house-rule": "R-HOUSE-1",
    "house-rules-delete-house-rule": "R-HOUSE-1",
    "battles-arbitrate-battle": "R-BAT-5",
}

# Any member: reads filtered by the caller's sight, or writes on the caller's own things.
MEMBER = frozenset(
    {
        "campaigns-read-campaign",
        "campaigns-read-campaign-ruleset",
        "campaigns-join-campaign",
        "campaigns-list-players",
        "campaigns-choose-faction",
        "campaigns-leave-campaign",
        "orders-list-orders",
        "orders-list-standing-orders",
        "orders-set-standing-order",
        "orders-order-build",
        "orders-list-builds",
        "orders-raise-army",
        "orders-recruit-general",
        "orders-use-faction-action",
        "orders-cancel-faction-action",
        "world-list-armies",
        "world-list-generals",
        "world-read-map",
        "world-read-tile",
        "pictures-read-map-picture",
        "pictures-read-turn-map",
        "pictures-read-turn-map-picture",
        "pictures-read-charts",
        "pictures-read-charts-picture",
        "seats-offer-seat",
        "seats-withdraw-seat-offer",
        "seats-list-seat-holders",
        "seats-read-vacation",
        "seats-start-vacation",
        "seats-end-vacation",
        "turn-read-turn",
        "turn-declare-ready",
        "turn-withdraw-ready",
        "turn-list-rollbacks",
        "battles-list-battles",
        "diplomacy-issue-edict",
        "diplomacy-list-edicts",
        "diplomacy-list-treaties",
        "me-read-me",
        "history-list-turns",
        "history-read-turn-summary",
        "history-read-standings",
        "messages-send-message",
        "messages-list-messages",
        "messages-count-unread-messages",
        "messages-mark-messages-read",
        "messages-list-message-threads",
        "messages-mark-message-thread-read",
        "campaigns-list-campaign-factions",
        # A seat's holder blocked in this campaign, by seat: the caller's own list (issue 44).
        "moderation-block-seat",
        "moderation-unblock-seat",
        "house-rules-list-house-rules",
        "house-rules-list-house-rule-changes",
        "events-stream-events",
        "notifications-create-webhook",
        "notifications-list-webhooks",
    }
)

# A public campaign's spectators (R-CAMP-13), who are no members: they ask to watch, leave, and
# read its delayed public view; to anyone else (a stranger, a player) 404, as for no campaign.
SPECTATOR = frozenset(
    {
        "spectators-watch-campaign",
        "spectators-stop-watching",
        "spectators-read-spectated",
        "spectators-read-spectated-map",
        "spectators-list-spectated-turns",
        "spectators-read-spectated-summary",
    }
)

# Columns that legitimately change on any authenticated request.
VOLATILE = frozenset({("tokens", "last_used_at")})
# Tables that do: the shared rate limits count every write, refused or not.
VOLATILE_TABLES = frozenset({"rate_limits"})


# ------------------------------------------------------------------------------- operations


# ------------------------------------------------------------------------------------ world


# --------------------------------------------------------------------------------- snapshot


async def snapshot(session: AsyncSession) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table (volatile columns aside), in primary-key order."""
    out: dict[str, list[tuple[Any, ...]]] = {}
    for table in Base.metadata.sorted_tables:
        if table.name in VOLATILE_TABLES:
            continue
        columns = [c for c in table.columns if (table.name, c.name) not in VOLATILE]
        rows = await session.execute(select(*columns).order_by(*table.primary_key.columns))
        out[table.name] = [tuple(row) for row in rows]
    return out


def changes(
    before: dict[str, list[tuple[Any, ...]]], after: dict[str, list[tuple[Any, ...]]]
) -> dict[str, Any]:
    return {
        name: {
            "gone": [r for r in rows if r not in after[name]],
            "new": [r for r in after[name] if r not in rows],
        }
        for name, rows in before.items()
        if after[name] != rows
    }


async def refused(
    client: AsyncClient,
    session: AsyncSession,
    world: World,
    op: Operation,
    headers: dict[str, str],
    status: int,
    code: str,
) -> dict[str, Any]:
    """Call `op` as `headers`; assert the problem and that no table changed."""
    before = await snapshot(session)
    response = await client.request(
        op.method, op.url(world.values(op)), json=world.body(op), headers=headers
    )
    assert response.status_code == status, (op.id, response.status_code, response.text)
    body = assert_problem(response, status, code)
    assert changes(before, await snapshot(session)) == {}, op.id
    return body


# ------------------------------------------------------------------------------------ tests


def test_every_operation_with_an_id_is_classified(app: FastAPI) -> None:
    """A new endpoint must say who may call it before it ships (OWASP API1/API5)."""
    classified = OWNER_ONLY | PLAYER_OBJECT | MEMBER | SPECTATOR
    with_ids = {op.id for op in operations(app) if "{" in op.path}
    in_campaigns = {op.id for op in campaign_operations(app)} - OPERATOR_ONLY
    assert in_campaigns - classified == set(), "classify these operations in test_isolation.py"
    # A calendar feed's URL: its secret.
    assert with_ids - in_campaigns - PUBLIC - OPERATOR_ONLY - OWN_LISTS == USER_OBJECT
    assert {op.id for op in operations(app)} >= OPERATOR_ONLY, "stale entries"
    assert classified - in_campaigns == set(), "stale entries"
    assert not OWNER_ONLY & PLAYER_OBJECT
    assert not OWNER_ONLY & MEMBER
    assert not PLAYER_OBJECT & MEMBER
    assert not SPECTATOR & (OWNER_ONLY | PLAYER_OBJECT | MEMBER)


async def test_unauthenticated_calls_get_401_on_every_operation(
    app: FastAPI, client: AsyncClient, session: AsyncSession, world: World
) -> None:
    """Every /v1 operation but registration, login and the default ruleset needs a token."""
    ops = [
        op
        for op in operations(app)
        if op.path.startswith("/v1") and op.id not in PUBLIC | OPERATOR_ONLY
    ]
    assert len(ops) > 70
    for op in ops:
        await refused(client, session, world, op, {}, 401, "unauthorized")
    for op in operations(app):  # the operators' API: as a path that does not exist
        if op.id in OPERATOR_ONLY:
            await refused(client, session, world, op, {}, 404, "not_found")
    for op in ops[:5]:  # a token that is not one is no better than none
        bogus = {"Authorization": "Bearer not-a-token"}
        await refused(client, session, world, op, bogus, 401, "unauthorized")


async def test_non_member_gets_404_on_every_campaign_operation_R_CAMP_1(
    app: FastAPI, client: AsyncClient, session: AsyncSession, world: World
) -> None:
    """A stranger cannot tell a campaign exists: 404 everywhere, never 403, nothing changed."""
    for op in campaign_operations(app):
        await refused(client, session, world, op, world.stranger.headers, 404, "not_found")
    # The same with a campaign id that does not exist: the two answers are identical.
    missing = {**world.ids, "campaign_id": str(uuid.uuid4())}
    for op in campaign_operations(app):
        url = op.url({**missing, **world.overrides.get(op.id, {})})
        r = await client.request(op.method, url, json=world.body(op), headers=world.p2.headers)
        assert_problem(r, 404, "not_found")


async def test_another_users_token_and_private_map_are_404(
    app: FastAPI, client: AsyncClient, session: AsyncSession, world: World
) -> None:
    """Personal tokens and uploaded maps belong to their user alone (OWASP API1)."""
    for op in operations(app):
        if op.id in USER_OBJECT:
            for user in (world.stranger, world.p1.user, world.p3.user):
                await refused(client, session, world, op, user.headers, 404, "not_found")
    # The rightful owner can: the ids were real.
    r = await client.get(f"/v1/maps/{world.ids['map_id']}", headers=world.p2.headers)
    assert r.status_code == 200, r.text


async def test_other_players_objects_are_404_for_who_cannot_see_them_R_FOG_3(
    app: FastAPI, client: AsyncClient, session: AsyncSession, world: World
) -> None:
    """Player 2's orders, armies, edicts, treaty and battle do not exist for player 1.

    Player 1 is also the owner: owning the campaign gives no right to act as a player.
    Player 3 is party to the edict, the treaty and the battle but not to player 2's orders.
    """
    ops = [op for op in campaign_operations(app) if op.id in PLAYER_OBJECT]
    assert {op.id for op in ops} == PLAYER_OBJECT
    for op in ops:
        await refused(client, session, world, op, world.p1.headers, 404, "not_found")
        if op.id.startswith("orders-"):
            await refused(client, session, world, op, world.p3.headers, 404, "not_found")

    # Player 3 answers the edict addressed to them, yet cannot withdraw it: it is not theirs.
    withdraw = next(op for op in ops if op.id == "diplomacy-withdraw-edict")
    await refused(client, session, world, withdraw, world.p3.headers, 422, "R-DIP-2")

    # Lists show nothing of it either.
    p1 = world.p1.headers
    assert (await client.get(world.game.url("/orders"), headers=p1)).json() == []
    assert (await client.get(world.game.url("/builds"), headers=p1)).json() == []
    edicts = (await client.get(world.game.url("/edicts"), headers=p1)).json()
    assert edicts == {"items": [], "total": 0, "limit": 50, "offset": 0}
    assert (await client.get(world.game.url("/treaties"), headers=p1)).json() == []
    battles = (await client.get(world.game.url("/battles"), headers=p1)).json()
    assert battles == {"items": [], "total": 0, "limit": 50, "offset": 0}
    messages = (await client.get(world.game.url("/messages"), headers=p1)).json()
    assert messages["items"] == []
    summary = await client.get(world.game.url("/turns/1/summary?player=2"), headers=p1)
    assert_problem(summary, 403, "R-FOG-3")

    # The same requests by player 2 succeed: the ids and bodies were the real thing.
    mine = await client.get(world.game.url("/orders"), headers=world.p2.headers)
    assert [o["kind"] for o in mine.json()] == ["move", "build", "upgrade"]
    reachable = await client.get(
        world.game.url(f"/armies/{world.ids['army_id']}/reachable"), headers=world.p2.headers
    )
    assert reachable.status_code == 200, reachable.text
    assert reachable.json()


async def test_a_visible_battle_one_is_not_in_is_403_to_act_on_R_BAT_5(
    app: FastAPI, client: AsyncClient, session: AsyncSession, world: World
) -> None:
    """In sight of the battle, player 1 reads its public part but cannot act on it."""
    cid = uuid.UUID(world.game.id)
    await session.execute(
        update(ArmyRow).where(ArmyRow.campaign_id == cid, ArmyRow.owner == 1).values(q=6, r=0)
    )
    await session.flush()
    battle = world.game.url(f"/battles/{world.ids['battle_id']}")
    seen = await client.get(battle, headers=world.p1.headers)
    assert seen.status_code == 200, seen.text
    assert seen.json()["your_side"] is None
    assert seen.json()["attacker"]["forces"] is None
    by_op = {op.id: op for op in campaign_operations(app)}
    for op_id in ("battles-report-result", "battles-confirm-result", "battles-reject-result"):
        await refused(client, session, world, by_op[op_id], world.p1.headers, 403, "R-BAT-5")
    await refused(
        client, session, world, by_op["battles-abandon-place"], world.p1.headers, 403, "R-BAT-5"
    )
    await refused(
        client, session, world, by_op["battles-choose-leader"], world.p1.headers, 403, "R-BAT-5"
    )
    # Player 3, the defender, cannot make player 2's army lead its side (R-BAT-3).
    await refused(
        client, session, world, by_op["battles-choose-leader"], world.p3.headers, 422, "R-BAT-3"
    )


async def test_owner_operations_are_403_for_players_R_CAMP_1(
    app: FastAPI, client: AsyncClient, session: AsyncSession, world: World
) -> None:
    """Start, end, settings, turn change, deadlines, absent players, house rules, rulings."""
    ops = [op for op in campaign_operations(app) if op.id in OWNER_ONLY]
    assert {op.id for op in ops} == OWNER_ONLY
    for op in ops:
        code = OWNER_CODES.get(op.id, "R-CAMP-1")
        for player in (world.p2, world.p3):
            await refused(client, session, world, op, player.headers, 403, code)


async def test_a_players_write_acts_only_on_their_own_records(
    client: AsyncClient, session: AsyncSession, world: World
) -> None:
    """Cancelling 'my' order by another's id, answering an edict not addressed to me: 404."""
    cid = uuid.UUID(world.game.id)
    order = await session.get_one(OrderRow, (cid, world.ids["order_id"]), populate_existing=True)
    assert (order.player, order.kind) == (2, OrderKind.BUILD)
    gold = {
        p.number: p.gold
        for p in await session.scalars(
            select(CampaignPlayer)
            .where(CampaignPlayer.campaign_id == cid)
            .execution_options(populate_existing=True)
        )
    }
    for player in (world.p1, world.p3):
        r = await client.delete(
            world.game.url(f"/orders/{world.ids['order_id']}"), headers=player.headers
        )
        assert_problem(r, 404, "not_found")
    after = {
        p.number: p.gold
        for p in await session.scalars(
            select(CampaignPlayer)
            .where(CampaignPlayer.campaign_id == cid)
            .execution_options(populate_existing=True)
        )
    }
    assert after == gold  # nobody was refunded player 2's outpost


async def test_a_visible_army_of_another_player_takes_no_order_from_you_R_MOVE_2(
    app: FastAPI, client: AsyncClient, session: AsyncSession, world: World
) -> None:
    """Player 3 sees player 2's army (it attacked them): every order on it is refused, 4xx."""
    army_ops = [
        op
        for op in campaign_operations(app)
        if "{army_id}" in op.path and op.id in PLAYER_OBJECT and op.method != "GET"
    ]
    visible = {"army_id": world.ids["p2_army"]}
    for op in army_ops:
        before = await snapshot(session)
        r = await client.request(
            op.method,
            op.url({**world.ids, **visible}),
            json=world.body(op),
            headers=world.p3.headers,
        )
        assert r.status_code in (404, 409, 422), (op.id, r.status_code, r.text)
        assert r.headers["content-type"] == "application/problem+json"
        assert changes(before, await snapshot(session)) == {}, op.id


# What is not yours or not in your sight answers exactly like what does not exist (R-FOG-3):
# (method, path, body) with "{x}" standing for the id under test. Player 1 sees none of player
# 2's things below; player 3 sees player 2's attacking army but owns none of them.
UNKNOWN = 999_999
PROBES: list[tuple[str, str, str, Any]] = [
    ("raise from a city", "POST", "/armies", lambda x: {"city_id": x}),
    ("upgrade an army", "POST", "/armies/{x}/upgrade", None),
    ("cancel an upgrade", "DELETE", "/armies/{x}/upgrade", None),
    ("move an army", "PUT", "/armies/{x}/move", lambda x: {"path": [[8, 4]]}),
    ("cancel a move", "DELETE", "/armies/{x}/move", None),
    ("reachable tiles", "GET", "/armies/{x}/reachable", None),
    (
        "build with an army",
        "POST",
        "/builds",
        lambda x: {"kind": "outpost", "q": 3, "r": 1, "army_id": x},
    ),
    ("cancel an order", "DELETE", "/orders/{x}", None),
    ("cancel a build", "DELETE", "/builds/{x}", None),
    ("read an edict", "GET", "/edicts/{x}", None),
    ("accept an edict", "POST", "/edicts/{x}/accept", None),
    ("withdraw an edict", "POST", "/edicts/{x}/withdraw", None),
    ("read a treaty", "GET", "/treaties/{x}", None),
    ("read a battle", "GET", "/battles/{x}", None),
    ("confirm a battle", "POST", "/battles/{x}/confirm", None),
    (
        "release a prisoner",
        "POST",
        "/edicts",
        lambda x: {"kind": "release_prisoner", "general_id": x},
    ),
    ("assign a general", "PUT", "/armies/{mine}/general", lambda x: {"general_id": x}),
    (
        "trade from a city",
        "POST",
        "/edicts",
        lambda x: {"kind": "trade", "my_city_id": x, "their_city_id": x},
    ),
]


def _probe_ids(world: World) -> dict[str, int]:
    ids = world.ids
    return {
        "raise from a city": ids["p2_capital"],
        "upgrade an army": ids["army_id"],
        "cancel an upgrade": ids["army_id"],
        "move an army": ids["army_id"],
        "cancel a move": ids["army_id"],
        "reachable tiles": ids["army_id"],
        "build with an army": ids["army_id"],
        "cancel an order": ids["order_id"],
        "cancel a build": ids["order_id"],
        "read an edict": ids["edict_id"],
        "accept an edict": ids["edict_id"],
        "withdraw an edict": ids["edict_id"],
        "read a treaty": ids["treaty_id"],
        "read a battle": ids["battle_id"],
        "confirm a battle": ids["battle_id"],
        "release a prisoner": ids["free_general"],
        "assign a general": ids["free_general"],
        "trade from a city": ids["p2_capital"],
    }


async def test_refusals_about_hidden_or_foreign_ids_equal_those_for_unknown_ids_R_FOG_3(
    client: AsyncClient, session: AsyncSession, world: World
) -> None:
    """Player 1 (the owner, who plays) and player 3 probe player 2's ids and an id that does
    not exist: the answers are byte for byte the same (status, code, detail, violations), so
    no refusal tells of a hidden army, a city's seat, a pending raise or an order.

    BUG: raising from player 2's capital added "This city already seats an army", which an
    unknown city id did not get.
    """
    ids = _probe_ids(world)
    seen: dict[str, tuple[int, dict[str, Any]]] = {}
    own = {}
    for p in (world.p1, world.p3):
        armies = await client.get(world.game.url("/armies"), headers=p.headers)
        own[p.number] = armies.json()["mine"][0]["id"]
    # Player 3 is a party to the edict, the treaty and the battle: only orders are probed.
    party: tuple[str, ...] = (
        "read an edict",
        "accept an edict",
        "withdraw an edict",
        "read a treaty",
    )
    party += ("read a battle", "confirm a battle")
    for player in (world.p1, world.p3):
        for name, method, path, body in PROBES:
            if player is world.p3 and name in party:
                continue
            answers = []
            for x in (ids[name], UNKNOWN):
                before = await snapshot(session)
                r = await client.request(
                    method,
                    world.game.url(path.format(x=x, mine=own[player.number])),
                    json=None if body is None else body(x),
                    headers=player.headers,
                )
                assert 400 <= r.status_code < 500, (name, r.status_code, r.text)
                assert changes(before, await snapshot(session)) == {}, name
                problem = r.json()
                problem.pop("instance", None)  # the path itself, which holds the id
                answers.append((r.status_code, problem))
            assert answers[0] == answers[1], (player.number, name, answers)
            seen[f"{player.number} {name}"] = answers[0]
    # Not vacuous: the rightful owner's own city gets the rule's own answers.
    raised = seen["1 raise from a city"]
    assert raised[0] == 422
    assert raised[1]["violations"][0] == {
        "rule": "R-ARMY-1",
        "message": "Armies are raised from one of your cities.",
    }
    own_city = await client.post(
        world.game.url("/armies"),
        json={"city_id": world.ids["p2_capital"]},
        headers=world.p2.headers,
    )
    assert {"rule": "R-ARMY-1", "message": "This city already seats an army."} in own_city.json()[
        "violations"
    ]


async def test_read_mark_never_tells_the_newest_message_of_others_R_FOG_3(
    client: AsyncClient, world: World
) -> None:
    """`POST /messages/read` names a message of the caller's own mailbox: player 1 learns
    nothing of player 2's message to player 3, whose id answers like one that never was.

    BUG: `{"up_to": 2147483648}` answered with the campaign's newest message id.
    """
    url = world.game.url("/messages/read")
    theirs = (await client.get(world.game.url("/messages"), headers=world.p3.headers)).json()
    secret = theirs["items"][0]["id"]
    answers = []
    for up_to in (secret, 2**31, 10**15):
        r = await client.post(url, json={"up_to": up_to}, headers=world.p1.headers)
        answers.append((r.status_code, r.json()))
    assert answers[0][0] == 404
    assert answers == [answers[0]] * 3
    assert str(secret) not in str(answers)
    r = await client.post(url, json={"up_to": 0}, headers=world.p1.headers)
    assert r.json() == {"unread": 0, "read_up_to": 0}
    # Player 3, who received it, may mark it read.
    r = await client.post(url, json={"up_to": secret}, headers=world.p3.headers)
    assert r.json() == {"unread": 0, "read_up_to": secret}


async def test_ids_of_orders_edicts_and_generals_tell_nothing_of_others_R_FOG_3(
    client: AsyncClient, session: AsyncSession, world: World
) -> None:
    """Orders, edicts and recruited generals take random ids, never the engine's counter:
    neither their gaps nor the ids of armies and structures made at the next turn change
    count what other players ordered in between.

    BUG: all of them came from `campaigns.next_id`, one counter for the whole table.
    """
    cid = uuid.UUID(world.game.id)
    before = (await session.get_one(Campaign, cid, populate_existing=True)).next_id
    first = await ok(await client.post(world.game.url("/generals"), headers=world.p1.headers), 201)
    for _ in range(2):
        await ok(await client.post(world.game.url("/generals"), headers=world.p3.headers), 201)
    edict = await ok(
        await client.post(
            world.game.url("/edicts"), json={"kind": "embassy", "to": 1}, headers=world.p3.headers
        ),
        201,
    )
    second = await ok(await client.post(world.game.url("/generals"), headers=world.p1.headers), 201)
    action = await ok(
        await client.post(world.game.url("/faction-action"), headers=world.p1.headers), 201
    )
    after = (await session.get_one(Campaign, cid, populate_existing=True)).next_id
    assert after == before  # nothing of this turn's orders shows in the engine's next ids
    mine = (await client.get(world.game.url("/orders"), headers=world.p1.headers)).json()
    assert [o["kind"] for o in mine] == ["recruit", "recruit", "faction_action"]  # as given
    ids = [first["id"], second["id"], edict["id"], action["id"], *(o["id"] for o in mine)]
    assert all(2**30 <= i < 2**31 for i in ids), ids
    assert second["id"] - first["id"] != 4


async def test_house_rule_ids_do_not_count_other_campaigns_amendments_R_FOG_3(
    client: AsyncClient, make_user: MakeUser
) -> None:
    """Two tables: the amendments of one do not show in the gaps between the other's ids.

    BUG: both tables' amendments (and their history) took ids from one identity counter.
    """
    here = await start_game(client, make_user)
    there = await start_game(client, make_user)
    amendment = {"section": "Magic", "kind": "add", "text": "No miscasts."}

    async def amend(game: Game) -> int:
        r = await client.post(game.url("/house-rules"), json=amendment, headers=game.owner.headers)
        created = await ok(r, 201)
        rule_id: int = created["id"]
        return rule_id

    first = await amend(here)
    others = [await amend(there) for _ in range(3)]
    second = await amend(here)
    assert second - first != len(others) + 1
    assert all(0 < i < 2**53 for i in (first, second, *others))
    history = await client.get(here.url("/house-rules/history"), headers=here.owner.headers)
    changes = history.json()["items"]
    assert [c["rule_id"] for c in changes] == [second, first]  # newest first, by time
    assert changes[0]["id"] - changes[1]["id"] != len(others) + 1
    # The amendment's path id takes any id a client can be given, and 404s an unknown one.
    missing = await client.patch(
        here.url(f"/house-rules/{2**53 - 1}"), json={"text": "x"}, headers=here.owner.headers
    )
    assert_problem(missing, 404, "not_found")
