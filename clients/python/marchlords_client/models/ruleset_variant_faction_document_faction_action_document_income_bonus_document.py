from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.ruleset_variant_faction_document_faction_action_document_income_bonus_document_income_basis import (
    RulesetVariantFactionDocumentFactionActionDocumentIncomeBonusDocumentIncomeBasis,
)
from ..models.ruleset_variant_faction_document_faction_action_document_income_bonus_document_terrains_item import (
    RulesetVariantFactionDocumentFactionActionDocumentIncomeBonusDocumentTerrainsItem,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="RulesetVariantFactionDocumentFactionActionDocumentIncomeBonusDocument")


@_attrs_define
class RulesetVariantFactionDocumentFactionActionDocumentIncomeBonusDocument:
    """`amount` gold per `per` counted things, among those on `terrains` if any are listed.

    Attributes:
        basis (RulesetVariantFactionDocumentFactionActionDocumentIncomeBonusDocumentIncomeBasis): What a faction income
            bonus counts (R-FAC passives and actions).
        amount (int | Unset):
        per (int | Unset):
        terrains (list[RulesetVariantFactionDocumentFactionActionDocumentIncomeBonusDocumentTerrainsItem] | Unset):
    """

    basis: RulesetVariantFactionDocumentFactionActionDocumentIncomeBonusDocumentIncomeBasis
    amount: int | Unset = UNSET
    per: int | Unset = UNSET
    terrains: list[RulesetVariantFactionDocumentFactionActionDocumentIncomeBonusDocumentTerrainsItem] | Unset = UNSET

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
        basis = RulesetVariantFactionDocumentFactionActionDocumentIncomeBonusDocumentIncomeBasis(d.pop("basis"))

        amount = d.pop("amount", UNSET)

        per = d.pop("per", UNSET)

        _terrains = d.pop("terrains", UNSET)
        terrains: list[RulesetVariantFactionDocumentFactionActionDocumentIncomeBonusDocumentTerrainsItem] | Unset = (
            UNSET
        )
        if _terrains is not UNSET:
            terrains = []
            for terrains_item_data in _terrains:
                terrains_item = RulesetVariantFactionDocumentFactionActionDocumentIncomeBonusDocumentTerrainsItem(
                    terrains_item_data
                )

                terrains.append(terrains_item)

        ruleset_variant_faction_document_faction_action_document_income_bonus_document = cls(
            basis=basis,
            amount=amount,
            per=per,
            terrains=terrains,
        )

        return ruleset_variant_faction_document_faction_action_document_income_bonus_document
