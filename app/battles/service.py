"""Battles from declaration to consequences (R-BAT, R-SIEGE, R-SYS, R-ARMY-4, R-TURN-3).

Who sees a battle (R-FOG-3/4): its participants; a player whose current sight holds its tile
(the public part only: kind, tile, sides' players, status, and the result once it stands),
unless one of its armies is concealed from them (R-OPT-3: the battle reveals it to its
participants only, `visibility.battle_seen`); the owner who does not play (the game master)
sees all; the owner who plays sees, besides, the battles they may arbitrate. A battle the caller
cannot see does not exist for them (404).
"""

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import ColumnElement, and_, exists, false, or_, select, true, tuple_, update
from sqlalchemy.ext.asyncio import AsyncSession

from app.battles.schemas import (
    ArbitrateBody,
    BattlePage,
    BattlePlayer,
    BattleRead,
    BattleRosterRead,
    BattleSideRead,
    BattleStatus,
    PlayByProposalRead,
    ReportCreate,
    ReportRead,
    SideForcesRead,
    SideName,
    StakeRead,
)
from app.campaigns.access import Membership
from app.campaigns.service import display_names
from app.errors import Conflict, Forbidden, NotFound, refuse
from app.events.kinds import AnyEventKind, AppEventKind
from app.events.publish import publish
from app.i18n import _
from app.models import User
from app.models.campaign import Campaign, CampaignStatus
from app.models.roster import RosterRow
from app.models.world import PENDING_BATTLE_STATUSES, ArmyRow, BattleRow
from app.pagination import PageParams, paginate
from app.persistence import (
    battle_from_row,
    cached_sight,
    load_ruleset,
    load_state,
    report_from_json,
    save_state,
    side_to_json,
)
from app.persistence.battles import tiers_from_json
from app.rosters import service as rosters
from app.rules import battles, visibility
from app.rules.ids import entity_counter
from app.rules.ruleset import Ruleset
from app.rules.state import Battle, BattleReport, CampaignState, Event, EventKind, Fate, Outcome
from app.turns import battle_records as records
from app.turns import service as turns

OVER_STATUSES = (BattleStatus.CONFIRMED, BattleStatus.ABANDONED, BattleStatus.CANCELLED)
_LIVE_KIND: dict[BattleStatus, AnyEventKind] = {
    BattleStatus.CONFIRMED: AppEventKind.BATTLE_CONFIRMED,
    BattleStatus.ABANDONED: AppEventKind.BATTLE_ABANDONED,
    BattleStatus.CANCELLED: EventKind.BATTLE_CANCELLED,
}


@dataclass(frozen=True)
class Caller:
    """The caller, the state they act on, and what they see of it (`visibility.Viewer`)."""

    membership: Membership
    viewer: visibility.Viewer
    state: CampaignState
    ruleset: Ruleset
    inactive: frozenset[int]

    @property
    def me(self) -> int | None:
        """Their seat; None for the owner who does not play."""
        return self.viewer.seat

    @property
    def master(self) -> bool:
        return self.viewer.game_master

    @property
    def is_owner(self) -> bool:
        return self.membership.is_owner


async def _caller(session: AsyncSession, m: Membership, *, full: bool = True) -> Caller:
    """The caller and what they see; without `full` (reads), a state without explored
    memories, generals and stakes, which only the battles' consequences touch."""
    if m.viewer.seat is None and not m.viewer.game_master:
        raise NotFound(_("Battle not found."))
    if full:
        state = await load_state(session, m.campaign)
    else:
        state = await load_state(session, m.campaign, explored_for=(), generals=False, stakes=False)
    ruleset = load_ruleset(m.campaign)
    return Caller(
        membership=m,
        viewer=visibility.seeing(
            m.viewer, state, lambda seat: cached_sight(m.campaign, state, seat, ruleset)
        ),
        state=state,
        ruleset=ruleset,
        inactive=frozenset(p.id for p in state.players.values() if p.inactive),
    )


# ------------------------------------------------------------------------------ visibility


def _in_side(column: Any, player: int) -> ColumnElement[bool]:
    result: ColumnElement[bool] = column.contains({"players": [player]})
    return result


def _arbitrable_clause(v: Caller) -> ColumnElement[bool]:
    """Battles the owner may rule on: disputed, or pending with an inactive participant."""
    with_inactive = [_in_side(col, p) for p in sorted(v.inactive) for col in _sides()]
    return or_(
        BattleRow.status == BattleStatus.DISPUTED,
        and_(BattleRow.status.in_(PENDING_BATTLE_STATUSES), or_(false(), *with_inactive)),
    )


def _sides() -> tuple[Any, Any]:
    return BattleRow.attacker, BattleRow.defender


def _names_army(column: Any, army_id: int) -> ColumnElement[bool]:
    result: ColumnElement[bool] = column.contains({"army_ids": [army_id]})
    return result


def visible_clause(v: Caller) -> ColumnElement[bool]:
    """`visibility.battle_seen` as SQL, word for word from `visibility.battle_filter`
    (tests/api/test_visibility_sql.py checks that the two agree)."""
    seen = visibility.battle_filter(v.viewer)
    if seen.everything:
        return true()
    clauses: list[ColumnElement[bool]] = []
    if seen.seat is not None:
        clauses += [_in_side(column, seen.seat) for column in _sides()]
    if seen.arbitrable:
        clauses.append(_arbitrable_clause(v))
    if seen.tiles:
        # R-OPT-3: a battle naming an army concealed from the caller does not exist for them.
        concealed = [_names_army(col, a) for a in sorted(seen.unless_naming) for col in _sides()]
        on_tiles = tuple_(BattleRow.q, BattleRow.r).in_(sorted(seen.tiles))
        clauses.append(and_(on_tiles, ~or_(false(), *concealed)))
    return or_(false(), *clauses)


def arbitrable(v: Caller, row: BattleRow) -> bool:
    """The owner may rule on it (R-BAT-5): disputed, or pending with an inactive participant
    (what `_arbitrable_clause` selects)."""
    if row.status == BattleStatus.DISPUTED:
        return True
    return row.status in PENDING_BATTLE_STATUSES and bool(
        battles.participants(battle_from_row(row)) & v.inactive
    )


def _full_view(v: Caller, row: BattleRow) -> bool:
    """Forces, stake and reports: participants, the game master, the owner who may rule."""
    players = battles.participants(battle_from_row(row))
    return visibility.battle_forces_seen(v.viewer, players, arbitrable=arbitrable(v, row))


async def _visible_row(session: AsyncSession, v: Caller, battle_id: int) -> BattleRow:
    row = await session.scalar(
        select(BattleRow).where(
            BattleRow.campaign_id == v.membership.campaign.id,
            BattleRow.id == battle_id,
            visible_clause(v),
        )
    )
    if row is None:
        raise NotFound(_("Battle not found."))
    return row


# ----------------------------------------------------------------------------- read models


@dataclass(frozen=True)
class _Names:
    open: dict[int, str]  # the two sides see each other's real names (R-CAMP-5)
    hidden: dict[int, str]

    def player(self, number: int, revealed: bool) -> BattlePlayer:
        names = self.open if revealed else self.hidden
        return BattlePlayer(number=number, name=names.get(number, ""))


async def _names(session: AsyncSession, m: Membership) -> _Names:
    hidden = await display_names(session, m)
    return _Names(await display_names(session, m, reveal=frozenset(hidden)), hidden)


def _forces_read(data: dict[str, Any] | None) -> SideForcesRead | None:
    return SideForcesRead.model_validate(data) if data is not None else None


def _shows_rosters(v: Caller, row: BattleRow) -> bool:
    """R-FOG-4 (`visibility.battle_rosters_seen`)."""
    return visibility.battle_rosters_seen(v.viewer, battles.participants(battle_from_row(row)))


_Rosters = dict[int, tuple[RosterRow, ArmyRow]]


async def _rosters_of(session: AsyncSession, v: Caller, rows: Sequence[BattleRow]) -> _Rosters:
    ids = {
        i
        for row in rows
        if _shows_rosters(v, row)
        for side in (row.attacker, row.defender)
        for i in side["army_ids"]
    }
    return await rosters.load_rosters(session, v.membership, ids)


def _battle_rosters(v: Caller, row: BattleRow, found: _Rosters) -> list[BattleRosterRead] | None:
    if not _shows_rosters(v, row):
        return None
    tiers = tiers_from_json(row.forces) or {}
    out = []
    sides: tuple[tuple[SideName, dict[str, Any]], ...] = (
        ("attacker", row.attacker),
        ("defender", row.defender),
    )
    for name, side in sides:
        for army_id in sorted(set(side["army_ids"])):
            if army_id not in found:
                continue
            roster_row, army = found[army_id]
            read = rosters.read_model(
                v.membership, roster_row, army.owner, tiers.get(army_id, army.tier)
            )
            out.append(
                BattleRosterRead(
                    side=name, army_id=army_id, exceeds_caps=not read.check.fits, roster=read
                )
            )
    return out


async def present_battle(session: AsyncSession, v: Caller, row: BattleRow) -> BattleRead:
    found = await _rosters_of(session, v, [row])
    return _read(v, await _names(session, v.membership), row, found)


def _read(v: Caller, names: _Names, row: BattleRow, found: _Rosters) -> BattleRead:
    battle = battle_from_row(row)
    status = BattleStatus(row.status)
    full = _full_view(v, row)
    mine = battles.sides_of(battle, v.me) if v.me is not None else None
    revealed = mine is not None

    def side(name: SideName) -> BattleSideRead:
        s = battle.attacker if name == "attacker" else battle.defender
        forces = (row.forces or {}).get(name) if full else None
        return BattleSideRead(
            players=[names.player(p, revealed) for p in sorted(s.players)],
            structure_id=s.structure_id,
            forces=_forces_read(forces),
        )

    report = None
    if row.report is not None and (full or status is BattleStatus.CONFIRMED):
        by = row.reported_by
        report = ReportRead(
            **{k: row.report[k] for k in ReportCreate.model_fields},
            reported_by=names.player(by, revealed) if by is not None else None,
            reported_side=battles.sides_of(battle, by) if by is not None else None,
            arbitrated=bool(row.report.get("arbitrated", False)),
            version=row.report_version,
        )
    stake = None
    if full and row.forces is not None:
        stake = StakeRead(**row.forces["stake"], pillage=row.forces["pillage"])
    return BattleRead(
        id=row.id,
        turn=row.turn,
        q=row.q,
        r=row.r,
        kind=battle.kind,
        status=status,
        your_side=mine,
        attacker=side("attacker"),
        defender=side("defender"),
        stake=stake,
        report=report,
        rejection_reason=row.rejection_reason if full and status is BattleStatus.DISPUTED else None,
        resolved_turn=row.resolved_turn,
        waits_for_earlier_battle=_waits(v, battle, status) if full else None,
        play_by=row.play_by,
        play_by_proposal=_proposal(battle, row),
        auto_confirm_at=row.auto_confirm_at if full and status is BattleStatus.REPORTED else None,
        rosters=_battle_rosters(v, row, found),
    )


def _proposal(battle: Battle, row: BattleRow) -> PlayByProposalRead | None:
    """The play-by date waiting for an answer, with the side that proposed it (R-BAT-8)."""
    if row.play_by_proposal is None or row.play_by_proposed_by is None:
        return None
    side = battles.sides_of(battle, row.play_by_proposed_by)
    if side is None:  # the proposer left the battle (its leader changed): nothing to accept
        return None
    return PlayByProposalRead(date=row.play_by_proposal, side=side)


def _waits(v: Caller, battle: Battle, status: BattleStatus) -> bool:
    """An earlier-declared battle of one of its armies is still pending (R-MOVE-3)."""
    if status in OVER_STATUSES:
        return False
    return battles.earlier_pending(v.state, v.state.battles.get(battle.id, battle)) is not None


async def list_battles(
    session: AsyncSession, m: Membership, status: BattleStatus | None, page: PageParams
) -> BattlePage:
    v = await _caller(session, m, full=False)
    query = select(BattleRow).where(BattleRow.campaign_id == m.campaign.id, visible_clause(v))
    if status is not None:
        query = query.where(BattleRow.status == status)
    # Newest turn first; the ids are scrambled, so within a turn the order is only stable.
    ordered = query.order_by(BattleRow.turn.desc(), BattleRow.id.desc())
    rows, total = await paginate(session, ordered, page)
    names = await _names(session, m)
    found = await _rosters_of(session, v, rows)
    return BattlePage.of((_read(v, names, r, found) for r in rows), total, page)


async def read_battle(session: AsyncSession, m: Membership, battle_id: int) -> BattleRead:
    v = await _caller(session, m, full=False)
    row = await _visible_row(session, v, battle_id)
    return await present_battle(session, v, row)


# --------------------------------------------------------------------------------- actions


@dataclass(frozen=True)
class BattleAction:
    viewer: Caller
    row: BattleRow
    battle: Battle

    @property
    def participants(self) -> frozenset[int]:
        return battles.participants(self.battle)


async def load_action(session: AsyncSession, m: Membership, battle_id: int) -> BattleAction:
    """A visible battle of an active campaign (404 if invisible); the caller holds the lock."""
    m.require_status(CampaignStatus.ACTIVE)
    v = await _caller(session, m)
    row = await _visible_row(session, v, battle_id)
    return BattleAction(v, row, v.state.battles.get(row.id) or battle_from_row(row))


def _my_side(a: BattleAction) -> tuple[SideName, int]:
    """The caller's side and number; 403 for a visible battle they take no part in (R-BAT-5)."""
    me = a.viewer.me
    side = battles.sides_of(a.battle, me) if me is not None else None
    if me is None or side is None:
        raise Forbidden(_("You take no part in this battle."), code="R-BAT-5")
    if me in a.viewer.inactive:
        raise Conflict(
            _("Your seat is held by a steward: the campaign's owner settles its battles."),
            code="R-CAMP-7",
        )
    return side, me


def _require_pending(a: BattleAction) -> None:
    if a.row.status in OVER_STATUSES:
        raise Conflict(_("This battle is already {status}.", status=a.row.status), code="R-BAT-5")


def _require_report_from_other_side(a: BattleAction, side: SideName) -> None:
    _require_pending(a)
    if a.row.status != BattleStatus.REPORTED or a.row.reported_by is None:
        raise Conflict(_("No report is waiting for an answer."), code="R-BAT-5")
    if battles.sides_of(a.battle, a.row.reported_by) == side:
        raise Forbidden(_("No one answers a report of their own side."), code="R-BAT-5")


def _engine_report(data: ReportCreate) -> BattleReport:
    return BattleReport(
        outcome=Outcome(data.outcome),
        attacker_losses_pct=data.attacker_losses_pct,
        defender_losses_pct=data.defender_losses_pct,
        general_captured=data.general_captured,
        fate=Fate(data.fate) if data.fate is not None else None,
    )


def _check_report(a: BattleAction, report: BattleReport) -> None:
    violations = battles.validate_report(a.viewer.state, a.battle, report, a.viewer.ruleset)
    if violations:
        raise refuse(violations)


def _require_its_turn(a: BattleAction) -> None:
    """Battles sharing an army are played in declaration order (R-MOVE-3)."""
    violations = battles.validate_order(a.viewer.state, a.battle)
    if violations:
        raise refuse(violations)


async def publish_battle(
    session: AsyncSession,
    a: BattleAction,
    kind: AnyEventKind,
    payload: dict[str, Any],
    battle: Battle,
) -> None:
    await publish(
        session,
        a.viewer.membership.campaign.id,
        kind,
        {"battle_id": battle.id, **payload},
        audience=battles.participants(battle),
    )


async def _publish_closed(
    session: AsyncSession,
    a: BattleAction,
    status: BattleStatus,
    battle: Battle,
    outcome: str | None = None,
) -> None:
    """One payload for every closed battle, however it closed."""
    payload = {"status": status.value, "outcome": outcome}
    await publish_battle(session, a, _LIVE_KIND[status], payload, battle)


async def _settle(
    session: AsyncSession,
    a: BattleAction,
    status: BattleStatus,
    after: CampaignState,
    events: tuple[Event, ...],
) -> None:
    """Write a settled battle's effects, close it and the battles it cancelled, tell everyone."""
    v = a.viewer
    campaign = v.membership.campaign
    await save_state(session, campaign, v.state, after)
    a.row.status = status
    a.row.resolved_turn = campaign.turn
    a.row.auto_confirm_at = None
    a.row.play_by_proposal = a.row.play_by_proposed_by = None
    records.queue_summary_events(
        session,
        campaign.id,
        visibility.battle_result_summaries(v.state, after, events, a.battle, v.ruleset),
    )
    await session.flush()
    outcome = a.row.report["outcome"] if a.row.report and status is BattleStatus.CONFIRMED else None
    await _publish_closed(session, a, status, a.battle, outcome)
    for other_id in sorted(v.state.battles):
        if other_id == a.battle.id or other_id in after.battles:
            continue
        other = await session.get_one(BattleRow, (campaign.id, other_id))
        other.status = BattleStatus.CANCELLED
        other.resolved_turn = campaign.turn
        other.auto_confirm_at = None
        other.play_by_proposal = other.play_by_proposed_by = None
        await _publish_closed(session, a, BattleStatus.CANCELLED, v.state.battles[other_id])
    # Settling the last battle of a ready table changes the turn (R-TURN-3).
    await turns.change_turn_if_due(session, v.membership.campaign)


async def choose_leader(
    session: AsyncSession, m: Membership, battle_id: int, army_id: int
) -> BattleRead:
    """Another army of the caller's side leads (R-BAT-3); joiners field 25 %."""
    a = await load_action(session, m, battle_id)
    side, me = _my_side(a)
    _require_pending(a)
    if a.row.status != BattleStatus.AWAITING_REPORT:
        raise Conflict(_("The leader is chosen before a result is reported."), code="R-BAT-3")
    changed = battles.change_leader(a.viewer.state, a.battle.id, me, army_id)
    if isinstance(changed, list):
        raise refuse(changed)
    battle = changed.battles[a.battle.id]
    new_side = battle.attacker if side == "attacker" else battle.defender
    if side == "attacker":
        a.row.attacker = side_to_json(new_side)
    else:
        a.row.defender = side_to_json(new_side)
    a.row.forces = records.fixed_forces(a.viewer.state, battle, a.viewer.ruleset, a.row.forces)
    await session.flush()
    return await present_battle(session, a.viewer, a.row)


def _auto_confirm_at(campaign: Campaign, now: datetime) -> datetime | None:
    """When a report made (or edited) now confirms itself, if the campaign says so (R-BAT-9)."""
    hours = campaign.settings.battle_auto_confirm_hours
    return now + timedelta(hours=hours) if hours else None


def _store_report(a: BattleAction, data: ReportCreate, me: int, now: datetime) -> None:
    """A new report or an edit: a new version, and the automatic confirmation's clock restarts."""
    a.row.report = data.model_dump(mode="json")
    a.row.reported_by = me
    a.row.report_version += 1
    a.row.auto_confirm_at = _auto_confirm_at(a.viewer.membership.campaign, now)


async def report(
    session: AsyncSession, m: Membership, battle_id: int, data: ReportCreate, now: datetime
) -> BattleRead:
    """Enter the result from the table (R-BAT-5/6); it waits for the other side."""
    a = await load_action(session, m, battle_id)
    side, me = _my_side(a)
    _require_pending(a)
    by = a.row.reported_by
    pending_other = by is not None and battles.sides_of(a.battle, by) != side
    if a.row.status == BattleStatus.REPORTED and pending_other:
        raise Conflict(
            _("The other side's report is waiting: confirm or reject it."), code="R-BAT-5"
        )
    _require_its_turn(a)
    _check_report(a, _engine_report(data))
    _store_report(a, data, me, now)
    a.row.status = BattleStatus.REPORTED
    a.row.rejection_reason = None
    await session.flush()
    await publish_battle(
        session,
        a,
        AppEventKind.BATTLE_REPORTED,
        {"status": "reported", "reported_by": me},
        a.battle,
    )
    return await present_battle(session, a.viewer, a.row)


async def edit_report(
    session: AsyncSession, m: Membership, battle_id: int, data: ReportCreate, now: datetime
) -> BattleRead:
    """The reporter corrects their report before it is answered (R-BAT-10); the other side is
    told and the automatic confirmation's clock restarts. The same report again changes
    nothing (no new version, no event, the clock runs on)."""
    a = await load_action(session, m, battle_id)
    _side, me = _my_side(a)
    _require_pending(a)
    if a.row.status != BattleStatus.REPORTED:
        raise Conflict(_("No report is waiting for an answer: report the result."), code="R-BAT-10")
    if a.row.reported_by != me:
        raise Forbidden(_("Only the player who reported the result edits it."), code="R-BAT-10")
    if a.row.report == data.model_dump(mode="json"):
        return await present_battle(session, a.viewer, a.row)
    _check_report(a, _engine_report(data))
    _store_report(a, data, me, now)
    await session.flush()
    payload = {"status": "reported", "reported_by": me, "version": a.row.report_version}
    await publish_battle(session, a, AppEventKind.BATTLE_REPORT_EDITED, payload, a.battle)
    return await present_battle(session, a.viewer, a.row)


async def confirm(
    session: AsyncSession, m: Membership, battle_id: int, version: int | None = None
) -> BattleRead:
    """The other side confirms the report: every effect applies now (R-BAT-5/7, R-SIEGE).

    With `version`, only that version of the report (R-BAT-10): an edit since is refused.
    """
    a = await load_action(session, m, battle_id)
    side, _me = _my_side(a)
    _require_report_from_other_side(a, side)
    if version is not None and version != a.row.report_version:
        raise Conflict(
            _(
                "The report was edited since: it is now version {version}; read it "
                "again before confirming.",
                version=a.row.report_version,
            ),
            code="R-BAT-10",
        )
    result = report_from_json(a.row.report or {})
    _check_report(a, result)
    resolution = battles.apply_battle_result(a.viewer.state, a.battle, result, a.viewer.ruleset)
    await _settle(session, a, BattleStatus.CONFIRMED, resolution.state, resolution.events)
    return await present_battle(session, a.viewer, a.row)


async def reject(session: AsyncSession, m: Membership, battle_id: int, reason: str) -> BattleRead:
    """The other side disputes the report; a new report or the owner's ruling follows (R-BAT-5)."""
    a = await load_action(session, m, battle_id)
    side, _me = _my_side(a)
    _require_report_from_other_side(a, side)
    a.row.status = BattleStatus.DISPUTED
    a.row.rejection_reason = reason
    a.row.auto_confirm_at = None
    await session.flush()
    await publish_battle(
        session, a, AppEventKind.BATTLE_REJECTED, {"status": "disputed", "reason": reason}, a.battle
    )
    return await present_battle(session, a.viewer, a.row)


async def abandon(session: AsyncSession, m: Membership, battle_id: int) -> BattleRead:
    """The owner of an attacked outpost or port gives it up without a fight (R-BAT-6)."""
    a = await load_action(session, m, battle_id)
    _side, me = _my_side(a)
    _require_pending(a)
    _require_its_turn(a)
    resolution = battles.abandon(a.viewer.state, a.battle, me)
    if isinstance(resolution, list):
        raise refuse(resolution)
    await _settle(session, a, BattleStatus.ABANDONED, resolution.state, resolution.events)
    return await present_battle(session, a.viewer, a.row)


async def arbitrate(
    session: AsyncSession, m: Membership, battle_id: int, data: ArbitrateBody
) -> BattleRead:
    """The owner, not a participant, rules on a disputed battle or one of an inactive player."""
    a = await load_action(session, m, battle_id)
    if not m.is_owner:
        raise Forbidden(_("Only the campaign's owner arbitrates battles."), code="R-BAT-5")
    if a.viewer.me is not None and a.viewer.me in a.participants:
        raise Forbidden(_("The owner does not arbitrate a battle they fight in."), code="R-BAT-5")
    _require_pending(a)
    if not arbitrable(a.viewer, a.row):
        raise Conflict(
            _("Only a disputed battle, or one of an inactive player, is arbitrated."),
            code="R-BAT-5",
        )
    v = a.viewer
    if data.report is None:
        await _cancel(session, a, "R-BAT-5")
    else:
        result = _engine_report(data.report)
        _require_its_turn(a)
        _check_report(a, result)
        a.row.report = {**data.report.model_dump(mode="json"), "arbitrated": True}
        a.row.reported_by = None
        a.row.report_version += 1
        a.row.rejection_reason = None
        resolution = battles.apply_battle_result(v.state, a.battle, result, v.ruleset)
        await _settle(session, a, BattleStatus.CONFIRMED, resolution.state, resolution.events)
    return await present_battle(session, v, a.row)


async def apply_reported_battle(session: AsyncSession, campaign: Campaign, row: BattleRow) -> None:
    """At the battle deadline an unconfirmed report stands as reported (R-TURN-3).

    Called by the deadline sweeper with the owner's authority: the game master's view.
    """
    a = await _master_action(session, campaign, row.id)
    result = report_from_json(a.row.report or {})
    v = a.viewer
    if battles.validate_report(v.state, a.battle, result, v.ruleset):
        # The map moved on since the report (another battle settled first): it cannot stand.
        await _cancel(session, a, "R-TURN-3")
        return
    resolution = battles.apply_battle_result(v.state, a.battle, result, v.ruleset)
    await _settle(session, a, BattleStatus.CONFIRMED, resolution.state, resolution.events)


async def cancel_as_master(session: AsyncSession, campaign: Campaign, battle_id: int) -> None:
    """Cancel a pending battle with the game master's authority (deadlines, R-TURN-3)."""
    await _cancel(session, await _master_action(session, campaign, battle_id), "R-TURN-3")


async def _master_action(session: AsyncSession, campaign: Campaign, battle_id: int) -> BattleAction:
    """A battle seen as the game master sees it (the owner's authority, no seat)."""
    owner = await session.get_one(User, campaign.owner_id)
    return await load_action(session, Membership(campaign, owner, None), battle_id)


async def _cancel(session: AsyncSession, a: BattleAction, rule: str) -> None:
    """The one way a battle is cancelled: no effects, in the summaries, one live event."""
    where = (a.battle.coord,)
    event = Event(EventKind.BATTLE_CANCELLED, rule, a.participants, where, {"battle_id": a.row.id})
    await _settle(
        session, a, BattleStatus.CANCELLED, battles.cancel(a.viewer.state, a.battle), (event,)
    )


# ------------------------------------------------------------------ automatic confirmation


def auto_confirm_due(now: datetime) -> ColumnElement[bool]:
    """The campaign (of the enclosing query) has a report whose time to answer ran out (R-BAT-9)."""
    return exists().where(
        BattleRow.campaign_id == Campaign.id,
        BattleRow.status == BattleStatus.REPORTED,
        BattleRow.auto_confirm_at <= now,
    )


async def auto_confirm_reports(
    session: AsyncSession, campaign: Campaign, now: datetime
) -> list[int]:
    """Confirm every report of the locked campaign whose time ran out, as its other side would
    (R-BAT-9): the rows are read after the lock, so a rejection that came first wins and a
    report confirms itself once. Returns the ids confirmed; a report that no longer fits the
    map is disputed instead (and not in the list)."""
    due = (
        await session.scalars(
            select(BattleRow)
            .where(
                BattleRow.campaign_id == campaign.id,
                BattleRow.status == BattleStatus.REPORTED,
                BattleRow.auto_confirm_at <= now,
            )
            .execution_options(populate_existing=True)
        )
    ).all()
    confirmed = []
    # In declaration order (R-MOVE-3): the ids are scrambled, their counters are not.
    for row in sorted(due, key=lambda b: entity_counter(campaign.id_salt, b.id)):
        if row.status is not BattleStatus.REPORTED:
            continue  # cancelled meanwhile by an earlier one's effects
        a = await _master_action(session, campaign, row.id)
        result = report_from_json(a.row.report or {})
        v = a.viewer
        if battles.validate_report(v.state, a.battle, result, v.ruleset):
            reason = "The report no longer fits the map (R-BAT-9): report the result again."
            a.row.status = BattleStatus.DISPUTED
            a.row.rejection_reason = reason
            a.row.auto_confirm_at = None
            await session.flush()
            payload = {"status": "disputed", "reason": reason}
            await publish_battle(session, a, AppEventKind.BATTLE_REJECTED, payload, a.battle)
            continue
        resolution = battles.apply_battle_result(v.state, a.battle, result, v.ruleset)
        await _settle(session, a, BattleStatus.CONFIRMED, resolution.state, resolution.events)
        confirmed.append(row.id)
    return confirmed


async def shift_auto_confirm(session: AsyncSession, campaign: Campaign, shift: timedelta) -> None:
    """A resumed campaign's automatic confirmations move by the time spent paused (R-BAT-9)."""
    await session.execute(
        update(BattleRow)
        .where(
            BattleRow.campaign_id == campaign.id,
            BattleRow.status == BattleStatus.REPORTED,
            BattleRow.auto_confirm_at.is_not(None),
        )
        .values(auto_confirm_at=BattleRow.auto_confirm_at + shift)
        .execution_options(synchronize_session="fetch")
    )
