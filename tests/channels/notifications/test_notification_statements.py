"""A batch of notifications reads what it needs in few statements (issue 31): the campaign's
endpoints with its seats in one, and who is looking, what each wants, their languages and
their addresses in another — the same notifications as before, over HTTP."""

import uuid

from httpx import AsyncClient
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

from app.store.models.notification import InboxItem
from tests.factories.flows import Game, MakeUser, start_game
from tests.factories.statements import counted

# Each a table a delivery reads once per batch, and the statement it is read in.
RECIPIENTS = ("stream_presence", "notification_preferences", "users", "user_emails")
AUDIENCE = ("webhook_endpoints", "campaign_players")


def _reading(statements: list[str], table: str) -> list[str]:
    return [
        s
        for s in statements
        if s.lstrip().upper().startswith(("SELECT", "WITH"))
        and (f"FROM {table}" in s or f"JOIN {table}" in s)
    ]


async def test_a_turn_change_reads_its_recipients_in_one_statement(
    client: AsyncClient, session: AsyncSession, connection: AsyncConnection, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user)
    for player in game.players:
        assert (await client.put(game.url("/turn/ready"), headers=player.headers)).is_success
    with counted(connection) as statements:
        done = await client.post(game.url("/turn/resolve"), headers=game.owner.headers)
    assert done.status_code == 200, done.text
    readers = {table: _reading(statements, table) for table in RECIPIENTS}
    # Every table of the recipients is read by the one statement that reads them all.
    recipients = [s for s in statements if all(s in found for found in readers.values())]
    assert len(recipients) == 1, readers
    assert all(len(found) == 1 for table, found in readers.items() if table != "users"), readers
    audience = [s for s in _reading(statements, AUDIENCE[0]) if "FROM campaign_players" in s]
    assert len(audience) == 1
    assert _reading(statements, AUDIENCE[0]) == audience
    # And the notifications are there: each player's inbox tells of the new turn.
    told = await session.scalars(select(InboxItem.user_id).where(InboxItem.kind == "turn_started"))
    assert sorted(told.all()) == sorted(p.user.id for p in game.players)


async def _turn_change(
    client: AsyncClient, connection: AsyncConnection, make_user: MakeUser, factions: tuple[str, ...]
) -> tuple[Game, list[str]]:
    """A game of `factions` whose players all declared ready, its turn changed; the statements
    the change sent."""
    game = await start_game(client, make_user, factions)
    for player in game.players:
        assert (await client.put(game.url("/turn/ready"), headers=player.headers)).is_success
    with counted(connection) as statements:
        done = await client.post(game.url("/turn/resolve"), headers=game.owner.headers)
    assert done.status_code == 200, done.text
    return game, statements


async def test_a_turn_change_reads_its_endpoints_seats_and_recipients_in_one_statement(
    client: AsyncClient, connection: AsyncConnection, make_user: MakeUser, session: AsyncSession
) -> None:
    """Issue 48: the audience of the change's events and what the channels need of each
    member (presence, wishes, languages, addresses, push) come in the same round trip, and
    the inbox items (one per member and kind) go in one INSERT."""
    factions = ("empire", "orcs_goblins", "dwarfs")
    game, statements = await _turn_change(client, connection, make_user, factions)
    # Tables no other part of the change reads (the others are: users, campaign players).
    own = ("webhook_endpoints", "stream_presence", "notification_preferences", "user_emails")
    readers = [s for s in statements if any(_reading([s], table) for table in own)]
    assert len(readers) == 1, "\n\n".join(readers)
    for table in (*AUDIENCE, *RECIPIENTS, "push_subscriptions"):
        assert _reading(readers, table), table
    inserts = [s for s in statements if s.lstrip().startswith("INSERT INTO notification_inbox")]
    assert len(inserts) == 1, inserts
    # Every player is told of the new turn and of their summary.
    news = ("summary_ready", "turn_started")
    told = await session.execute(
        select(InboxItem.user_id, InboxItem.kind).where(
            InboxItem.campaign_id == uuid.UUID(game.id), InboxItem.kind.in_(news)
        )
    )
    assert sorted(told.all()) == sorted((p.user.id, kind) for p in game.players for kind in news)
