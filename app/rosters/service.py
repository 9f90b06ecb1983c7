"""Army lists attached to armies (issue 30): upload, read, delete, and the battle's view.

Who sees a roster (R-FOG-3/4/5): the army's owner and the game master (the owner who does not
play); anyone else gets the same 404 whether the army or its roster exists or not. A battle's
participants see the rosters of its armies on `GET …/battles/{id}` (app.battles.service), and
no one else does — not the owner who plays and may arbitrate, not a player who sees its tile.
A roster is fixed while its army fights a pending battle (R-ARMY-4: what it fields is fixed
when the battle is declared), so the battle shows the list as fielded.
"""

import base64
import binascii
from collections.abc import Collection
from datetime import datetime
from typing import Any

from sqlalchemy import delete, exists, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.campaigns.access import Membership
from app.errors import AppError, Conflict, Forbidden, NotFound
from app.i18n import _
from app.models.campaign import CampaignStatus
from app.models.roster import RosterRow
from app.models.world import PENDING_BATTLE_STATUSES, ArmyRow, BattleRow
from app.persistence import campaign_options, load_ruleset
from app.rosters.factions import faction_matches
from app.rosters.formats import MAX_FILE_BYTES, RosterFormat, RosterUnreadable, parse_roster
from app.rosters.schemas import RosterCheckRead, RosterRead, RosterUnitRead, RosterUpload
from app.rules import visibility
from app.rules.rosters import check_roster

_NOT_FOUND = _("Roster not found.")


class RosterUnreadableProblem(AppError):
    status = 422
    code = "roster_unreadable"
    title = _("Army list unreadable")


async def _army(session: AsyncSession, m: Membership, army_id: int) -> ArmyRow | None:
    return await session.get(ArmyRow, (m.campaign.id, army_id), populate_existing=True)


async def _readable_army(session: AsyncSession, m: Membership, army_id: int) -> ArmyRow:
    """The army whose roster the caller may read; 404 otherwise, whatever exists."""
    army = await _army(session, m, army_id)
    if army is None or not visibility.own_or_master(m.viewer, army.owner):
        raise NotFound(_NOT_FOUND)
    return army


def read_model(m: Membership, row: RosterRow, owner: int, tier: int) -> RosterRead:
    check = check_roster(
        row.total_points,
        row.general_points,
        tier,
        campaign_options(m.campaign),
        load_ruleset(m.campaign),
    )
    return RosterRead(
        army_id=row.army_id,
        owner=owner,
        format=RosterFormat(row.format),
        filename=row.filename,
        name=row.name,
        faction=row.faction,
        game_system=row.game_system,
        total_points=row.total_points,
        general_points=row.general_points,
        units=[RosterUnitRead.model_validate(u) for u in row.units],
        warnings=list(row.warnings),
        uploaded_at=row.uploaded_at,
        check=RosterCheckRead(
            tier=check.caps.tier,
            army_points_cap=check.caps.army_points,
            general_points_cap=check.caps.general_points,
            army_points=check.army_points,
            general_points=check.general_points,
            army_points_excess=check.army_excess,
            general_points_excess=check.general_excess,
            fits=check.fits,
        ),
    )


async def read_roster(session: AsyncSession, m: Membership, army_id: int) -> RosterRead:
    army = await _readable_army(session, m, army_id)
    row = await session.get(RosterRow, (m.campaign.id, army_id), populate_existing=True)
    if row is None:
        raise NotFound(_NOT_FOUND)
    return read_model(m, row, army.owner, army.tier)


_DEFAULT_NAMES = {
    "owb": "roster.owb.json",
    "new_recruit": "roster.json",
    "rosz": "roster.rosz",
    "text": "roster.txt",
}


async def read_original(session: AsyncSession, m: Membership, army_id: int) -> tuple[bytes, str]:
    """The uploaded file and a safe name for it (owner and game master only)."""
    await _readable_army(session, m, army_id)
    row = await session.get(RosterRow, (m.campaign.id, army_id), populate_existing=True)
    if row is None:
        raise NotFound(_NOT_FOUND)
    # Only plain characters reach the Content-Disposition header.
    safe = "".join(c for c in (row.filename or "") if c.isascii() and (c.isalnum() or c in "._-"))
    default = _DEFAULT_NAMES.get(row.format, "roster")
    if row.format == "rosz" and not row.original.startswith(b"PK"):
        default = "roster.ros"  # the bare XML
    return row.original, safe.lstrip(".") or default


async def _writable_army(session: AsyncSession, m: Membership, army_id: int) -> ArmyRow:
    """The caller's own army, not in a pending battle; the caller holds the campaign lock."""
    army = await _readable_army(session, m, army_id)
    if m.viewer.seat != army.owner:  # the game master reads, only the army's owner writes
        raise Forbidden(_("Only the army's owner attaches its list."), code="R-CAMP-2")
    m.require_status(CampaignStatus.ACTIVE)
    m.require_player()
    fighting = await session.scalar(
        select(BattleRow.id)
        .where(
            BattleRow.campaign_id == m.campaign.id,
            BattleRow.status.in_(PENDING_BATTLE_STATUSES),
            or_(
                BattleRow.attacker.contains({"army_ids": [army_id]}),
                BattleRow.defender.contains({"army_ids": [army_id]}),
            ),
        )
        .limit(1)
    )
    if fighting is not None:
        raise Conflict(
            _("This army's list is fixed while it fights a pending battle (R-ARMY-4)."),
            code="R-ARMY-4",
        )
    return army


def _file_bytes(data: RosterUpload) -> bytes:
    if not data.base64:
        return data.content.encode("utf-8")
    try:
        return base64.b64decode(data.content, validate=False)
    except (binascii.Error, ValueError):
        raise RosterUnreadableProblem(
            _("content: not valid base64."), extra={"where": "content"}
        ) from None


async def put_roster(
    session: AsyncSession, m: Membership, army_id: int, data: RosterUpload, now: datetime
) -> RosterRead:
    army = await _writable_army(session, m, army_id)
    raw = _file_bytes(data)
    if len(raw) > MAX_FILE_BYTES:
        raise RosterUnreadableProblem(
            _("The file is larger than {most} bytes.", most=MAX_FILE_BYTES),
            extra={"where": "content"},
        )
    try:
        parsed = parse_roster(raw, data.format)
    except RosterUnreadable as e:
        raise RosterUnreadableProblem(
            _("The list cannot be read: {where}: {message}.", where=e.where, message=e.message),
            extra={"where": e.where},
        ) from None
    warnings = list(parsed.warnings)
    player = m.require_player()
    ruleset = load_ruleset(m.campaign)
    key = player.faction or ""
    name = next((f.name for f in ruleset.factions if f.key == key), key)
    if not faction_matches(parsed.faction, key, name):
        warnings.insert(0, f"the list is for {parsed.faction!r}, your faction is {name!r}")
    values: dict[str, Any] = {
        "format": parsed.format.value,
        "name": parsed.name,
        "faction": parsed.faction,
        "game_system": parsed.game_system,
        "total_points": parsed.total_points,
        "general_points": parsed.general_points,
        "units": [
            {
                "name": u.name,
                "count": u.count,
                "points": u.points,
                "options": u.options,
                "general": u.general,
            }
            for u in parsed.units
        ],
        "warnings": warnings,
        "filename": data.filename,
        "original": raw,
        "uploaded_at": now,
    }
    row = await session.get(RosterRow, (m.campaign.id, army_id), populate_existing=True)
    if row is None:
        row = RosterRow(campaign_id=m.campaign.id, army_id=army_id, **values)
        session.add(row)
    else:
        for k, v in values.items():
            setattr(row, k, v)
    # The lists of armies destroyed since: unreachable already, gone now.
    await session.execute(
        delete(RosterRow).where(
            RosterRow.campaign_id == m.campaign.id,
            ~exists().where(
                ArmyRow.campaign_id == RosterRow.campaign_id, ArmyRow.id == RosterRow.army_id
            ),
        )
    )
    await session.flush()
    return read_model(m, row, army.owner, army.tier)


async def delete_roster(session: AsyncSession, m: Membership, army_id: int) -> None:
    await _writable_army(session, m, army_id)
    result = await session.execute(
        delete(RosterRow).where(
            RosterRow.campaign_id == m.campaign.id, RosterRow.army_id == army_id
        )
    )
    if not getattr(result, "rowcount", 0):
        raise NotFound(_NOT_FOUND)


async def load_rosters(
    session: AsyncSession, m: Membership, army_ids: Collection[int]
) -> dict[int, tuple[RosterRow, ArmyRow]]:
    """The rosters of these armies with their armies, in two queries (a page of battles);
    the caller has made sure the viewer may see them (R-FOG-4). A destroyed army's roster is
    left out: its list went with it."""
    if not army_ids:
        return {}
    ids = sorted(army_ids)
    rows = await session.scalars(
        select(RosterRow).where(RosterRow.campaign_id == m.campaign.id, RosterRow.army_id.in_(ids))
    )
    rosters = {r.army_id: r for r in rows}
    if not rosters:
        return {}
    armies = await session.scalars(
        select(ArmyRow).where(ArmyRow.campaign_id == m.campaign.id, ArmyRow.id.in_(sorted(rosters)))
    )
    return {a.id: (rosters[a.id], a) for a in armies}
