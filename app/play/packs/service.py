"""A battle's pack as its reader may see it (R-PACK): who may read it is the battle view's
decision (404 for a battle they cannot see), then `visibility.pack_seen` (403 for anyone but
its participants and the game master); what each side shows is `visibility.pack_side_in_full`.
"""

from collections.abc import Mapping
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.platform.errors import Forbidden
from app.platform.i18n import _
from app.play.battles import service as battles_service
from app.play.battles.schemas import BattlePlayer, SideName, StakeRead
from app.play.campaigns.access import Membership
from app.play.campaigns.battle_names import read_battle_names
from app.play.packs.schemas import (
    BattlePack,
    PackArmy,
    PackField,
    PackPiece,
    PackScenario,
    PackSide,
    PackStakes,
    PackTable,
    PackZone,
)
from app.play.rosters import service as rosters
from app.rules import battle_pack, battles, visibility
from app.rules.state import Battle, BattleSide
from app.store.models.roster import ArmyBattleRow, BattleRosterRow
from app.store.models.world import BattleRow
from app.store.persistence import battle_from_row
from app.store.persistence.battles import tiers_from_json

_SIDES: tuple[SideName, SideName] = ("attacker", "defender")


def report_path(m: Membership, battle_id: int) -> str:
    """The web client's page where the battle's result is reported (the QR code's target)."""
    return f"/campaigns/{m.campaign.id}/battles/{battle_id}"


async def read_pack(session: AsyncSession, m: Membership, battle_id: int) -> BattlePack:
    """The battle's pack for the caller (R-PACK): 404 if they cannot see the battle, 403 if
    they see it but have no pack of it."""
    v, row = await battles_service.visible_battle(session, m, battle_id)
    battle = battle_from_row(row)
    if not visibility.pack_seen(v.viewer, battles.participants(battle)):
        raise Forbidden(
            _("Only the battle's players and the game master have its pack."), code="R-PACK-3"
        )
    full = {s: visibility.pack_side_in_full(v.viewer, _side(battle, s).players) for s in _SIDES}
    shown_armies = [a for s in _SIDES if full[s] for a in _side(battle, s).army_ids]
    fielded = await _fielded(session, m, row, shown_armies)
    fought = await _fought(session, m, shown_armies)
    names = await read_battle_names(session, m, [row.holders])
    over = row.status in battles_service.OVER_STATUSES
    named = names.of(battles.participants(battle), over=over, holders=row.holders)

    seed = battle_pack.pack_seed(m.campaign.id_salt, row.id)
    encounter = battle_pack.encounter(v.state, battle, seed)
    kind = battle_pack.kind_of(encounter)
    options = v.state.options
    table = battle_pack.table_for(options.game_system)
    scenario = battle_pack.scenario(options.game_system, kind)
    coefficient = battles.coefficient_pct(options, v.ruleset)
    forces: Mapping[str, Any] = row.forces or {}
    tiers = tiers_from_json(row.forces) or {}

    def side_read(name: SideName) -> PackSide:
        s = _side(battle, name)
        stored = forces.get(name) or {}
        points = int(stored.get("total_points", 0))
        return PackSide(
            side=name,
            players=[BattlePlayer(number=p, name=named.get(p, "")) for p in sorted(s.players)],
            in_full=full[name],
            points=points,
            size=battle_pack.rough_size(points, coefficient),
            structure=encounter.structure if name == "defender" else None,
            armies=_armies(v.state, s, stored, tiers, coefficient, full[name], fielded, fought),
        )

    effects = battle_pack.stakes(encounter)
    gold = None
    if row.forces is not None:
        gold = StakeRead(**row.forces["stake"], pillage=row.forces["pillage"])
    zones = battle_pack.zones(kind)
    return BattlePack(
        battle_id=row.id,
        turn=row.turn,
        q=row.q,
        r=row.r,
        your_side=battles.sides_of(battle, v.me) if v.me is not None else None,
        field=PackField(
            kind=kind,
            battle_kind=battle.kind,
            terrain=encounter.terrain,
            neighbours=list(encounter.neighbours),
            structure=encounter.structure,
            season=encounter.season,
            game_system=options.game_system,
            table=PackTable(width=table.width, depth=table.depth),
            zones=[
                PackZone(side="attacker" if z.side == "attacker" else "defender", depth=z.depth)
                for z in zones
            ],
            pieces=[
                PackPiece(
                    kind=p.kind, x=p.x, y=p.y, width=p.width, depth=p.depth, rotation=p.rotation
                )
                for p in battle_pack.deploy(encounter, seed, table)
            ],
            scenario=PackScenario(name=scenario.name, reference=scenario.reference)
            if scenario is not None
            else None,
            seed=seed,
        ),
        sides=[side_read(s) for s in _SIDES],
        stakes=PackStakes(
            attacker_victory=list(effects["attacker_victory"]),
            draw=list(effects["draw"]),
            defender_victory=list(effects["defender_victory"]),
            gold=gold,
        ),
        report_path=report_path(m, row.id),
    )


def _side(battle: Battle, name: SideName) -> BattleSide:
    return battle.attacker if name == "attacker" else battle.defender


def _armies(
    state: Any,
    side: BattleSide,
    stored: Mapping[str, Any],
    tiers: Mapping[int, int],
    coefficient: int,
    in_full: bool,
    fielded: Mapping[int, tuple[BattleRosterRow, Any]],
    fought: Mapping[int, int],
) -> list[PackArmy]:
    """The side's armies: each one's tier, size and points; in full, its general, its
    battles and its list (R-PACK-3)."""
    leader = stored.get("leader_army_id")
    joined = {int(j["army_id"]): int(j["points"]) for j in stored.get("joiners", ())}
    out = []
    for army_id in sorted(set(side.army_ids)):
        army = state.armies.get(army_id)
        tier = tiers.get(army_id, army.tier if army is not None else 1)
        points = (
            int(stored.get("army_points", 0)) - sum(joined.values())
            if army_id == leader
            else joined.get(army_id, 0)
        )
        read = PackArmy(
            army_id=army_id,
            tier=tier,
            size=battle_pack.rough_size(points, coefficient),
            leads=army_id == leader,
            points=points,
        )
        if in_full:
            listed = fielded.get(army_id)
            read.general_id = army.general_id if army is not None else None
            read.battles_fought = fought.get(army_id, 0)
            if listed is not None:
                read.roster = listed[1]
                read.fits = listed[1].check.fits
        out.append(read)
    return out


async def _fielded(
    session: AsyncSession, m: Membership, row: BattleRow, army_ids: list[int]
) -> dict[int, tuple[BattleRosterRow, Any]]:
    """The lists fielded by these armies in the battle, checked at their declared tiers."""
    if not army_ids:
        return {}
    found = await rosters.load_fielded(session, m.campaign.id, [row.id])
    tiers = tiers_from_json(row.forces) or {}
    return {
        f.army_id: (f, rosters.fielded_read_model(m, f, tiers.get(f.army_id)))
        for f in found.get(row.id, ())
        if f.army_id in army_ids
    }


async def _fought(session: AsyncSession, m: Membership, army_ids: list[int]) -> dict[int, int]:
    """How many battles each army fought to a confirmed result (R-ARMY-7)."""
    if not army_ids:
        return {}
    rows = await session.execute(
        select(ArmyBattleRow.army_id, func.count())
        .where(ArmyBattleRow.campaign_id == m.campaign.id, ArmyBattleRow.army_id.in_(army_ids))
        .group_by(ArmyBattleRow.army_id)
    )
    return {int(a): int(n) for a, n in rows.all()}
