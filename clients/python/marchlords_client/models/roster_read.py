from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.roster_format import RosterFormat
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.roster_check_read import RosterCheckRead
    from ..models.roster_unit_read import RosterUnitRead
    from ..models.unit_loss_read import UnitLossRead


T = TypeVar("T", bound="RosterRead")


@_attrs_define
class RosterRead:
    """An army's list, as its owner, the game master, or (once a battle is declared) the
    battle's participants see it (R-FOG-4).

        Attributes:
            army_id (int):
            check (RosterCheckRead): The list against its army's caps at its tier (R-ARMY-4, R-SYS).
            faction (str): As the list names it.
            filename (None | str):
            format_ (RosterFormat):
            game_system (str): As the list names it.
            general_points (int):
            name (str):
            owner (int): The player number of the army's owner.
            total_points (int):
            units (list[RosterUnitRead]):
            uploaded_at (datetime.datetime):
            warnings (list[str]): What the server noticed but accepted: a faction other than the player's, a declared total
                that is not the units' sum, several generals.
            losses (list[UnitLossRead] | Unset): R-ARMY-7: the units that lost models in confirmed battles since the upload;
                absent while none has.
    """

    army_id: int
    check: RosterCheckRead
    faction: str
    filename: None | str
    format_: RosterFormat
    game_system: str
    general_points: int
    name: str
    owner: int
    total_points: int
    units: list[RosterUnitRead]
    uploaded_at: datetime.datetime
    warnings: list[str]
    losses: list[UnitLossRead] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        army_id = self.army_id

        check = self.check.to_dict()

        faction = self.faction

        filename: None | str
        filename = self.filename

        format_ = self.format_.value

        game_system = self.game_system

        general_points = self.general_points

        name = self.name

        owner = self.owner

        total_points = self.total_points

        units = []
        for units_item_data in self.units:
            units_item = units_item_data.to_dict()
            units.append(units_item)

        uploaded_at = self.uploaded_at.isoformat()

        warnings = self.warnings

        losses: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.losses, Unset):
            losses = []
            for losses_item_data in self.losses:
                losses_item = losses_item_data.to_dict()
                losses.append(losses_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "army_id": army_id,
                "check": check,
                "faction": faction,
                "filename": filename,
                "format": format_,
                "game_system": game_system,
                "general_points": general_points,
                "name": name,
                "owner": owner,
                "total_points": total_points,
                "units": units,
                "uploaded_at": uploaded_at,
                "warnings": warnings,
            }
        )
        if losses is not UNSET:
            field_dict["losses"] = losses

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.roster_check_read import RosterCheckRead  # noqa: PLC0415
        from ..models.roster_unit_read import RosterUnitRead  # noqa: PLC0415
        from ..models.unit_loss_read import UnitLossRead  # noqa: PLC0415

        d = dict(src_dict)
        army_id = d.pop("army_id")

        check = RosterCheckRead.from_dict(d.pop("check"))

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

        total_points = d.pop("total_points")

        units = []
        _units = d.pop("units")
        for units_item_data in _units:
            units_item = RosterUnitRead.from_dict(units_item_data)

            units.append(units_item)

        uploaded_at = datetime.datetime.fromisoformat(d.pop("uploaded_at"))

        warnings = cast(list[str], d.pop("warnings"))

        _losses = d.pop("losses", UNSET)
        losses: list[UnitLossRead] | Unset = UNSET
        if _losses is not UNSET:
            losses = []
            for losses_item_data in _losses:
                losses_item = UnitLossRead.from_dict(losses_item_data)

                losses.append(losses_item)

        roster_read = cls(
            army_id=army_id,
            check=check,
            faction=faction,
            filename=filename,
            format_=format_,
            game_system=game_system,
            general_points=general_points,
            name=name,
            owner=owner,
            total_points=total_points,
            units=units,
            uploaded_at=uploaded_at,
            warnings=warnings,
            losses=losses,
        )

        roster_read.additional_properties = d
        return roster_read

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
