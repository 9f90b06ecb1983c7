from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.ruleset_variant_faction_document_faction_action_document import (
        RulesetVariantFactionDocumentFactionActionDocument,
    )
    from ..models.ruleset_variant_faction_document_income_bonus_document import (
        RulesetVariantFactionDocumentIncomeBonusDocument,
    )
    from ..models.ruleset_variant_faction_document_terrain_modifiers import (
        RulesetVariantFactionDocumentTerrainModifiers,
    )
    from ..models.ruleset_variant_faction_document_upkeep_reduction_document import (
        RulesetVariantFactionDocumentUpkeepReductionDocument,
    )


T = TypeVar("T", bound="RulesetVariantFactionDocument")


@_attrs_define
class RulesetVariantFactionDocument:
    """
    Attributes:
        key (str):
        name (str):
        action (None | RulesetVariantFactionDocumentFactionActionDocument | Unset):
        free_upkeep_max_tier (int | Unset):
        income_bonuses (list[RulesetVariantFactionDocumentIncomeBonusDocument] | Unset):
        sea_bonus (int | Unset):
        terrain_modifiers (RulesetVariantFactionDocumentTerrainModifiers | Unset):
        upkeep_percent (int | Unset):
        upkeep_reductions (list[RulesetVariantFactionDocumentUpkeepReductionDocument] | Unset):
    """

    key: str
    name: str
    action: None | RulesetVariantFactionDocumentFactionActionDocument | Unset = UNSET
    free_upkeep_max_tier: int | Unset = UNSET
    income_bonuses: list[RulesetVariantFactionDocumentIncomeBonusDocument] | Unset = UNSET
    sea_bonus: int | Unset = UNSET
    terrain_modifiers: RulesetVariantFactionDocumentTerrainModifiers | Unset = UNSET
    upkeep_percent: int | Unset = UNSET
    upkeep_reductions: list[RulesetVariantFactionDocumentUpkeepReductionDocument] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.ruleset_variant_faction_document_faction_action_document import (
            RulesetVariantFactionDocumentFactionActionDocument,  # noqa: PLC0415
        )

        key = self.key

        name = self.name

        action: dict[str, Any] | None | Unset
        if isinstance(self.action, Unset):
            action = UNSET
        elif isinstance(self.action, RulesetVariantFactionDocumentFactionActionDocument):
            action = self.action.to_dict()
        else:
            action = self.action

        free_upkeep_max_tier = self.free_upkeep_max_tier

        income_bonuses: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.income_bonuses, Unset):
            income_bonuses = []
            for income_bonuses_item_data in self.income_bonuses:
                income_bonuses_item = income_bonuses_item_data.to_dict()
                income_bonuses.append(income_bonuses_item)

        sea_bonus = self.sea_bonus

        terrain_modifiers: dict[str, Any] | Unset = UNSET
        if not isinstance(self.terrain_modifiers, Unset):
            terrain_modifiers = self.terrain_modifiers.to_dict()

        upkeep_percent = self.upkeep_percent

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
        if action is not UNSET:
            field_dict["action"] = action
        if free_upkeep_max_tier is not UNSET:
            field_dict["free_upkeep_max_tier"] = free_upkeep_max_tier
        if income_bonuses is not UNSET:
            field_dict["income_bonuses"] = income_bonuses
        if sea_bonus is not UNSET:
            field_dict["sea_bonus"] = sea_bonus
        if terrain_modifiers is not UNSET:
            field_dict["terrain_modifiers"] = terrain_modifiers
        if upkeep_percent is not UNSET:
            field_dict["upkeep_percent"] = upkeep_percent
        if upkeep_reductions is not UNSET:
            field_dict["upkeep_reductions"] = upkeep_reductions

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ruleset_variant_faction_document_faction_action_document import (
            RulesetVariantFactionDocumentFactionActionDocument,  # noqa: PLC0415
        )
        from ..models.ruleset_variant_faction_document_income_bonus_document import (
            RulesetVariantFactionDocumentIncomeBonusDocument,  # noqa: PLC0415
        )
        from ..models.ruleset_variant_faction_document_terrain_modifiers import (
            RulesetVariantFactionDocumentTerrainModifiers,  # noqa: PLC0415
        )
        from ..models.ruleset_variant_faction_document_upkeep_reduction_document import (
            RulesetVariantFactionDocumentUpkeepReductionDocument,  # noqa: PLC0415
        )

        d = dict(src_dict)
        key = d.pop("key")

        name = d.pop("name")

        def _parse_action(data: object) -> None | RulesetVariantFactionDocumentFactionActionDocument | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                action_faction_action_document = RulesetVariantFactionDocumentFactionActionDocument.from_dict(data)

                return action_faction_action_document
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RulesetVariantFactionDocumentFactionActionDocument | Unset, data)

        action = _parse_action(d.pop("action", UNSET))

        free_upkeep_max_tier = d.pop("free_upkeep_max_tier", UNSET)

        _income_bonuses = d.pop("income_bonuses", UNSET)
        income_bonuses: list[RulesetVariantFactionDocumentIncomeBonusDocument] | Unset = UNSET
        if _income_bonuses is not UNSET:
            income_bonuses = []
            for income_bonuses_item_data in _income_bonuses:
                income_bonuses_item = RulesetVariantFactionDocumentIncomeBonusDocument.from_dict(
                    income_bonuses_item_data
                )

                income_bonuses.append(income_bonuses_item)

        sea_bonus = d.pop("sea_bonus", UNSET)

        _terrain_modifiers = d.pop("terrain_modifiers", UNSET)
        terrain_modifiers: RulesetVariantFactionDocumentTerrainModifiers | Unset
        if isinstance(_terrain_modifiers, Unset):
            terrain_modifiers = UNSET
        else:
            terrain_modifiers = RulesetVariantFactionDocumentTerrainModifiers.from_dict(_terrain_modifiers)

        upkeep_percent = d.pop("upkeep_percent", UNSET)

        _upkeep_reductions = d.pop("upkeep_reductions", UNSET)
        upkeep_reductions: list[RulesetVariantFactionDocumentUpkeepReductionDocument] | Unset = UNSET
        if _upkeep_reductions is not UNSET:
            upkeep_reductions = []
            for upkeep_reductions_item_data in _upkeep_reductions:
                upkeep_reductions_item = RulesetVariantFactionDocumentUpkeepReductionDocument.from_dict(
                    upkeep_reductions_item_data
                )

                upkeep_reductions.append(upkeep_reductions_item)

        ruleset_variant_faction_document = cls(
            key=key,
            name=name,
            action=action,
            free_upkeep_max_tier=free_upkeep_max_tier,
            income_bonuses=income_bonuses,
            sea_bonus=sea_bonus,
            terrain_modifiers=terrain_modifiers,
            upkeep_percent=upkeep_percent,
            upkeep_reductions=upkeep_reductions,
        )

        return ruleset_variant_faction_document
