from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="RulesetVariantGameSystemDocument")


@_attrs_define
class RulesetVariantGameSystemDocument:
    """
    Attributes:
        coefficient_pct (int):
        key (str):
        name (str):
    """

    coefficient_pct: int
    key: str
    name: str

    def to_dict(self) -> dict[str, Any]:
        coefficient_pct = self.coefficient_pct

        key = self.key

        name = self.name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "coefficient_pct": coefficient_pct,
                "key": key,
                "name": name,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        coefficient_pct = d.pop("coefficient_pct")

        key = d.pop("key")

        name = d.pop("name")

        ruleset_variant_game_system_document = cls(
            coefficient_pct=coefficient_pct,
            key=key,
            name=name,
        )

        return ruleset_variant_game_system_document
