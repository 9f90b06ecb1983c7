from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="RulesetVariantDiplomacyVariant")


@_attrs_define
class RulesetVariantDiplomacyVariant:
    """
    Attributes:
        diplomatic_cost (int | Unset):
        exploration_cost (int | Unset):
        exploration_radius (int | Unset):
        exploration_range (int | Unset):
        gift_max_pct (int | Unset):
        infamy_per_break (int | Unset):
        trade_base (int | Unset):
        trade_cost (int | Unset):
        trade_distance_max_bonus (int | Unset):
        trade_distance_step (int | Unset):
        vassal_tribute_pct (int | Unset):
    """

    diplomatic_cost: int | Unset = UNSET
    exploration_cost: int | Unset = UNSET
    exploration_radius: int | Unset = UNSET
    exploration_range: int | Unset = UNSET
    gift_max_pct: int | Unset = UNSET
    infamy_per_break: int | Unset = UNSET
    trade_base: int | Unset = UNSET
    trade_cost: int | Unset = UNSET
    trade_distance_max_bonus: int | Unset = UNSET
    trade_distance_step: int | Unset = UNSET
    vassal_tribute_pct: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        diplomatic_cost = self.diplomatic_cost

        exploration_cost = self.exploration_cost

        exploration_radius = self.exploration_radius

        exploration_range = self.exploration_range

        gift_max_pct = self.gift_max_pct

        infamy_per_break = self.infamy_per_break

        trade_base = self.trade_base

        trade_cost = self.trade_cost

        trade_distance_max_bonus = self.trade_distance_max_bonus

        trade_distance_step = self.trade_distance_step

        vassal_tribute_pct = self.vassal_tribute_pct

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if diplomatic_cost is not UNSET:
            field_dict["diplomatic_cost"] = diplomatic_cost
        if exploration_cost is not UNSET:
            field_dict["exploration_cost"] = exploration_cost
        if exploration_radius is not UNSET:
            field_dict["exploration_radius"] = exploration_radius
        if exploration_range is not UNSET:
            field_dict["exploration_range"] = exploration_range
        if gift_max_pct is not UNSET:
            field_dict["gift_max_pct"] = gift_max_pct
        if infamy_per_break is not UNSET:
            field_dict["infamy_per_break"] = infamy_per_break
        if trade_base is not UNSET:
            field_dict["trade_base"] = trade_base
        if trade_cost is not UNSET:
            field_dict["trade_cost"] = trade_cost
        if trade_distance_max_bonus is not UNSET:
            field_dict["trade_distance_max_bonus"] = trade_distance_max_bonus
        if trade_distance_step is not UNSET:
            field_dict["trade_distance_step"] = trade_distance_step
        if vassal_tribute_pct is not UNSET:
            field_dict["vassal_tribute_pct"] = vassal_tribute_pct

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        diplomatic_cost = d.pop("diplomatic_cost", UNSET)

        exploration_cost = d.pop("exploration_cost", UNSET)

        exploration_radius = d.pop("exploration_radius", UNSET)

        exploration_range = d.pop("exploration_range", UNSET)

        gift_max_pct = d.pop("gift_max_pct", UNSET)

        infamy_per_break = d.pop("infamy_per_break", UNSET)

        trade_base = d.pop("trade_base", UNSET)

        trade_cost = d.pop("trade_cost", UNSET)

        trade_distance_max_bonus = d.pop("trade_distance_max_bonus", UNSET)

        trade_distance_step = d.pop("trade_distance_step", UNSET)

        vassal_tribute_pct = d.pop("vassal_tribute_pct", UNSET)

        ruleset_variant_diplomacy_variant = cls(
            diplomatic_cost=diplomatic_cost,
            exploration_cost=exploration_cost,
            exploration_radius=exploration_radius,
            exploration_range=exploration_range,
            gift_max_pct=gift_max_pct,
            infamy_per_break=infamy_per_break,
            trade_base=trade_base,
            trade_cost=trade_cost,
            trade_distance_max_bonus=trade_distance_max_bonus,
            trade_distance_step=trade_distance_step,
            vassal_tribute_pct=vassal_tribute_pct,
        )

        return ruleset_variant_diplomacy_variant
