from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="BattleDateAgreedPayload")


@_attrs_define
class BattleDateAgreedPayload:
    """
    Attributes:
        battle_id (int):
        date (str): ISO 8601 date and time, with its UTC offset.
    """

    battle_id: int
    date: str

    def to_dict(self) -> dict[str, Any]:
        battle_id = self.battle_id

        date = self.date

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "battle_id": battle_id,
                "date": date,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        battle_id = d.pop("battle_id")

        date = d.pop("date")

        battle_date_agreed_payload = cls(
            battle_id=battle_id,
            date=date,
        )

        return battle_date_agreed_payload
