from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.fielded_roster_export_side import FieldedRosterExportSide

if TYPE_CHECKING:
    from ..models.fielded_shape_export import FieldedShapeExport


T = TypeVar("T", bound="FieldedRosterExport")


@_attrs_define
class FieldedRosterExport:
    """A list as fielded in a battle, copied when it was declared (R-ARMY-4).

    Attributes:
        army_id (int):
        battle_id (int):
        roster (FieldedShapeExport):
        side (FieldedRosterExportSide):
    """

    army_id: int
    battle_id: int
    roster: FieldedShapeExport
    side: FieldedRosterExportSide

    def to_dict(self) -> dict[str, Any]:
        army_id = self.army_id

        battle_id = self.battle_id

        roster = self.roster.to_dict()

        side = self.side.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "army_id": army_id,
                "battle_id": battle_id,
                "roster": roster,
                "side": side,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.fielded_shape_export import FieldedShapeExport  # noqa: PLC0415

        d = dict(src_dict)
        army_id = d.pop("army_id")

        battle_id = d.pop("battle_id")

        roster = FieldedShapeExport.from_dict(d.pop("roster"))

        side = FieldedRosterExportSide(d.pop("side"))

        fielded_roster_export = cls(
            army_id=army_id,
            battle_id=battle_id,
            roster=roster,
            side=side,
        )

        return fielded_roster_export
