"""Play-by dates of battles (R-BAT-8): one side proposes, the other side accepts.

A proposal replaces the one waiting, whoever made it (a counter-proposal); an accepted date
stands until another proposal is accepted. The callers hold the campaign lock and read the
battle after it (lock first, then read), so two answers to one proposal cannot both win.
"""

from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession

from app.platform.errors import Conflict, Forbidden, RuleViolation
from app.platform.i18n import _
from app.play.battles.club_nights import MAX_AHEAD
from app.play.battles.schemas import BattleRead, SideName
from app.play.battles.service import (
    OVER_STATUSES,
    BattleAction,
    load_action,
    present_battle,
    publish_battle,
)
from app.play.campaigns.access import Membership
from app.rules import battles
from app.store.events.kinds import AppEventKind

RULE = "R-BAT-8"


def _participant(a: BattleAction) -> tuple[SideName, int]:
    """The caller's side and number; 403 for a visible battle they take no part in."""
    me = a.viewer.me
    side = battles.sides_of(a.battle, me) if me is not None else None
    if me is None or side is None:
        raise Forbidden(_("Only the battle's players agree on its date."), code=RULE)
    if me in a.viewer.inactive:  # a steward signs nothing (R-CAMP-7), as in _my_side
        raise Conflict(
            _("Your seat is held by a steward: the campaign's owner settles its battles."),
            code="R-CAMP-7",
        )
    if a.row.status in OVER_STATUSES:
        raise Conflict(_("This battle is already {status}.", status=a.row.status), code=RULE)
    return side, me


def _check_future(date: datetime, now: datetime) -> None:
    if date <= now:
        raise RuleViolation(RULE, _("A play-by date must be in the future."))
    if date > now + MAX_AHEAD:
        raise RuleViolation(RULE, _("A play-by date may be at most 90 days ahead."))


async def propose(
    session: AsyncSession, m: Membership, battle_id: int, date: datetime, now: datetime
) -> BattleRead:
    """Propose a play-by date; it replaces any proposal waiting (R-BAT-8)."""
    a = await load_action(session, m, battle_id)
    side, me = _participant(a)
    _check_future(date, now)
    row = a.row
    mine = row.play_by_proposed_by is not None and (
        battles.sides_of(a.battle, row.play_by_proposed_by) == side
    )
    unchanged = (row.play_by_proposal == date and mine) or (
        row.play_by_proposal is None and row.play_by == date
    )
    if not unchanged:  # the same proposal again (a retry) tells no one anything new
        row.play_by_proposal = date
        row.play_by_proposed_by = me
        await session.flush()
        payload = {"date": date.isoformat(), "side": side}
        await publish_battle(session, a, AppEventKind.BATTLE_DATE_PROPOSED, payload, a.battle)
    return await present_battle(session, a.viewer, row, now)


async def accept(
    session: AsyncSession, m: Membership, battle_id: int, date: datetime, now: datetime
) -> BattleRead:
    """Accept the other side's proposal, naming its date (R-BAT-8)."""
    a = await load_action(session, m, battle_id)
    side, _me = _participant(a)
    row = a.row
    if row.play_by_proposal is None or row.play_by_proposed_by is None:
        if row.play_by == date:  # already agreed: a retry of the acceptance
            return await present_battle(session, a.viewer, row, now)
        raise Conflict(_("No play-by date is waiting for an answer."), code=RULE)
    proposer = battles.sides_of(a.battle, row.play_by_proposed_by)
    if proposer is None:
        raise Conflict(_("No play-by date is waiting for an answer."), code=RULE)
    if proposer == side:
        raise Forbidden(_("The other side accepts your side's proposal."), code=RULE)
    if row.play_by_proposal != date:
        raise Conflict(
            _(
                "The proposal waiting is for another date: {date}; read the battle again.",
                date=row.play_by_proposal.isoformat(),
            ),
            code=RULE,
        )
    if date <= now:
        raise RuleViolation(RULE, _("This date has passed: propose another."))
    row.play_by = date
    row.play_by_proposal = row.play_by_proposed_by = None
    await session.flush()
    await publish_battle(
        session, a, AppEventKind.BATTLE_DATE_AGREED, {"date": date.isoformat()}, a.battle
    )
    return await present_battle(session, a.viewer, row, now)
