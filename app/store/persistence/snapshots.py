"""Per-turn snapshots of the game state (R-TURN-6): taken at each turn change, restored by a
rollback, read back as the engine's state (replays) and exported.

A snapshot of turn N is taken by the change of turn N, in its transaction, before anything is
resolved: it is the end of turn N — the world, every player's gold, explored memory and ready
flag, the orders of turn N, pending battles, edicts, stakes, standing orders — as rows, every
column of them.
Restoring it writes those rows back exactly; the ledger is not part of it (gold comes back
through reversing ledger entries, `app/play/turns/rollback.py`).

Built by the database in one statement and stored as JSON text, which PostgreSQL compresses
itself: a player's explored memory is a tile each, and a 64×64 campaign with 17 players holds
megabytes of it that the turn change never carries through Python for the snapshot.
"""

from __future__ import annotations

import enum
import functools
import json
import uuid
import zlib
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import orjson
from sqlalchemy import (
    Column,
    DateTime,
    Enum,
    Table,
    Text,
    cast,
    delete,
    insert,
    select,
    text,
    update,
)
from sqlalchemy import Uuid as UuidType
from sqlalchemy.ext.asyncio import AsyncSession

from app.platform.db.base import table_of
from app.rules.state import CampaignState, MapData, Options, TurnOrders
from app.store.models.campaign import Campaign, CampaignPlayer
from app.store.models.diplomacy import EdictRow
from app.store.models.orders import OrderRow, StandingOrderRow
from app.store.models.snapshot import TurnSnapshot, TurnSnapshotMemory
from app.store.models.summary_event import PendingSummaryEvent
from app.store.models.world import (
    PENDING_BATTLE_STATUSES,
    ArmyRow,
    BattleRow,
    GeneralRow,
    ShipRow,
    SiegeRow,
    StakeRow,
    StructureRow,
    TreatyRow,
)
from app.store.persistence.codec import RowCodec
from app.store.persistence.entities import (
    ARMIES,
    BATTLES,
    GENERALS,
    PLAYERS,
    SHIPS,
    SIEGES,
    STAKES,
    STRUCTURES,
    TREATIES,
    explored_from_json,
    storms_from_json,
)
from app.store.persistence.orders import orders_from_columns
from app.store.persistence.static import campaign_options, load_map

FORMAT_VERSION = 1


# Every row of the campaign in these tables is part of the state (whole rows, all columns).
# Keyed by plain `str`: a table's name is SQLAlchemy's `quoted_name`, a `str` subclass that
# orjson refuses as a key, so `pack` fell back to `json.dumps` for every document whose
# tables were keyed by it (an import's kept turns: ~35 ms of CPU instead of ~4).
_ORDERS = table_of(OrderRow)
_PLAYERS = table_of(CampaignPlayer)
_CAMPAIGNS = table_of(Campaign)
WHOLE_TABLES: dict[str, Table] = {
    str(table_of(m).name): table_of(m)
    for m in (
        StructureRow,
        ArmyRow,
        GeneralRow,
        ShipRow,
        SiegeRow,
        TreatyRow,
        StakeRow,
        BattleRow,
        EdictRow,
        PendingSummaryEvent,
        # R-TURN-8: a rollback gives back the standing orders as the turn played again had them.
        StandingOrderRow,
    )
}
# The players' game columns (not who holds the seat, nor anything about their account).
PLAYER_COLUMNS = (
    "number",
    "faction",
    "gold",
    "ready",
    "inactive",
    "capital_id",
    "action_available_turn",
    "victories",
    "infamy",
    "missed_turns",
    "missed_in_row",
    "civil_disorder",
    "explored",
)
# What a turn change alters on the campaign row (deadlines restart at a rollback instead).
CAMPAIGN_COLUMNS = ("turn", "next_id", "storms", "status")


# ------------------------------------------------------------------------------ rows ↔ JSON


def _encode(value: Any) -> Any:
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, uuid.UUID):
        return str(value)
    if isinstance(value, enum.Enum):
        return value.value
    return value


@functools.lru_cache(maxsize=256)
def _stored_uuid(text: str) -> uuid.UUID:
    """A stored id as a UUID, once per text: every row of a document names its campaign (an
    import's kept turns hold 10,000 rows; `uuid.UUID` took 15 ms of CPU for them)."""
    return uuid.UUID(text)


def _decoder(column: Column[Any]) -> Callable[[Any], Any] | None:
    """What makes a column's stored JSON value its Python value again (None: itself)."""
    if isinstance(column.type, DateTime):
        return datetime.fromisoformat
    if isinstance(column.type, UuidType):
        return _stored_uuid
    if isinstance(column.type, Enum) and column.type.enum_class is not None:
        return column.type.enum_class
    return None


@functools.cache
def _decoders(table: Table) -> dict[str, Callable[[Any], Any] | None]:
    """Each column's decoder by its key, worked out once per table: a kept turn's document
    holds some 10,000 values, and every import and rollback decodes all its kept turns."""
    return {column.key: _decoder(column) for column in table.c}


@functools.cache
def _decoded(table: Table) -> tuple[tuple[str, Callable[[Any], Any]], ...]:
    """The columns of `table` whose stored value is not their Python value, with decoders."""
    return tuple((key, decode) for key, decode in _decoders(table).items() if decode is not None)


def encode_rows(rows: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    return [{k: _encode(v) for k, v in row.items()} for row in rows]


def decode_rows(table: Table, rows: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Stored rows as column values; a column the document lacks (added since) is left out."""
    decoders = _decoders(table)
    columns = decoders.keys()
    decoded = _decoded(table)
    out = []
    # A row of the table's columns alone (every row the server wrote) is copied whole and only
    # its few dates, ids and enums decoded: no Python step per value (a kept turn's rows hold
    # some 10,000 of them).
    for row in rows:
        if row.keys() <= columns:
            values = dict(row)
            for key, decoder in decoded:
                value = values.get(key)
                if value is not None:
                    values[key] = decoder(value)
        else:
            values = {
                k: v if v is None or (decode := decoders[k]) is None else decode(v)
                for k, v in row.items()
                if k in decoders
            }
        out.append(values)
    return out


def pack(document: Mapping[str, Any]) -> bytes:
    """A document as stored: JSON text (PostgreSQL compresses large values itself).

    By orjson, some eight times quicker (an import packs megabytes of kept turns): the text
    `json.dumps` writes, but for characters past ASCII, written as UTF-8 as the database
    writes the snapshots of turn changes; an integer past 64 bits, which orjson refuses, by
    `json.dumps`. A document comes from JSON, so holds no NaN (orjson would write null)."""
    try:
        return orjson.dumps(document)
    except orjson.JSONEncodeError:
        return json.dumps(document, separators=(",", ":")).encode()


def unpack(data: bytes) -> dict[str, Any]:
    # Snapshots of the first hours of the feature were zlib-compressed (their first byte 'x').
    document: dict[str, Any] = json.loads(data if data[:1] == b"{" else zlib.decompress(data))
    return document


def _rows_sql(table: Table, where: str = "") -> str:
    """A JSON array of the campaign's rows of `table`, whole, in primary-key order."""
    order = ", ".join(f"t.{c.name}" for c in table.primary_key.columns)
    return (
        f"(SELECT coalesce(json_agg(to_json(t) ORDER BY {order}), '[]'::json) "  # noqa: S608
        f"FROM {table.name} t WHERE t.campaign_id = :cid{where})"
    )


def _document_sql() -> str:
    """The snapshot document, built by the database from the rows as they stand: nothing of
    a large world (every seat's explored memory) is carried through Python at a turn change."""
    players = ", ".join(f"'{c}', p.{c}" for c in PLAYER_COLUMNS if c != "explored")
    state = ", ".join(f"'{c}', c.{c}" for c in CAMPAIGN_COLUMNS)
    tables = ", ".join(f"'{name}', {_rows_sql(table)}" for name, table in WHOLE_TABLES.items())
    # Names of tables and columns only (constants); every value is a bound parameter.
    return (
        f"json_build_object('version', {FORMAT_VERSION}, "  # noqa: S608
        f"'campaign', (SELECT json_build_object({state}) FROM campaigns c WHERE c.id = :cid), "
        f"'players', (SELECT coalesce(json_agg(json_build_object({players}) "
        "ORDER BY p.number), '[]'::json) FROM campaign_players p WHERE p.campaign_id = :cid), "
        f"'orders', {_rows_sql(_ORDERS, ' AND t.turn = :turn')}, "
        f"'tables', json_build_object({tables}))"
    )


_DOCUMENT = _document_sql()
_CAPTURE = text(f"SELECT ({_DOCUMENT})::text")
# The document and the memories as stored (JSONB copied as it is: no text, no parsing), in one
# statement: the memories' INSERT is a CTE of the document's (PostgreSQL runs it once, on the
# same rows: both read the seats as the statement found them).
_SAVE = text(  # constants only (as in `_DOCUMENT`): every value is a bound parameter
    "WITH memories AS (INSERT INTO turn_snapshot_memories (campaign_id, number, player, explored) "  # noqa: S608
    "SELECT campaign_id, :turn, number, explored FROM campaign_players WHERE campaign_id = :cid "
    "ON CONFLICT (campaign_id, number, player) DO UPDATE SET explored = excluded.explored "
    "RETURNING 1) "
    "INSERT INTO turn_snapshots (campaign_id, number, version, state, taken_at) "
    f"SELECT :cid, :turn, {FORMAT_VERSION}, convert_to(({_DOCUMENT})::text, 'UTF8'), now() "
    "ON CONFLICT (campaign_id, number) DO UPDATE SET version = excluded.version, "
    "state = excluded.state, taken_at = excluded.taken_at"
)


# ------------------------------------------------------------------------------ taking


async def capture(session: AsyncSession, campaign: Campaign) -> dict[str, Any]:
    """The campaign's game state now, as a JSON document without the seats' explored memory
    (the caller holds the lock)."""
    await session.flush()
    document = await session.scalar(_CAPTURE, {"cid": campaign.id, "turn": campaign.turn})
    loaded: dict[str, Any] = json.loads(document or "{}")
    return loaded


async def save_snapshot(session: AsyncSession, campaign: Campaign) -> None:
    """Keep the end of the current turn (called by the turn change before it resolves), in
    one statement: the database builds the document and copies the seats' memories (its
    storage compresses both); nothing of them passes through Python.

    A turn changed again after a rollback replaces its snapshot.
    """
    await session.flush()
    await session.execute(_SAVE, {"cid": campaign.id, "turn": campaign.turn})


async def store_documents(
    session: AsyncSession, campaign_id: uuid.UUID, documents: Mapping[int, Mapping[str, Any]]
) -> None:
    """Keep snapshot documents made elsewhere (an import's kept turns), by turn number, their
    memories in their rows: one statement for the documents and one for the memories, not two
    per turn."""
    # Rows, not ORM objects (no unit of work), written after what the session holds.
    await session.flush()
    kept = [
        {
            "campaign_id": campaign_id,
            "number": number,
            "version": FORMAT_VERSION,
            "state": pack(
                {
                    **document,
                    "players": [
                        {k: v for k, v in p.items() if k != "explored"} for p in document["players"]
                    ],
                }
            ),
        }
        for number, document in documents.items()
    ]
    if kept:
        await session.execute(insert(table_of(TurnSnapshot)), kept)
    memories = [
        {
            "campaign_id": campaign_id,
            "number": number,
            "player": p["number"],
            "explored": p["explored"],
        }
        for number, document in documents.items()
        for p in document["players"]
        if p.get("explored") is not None
    ]
    if memories:
        await session.execute(insert(table_of(TurnSnapshotMemory)), memories)


async def load_snapshot_document(
    session: AsyncSession,
    campaign_id: uuid.UUID,
    number: int,
    explored_for: Collection[int] | None = None,
) -> dict[str, Any] | None:
    """Turn `number`'s snapshot as its JSON document; None if none was kept.

    `explored_for`: the seats whose explored memory is read (None: every seat; the others get
    an empty one). A memory is a tile each: a replay for one seat needs that seat's alone.
    """
    parts = await load_snapshot_parts(session, campaign_id, number, explored_for)
    return None if parts is None else snapshot_document(parts, explored_for)


@dataclass(frozen=True)
class SnapshotParts:
    """A snapshot as stored: its packed document and the memories read with it."""

    data: bytes
    memories: dict[int, str]  # each seat's as JSON text: parsed by `snapshot_document`


async def load_snapshot_parts(
    session: AsyncSession,
    campaign_id: uuid.UUID,
    number: int,
    explored_for: Collection[int] | None = None,
) -> SnapshotParts | None:
    """`load_snapshot_document`'s reads, without its CPU work (`snapshot_document`, which a
    replay does off the event loop)."""
    data = await session.scalar(
        select(TurnSnapshot.state).where(
            TurnSnapshot.campaign_id == campaign_id, TurnSnapshot.number == number
        )
    )
    if data is None:
        return None
    # As text: a memory is a tile each, and parsing it is CPU work like the rest.
    memory = cast(TurnSnapshotMemory.explored, Text)
    query = select(TurnSnapshotMemory.player, memory).where(
        TurnSnapshotMemory.campaign_id == campaign_id, TurnSnapshotMemory.number == number
    )
    if explored_for is not None:
        query = query.where(TurnSnapshotMemory.player.in_(list(explored_for)))
    return SnapshotParts(data, dict((await session.execute(query)).all()))


def snapshot_document(
    parts: SnapshotParts, explored_for: Collection[int] | None = None
) -> dict[str, Any]:
    """The document of a snapshot's `parts` (read for `explored_for`)."""
    document = unpack(parts.data)
    memories = parts.memories
    for player in document["players"]:
        if player["number"] in memories:
            player["explored"] = json.loads(memories[player["number"]])
        elif explored_for is not None and player["number"] not in explored_for:
            player["explored"] = {}
        else:
            player.setdefault("explored", {})
    return document


# ------------------------------------------------------------------------------ reading


async def load_snapshot(
    session: AsyncSession,
    campaign_id: uuid.UUID,
    number: int,
    explored_for: Collection[int] | None = None,
) -> CampaignState | None:
    """The engine's state at the end of turn `number` (before it changed), with the explored
    memory of the seats in `explored_for` (None: every seat); None if no snapshot was kept.

    Replays must still show each player only what their seat saw: `app.rules.fog.sight` of
    this state, as for the live map.
    """
    document = await load_snapshot_document(session, campaign_id, number, explored_for)
    if document is None:
        return None
    campaign = await session.get_one(Campaign, campaign_id)
    return await state_from_document(session, campaign, document)


def _rows_of(document: Mapping[str, Any], model: Any) -> list[dict[str, Any]]:
    """A table of the document as column values."""
    table = table_of(model)
    return decode_rows(table, document["tables"].get(table.name, []))


def _by_id(document: Mapping[str, Any], model: Any, codec: RowCodec[Any]) -> dict[int, Any]:
    return {r["id"]: codec.from_row(r) for r in _rows_of(document, model)}


async def state_from_document(
    session: AsyncSession, campaign: Campaign, document: Mapping[str, Any]
) -> CampaignState:
    """The engine's state a snapshot document holds (each entity through its codec)."""
    return document_state(campaign, document, await load_map(session, campaign.map_id))


def document_state(
    campaign: Campaign, document: Mapping[str, Any], game_map: MapData
) -> CampaignState:
    """`state_from_document` with the campaign's map at hand: no I/O, CPU only."""
    return state_of_document(document, game_map, campaign_options(campaign), campaign.id_salt)


def state_of_document(
    document: Mapping[str, Any], game_map: MapData, options: Options, id_salt: int
) -> CampaignState:
    """`document_state` from plain data alone (a replay worker holds no campaign row)."""
    memories = {p["number"]: p.get("explored") for p in document["players"]}
    players = (
        PLAYERS.from_row(p, explored=explored_from_json(memories.get(p["number"]) or {}))
        for p in decode_rows(_PLAYERS, document["players"])
        if p.get("faction")
    )
    state = document["campaign"]
    battles = [b for b in _rows_of(document, BattleRow) if b["status"] in _PENDING]
    return CampaignState(
        turn=state["turn"],
        map=game_map,
        players={p.id: p for p in players},
        structures=_by_id(document, StructureRow, STRUCTURES),
        armies=_by_id(document, ArmyRow, ARMIES),
        generals=_by_id(document, GeneralRow, GENERALS),
        ships=_by_id(document, ShipRow, SHIPS),
        sieges=_by_id(document, SiegeRow, SIEGES),
        treaties=_by_id(document, TreatyRow, TREATIES),
        stakes=tuple(STAKES.from_row(s) for s in _rows_of(document, StakeRow)),
        battles={b["id"]: BATTLES.from_row(b) for b in battles},
        storms=storms_from_json(state.get("storms") or []),
        options=options,
        next_id=state["next_id"],
        id_salt=id_salt,
    )


_PENDING = {s.value for s in PENDING_BATTLE_STATUSES}


def orders_from_document(document: Mapping[str, Any]) -> TurnOrders:
    """The orders of the snapshot's turn, as the engine reads them."""
    # The columns as they are, not ORM objects: building one per order was a fifth of a replay.
    return orders_from_columns(decode_rows(_ORDERS, document["orders"]))


# ------------------------------------------------------------------------------ restoring


async def restore(session: AsyncSession, campaign: Campaign, document: Mapping[str, Any]) -> None:
    """Write the snapshot's rows back over the campaign's current ones (lock held).

    Players' gold is written too: the caller records the difference in the ledger first.
    Orders of the snapshot's turn and of any later one are replaced by the snapshot's.
    """
    cid = campaign.id
    number = document["campaign"]["turn"]
    for name, table in WHOLE_TABLES.items():
        if name not in document["tables"]:
            continue  # a snapshot taken before the table was kept: its rows stay as they are
        await session.execute(delete(table).where(table.c.campaign_id == cid))
        rows = decode_rows(table, document["tables"][name])
        if rows:
            await session.execute(insert(table), rows)
    await session.execute(
        delete(OrderRow).where(OrderRow.campaign_id == cid, OrderRow.turn >= number)
    )
    order_rows = decode_rows(_ORDERS, document["orders"])
    if order_rows:
        await session.execute(insert(OrderRow), order_rows)
    for player in decode_rows(_PLAYERS, document["players"]):
        values = {k: v for k, v in player.items() if k not in ("number", "faction")}
        await session.execute(
            update(CampaignPlayer)
            .where(CampaignPlayer.campaign_id == cid, CampaignPlayer.number == player["number"])
            .values(**values)
            .execution_options(synchronize_session="fetch")
        )
    (campaign_row,) = decode_rows(
        _CAMPAIGNS, [{c: document["campaign"][c] for c in CAMPAIGN_COLUMNS}]
    )
    for column, value in campaign_row.items():
        setattr(campaign, column, value)
    campaign.world_version += 1
    await session.flush()
