"""A player's view of the current turn: the state, the orders given so far, what they see."""

from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.auth.dependencies import CurrentUser
from app.platform.db.session import SessionDep
from app.play.campaigns.access import (
    CampaignId,
    Lock,
    LockedMemberDep,
    MemberDep,
    Membership,
    load_membership,
)
from app.rules import visibility
from app.rules.hexgrid import Coord
from app.rules.ruleset import Ruleset
from app.rules.state import CampaignState, TurnOrders
from app.store.models.campaign import Campaign, CampaignPlayer, CampaignStatus
from app.store.persistence import cached_sight, load_orders, load_ruleset, load_state


@dataclass(frozen=True)
class TurnContext:
    membership: Membership
    player: CampaignPlayer
    state: CampaignState
    orders: TurnOrders  # the player's own orders of this turn
    ruleset: Ruleset
    viewer: visibility.Viewer  # the player looking at `state` (`visibility.seeing`)

    @property
    def visible(self) -> frozenset[Coord]:
        return self.viewer.sight

    @property
    def hidden(self) -> frozenset[int]:
        """Others' armies concealed from the player (R-OPT-3)."""
        return self.viewer.hidden

    @property
    def campaign(self) -> Campaign:
        return self.membership.campaign

    @property
    def number(self) -> int:
        return self.player.number


async def load_turn_context(session: AsyncSession, membership: Membership) -> TurnContext:
    """The caller's turn context; only players of an active campaign have one."""
    membership.require_status(CampaignStatus.ACTIVE)
    player = membership.require_player()
    state = await load_state(session, membership.campaign, explored_for=(player.number,))
    ruleset = load_ruleset(membership.campaign)
    return TurnContext(
        membership=membership,
        player=player,
        state=state,
        # Theirs alone: the rules judge a player's orders by that player's orders only, and
        # a large campaign's other orders (ten per player) would be read for nothing.
        orders=await load_orders(session, membership.campaign, player.number),
        ruleset=ruleset,
        viewer=visibility.seeing(
            membership.viewer,
            state,
            lambda seat: cached_sight(membership.campaign, state, seat, ruleset),
        ),
    )


async def get_turn(session: SessionDep, member: MemberDep) -> TurnContext:
    """Read access to the caller's turn."""
    return await load_turn_context(session, member)


async def get_locked_turn(session: SessionDep, member: LockedMemberDep) -> TurnContext:
    """Write access: the turn is read after the campaign lock is taken (lock first, then read)."""
    return await load_turn_context(session, member)


async def get_seat_turn(
    campaign_id: CampaignId, session: SessionDep, user: CurrentUser
) -> TurnContext:
    """A player's own orders: the campaign row shared with the other players' orders, the
    caller's seat row locked, both before the turn is read (app.play.campaigns.access.Lock)."""
    member = await load_membership(session, campaign_id, user, lock=Lock.SHARED_SEAT)
    return await load_turn_context(session, member)


TurnDep = Annotated[TurnContext, Depends(get_turn)]
LockedTurnDep = Annotated[TurnContext, Depends(get_locked_turn)]
SeatTurnDep = Annotated[TurnContext, Depends(get_seat_turn)]
