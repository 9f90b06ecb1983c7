from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="RulesetVariantTierDocument")


@_attrs_define
class RulesetVariantTierDocument:
    """
    Attributes:
        army_points (int):
        general_points (int):
        tier (int):
        upgrade_cost (int):
        upkeep (int):
    """

    army_points: int
    general_points: int
    tier: int
    upgrade_cost: int
    upkeep: int

    def to_dict(self) -> dict[str, Any]:
        army_points = self.army_points

        general_points = self.general_points

        tier = self.tier

        upgrade_cost = self.upgrade_cost

        upkeep = self.upkeep

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "army_points": army_points,
                "general_points": general_points,
                "tier": tier,
                "upgrade_cost": upgrade_cost,
                "upkeep": upkeep,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        army_points = d.pop("army_points")

        general_points = d.pop("general_points")

        tier = d.pop("tier")

        upgrade_cost = d.pop("upgrade_cost")

        upkeep = d.pop("upkeep")

        ruleset_variant_tier_document = cls(
            army_points=army_points,
            general_points=general_points,
            tier=tier,
            upgrade_cost=upgrade_cost,
            upkeep=upkeep,
        )

        return ruleset_variant_tier_document
