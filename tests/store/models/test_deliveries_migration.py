"""Issue 43: the email and webhook outboxes become one `deliveries` table, and the migration
moves every row (both ways), on the previous release's database
(tests/meta/fixtures/previous_release.sql) with rows such a server wrote.

A pending message must still go out after the upgrade, its unsubscribe link must still work,
a webhook's delivery log must still list what was sent: the rows are moved, not dropped.
"""

import asyncio
import os
import uuid
from datetime import UTC, datetime, timedelta

import asyncpg
from alembic import command
from alembic.script import ScriptDirectory

from app.platform.db.embedded import asyncpg_dsn, create_database
from app.platform.db.migrate import alembic_config
from tests.factories.databases import with_database
from tests.factories.drills import dropped_after, fixture_path, load_dump

DUMP = fixture_path("previous_release.sql")
CAMPAIGN = "7d71d4a0-7520-4f40-8996-71a4557f9d96"  # the dump's campaign
MIGRATION = "5b8e2d4f7a19"  # deliv: one deliveries table
OWNER = uuid.UUID("8a51a77b-379a-48bb-b2f9-36d0ce6506e4")  # alice_prev in the dump
ENDPOINT = uuid.UUID("0b7f1c9e-5d2a-4c61-9e0f-6a3b2c1d4e5f")
AT = datetime(2026, 12, 7, 12, 50, tzinfo=UTC)


def _migrate(url: str, direction: str, revision: str) -> None:
    getattr(command, direction)(alembic_config(url), revision)


async def _older_rows(conn: asyncpg.Connection) -> None:
    """What the release before the migration wrote: a pending email, a delivered one, and a
    webhook endpoint with a delivery given up."""
    await conn.execute(
        """INSERT INTO email_deliveries (user_id, address, kind, subject, text_body, html_body,
               unsubscribe_token_hash, collapse_key, digest, personal, status, attempts,
               next_attempt_at, created_at, last_attempt_at, last_error, delivered_at)
           VALUES ($1, 'alice@example.org', 'turn_started', 'Marches: turn 2', '{"data": 1}', '',
                   $2, 'c:turn_started', false, true, 'pending', 1, $3, $3, $3, 'busy', NULL),
                  ($1, 'alice@example.org', 'email_confirmation', 'Confirm', '', '',
                   $4, NULL, false, false, 'delivered', 1, $3, $3, $3, NULL, $3)""",
        OWNER,
        "a" * 64,
        AT,
        "b" * 64,
    )
    await conn.execute(
        """INSERT INTO webhook_endpoints (campaign_id, id, user_id, scope, format, url, kinds,
               secret, created_at, consecutive_failures)
           VALUES ($1, $2, $3, 'personal', 'json', 'https://hooks.example.org/a',
                   ARRAY['turn_started'], 'whsec_x', $4, 3)""",
        uuid.UUID(CAMPAIGN),
        ENDPOINT,
        OWNER,
        AT,
    )
    await conn.execute(
        """INSERT INTO webhook_deliveries (campaign_id, endpoint_id, message_id, kind, body,
               status, attempts, next_attempt_at, created_at, last_attempt_at,
               last_status_code, last_error)
           VALUES ($1, $2, 'msg_1', 'turn_started', '{"turn": 2}', 'failed', 8, $3, $3, $3,
                   503, 'HTTP 503')""",
        uuid.UUID(CAMPAIGN),
        ENDPOINT,
        AT + timedelta(minutes=1),
    )


async def test_the_email_and_webhook_rows_move_to_one_table_and_back(database_url: str) -> None:
    script = ScriptDirectory.from_config(alembic_config())
    before = script.get_revision(MIGRATION).down_revision
    assert isinstance(before, str)
    url = with_database(database_url, f"deliveries_move_{os.getpid()}")
    async with dropped_after(url):
        await create_database(url)
        await asyncio.to_thread(load_dump, url, DUMP)
        await asyncio.to_thread(_migrate, url, "upgrade", before)
        conn = await asyncpg.connect(asyncpg_dsn(url))
        try:
            await _older_rows(conn)
        finally:
            await conn.close()

        await asyncio.to_thread(_migrate, url, "upgrade", MIGRATION)
        conn = await asyncpg.connect(asyncpg_dsn(url))
        try:
            moved = [
                dict(r)
                for r in await conn.fetch(
                    """SELECT channel, user_id, kind, body, status, attempts, address,
                              unsubscribe_token_hash, collapse_key, personal, endpoint_campaign_id,
                              endpoint_id, message_id, last_status_code, last_error
                         FROM deliveries ORDER BY id"""
                )
            ]
            old = await conn.fetch(
                "SELECT tablename FROM pg_tables WHERE tablename IN "
                "('email_deliveries', 'webhook_deliveries')"
            )
        finally:
            await conn.close()
        assert old == []
        assert [(m["channel"], m["kind"], m["status"]) for m in moved] == [
            ("email", "turn_started", "pending"),
            ("email", "email_confirmation", "delivered"),
            ("webhook", "turn_started", "failed"),
        ]
        pending, _, webhook = moved
        assert pending["body"] == '{"data": 1}'  # what the next attempt builds the message from
        assert pending["unsubscribe_token_hash"] == "a" * 64  # its link still unsubscribes
        assert (pending["address"], pending["collapse_key"], pending["personal"]) == (
            "alice@example.org",
            "c:turn_started",
            True,
        )
        assert webhook["user_id"] == OWNER  # the endpoint's owner
        assert (webhook["endpoint_campaign_id"], webhook["endpoint_id"]) == (
            uuid.UUID(CAMPAIGN),
            ENDPOINT,
        )
        assert (webhook["message_id"], webhook["attempts"], webhook["last_status_code"]) == (
            "msg_1",
            8,
            503,
        )

        await asyncio.to_thread(_migrate, url, "downgrade", before)
        conn = await asyncpg.connect(asyncpg_dsn(url))
        try:
            emails = await conn.fetch(
                "SELECT kind, text_body, unsubscribe_token_hash, status FROM email_deliveries"
                " ORDER BY id"
            )
            hooks = await conn.fetch(
                "SELECT campaign_id, endpoint_id, message_id, status, attempts"
                " FROM webhook_deliveries"
            )
        finally:
            await conn.close()
        assert [tuple(r) for r in emails] == [
            ("turn_started", '{"data": 1}', "a" * 64, "pending"),
            ("email_confirmation", "", "b" * 64, "delivered"),
        ]
        assert [tuple(r) for r in hooks] == [(uuid.UUID(CAMPAIGN), ENDPOINT, "msg_1", "failed", 8)]
