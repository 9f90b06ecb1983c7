from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.ruleset_variant_faction_document_faction_action_document_income_bonus_document import (
        RulesetVariantFactionDocumentFactionActionDocumentIncomeBonusDocument,
    )
    from ..models.ruleset_variant_faction_document_faction_action_document_upkeep_reduction_document import (
        RulesetVariantFactionDocumentFactionActionDocumentUpkeepReductionDocument,
    )


T = TypeVar("T", bound="RulesetVariantFactionDocumentFactionActionDocument")


@_attrs_define
class RulesetVariantFactionDocumentFactionActionDocument:
    """A faction's action (R-FAC): used during a turn, acts at that turn's change.

    Attributes:
        key (str):
        name (str):
        extra_land_steps (int | Unset):
        ignore_terrain_penalties (bool | Unset):
        income_bonuses (list[RulesetVariantFactionDocumentFactionActionDocumentIncomeBonusDocument] | Unset):
        no_upkeep (bool | Unset):
        recharge (int | Unset):
        unlock_victories (int | Unset):
        upkeep_reductions (list[RulesetVariantFactionDocumentFactionActionDocumentUpkeepReductionDocument] | Unset):
    """

    key: str
    name: str
    extra_land_steps: int | Unset = UNSET
    ignore_terrain_penalties: bool | Unset = UNSET
    income_bonuses: list[RulesetVariantFactionDocumentFactionActionDocumentIncomeBonusDocument] | Unset = UNSET
    no_upkeep: bool | Unset = UNSET
    recharge: int | Unset = UNSET
    unlock_victories: int | Unset = UNSET
    upkeep_reductions: list[RulesetVariantFactionDocumentFactionActionDocumentUpkeepReductionDocument] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        key = self.key

        name = self.name

        extra_land_steps = self.extra_land_steps

        ignore_terrain_penalties = self.ignore_terrain_penalties

        income_bonuses: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.income_bonuses, Unset):
            income_bonuses = []
            for income_bonuses_item_data in self.income_bonuses:
                income_bonuses_item = income_bonuses_item_data.to_dict()
                income_bonuses.append(income_bonuses_item)

        no_upkeep = self.no_upkeep

        recharge = self.recharge

        unlock_victories = self.unlock_victories

        upkeep_reductions: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.upkeep_reductions, Unset):
            upkeep_reductions = []
            for upkeep_reductions_item_data in self.upkeep_reductions:
                upkeep_reductions_item = upkeep_reductions_item_data.to_dict()
                upkeep_reductions.append(upkeep_reductions_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "key": key,
                "name": name,
            }
        )
        if extra_land_steps is not UNSET:
            field_dict["extra_land_steps"] = extra_land_steps
        if ignore_terrain_penalties is not UNSET:
            field_dict["ignore_terrain_penalties"] = ignore_terrain_penalties
        if income_bonuses is not UNSET:
            field_dict["income_bonuses"] = income_bonuses
        if no_upkeep is not UNSET:
            field_dict["no_upkeep"] = no_upkeep
        if recharge is not UNSET:
            field_dict["recharge"] = recharge
        if unlock_victories is not UNSET:
            field_dict["unlock_victories"] = unlock_victories
        if upkeep_reductions is not UNSET:
            field_dict["upkeep_reductions"] = upkeep_reductions

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ruleset_variant_faction_document_faction_action_document_income_bonus_document import (
            RulesetVariantFactionDocumentFactionActionDocumentIncomeBonusDocument,  # noqa: PLC0415
        )
        from ..models.ruleset_variant_faction_document_faction_action_document_upkeep_reduction_document import (
            RulesetVariantFactionDocumentFactionActionDocumentUpkeepReductionDocument,  # noqa: PLC0415
        )

        d = dict(src_dict)
        key = d.pop("key")

        name = d.pop("name")

        extra_land_steps = d.pop("extra_land_steps", UNSET)

        ignore_terrain_penalties = d.pop("ignore_terrain_penalties", UNSET)

        _income_bonuses = d.pop("income_bonuses", UNSET)
        income_bonuses: list[RulesetVariantFactionDocumentFactionActionDocumentIncomeBonusDocument] | Unset = UNSET
        if _income_bonuses is not UNSET:
            income_bonuses = []
            for income_bonuses_item_data in _income_bonuses:
                income_bonuses_item = RulesetVariantFactionDocumentFactionActionDocumentIncomeBonusDocument.from_dict(
                    income_bonuses_item_data
                )

                income_bonuses.append(income_bonuses_item)

        no_upkeep = d.pop("no_upkeep", UNSET)

        recharge = d.pop("recharge", UNSET)

        unlock_victories = d.pop("unlock_victories", UNSET)

        _upkeep_reductions = d.pop("upkeep_reductions", UNSET)
        upkeep_reductions: list[RulesetVariantFactionDocumentFactionActionDocumentUpkeepReductionDocument] | Unset = (
            UNSET
        )
        if _upkeep_reductions is not UNSET:
            upkeep_reductions = []
            for upkeep_reductions_item_data in _upkeep_reductions:
                upkeep_reductions_item = (
                    RulesetVariantFactionDocumentFactionActionDocumentUpkeepReductionDocument.from_dict(
                        upkeep_reductions_item_data
                    )
                )

                upkeep_reductions.append(upkeep_reductions_item)

        ruleset_variant_faction_document_faction_action_document = cls(
            key=key,
            name=name,
            extra_land_steps=extra_land_steps,
            ignore_terrain_penalties=ignore_terrain_penalties,
            income_bonuses=income_bonuses,
            no_upkeep=no_upkeep,
            recharge=recharge,
            unlock_victories=unlock_victories,
            upkeep_reductions=upkeep_reductions,
        )

        return ruleset_variant_faction_document_faction_action_document
