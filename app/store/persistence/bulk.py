"""The bulk UPDATE of a state's rows, keeping the objects the session holds in step."""

from __future__ import annotations

import functools
import uuid
from typing import Any

from sqlalchemy import Table, Update, bindparam, func, inspect, update
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm.attributes import set_committed_value

from app.platform.db.base import table_of, utcnow
from app.platform.db.bulk import unnest_of, unnest_params


@functools.cache
def _update_statement(table: Table, keys: tuple[str, ...], key: str, merge_memory: bool) -> Update:
    """`update_rows`' statement for rows of these `keys`, built once: the same object every
    turn, which SQLAlchemy neither builds nor looks up in its cache again."""
    # A memory that gained nothing sends SQL NULL (kept by the coalesce below), never JSON
    # null: `jsonb || 'null'` would turn the memory into an array.
    new = unnest_of(table, keys, "new", {"seen": JSONB(none_as_null=True)})
    values: dict[str, Any] = {k: new.c[k] for k in keys if k not in (key, "seen")}
    if "updated_at" in table.c:
        values["updated_at"] = bindparam("at", type_=table.c.updated_at.type)
    if merge_memory:
        # Only what a memory gained is sent, merged into the stored one (memories only ever
        # gain or update tiles): not every tile it holds, every turn.
        merged = table.c.explored.op("||")(new.c.seen)
        values["explored"] = func.coalesce(merged, table.c.explored)
    campaign = bindparam("campaign", type_=table.c.campaign_id.type)
    return (
        update(table)
        .where(table.c.campaign_id == campaign, table.c[key] == new.c[key])
        .values(values)
    )


async def update_rows(
    session: AsyncSession,
    model: Any,
    campaign_id: uuid.UUID,
    key: str,
    rows: list[dict[str, Any]],
    merge_memory: bool = False,
) -> None:
    """UPDATE the campaign's rows of `model` matched on `key`, from arrays of their new values:
    one statement whatever their number (170 armies move every turn) and the same text each
    time (one prepared statement), where an UPDATE run per row costs PostgreSQL several times
    as much. `rows`: the key and the new values of each row, the same columns in each.
    `merge_memory`: each row's `seen` (JSON, or None) is merged into its `explored`."""
    table = table_of(model)
    now = utcnow()  # one time for all, the one the session is told below
    statement = _update_statement(table, tuple(rows[0]), key, merge_memory)
    params = {"campaign": campaign_id, "at": now, **unnest_params(rows, "new")}
    await session.execute(statement, params)
    written = [k for k in rows[0] if k not in (key, "seen")]
    values = {"updated_at": now} if "updated_at" in table.c else {}
    # The rows' objects the session holds (a treaty, the seats of a turn gate) take the values
    # just written, without a query each. An identity key is (class, primary key, token);
    # these primary keys are (campaign, key).
    by_key = {(campaign_id, row[key]): row for row in rows}
    held = session.sync_session.identity_map
    for identity in list(held.keys()):
        row = by_key.get(identity[1]) if identity[0] is model else None
        obj = held.get(identity) if row is not None else None
        if row is None or obj is None:
            continue
        for name in written:
            set_committed_value(obj, name, row[name])
        for name, value in values.items():
            set_committed_value(obj, name, value)
        if merge_memory and "explored" in inspect(obj).dict:
            session.expire(obj, ["explored"])  # merged by the database: read again if needed
