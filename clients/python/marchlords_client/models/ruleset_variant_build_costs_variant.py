from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="RulesetVariantBuildCostsVariant")


@_attrs_define
class RulesetVariantBuildCostsVariant:
    """
    Attributes:
        found_city (int | Unset):
        outpost (int | Unset):
        port (int | Unset):
        upgrade_city (int | Unset):
    """

    found_city: int | Unset = UNSET
    outpost: int | Unset = UNSET
    port: int | Unset = UNSET
    upgrade_city: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        found_city = self.found_city

        outpost = self.outpost

        port = self.port

        upgrade_city = self.upgrade_city

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if found_city is not UNSET:
            field_dict["found_city"] = found_city
        if outpost is not UNSET:
            field_dict["outpost"] = outpost
        if port is not UNSET:
            field_dict["port"] = port
        if upgrade_city is not UNSET:
            field_dict["upgrade_city"] = upgrade_city

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        found_city = d.pop("found_city", UNSET)

        outpost = d.pop("outpost", UNSET)

        port = d.pop("port", UNSET)

        upgrade_city = d.pop("upgrade_city", UNSET)

        ruleset_variant_build_costs_variant = cls(
            found_city=found_city,
            outpost=outpost,
            port=port,
            upgrade_city=upgrade_city,
        )

        return ruleset_variant_build_costs_variant
