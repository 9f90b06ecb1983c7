from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ArmyTierData")


@_attrs_define
class ArmyTierData:
    """
    Attributes:
        army_id (int):
        tier (int): The army's tier now.
    """

    army_id: int
    tier: int

    def to_dict(self) -> dict[str, Any]:
        army_id = self.army_id

        tier = self.tier

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "army_id": army_id,
                "tier": tier,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        army_id = d.pop("army_id")

        tier = d.pop("tier")

        army_tier_data = cls(
            army_id=army_id,
            tier=tier,
        )

        return army_tier_data
