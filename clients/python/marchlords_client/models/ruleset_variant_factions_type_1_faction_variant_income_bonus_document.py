from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.ruleset_variant_factions_type_1_faction_variant_income_bonus_document_income_basis import (
    RulesetVariantFactionsType1FactionVariantIncomeBonusDocumentIncomeBasis,
)
from ..models.ruleset_variant_factions_type_1_faction_variant_income_bonus_document_terrains_item import (
    RulesetVariantFactionsType1FactionVariantIncomeBonusDocumentTerrainsItem,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="RulesetVariantFactionsType1FactionVariantIncomeBonusDocument")


@_attrs_define
class RulesetVariantFactionsType1FactionVariantIncomeBonusDocument:
    """`amount` gold per `per` counted things, among those on `terrains` if any are listed.

    Attributes:
        basis (RulesetVariantFactionsType1FactionVariantIncomeBonusDocumentIncomeBasis): What a faction income bonus
            counts (R-FAC passives and actions).
        amount (int | Unset):
        per (int | Unset):
        terrains (list[RulesetVariantFactionsType1FactionVariantIncomeBonusDocumentTerrainsItem] | Unset):
    """

    basis: RulesetVariantFactionsType1FactionVariantIncomeBonusDocumentIncomeBasis
    amount: int | Unset = UNSET
    per: int | Unset = UNSET
    terrains: list[RulesetVariantFactionsType1FactionVariantIncomeBonusDocumentTerrainsItem] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        basis = self.basis.value

        amount = self.amount

        per = self.per

        terrains: list[str] | Unset = UNSET
        if not isinstance(self.terrains, Unset):
            terrains = []
            for terrains_item_data in self.terrains:
                terrains_item = terrains_item_data.value
                terrains.append(terrains_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "basis": basis,
            }
        )
        if amount is not UNSET:
            field_dict["amount"] = amount
        if per is not UNSET:
            field_dict["per"] = per
        if terrains is not UNSET:
            field_dict["terrains"] = terrains

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        basis = RulesetVariantFactionsType1FactionVariantIncomeBonusDocumentIncomeBasis(d.pop("basis"))

        amount = d.pop("amount", UNSET)

        per = d.pop("per", UNSET)

        _terrains = d.pop("terrains", UNSET)
        terrains: list[RulesetVariantFactionsType1FactionVariantIncomeBonusDocumentTerrainsItem] | Unset = UNSET
        if _terrains is not UNSET:
            terrains = []
            for terrains_item_data in _terrains:
                terrains_item = RulesetVariantFactionsType1FactionVariantIncomeBonusDocumentTerrainsItem(
                    terrains_item_data
                )

                terrains.append(terrains_item)

        ruleset_variant_factions_type_1_faction_variant_income_bonus_document = cls(
            basis=basis,
            amount=amount,
            per=per,
            terrains=terrains,
        )

        return ruleset_variant_factions_type_1_faction_variant_income_bonus_document
