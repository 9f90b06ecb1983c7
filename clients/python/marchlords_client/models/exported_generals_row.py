from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="ExportedGeneralsRow")


@_attrs_define
class ExportedGeneralsRow:
    """A `generals` row.

    Attributes:
        army_id (int | None):
        held_by (int | None):
        id (int):
        owner (int):
    """

    army_id: int | None
    held_by: int | None
    id: int
    owner: int

    def to_dict(self) -> dict[str, Any]:
        army_id: int | None
        army_id = self.army_id

        held_by: int | None
        held_by = self.held_by

        id = self.id

        owner = self.owner

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "army_id": army_id,
                "held_by": held_by,
                "id": id,
                "owner": owner,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_army_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        army_id = _parse_army_id(d.pop("army_id"))

        def _parse_held_by(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        held_by = _parse_held_by(d.pop("held_by"))

        id = d.pop("id")

        owner = d.pop("owner")

        exported_generals_row = cls(
            army_id=army_id,
            held_by=held_by,
            id=id,
            owner=owner,
        )

        return exported_generals_row
