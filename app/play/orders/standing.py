"""Standing orders (R-TURN-8): left by a player, given anew at every turn change.

At the change each one is given exactly as the player would give it during the turn — the
same service functions, so the same validation, prices and ledger lines — and the player's
summary says what was given and what was skipped, and why.
"""

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app.platform.db.ids import random_campaign_id, unused_id
from app.platform.errors import AppError, NotFound, RuleViolation
from app.platform.i18n import _
from app.play.campaigns.access import Membership
from app.play.campaigns.turn_context import TurnContext, load_turn_context
from app.play.orders import service as orders
from app.play.orders.schemas import BuildCreate, MoveSet, StandingOrderCreate, StandingOrderRead
from app.rules import movement
from app.rules.standing import (
    Standing,
    StandingKind,
    already_ordered,
    hostile_seen_near,
    well_formed,
)
from app.rules.state import BuildKind, StructureKind
from app.store.events.kinds import AppEventKind
from app.store.models import User
from app.store.models.campaign import Campaign, CampaignPlayer
from app.store.models.orders import StandingOrderRow
from app.store.persistence.events import with_texts


def _holds_structure(ctx: TurnContext, coord: tuple[int | None, int | None]) -> bool:
    """An own tile: one holding a structure of the player's (R-OWN)."""
    return any(s.owner == ctx.number and s.coord == coord for s in ctx.state.structures.values())


def read_standing(row: StandingOrderRow) -> StandingOrderRead:
    return StandingOrderRead(
        id=row.id,
        kind=row.kind,
        army_id=row.army_id,
        q=row.q,
        r=row.r,
        radius=row.radius,
        to_q=row.to_q,
        to_r=row.to_r,
    )


def _standing(row: StandingOrderRow | StandingOrderCreate) -> Standing:
    return Standing(row.kind, row.army_id, row.q, row.r, row.radius, row.to_q, row.to_r)


async def my_standing_orders(session: AsyncSession, ctx: TurnContext) -> list[StandingOrderRow]:
    rows = await session.scalars(
        select(StandingOrderRow)
        .where(
            StandingOrderRow.campaign_id == ctx.campaign.id, StandingOrderRow.player == ctx.number
        )
        .order_by(StandingOrderRow.created_at, StandingOrderRow.id)
    )
    return list(rows)


async def set_standing(
    session: AsyncSession, ctx: TurnContext, data: StandingOrderCreate
) -> tuple[StandingOrderRow, bool]:
    """Leave a standing order (the caller's seat row locked); the same one twice is one.
    Returns the row and whether it is new. An army or a city not the caller's is refused."""
    standing = _standing(data)
    problem = well_formed(standing)
    if problem:
        raise RuleViolation("R-TURN-8", problem)
    if data.kind is StandingKind.RETURN_TO and not _holds_structure(ctx, (data.q, data.r)):
        raise RuleViolation(
            "R-TURN-8", _("A standing return_to names a tile of yours (a structure).")
        )
    if data.kind is StandingKind.UPGRADE_CITY:
        mine = any(
            s.kind is StructureKind.CITY and s.owner == ctx.number and s.coord == (data.q, data.r)
            for s in ctx.state.structures.values()
        )
        if not mine:
            raise RuleViolation("R-TURN-8", _("A standing upgrade_city names one of your cities."))
    else:
        army = ctx.state.armies.get(data.army_id) if data.army_id is not None else None
        if army is None or army.owner != ctx.number:
            raise NotFound(_("Army not found."))
    existing = next(
        (row for row in await my_standing_orders(session, ctx) if _standing(row) == standing),
        None,
    )
    if existing is not None:
        return existing, False

    async def taken(candidate: int) -> bool:
        return await session.get(StandingOrderRow, (ctx.campaign.id, candidate)) is not None

    row = StandingOrderRow(
        campaign_id=ctx.campaign.id,
        id=await unused_id(taken, random_campaign_id),
        player=ctx.number,
        kind=data.kind,
        army_id=data.army_id,
        q=data.q,
        r=data.r,
        radius=data.radius,
        to_q=data.to_q,
        to_r=data.to_r,
    )
    session.add(row)
    await session.flush()
    return row, True


async def delete_standing(session: AsyncSession, ctx: TurnContext, standing_id: int) -> None:
    row = await session.get(StandingOrderRow, (ctx.campaign.id, standing_id))
    if row is None or row.player != ctx.number:
        raise NotFound(_("Standing order not found."))
    await session.delete(row)
    await session.flush()


# ------------------------------------------------------------------- at the turn change


def _summary_line(
    row: StandingOrderRow, given: bool, reason: str | None, cost: int
) -> dict[str, object]:
    coords = [[row.q, row.r]] if row.q is not None and row.r is not None else []
    # A reason that is a text is kept to be said in the reader's language.
    return with_texts(
        {
            "kind": AppEventKind.STANDING_ORDER.value,
            "rule": "R-TURN-8",
            "coords": coords,
            "data": {
                "order": row.kind.value,
                "army_id": row.army_id,
                "given": given,
                "reason": reason,
                "cost": cost,
            },
        }
    )


class _NotTriggered(Exception):
    """A conditional standing order whose condition does not hold this turn."""


async def _give(session: AsyncSession, ctx: TurnContext, row: StandingOrderRow) -> int:
    """Give the standing order as an ordinary order; its cost (a refusal raises). Its shape
    was checked when it was left (`well_formed`)."""
    if row.kind is StandingKind.ENTRENCH:
        return (await orders.set_entrench(session, ctx, row.army_id or 0)).cost
    if row.kind is StandingKind.UPGRADE_ARMY:
        return (await orders.give_upgrade(session, ctx, row.army_id or 0)).cost
    if row.kind is StandingKind.RETURN_TO:
        await _head_home(session, ctx, row.army_id or 0, (row.q or 0, row.r or 0))
        return 0
    if row.kind is StandingKind.IF_HOSTILE_NEAR:
        center = (row.q or 0, row.r or 0)
        if not hostile_seen_near(
            ctx.state, ctx.number, ctx.visible, ctx.hidden, center, row.radius or 0
        ):
            raise _NotTriggered
        await _head_toward(session, ctx, row.army_id or 0, (row.to_q or 0, row.to_r or 0))
        return 0
    build = BuildCreate(kind=BuildKind.UPGRADE_CITY, q=row.q or 0, r=row.r or 0)
    return (await orders.give_build(session, ctx, build)).cost


async def _head_home(
    session: AsyncSession, ctx: TurnContext, army_id: int, target: tuple[int, int]
) -> None:
    """A move order toward the tile, as far as this turn's budget goes; refusals raise."""
    if not _holds_structure(ctx, target):
        raise RuleViolation("R-TURN-8", _("The tile to return to is no longer yours."))
    await _head_toward(session, ctx, army_id, target)


async def _head_toward(
    session: AsyncSession, ctx: TurnContext, army_id: int, target: tuple[int, int]
) -> None:
    waaagh = movement.uses_waaagh(ctx.state, ctx.orders, ctx.number, ctx.ruleset)
    path = movement.path_toward(
        ctx.state, ctx.orders, ctx.number, army_id, target, ctx.visible, ctx.ruleset, waaagh
    )
    if path is None:
        raise RuleViolation("R-TURN-8", _("No way you know of leads the army there this turn."))
    if path:  # () : already there, nothing to order
        await orders.set_move(session, ctx, army_id, MoveSet(path=[list(c) for c in path]))


async def apply_standing_orders(
    session: AsyncSession, campaign: Campaign, seats: list[CampaignPlayer]
) -> dict[int, list[dict[str, object]]]:
    """Give every seat's standing orders for the turn about to change (the campaign lock
    held), each in a savepoint: a refused one is skipped, nothing of it kept. Returns each
    player's summary lines. A vacant seat, a steward's (R-CAMP-7, it spends nothing) and a
    bot's (R-BOT-4: the bot orders instead) give none."""
    rows = list(
        await session.scalars(
            select(StandingOrderRow)
            .where(StandingOrderRow.campaign_id == campaign.id)
            .order_by(StandingOrderRow.player, StandingOrderRow.created_at, StandingOrderRow.id)
        )
    )
    if not rows:
        return {}
    by_number = {s.number: s for s in seats}
    lines: dict[int, list[dict[str, object]]] = {}
    for number in sorted({r.player for r in rows}):
        seat = by_number.get(number)
        if seat is None or seat.user_id is None or seat.inactive or seat.faction is None:
            continue
        if seat.bot:
            continue  # R-BOT-4: the bot orders instead
        user = await session.get_one(User, seat.user_id)
        membership = Membership(campaign, user, seat)
        for row in (r for r in rows if r.player == number):
            # Read anew for each: the orders just given count for the next (gold, uniqueness).
            ctx = await load_turn_context(session, membership)
            standing = _standing(row)
            moot = already_ordered(standing, ctx.orders, number)
            if moot is not None:
                given = row.kind is StandingKind.HOLD and moot == "held"
                lines.setdefault(number, []).append(
                    _summary_line(row, given, None if given else moot, 0)
                )
                continue
            try:
                async with session.begin_nested():
                    cost = await _give(session, ctx, row)
            except _NotTriggered:
                reason = _("no hostile army seen that near")
                lines.setdefault(number, []).append(_summary_line(row, False, reason, 0))
                continue
            except AppError as refused:
                lines.setdefault(number, []).append(_summary_line(row, False, refused.detail, 0))
                continue
            lines.setdefault(number, []).append(_summary_line(row, True, None, cost))
    return lines
