"""Readiness and the turn change (R-TURN): exactly once, in one transaction."""

import logging
from collections.abc import Awaitable, Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import reduce
from typing import Any, Protocol

import anyio.to_thread
from sqlalchemy import Text, bindparam, func, insert, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from app.platform import metrics
from app.platform.db.base import table_of, utcnow
from app.platform.db.bulk import insert_unnested, unnest_params
from app.platform.db.session import json_text
from app.platform.errors import Conflict
from app.platform.i18n import DEFAULT_LANGUAGE, Language, _, ngettext, say
from app.play.bots import service as bots
from app.play.campaigns.access import Membership
from app.play.campaigns.clock import call_off_change, start_turn_clock
from app.play.campaigns.service import players_of, seat_name, shown_names
from app.play.diplomacy import service as diplomacy
from app.play.ledger import service as ledger
from app.play.orders import standing as standing_orders
from app.play.seats import vacations
from app.play.turns import battle_records
from app.play.turns.schemas import ReadyPlayer, TurnRead
from app.rules import disorder, reliability
from app.rules.resolve import TurnResult, resolve_turn
from app.rules.state import TurnOrders, season_of
from app.store.events.kinds import AppEventKind
from app.store.events.publish import Event, publish, publish_all
from app.store.models import User
from app.store.models.campaign import Campaign, CampaignPlayer, CampaignStatus
from app.store.models.reliability import SeatTurnRecord
from app.store.models.turn import TurnRecord, TurnSummaryRow
from app.store.models.world import PENDING_BATTLE_STATUSES, BattleRow
from app.store.persistence import (
    event_to_json,
    gold_line_to_json,
    load_read,
    load_ruleset,
    save_state,
    snapshots,
)

logger = logging.getLogger(__name__)


def _pending_count(campaign_id: Any) -> Any:
    """The campaign's battles waiting for a result, as a scalar subquery."""
    return (
        select(func.count())
        .select_from(BattleRow)
        .where(BattleRow.campaign_id == campaign_id, BattleRow.status.in_(PENDING_BATTLE_STATUSES))
        .scalar_subquery()
    )


_CAMPAIGN = bindparam("campaign_id", type_=Campaign.id.type)
# Built once (every ready, every poll of the turn runs them), executed with the campaign id.
_GATE = (
    select(CampaignPlayer, _pending_count(_CAMPAIGN))
    .where(CampaignPlayer.campaign_id == _CAMPAIGN)
    .order_by(CampaignPlayer.number)
)
_TURN = (
    select(
        _pending_count(_CAMPAIGN).label("battles"),
        select(func.max(TurnRecord.resolved_at))
        .where(TurnRecord.campaign_id == _CAMPAIGN)
        .scalar_subquery()
        .label("last"),
        CampaignPlayer.number,
        CampaignPlayer.faction,
        CampaignPlayer.ready,
        CampaignPlayer.inactive,
        CampaignPlayer.civil_disorder,
        CampaignPlayer.bot_difficulty,
        CampaignPlayer.user_id,
        User.display_name,
    )
    .select_from(Campaign)
    .outerjoin(CampaignPlayer, CampaignPlayer.campaign_id == Campaign.id)
    .outerjoin(User, User.id == CampaignPlayer.user_id)
    .where(Campaign.id == _CAMPAIGN)
    .order_by(CampaignPlayer.number)
)


async def pending_battles(session: AsyncSession, campaign_id: Any) -> int:
    count = await session.scalar(select(_pending_count(campaign_id)))
    return count or 0


@dataclass(frozen=True)
class TurnGate:
    """What the turn change waits for (R-TURN-3): the one answer to "may the turn change now"."""

    waiting: list[CampaignPlayer]  # seated, active players who have not declared ready
    battles: int  # battles waiting for a result
    players: list[CampaignPlayer]  # every seat, as read under the caller's lock

    @property
    def open(self) -> bool:
        return not self.waiting and not self.battles

    def blockers(self) -> list[str]:
        return _blockers(len(self.waiting), self.battles)


def _blockers(waiting: int, battles: int) -> list[str]:
    out: list[str] = []
    if waiting:
        out.append(
            ngettext(
                "{waiting} player not ready",
                "{waiting} players not ready",
                waiting,
                waiting=waiting,
            )
        )
    if battles:
        out.append(
            ngettext(
                "{battles} battle waiting for a result",
                "{battles} battles waiting for a result",
                battles,
                battles=battles,
            )
        )
    return out


class _Seat(Protocol):
    faction: str | None
    ready: bool
    inactive: bool
    civil_disorder: bool
    bot_difficulty: str | None


def _waits(seat: _Seat) -> bool:
    """Seated, active and not ready: the turn waits for them (inactive: always ready, R-CAMP-4;
    in civil disorder: counted as ready, R-CAMP-10; a bot's: ready at once, R-BOT-4)."""
    return disorder.waits_for(
        disorder.SeatState(
            seated=seat.faction is not None,
            ready=seat.ready,
            inactive=seat.inactive,
            civil_disorder=seat.civil_disorder,
            bot=seat.bot_difficulty is not None,
        )
    )


async def turn_gate(session: AsyncSession, campaign: Campaign) -> TurnGate:
    """Who and what the current turn waits for (R-TURN-3), in one round trip: every seat, each
    row carrying the count of pending battles."""
    rows = (await session.execute(_GATE, {"campaign_id": campaign.id})).all()
    players = [p for p, _ in rows]
    battles = rows[0][1] if rows else await pending_battles(session, campaign.id)
    return TurnGate([p for p in players if _waits(p)], battles, players)


async def change_turn_if_due(
    session: AsyncSession, campaign: Campaign, now: datetime | None = None
) -> bool:
    """With auto-resolve, change the turn when nothing waits any more; True if it changed.

    With a grace period (R-TURN-7) the change is only scheduled: the sweeper runs it when due.
    """
    if not campaign.settings.auto_resolve:
        return False
    await session.flush()
    gate = await turn_gate(session, campaign)
    if not gate.open:
        return False
    grace = campaign.settings.grace_minutes
    if grace:
        if campaign.change_due_at is None:
            campaign.change_due_at = (now or utcnow()) + timedelta(minutes=grace)
            await session.flush()
            payload = {"turn": campaign.turn, "due_at": campaign.change_due_at.isoformat()}
            await publish(session, campaign.id, AppEventKind.TURN_CHANGE_SCHEDULED, payload)
        return False
    await change_turn(session, campaign, now, players=gate.players)
    return True


async def read_turn(
    session: AsyncSession, m: Membership, language: Language = DEFAULT_LANGUAGE
) -> TurnRead:
    """One round trip, polled by every client: the campaign's row joined to each seat and its
    holder's name, with the count of pending battles and the last change's time (a row with no
    seat when there is none); what blocks the change is said in `language`."""
    c = m.campaign
    rows = (await session.execute(_TURN, {"campaign_id": c.id})).all()
    battles, last = (rows[0].battles or 0, rows[0].last) if rows else (0, None)
    seats = [r for r in rows if r.number is not None]
    names = shown_names(
        m,
        [
            (r.number, seat_name(r.number, r.display_name, r.bot_difficulty, m.language))
            for r in seats
        ],
    )
    waiting = sum(1 for r in seats if _waits(r))
    blocked = _blockers(waiting, battles) if c.status is CampaignStatus.ACTIVE else [c.status.value]
    return TurnRead(
        number=c.turn,
        season=season_of(c.turn).value if c.settings.seasons and c.turn > 0 else None,
        status=c.status.value,
        players=[
            ReadyPlayer(
                number=r.number,
                name=names[r.number],
                ready=r.ready,
                inactive=r.inactive,
                civil_disorder=r.civil_disorder,
                bot=r.bot_difficulty is not None,
            )
            for r in seats
        ],
        pending_battles=battles,
        blocked_by=[say(text, language) for text in blocked],
        auto_resolve=c.settings.auto_resolve,
        awaiting_owner=not blocked and not c.settings.auto_resolve,
        last_change_at=last,
        deadline_at=c.turn_deadline_at,
        battle_deadline_at=c.battle_deadline_at,
        paused=c.paused_at is not None,
        change_due_at=c.change_due_at,
    )


async def set_ready(session: AsyncSession, m: Membership, ready: bool) -> None:
    """Declare (or withdraw) readiness; with auto_resolve the last ready changes the turn.

    Idempotent: saying ready twice is not an error (R-TURN-2).
    """
    m.require_status(CampaignStatus.ACTIVE)
    player = m.require_player()
    changed = player.ready != ready
    player.ready = ready
    if ready:
        player.missed_in_row = 0  # R-CAMP-7: the seat is played again
    await session.flush()
    if changed:
        await publish(
            session,
            m.campaign.id,
            AppEventKind.PLAYER_READY,
            {"player": player.number, "ready": ready},
        )
    if ready:
        await change_turn_if_due(session, m.campaign)
    else:
        await call_off_change(session, m.campaign)


async def confirm_turn(session: AsyncSession, m: Membership) -> None:
    """The owner's confirmation of the end of turn (R-TURN-3)."""
    m.require_owner()
    m.require_status(CampaignStatus.ACTIVE)
    gate = await turn_gate(session, m.campaign)
    if gate.blockers():
        # Joined by a text, so that the whole detail is said in the reader's language.
        blocked = reduce(
            lambda first, second: _("{first}; {second}", first=first, second=second),
            gate.blockers(),
        )
        raise Conflict(
            _("The turn cannot change yet: {blocked}.", blocked=blocked), code="R-TURN-3"
        )
    await change_turn(session, m.campaign, players=gate.players)


# The change's rows, each table's in one statement built once (compiled and prepared once),
# whatever the number of seats: an ORM insert of a list goes row by row to the server.
_TURN_RECORD = insert(table_of(TurnRecord)).values(
    campaign_id=bindparam("campaign_id"), number=bindparam("number")
)
_SEAT_RECORDS = insert_unnested(
    table_of(SeatTurnRecord), ["number", "user_id", "standing"], "seats", ["campaign_id", "turn"]
)
_SUMMARIES = insert_unnested(
    table_of(TurnSummaryRow),
    ["player", "events"],
    "summaries",
    ["campaign_id", "number"],
    {"events": Text()},  # each summary's list, as JSON text
)


async def _record_seat_turns(
    session: AsyncSession,
    campaign: Campaign,
    number: int,
    seats: Sequence[CampaignPlayer],
    late: Collection[int],
) -> None:
    """R-CAMP-14: how each held seat's turn went, in the change's transaction (so once)."""
    rows = []
    for seat in seats:
        standing = reliability.turn_standing(
            reliability.SeatAtChange(
                seated=seat.faction is not None,
                held=seat.user_id is not None,
                ready=seat.ready,
                late=seat.number in late,
                civil_disorder=seat.civil_disorder,
            )
        )
        if standing is not None:
            rows.append({"number": seat.number, "user_id": seat.user_id, "standing": standing})
    if rows:
        params = {"campaign_id": campaign.id, "turn": number, **unnest_params(rows, "seats")}
        await session.execute(_SEAT_RECORDS, params)


async def _write_summaries(
    session: AsyncSession,
    campaign: Campaign,
    number: int,
    players: Collection[int],
    result: TurnResult,
    standing_lines: Mapping[int, list[dict[str, Any]]],
) -> None:
    """Each player's summary of turn `number` (R-FOG-3): the battles settled during the turn,
    the standing orders given, what the resolver told them, their gold lines last."""
    settled = await battle_records.take_summary_events(session, campaign.id)
    summaries = []
    for player in sorted(players):
        seen = settled.get(player, [])
        seen += standing_lines.get(player, [])
        seen += [event_to_json(e) for e in result.summaries.get(player, ())]
        # Each player's own gold lines (income, upkeep, stakes, refunds…) close their summary.
        seen += [gold_line_to_json(e) for e in result.ledger if e.player == player and e.amount]
        summaries.append({"player": player, "events": json_text(seen)})
    if summaries:
        params = {"campaign_id": campaign.id, "number": number}
        await session.execute(_SUMMARIES, {**params, **unnest_params(summaries, "summaries")})


# What runs in a change once the battles it declared are stored, registered by the packages
# above this one that act on them (app.play.battles: the bots' battles by points, R-BOT-8).
_AFTER_BATTLES_DECLARED: list[Callable[[AsyncSession, Campaign], Awaitable[object]]] = []


def after_battles_declared(hook: Callable[[AsyncSession, Campaign], Awaitable[object]]) -> None:
    """Run `hook` in every turn change, after its battles are stored, before the summaries."""
    if hook not in _AFTER_BATTLES_DECLARED:
        _AFTER_BATTLES_DECLARED.append(hook)


@metrics.timed_turn_change
async def change_turn(
    session: AsyncSession,
    campaign: Campaign,
    now: datetime | None = None,
    *,
    players: Sequence[CampaignPlayer] | None = None,
    late: Collection[int] = (),
    announced: Sequence[Event] = (),
) -> TurnResult:
    """Resolve the turn (R-TURN-4). The caller holds the campaign row lock; `players`: every
    seat, if the caller has just read them under it (its turn gate); `late`: the seats whose
    deadline this forced change passed (R-CAMP-7); `announced`: events of the caller's to
    publish first, with the change's own (one statement for all).

    The `turns` primary key is the backstop: a second change of the same turn cannot commit.
    """
    seats = list(players) if players is not None else await players_of(session, campaign.id)
    number = campaign.turn
    await session.execute(_TURN_RECORD, {"campaign_id": campaign.id, "number": number})
    await _record_seat_turns(session, campaign, number, seats, late)
    # R-TURN-8: standing orders are this turn's orders like any other (the snapshot keeps
    # them, so a turn rolled back and played again does not give them twice).
    standing_lines = await standing_orders.apply_standing_orders(session, campaign, seats)
    # R-BOT-4: the bots order now, before the snapshot, so a replayed turn has them.
    await bots.give_bot_orders(session, campaign, seats)
    await snapshots.save_snapshot(session, campaign)  # R-TURN-6: what a rollback restores
    # The state and the turn's orders (the standing ones just given among them) in one read.
    loaded = await load_read(session, campaign, players=seats, orders=True)
    state, orders = loaded.state, loaded.orders or TurnOrders()
    edicts = await diplomacy.turn_edicts(session, campaign)  # R-DIP-2: settled at step 5
    # The resolver is pure CPU work: a worker thread keeps this process's other requests
    # (and its event streams) answering meanwhile.
    ruleset = load_ruleset(campaign)
    result = await anyio.to_thread.run_sync(resolve_turn, state, orders, ruleset, edicts)
    await diplomacy.close_turn(session, campaign.id, edicts)
    await save_state(
        session,
        campaign,
        state,
        result.state,
        memories_loaded=True,
        sights=(ruleset, result.sights),
    )
    # Battles: forces fixed at declaration (R-ARMY-4); results confirmed during the
    # turn open the summaries (R-BAT-7).
    await battle_records.store_declared_forces(session, campaign, result.forces)
    await battle_records.snapshot_rosters(session, campaign, result.state, result.forces)
    for hook in _AFTER_BATTLES_DECLARED:  # R-BOT-8: bot battles by points, if chosen
        await hook(session, campaign)
    # The campaign row's changes before the next statement, which flushes them: its new turn
    # (save_state) and its clocks go in one UPDATE.
    limit = campaign.settings.turn_limit
    if limit is not None and result.state.turn > limit:
        campaign.status = CampaignStatus.FINISHED
    started = now or utcnow()
    start_turn_clock(campaign, started, battles_declared=bool(result.battles))
    vacations.push_new_deadline(campaign, seats, started)  # R-CAMP-8
    campaign.change_due_at = None  # R-TURN-7: a scheduled change is this one
    await ledger.record(session, campaign.id, number, result.ledger)
    await _write_summaries(session, campaign, number, state.players, result, standing_lines)
    if any(seat.ready for seat in seats):  # every seat, read under the lock
        await session.execute(
            update(CampaignPlayer)
            .where(CampaignPlayer.campaign_id == campaign.id)
            .values(ready=False)
        )
    await session.flush()
    declared = [
        Event(
            AppEventKind.BATTLE_DECLARED,
            {"battle_id": battle.id, "turn": number, "kind": battle.kind.value},
            audience=battle.attacker.players | battle.defender.players,
        )
        for battle in result.battles
    ]
    changed = Event(
        AppEventKind.TURN_CHANGED, {"turn": result.state.turn, "status": campaign.status.value}
    )
    await publish_all(session, campaign.id, [*announced, *declared, changed])
    logger.info(
        "turn changed",
        extra={"campaign_id": str(campaign.id), "turn": number, "battles": len(result.battles)},
    )
    return result
