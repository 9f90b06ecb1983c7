from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ShipDestroyedData")


@_attrs_define
class ShipDestroyedData:
    """
    Attributes:
        ship_id (int):
        army_id (int | None | Unset): The army that sank it, at sea.
    """

    ship_id: int
    army_id: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        ship_id = self.ship_id

        army_id: int | None | Unset
        if isinstance(self.army_id, Unset):
            army_id = UNSET
        else:
            army_id = self.army_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "ship_id": ship_id,
            }
        )
        if army_id is not UNSET:
            field_dict["army_id"] = army_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        ship_id = d.pop("ship_id")

        def _parse_army_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        army_id = _parse_army_id(d.pop("army_id", UNSET))

        ship_destroyed_data = cls(
            ship_id=ship_id,
            army_id=army_id,
        )

        return ship_destroyed_data
