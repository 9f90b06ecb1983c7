"""The bulk UPDATE of a state's rows, keeping the objects the session holds in step."""

from __future__ import annotations

import uuid
from typing import Any

from sqlalchemy import func, inspect, update
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm.attributes import set_committed_value

from app.platform.db.base import table_of, utcnow
from app.platform.db.bulk import unnested


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
    # A memory that gained nothing sends SQL NULL (kept by the coalesce below), never JSON
    # null: `jsonb || 'null'` would turn the memory into an array.
    new = unnested(table, rows, "new", {"seen": JSONB(none_as_null=True)})
    written = [k for k in rows[0] if k not in (key, "seen")]
    values: dict[str, Any] = {k: new.c[k] for k in written}
    if "updated_at" in table.c:
        values["updated_at"] = utcnow()  # one time for all, the one the session is told below
    if merge_memory:
        # Only what a memory gained is sent, merged into the stored one (memories only ever
        # gain or update tiles): not every tile it holds, every turn.
        merged = table.c.explored.op("||")(new.c.seen)
        values["explored"] = func.coalesce(merged, table.c.explored)
    await session.execute(
        update(table)
        .where(table.c.campaign_id == campaign_id, table.c[key] == new.c[key])
        .values(values)
    )
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
        if "updated_at" in values:
            set_committed_value(obj, "updated_at", values["updated_at"])
        if merge_memory and "explored" in inspect(obj).dict:
            session.expire(obj, ["explored"])  # merged by the database: read again if needed
