from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="SiegeContinuesData")


@_attrs_define
class SiegeContinuesData:
    """
    Attributes:
        battle_id (int):
        siege_draws (int):
    """

    battle_id: int
    siege_draws: int

    def to_dict(self) -> dict[str, Any]:
        battle_id = self.battle_id

        siege_draws = self.siege_draws

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "battle_id": battle_id,
                "siege_draws": siege_draws,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        battle_id = d.pop("battle_id")

        siege_draws = d.pop("siege_draws")

        siege_continues_data = cls(
            battle_id=battle_id,
            siege_draws=siege_draws,
        )

        return siege_continues_data
