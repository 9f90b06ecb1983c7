from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="RulesetVariantIncomeVariant")


@_attrs_define
class RulesetVariantIncomeVariant:
    """
    Attributes:
        city_level1 (int | Unset):
        city_level2 (int | Unset):
        outpost (int | Unset):
        port (int | Unset):
    """

    city_level1: int | Unset = UNSET
    city_level2: int | Unset = UNSET
    outpost: int | Unset = UNSET
    port: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        city_level1 = self.city_level1

        city_level2 = self.city_level2

        outpost = self.outpost

        port = self.port

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if city_level1 is not UNSET:
            field_dict["city_level1"] = city_level1
        if city_level2 is not UNSET:
            field_dict["city_level2"] = city_level2
        if outpost is not UNSET:
            field_dict["outpost"] = outpost
        if port is not UNSET:
            field_dict["port"] = port

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        city_level1 = d.pop("city_level1", UNSET)

        city_level2 = d.pop("city_level2", UNSET)

        outpost = d.pop("outpost", UNSET)

        port = d.pop("port", UNSET)

        ruleset_variant_income_variant = cls(
            city_level1=city_level1,
            city_level2=city_level2,
            outpost=outpost,
            port=port,
        )

        return ruleset_variant_income_variant
