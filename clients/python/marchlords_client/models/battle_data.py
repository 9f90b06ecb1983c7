from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="BattleData")


@_attrs_define
class BattleData:
    """
    Attributes:
        battle_id (int):
    """

    battle_id: int

    def to_dict(self) -> dict[str, Any]:
        battle_id = self.battle_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "battle_id": battle_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        battle_id = d.pop("battle_id")

        battle_data = cls(
            battle_id=battle_id,
        )

        return battle_data
