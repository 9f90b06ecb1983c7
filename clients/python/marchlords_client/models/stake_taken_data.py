from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="StakeTakenData")


@_attrs_define
class StakeTakenData:
    """
    Attributes:
        battle_id (int):
        owed (int):
        taken (int):
    """

    battle_id: int
    owed: int
    taken: int

    def to_dict(self) -> dict[str, Any]:
        battle_id = self.battle_id

        owed = self.owed

        taken = self.taken

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "battle_id": battle_id,
                "owed": owed,
                "taken": taken,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        battle_id = d.pop("battle_id")

        owed = d.pop("owed")

        taken = d.pop("taken")

        stake_taken_data = cls(
            battle_id=battle_id,
            owed=owed,
            taken=taken,
        )

        return stake_taken_data
