"""ORM models, one module per aggregate; importing this package registers them all.

Alembic's env imports it so autogenerate sees every table: add new model modules here.
"""

from app.models.account import AccountNotice, AddressChangeUndo
from app.models.calendar import CalendarFeed
from app.models.campaign import (
    Campaign,
    CampaignPlayer,
    CampaignStatus,
    JoinRequest,
    SeatOffer,
    SeatOfferOrigin,
    Spectator,
    Substitute,
)
from app.models.diplomacy import EdictRow
from app.models.email import EmailDelivery, EmailUnsubscribe, PasswordReset, UserEmail
from app.models.event import CampaignEvent
from app.models.game_map import GameMap
from app.models.house_rule import AmendmentKind, HouseRule, HouseRuleAction, HouseRuleChange
from app.models.idempotency import IdempotencyKey
from app.models.ledger import LedgerRow
from app.models.message import Message, MessageReadMark
from app.models.notification import (
    InboxItem,
    NotificationPreference,
    NotificationReminder,
    StreamPresence,
    WebhookDelivery,
    WebhookEndpoint,
)
from app.models.orders import OrderKind, OrderRow, StandingOrderKind, StandingOrderRow
from app.models.rate_limit import RateLimit
from app.models.reliability import SeatBattleRecord, SeatTurnRecord
from app.models.roster import ArmyBattleRow, BattleRosterRow, RosterRow
from app.models.snapshot import TurnRollback, TurnSnapshot
from app.models.summary_event import PendingSummaryEvent
from app.models.token import Token, TokenKind, TokenScope
from app.models.turn import TurnRecord, TurnSummaryRow
from app.models.user import User
from app.models.world import (
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
    "CampaignEvent",
    "CampaignPlayer",
    "CampaignStatus",
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
    "NotificationPreference",
    "NotificationReminder",
    "OrderKind",
    "OrderRow",
    "PasswordReset",
    "PendingSummaryEvent",
    "RateLimit",
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
    "UserEmail",
    "WebhookDelivery",
    "WebhookEndpoint",
]
