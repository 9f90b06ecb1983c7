"""Bots on seats (R-BOT): the owner puts one on or takes it off; at each turn change every bot
gives its orders and answers its edicts through the players' own services.

A bot is a seat's controller, not a user: `campaign_players.bot_difficulty` and
`bot_personality` set. Its seat keeps its holder, if any (a seat in civil disorder): the holder
takes it back by acting (`app.play.campaigns.disorder.holder_acted`), and a new holder's
acceptance (R-CAMP-6) ends the bot too.
"""

import logging
from collections.abc import Sequence
from dataclasses import replace

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app.platform import metrics
from app.platform.errors import AppError, Conflict, NotFound, RuleViolation
from app.platform.i18n import _
from app.play.bots.schemas import BotSet
from app.play.campaigns.access import Membership
from app.play.campaigns.service import check_choice, players_of
from app.play.campaigns.turn_context import TurnContext
from app.play.diplomacy import service as diplomacy
from app.play.diplomacy.schemas import DiplomaticEdict
from app.play.orders import service as orders
from app.play.orders.schemas import BuildCreate, MoveSet, RaiseCreate
from app.rules import visibility
from app.rules.bots import envoys
from app.rules.bots.plan import (
    BuildIntent,
    Difficulty,
    EntrenchIntent,
    Intent,
    MoveIntent,
    Personality,
    RaiseIntent,
    UpgradeIntent,
    decide,
    seed_of,
)
from app.rules.bots.view import player_view
from app.rules.diplomacy import EdictStatus
from app.rules.ruleset import Ruleset
from app.rules.state import CampaignState
from app.store.models import User
from app.store.models.campaign import Campaign, CampaignPlayer, CampaignStatus
from app.store.models.diplomacy import EdictRow
from app.store.persistence import cached_sight, load_orders, load_ruleset, load_state
from app.store.persistence.diplomacy import edict_from_row

logger = logging.getLogger(__name__)


# --------------------------------------------------------------------------- the owner's


async def _seat(session: AsyncSession, campaign: Campaign, number: int) -> CampaignPlayer | None:
    return await session.scalar(
        select(CampaignPlayer)
        .where(CampaignPlayer.campaign_id == campaign.id, CampaignPlayer.number == number)
        .execution_options(populate_existing=True)
    )


def _held_refusal() -> Conflict:
    return Conflict(
        _(
            "A person plays this seat: a bot takes only an empty seat before the start, or a "
            "seat in civil disorder (R-CAMP-10)."
        ),
        code="R-BOT",
    )


async def _lobby_seat(
    session: AsyncSession, c: Campaign, number: int, data: BotSet
) -> CampaignPlayer:
    """The lobby seat the bot takes: a new one (with its faction and slot), or a bot's already."""
    seat = await _seat(session, c, number)
    if seat is not None and seat.user_id is not None:
        raise _held_refusal()
    if seat is None:
        if number > c.settings.max_players:
            raise RuleViolation(
                "R-CAMP-1",
                _("This campaign seats {max} players.", max=c.settings.max_players),
            )
        if len(await players_of(session, c.id)) >= c.settings.max_players:
            raise Conflict(_("The campaign is full."), code="R-CAMP-1")
        if data.faction is None or data.slot is None:
            raise RuleViolation(
                "R-BOT", _("A bot's new seat needs a faction and a start slot (R-CAMP-2).")
            )
    faction = data.faction if data.faction is not None else seat.faction if seat else None
    slot = data.slot if data.slot is not None else seat.slot_index if seat else None
    await check_choice(session, c, number, faction, slot)
    if seat is None:
        seat = CampaignPlayer(campaign_id=c.id, number=number, user_id=None, explored={})
        session.add(seat)
    seat.faction, seat.slot_index = faction, slot
    return seat


async def put_bot(session: AsyncSession, m: Membership, number: int, data: BotSet) -> None:
    """Put a bot on a seat, or change the one there (the owner, the campaign locked, R-BOT)."""
    m.require_owner()
    c = m.campaign
    if c.status is CampaignStatus.LOBBY:
        seat = await _lobby_seat(session, c, number, data)
    else:
        m.require_status(CampaignStatus.ACTIVE)
        found = await _seat(session, c, number)
        if found is None or found.faction is None:
            raise NotFound(_("Player not found."))
        if data.faction is not None or data.slot is not None:
            raise RuleViolation(
                "R-BOT", _("A running campaign's seats keep their faction and start slot.")
            )
        if not (found.bot or found.civil_disorder):
            raise _held_refusal()
        seat = found
    seat.bot_difficulty = data.difficulty.value
    seat.bot_personality = data.personality.value
    await session.flush()


async def remove_bot(session: AsyncSession, m: Membership, number: int) -> None:
    """Take the bot off a seat (the owner, the campaign locked, R-BOT). In the lobby a seat
    nobody holds goes with it; once the campaign runs, such a seat is handed over instead."""
    m.require_owner()
    c = m.campaign
    if c.status is CampaignStatus.FINISHED:
        m.require_status(CampaignStatus.ACTIVE)
    seat = await _seat(session, c, number)
    if seat is None or not seat.bot:
        raise NotFound(_("No bot plays this seat."))
    if seat.user_id is None:
        if c.status is CampaignStatus.LOBBY:
            await session.delete(seat)
            await session.flush()
            return
        raise Conflict(
            _(
                "Nobody else holds this seat: hand it over to a player (R-CAMP-6); their "
                "acceptance takes the bot off."
            ),
            code="R-BOT",
        )
    clear_bot(seat)
    await session.flush()


def clear_bot(seat: CampaignPlayer) -> None:
    """The seat is a person's again (its holder acted, or a new holder took it)."""
    seat.bot_difficulty = seat.bot_personality = None


# -------------------------------------------------------------------- at the turn change


def _with_gold(state: CampaignState, number: int, gold: int) -> CampaignState:
    me = state.players[number]
    return replace(state, players={**state.players, number: replace(me, gold=gold)})


async def _give(session: AsyncSession, ctx: TurnContext, intent: Intent) -> None:
    """One of the bot's orders, through the service a player's order goes through (R-BOT-4)."""
    match intent:
        case BuildIntent(kind, (q, r), army_id):
            await orders.give_build(session, ctx, BuildCreate(kind=kind, q=q, r=r, army_id=army_id))
        case RaiseIntent(city_id):
            await orders.give_raise(session, ctx, RaiseCreate(city_id=city_id))
        case UpgradeIntent(army_id):
            await orders.give_upgrade(session, ctx, army_id)
        case MoveIntent(army_id, path):
            await orders.set_move(session, ctx, army_id, MoveSet(path=[list(c) for c in path]))
        case EntrenchIntent(army_id):
            await orders.set_entrench(session, ctx, army_id)


async def _context(
    session: AsyncSession,
    campaign: Campaign,
    owner: User,
    seat: CampaignPlayer,
    state: CampaignState,
    ruleset: Ruleset,
) -> TurnContext:
    """The bot's seat's turn context: its player's view (never the owner's, R-BOT-2)."""
    state = _with_gold(state, seat.number, seat.gold)
    viewer = visibility.seeing(
        visibility.viewer(seat.number, owner=False),
        state,
        lambda n: cached_sight(campaign, state, n, ruleset),
    )
    return TurnContext(
        membership=Membership(campaign, owner, seat),
        player=seat,
        state=state,
        orders=await load_orders(session, campaign, seat.number),
        ruleset=ruleset,
        viewer=viewer,
    )


async def _answer_and_propose(
    session: AsyncSession,
    ctx: TurnContext,
    owner: User,
    view: CampaignState,
    personality: Personality,
) -> tuple[int, int]:
    """R-BOT-6/7: the bot answers the proposals made to it this turn, then issues its edict.
    Returns how many proposals it answered and how many answers the services refused.

    An acceptance writes a treaty, allocating its id from the state (and moving the
    campaign's id counter): each is made on the state read anew, never on the one read
    before every bot ordered, which another bot's acceptance may have moved on."""
    refused = answered = 0
    campaign, seat = ctx.campaign, ctx.player
    rows = await session.scalars(
        select(EdictRow)
        .where(
            EdictRow.campaign_id == campaign.id,
            EdictRow.turn == campaign.turn,
            EdictRow.recipient == seat.number,
            EdictRow.status == EdictStatus.PROPOSED,
        )
        .order_by(EdictRow.id)
    )
    for row in list(rows):
        accept = envoys.answer(view, seat.number, edict_from_row(row), personality)
        state = await load_state(session, campaign, explored_for=(seat.number,))
        fresh = await _context(session, campaign, owner, seat, state, ctx.ruleset)
        answered += 1
        try:
            async with session.begin_nested():
                await diplomacy.answer(session, fresh, row.id, accept)
        except AppError:
            refused += 1
    proposal = envoys.propose(view, seat.number, personality)
    if proposal is not None:
        data = DiplomaticEdict(kind=proposal.kind.value, to=proposal.recipient)  # type: ignore[arg-type]
        try:
            async with session.begin_nested():
                await diplomacy.issue(session, ctx, data)
        except AppError:
            pass  # its gold went on orders, or the edict of the turn is used: not a refusal
    return answered, refused


async def give_bot_orders(
    session: AsyncSession, campaign: Campaign, seats: Sequence[CampaignPlayer]
) -> int:
    """Every bot's orders for the turn about to change (the campaign lock held), each through
    the player's service in a savepoint (R-BOT-4). Returns how many the services refused: a
    bot only gives what its view allows, so any is a broken promise, logged."""
    bots = [s for s in seats if s.bot and s.faction is not None]
    if not bots:
        return 0
    ruleset = load_ruleset(campaign)
    numbers = tuple(s.number for s in bots)
    state = await load_state(session, campaign, explored_for=numbers)
    owner = await session.get_one(User, campaign.owner_id)
    refused = 0
    for seat in sorted(bots, key=lambda s: s.number):
        if seat.number not in state.players:
            continue
        ctx = await _context(session, campaign, owner, seat, state, ruleset)
        view = player_view(ctx.state, ctx.viewer)
        difficulty = Difficulty(seat.bot_difficulty or Difficulty.EASY)
        personality = Personality(seat.bot_personality or Personality.BUILDER)
        seed = seed_of(campaign.id_salt, seat.number, campaign.turn)
        planned = decide(view, seat.number, ctx.visible, ruleset, seed, difficulty, personality)
        for intent in planned.intents:
            try:
                async with session.begin_nested():
                    await _give(session, ctx, intent)
                metrics.BOT_ORDERS.labels("given").inc()
            except AppError as refusal:
                refused += 1
                metrics.BOT_ORDERS.labels("refused").inc()
                logger.warning(
                    "bot order refused",
                    extra={
                        "campaign_id": str(campaign.id),
                        "player": seat.number,
                        "intent": repr(intent),
                        "code": refusal.code,
                    },
                )
            ctx = replace(
                ctx,
                state=_with_gold(ctx.state, seat.number, seat.gold),
                orders=await load_orders(session, campaign, seat.number),
            )
        answered, not_taken = await _answer_and_propose(session, ctx, owner, view, personality)
        refused += not_taken
        if answered:  # a treaty may have begun: the next bots judge on it (R-MOVE-4)
            state = await load_state(session, campaign, explored_for=numbers)
    return refused
