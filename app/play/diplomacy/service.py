"""Edicts and treaties (R-DIP-2, R-DIP-3): issuing, answering, breaking, and the turn change.

Gold moves with a ledger line in the same transaction (R-ECO-6); the engine
(`app.rules.diplomacy`) decides what is allowed, this module stores and publishes.
"""

import uuid
from collections.abc import Sequence
from dataclasses import replace

from sqlalchemy import or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.platform.db.ids import random_campaign_id, unused_id
from app.platform.errors import NotFound, RuleViolation, refuse
from app.platform.i18n import _
from app.platform.pagination import PageParams, paginate
from app.play.campaigns.access import Membership
from app.play.campaigns.service import display_names
from app.play.campaigns.turn_context import TurnContext
from app.play.diplomacy.schemas import (
    DiplomaticEdict,
    EdictCreate,
    EdictRead,
    ExplorationEdict,
    GiftEdict,
    ReleasePrisonerEdict,
    TradeEdict,
    TreatyRead,
    TreatyStatus,
    VassalageEdict,
)
from app.play.ledger import service as ledger
from app.rules import diplomacy
from app.rules.diplomacy import Edict, EdictKind, EdictStatus, VassalOffer
from app.rules.ids import entity_counter
from app.rules.kind_texts import kind_text
from app.rules.relations import in_force
from app.rules.state import LedgerEntry, Treaty, TreatyKind
from app.store.events.kinds import AppEventKind
from app.store.events.publish import publish
from app.store.models.campaign import Campaign
from app.store.models.diplomacy import EdictRow
from app.store.models.world import TreatyRow
from app.store.persistence import edict_columns, edict_from_row, save_state


def read_edict(row: EdictRow, names: dict[int, str]) -> EdictRead:
    return EdictRead(
        id=row.id,
        turn=row.turn,
        kind=row.kind,
        status=row.status,
        sender=row.sender,
        sender_name=names[row.sender],
        recipient=row.recipient,
        recipient_name=names[row.recipient] if row.recipient is not None else None,
        cost=row.cost,
        q=row.q,
        r=row.r,
        my_city_id=row.city_id,
        their_city_id=row.their_city_id,
        general_id=row.general_id,
        amount=row.amount if row.kind is EdictKind.GIFT else None,
        offer=VassalOffer(row.offer) if row.offer else None,
        treaty_id=row.treaty_id,
        answered_turn=row.answered_turn,
        created_at=row.created_at,
    )


def _draft(ctx: TurnContext, data: EdictCreate) -> Edict:
    """The engine's view of a requested edict (id 0 until it is stored)."""
    base = Edict(
        id=0,
        turn=ctx.campaign.turn,
        sender=ctx.number,
        kind=EdictKind(data.kind),
        cost=diplomacy.edict_cost(EdictKind(data.kind), ctx.ruleset),
    )
    match data:
        case DiplomaticEdict():
            return replace(base, recipient=data.to)
        case ExplorationEdict():
            return replace(base, status=EdictStatus.PENDING, target=(data.q, data.r))
        case TradeEdict():
            partner = diplomacy.known_city_owner(
                ctx.state, ctx.number, data.their_city_id, ctx.visible
            )
            return replace(
                base,
                recipient=partner,
                city_id=data.my_city_id,
                their_city_id=data.their_city_id,
            )
        case VassalageEdict():
            return replace(base, recipient=data.to, offer=data.offer)
        case ReleasePrisonerEdict():
            g = ctx.state.generals.get(data.general_id)
            owner = g.owner if g is not None and g.held_by == ctx.number else None
            return replace(
                base, status=EdictStatus.DONE, general_id=data.general_id, recipient=owner
            )
        case GiftEdict():
            return replace(base, status=EdictStatus.DONE, recipient=data.to, amount=data.amount)


# -------------------------------------------------------------------------------- edicts


async def _edicts_of_turn(session: AsyncSession, campaign: Campaign) -> list[EdictRow]:
    rows = await session.scalars(
        select(EdictRow)
        .where(EdictRow.campaign_id == campaign.id, EdictRow.turn == campaign.turn)
        .order_by(EdictRow.created_at, EdictRow.id)
    )
    return list(rows)


async def issue(session: AsyncSession, ctx: TurnContext, data: EdictCreate) -> EdictRow:
    """Issue the turn's edict (R-DIP-2); its cost is paid now."""
    draft = _draft(ctx, data)
    issued = [edict_from_row(r) for r in await _edicts_of_turn(session, ctx.campaign)]
    violations = diplomacy.validate_edict(ctx.state, issued, draft, ctx.visible, ctx.ruleset)
    if violations:
        raise refuse(violations)
    if draft.kind is EdictKind.RELEASE_PRISONER and draft.general_id is not None:
        # Before an id is taken: save_state also writes the engine's id counter.
        after = diplomacy.release_prisoner(ctx.state, draft.general_id)
        await save_state(session, ctx.campaign, ctx.state, after)

    # Random, not from the engine's counter: a counter would tell how many edicts and orders
    # others gave meanwhile (R-FOG-3). The campaign lock keeps a free id free until inserted.
    async def taken(candidate: int) -> bool:
        return await session.get(EdictRow, (ctx.campaign.id, candidate)) is not None

    edict_id = await unused_id(taken, random_campaign_id)
    draft = replace(draft, id=edict_id)
    gold: list[LedgerEntry] = []
    if draft.cost:
        gold.append(
            LedgerEntry(
                ctx.number,
                -draft.cost,
                _("edict #{id}: {kind}", id=edict_id, kind=kind_text(draft.kind)),
                "R-DIP-2",
            )
        )
    if draft.kind is EdictKind.GIFT:
        gold += diplomacy.gift_lines(draft)
    await ledger.post(session, ctx.campaign.id, ctx.campaign.turn, gold)
    row = EdictRow(campaign_id=ctx.campaign.id, **edict_columns(draft))
    session.add(row)
    await session.flush()
    if draft.recipient is not None:
        await publish(
            session,
            ctx.campaign.id,
            AppEventKind.EDICT_RECEIVED,
            {"edict_id": edict_id, "kind": draft.kind.value, "sender": ctx.number},
            audience=[draft.recipient],
        )
    return row


async def _edict_for(session: AsyncSession, ctx: TurnContext, edict_id: int) -> EdictRow:
    """An edict the caller sent or received; 404 for anyone else."""
    row = await session.get(EdictRow, (ctx.campaign.id, edict_id))
    if row is None or ctx.number not in (row.sender, row.recipient):
        raise NotFound(_("Edict not found."))
    return row


def _require_open(row: EdictRow, ctx: TurnContext) -> None:
    if row.turn != ctx.campaign.turn or row.status not in (
        EdictStatus.PROPOSED,
        EdictStatus.PENDING,
    ):
        raise RuleViolation(
            "R-DIP-2",
            _("This edict is {status}; it can no longer change.", status=row.status.value),
            status=409,
        )


async def answer(session: AsyncSession, ctx: TurnContext, edict_id: int, accept: bool) -> EdictRow:
    """Accept or refuse a proposal addressed to you; a refusal refunds the sender (R-DIP-2)."""
    row = await _edict_for(session, ctx, edict_id)
    if row.sender == ctx.number:
        raise RuleViolation("R-DIP-2", _("You cannot answer your own edict."))
    if row.kind not in diplomacy.PROPOSALS:
        raise RuleViolation("R-DIP-2", _("This edict needs no answer."))
    _require_open(row, ctx)
    edict = edict_from_row(row)
    violations = diplomacy.validate_answer(ctx.state, edict, ctx.number, accept)
    if violations:
        raise refuse(violations)
    if accept:
        after = diplomacy.accept(ctx.state, edict)
        row.treaty_id = diplomacy.treaty_for(ctx.state, edict).id
        await save_state(session, ctx.campaign, ctx.state, after)
        row.status = EdictStatus.ACCEPTED
    else:
        await ledger.post(
            session, ctx.campaign.id, ctx.campaign.turn, diplomacy.refund(edict, _("refused"))
        )
        row.status = EdictStatus.REFUSED
    row.answered_turn = ctx.campaign.turn
    await session.flush()
    await publish(
        session,
        ctx.campaign.id,
        AppEventKind.EDICT_ANSWERED,
        {"edict_id": row.id, "kind": row.kind.value, "status": row.status.value},
        audience=[row.sender],
    )
    return row


async def withdraw(session: AsyncSession, ctx: TurnContext, edict_id: int) -> EdictRow:
    """Take back an unanswered proposal or a pending exploration, for a full refund."""
    row = await _edict_for(session, ctx, edict_id)
    if row.sender != ctx.number:
        raise RuleViolation("R-DIP-2", _("Only its sender may withdraw an edict."))
    _require_open(row, ctx)
    await ledger.post(
        session,
        ctx.campaign.id,
        ctx.campaign.turn,
        diplomacy.refund(edict_from_row(row), _("withdrawn")),
    )
    row.status = EdictStatus.WITHDRAWN
    await session.flush()
    return row


def _visible_to(m: Membership) -> int | None:
    """The player whose edicts and treaties the caller sees; None: the owner sees them all."""
    return m.viewer.seat


async def list_edicts(
    session: AsyncSession, m: Membership, page: PageParams
) -> tuple[list[EdictRead], int]:
    """Edicts the caller sent or received, newest first."""
    query = select(EdictRow).where(EdictRow.campaign_id == m.campaign.id)
    me = _visible_to(m)
    if me is not None:
        query = query.where(or_(EdictRow.sender == me, EdictRow.recipient == me))
    rows, total = await paginate(
        session, query.order_by(EdictRow.created_at.desc(), EdictRow.id.desc()), page
    )
    names = await display_names(session, m)
    return [read_edict(r, names) for r in rows], total


async def get_edict(session: AsyncSession, m: Membership, edict_id: int) -> EdictRead:
    row = await session.get(EdictRow, (m.campaign.id, edict_id))
    me = _visible_to(m)
    if row is None or (me is not None and me not in (row.sender, row.recipient)):
        raise NotFound(_("Edict not found."))
    return read_edict(row, await display_names(session, m))


# ------------------------------------------------------------------------- the turn change


async def turn_edicts(session: AsyncSession, campaign: Campaign) -> list[Edict]:
    """This turn's edicts, for the resolver (R-TURN-4 step 5)."""
    return [edict_from_row(r) for r in await _edicts_of_turn(session, campaign)]


async def close_turn(
    session: AsyncSession, campaign_id: uuid.UUID, edicts: Sequence[Edict]
) -> None:
    """After the resolver: unanswered proposals are expired, explorations done."""
    for edict in edicts:
        status = diplomacy.closing_status(edict)
        if status is not None:
            row = await session.get_one(EdictRow, (campaign_id, edict.id))
            row.status = status
    await session.flush()


# ------------------------------------------------------------------------------- treaties


def _treaty_status(t: TreatyRow, turn: int) -> TreatyStatus:
    if t.ends_turn is not None:
        return TreatyStatus.ENDING
    if t.since_turn > turn:
        return TreatyStatus.AGREED
    return TreatyStatus.IN_FORCE


def read_treaty(t: TreatyRow, turn: int, names: dict[int, str]) -> TreatyRead:
    return TreatyRead(
        id=t.id,
        kind=TreatyKind(t.kind),
        a=t.a,
        a_name=names[t.a],
        b=t.b,
        b_name=names[t.b],
        since_turn=t.since_turn,
        ends_turn=t.ends_turn,
        status=_treaty_status(t, turn),
        city_a=t.city_a,
        city_b=t.city_b,
    )


async def list_treaties(session: AsyncSession, m: Membership) -> list[TreatyRead]:
    """The caller's treaties; others' stay hidden (their breaks show only as infamy)."""
    query = select(TreatyRow).where(TreatyRow.campaign_id == m.campaign.id)
    me = _visible_to(m)
    if me is not None:
        query = query.where(or_(TreatyRow.a == me, TreatyRow.b == me))
    rows = await session.scalars(query)
    # In the order they were made: their ids are scrambled (app/rules/ids.py).
    made = sorted(rows, key=lambda t: entity_counter(m.campaign.id_salt, t.id))
    names = await display_names(session, m)
    return [read_treaty(t, m.campaign.turn, names) for t in made]


async def _treaty_for(session: AsyncSession, m: Membership, treaty_id: int) -> TreatyRow:
    row = await session.get(TreatyRow, (m.campaign.id, treaty_id))
    me = _visible_to(m)
    if row is None or (me is not None and me not in (row.a, row.b)):
        raise NotFound(_("Treaty not found."))
    return row


async def get_treaty(session: AsyncSession, m: Membership, treaty_id: int) -> TreatyRead:
    row = await _treaty_for(session, m, treaty_id)
    return read_treaty(row, m.campaign.turn, await display_names(session, m))


async def break_treaty(session: AsyncSession, ctx: TurnContext, treaty_id: int) -> TreatyRead:
    """Break a treaty: it ends at the next turn change, with infamy to the breaker (R-DIP-3)."""
    row = await _treaty_for(session, ctx.membership, treaty_id)
    violations = diplomacy.validate_break(ctx.state, treaty_id, ctx.number)
    if violations:
        raise refuse(violations, status=409)
    after = diplomacy.break_treaty(ctx.state, treaty_id, ctx.number, ctx.ruleset)
    await save_state(session, ctx.campaign, ctx.state, after)
    await session.flush()
    ended: Treaty = after.treaties[treaty_id]
    await publish(
        session,
        ctx.campaign.id,
        AppEventKind.TREATY_BROKEN,
        {
            "treaty_id": treaty_id,
            "kind": ended.kind.value,
            "by": ctx.number,
            "ends_turn": ended.ends_turn,
            "was_in_force": in_force(ctx.state.treaties[treaty_id], ctx.state.turn),
        },
        audience=[row.a, row.b],
    )
    return read_treaty(row, ctx.campaign.turn, await display_names(session, ctx.membership))
