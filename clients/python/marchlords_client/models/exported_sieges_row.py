from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ExportedSiegesRow")


@_attrs_define
class ExportedSiegesRow:
    """A `sieges` row.

    Attributes:
        army_id (int):
        draws (int):
        id (int):
    """

    army_id: int
    draws: int
    id: int

    def to_dict(self) -> dict[str, Any]:
        army_id = self.army_id

        draws = self.draws

        id = self.id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "army_id": army_id,
                "draws": draws,
                "id": id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        army_id = d.pop("army_id")

        draws = d.pop("draws")

        id = d.pop("id")

        exported_sieges_row = cls(
            army_id=army_id,
            draws=draws,
            id=id,
        )

        return exported_sieges_row
