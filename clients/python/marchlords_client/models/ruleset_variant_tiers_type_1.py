from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="RulesetVariantTiersType1")


@_attrs_define
class RulesetVariantTiersType1:
    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        ruleset_variant_tiers_type_1 = cls()

        return ruleset_variant_tiers_type_1
