"""An upgrade keeps a running campaign: the previous release's database, mid-turn
(tests/meta/fixtures/previous_release.sql), migrated to head, served and played on.

The dump was made by the previous release's own server and migrations, so every migration
since runs here on rows that release wrote, not on a schema built by today's code. Refreshed
at each release (docs/contributors/tests.md, "Upgrades").
"""

import asyncio
import os
import re
from typing import Any

import httpx
from alembic.script import ScriptDirectory
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine
from sqlalchemy.pool import NullPool

from app.platform.db.embedded import create_database
from app.platform.db.migrate import alembic_config, upgrade_head
from tests.factories import drills
from tests.factories.databases import with_database
from tests.factories.drills import books, dropped_after, fixture_path, views
from tests.factories.servers import WAIT, server_process, wait_ready

DUMP = fixture_path("previous_release.sql")
CAMPAIGN = "7d71d4a0-7520-4f40-8996-71a4557f9d96"
PASSWORD = "correct horse battery"
OWNER, OTHER = "alice_prev", "bruno_prev"
ARMY, ORDERED_TO = 2, [3, 1]  # the owner's order of the turn in progress
PATHS = ("/me", "/map", "/armies", "/generals", "/battles", "/messages", "/turn", "/players")


def dump_revision() -> str:
    found = re.search(r"^COPY public\.alembic_version .*?\n(\w+)\n", DUMP.read_text(), re.M)
    assert found is not None
    return found.group(1)


def load_dump(url: str) -> None:
    """Play the previous release's dump into the empty database at `url`."""
    drills.load_dump(url, DUMP)


async def revision(url: str) -> str:
    engine = create_async_engine(url, poolclass=NullPool)
    try:
        async with engine.connect() as conn:
            return str(await conn.scalar(text("SELECT version_num FROM alembic_version")))
    finally:
        await engine.dispose()


async def signed_in(client: httpx.AsyncClient, username: str) -> dict[str, str]:
    answer = await client.post("/v1/auth/token", data={"username": username, "password": PASSWORD})
    assert answer.status_code == 200, answer.text
    return {"Authorization": f"Bearer {answer.json()['access_token']}"}


def my_army(seen: dict[str, Any]) -> dict[str, Any]:
    army: dict[str, Any] = next(a for a in seen["/armies"]["mine"] if a["id"] == ARMY)
    return army


def test_the_dump_is_at_the_previous_release_schema() -> None:
    """The fixture is what an older server left: its revision is in the chain below head."""
    script = ScriptDirectory.from_config(alembic_config())
    ancestors = {rev.revision for rev in script.walk_revisions("base", "heads")}
    assert dump_revision() in ancestors


async def test_a_campaign_mid_turn_in_the_previous_release_migrates_and_plays_on(
    database_url: str,
) -> None:
    url = with_database(database_url, f"previous_release_{os.getpid()}")
    async with dropped_after(url):
        await create_database(url)
        await asyncio.to_thread(load_dump, url)
        assert await revision(url) == dump_revision()
        await asyncio.to_thread(upgrade_head, url)
        head = ScriptDirectory.from_config(alembic_config()).get_current_head()
        assert await revision(url) == head

        kept = await books(url, CAMPAIGN)
        assert (kept.turn, kept.records) == (2, [1])
        assert kept.gold == kept.ledger  # R-ECO-6 across the migrations

        with server_process("upgraded", url) as server:
            await wait_ready(server)
            async with httpx.AsyncClient(base_url=server.base_url, timeout=WAIT) as client:
                owner, other = await signed_in(client, OWNER), await signed_in(client, OTHER)
                mine = await views(client, CAMPAIGN, owner, PATHS)
                theirs = await views(client, CAMPAIGN, other, PATHS)
                # The turn in progress, as the previous release left it.
                assert mine["/me"]["turn"] == 2
                assert mine["/me"]["ready"] is True
                assert theirs["/me"]["ready"] is False
                assert mine["/me"]["orders"]["moves"] == [{"army_id": ARMY, "path": [ORDERED_TO]}]
                assert [m["body"] for m in theirs["/messages"]["items"]] == [
                    "Hold the ford, I march."
                ]
                start = [my_army(mine)["q"], my_army(mine)["r"]]
                assert start != ORDERED_TO

                # The turn played on: the other player ready, the owner confirms.
                ready = await client.put(f"/v1/campaigns/{CAMPAIGN}/turn/ready", headers=other)
                assert ready.status_code == 200, ready.text
                resolved = await client.post(
                    f"/v1/campaigns/{CAMPAIGN}/turn/resolve", headers=owner
                )
                assert resolved.status_code == 200, resolved.text

                mine = await views(client, CAMPAIGN, owner, PATHS)
                await views(client, CAMPAIGN, other, PATHS)
                assert mine["/me"]["turn"] == 3
                assert [my_army(mine)["q"], my_army(mine)["r"]] == ORDERED_TO  # the old order ran

        played = await books(url, CAMPAIGN)
        assert (played.turn, played.records) == (3, [1, 2])  # one record per change
        assert played.gold == played.ledger
        assert all(played.gold[n] >= kept.gold[n] for n in kept.gold)  # the turn's income
