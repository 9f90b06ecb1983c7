from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="RulesetVariantMovementVariant")


@_attrs_define
class RulesetVariantMovementVariant:
    """
    Attributes:
        base_budget (int | Unset):
        land_step_halves (int | Unset):
        modifier_max (int | Unset):
        modifier_min (int | Unset):
        mountain_sight (int | Unset):
        sea_step_halves (int | Unset):
        sight (int | Unset):
        winter_modifier (int | Unset):
    """

    base_budget: int | Unset = UNSET
    land_step_halves: int | Unset = UNSET
    modifier_max: int | Unset = UNSET
    modifier_min: int | Unset = UNSET
    mountain_sight: int | Unset = UNSET
    sea_step_halves: int | Unset = UNSET
    sight: int | Unset = UNSET
    winter_modifier: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        base_budget = self.base_budget

        land_step_halves = self.land_step_halves

        modifier_max = self.modifier_max

        modifier_min = self.modifier_min

        mountain_sight = self.mountain_sight

        sea_step_halves = self.sea_step_halves

        sight = self.sight

        winter_modifier = self.winter_modifier

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if base_budget is not UNSET:
            field_dict["base_budget"] = base_budget
        if land_step_halves is not UNSET:
            field_dict["land_step_halves"] = land_step_halves
        if modifier_max is not UNSET:
            field_dict["modifier_max"] = modifier_max
        if modifier_min is not UNSET:
            field_dict["modifier_min"] = modifier_min
        if mountain_sight is not UNSET:
            field_dict["mountain_sight"] = mountain_sight
        if sea_step_halves is not UNSET:
            field_dict["sea_step_halves"] = sea_step_halves
        if sight is not UNSET:
            field_dict["sight"] = sight
        if winter_modifier is not UNSET:
            field_dict["winter_modifier"] = winter_modifier

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        base_budget = d.pop("base_budget", UNSET)

        land_step_halves = d.pop("land_step_halves", UNSET)

        modifier_max = d.pop("modifier_max", UNSET)

        modifier_min = d.pop("modifier_min", UNSET)

        mountain_sight = d.pop("mountain_sight", UNSET)

        sea_step_halves = d.pop("sea_step_halves", UNSET)

        sight = d.pop("sight", UNSET)

        winter_modifier = d.pop("winter_modifier", UNSET)

        ruleset_variant_movement_variant = cls(
            base_budget=base_budget,
            land_step_halves=land_step_halves,
            modifier_max=modifier_max,
            modifier_min=modifier_min,
            mountain_sight=mountain_sight,
            sea_step_halves=sea_step_halves,
            sight=sight,
            winter_modifier=winter_modifier,
        )

        return ruleset_variant_movement_variant
