from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="RulesetVariantBattlesVariant")


@_attrs_define
class RulesetVariantBattlesVariant:
    """
    Attributes:
        joiner_percent (int | Unset):
        level_loss_threshold_pct (int | Unset):
        pillage_stake (int | Unset):
        points_rounding (int | Unset):
        siege_bonus_max_pct (int | Unset):
        siege_bonus_pct_per_draw (int | Unset):
        tier_loss_threshold_pct (int | Unset):
        victory_stake (int | Unset):
    """

    joiner_percent: int | Unset = UNSET
    level_loss_threshold_pct: int | Unset = UNSET
    pillage_stake: int | Unset = UNSET
    points_rounding: int | Unset = UNSET
    siege_bonus_max_pct: int | Unset = UNSET
    siege_bonus_pct_per_draw: int | Unset = UNSET
    tier_loss_threshold_pct: int | Unset = UNSET
    victory_stake: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        joiner_percent = self.joiner_percent

        level_loss_threshold_pct = self.level_loss_threshold_pct

        pillage_stake = self.pillage_stake

        points_rounding = self.points_rounding

        siege_bonus_max_pct = self.siege_bonus_max_pct

        siege_bonus_pct_per_draw = self.siege_bonus_pct_per_draw

        tier_loss_threshold_pct = self.tier_loss_threshold_pct

        victory_stake = self.victory_stake

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if joiner_percent is not UNSET:
            field_dict["joiner_percent"] = joiner_percent
        if level_loss_threshold_pct is not UNSET:
            field_dict["level_loss_threshold_pct"] = level_loss_threshold_pct
        if pillage_stake is not UNSET:
            field_dict["pillage_stake"] = pillage_stake
        if points_rounding is not UNSET:
            field_dict["points_rounding"] = points_rounding
        if siege_bonus_max_pct is not UNSET:
            field_dict["siege_bonus_max_pct"] = siege_bonus_max_pct
        if siege_bonus_pct_per_draw is not UNSET:
            field_dict["siege_bonus_pct_per_draw"] = siege_bonus_pct_per_draw
        if tier_loss_threshold_pct is not UNSET:
            field_dict["tier_loss_threshold_pct"] = tier_loss_threshold_pct
        if victory_stake is not UNSET:
            field_dict["victory_stake"] = victory_stake

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        joiner_percent = d.pop("joiner_percent", UNSET)

        level_loss_threshold_pct = d.pop("level_loss_threshold_pct", UNSET)

        pillage_stake = d.pop("pillage_stake", UNSET)

        points_rounding = d.pop("points_rounding", UNSET)

        siege_bonus_max_pct = d.pop("siege_bonus_max_pct", UNSET)

        siege_bonus_pct_per_draw = d.pop("siege_bonus_pct_per_draw", UNSET)

        tier_loss_threshold_pct = d.pop("tier_loss_threshold_pct", UNSET)

        victory_stake = d.pop("victory_stake", UNSET)

        ruleset_variant_battles_variant = cls(
            joiner_percent=joiner_percent,
            level_loss_threshold_pct=level_loss_threshold_pct,
            pillage_stake=pillage_stake,
            points_rounding=points_rounding,
            siege_bonus_max_pct=siege_bonus_max_pct,
            siege_bonus_pct_per_draw=siege_bonus_pct_per_draw,
            tier_loss_threshold_pct=tier_loss_threshold_pct,
            victory_stake=victory_stake,
        )

        return ruleset_variant_battles_variant
