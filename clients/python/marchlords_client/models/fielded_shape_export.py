from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.roster_format import RosterFormat

if TYPE_CHECKING:
    from ..models.roster_unit_export import RosterUnitExport


T = TypeVar("T", bound="FieldedShapeExport")


@_attrs_define
class FieldedShapeExport:
    """
    Attributes:
        faction (str):
        filename (None | str):
        format_ (RosterFormat):
        game_system (str):
        general_points (int):
        name (str):
        owner (int):
        tier (int):
        total_points (int):
        units (list[RosterUnitExport]):
        uploaded_at (datetime.datetime):
        warnings (list[str]):
    """

    faction: str
    filename: None | str
    format_: RosterFormat
    game_system: str
    general_points: int
    name: str
    owner: int
    tier: int
    total_points: int
    units: list[RosterUnitExport]
    uploaded_at: datetime.datetime
    warnings: list[str]

    def to_dict(self) -> dict[str, Any]:
        faction = self.faction

        filename: None | str
        filename = self.filename

        format_ = self.format_.value

        game_system = self.game_system

        general_points = self.general_points

        name = self.name

        owner = self.owner

        tier = self.tier

        total_points = self.total_points

        units = []
        for units_item_data in self.units:
            units_item = units_item_data.to_dict()
            units.append(units_item)

        uploaded_at = self.uploaded_at.isoformat()

        warnings = self.warnings

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "faction": faction,
                "filename": filename,
                "format": format_,
                "game_system": game_system,
                "general_points": general_points,
                "name": name,
                "owner": owner,
                "tier": tier,
                "total_points": total_points,
                "units": units,
                "uploaded_at": uploaded_at,
                "warnings": warnings,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.roster_unit_export import RosterUnitExport  # noqa: PLC0415

        d = dict(src_dict)
        faction = d.pop("faction")

        def _parse_filename(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        filename = _parse_filename(d.pop("filename"))

        format_ = RosterFormat(d.pop("format"))

        game_system = d.pop("game_system")

        general_points = d.pop("general_points")

        name = d.pop("name")

        owner = d.pop("owner")

        tier = d.pop("tier")

        total_points = d.pop("total_points")

        units = []
        _units = d.pop("units")
        for units_item_data in _units:
            units_item = RosterUnitExport.from_dict(units_item_data)

            units.append(units_item)

        uploaded_at = datetime.datetime.fromisoformat(d.pop("uploaded_at"))

        warnings = cast(list[str], d.pop("warnings"))

        fielded_shape_export = cls(
            faction=faction,
            filename=filename,
            format_=format_,
            game_system=game_system,
            general_points=general_points,
            name=name,
            owner=owner,
            tier=tier,
            total_points=total_points,
            units=units,
            uploaded_at=uploaded_at,
            warnings=warnings,
        )

        return fielded_shape_export
