"""The reliability profile (R-CAMP-14): the records of the turn changes and the battle
confirmations summed up per user, in one aggregate statement for any number of users."""

import uuid
from collections import Counter
from collections.abc import Collection

from sqlalchemy import String, case, cast, func, literal, select, union_all
from sqlalchemy.ext.asyncio import AsyncSession

from app.play.reliability.schemas import BattleCounts, ReliabilityRead, TurnCounts
from app.rules.reliability import TurnStanding
from app.store.models.reliability import SeatBattleRecord, SeatTurnRecord

# The statement's rows: (user, what is counted, how many).
_CAMPAIGNS, _BATTLE_ON_TIME, _BATTLE_LATE = "campaigns", "battle:on_time", "battle:late"


async def profiles(
    session: AsyncSession, user_ids: Collection[uuid.UUID]
) -> dict[uuid.UUID, ReliabilityRead]:
    """Every user's profile (an empty one for a user with no record), one round trip."""
    if not user_ids:
        return {}
    ids = sorted(user_ids)
    turns = (
        select(SeatTurnRecord.user_id, cast(SeatTurnRecord.standing, String), func.count())
        .where(SeatTurnRecord.user_id.in_(ids))
        .group_by(SeatTurnRecord.user_id, SeatTurnRecord.standing)
    )
    campaigns = (
        select(
            SeatTurnRecord.user_id,
            literal(_CAMPAIGNS),
            func.count(SeatTurnRecord.campaign_id.distinct()),
        )
        .where(SeatTurnRecord.user_id.in_(ids))
        .group_by(SeatTurnRecord.user_id)
    )
    battle_kind = case((SeatBattleRecord.on_time, _BATTLE_ON_TIME), else_=_BATTLE_LATE)
    battles = (
        select(SeatBattleRecord.user_id, battle_kind, func.count())
        .where(SeatBattleRecord.user_id.in_(ids))
        .group_by(SeatBattleRecord.user_id, SeatBattleRecord.on_time)
    )
    counts: dict[uuid.UUID, Counter[str]] = {user_id: Counter() for user_id in ids}
    for user_id, what, n in await session.execute(union_all(turns, campaigns, battles)):
        counts[user_id][what] = n
    return {user_id: _profile(c) for user_id, c in counts.items()}


def _profile(c: Counter[str]) -> ReliabilityRead:
    return ReliabilityRead(
        campaigns=c[_CAMPAIGNS],
        turns=TurnCounts(**{s.value: c[s.value] for s in TurnStanding}),
        battles=BattleCounts(on_time=c[_BATTLE_ON_TIME], late=c[_BATTLE_LATE]),
    )


async def profile(session: AsyncSession, user_id: uuid.UUID) -> ReliabilityRead:
    """One user's profile."""
    return (await profiles(session, [user_id]))[user_id]
