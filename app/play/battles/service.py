"""Battles from declaration to consequences (R-BAT, R-SIEGE, R-SYS, R-ARMY-4, R-TURN-3).

Who sees a battle (R-FOG-3/4): its participants; a player whose current sight holds its tile
(the public part only: kind, tile, sides' players, status, and the result once it stands),
unless one of its armies is concealed from them (R-OPT-3: the battle reveals it to its
participants only, `visibility.battle_seen`); the owner who does not play (the game master)
sees all; the owner who plays sees, besides, the battles they may arbitrate. A battle the caller
cannot see does not exist for them (404).
"""

from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    ColumnElement,
    Integer,
    and_,
    bindparam,
    exists,
    false,
    func,
    insert,
    inspect,
    or_,
    select,
    true,
    tuple_,
    type_coerce,
    update,
)
from sqlalchemy.dialects.postgresql import aggregate_order_by
from sqlalchemy.ext.asyncio import AsyncSession

from app.platform.db.base import later, table_of, utcnow
from app.platform.errors import Conflict, Forbidden, NotFound, refuse
from app.platform.i18n import _
from app.platform.pagination import PageParams
from app.play.battles.club_nights import suggested_dates
from app.play.battles.schemas import (
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
from app.play.campaigns.access import Membership
from app.play.campaigns.battle_names import (
    BattleNames,
    battle_names,
    holder_names,
    holders_of,
    read_battle_names,
    seat_holders,
)
from app.play.rosters import service as rosters
from app.play.turns import battle_records as records
from app.play.turns import service as turns
from app.rules import battles, reliability, visibility
from app.rules.bots import points
from app.rules.ids import entity_counter
from app.rules.rosters import Casualty
from app.rules.ruleset import Ruleset
from app.rules.state import Battle, BattleReport, CampaignState, Event, EventKind, Fate, Outcome
from app.store.events.kinds import AnyEventKind, AppEventKind
from app.store.events.publish import publish
from app.store.models import User
from app.store.models.campaign import Campaign, CampaignPlayer, CampaignStatus
from app.store.models.reliability import SeatBattleRecord
from app.store.models.roster import BattleRosterRow
from app.store.models.world import PENDING_BATTLE_STATUSES, BattleRow
from app.store.persistence import (
    Extra,
    battle_from_row,
    cached_sight,
    load_read,
    load_ruleset,
    load_state,
    report_from_json,
    save_state,
    side_to_json,
)
from app.store.persistence.battles import tiers_from_json

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
    return _caller_of(m, state)


def _caller_of(m: Membership, state: CampaignState) -> Caller:
    """The caller looking at `state`."""
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


def _brought_to_owner_clause(v: Caller) -> ColumnElement[bool]:
    """Battles brought to the owner (R-BAT-5): disputed once (they stay the owner's to follow
    once settled), or pending with an inactive participant."""
    with_inactive = [_in_side(col, p) for p in sorted(v.inactive) for col in _sides()]
    return or_(
        BattleRow.was_disputed,
        and_(BattleRow.status.in_(PENDING_BATTLE_STATUSES), or_(false(), *with_inactive)),
    )


def _sides() -> tuple[Any, Any]:
    return BattleRow.attacker, BattleRow.defender


def _names_army(column: Any, army_id: int) -> ColumnElement[bool]:
    result: ColumnElement[bool] = column.contains({"army_ids": [army_id]})
    return result


def visible_clause(v: Caller) -> ColumnElement[bool]:
    """`visibility.battle_seen` as SQL, word for word from `visibility.battle_filter`
    (tests/play/world/test_visibility_sql.py checks that the two agree)."""
    seen = visibility.battle_filter(v.viewer)
    if seen.everything:
        return true()
    clauses: list[ColumnElement[bool]] = []
    if seen.seat is not None:
        clauses += [_in_side(column, seen.seat) for column in _sides()]
    if seen.brought_to_owner:
        clauses.append(_brought_to_owner_clause(v))
    if seen.tiles:
        # R-OPT-3: a battle naming an army concealed from the caller does not exist for them.
        concealed = [_names_army(col, a) for a in sorted(seen.unless_naming) for col in _sides()]
        on_tiles = tuple_(BattleRow.q, BattleRow.r).in_(sorted(seen.tiles))
        clauses.append(and_(on_tiles, ~or_(false(), *concealed)))
    return or_(false(), *clauses)


def arbitrable(v: Caller, row: BattleRow) -> bool:
    """The owner may rule on it now (R-BAT-5): disputed, or pending with an inactive
    participant."""
    if row.status == BattleStatus.DISPUTED:
        return True
    return _pending_with_inactive(v, row, battle_from_row(row))


def brought_to_owner(v: Caller, row: BattleRow, battle: Battle) -> bool:
    """The owner was asked to rule on it, or may be now (what `_brought_to_owner_clause`
    selects): a battle once disputed stays in the owner's list and view after the ruling.
    `battle`: the row as the engine's battle (`battle_from_row`), read once by the caller."""
    return row.was_disputed or _pending_with_inactive(v, row, battle)


def _pending_with_inactive(v: Caller, row: BattleRow, battle: Battle) -> bool:
    return row.status in PENDING_BATTLE_STATUSES and bool(battles.participants(battle) & v.inactive)


def _full_view(v: Caller, row: BattleRow, battle: Battle) -> bool:
    """Forces, stake and reports: participants, the game master, the owner who may rule."""
    players = battles.participants(battle)
    return visibility.battle_forces_seen(
        v.viewer, players, brought_to_owner=brought_to_owner(v, row, battle)
    )


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


def _forces_read(data: dict[str, Any] | None) -> SideForcesRead | None:
    return SideForcesRead.model_validate(data) if data is not None else None


def _shows_rosters(v: Caller, battle: Battle) -> bool:
    """R-FOG-4 (`visibility.battle_rosters_seen`)."""
    return visibility.battle_rosters_seen(v.viewer, battles.participants(battle))


_Fielded = dict[int, list[BattleRosterRow]]


async def _rosters_of(session: AsyncSession, v: Caller, rows: Sequence[BattleRow]) -> _Fielded:
    """The lists fielded in the battles whose lists the caller sees, by battle (one query)."""
    return await rosters.load_fielded(
        session,
        v.membership.campaign.id,
        [row.id for row in rows if _shows_rosters(v, battle_from_row(row))],
    )


# -- a page of battles in one statement (`list_battles`)

# A timestamp as text in UTC (the JSON of a timestamp follows the session's time zone).
_UTC_TEXT = 'YYYY-MM-DD"T"HH24:MI:SS.US'
_BATTLE_TIMES = ("auto_confirm_at", "play_by", "play_by_proposal")
_BATTLE_COLUMNS = tuple(c.name for c in table_of(BattleRow).c if c.name != "campaign_id")


def _json_column(table: Any, name: str, times: Sequence[str]) -> Any:
    column = table.c[name]
    return func.to_char(func.timezone("UTC", column), _UTC_TEXT) if name in times else column


def _list_extras() -> tuple[Extra, Extra, Extra]:
    """Every battle of the campaign, and the lists fielded in the battles whose lists the
    caller sees (`visibility.battle_rosters_seen`: the game master, or a side's player
    `:roster_seat`), and the names of the users who held the seats of battles over
    (`BattleNames`)."""
    table = table_of(BattleRow)
    columns = (_json_column(table, c, _BATTLE_TIMES) for c in _BATTLE_COLUMNS)
    values = func.json_build_array(*columns)
    every = (
        select(func.json_agg(aggregate_order_by(values, table.c.id)))
        .where(table.c.campaign_id == bindparam("campaign_id"))
        .scalar_subquery()
    )
    fielded = table_of(BattleRosterRow)
    seat = func.to_jsonb(bindparam("roster_seat", type_=Integer))

    def has_player(column: Any) -> ColumnElement[bool]:
        result: ColumnElement[bool] = column.op("->")("players").op("@>", is_comparison=True)(seat)
        return result

    seen_by_caller = exists().where(
        table.c.campaign_id == fielded.c.campaign_id,
        table.c.id == fielded.c.battle_id,
        or_(
            bindparam("every_roster", type_=Boolean),
            has_player(table.c.attacker),
            has_player(table.c.defender),
        ),
    )
    fielded_values = func.json_build_array(
        fielded.c.battle_id, fielded.c.army_id, fielded.c.side, fielded.c.roster
    )
    shown = (
        select(func.json_agg(fielded_values))
        .where(fielded.c.campaign_id == bindparam("campaign_id"), seen_by_caller)
        .scalar_subquery()
    )
    return (
        Extra("every_battle", type_coerce(every, JSON)),
        Extra("shown_rosters", type_coerce(shown, JSON)),
        Extra("holder_names", type_coerce(holder_names(), JSON)),
    )


_LIST_EXTRAS = _list_extras()


def _utc(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text).replace(tzinfo=UTC)


_NEW_BATTLE_ROW = inspect(BattleRow).class_manager.new_instance


def _battle_row(m: Membership, values: Sequence[Any]) -> BattleRow:
    """A battle row (not in the session, read only) of its `_BATTLE_COLUMNS` values.

    Made as SQLAlchemy's loading makes a row it read, its values put in place: the ORM's
    constructor, which records each attribute it sets as a change, cost eight times more and
    runs for every battle of the campaign."""
    row: BattleRow = _NEW_BATTLE_ROW()
    values_of = row.__dict__
    values_of.update(zip(_BATTLE_COLUMNS, values, strict=True))
    for name in _BATTLE_TIMES:
        values_of[name] = _utc(values_of[name])
    values_of["status"] = BattleStatus(values_of["status"])
    values_of["campaign_id"] = m.campaign.id
    return row


def _loaded_rosters(v: Caller, rows: Sequence[BattleRow], shown: Sequence[Any]) -> _Fielded:
    """`_rosters_of` of the lists fielded read with the state: those of the page's battles
    whose lists the caller sees (the query chose the battles; this keeps the page's)."""
    page = {row.id for row in rows if _shows_rosters(v, battle_from_row(row))}
    found: _Fielded = {}
    for battle_id, army_id, side, roster in shown:
        if battle_id in page:
            row = BattleRosterRow(
                campaign_id=v.membership.campaign.id,
                battle_id=battle_id,
                army_id=army_id,
                side=side,
                roster=roster,
            )
            found.setdefault(battle_id, []).append(row)
    return found


def _battle_rosters(
    v: Caller, row: BattleRow, found: _Fielded, lists: bool
) -> list[BattleRosterRead] | None:
    """Each side's lists as fielded, checked at the tiers the battle was declared with (`lists`:
    `_shows_rosters`)."""
    if not lists:
        return None
    tiers = tiers_from_json(row.forces) or {}
    out = []
    order = {"attacker": 0, "defender": 1}
    for fielded in sorted(found.get(row.id, ()), key=lambda f: (order[f.side], f.army_id)):
        read = rosters.fielded_read_model(v.membership, fielded, tiers.get(fielded.army_id))
        side: SideName = "attacker" if fielded.side == "attacker" else "defender"
        out.append(
            BattleRosterRead(
                side=side, army_id=fielded.army_id, exceeds_caps=not read.check.fits, roster=read
            )
        )
    return out


async def present_battle(
    session: AsyncSession, v: Caller, row: BattleRow, now: datetime | None = None
) -> BattleRead:
    found = await _rosters_of(session, v, [row])
    names = await read_battle_names(session, v.membership, [row.holders])
    nights = suggested_dates(v.membership.campaign, now or utcnow())
    return _read(v, names, row, found, nights)


def _read(
    v: Caller, names: BattleNames, row: BattleRow, found: _Fielded, nights: list[datetime]
) -> BattleRead:
    """The battle as `v` sees it; `nights`: the campaign's club nights to offer (R-BAT-11)."""
    battle = battle_from_row(row)
    status = BattleStatus(row.status)
    full = _full_view(v, row, battle)
    mine = battles.sides_of(battle, v.me) if v.me is not None else None
    by = row.reported_by
    # R-CAMP-5: whoever held the seats in this battle, named in full to them alone.
    named = names.of(
        battles.participants(battle),
        over=status in OVER_STATUSES,
        holders=row.holders,
        also=() if by is None else (by,),
    )

    def player(number: int) -> BattlePlayer:
        return BattlePlayer(number=number, name=named.get(number, ""))

    def side(name: SideName) -> BattleSideRead:
        s = battle.attacker if name == "attacker" else battle.defender
        forces = (row.forces or {}).get(name) if full else None
        return BattleSideRead(
            players=[player(p) for p in sorted(s.players)],
            structure_id=s.structure_id,
            forces=_forces_read(forces),
        )

    report = None
    lists = _shows_rosters(v, battle)  # casualties name the lists' units (R-FOG-4)
    if row.report is not None and (full or status is BattleStatus.CONFIRMED):
        report = ReportRead(
            **{
                k: row.report[k]
                for k in ReportCreate.model_fields
                if k in row.report and (k != "casualties" or lists)
            },
            reported_by=player(by) if by is not None else None,
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
        suggested_dates=[] if status in OVER_STATUSES else nights,
        auto_confirm_at=row.auto_confirm_at if full and status is BattleStatus.REPORTED else None,
        rosters=_battle_rosters(v, row, found, lists),
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


def _listed(v: Caller, row: BattleRow) -> bool:
    """`visibility.battle_seen_in` of the row (what `visible_clause` says in SQL), the row read
    as the engine's battle once."""
    battle = battle_from_row(row)
    brought = brought_to_owner(v, row, battle)
    return visibility.battle_seen_in(v.viewer, battle, brought_to_owner=brought)


async def list_battles(
    session: AsyncSession,
    m: Membership,
    status: BattleStatus | None,
    page: PageParams,
    now: datetime | None = None,
) -> BattlePage:
    """A page of the battles the caller sees, newest first, in one statement with the state:
    every battle of the campaign and the rosters the caller may see are read with it, and the
    battles are chosen here by `visibility.battle_seen_in` (what `visible_clause` says in SQL),
    since the caller's sight is known only once the state is."""
    if m.viewer.seat is None and not m.viewer.game_master:
        raise NotFound(_("Battle not found."))
    params = {"roster_seat": m.viewer.seat, "every_roster": m.viewer.game_master}
    loaded = await load_read(
        session,
        m.campaign,
        explored_for=(),
        generals=False,
        stakes=False,
        extras=_LIST_EXTRAS,
        params=params,
    )
    v = _caller_of(m, loaded.state)
    every = [_battle_row(m, values) for values in loaded.extras["every_battle"] or ()]
    seen = [row for row in every if (status is None or row.status == status) and _listed(v, row)]
    # Newest turn first; the ids are scrambled, so within a turn the order is only stable.
    seen.sort(key=lambda row: (row.turn, row.id), reverse=True)
    rows = seen[page.offset : page.offset + page.limit]
    found = _loaded_rosters(v, rows, loaded.extras["shown_rosters"] or ())
    names = battle_names(m, loaded.names, loaded.extras["holder_names"])
    nights = suggested_dates(m.campaign, now or utcnow())  # one campaign: once for the page
    return BattlePage.of((_read(v, names, r, found, nights) for r in rows), len(seen), page)


async def read_battle(
    session: AsyncSession, m: Membership, battle_id: int, now: datetime | None = None
) -> BattleRead:
    v = await _caller(session, m, full=False)
    row = await _visible_row(session, v, battle_id)
    return await present_battle(session, v, row, now)


async def visible_battle(
    session: AsyncSession, m: Membership, battle_id: int
) -> tuple[Caller, BattleRow]:
    """The caller and a battle they may see (404 otherwise), for a read of it (a pack)."""
    v = await _caller(session, m, full=False)
    return v, await _visible_row(session, v, battle_id)


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


async def _check_casualties(session: AsyncSession, a: BattleAction, data: ReportCreate) -> None:
    """The casualties fit the lists the battle fielded (R-ARMY-7)."""
    lines = [Casualty(c.army_id, c.unit, c.lost) for c in data.casualties]
    await rosters.check_casualties(session, a.viewer.membership.campaign.id, a.row.id, lines)


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
    *,
    also: frozenset[int] = frozenset(),
) -> None:
    await publish(
        session,
        a.viewer.membership.campaign.id,
        kind,
        {"battle_id": battle.id, **payload},
        audience=battles.participants(battle) | also,
    )


def _dispute(a: BattleAction, reason: str) -> None:
    """The battle waits for a new report or the owner's ruling (R-BAT-5); the owner keeps it."""
    a.row.status = BattleStatus.DISPUTED
    a.row.rejection_reason = reason
    a.row.auto_confirm_at = None
    a.row.was_disputed = True


async def publish_dispute(session: AsyncSession, a: BattleAction, reason: str) -> None:
    """Its sides hear of the dispute, and so does the owner who plays (the game master hears
    every event): the battle is brought to them to rule on, wherever it is (R-BAT-5)."""
    owner_seat = await session.scalar(
        select(CampaignPlayer.number).where(
            CampaignPlayer.campaign_id == a.viewer.membership.campaign.id,
            CampaignPlayer.user_id == a.viewer.membership.campaign.owner_id,
        )
    )
    also = frozenset() if owner_seat is None else frozenset({owner_seat})
    payload = {"status": "disputed", "reason": reason}
    await publish_battle(session, a, AppEventKind.BATTLE_REJECTED, payload, a.battle, also=also)


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
    now: datetime | None = None,
    *,
    then_change: bool = True,
) -> None:
    """Write a settled battle's effects, close it and the battles it cancelled, tell everyone;
    `then_change`: and change the turn if that was the last thing it waited for."""
    v = a.viewer
    campaign = v.membership.campaign
    await save_state(session, campaign, v.state, after)
    if status is BattleStatus.CONFIRMED:
        await _record_confirmation(session, a, now or utcnow())
    # R-CAMP-5: the names it shows from now on are those of whoever holds its seats now.
    held = await seat_holders(session, campaign.id)
    a.row.holders = holders_of(held, battles.participants(a.battle))
    a.row.status = status
    a.row.resolved_turn = campaign.turn
    a.row.auto_confirm_at = None
    a.row.play_by_proposal = a.row.play_by_proposed_by = None
    if status is BattleStatus.CONFIRMED:  # the result goes onto its armies (R-ARMY-7)
        sides = {
            "attacker": (a.battle.attacker.army_ids, a.battle.attacker.players),
            "defender": (a.battle.defender.army_ids, a.battle.defender.players),
        }
        await rosters.record_battle(session, campaign.id, a.row, sides)
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
        other.holders = holders_of(held, battles.participants(v.state.battles[other_id]))
        other.status = BattleStatus.CANCELLED
        other.resolved_turn = campaign.turn
        other.auto_confirm_at = None
        other.play_by_proposal = other.play_by_proposed_by = None
        await _publish_closed(session, a, BattleStatus.CANCELLED, v.state.battles[other_id])
    # Settling the last battle of a ready table changes the turn (R-TURN-3).
    if then_change:
        await turns.change_turn_if_due(session, v.membership.campaign)


async def _record_confirmation(session: AsyncSession, a: BattleAction, now: datetime) -> None:
    """R-CAMP-14: for each side's seat, whether its battle was confirmed by the play-by date."""
    campaign_id = a.viewer.membership.campaign.id
    seats = await session.scalars(
        select(CampaignPlayer).where(
            CampaignPlayer.campaign_id == campaign_id,
            CampaignPlayer.number.in_(battles.participants(a.battle)),
        )
    )
    rows = []
    for seat in seats:
        on_time = reliability.battle_on_time(
            reliability.SeatInBattle(
                held=seat.user_id is not None,
                stewarded=seat.inactive,
                civil_disorder=seat.civil_disorder,
            ),
            a.row.play_by,
            now,
        )
        if on_time is not None:
            rows.append(
                {
                    "campaign_id": campaign_id,
                    "battle_id": a.row.id,
                    "number": seat.number,
                    "user_id": seat.user_id,
                    "on_time": on_time,
                    "confirmed_at": now,
                }
            )
    if rows:
        await session.execute(insert(SeatBattleRecord), rows)


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
    await _check_casualties(session, a, data)
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
    await _check_casualties(session, a, data)
    _store_report(a, data, me, now)
    await session.flush()
    payload = {"status": "reported", "reported_by": me, "version": a.row.report_version}
    await publish_battle(session, a, AppEventKind.BATTLE_REPORT_EDITED, payload, a.battle)
    return await present_battle(session, a.viewer, a.row)


async def confirm(
    session: AsyncSession,
    m: Membership,
    battle_id: int,
    version: int | None = None,
    now: datetime | None = None,
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
    await _settle(session, a, BattleStatus.CONFIRMED, resolution.state, resolution.events, now)
    return await present_battle(session, a.viewer, a.row)


async def reject(session: AsyncSession, m: Membership, battle_id: int, reason: str) -> BattleRead:
    """The other side disputes the report; a new report or the owner's ruling follows (R-BAT-5)."""
    a = await load_action(session, m, battle_id)
    side, _me = _my_side(a)
    _require_report_from_other_side(a, side)
    _dispute(a, reason)
    await session.flush()
    await publish_dispute(session, a, reason)
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
        await _check_casualties(session, a, data.report)
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


async def settle_by_points(
    session: AsyncSession, campaign: Campaign, battle_id: int, bots: AbstractSet[int]
) -> bool:
    """R-BOT-8: a pending battle whose sides are all `bots`' seats, decided by points with the
    game master's authority, during the turn change that declared it (so it changes no turn).
    False if it is not such a battle (any more)."""
    a = await _master_action(session, campaign, battle_id)
    if a.row.status not in PENDING_BATTLE_STATUSES or not a.participants <= bots:
        return False
    v = a.viewer
    if battles.validate_order(v.state, a.battle):
        return False  # an earlier battle of one of its armies is not settled
    result = points.resolve(v.state, a.battle, v.ruleset)
    if battles.validate_report(v.state, a.battle, result, v.ruleset):
        return False
    report = ReportCreate(
        outcome=result.outcome,
        attacker_losses_pct=result.attacker_losses_pct,
        defender_losses_pct=result.defender_losses_pct,
        fate=result.fate,
    )
    a.row.report = {**report.model_dump(mode="json"), "arbitrated": True}
    a.row.reported_by = None
    a.row.report_version += 1
    resolution = battles.apply_battle_result(v.state, a.battle, result, v.ruleset)
    await _settle(
        session,
        a,
        BattleStatus.CONFIRMED,
        resolution.state,
        resolution.events,
        then_change=False,
    )
    return True


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
            _dispute(a, reason)
            await session.flush()
            await publish_dispute(session, a, reason)
            continue
        resolution = battles.apply_battle_result(v.state, a.battle, result, v.ruleset)
        await _settle(session, a, BattleStatus.CONFIRMED, resolution.state, resolution.events, now)
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
        .values(auto_confirm_at=later(BattleRow.auto_confirm_at, shift))
        .execution_options(synchronize_session="fetch")
    )


async def settle_bot_battles(session: AsyncSession, campaign: Campaign) -> list[int]:
    """R-BOT-8: with `bot_battles_by_points`, every pending battle whose sides are all bots'
    is decided by points, in declaration order, during the change that declared it. Returns
    the battles settled."""
    if not campaign.settings.bot_battles_by_points:
        return []
    bots = set(
        await session.scalars(
            select(CampaignPlayer.number).where(
                CampaignPlayer.campaign_id == campaign.id,
                CampaignPlayer.bot_difficulty.is_not(None),
            )
        )
    )
    if not bots:
        return []
    rows = await session.scalars(
        select(BattleRow).where(
            BattleRow.campaign_id == campaign.id, BattleRow.status.in_(PENDING_BATTLE_STATUSES)
        )
    )
    settled = []
    # In declaration order (R-MOVE-3): the ids are scrambled, their counters are not.
    for row in sorted(rows.all(), key=lambda b: entity_counter(campaign.id_salt, b.id)):
        if await settle_by_points(session, campaign, row.id, frozenset(bots)):
            settled.append(row.id)
    return settled


# The turn change (a package below this one) runs it once the battles it declared are stored.
turns.after_battles_declared(settle_bot_battles)
