"""Army lists attached to armies (issue 30): upload, read, delete, and the battle's view.

Who sees a roster (R-FOG-3/4/5): the army's owner and the game master (the owner who does not
play); anyone else gets the same 404 whether the army or its roster exists or not. A battle's
participants see the rosters of its armies on `GET …/battles/{id}` (app.play.battles.service), and
no one else does — not the owner who plays and may arbitrate, not a player who sees its tile.
A roster is fixed while its army fights a pending battle (R-ARMY-4: what it fields is fixed
when the battle is declared), and the battle keeps a copy taken at declaration
(`battle_rosters`), so it shows the list as fielded whatever the list becomes. After a confirmed
battle its casualties go onto the lists and each army keeps the battle (R-ARMY-7,
`record_battle`); a rollback takes back what the confirmations it undoes wrote (R-TURN-6,
`undo_confirmations`).
"""

import base64
import binascii
import uuid
from collections.abc import Collection, Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import delete, exists, or_, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from app.platform.errors import AppError, Conflict, Forbidden, NotFound, RuleViolation
from app.platform.i18n import Text, _
from app.play.campaigns.access import Membership
from app.play.campaigns.battle_names import BattleNames, Holders
from app.play.rosters.factions import faction_matches
from app.play.rosters.formats import MAX_FILE_BYTES, RosterFormat, RosterUnreadable, parse_roster
from app.play.rosters.formats.limits import MAX_WARNING_CHARS
from app.play.rosters.formats.model import clip
from app.play.rosters.schemas import (
    RosterCheckRead,
    RosterRead,
    RosterUnitRead,
    RosterUpload,
    UnitLossRead,
    VeteranBattleRead,
    VeteranOpponent,
)
from app.rules import visibility
from app.rules.ids import entity_counter
from app.rules.rosters import (
    Casualty,
    CasualtyFault,
    casualty_faults,
    check_roster,
    losses_added,
    losses_after,
    losses_taken_back,
    unit_state,
)
from app.store.models.campaign import Campaign, CampaignStatus
from app.store.models.roster import ArmyBattleRow, BattleRosterRow, RosterRow
from app.store.models.world import PENDING_BATTLE_STATUSES, ArmyRow, BattleRow, BattleStatus
from app.store.persistence import campaign_options, load_ruleset

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
        losses=[
            UnitLossRead(
                unit=i, name=u["name"], lost=u["lost"], state=unit_state(u["count"], u["lost"])
            )
            for i, u in enumerate(row.units)
            if u.get("lost")
        ],
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
        mismatch = f"the list is for {parsed.faction!r}, your faction is {name!r}"
        warnings.insert(0, clip(mismatch, MAX_WARNING_CHARS))
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
    # The lists of armies destroyed since stay (unreachable): a rollback may bring an army
    # back with its list (`undo_confirmations`), and one player's upload deletes nobody's.
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


async def load_fielded(
    session: AsyncSession, campaign_id: uuid.UUID, battle_ids: Collection[int]
) -> dict[int, list[BattleRosterRow]]:
    """The lists fielded in these battles, by battle, in one query (a page of battles); the
    caller has made sure the viewer may see them (R-FOG-4)."""
    if not battle_ids:
        return {}
    rows = await session.scalars(
        select(BattleRosterRow).where(
            BattleRosterRow.campaign_id == campaign_id,
            BattleRosterRow.battle_id.in_(sorted(battle_ids)),
        )
    )
    out: dict[int, list[BattleRosterRow]] = {}
    for row in rows:
        out.setdefault(row.battle_id, []).append(row)
    return out


def fielded_read_model(m: Membership, fielded: BattleRosterRow, tier: int | None) -> RosterRead:
    """A list as fielded in a battle, checked at `tier` (the declared one; else the army's
    then, as the battle kept it)."""
    shape = fielded.roster
    row = RosterRow.from_shape(m.campaign.id, fielded.army_id, shape)
    return read_model(m, row, int(shape["owner"]), tier if tier is not None else int(shape["tier"]))


# ----------------------------------------------------------- after the battle (R-ARMY-7)


def _casualty_text(fault: CasualtyFault) -> Text:
    """ "casualties[1].unit: the list has units 0…3" (the path stays as the contract names it)."""
    where = f"casualties[{fault.index}].{fault.field}"
    return _("{where}: {reason}", where=where, reason=fault.message)


async def check_casualties(
    session: AsyncSession, campaign_id: uuid.UUID, battle_id: int, casualties: Sequence[Casualty]
) -> None:
    """422 `R-ARMY-7` naming the first field at fault when casualties do not fit the lists the
    battle fielded (`casualty_faults`); nothing read when there are none."""
    if not casualties:
        return
    fielded = (await load_fielded(session, campaign_id, [battle_id])).get(battle_id, [])
    counts = {f.army_id: [int(u["count"]) for u in f.roster["units"]] for f in fielded}
    faults = casualty_faults(counts, casualties)
    if faults:
        violations = [{"rule": "R-ARMY-7", "message": _casualty_text(f)} for f in faults]
        first = faults[0]
        raise RuleViolation(
            "R-ARMY-7",
            _("{fault}.", fault=_casualty_text(first)),
            violations=violations,
            extra={"where": f"casualties[{first.index}].{first.field}"},
        )


_RESULTS = {
    ("attacker_victory", "attacker"): "won",
    ("attacker_victory", "defender"): "lost",
    ("defender_victory", "attacker"): "lost",
    ("defender_victory", "defender"): "won",
}


async def record_battle(
    session: AsyncSession,
    campaign_id: uuid.UUID,
    battle: BattleRow,
    sides: Mapping[str, tuple[Collection[int], Collection[int]]],
) -> None:
    """A confirmed result goes onto its armies (R-ARMY-7): each keeps the battle in its history
    and its list takes the casualties — once: an army that already has the battle is skipped
    (the history's key), so a second confirmation, however it came, writes nothing. The history
    line keeps what went onto the list, for a rollback to take back (`undo_confirmations`).

    `sides`: side name → (its army ids, its players)."""
    report = battle.report or {}
    outcome = str(report.get("outcome", "draw"))
    found = await load_fielded(session, campaign_id, [battle.id])
    fielded = {f.army_id: f for f in found.get(battle.id, [])}
    lost: dict[int, dict[int, int]] = {}
    for line in report.get("casualties") or ():
        lost.setdefault(int(line["army_id"]), {})[int(line["unit"])] = int(line["lost"])
    lists = await _lists_for_update(session, campaign_id, lost)
    after = {
        army_id: losses_after(
            [int(u["count"]) for u in row.units],
            [int(u.get("lost", 0)) for u in row.units],
            lost[army_id],
        )
        for army_id, row in lists.items()
    }
    records = []
    for side, (army_ids, _players) in sorted(sides.items()):
        opponents = sorted(p for other, (_, ps) in sides.items() if other != side for p in ps)
        for army_id in sorted(set(army_ids)):
            units = fielded[army_id].roster["units"] if army_id in fielded else []
            onto = lists.get(army_id)
            records.append(
                {
                    "campaign_id": campaign_id,
                    "army_id": army_id,
                    "battle_id": battle.id,
                    "turn": battle.turn,
                    "side": side,
                    "opponents": opponents,
                    "result": _RESULTS.get((outcome, side), "draw"),
                    "losses_pct": int(report.get(f"{side}_losses_pct", 0)),
                    "casualties": [
                        {"unit": unit, "name": str(units[unit]["name"]), "lost": n}
                        for unit, n in sorted(lost.get(army_id, {}).items())
                        if unit < len(units) and n > 0
                    ],
                    "list_uploaded_at": None if onto is None else onto.uploaded_at,
                    "list_losses": [] if onto is None else _added(onto, after[army_id]),
                }
            )
    if not records:
        return
    written = set(
        await session.scalars(
            insert(ArmyBattleRow)
            .values(records)
            .on_conflict_do_nothing()
            .returning(ArmyBattleRow.army_id)
        )
    )
    for army_id, row in lists.items():
        if army_id in written:
            row.units = [{**u, "lost": n} for u, n in zip(row.units, after[army_id], strict=True)]
    await session.flush()


async def _lists_for_update(
    session: AsyncSession, campaign_id: uuid.UUID, army_ids: Collection[int]
) -> dict[int, RosterRow]:
    """These armies' lists, locked (the caller holds the campaign lock)."""
    if not army_ids:
        return {}
    rows = await session.scalars(
        select(RosterRow)
        .where(RosterRow.campaign_id == campaign_id, RosterRow.army_id.in_(sorted(army_ids)))
        .with_for_update()
        .execution_options(populate_existing=True)
    )
    return {row.army_id: row for row in rows}


def _added(row: RosterRow, after: Sequence[int]) -> list[dict[str, int]]:
    """[{"unit", "lost"}]: the models each unit of the list loses going to `after`."""
    added = losses_added([int(u.get("lost", 0)) for u in row.units], after)
    return [{"unit": unit, "lost": n} for unit, n in sorted(added.items())]


async def undo_confirmations(session: AsyncSession, campaign: Campaign) -> None:
    """After a rollback's restore (R-TURN-6, the campaign lock held): a battle the restored
    state does not hold as confirmed takes back what its confirmation wrote (R-ARMY-7) — its
    armies' history lines, and its casualties from each list still the one they went onto (a
    list uploaded since never carried them) — and a battle it does not hold forgets the lists
    it fielded. The lists of the armies whose ids it freed (raised since) go with them: such an
    id may be given to another player's army. The list of an army that fell stays: a further
    rollback may bring the army back."""
    campaign_id = campaign.id
    confirmed = select(BattleRow.id).where(
        BattleRow.campaign_id == campaign_id, BattleRow.status == BattleStatus.CONFIRMED
    )
    undone = (
        await session.execute(
            delete(ArmyBattleRow)
            .where(
                ArmyBattleRow.campaign_id == campaign_id, ArmyBattleRow.battle_id.not_in(confirmed)
            )
            .returning(
                ArmyBattleRow.army_id, ArmyBattleRow.list_uploaded_at, ArmyBattleRow.list_losses
            )
        )
    ).all()
    await session.execute(
        delete(BattleRosterRow).where(
            BattleRosterRow.campaign_id == campaign_id,
            ~exists().where(
                BattleRow.campaign_id == BattleRosterRow.campaign_id,
                BattleRow.id == BattleRosterRow.battle_id,
            ),
        )
    )
    # Ids are scrambled (app/rules/ids.py): which were freed is told by their counters.
    listed = await session.scalars(
        select(RosterRow.army_id).where(RosterRow.campaign_id == campaign_id)
    )
    freed = [a for a in listed if entity_counter(campaign.id_salt, a) >= campaign.next_id]
    if freed:
        await session.execute(
            delete(RosterRow).where(
                RosterRow.campaign_id == campaign_id, RosterRow.army_id.in_(freed)
            )
        )
    taken: dict[int, list[tuple[datetime, list[dict[str, int]]]]] = {}
    for army_id, uploaded_at, losses in undone:
        if uploaded_at is not None and losses:
            taken.setdefault(army_id, []).append((uploaded_at, losses))
    for army_id, row in (await _lists_for_update(session, campaign_id, taken)).items():
        written: dict[int, int] = {}
        for uploaded_at, losses in taken[army_id]:
            if uploaded_at == row.uploaded_at:
                for line in losses:
                    written[line["unit"]] = written.get(line["unit"], 0) + line["lost"]
        if not written:
            continue  # uploaded since: it never carried them
        lost = losses_taken_back([int(u.get("lost", 0)) for u in row.units], written)
        row.units = [{**u, "lost": n} for u, n in zip(row.units, lost, strict=True)]
    await session.flush()


def veteran_reads(
    rows: Iterable[ArmyBattleRow], names: BattleNames, holders: Mapping[int, Holders | None]
) -> dict[int, list[VeteranBattleRead]]:
    """Each army's battles, oldest first, of rows already read; opponents named as whoever
    held their seats in the battle (`holders`: each battle's, by id), in full to the users
    who held the battle's seats then (R-CAMP-5)."""
    out: dict[int, list[VeteranBattleRead]] = {}
    for r in sorted(rows, key=lambda r: (r.army_id, r.turn, r.battle_id)):
        named = names.of(r.opponents, over=True, holders=holders.get(r.battle_id))
        opponents = [VeteranOpponent(number=p, name=named.get(p, "")) for p in r.opponents]
        out.setdefault(r.army_id, []).append(
            VeteranBattleRead.model_validate(
                {
                    "battle_id": r.battle_id,
                    "turn": r.turn,
                    "side": r.side,
                    "opponents": opponents,
                    "result": r.result,
                    "losses_pct": r.losses_pct,
                    "casualties": r.casualties,
                }
            )
        )
    return out
