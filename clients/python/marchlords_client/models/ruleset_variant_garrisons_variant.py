from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="RulesetVariantGarrisonsVariant")


@_attrs_define
class RulesetVariantGarrisonsVariant:
    """
    Attributes:
        capital_bonus (int | Unset):
        city_level1 (int | Unset):
        city_level2 (int | Unset):
        outpost (int | Unset):
        port (int | Unset):
        reinforcement (int | Unset):
    """

    capital_bonus: int | Unset = UNSET
    city_level1: int | Unset = UNSET
    city_level2: int | Unset = UNSET
    outpost: int | Unset = UNSET
    port: int | Unset = UNSET
    reinforcement: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        capital_bonus = self.capital_bonus

        city_level1 = self.city_level1

        city_level2 = self.city_level2

        outpost = self.outpost

        port = self.port

        reinforcement = self.reinforcement

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if capital_bonus is not UNSET:
            field_dict["capital_bonus"] = capital_bonus
        if city_level1 is not UNSET:
            field_dict["city_level1"] = city_level1
        if city_level2 is not UNSET:
            field_dict["city_level2"] = city_level2
        if outpost is not UNSET:
            field_dict["outpost"] = outpost
        if port is not UNSET:
            field_dict["port"] = port
        if reinforcement is not UNSET:
            field_dict["reinforcement"] = reinforcement

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        capital_bonus = d.pop("capital_bonus", UNSET)

        city_level1 = d.pop("city_level1", UNSET)

        city_level2 = d.pop("city_level2", UNSET)

        outpost = d.pop("outpost", UNSET)

        port = d.pop("port", UNSET)

        reinforcement = d.pop("reinforcement", UNSET)

        ruleset_variant_garrisons_variant = cls(
            capital_bonus=capital_bonus,
            city_level1=city_level1,
            city_level2=city_level2,
            outpost=outpost,
            port=port,
            reinforcement=reinforcement,
        )

        return ruleset_variant_garrisons_variant
