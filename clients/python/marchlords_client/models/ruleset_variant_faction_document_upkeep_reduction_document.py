from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="RulesetVariantFactionDocumentUpkeepReductionDocument")


@_attrs_define
class RulesetVariantFactionDocumentUpkeepReductionDocument:
    """A flat reduction of each army's upkeep, for armies of tier min_tier..max_tier.

    Attributes:
        amount (int | Unset):
        max_tier (int | Unset):
        min_tier (int | Unset):
    """

    amount: int | Unset = UNSET
    max_tier: int | Unset = UNSET
    min_tier: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        amount = self.amount

        max_tier = self.max_tier

        min_tier = self.min_tier

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if amount is not UNSET:
            field_dict["amount"] = amount
        if max_tier is not UNSET:
            field_dict["max_tier"] = max_tier
        if min_tier is not UNSET:
            field_dict["min_tier"] = min_tier

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        amount = d.pop("amount", UNSET)

        max_tier = d.pop("max_tier", UNSET)

        min_tier = d.pop("min_tier", UNSET)

        ruleset_variant_faction_document_upkeep_reduction_document = cls(
            amount=amount,
            max_tier=max_tier,
            min_tier=min_tier,
        )

        return ruleset_variant_faction_document_upkeep_reduction_document
