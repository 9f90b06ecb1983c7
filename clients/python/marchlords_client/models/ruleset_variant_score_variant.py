from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="RulesetVariantScoreVariant")


@_attrs_define
class RulesetVariantScoreVariant:
    """R-CAMP-4: territories + 3 × city levels + armies' tiers + gold / 10.

    Attributes:
        army_tier (int | Unset):
        city_level (int | Unset):
        gold_divisor (int | Unset):
        territory (int | Unset):
    """

    army_tier: int | Unset = UNSET
    city_level: int | Unset = UNSET
    gold_divisor: int | Unset = UNSET
    territory: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        army_tier = self.army_tier

        city_level = self.city_level

        gold_divisor = self.gold_divisor

        territory = self.territory

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if army_tier is not UNSET:
            field_dict["army_tier"] = army_tier
        if city_level is not UNSET:
            field_dict["city_level"] = city_level
        if gold_divisor is not UNSET:
            field_dict["gold_divisor"] = gold_divisor
        if territory is not UNSET:
            field_dict["territory"] = territory

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        army_tier = d.pop("army_tier", UNSET)

        city_level = d.pop("city_level", UNSET)

        gold_divisor = d.pop("gold_divisor", UNSET)

        territory = d.pop("territory", UNSET)

        ruleset_variant_score_variant = cls(
            army_tier=army_tier,
            city_level=city_level,
            gold_divisor=gold_divisor,
            territory=territory,
        )

        return ruleset_variant_score_variant
