"""Army lists (rosters) attached to armies (issue 30): the server's small shape and the file.

Keyed by the army's id within its campaign, without a foreign key to `armies`: the turn
change and a rollback rewrite army rows. Every read checks that the army stands (a destroyed
army's roster is unreachable), and the next upload in the campaign deletes such leftovers
(`app.play.rosters.service.put_roster`); a rollback deletes the lists of the armies
whose ids it frees (`app.play.rosters.service.undo_confirmations`).
"""

import uuid
from datetime import datetime
from typing import Any

from sqlalchemy import DateTime, ForeignKey, Integer, LargeBinary, String
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from app.platform.db.base import Base


class RosterRow(Base):
    __tablename__ = "army_rosters"

    campaign_id: Mapped[uuid.UUID] = mapped_column(
        ForeignKey("campaigns.id", ondelete="CASCADE"), primary_key=True
    )
    army_id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    format: Mapped[str] = mapped_column(String(16))
    name: Mapped[str] = mapped_column(String(200))
    faction: Mapped[str] = mapped_column(String(200))
    game_system: Mapped[str] = mapped_column(String(200))
    total_points: Mapped[int]
    general_points: Mapped[int]
    units: Mapped[list[dict[str, Any]]] = mapped_column(JSONB)
    warnings: Mapped[list[str]] = mapped_column(JSONB)
    filename: Mapped[str | None] = mapped_column(String(200))
    original: Mapped[bytes] = mapped_column(LargeBinary)  # the file as uploaded
    uploaded_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))

    def shape(self) -> dict[str, Any]:
        """The small shape as JSON (every column but the keys and `original`): what a battle
        keeps of the list it fielded (`BattleRosterRow.roster`)."""
        return {
            **{name: getattr(self, name) for name in SHAPE_COLUMNS},
            "uploaded_at": self.uploaded_at.isoformat(),
        }

    @classmethod
    def from_shape(cls, campaign_id: uuid.UUID, army_id: int, shape: dict[str, Any]) -> "RosterRow":
        """A list as a battle kept it (`shape`), to read like a stored one (never added)."""
        values = {name: shape[name] for name in SHAPE_COLUMNS}
        values["uploaded_at"] = datetime.fromisoformat(shape["uploaded_at"])
        return cls(campaign_id=campaign_id, army_id=army_id, original=b"", **values)


SHAPE_COLUMNS = (
    "format",
    "name",
    "faction",
    "game_system",
    "total_points",
    "general_points",
    "units",
    "warnings",
    "filename",
)


class BattleRosterRow(Base):
    """An army's list as fielded in a battle: the small shape, copied when the battle is
    declared (R-ARMY-4), so the battle's history keeps it whatever the list becomes."""

    __tablename__ = "battle_rosters"

    campaign_id: Mapped[uuid.UUID] = mapped_column(
        ForeignKey("campaigns.id", ondelete="CASCADE"), primary_key=True
    )
    battle_id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    army_id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    side: Mapped[str] = mapped_column(String(8))
    # `army_rosters`' columns but `original`, as JSON (its datetime in ISO form), with the
    # army's `owner` and `tier` when the battle was declared.
    roster: Mapped[dict[str, Any]] = mapped_column(JSONB)


class ArmyBattleRow(Base):
    """One battle an army fought to a confirmed result: its veteran history (R-ARMY-7).

    Written once, when the result is confirmed (the key makes a second write fail), with what
    that confirmation put on the army's list, so that a rollback takes back exactly that
    (R-TURN-6, `app.play.rosters.service.undo_confirmations`)."""

    __tablename__ = "army_battles"

    campaign_id: Mapped[uuid.UUID] = mapped_column(
        ForeignKey("campaigns.id", ondelete="CASCADE"), primary_key=True
    )
    army_id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    battle_id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    turn: Mapped[int]  # the turn whose change declared the battle
    side: Mapped[str] = mapped_column(String(8))
    opponents: Mapped[list[int]] = mapped_column(JSONB)  # the other side's player numbers
    result: Mapped[str] = mapped_column(String(8))  # won, lost, draw: the army's side's
    losses_pct: Mapped[int]  # its side's losses as reported (R-BAT-6)
    # [{"unit", "name", "lost"}]: what its list lost, unit by unit (empty: no list or none)
    casualties: Mapped[list[dict[str, Any]]] = mapped_column(JSONB)
    # The list the casualties went onto, by its upload time (None: none went onto a list), and
    # [{"unit", "lost"}]: the models each of its units lost by them (never past its count).
    list_uploaded_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    list_losses: Mapped[list[dict[str, Any]]] = mapped_column(
        JSONB, default=list, server_default="[]"
    )
