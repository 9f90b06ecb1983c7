from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="SiegeLiftedData")


@_attrs_define
class SiegeLiftedData:
    """
    Attributes:
        structure_id (int):
        army_id (int | None | Unset): The besieger that marched away.
    """

    structure_id: int
    army_id: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        structure_id = self.structure_id

        army_id: int | None | Unset
        if isinstance(self.army_id, Unset):
            army_id = UNSET
        else:
            army_id = self.army_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "structure_id": structure_id,
            }
        )
        if army_id is not UNSET:
            field_dict["army_id"] = army_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        structure_id = d.pop("structure_id")

        def _parse_army_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        army_id = _parse_army_id(d.pop("army_id", UNSET))

        siege_lifted_data = cls(
            structure_id=structure_id,
            army_id=army_id,
        )

        return siege_lifted_data
