"""Maps: built-in maps seeded on demand, uploads and generated maps validated by the engine."""

import uuid
from typing import Any

from anyio import to_thread
from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import load_only

from app.platform.errors import NotFound, RuleViolation
from app.platform.i18n import _
from app.platform.pagination import PageParams, paginate
from app.play.maps.schemas import GeneratedMap, MapDocument
from app.rules.hexgrid import Wrap
from app.rules.mapgen import generate_map
from app.rules.maps import (
    BUILTIN_MAP_KEYS,
    MapError,
    builtin_maps,
    map_from_dict,
    map_to_dict,
)
from app.rules.state import MapData
from app.store.models.game_map import GameMap


async def ensure_builtin_maps(session: AsyncSession) -> None:
    """Store the engine's built-in maps that are missing (safe with concurrent processes)."""
    stored = set(
        await session.scalars(select(GameMap.builtin_key).where(GameMap.builtin_key.is_not(None)))
    )
    if stored >= BUILTIN_MAP_KEYS:
        return  # nearly always: the maps are not built from their pictures for nothing
    for key, data in sorted(builtin_maps().items()):
        if key in stored:
            continue
        await session.execute(
            insert(GameMap)
            .values(id=uuid.uuid4(), builtin_key=key, **_columns(data))
            .on_conflict_do_nothing(index_elements=["builtin_key"])
        )


def _columns(data: MapData) -> dict[str, Any]:
    return {
        "name": data.name or "Untitled map",
        "width": data.width,
        "height": data.height,
        "slots": len(data.slots),
        "document": map_to_dict(data),
    }


def _map_violation(exc: MapError, detail: str) -> RuleViolation:
    """The engine's refusal as a 422 naming every faulty field (R-MAP-4)."""
    return RuleViolation(
        "R-MAP-4",
        detail,
        violations=[{"path": path, "message": msg} for path, msg in exc.faults],
    )


def parse_map(document: dict[str, Any]) -> MapData:
    """Engine map data from a document, or a 422 listing every fault (R-MAP)."""
    try:
        return map_from_dict(document)
    except MapError as exc:
        raise _map_violation(exc, _("The map is not valid.")) from exc


_SUMMARY_COLUMNS = (
    GameMap.id,
    GameMap.name,
    GameMap.builtin_key,
    GameMap.width,
    GameMap.height,
    GameMap.slots,
    GameMap.created_at,
)


async def list_maps(
    session: AsyncSession, user_id: uuid.UUID, page: PageParams
) -> tuple[list[GameMap], int]:
    """Built-in maps and the caller's own uploads and generated maps."""
    await ensure_builtin_maps(session)
    query = (
        select(GameMap)
        # What a summary shows: not each map's whole document (decoding the built-in maps'
        # documents was most of a listing's time), which raises if read.
        .options(load_only(*_SUMMARY_COLUMNS, raiseload=True))
        .where((GameMap.builtin_key.is_not(None)) | (GameMap.author_id == user_id))
        .order_by(GameMap.builtin_key.is_(None), GameMap.name, GameMap.id)
    )
    return await paginate(session, query, page)


async def get_map(session: AsyncSession, map_id: uuid.UUID, user_id: uuid.UUID) -> GameMap:
    """A built-in map or one of the caller's own; other uploads are private (404)."""
    await ensure_builtin_maps(session)
    found = await session.get(GameMap, map_id)
    if found is None or (found.builtin_key is None and found.author_id != user_id):
        raise NotFound(_("Map not found."))
    return found


async def store_map(session: AsyncSession, data: MapData, author_id: uuid.UUID) -> GameMap:
    row = GameMap(author_id=author_id, **_columns(data))
    session.add(row)
    await session.flush()
    return row


async def upload_map(session: AsyncSession, doc: MapDocument, author_id: uuid.UUID) -> GameMap:
    # Validating up to 128×128 tiles is CPU work: off the event loop.
    data = await to_thread.run_sync(parse_map, doc.model_dump(mode="json"))
    return await store_map(session, data, author_id)


def _generate(params: GeneratedMap) -> MapData:
    try:
        return generate_map(
            params.width, params.height, params.players, params.seed, Wrap(params.wrap)
        )
    except MapError as exc:
        raise _map_violation(exc, _("No map can be generated with these settings.")) from exc


async def create_generated_map(
    session: AsyncSession, params: GeneratedMap, author_id: uuid.UUID
) -> GameMap:
    # Generation takes up to a tenth of a second on the largest maps: off the event loop.
    data = await to_thread.run_sync(_generate, params)
    return await store_map(session, data, author_id)
