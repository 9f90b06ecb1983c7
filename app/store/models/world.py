"""What stands on a campaign's map: structures, armies, generals, ships, sieges, treaties.

Rows mirror `app.rules.state` one to one; `app/store/persistence/` converts in both directions.
"""

from datetime import datetime
from enum import StrEnum
from typing import Any

from sqlalchemy import BigInteger, Enum, String
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from app.platform.db.base import Base
from app.store.models.campaign import CampaignScoped, player_fk


class StructureRow(CampaignScoped, Base):
    __tablename__ = "structures"
    __table_args__ = (player_fk(),)

    kind: Mapped[str] = mapped_column(String(16))
    q: Mapped[int]
    r: Mapped[int]
    owner: Mapped[int]
    level: Mapped[int] = mapped_column(default=1)
    is_capital: Mapped[bool] = mapped_column(default=False)
    also_port: Mapped[bool] = mapped_column(default=False)
    built_by: Mapped[int | None]
    since_turn: Mapped[int] = mapped_column(default=0)


class ArmyRow(CampaignScoped, Base):
    __tablename__ = "armies"
    __table_args__ = (player_fk(),)

    owner: Mapped[int]
    q: Mapped[int]
    r: Mapped[int]
    tier: Mapped[int] = mapped_column(default=1)
    general_id: Mapped[int | None]
    seat_id: Mapped[int | None]
    ship_id: Mapped[int | None]
    raised_turn: Mapped[int] = mapped_column(default=0)


class GeneralRow(CampaignScoped, Base):
    __tablename__ = "generals"
    __table_args__ = (player_fk(),)

    owner: Mapped[int]
    army_id: Mapped[int | None]
    held_by: Mapped[int | None]


class ShipRow(CampaignScoped, Base):
    __tablename__ = "ships"
    __table_args__ = (player_fk(),)

    owner: Mapped[int]
    q: Mapped[int]
    r: Mapped[int]
    army_id: Mapped[int | None]


class SiegeRow(CampaignScoped, Base):
    """A besieged city; `id` is the besieged structure's id."""

    __tablename__ = "sieges"

    army_id: Mapped[int]
    draws: Mapped[int] = mapped_column(default=1)


class TreatyRow(CampaignScoped, Base):
    __tablename__ = "treaties"

    kind: Mapped[str] = mapped_column(String(16))
    a: Mapped[int]
    b: Mapped[int]
    since_turn: Mapped[int]
    ends_turn: Mapped[int | None]
    city_a: Mapped[int | None]
    city_b: Mapped[int | None]


class StakeRow(CampaignScoped, Base):
    """Gold won in a confirmed battle, taken at the next turn change (R-BAT-7)."""

    __tablename__ = "stakes"

    battle_id: Mapped[int]
    winner: Mapped[int]
    loser: Mapped[int]
    amount: Mapped[int] = mapped_column(BigInteger)
    rule: Mapped[str] = mapped_column(String(16))


class BattleStatus(StrEnum):
    """Where a battle stands in the two-step report (R-BAT-5)."""

    AWAITING_REPORT = "awaiting_report"
    REPORTED = "reported"
    DISPUTED = "disputed"
    CONFIRMED = "confirmed"
    ABANDONED = "abandoned"
    CANCELLED = "cancelled"


PENDING_BATTLE_STATUSES = (
    BattleStatus.AWAITING_REPORT,
    BattleStatus.REPORTED,
    BattleStatus.DISPUTED,
)


class BattleRow(CampaignScoped, Base):
    """A battle declared at a turn change; `status` follows the two-step report (R-BAT-5)."""

    __tablename__ = "battles"

    turn: Mapped[int]
    q: Mapped[int]
    r: Mapped[int]
    kind: Mapped[str] = mapped_column(String(16))
    attacker: Mapped[dict[str, Any]] = mapped_column(JSONB)
    defender: Mapped[dict[str, Any]] = mapped_column(JSONB)
    siege_draws: Mapped[int] = mapped_column(default=0)
    # Stored as its value in the existing VARCHAR(20) column (no database enum type to migrate).
    status: Mapped[BattleStatus] = mapped_column(
        Enum(
            BattleStatus,
            native_enum=False,
            length=20,
            values_callable=lambda statuses: [s.value for s in statuses],
        ),
        default=BattleStatus.AWAITING_REPORT,
    )
    report: Mapped[dict[str, Any] | None] = mapped_column(JSONB)
    reported_by: Mapped[int | None]
    resolved_turn: Mapped[int | None]
    # What each side fields, fixed at declaration (R-ARMY-4): {"tiers", "attacker", "defender",
    # "stake", "pillage"}; NULL only for battles declared before this column existed.
    forces: Mapped[dict[str, Any] | None] = mapped_column(JSONB)
    # When disputed (R-BAT-5); a body, lines allowed (app/platform/fields.py: the import's type).
    rejection_reason: Mapped[str | None] = mapped_column(String(500), info={"body": True})
    # Once disputed, the owner who plays keeps seeing the battle after ruling on it (R-BAT-5).
    was_disputed: Mapped[bool] = mapped_column(default=False, server_default="false")
    # R-BAT-10: 1 for a first report, one more for each edit; a confirmation may name it.
    report_version: Mapped[int] = mapped_column(default=0, server_default="0")
    # R-BAT-9: when the pending report confirms itself; NULL without the setting.
    auto_confirm_at: Mapped[datetime | None]
    # R-BAT-8: the agreed play-by date, and the pending proposal with its proposer's number.
    play_by: Mapped[datetime | None]
    play_by_proposal: Mapped[datetime | None]
    play_by_proposed_by: Mapped[int | None]
    # R-CAMP-5: who held its seats when it closed, {"<seat number>": "<user id>" or null}: the
    # names it reveals are theirs, to them alone (`visibility.battle_names_seen`). NULL while
    # pending (its seats' holders now play it), and where nobody knows (closed before the
    # column, or imported: user ids never travel).
    holders: Mapped[dict[str, str | None] | None] = mapped_column(JSONB)
