from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.battle_date_proposed_payload_side import BattleDateProposedPayloadSide

T = TypeVar("T", bound="BattleDateProposedPayload")


@_attrs_define
class BattleDateProposedPayload:
    """
    Attributes:
        battle_id (int):
        date (str): ISO 8601 date and time, with its UTC offset.
        side (BattleDateProposedPayloadSide):
    """

    battle_id: int
    date: str
    side: BattleDateProposedPayloadSide

    def to_dict(self) -> dict[str, Any]:
        battle_id = self.battle_id

        date = self.date

        side = self.side.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "battle_id": battle_id,
                "date": date,
                "side": side,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        battle_id = d.pop("battle_id")

        date = d.pop("date")

        side = BattleDateProposedPayloadSide(d.pop("side"))

        battle_date_proposed_payload = cls(
            battle_id=battle_id,
            date=date,
            side=side,
        )

        return battle_date_proposed_payload
