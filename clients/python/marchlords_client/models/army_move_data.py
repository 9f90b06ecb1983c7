from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="ArmyMoveData")


@_attrs_define
class ArmyMoveData:
    """
    Attributes:
        army_id (int):
        from_coord (list[int]): `[q, r]`.
        to_coord (list[int]): `[q, r]`.
    """

    army_id: int
    from_coord: list[int]
    to_coord: list[int]

    def to_dict(self) -> dict[str, Any]:
        army_id = self.army_id

        from_coord = self.from_coord

        to_coord = self.to_coord

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "army_id": army_id,
                "from_coord": from_coord,
                "to_coord": to_coord,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        army_id = d.pop("army_id")

        from_coord = cast(list[int], d.pop("from_coord"))

        to_coord = cast(list[int], d.pop("to_coord"))

        army_move_data = cls(
            army_id=army_id,
            from_coord=from_coord,
            to_coord=to_coord,
        )

        return army_move_data
