from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="RaiseCreate")


@_attrs_define
class RaiseCreate:
    """Raise an army from a level-2 city (R-ARMY-1), with a free general or a new recruit.

    Attributes:
        city_id (int):
        general_id (int | None | Unset): A free general of yours; omit to recruit one (R-ARMY-2).
    """

    city_id: int
    general_id: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        city_id = self.city_id

        general_id: int | None | Unset
        if isinstance(self.general_id, Unset):
            general_id = UNSET
        else:
            general_id = self.general_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "city_id": city_id,
            }
        )
        if general_id is not UNSET:
            field_dict["general_id"] = general_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        city_id = d.pop("city_id")

        def _parse_general_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        general_id = _parse_general_id(d.pop("general_id", UNSET))

        raise_create = cls(
            city_id=city_id,
            general_id=general_id,
        )

        return raise_create
