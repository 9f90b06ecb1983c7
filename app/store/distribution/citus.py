"""The tables' places on a Citus cluster, read from the models, and the command that puts them
there: `scripts/citus_distribute --database-url URL [--dry-run]` (docs/scaling.md).

The rule, stated once:

- **distributed**: `campaigns` by `id`, and every table with a `campaign_id` column by it,
  co-located with `campaigns`: one campaign's rows are on one node, and every campaign request
  is a single-node transaction;
- **reference** (a copy on every node): the global tables that a campaign-scoped table or a
  reference table references by a foreign key (Citus accepts a key from a distributed table to
  a reference table, not to a table of the coordinator): `users`, `maps`;
- **coordinator** (`citus_add_local_table_to_metadata`): every other global table. Each is
  read and written by requests through its own key (a token, a user, an address), so it stays
  one node's, without a copy to every node written in two-phase commit.

Every table of the models is campaign-scoped or named in `GLOBAL_TABLES`: a new global table
needs a line there (tests/store/distribution/test_citus.py fails otherwise).

Citus applies the places in an order of its own: `create_reference_table('users')` turns every
table holding a foreign key to `users` into a coordinator table (said only in a NOTICE), after
which `campaigns` cannot be distributed. So the command drops every foreign key between the
models' tables, places the tables (reference, coordinator, then `campaigns` and the tables
co-located with it) and adds the keys back as they were. A table already in its place is left
alone: run twice, the second run changes nothing.
"""

import argparse
import asyncio
import enum
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass

import asyncpg
from sqlalchemy import MetaData

from app.platform.database_urls import asyncpg_dsn
from app.platform.db.base import Base
from app.store import models  # noqa: F401 - registers every model on Base

# The tables without a campaign, and why each has none.
GLOBAL_TABLES: dict[str, str] = {
    "users": "accounts",
    "tokens": "a user's bearer tokens",
    "account_notices": "a user's sign-ins, tokens and address changes, told (issue 42)",
    "address_change_undos": "the links that undo a change of a user's address",
    "maps": "maps, shared by the campaigns played on them",
    "rate_limits": "token buckets, keyed by user or client address",
    "idempotency_keys": "a user's keys, over campaign writes and others (tokens, maps)",
    "notification_preferences": "a user's, across campaigns",
    "calendar_feeds": "one secret per user, across campaigns",
    "user_emails": "a user's address, across campaigns",
    "deliveries": "a user's outbound messages (email, webhook, push), across campaigns; a "
    "webhook's names its endpoint's campaign without a key to it",
    "push_subscriptions": "a user's browsers (Web Push), across campaigns",
    "password_resets": "a user's reset links",
    "user_identities": "a user's accounts at sign-in providers (OpenID Connect)",
    "oidc_flows": "sign-ins under way at a provider, before any account",
    "oidc_tickets": "one-time tickets that end a provider's sign-in",
    "discord_links": "a user's Discord user, across campaigns",
    "discord_link_codes": "the one-time codes that link a Discord user",
    "email_unsubscribes": "addresses that unsubscribed from the server",
    "substitutes": "a user listed as a substitute, for any campaign (R-CAMP-12)",
    "user_blocks": "moderation: a user's blocks",
    "owner_bans": "moderation: an owner's bans, for all their campaigns",
    "reports": "moderation: reports, naming their campaign without a key to it",
    "moderation_actions": "moderation: the operators' audit log",
}

CAMPAIGNS = "campaigns"


class Kind(enum.Enum):
    """Where a table lives (the values are what `kind_of` reads back from Citus)."""

    DISTRIBUTED = "distributed"
    REFERENCE = "reference"
    COORDINATOR = "coordinator"


@dataclass(frozen=True)
class Place:
    """One table's place: its kind, and the distribution column of a distributed table."""

    table: str
    kind: Kind
    column: str | None = None

    def statement(self) -> str:
        """The Citus call that puts the table there."""
        if self.kind is Kind.REFERENCE:
            return f"SELECT create_reference_table('{self.table}')"
        if self.kind is Kind.COORDINATOR:
            return f"SELECT citus_add_local_table_to_metadata('{self.table}')"
        if self.table == CAMPAIGNS:
            return f"SELECT create_distributed_table('{self.table}', '{self.column}')"
        return (
            f"SELECT create_distributed_table('{self.table}', '{self.column}', "
            f"colocate_with => '{CAMPAIGNS}')"
        )


class UnplacedTable(Exception):
    """A table of the models that is neither campaign-scoped nor named global."""


def campaign_scoped_tables(metadata: MetaData = Base.metadata) -> dict[str, str]:
    """Campaign-scoped table → its distribution column."""
    tables = {CAMPAIGNS: "id"}
    for table in metadata.tables.values():
        if "campaign_id" in table.columns:
            tables[table.name] = "campaign_id"
    return tables


def plan(metadata: MetaData = Base.metadata) -> list[Place]:
    """Every table's place, in the order they are placed (`UnplacedTable` for one that has
    none)."""
    scoped = campaign_scoped_tables(metadata)
    unplaced = sorted(set(metadata.tables) - set(scoped) - set(GLOBAL_TABLES))
    if unplaced:
        raise UnplacedTable(
            f"no place on Citus for {', '.join(unplaced)}: give it a campaign_id column or "
            "name it in GLOBAL_TABLES (app/store/distribution/citus.py)"
        )
    stale = sorted(set(GLOBAL_TABLES) - set(metadata.tables))
    if stale:
        raise UnplacedTable(f"GLOBAL_TABLES names tables the models lack: {', '.join(stale)}")
    # The reference tables: what campaign-scoped and reference tables point to, to a fixpoint.
    reference: set[str] = set()
    pointing = set(scoped)
    while pointing:
        targets = {
            key.column.table.name
            for name in pointing
            for key in metadata.tables[name].foreign_keys
            if key.column.table.name not in scoped
        }
        pointing = targets - reference
        reference |= targets
    places = [Place(name, Kind.REFERENCE) for name in sorted(reference)]
    places += [Place(name, Kind.COORDINATOR) for name in sorted(set(GLOBAL_TABLES) - reference)]
    places.append(Place(CAMPAIGNS, Kind.DISTRIBUTED, scoped[CAMPAIGNS]))
    places += [
        Place(name, Kind.DISTRIBUTED, column)
        for name, column in sorted(scoped.items())
        if name != CAMPAIGNS
    ]
    return places


# A table's current kind: Citus's metadata (`pg_dist_partition`): hash-distributed, or one
# shard replicated to every node (reference), or one shard on the coordinator.
_CURRENT = """
SELECT logicalrelid::regclass::text AS name,
       CASE WHEN partmethod = 'h' THEN 'distributed'
            WHEN repmodel = 't' THEN 'reference'
            ELSE 'coordinator' END AS kind,
       column_to_column_name(logicalrelid, partkey) AS column,
       colocationid
FROM pg_dist_partition
"""

# Every foreign key between two tables of the public schema, as `ALTER TABLE` can add it back.
_FOREIGN_KEYS = """
SELECT c.conrelid::regclass::text AS source, c.conname AS name,
       pg_get_constraintdef(c.oid) AS definition
FROM pg_constraint c JOIN pg_class r ON r.oid = c.conrelid
JOIN pg_namespace n ON n.oid = r.relnamespace
WHERE c.contype = 'f' AND n.nspname = 'public'
ORDER BY 1, 2
"""


def _quote(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


async def apply(url: str, *, dry_run: bool = False, out: "Output | None" = None) -> list[str]:
    """Put every table in its place on the Citus coordinator at `url`; returns the statements
    run (none when every table is in its place already). `dry_run`: run nothing."""
    say = out or Output()
    places = plan()
    connection = await asyncpg.connect(asyncpg_dsn(url))
    try:
        await connection.execute("CREATE EXTENSION IF NOT EXISTS citus")
        current = {
            row["name"]: (row["kind"], row["column"], row["colocationid"])
            for row in await connection.fetch(_CURRENT)
        }
        colocation = current.get(CAMPAIGNS, (None, None, None))[2]
        todo = [p for p in places if not _in_place(p, current.get(p.table), colocation)]
        if not todo:
            say(f"-- every table is in its place ({len(places)} tables): nothing to do")
            return []
        misplaced = [p.table for p in todo if p.table in current]
        if misplaced:
            # A table placed otherwise must be undone by hand (undistribute_table): the
            # command never moves a table's rows on its own.
            raise RuntimeError(f"placed otherwise already: {', '.join(misplaced)}")
        keys = list(await connection.fetch(_FOREIGN_KEYS))
        statements = [
            f"ALTER TABLE {_quote(k['source'])} DROP CONSTRAINT {_quote(k['name'])}" for k in keys
        ]
        statements += [p.statement() for p in todo]
        statements += [
            f"ALTER TABLE {_quote(k['source'])} ADD CONSTRAINT {_quote(k['name'])} "
            f"{k['definition']}"
            for k in keys
        ]
        for statement in statements:
            say(statement + ";")
            if not dry_run:
                await connection.execute(statement)
        return statements
    finally:
        await connection.close()


def _in_place(
    place: Place, current: tuple[str, str | None, int | None] | None, colocation: int | None
) -> bool:
    if current is None:
        return False
    kind, column, colocation_id = current
    if kind != place.kind.value:
        return False
    if place.kind is Kind.DISTRIBUTED:
        return column == place.column and colocation_id == colocation
    return True


class Output:
    """Where the command writes the statements it runs (stdout)."""

    def __call__(self, line: str) -> None:
        print(line, flush=True)  # noqa: T201


def main(argv: Sequence[str] | None = None) -> int:
    """`scripts/citus_distribute`: place the tables on the cluster (or print the plan)."""
    parser = argparse.ArgumentParser(prog="scripts/citus_distribute", description=__doc__)
    parser.add_argument("--database-url", default=os.environ.get("DATABASE_URL"))
    parser.add_argument("--dry-run", action="store_true", help="print, run nothing")
    parser.add_argument("--plan", action="store_true", help="print the places; no database")
    args = parser.parse_args(argv)
    if args.plan:
        for place in plan():
            print(f"{place.table:32} {place.kind.value:12} {place.column or ''}".rstrip())  # noqa: T201
        return 0
    if not args.database_url:
        parser.error("--database-url (or DATABASE_URL): the cluster's coordinator")
    asyncio.run(apply(args.database_url, dry_run=args.dry_run))
    return 0


if __name__ == "__main__":
    sys.exit(main())
