from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="RosterCheckRead")


@_attrs_define
class RosterCheckRead:
    """The list against its army's caps at its tier (R-ARMY-4, R-SYS).

    Attributes:
        army_points (int): The list's total less its general's points.
        army_points_cap (int): The tier's army points in the campaign's system.
        army_points_excess (int): Points over the army cap; 0 within it.
        fits (bool): Within both caps.
        general_points (int):
        general_points_cap (int):
        general_points_excess (int):
        tier (int): The tier checked: the army's now, or its tier when the battle was declared.
    """

    army_points: int
    army_points_cap: int
    army_points_excess: int
    fits: bool
    general_points: int
    general_points_cap: int
    general_points_excess: int
    tier: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        army_points = self.army_points

        army_points_cap = self.army_points_cap

        army_points_excess = self.army_points_excess

        fits = self.fits

        general_points = self.general_points

        general_points_cap = self.general_points_cap

        general_points_excess = self.general_points_excess

        tier = self.tier

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "army_points": army_points,
                "army_points_cap": army_points_cap,
                "army_points_excess": army_points_excess,
                "fits": fits,
                "general_points": general_points,
                "general_points_cap": general_points_cap,
                "general_points_excess": general_points_excess,
                "tier": tier,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        army_points = d.pop("army_points")

        army_points_cap = d.pop("army_points_cap")

        army_points_excess = d.pop("army_points_excess")

        fits = d.pop("fits")

        general_points = d.pop("general_points")

        general_points_cap = d.pop("general_points_cap")

        general_points_excess = d.pop("general_points_excess")

        tier = d.pop("tier")

        roster_check_read = cls(
            army_points=army_points,
            army_points_cap=army_points_cap,
            army_points_excess=army_points_excess,
            fits=fits,
            general_points=general_points,
            general_points_cap=general_points_cap,
            general_points_excess=general_points_excess,
            tier=tier,
        )

        roster_check_read.additional_properties = d
        return roster_check_read

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
