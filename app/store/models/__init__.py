"""ORM models, one module per aggregate; importing this package registers them all.

Alembic's env imports it so autogenerate sees every table: add new model modules here.
"""

from app.store.models.account import AccountNotice, AddressChangeUndo
from app.store.models.calendar import CalendarFeed
from app.store.models.campaign import (
    Campaign,
    CampaignPlayer,
    CampaignStatus,
    JoinRequest,
    SeatOffer,
    SeatOfferOrigin,
    Spectator,
    Substitute,
)
from app.store.models.diplomacy import EdictRow
from app.store.models.discord import DiscordChannelBinding, DiscordLink, DiscordLinkCode
from app.store.models.email import EmailDelivery, EmailUnsubscribe, PasswordReset, UserEmail
from app.store.models.event import CampaignEvent
from app.store.models.game_map import GameMap
from app.store.models.house_rule import AmendmentKind, HouseRule, HouseRuleAction, HouseRuleChange
from app.store.models.idempotency import IdempotencyKey
from app.store.models.identity import OidcFlow, OidcTicket, UserIdentity
from app.store.models.ledger import LedgerRow
from app.store.models.message import Message, MessageReadMark, MessageThreadReadMark
from app.store.models.moderation import (
    CampaignBlock,
    ModerationAction,
    OwnerBan,
    Report,
    ReportKind,
    UserBlock,
)
from app.store.models.notification import (
    Delivery,
    DeliveryChannel,
    InboxItem,
    NotificationPreference,
    NotificationReminder,
    StreamPresence,
    WebhookDelivery,
    WebhookEndpoint,
)
from app.store.models.orders import OrderKind, OrderRow, StandingOrderKind, StandingOrderRow
from app.store.models.push import PushDelivery, PushSubscription
from app.store.models.rate_limit import RateLimit
from app.store.models.reliability import SeatBattleRecord, SeatTurnRecord
from app.store.models.roster import ArmyBattleRow, BattleRosterRow, RosterRow
from app.store.models.snapshot import TurnRollback, TurnSnapshot
from app.store.models.summary_event import PendingSummaryEvent
from app.store.models.token import Token, TokenKind, TokenScope
from app.store.models.turn import TurnRecord, TurnSummaryRow
from app.store.models.user import User
from app.store.models.world import (
    ArmyRow,
    BattleRow,
    GeneralRow,
    ShipRow,
    SiegeRow,
    StakeRow,
    StructureRow,
    TreatyRow,
)

__all__ = [
    "AccountNotice",
    "AddressChangeUndo",
    "AmendmentKind",
    "ArmyBattleRow",
    "ArmyRow",
    "BattleRosterRow",
    "BattleRow",
    "CalendarFeed",
    "Campaign",
    "CampaignBlock",
    "CampaignEvent",
    "CampaignPlayer",
    "CampaignStatus",
    "Delivery",
    "DeliveryChannel",
    "DiscordChannelBinding",
    "DiscordLink",
    "DiscordLinkCode",
    "EdictRow",
    "EmailDelivery",
    "EmailUnsubscribe",
    "GameMap",
    "GeneralRow",
    "HouseRule",
    "HouseRuleAction",
    "HouseRuleChange",
    "IdempotencyKey",
    "InboxItem",
    "JoinRequest",
    "LedgerRow",
    "Message",
    "MessageReadMark",
    "MessageThreadReadMark",
    "ModerationAction",
    "NotificationPreference",
    "NotificationReminder",
    "OidcFlow",
    "OidcTicket",
    "OrderKind",
    "OrderRow",
    "OwnerBan",
    "PasswordReset",
    "PendingSummaryEvent",
    "PushDelivery",
    "PushSubscription",
    "RateLimit",
    "Report",
    "ReportKind",
    "RosterRow",
    "SeatBattleRecord",
    "SeatOffer",
    "SeatOfferOrigin",
    "SeatTurnRecord",
    "ShipRow",
    "SiegeRow",
    "Spectator",
    "StakeRow",
    "StandingOrderKind",
    "StandingOrderRow",
    "StreamPresence",
    "StructureRow",
    "Substitute",
    "Token",
    "TokenKind",
    "TokenScope",
    "TreatyRow",
    "TurnRecord",
    "TurnRollback",
    "TurnSnapshot",
    "TurnSummaryRow",
    "User",
    "UserBlock",
    "UserEmail",
    "UserIdentity",
    "WebhookDelivery",
    "WebhookEndpoint",
]
